import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { isAdminAccount } from '../lib/roles.ts';
import type { Services } from '../services.ts';
import { DEMO } from './seed.ts';

/** The demo's Lumitrack project, on North Yard Precast Plant. */
export const DEMO_LUMITRACK_PROJECT = 'Yard Asset Tags';
const DEMO_LUMITRACK_SITE = 'North Yard Precast Plant';
/**
 * A GPS tracker in stock at the plant: of type GPS, with no cable and in no project, so a Lumitrack ID may
 * be given it (spec section 4). Parked by the yard's gate, where the demo's tagged ID is.
 */
export const DEMO_SPARE_GPS_NODE = { id: 10110, name: 'GPS-10110', lat: 43.27185, lng: -79.83642 };
/** IDs the demo makes: this many in the yard project, two more not in any project yet. */
const IN_PROJECT = 6;
const SPARE = 2;

/**
 * The demo company's Lumitrack IDs (issue 16): six in Yard Asset Tags and two in no project yet, the first
 * tracked by the spare GPS node and with its labels asked for as a Letter PDF (the label worker makes the
 * file once the server runs). Made through the Lumitrack service, as the screens would, so every rule
 * applies. Idempotent: skipped when the company has any ID. Answers whether it made them.
 */
export async function seedDemoLumitrack(
  db: Kysely<Database>,
  services: Services,
  companyId: number,
  now = Date.now(),
): Promise<boolean> {
  const any = await db
    .selectFrom('lumitrack_id')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (any) return false;
  const admin = await db
    .selectFrom('app_user')
    .select(['id', 'username', 'account_type'])
    .where('company_id', '=', companyId)
    .where('username', '=', DEMO.users.admin)
    .executeTakeFirst();
  const project = await db
    .selectFrom('tenant as t')
    .innerJoin('tenant_group as g', 'g.id', 't.tenant_group_id')
    .select(['t.id', 't.tenant_group_id'])
    .where('t.company_id', '=', companyId)
    .where('t.name', '=', DEMO_LUMITRACK_PROJECT)
    .where('t.type', '=', 'Lumitrack')
    .where('g.name', '=', DEMO_LUMITRACK_SITE)
    .executeTakeFirst();
  const gateway = await db
    .selectFrom('gateway')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', 'NYP-GW-01')
    .executeTakeFirst();
  if (!admin || !project) return false;

  const spare = DEMO_SPARE_GPS_NODE;
  const taken = await db
    .selectFrom('node')
    .select('company_id')
    .where('id', '=', spare.id)
    .executeTakeFirst();
  if (!taken) {
    await db
      .insertInto('node')
      .values({
        id: spare.id,
        company_id: companyId,
        tenant_group_id: project.tenant_group_id,
        tenant_id: null,
        gateway_id: gateway?.id ?? null,
        cable_id: null,
        node_type: 'GPS',
        name: spare.name,
        battery_level_type: 1,
        latest_battery: 96,
        latest_battery_ts: now - 10 * 60_000,
        latest_lat: spare.lat,
        latest_lng: spare.lng,
        latest_location_ts: now - 10 * 60_000,
        created_at: now - 30 * 24 * 3_600_000,
      })
      .execute();
    await db
      .insertInto('node_location')
      .values({ node_id: spare.id, ts: now - 10 * 60_000, lat: spare.lat, lng: spare.lng })
      .execute();
  }

  const actor = {
    userId: admin.id,
    companyId,
    username: admin.username,
    accountType: admin.account_type,
    roles: [],
    sessionId: 'demo-seed',
    isAdmin: isAdminAccount(admin.account_type),
  };
  const ids = await services.lumitrack.createStandardList(actor, companyId, IN_PROJECT + SPARE);
  for (const id of ids.slice(0, IN_PROJECT)) {
    await services.lumitrack.assignTenant(actor, { lumitrackId: id.lumitrackId, tenant: project.id });
  }
  const first = ids[0].lumitrackId;
  if (!taken || taken.company_id === companyId) {
    await services.lumitrack.assignGpsNode(actor, { lumitrackId: first, nodeId: spare.id });
  }
  await services.lumitrack.createFileRequest(actor, {
    lumitrackIds: [first],
    payload: { fileFormat: 'PDF_LETTER' },
  });
  return true;
}
