import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ActiveLumitrackIds, IdFileRequest, LumitrackId } from '@sitepulse/contracts';
import {
  DOWNLOAD_TOKEN_PARAM,
  LUMITRACK_ANNUAL_LIMIT_CODE,
  LUMITRACK_ID_PATTERN,
  yearStartUtc,
} from '@sitepulse/domain';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { DEMO, seedDemo } from '../../demo/seed.ts';
import { addUser, OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, type TestContext, testConfig } from '../../test/test-app.ts';
import { createTestDb } from '../../test/test-db.ts';
import { pdfText, pngDpi, scanPng, scanSheets } from './labels/scan.ts';
import { createLumitrackLabelWorker, type LumitrackLabelWorker } from './worker.ts';

const LT = '/api/lumitrack/lumitrackid';
type User = 'admin' | 'editor' | 'viewer' | 'inspector' | 'htviewer' | 'riverside' | 'other';

const ctx = {} as TestContext & { close: () => Promise<void> };
let app: App;
let worker: LumitrackLabelWorker;
const h = {} as Record<User, Record<string, string>>;
const tokens = {} as Record<User, string>;
let otherCompanyId: number;
/** Projects and sites: the demo's Yard Asset Tags (North Yard), a Lumitrack project on Harbourfront Tower. */
const p = {} as Record<
  'yard' | 'yardSite' | 'ht' | 'htSite' | 'concrete' | 'archived' | 'riversideSite' | 'otherLt',
  number
>;
/** GPS and other nodes. */
const n = {} as Record<
  'free' | 'free2' | 'stock' | 'cabled' | 'inProject' | 'maturity' | 'riverside' | 'other',
  number
>;
let otherId: string;
let otherSiteId: number;

