import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { addUser, OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';

/** Who the tracking tests call as. */
export type Who =
  | 'admin'
  | 'roadmin'
  | 'editor'
  | 'viewer'
  | 'readonly'
  | 'yardEditor'
  | 'yardViewer'
  | 'yardInspector'
  | 'other';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The GPS node tracking the first yard ID, and its last fix. */
export const TRACKER = { id: 990_001, name: 'GPS-990001', lat: 43.27185, lng: -79.83642 };
/** The other company's Lumitrack ID, written straight to its table. */
export const OTHER_ID = 'LT-2222-2222';

/**
 * One app on a fresh database with the demo seed, for a tracking test file. Users: the demo's admin, editor
 * and viewer (of Harbourfront Tower); on North Yard Precast Plant (where Yard Asset Tags is) an editor, a
 * viewer and an inspector; a Read-Only account with editor access there; an admin with a read-only role; the
 * other company's admin. Lumitrack IDs, made through the Lumitrack calls: three in Yard Asset Tags (the first
 * tracked by a GPS node with a fix), one in Tower Tags (a Lumitrack project on Harbourfront Tower), one in no
 * project, one deleted; and one of the other company.
 */
export function useTrackingApp() {
  const ctx = useTestApp({ REPORTS_DIR: mkdtempSync(join(tmpdir(), 'sitepulse-tracking-')) });
  const headers = {} as Record<Who, Record<string, string>>;
  const ids = { yardSite: 0, towerSite: 0, yardTags: 0, towerTags: 0, otherCompany: 0, otherTags: 0 };
  const lt = { yard: [] as string[], tower: '', loose: '', deleted: '' };
  const fixAt = Date.now() - 5 * 60_000;

  const call = (who: Who | null, method: Method, url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: who ? headers[who] : {},
      payload: payload as object,
    });

  /** Every row of the tracking tables, to show a refusal changed nothing. */
  const snapshot = async () => {
    const db = ctx.db.db;
    const out: Record<string, string[]> = {};
    for (const t of ['material_stage', 'material_event'] as const)
      out[t] = (await db.selectFrom(t).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
    return out;
  };

  beforeAll(async () => {
    const db = ctx.db.db;
    const other = await seedOtherCompany(db);
    ids.otherCompany = other.companyId;
    const site = async (name: string) =>
      (
        await db
          .selectFrom('tenant_group')
          .select('id')
          .where('company_id', '=', ctx.companyId)
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    ids.yardSite = await site('North Yard Precast Plant');
    ids.towerSite = await site(DEMO.firstSiteName);
    ids.yardTags = (
      await db
        .selectFrom('tenant')
        .select('id')
        .where('company_id', '=', ctx.companyId)
        .where('name', '=', 'Yard Asset Tags')
        .executeTakeFirstOrThrow()
    ).id;
    const project = async (companyId: number, siteId: number, name: string) =>
      (
        await db
          .insertInto('tenant')
          .values({
            tenant_group_id: siteId,
            company_id: companyId,
            name,
            type: 'Lumitrack',
            state: 'ACTIVE',
            created_at: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.towerTags = await project(ctx.companyId, ids.towerSite, 'Tower Tags');
    ids.otherTags = await project(other.companyId, other.siteId, 'Their Tags');
    const now = Date.now();
    await db
      .insertInto('lumitrack_id')
      .values({
        company_id: other.companyId,
        lumitrack_id: OTHER_ID,
        tenant_id: ids.otherTags,
        gps_node_id: null,
        created_by: null,
        created_at: now,
        updated_at: now,
        deactivated_at: null,
      })
      .execute();

    const user = (username: string, accountType: string, tenantGroupId: number, access: number) =>
      addUser(db, {
        companyId: ctx.companyId,
        username,
        password: DEMO.password,
        accountType,
        grants: [{ tenantGroupId, access }],
      });
    await user('yardeditor', 'USER', ids.yardSite, 2);
    await user('yardviewer', 'USER', ids.yardSite, 4);
    await user('yardinspector', 'USER', ids.yardSite, 8);
    await user('readonly', 'READONLY_MEMBER', ids.yardSite, 2);
    const roadmin = await user('roadmin', 'ADMIN', ids.yardSite, 1);
    await db.updateTable('app_user').set({ roles: '["READONLY_USER"]' }).where('id', '=', roadmin).execute();

    const logins: [Who, string][] = [
      ['admin', 'admin'],
      ['roadmin', 'roadmin'],
      ['editor', 'editor'],
      ['viewer', 'viewer'],
      ['readonly', 'readonly'],
      ['yardEditor', 'yardeditor'],
      ['yardViewer', 'yardviewer'],
      ['yardInspector', 'yardinspector'],
    ];
    for (const [who, username] of logins) headers[who] = (await signIn(ctx, username)).headers;
    headers.other = (await signIn(ctx, OTHER.username, OTHER.password, other.companyId)).headers;

    const made = await call('admin', 'POST', '/lumitrack/lumitrackid/type/standard/list', {
      companyId: ctx.companyId,
      numLumitrackIds: 6,
    });
    expect(made.statusCode, made.body).toBe(201);
    // Made in one call, so all at the same time: listed newest first, then by the highest row id.
    const [y1, y2, y3, tower, loose, deleted] = (made.json() as { lumitrackId: string }[]).map(
      (x) => x.lumitrackId,
    );
    const place = async (lumitrackId: string, tenant: number) => {
      const res = await call('admin', 'PUT', '/lumitrack/lumitrackid/cmd/assign_tenant', {
        lumitrackId,
        tenant,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    for (const y of [y1, y2, y3, deleted]) await place(y, ids.yardTags);
    await place(tower, ids.towerTags);
    const gone = await call('admin', 'DELETE', '/lumitrack/lumitrackid', { lumitrackId: deleted });
    expect(gone.statusCode, gone.body).toBe(200);

    await db
      .insertInto('node')
      .values({
        id: TRACKER.id,
        company_id: ctx.companyId,
        tenant_group_id: ids.yardSite,
        tenant_id: null,
        gateway_id: null,
        cable_id: null,
        node_type: 'GPS',
        name: TRACKER.name,
        latest_battery: 90,
        latest_battery_ts: fixAt,
        latest_signal: null,
        latest_signal_ts: null,
        latest_lat: TRACKER.lat,
        latest_lng: TRACKER.lng,
        latest_location_ts: fixAt,
        created_at: fixAt,
      })
      .execute();
    const tracked = await call('admin', 'PUT', '/lumitrack/lumitrackid/cmd/assign_gps_node', {
      lumitrackId: y1,
      nodeId: TRACKER.id,
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    Object.assign(lt, { yard: [y1, y2, y3], tower, loose, deleted });
  });

  return { ctx, headers, ids, lt, call, snapshot, fixAt };
}
