import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { hashGatewayKey, newGatewayKey } from '../modules/ingest/service.ts';

let nextNodeId = 900_000;
/** A node id no other fixture in this process uses. */
export const freshNodeId = () => ++nextNodeId;

/** The first project (tenant) of a company's named job site, with the site's id. */
export async function projectOf(db: Kysely<Database>, companyId: number, siteName: string) {
  return db
    .selectFrom('tenant as t')
    .innerJoin('tenant_group as g', 'g.id', 't.tenant_group_id')
    .select(['t.id as tenantId', 'g.id as tenantGroupId'])
    .where('g.company_id', '=', companyId)
    .where('g.name', '=', siteName)
    .orderBy('t.id')
    .executeTakeFirstOrThrow();
}

/** A gateway with a fresh key (returned in clear, as the registration call would show it). */
export async function addGateway(
  db: Kysely<Database>,
  companyId: number,
  tenantGroupId: number | null = null,
) {
  const key = newGatewayKey();
  const { id } = await db
    .insertInto('gateway')
    .values({
      company_id: companyId,
      tenant_group_id: tenantGroupId,
      name: `GW ${key.slice(5, 11)}`,
      key_hash: hashGatewayKey(key),
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, key };
}

export async function addNode(
  db: Kysely<Database>,
  v: { companyId: number; tenantGroupId: number; tenantId?: number | null; nodeType?: string; id?: number },
) {
  const id = v.id ?? freshNodeId();
  await db
    .insertInto('node')
    .values({
      id,
      company_id: v.companyId,
      tenant_group_id: v.tenantGroupId,
      tenant_id: v.tenantId ?? null,
      node_type: v.nodeType ?? 'Maturity',
      name: `Node ${id}`,
      created_at: Date.now(),
    })
    .execute();
  return id;
}

/** A concrete profile S = a + b·log10(M). */
export async function addProfile(
  db: Kysely<Database>,
  companyId: number,
  a = -20,
  b = 12,
  fn = 'NURSE_SAUL',
) {
  const now = Date.now();
  const { id } = await db
    .insertInto('concrete_profile')
    .values({
      company_id: companyId,
      name: `Mix ${a}/${b}`,
      maturity_function: fn,
      datum_c: -10,
      activation_energy: 40_000,
      reference_c: 20,
      curve_a: a,
      curve_b: b,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A started maturity job on a node. */
export async function addMaturityJob(
  db: Kysely<Database>,
  v: {
    companyId: number;
    tenantGroupId: number;
    tenantId: number;
    nodeId: number;
    profileId: number | null;
    startDate: number;
    terminationDate?: number | null;
    singularTarget?: number | null;
    name?: string;
    jobGroupId?: number | null;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('job')
    .values({
      company_id: v.companyId,
      tenant_group_id: v.tenantGroupId,
      tenant_id: v.tenantId,
      job_group_id: v.jobGroupId ?? null,
      kind: 'MATURITY',
      job_type_name: 'Maturity',
      name: v.name ?? `Pour ${v.nodeId}`,
      node_id: v.nodeId,
      status: v.terminationDate ? 'TERMINATED' : 'RUNNING',
      sensor_flags: 1,
      sensor_types: JSON.stringify(['Temperature']),
      concrete_profile_id: v.profileId,
      start_date: v.startDate,
      termination_date: v.terminationDate ?? null,
      singular_target: v.singularTarget ?? null,
      created_at: v.startDate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A deterministic shuffle (a linear congruential generator), so a failure can be replayed from its seed. */
export function shuffled<T>(list: T[], seed: number): T[] {
  const out = [...list];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