beforeAll(async () => {
  const db = await createTestDb();
  const { companyId } = await seedDemo(db.db);
  const dir = mkdtempSync(join(tmpdir(), 'sitepulse-lumitrack-'));
  const config = testConfig({ REPORTS_DIR: dir });
  app = await buildApp({ config, db, logger: false });
  await app.ready();
  worker = createLumitrackLabelWorker({ lumitrack: app.services.lumitrack, pollMs: 3_600_000 });
  Object.assign(ctx, {
    app,
    db,
    config,
    companyId,
    close: async () => {
      await worker.stop();
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  });
  const q = db.db;
  const now = Date.now();
  const site = (name: string) =>
    q
      .selectFrom('tenant_group')
      .select('id')
      .where('company_id', '=', companyId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  const project = (name: string, type: 'Lumitrack' | 'Concrete') =>
    q
      .selectFrom('tenant')
      .select(['id', 'tenant_group_id'])
      .where('company_id', '=', companyId)
      .where('name', '=', name)
      .where('type', '=', type)
      .executeTakeFirstOrThrow();
  const yard = await project('Yard Asset Tags', 'Lumitrack');
  p.yard = yard.id;
  p.yardSite = yard.tenant_group_id;
  p.htSite = (await site(DEMO.firstSiteName)).id;
  p.riversideSite = (await site('Riverside Medical Centre Expansion')).id;
  p.concrete = (await project('Double Tees', 'Concrete')).id;
  const addProject = async (values: { site: number; name: string; state?: 'TERMINATED'; company?: number }) =>
    (
      await q
        .insertInto('tenant')
        .values({
          tenant_group_id: values.site,
          company_id: values.company ?? companyId,
          name: values.name,
          type: 'Lumitrack',
          state: values.state ?? 'ACTIVE',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  p.ht = await addProject({ site: p.htSite, name: 'Formwork Tags' });
  p.archived = await addProject({ site: p.yardSite, name: 'Old Tags', state: 'TERMINATED' });

  const other = await seedOtherCompany(q);
  otherCompanyId = other.companyId;
  otherSiteId = other.siteId;
  p.otherLt = await addProject({ site: other.siteId, name: 'Their Tags', company: other.companyId });
  await q
    .insertInto('company_module')
    .values({
      company_id: other.companyId,
      module_type: 'Lumitrack',
      is_active: 1,
      company_tier: 'BASIC',
      spec: '{}',
      tier_spec: '{}',
      created_at: now,
    })
    .execute();

  let nextNode = 880_000;
  const node = async (v: {
    type: string;
    site: number | null;
    tenant?: number;
    cable?: number;
    company?: number;
  }) => {
    const id = ++nextNode;
    await q
      .insertInto('node')
      .values({
        id,
        company_id: v.company ?? companyId,
        tenant_group_id: v.site,
        tenant_id: v.tenant ?? null,
        cable_id: v.cable ?? null,
        node_type: v.type,
        name: `${v.type}-${id}`,
        latest_lat: v.type === 'GPS' ? 43.27 : null,
        latest_lng: v.type === 'GPS' ? -79.83 : null,
        latest_location_ts: v.type === 'GPS' ? now - 60_000 : null,
        created_at: now,
      })
      .execute();
    return id;
  };
  await q
    .insertInto('cable')
    .values({
      id: 990_001,
      company_id: companyId,
      name: 'CBL-990001',
      spec: '{}',
      dynamic_spec: '{}',
      created_at: now,
    })
    .execute();
  n.free = await node({ type: 'GPS', site: p.yardSite });
  n.free2 = await node({ type: 'GPS', site: null });
  n.stock = await node({ type: 'GPS', site: null });
  n.cabled = await node({ type: 'GPS', site: p.yardSite, cable: 990_001 });
  n.inProject = await node({ type: 'GPS', site: p.yardSite, tenant: p.yard });
  n.maturity = await node({ type: 'Maturity', site: p.yardSite });
  n.riverside = await node({ type: 'GPS', site: p.riversideSite });
  n.other = await node({ type: 'GPS', site: other.siteId, company: other.companyId });

  await addUser(q, {
    companyId,
    username: 'htviewer',
    password: DEMO.password,
    accountType: 'USER',
    grants: [{ tenantGroupId: p.htSite, access: 4 }],
  });
  await addUser(q, {
    companyId,
    username: 'riverside',
    password: DEMO.password,
    accountType: 'USER',
    grants: [{ tenantGroupId: p.riversideSite, access: 2 }],
  });
  for (const u of ['admin', 'editor', 'viewer', 'inspector', 'htviewer', 'riverside'] as const) {
    const s = await signIn(ctx, u === 'admin' ? DEMO.users.admin : u);
    h[u] = s.headers;
    tokens[u] = s.tokens.accessToken;
  }
  const o = await signIn(ctx, OTHER.username, OTHER.password, other.companyId);
  h.other = o.headers;
  tokens.other = o.tokens.accessToken;
  const made = await call('other', 'POST', `${LT}/type/standard`, { companyId: other.companyId });
  expect(made.statusCode).toBe(201);
  otherId = made.json().lumitrackId;
});

afterAll(async () => {
  await ctx.close?.();
});

function call(who: User | null, method: string, url: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: who ? h[who] : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Rows of the module's tables: a refused call leaves them as they were. */
async function snapshot() {
  const q = ctx.db.db;
  const [ids, requests, items, prefs] = await Promise.all([
    q.selectFrom('lumitrack_id').selectAll().orderBy('id').execute(),
    q.selectFrom('lumitrack_file_request').selectAll().orderBy('id').execute(),
    q
      .selectFrom('lumitrack_file_request_item')
      .selectAll()
      .orderBy('request_id')
      .orderBy('position')
      .execute(),
    q.selectFrom('lumitrack_label_preference').selectAll().orderBy('user_id').execute(),
  ]);
  return JSON.stringify({ ids, requests, items, prefs });
}

/** Expects each call refused with one of `statuses` and the tables unchanged. */
async function refused(statuses: number[], calls: [User | null, string, string, unknown?][]): Promise<void> {
  for (const [who, method, url, payload] of calls) {
    const before = await snapshot();
    const res = await call(who, method, url, payload);
    expect(
      statuses,
      `${who} ${method} ${url} ${JSON.stringify(payload)}: ${res.statusCode} ${res.body}`,
    ).toContain(res.statusCode);
    expect(res.json().error.code, res.body).toBeTypeOf('string');
    expect(await snapshot(), `${method} ${url} changed nothing`).toBe(before);
  }
}

async function make(who: User = 'admin', query = ''): Promise<LumitrackId> {
  const res = await call(who, 'POST', `${LT}/type/standard${query}`, { companyId: ctx.companyId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function assign(lumitrackId: string, tenant: number | null, who: User = 'admin') {
  return call(who, 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId, tenant });
}
const idsOf = (list: LumitrackId[]) => list.map((x) => x.lumitrackId);
async function listed(url: string, who: User = 'admin'): Promise<string[]> {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return idsOf(res.json());
}
async function download(id: number, who: User = 'admin') {
  return app.inject({
    method: 'GET',
    url: `${LT}/files/requests/by_id/${id}/file?${DOWNLOAD_TOKEN_PARAM}=${encodeURIComponent(tokens[who])}`,
  });
}

describe('types', () => {
  it('answers the ID types, states and association types to a signed-in user', async () => {
    expect((await call('viewer', 'GET', `${LT}/types`)).json()).toEqual(['STANDARD']);
    expect((await call('viewer', 'GET', `${LT}/states/types`)).json()).toEqual(['Active', 'Inactive']);
    expect((await call('viewer', 'GET', `${LT}/associations/types`)).json()).toEqual(['LUMITRACK_JOB']);
    expect((await call(null, 'GET', `${LT}/types`)).statusCode).toBe(401);
  });
});

describe('making IDs', () => {
  it('makes one Active ID in no project, readable by its human ID in any case', async () => {
    const id = await make();
    expect(id.lumitrackId).toMatch(new RegExp(LUMITRACK_ID_PATTERN));
    expect(id).toMatchObject({
      lumiTrackId: id.lumitrackId,
      type: 'STANDARD',
      state: 'Active',
      company: ctx.companyId,
      companyId: ctx.companyId,
      tenant: null,
      projectName: null,
      gpsNode: null,
      lumitrackIdAssociationData: [],
    });
    expect(Math.abs(id.creationDate - Date.now())).toBeLessThan(60_000);
    const typed = id.lumitrackId.toLowerCase().replaceAll('-', '');
    const got = await call('viewer', 'GET', `${LT}/by_lumitrack_id/${typed}`);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toEqual(id);
    expect(await listed(`${LT}/by_companyId/list/${ctx.companyId}`, 'viewer')).toContain(id.lumitrackId);
  });

  it('makes 1 to 500 IDs in one call, all different; outside those bounds 400 and nothing made', async () => {
    const res = await call('admin', 'POST', `${LT}/type/standard/list`, {
      companyId: ctx.companyId,
      numLumitrackIds: 20,
    });
    expect(res.statusCode, res.body).toBe(201);
    const ids: LumitrackId[] = res.json();
    expect(ids).toHaveLength(20);
    expect(new Set(idsOf(ids)).size).toBe(20);
    const all = await listed(`${LT}/by_companyId/list/${ctx.companyId}`);
    for (const id of ids) expect(all).toContain(id.lumitrackId);
    await refused(
      [400],
      [0, 501, -1, 1.5, '20x', null, Number.MAX_VALUE, 2 ** 53].map((num) => [
        'admin',
        'POST',
        `${LT}/type/standard/list`,
        { companyId: ctx.companyId, numLumitrackIds: num },
      ]),
    );
    await refused(
      [400],
      [
        ['admin', 'POST', `${LT}/type/standard/list`, { numLumitrackIds: 2 }],
        ['admin', 'POST', `${LT}/type/standard`, {}],
        ['admin', 'POST', `${LT}/type/standard`, { companyId: 'abc' }],
        ['admin', 'POST', `${LT}/type/standard`, { companyId: 2 ** 31 }],
        [
          'admin',
          'POST',
          `${LT}/type/standard?createLumitrackIdFileRequests=maybe`,
          { companyId: ctx.companyId },
        ],
      ],
    );
  });

  it('refuses to make IDs for another company (403), and without an active Lumitrack module (403)', async () => {
    await refused(
      [403],
      [
        ['admin', 'POST', `${LT}/type/standard`, { companyId: otherCompanyId }],
        ['admin', 'POST', `${LT}/type/standard/list`, { companyId: otherCompanyId, numLumitrackIds: 3 }],
      ],
    );
    const q = ctx.db.db;
    await q
      .updateTable('company_module')
      .set({ is_active: 0 })
      .where('company_id', '=', ctx.companyId)
      .where('module_type', '=', 'Lumitrack')
      .execute();
    try {
      await refused([403], [['admin', 'POST', `${LT}/type/standard`, { companyId: ctx.companyId }]]);
    } finally {
      await q
        .updateTable('company_module')
        .set({ is_active: 1 })
        .where('company_id', '=', ctx.companyId)
        .where('module_type', '=', 'Lumitrack')
        .execute();
    }
  });
});

describe('the annual limit', () => {
  it("stops at the company tier's lumitrack_id_annual_limit with a clear error; deleted IDs still count", async () => {
    const q = ctx.db.db;
    const module = q
      .updateTable('company_module')
      .where('company_id', '=', ctx.companyId)
      .where('module_type', '=', 'Lumitrack');
    const made = Number(
      (
        await q
          .selectFrom('lumitrack_id')
          .select(sql<number>`count(*)`.as('n'))
          .where('company_id', '=', ctx.companyId)
          .where('created_at', '>=', yearStartUtc(Date.now()))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const limit = made + 5;
    await module
      .set({ tier_spec: JSON.stringify({ storage_limit_in_mb: 10, lumitrack_id_annual_limit: limit }) })
      .execute();
    try {
      const before = await snapshot();
      const over = await call('admin', 'POST', `${LT}/type/standard/list`, {
        companyId: ctx.companyId,
        numLumitrackIds: 6,
      });
      expect(over.statusCode, over.body).toBe(409);
      expect(over.json().error.code).toBe(LUMITRACK_ANNUAL_LIMIT_CODE);
      expect(over.json().error.message).toContain(`${limit} Lumitrack IDs a year`);
      expect(over.json().error.message).toContain('5 more may be made, not 6');
      expect(await snapshot()).toBe(before);

      const five = await call('admin', 'POST', `${LT}/type/standard/list`, {
        companyId: ctx.companyId,
        numLumitrackIds: 5,
      });
      expect(five.statusCode, five.body).toBe(201);
      const active = (
        await call('admin', 'GET', `${LT}/cmd/get_active_lumitrackId?companyId=${ctx.companyId}`)
      ).json();
      expect(active).toMatchObject({ annualLimit: limit, usedThisYear: limit, remainingThisYear: 0 });

      const [first] = five.json() as LumitrackId[];
      expect((await call('admin', 'DELETE', LT, { lumitrackId: first.lumitrackId })).statusCode).toBe(200);
      await refused([409], [['admin', 'POST', `${LT}/type/standard`, { companyId: ctx.companyId }]]);
    } finally {
      await module.set({ tier_spec: '{}' }).execute();
    }
    // No limit in the tierSpec: the tier's default (ENTERPRISE).
    const active: ActiveLumitrackIds = (
      await call('admin', 'GET', `${LT}/cmd/get_active_lumitrackId?companyId=${ctx.companyId}`)
    ).json();
    expect(active.annualLimit).toBe(50_000);
  });
});

describe('projects', () => {
  it('puts an ID in a Lumitrack project, lists it there, and takes it out', async () => {
    const id = await make();
    const res = await assign(id.lumitrackId, p.yard);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      tenant: p.yard,
      tenantGroupId: p.yardSite,
      projectName: 'Yard Asset Tags',
      lumitrackIdAssociationData: [{ type: 'LUMITRACK_JOB', name: 'Yard Asset Tags', tenant: p.yard }],
    });
    expect(await listed(`${LT}/by_tenant/list/${p.yard}`)).toContain(id.lumitrackId);
    expect(await listed(`${LT}/by_tenant_group/list/${p.yardSite}`)).toContain(id.lumitrackId);
    expect(await listed(`${LT}/by_tenant_group/list/${p.htSite}`)).not.toContain(id.lumitrackId);
    const out = await assign(id.lumitrackId, null);
    expect(out.json()).toMatchObject({ tenant: null, projectName: null, lumitrackIdAssociationData: [] });
    expect(await listed(`${LT}/by_tenant/list/${p.yard}`)).not.toContain(id.lumitrackId);
  });

  it('refuses another type of project (400), an archived one (409), an unknown one (404), unchanged', async () => {
    const id = await make();
    await refused(
      [400],
      [['admin', 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId: id.lumitrackId, tenant: p.concrete }]],
    );
    await refused(
      [409],
      [['admin', 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId: id.lumitrackId, tenant: p.archived }]],
    );
    await refused(
      [404],
      [
        ['admin', 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId: id.lumitrackId, tenant: 2_000_000 }],
        ['admin', 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId: id.lumitrackId, tenant: p.otherLt }],
        ['admin', 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId: 'LT-2222-2222', tenant: p.yard }],
      ],
    );
    await refused(
      [400],
      [
        ['admin', 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId: id.lumitrackId }],
        ['admin', 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId: 'LT-0000-1111', tenant: p.yard }],
        ['admin', 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId: id.lumitrackId, tenant: 0 }],
        [
          'admin',
          'PUT',
          `${LT}/cmd/assign_tenant`,
          { lumitrackId: `${id.lumitrackId}\u0000`, tenant: p.yard },
        ],
      ],
    );
  });
});

