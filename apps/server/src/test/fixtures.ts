import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { hashPassword } from '../lib/crypto.ts';

export const OTHER = {
  authCode: 'OTHR2',
  username: 'admin',
  password: 'other-pass-1',
  siteName: 'Other Secret Site',
};

/** A second company with its own admin and job site, to show that data does not cross companies. */
export async function seedOtherCompany(db: Kysely<Database>) {
  const now = Date.now();
  const { id: companyId } = await db
    .insertInto('company')
    .values({ name: 'Other Builders', auth_code: OTHER.authCode, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: siteId } = await db
    .insertInto('tenant_group')
    .values({
      company_id: companyId,
      name: OTHER.siteName,
      type: 'Construction Site',
      state: 'ACTIVE',
      address: '1 Elsewhere Road',
      latitude: 49.28,
      longitude: -123.12,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: tenantId } = await db
    .insertInto('tenant')
    .values({
      tenant_group_id: siteId,
      company_id: companyId,
      name: 'Default',
      type: 'Concrete',
      state: 'ACTIVE',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: userId } = await db
    .insertInto('app_user')
    .values({
      company_id: companyId,
      username: OTHER.username,
      email: 'admin@other-builders.example',
      phone: '+16042345678',
      first_name: 'Olive',
      last_name: 'Other',
      account_type: 'ADMIN',
      roles: '[]',
      password_hash: await hashPassword(OTHER.password),
      is_active: 1,
      invitation_status: 'ACCEPTED',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_tenant_group')
    .values({ user_id: userId, tenant_group_id: siteId, access: 1 })
    .execute();
  await db
    .insertInto('company_asset')
    .values({
      company_id: companyId,
      type: 'LOGO_IMG',
      bin_val: 'AAAA',
      mime_type: 'image/png',
      created_at: now,
    })
    .execute();
  return { companyId, siteId, tenantId, userId };
}

/** A signed-up user of a company with a password and the given job-site grants (for role tests). */
export async function addUser(
  db: Kysely<Database>,
  v: {
    companyId: number;
    username: string;
    password: string;
    accountType: string;
    grants: { tenantGroupId: number; access: number }[];
  },
): Promise<number> {
  const { id } = await db
    .insertInto('app_user')
    .values({
      company_id: v.companyId,
      username: v.username,
      email: `${v.username}@users.example`,
      phone: null,
      first_name: v.username,
      last_name: 'Test',
      account_type: v.accountType,
      roles: '[]',
      password_hash: await hashPassword(v.password),
      is_active: 1,
      invitation_status: 'ACCEPTED',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (v.grants.length > 0) {
    await db
      .insertInto('user_tenant_group')
      .values(v.grants.map((g) => ({ user_id: id, tenant_group_id: g.tenantGroupId, access: g.access })))
      .execute();
  }
  return id;
}

let nextSiteNodeId = 700_000;

/**
 * What a job site's calls read and change, written straight to the tables: a maturity node (one
 * temperature sensor with a day of readings) running a maturity job with a concrete profile, a GPS
 * node with a position running a GPS job, a gas node running a data job, all in one job group of the
 * project; a spare maturity node with no job; and a gateway of the site.
 */
export async function addSiteData(
  db: Kysely<Database>,
  v: { companyId: number; siteId: number; tenantId: number },
) {
  const now = Date.now();
  const start = now - 24 * 3600_000;
  const node = async (nodeType: string, sensorType: string | null) => {
    const id = ++nextSiteNodeId;
    await db
      .insertInto('node')
      .values({
        id,
        company_id: v.companyId,
        tenant_group_id: v.siteId,
        tenant_id: v.tenantId,
        node_type: nodeType,
        name: `${nodeType} ${id}`,
        latest_lat: nodeType === 'GPS' ? 43.64 : null,
        latest_lng: nodeType === 'GPS' ? -79.38 : null,
        latest_location_ts: nodeType === 'GPS' ? now - 60_000 : null,
        created_at: start,
      })
      .execute();
    if (sensorType === null) return { nodeId: id, sensorId: null };
    const { id: sensorId } = await db
      .insertInto('sensor')
      .values({
        company_id: v.companyId,
        node_id: id,
        channel_id: 1,
        sensor_type: sensorType,
        created_at: start,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { nodeId: id, sensorId };
  };
  const maturity = await node('Maturity', 'Temperature');
  const gps = await node('GPS', null);
  const gas = await node('Gas', 'Gas');
  const spare = await node('Maturity', 'Temperature');
  const temperatureSensorId = maturity.sensorId as number;

  const readings = Array.from({ length: 24 }, (_, h) => ({
    sensor_id: temperatureSensorId,
    ts: start + h * 3600_000,
    value: 15 + (h % 5),
  }));
  await db.insertInto('reading').values(readings).execute();
  await db
    .insertInto('node_location')
    .values({ node_id: gps.nodeId, ts: now - 60_000, lat: 43.64, lng: -79.38 })
    .execute();

  const { id: profileId } = await db
    .insertInto('concrete_profile')
    .values({
      company_id: v.companyId,
      name: 'Site mix',
      maturity_function: 'NURSE_SAUL',
      datum_c: -10,
      activation_energy: 40_000,
      reference_c: 20,
      curve_a: -20,
      curve_b: 12,
      breaks: JSON.stringify([
        { maturity: 100, strength: 4 },
        { maturity: 1000, strength: 16 },
      ]),
      created_at: start,
      updated_at: start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: jobGroupId } = await db
    .insertInto('job_group')
    .values({
      company_id: v.companyId,
      tenant_id: v.tenantId,
      name: 'Level 3',
      status: 'RUNNING',
      created_at: start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = async (kind: string, typeName: string, nodeId: number, sensorTypes: string[]) => {
    const { id } = await db
      .insertInto('job')
      .values({
        company_id: v.companyId,
        tenant_group_id: v.siteId,
        tenant_id: v.tenantId,
        job_group_id: jobGroupId,
        kind,
        job_type_name: typeName,
        name: `${typeName} job`,
        node_id: nodeId,
        status: 'RUNNING',
        sensor_flags: 1,
        sensor_types: JSON.stringify(sensorTypes),
        concrete_profile_id: kind === 'MATURITY' ? profileId : null,
        start_date: start,
        created_at: start,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  const maturityJobId = await job('MATURITY', 'Maturity', maturity.nodeId, ['Temperature']);
  const gpsJobId = await job('GPS', 'GPS', gps.nodeId, []);
  const dataJobId = await job('DATA', 'Gas', gas.nodeId, ['Gas']);
  const { id: gatewayId } = await db
    .insertInto('gateway')
    .values({ company_id: v.companyId, tenant_group_id: v.siteId, name: `GW ${v.siteId}`, created_at: start })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    ...v,
    maturityNodeId: maturity.nodeId,
    temperatureSensorId,
    gasSensorId: gas.sensorId as number,
    spareNodeId: spare.nodeId,
    profileId,
    jobGroupId,
    maturityJobId,
    gpsJobId,
    dataJobId,
    gatewayId,
  };
}