describe('GPS nodes (spec section 4)', () => {
  it('gives an ID a GPS node with no cable and no project, with its last fix; takes it away', async () => {
    const id = await make();
    const res = await call('admin', 'PUT', `${LT}/cmd/assign_gps_node`, {
      lumitrackId: id.lumitrackId,
      nodeId: n.free,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().gpsNodeId).toBe(n.free);
    expect(res.json().gpsNode).toMatchObject({
      id: n.free,
      nodeType: 'GPS',
      latestLat: 43.27,
      latestLng: -79.83,
    });
    // The same node to another ID: it already tracks one.
    const second = await make();
    await refused(
      [409],
      [['admin', 'PUT', `${LT}/cmd/assign_gps_node`, { lumitrackId: second.lumitrackId, nodeId: n.free }]],
    );
    const off = await call('admin', 'PUT', `${LT}/cmd/assign_gps_node`, {
      lumitrackId: id.lumitrackId,
      nodeId: null,
    });
    expect(off.json()).toMatchObject({ gpsNodeId: null, gpsNode: null });
    const now = await call('admin', 'PUT', `${LT}/cmd/assign_gps_node`, {
      lumitrackId: second.lumitrackId,
      nodeId: n.free,
    });
    expect(now.statusCode, now.body).toBe(200);
  });

  it('refuses a node that is not GPS (400), on a cable or in a project (409), unknown or not ours (404)', async () => {
    const id = await make();
    const body = (nodeId: number) => ({ lumitrackId: id.lumitrackId, nodeId });
    await refused([400], [['admin', 'PUT', `${LT}/cmd/assign_gps_node`, body(n.maturity)]]);
    const cable = await call('admin', 'PUT', `${LT}/cmd/assign_gps_node`, body(n.cabled));
    expect(cable.statusCode).toBe(409);
    expect(cable.json().error.message).toMatch(/cable/);
    const project = await call('admin', 'PUT', `${LT}/cmd/assign_gps_node`, body(n.inProject));
    expect(project.statusCode).toBe(409);
    expect(project.json().error.message).toMatch(/project/);
    await refused(
      [409],
      [
        ['admin', 'PUT', `${LT}/cmd/assign_gps_node`, body(n.cabled)],
        ['admin', 'PUT', `${LT}/cmd/assign_gps_node`, body(n.inProject)],
      ],
    );
    await refused(
      [404],
      [
        ['admin', 'PUT', `${LT}/cmd/assign_gps_node`, body(n.other)],
        ['admin', 'PUT', `${LT}/cmd/assign_gps_node`, body(1_999_999)],
      ],
    );
    await refused(
      [400],
      [
        ['admin', 'PUT', `${LT}/cmd/assign_gps_node`, { lumitrackId: id.lumitrackId, nodeId: -5 }],
        ['admin', 'PUT', `${LT}/cmd/assign_gps_node`, { lumitrackId: id.lumitrackId, nodeId: 0 }],
        ['admin', 'PUT', `${LT}/cmd/assign_gps_node`, { lumitrackId: id.lumitrackId, nodeId: false }],
        ['admin', 'PUT', `${LT}/cmd/assign_gps_node`, { lumitrackId: id.lumitrackId }],
        ['admin', 'PUT', `${LT}/cmd/assign_gps_node`, { lumitrackId: id.lumitrackId, nodeId: 2 ** 31 }],
        ['admin', 'PUT', `${LT}/cmd/assign_gps_node`, { lumitrackId: id.lumitrackId, nodeId: '1x' }],
      ],
    );
  });
});

describe('deleting', () => {
  it('makes the ID Inactive: hidden from every list, read alone, lets its node go; twice 409', async () => {
    const id = await make();
    expect((await assign(id.lumitrackId, p.yard)).statusCode).toBe(200);
    const tracked = await call('admin', 'PUT', `${LT}/cmd/assign_gps_node`, {
      lumitrackId: id.lumitrackId,
      nodeId: n.free2,
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    const del = await call('admin', 'DELETE', LT, { lumitrackId: id.lumitrackId });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    for (const url of [
      `${LT}/by_companyId/list/${ctx.companyId}`,
      `${LT}/by_tenant/list/${p.yard}`,
      `${LT}/by_tenant_group/list/${p.yardSite}`,
    ]) {
      expect(await listed(url)).not.toContain(id.lumitrackId);
    }
    const alone = await call('admin', 'GET', `${LT}/by_lumitrack_id/${id.lumitrackId}`);
    expect(alone.json()).toMatchObject({ state: 'Inactive', gpsNodeId: null, tenant: p.yard });
    await refused(
      [409],
      [
        ['admin', 'DELETE', LT, { lumitrackId: id.lumitrackId }],
        ['admin', 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId: id.lumitrackId, tenant: null }],
        ['admin', 'PUT', `${LT}/cmd/assign_gps_node`, { lumitrackId: id.lumitrackId, nodeId: n.free2 }],
        ['admin', 'POST', `${LT}/files/requests`, { lumitrackIds: [id.lumitrackId] }],
      ],
    );
    // Its node is free for another ID.
    const next = await make();
    const again = await call('admin', 'PUT', `${LT}/cmd/assign_gps_node`, {
      lumitrackId: next.lumitrackId,
      nodeId: n.free2,
    });
    expect(again.statusCode, again.body).toBe(200);
    await refused(
      [400],
      [
        ['admin', 'DELETE', LT, {}],
        ['admin', 'DELETE', LT, { lumitrackId: 'nope' }],
        ['admin', 'DELETE', LT, { lumitrackId: 42 }],
      ],
    );
    await refused([404], [['admin', 'DELETE', LT, { lumitrackId: 'LT-2222-2223' }]]);
  });
});

describe('active IDs in an interval', () => {
  it('counts the active IDs made in the last intervalInMin minutes (default one year)', async () => {
    const q = ctx.db.db;
    const old = Date.now() - 3 * 24 * 3_600_000;
    await q
      .insertInto('lumitrack_id')
      .values({ company_id: ctx.companyId, lumitrack_id: 'LT-2222-QLD2', created_at: old, updated_at: old })
      .execute();
    const active = (interval?: number) =>
      call(
        'viewer',
        'GET',
        `${LT}/cmd/get_active_lumitrackId?companyId=${ctx.companyId}${interval ? `&intervalInMin=${interval}` : ''}`,
      );
    const year: ActiveLumitrackIds = (await active()).json();
    expect(year.intervalInMin).toBe(525_600);
    const hour: ActiveLumitrackIds = (await active(60)).json();
    const week: ActiveLumitrackIds = (await active(7 * 24 * 60)).json();
    expect(week.count).toBe(hour.count + 1);
    const countActive = Number(
      (
        await q
          .selectFrom('lumitrack_id')
          .select(sql<number>`count(*)`.as('n'))
          .where('company_id', '=', ctx.companyId)
          .where('state', '=', 'Active')
          .where('created_at', '>=', Date.now() - 3_600_000)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(hour.count).toBe(countActive);
    expect(hour.to - hour.from).toBe(3_600_000);
    await refused(
      [400],
      [
        ['viewer', 'GET', `${LT}/cmd/get_active_lumitrackId?companyId=${ctx.companyId}&intervalInMin=0`],
        [
          'viewer',
          'GET',
          `${LT}/cmd/get_active_lumitrackId?companyId=${ctx.companyId}&intervalInMin=5256001`,
        ],
        [
          'viewer',
          'GET',
          `${LT}/cmd/get_active_lumitrackId?companyId=${ctx.companyId}&intervalInMin=Infinity`,
        ],
        ['viewer', 'GET', `${LT}/cmd/get_active_lumitrackId`],
      ],
    );
    await refused([403], [['viewer', 'GET', `${LT}/cmd/get_active_lumitrackId?companyId=${otherCompanyId}`]]);
  });
});

describe('ID file requests and their labels', () => {
  it('makes the label files asked for with a new ID, one per format, NEW then DONE, each scanning', async () => {
    const id = await make('admin', '?createLumitrackIdFileRequests=true');
    const res = await call(
      'admin',
      'GET',
      `${LT}/files/requests/by_lumitrack_id/${id.lumitrackId}?isUserDefined=false`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const requests: IdFileRequest[] = res.json();
    expect(requests.map((r) => r.payload.fileFormat).sort()).toEqual(['PDF_A4', 'PDF_LETTER', 'PNG']);
    for (const r of requests) {
      expect(r).toMatchObject({
        status: 'NEW',
        isUserDefined: false,
        type: 'QR_CODE',
        lumitrackIds: [id.lumitrackId],
      });
      expect(r.downloadPath).toBeNull();
    }
    const early = await download(requests[0].id);
    expect(early.statusCode).toBe(409);
    const userDefined = await call(
      'admin',
      'GET',
      `${LT}/files/requests/by_lumitrack_id/${id.lumitrackId}?isUserDefined=true`,
    );
    expect(userDefined.json()).toEqual([]);

    await worker.drain();
    for (const r of requests) {
      const done: IdFileRequest = (await call('admin', 'GET', `${LT}/files/requests/by_id/${r.id}`)).json();
      expect(done.status, done.error ?? '').toBe('DONE');
      expect(done.downloadPath).toBe(`${LT}/files/requests/by_id/${r.id}/file`);
      const file = await download(r.id);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.headers['content-disposition']).toContain(id.lumitrackId);
      expect(Number(file.headers['content-length'])).toBe(done.fileSize);
      if (done.payload.fileFormat === 'PNG') {
        expect(done.payload.fileType).toBe('PNG');
        expect(file.headers['content-type']).toBe('image/png');
        expect(scanPng(file.rawPayload)).toBe(id.lumitrackId);
        expect(pngDpi(file.rawPayload)).toBe(300);
      } else {
        expect(file.headers['content-type']).toBe('application/pdf');
        const format = done.payload.fileFormat as 'PDF_A4' | 'PDF_LETTER';
        const { codes } = await scanSheets(file.rawPayload, format);
        expect(codes[0]).toBe(id.lumitrackId);
        expect(codes.slice(1).every((c) => c === null)).toBe(true);
        expect(await pdfText(file.rawPayload)).toContain(DEMO.companyName);
      }
    }
  });

  it('makes one PDF of 20 labels on A4 that a user asked for; every code scans to its ID', async () => {
    const list: LumitrackId[] = (
      await call('admin', 'POST', `${LT}/type/standard/list`, {
        companyId: ctx.companyId,
        numLumitrackIds: 20,
      })
    ).json();
    const lumitrackIds = idsOf(list);
    const res = await call('admin', 'POST', `${LT}/files/requests`, {
      type: 'QR_CODE',
      status: 'NEW',
      isUserDefined: true,
      payload: { companyName: 'North Yard Precast', fileType: 'PDF', fileFormat: 'PDF_A4' },
      lumitrackIds,
    });
    expect(res.statusCode, res.body).toBe(201);
    const request: IdFileRequest = res.json();
    expect(request).toMatchObject({
      status: 'NEW',
      isUserDefined: true,
      lumitrackIds,
      payload: { companyName: 'North Yard Precast', fileType: 'PDF', fileFormat: 'PDF_A4' },
      ownerUsername: DEMO.users.admin,
    });
    await worker.drain();
    const polled: IdFileRequest[] = (
      await call('admin', 'POST', `${LT}/files/requests/by_id`, { ids: [request.id] })
    ).json();
    expect(polled).toHaveLength(1);
    expect(polled[0].status).toBe('DONE');
    const byIds: IdFileRequest[] = (
      await call('admin', 'POST', `${LT}/files/requests/by_lumitrack_id`, { lumitrackIds: [lumitrackIds[3]] })
    ).json();
    expect(byIds.map((r) => r.id)).toContain(request.id);
    expect(
      (await call('admin', 'GET', `${LT}/files/requests?isUserDefined=true`))
        .json()
        .map((r: IdFileRequest) => r.id),
    ).toContain(request.id);
    const file = await download(request.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`lumitrack-labels-${request.id}-20-a4.pdf`);
    const { codes, pagesMm } = await scanSheets(file.rawPayload, 'PDF_A4');
    expect(pagesMm).toHaveLength(1);
    expect(codes.slice(0, 20)).toEqual(lumitrackIds);
    expect(await pdfText(file.rawPayload)).toContain('North Yard Precast');
  });

  it("keeps each user's preferred format (default PDF Letter) and uses it; several IDs as PNG make a zip", async () => {
    expect((await call('editor', 'GET', `${LT}/files/preference`)).json()).toEqual({
      fileFormat: 'PDF_LETTER',
    });
    const set = await call('editor', 'PUT', `${LT}/files/preference`, { fileFormat: 'PNG' });
    expect(set.json()).toEqual({ fileFormat: 'PNG' });
    expect((await call('editor', 'GET', `${LT}/files/preference`)).json()).toEqual({ fileFormat: 'PNG' });
    expect((await call('admin', 'GET', `${LT}/files/preference`)).json()).toEqual({
      fileFormat: 'PDF_LETTER',
    });
    await refused([400], [['editor', 'PUT', `${LT}/files/preference`, { fileFormat: 'TIFF' }]]);

    const a = await make('editor');
    const b = await make('editor');
    const res = await call('editor', 'POST', `${LT}/files/requests`, {
      lumitrackIds: [a.lumitrackId, b.lumitrackId],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payload).toEqual({ companyName: DEMO.companyName, fileType: 'ZIP', fileFormat: 'PNG' });
    await worker.drain();
    const file = await download(res.json().id, 'editor');
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(file.rawPayload);
    for (const id of [a.lumitrackId, b.lumitrackId]) {
      const png = await zip.file(`${id}.png`)?.async('nodebuffer');
      expect(png && scanPng(png)).toBe(id);
    }
  });

  it('refuses bad file requests with 400, unknown IDs with 404, and makes nothing', async () => {
    const id = await make();
    const post = (body: unknown): [User, string, string, unknown] => [
      'admin',
      'POST',
      `${LT}/files/requests`,
      body,
    ];
    await refused(
      [400],
      [
        post({ lumitrackIds: [] }),
        post({ lumitrackIds: Array.from({ length: 501 }, () => id.lumitrackId) }),
        post({ lumitrackIds: ['LT-1111-1111'] }),
        post({ lumitrackIds: [id.lumitrackId], status: 'DONE' }),
        post({ lumitrackIds: [id.lumitrackId], type: 'BARCODE' }),
        post({ lumitrackIds: [id.lumitrackId], payload: { fileFormat: 'PNG', fileType: 'ZIP' } }),
        post({ lumitrackIds: [id.lumitrackId], payload: { fileFormat: 'PDF_A4', fileType: 'PNG' } }),
        post({ lumitrackIds: [id.lumitrackId], payload: { companyName: '' } }),
        post({ lumitrackIds: [id.lumitrackId], payload: { companyName: '   ' } }),
        post({ lumitrackIds: [id.lumitrackId], payload: { companyName: 'a\u0007b' } }),
        post({ lumitrackIds: [id.lumitrackId], payload: { companyName: 'x'.repeat(81) } }),
        post({ lumitrackIds: [id.lumitrackId], isUserDefined: 'yes please' }),
        ['admin', 'POST', `${LT}/files/requests/by_id`, { ids: [] }],
        ['admin', 'POST', `${LT}/files/requests/by_id`, { ids: [0] }],
        ['admin', 'GET', `${LT}/files/requests/by_id/0`],
        ['admin', 'GET', `${LT}/files/requests/by_lumitrack_id/xyz`],
      ],
    );
    await refused(
      [404],
      [
        post({ lumitrackIds: [id.lumitrackId, 'LT-2222-2224'] }),
        ['admin', 'GET', `${LT}/files/requests/by_id/2000000`],
      ],
    );
    const unauthenticated = await app.inject({ method: 'GET', url: `${LT}/files/requests/by_id/1/file` });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe('who may do what', () => {
  it('an editor of a site with a Lumitrack project makes IDs; viewers, inspectors, Read-Only and others do not', async () => {
    const mine = await make('editor');
    expect(mine.state).toBe('Active');
    for (const who of ['viewer', 'inspector', 'htviewer', 'riverside'] as const) {
      await refused(
        [403],
        [
          [who, 'POST', `${LT}/type/standard`, { companyId: ctx.companyId }],
          [who, 'POST', `${LT}/type/standard/list`, { companyId: ctx.companyId, numLumitrackIds: 2 }],
          [who, 'DELETE', LT, { lumitrackId: mine.lumitrackId }],
          [who, 'PUT', `${LT}/cmd/assign_gps_node`, { lumitrackId: mine.lumitrackId, nodeId: n.free2 }],
        ],
      );
    }
  });

  it('an ID in a project belongs to its site: its readers read it, its writers change it, others get 404 or 403', async () => {
    const ht = await make('editor');
    expect((await assign(ht.lumitrackId, p.ht, 'editor')).statusCode).toBe(200);
    const yard = await make('admin');
    expect((await assign(yard.lumitrackId, p.yard)).statusCode).toBe(200);

    // Readers of Harbourfront Tower read it; the inspector there is refused.
    for (const who of ['viewer', 'htviewer', 'editor'] as const) {
      expect((await call(who, 'GET', `${LT}/by_lumitrack_id/${ht.lumitrackId}`)).statusCode).toBe(200);
      expect(await listed(`${LT}/by_tenant/list/${p.ht}`, who)).toContain(ht.lumitrackId);
    }
    await refused(
      [403],
      [
        ['inspector', 'GET', `${LT}/by_lumitrack_id/${ht.lumitrackId}`],
        ['inspector', 'GET', `${LT}/by_tenant/list/${p.ht}`],
        ['inspector', 'GET', `${LT}/by_tenant_group/list/${p.htSite}`],
        ['viewer', 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId: ht.lumitrackId, tenant: null }],
        ['htviewer', 'DELETE', LT, { lumitrackId: ht.lumitrackId }],
        ['inspector', 'POST', `${LT}/files/requests`, { lumitrackIds: [ht.lumitrackId] }],
        ['inspector', 'GET', `${LT}/files/requests/by_lumitrack_id/${ht.lumitrackId}`],
      ],
    );
    expect(await listed(`${LT}/by_companyId/list/${ctx.companyId}`, 'inspector')).not.toContain(
      ht.lumitrackId,
    );

    // North Yard is not granted to the editor: its ID, project, site and node read as missing.
    expect(await listed(`${LT}/by_companyId/list/${ctx.companyId}`, 'editor')).not.toContain(
      yard.lumitrackId,
    );
    await refused(
      [404],
      [
        ['editor', 'GET', `${LT}/by_lumitrack_id/${yard.lumitrackId}`],
        ['editor', 'GET', `${LT}/by_tenant/list/${p.yard}`],
        ['editor', 'GET', `${LT}/by_tenant_group/list/${p.yardSite}`],
        ['editor', 'DELETE', LT, { lumitrackId: yard.lumitrackId }],
        ['editor', 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId: ht.lumitrackId, tenant: p.yard }],
        ['editor', 'PUT', `${LT}/cmd/assign_gps_node`, { lumitrackId: ht.lumitrackId, nodeId: n.free }],
        ['editor', 'PUT', `${LT}/cmd/assign_gps_node`, { lumitrackId: ht.lumitrackId, nodeId: n.riverside }],
        ['editor', 'POST', `${LT}/files/requests`, { lumitrackIds: [yard.lumitrackId] }],
        ['editor', 'GET', `${LT}/files/requests/by_lumitrack_id/${yard.lumitrackId}`],
      ],
    );

    // A file of the Harbourfront Tower ID: its viewer downloads it, the inspector may not.
    const made = await call('viewer', 'POST', `${LT}/files/requests`, { lumitrackIds: [ht.lumitrackId] });
    expect(made.statusCode, made.body).toBe(201);
    await worker.drain();
    expect((await download(made.json().id, 'viewer')).statusCode).toBe(200);
    expect((await download(made.json().id, 'inspector')).statusCode).toBe(403);
    expect((await download(made.json().id, 'riverside')).statusCode).toBe(404);
    expect(
      (await call('riverside', 'POST', `${LT}/files/requests/by_id`, { ids: [made.json().id] })).json(),
    ).toEqual([]);

    // The editor changes and deletes the ID of their site.
    const gps = await call('editor', 'PUT', `${LT}/cmd/assign_gps_node`, {
      lumitrackId: ht.lumitrackId,
      nodeId: n.stock,
    });
    expect(gps.statusCode, gps.body).toBe(200);
    expect((await call('editor', 'DELETE', LT, { lumitrackId: ht.lumitrackId })).statusCode).toBe(200);
  });

  it("another company's IDs, projects, nodes and files are not found (404), its company id 403", async () => {
    const theirs = await call('other', 'POST', `${LT}/files/requests`, { lumitrackIds: [otherId] });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const mine = await make();
    await refused(
      [404],
      [
        ['admin', 'GET', `${LT}/by_lumitrack_id/${otherId}`],
        ['admin', 'DELETE', LT, { lumitrackId: otherId }],
        ['admin', 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId: otherId, tenant: p.yard }],
        ['admin', 'PUT', `${LT}/cmd/assign_tenant`, { lumitrackId: mine.lumitrackId, tenant: p.otherLt }],
        ['admin', 'PUT', `${LT}/cmd/assign_gps_node`, { lumitrackId: otherId, nodeId: n.free2 }],
        ['admin', 'PUT', `${LT}/cmd/assign_gps_node`, { lumitrackId: mine.lumitrackId, nodeId: n.other }],
        ['admin', 'GET', `${LT}/by_tenant/list/${p.otherLt}`],
        ['admin', 'POST', `${LT}/files/requests`, { lumitrackIds: [otherId] }],
        ['admin', 'GET', `${LT}/files/requests/by_id/${theirs.json().id}`],
        ['admin', 'GET', `${LT}/files/requests/by_lumitrack_id/${otherId}`],
      ],
    );
    expect((await download(theirs.json().id, 'admin')).statusCode).toBe(404);
    expect(
      (await call('admin', 'POST', `${LT}/files/requests/by_id`, { ids: [theirs.json().id] })).json(),
    ).toEqual([]);
    expect(
      (
        await call('admin', 'POST', `${LT}/files/requests/by_lumitrack_id`, { lumitrackIds: [otherId] })
      ).json(),
    ).toEqual([]);
    await refused([403], [['admin', 'GET', `${LT}/by_companyId/list/${otherCompanyId}`]]);
    await refused([404], [['admin', 'GET', `${LT}/by_tenant_group/list/${otherSiteId}`]]);
    // Their own list never shows ours.
    expect(await listed(`${LT}/by_companyId/list/${otherCompanyId}`, 'other')).toEqual([otherId]);
  });
});
