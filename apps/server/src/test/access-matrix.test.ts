/**
 * Issue 6: "A user never reads or changes another company's users, sites or data, nor a job site not
 * granted: a test per module tries it with real tokens and expects 403 or 404 and an unchanged database."
 *
 * Each module lists its calls (the rules: docs/decisions/people-and-access.md, "Roles"):
 * - otherReads / otherWrites: the demo admin, the strongest user, names the other company's things:
 *   403 or 404, and the module's tables are unchanged;
 * - siteWrites: changes on Harbourfront Tower by its viewer (4), by a Read-Only account with editor
 *   access (2) and by its inspector (8): 403, tables unchanged;
 * - inspectorReads: the inspector's reads of Harbourfront Tower: 403 (the web dashboard is closed to
 *   them there), while the viewer reads the same calls;
 * - allowed: a write that goes through (an editor's, where editors may), so the refusals above are the
 *   rule's and not a broken call.
 */

import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/types.ts';
import { DEMO } from '../demo/seed.ts';
import { addSiteData, addUser, OTHER, seedOtherCompany } from './fixtures.ts';
import { projectOf } from './sensor-fixtures.ts';
import { signIn, useTestApp } from './test-app.ts';

type User = 'admin' | 'editor' | 'viewer' | 'inspector' | 'readonly';
type Table = keyof Database;

interface Call {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  payload?: object;
  /** The statuses a refusal may answer; default 403 or 404. */
  refused?: number[];
}
const get = (url: string): Call => ({ method: 'GET', url: `/api${url}` });
const post = (url: string, payload: object = {}): Call => ({ method: 'POST', url: `/api${url}`, payload });
const put = (url: string, payload: object): Call => ({ method: 'PUT', url: `/api${url}`, payload });

interface ModuleRules {
  /** The tables the module's writes change: a refused write leaves them as they were. */
  tables: Table[];
  otherReads?: () => Call[];
  otherWrites?: () => Call[];
  siteWrites?: () => Call[];
  inspectorReads?: () => Call[];
  /** false for a call that never ends when allowed (the events stream). */
  viewerReadsToo?: boolean;
  allowed?: () => { who: User; call: Call; changed: () => Promise<void> };
}

const ctx = useTestApp();
const headers = {} as Record<User, Record<string, string>>;
/** The demo company's Harbourfront Tower (x) and the other company's site (o), with their data. */
let x: Awaited<ReturnType<typeof addSiteData>>;
let o: Awaited<ReturnType<typeof addSiteData>>;

beforeAll(async () => {
  const db = ctx.db.db;
  const other = await seedOtherCompany(db);
  o = await addSiteData(db, { companyId: other.companyId, siteId: other.siteId, tenantId: other.tenantId });
  const ht = await projectOf(db, ctx.companyId, DEMO.firstSiteName);
  x = await addSiteData(db, { companyId: ctx.companyId, siteId: ht.tenantGroupId, tenantId: ht.tenantId });
  // A Read-Only account given editor access: the account type wins, it changes nothing.
  await addUser(db, {
    companyId: ctx.companyId,
    username: 'readonly',
    password: DEMO.password,
    accountType: 'READONLY_MEMBER',
    grants: [{ tenantGroupId: x.siteId, access: 2 }],
  });
  for (const u of ['admin', 'editor', 'viewer', 'inspector', 'readonly'] as const) {
    headers[u] = (await signIn(ctx, u)).headers;
  }
});

const send = (who: User, c: Call) =>
  ctx.app.inject({ method: c.method, url: c.url, headers: headers[who], payload: c.payload });

/** Every row of the tables, in a stable order. */
async function snapshot(tables: Table[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of tables) {
    const rows = await ctx.db.db
      .selectFrom(t as 'job')
      .selectAll()
      .execute();
    out[t] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

async function expectRefused(who: User, c: Call, statuses = c.refused ?? [403, 404]): Promise<string> {
  const res = await send(who, c);
  const what = `${who}: ${c.method} ${c.url} answered ${res.statusCode} ${res.body.slice(0, 160)}`;
  expect(statuses, what).toContain(res.statusCode);
  const code = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' }[res.statusCode];
  expect(res.json().error.code, what).toBe(code);
  return res.json().error.message as string;
}

/** The tests of one module, from its rules. */
function checkModule(rules: ModuleRules): void {
  const { otherReads, otherWrites, siteWrites, inspectorReads, allowed } = rules;
  if (otherReads) {
    it("another company's things cannot be read (403 or 404)", async () => {
      for (const c of otherReads()) await expectRefused('admin', c);
    });
  }
  if (otherWrites) {
    it("another company's things cannot be changed (403 or 404), and nothing changes", async () => {
      const before = await snapshot(rules.tables);
      for (const c of otherWrites()) await expectRefused('admin', c);
      expect(await snapshot(rules.tables)).toEqual(before);
    });
  }
  if (siteWrites) {
    it.each(['viewer', 'readonly', 'inspector'] as const)(
      '%s cannot change Harbourfront Tower (403), and nothing changes',
      async (who) => {
        const before = await snapshot(rules.tables);
        for (const c of siteWrites()) await expectRefused(who, c, [403]);
        expect(await snapshot(rules.tables)).toEqual(before);
      },
    );
  }
  if (inspectorReads) {
    it('the inspector cannot read Harbourfront Tower on the web (403); the viewer can', async () => {
      for (const c of inspectorReads()) {
        expect(await expectRefused('inspector', c, [403])).toMatch(/Inspectors use the mobile app/);
        if (rules.viewerReadsToo === false) continue;
        const res = await send('viewer', c);
        expect(res.statusCode, `viewer: ${c.method} ${c.url} ${res.body.slice(0, 160)}`).toBe(200);
      }
    });
  }
  if (allowed) {
    it('a write the role allows goes through', async () => {
      const { who, call, changed } = allowed();
      const res = await send(who, call);
      expect(res.statusCode, `${who}: ${call.method} ${call.url} ${res.body.slice(0, 160)}`).toBe(200);
      await changed();
    });
  }
}

const MJ = '/analytics/concrete/maturity/jobs';
const MD = '/analytics/concrete/data/maturity';
const DJ = '/analytics/data/jobs';
const row = (table: 'job' | 'sensor' | 'concrete_profile', id: number) =>
  ctx.db.db
    .selectFrom(table as 'job')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow() as Promise<Record<string, unknown>>;

describe('jobsites', () => {
  checkModule({
    tables: ['tenant_group', 'tenant', 'user_tenant_group'],
    otherReads: () => [
      get(`/tenants/groups/${o.siteId}`),
      get(`/tenants/by_tenant_group/list?tenantGroupId=${o.siteId}`),
      get(`/tenants?companyId=${o.companyId}`),
      get(`/tenants/groups/by_companyId/list?companyId=${o.companyId}`),
      get(`/tenants/groups/list/by_user?companyId=${o.companyId}&username=${OTHER.username}`),
    ],
    inspectorReads: () => [
      get(`/tenants/by_tenant_group/list?tenantGroupId=${x.siteId}`),
      get(`/tenants/by_tenant_group_type/list?tenantGroupId=${x.siteId}&tenantType=Concrete`),
    ],
  });
});

describe('jobs', () => {
  const calls = (s: typeof x) => [
    post(MJ, { tenantId: s.tenantId, nodeId: s.spareNodeId, channelJobName: 'Level 4 slab' }),
    post(`${MJ}/cmd/stop`, { id: s.maturityJobId }),
    post(`${MJ}/cmd/assign_profile`, { id: s.maturityJobId, concreteProfileId: s.profileId }),
    post('/analytics/channel/jobs', {
      kind: 'DATA',
      tenantId: s.tenantId,
      nodeId: s.spareNodeId,
      channelJobName: 'x',
    }),
    post('/analytics/channel/jobs/cmd/stop', { id: s.gpsJobId }),
  ];
  checkModule({
    tables: ['job', 'job_group'],
    otherWrites: () => calls(o),
    siteWrites: () => calls(x),
    allowed: () => ({
      who: 'editor',
      call: calls(x)[0],
      changed: async () => {
        const job = await ctx.db.db
          .selectFrom('job')
          .select(['name', 'tenant_group_id'])
          .where('node_id', '=', x.spareNodeId)
          .executeTakeFirstOrThrow();
        expect(job).toEqual({ name: 'Level 4 slab', tenant_group_id: x.siteId });
      },
    }),
  });
});

describe('maturity', () => {
  const reads = (s: typeof x) => [
    get(`${MJ}/${s.maturityJobId}`),
    get(`${MJ}/details/${s.maturityJobId}`),
    get(`${MD}/average?msjId=${s.maturityJobId}`),
    get(`${MJ}/info/by_tenant?tenant=${s.tenantId}`),
    get(`${MJ}/cmd/get_count?tenantGroupId=${s.siteId}`),
    post(`${MJ}/paged`, { page: 0, rpp: 10, tenantGroupId: s.siteId }),
    post(`${MJ}/sensors`, { ids: [s.maturityJobId] }),
    get(`/channels/sensors/list?tenantGroupId=${s.siteId}`),
    get(`/channels/sensors/list/by_nid/${s.maturityNodeId}`),
    get(`/channels/sensors/list/by_cjg/${s.jobGroupId}`),
    post('/data/measurement/time/by_sids', { sensorIds: [s.temperatureSensorId] }),
    get(`/analytics/measurement/mdm/by_cjg/${s.jobGroupId}?sensorType=Temperature`),
  ];
  const blacklist = (s: typeof x) =>
    post(`${MJ}/blacklist/sensors`, {
      id: s.maturityJobId,
      sensorIds: [s.temperatureSensorId],
      blacklisted: true,
    });
  checkModule({
    tables: ['job', 'sensor'],
    otherReads: () => reads(o),
    otherWrites: () => [blacklist(o)],
    siteWrites: () => [blacklist(x)],
    inspectorReads: () => reads(x),
    allowed: () => ({
      who: 'editor',
      call: blacklist(x),
      changed: async () => expect((await row('sensor', x.temperatureSensorId)).blacklisted).toBe(1),
    }),
  });

  it("lists across the caller's sites leave out the inspector's", async () => {
    const paged = post(`${MJ}/paged`, { page: 0, rpp: 10 });
    expect((await send('viewer', paged)).json().total).toBeGreaterThan(0);
    expect((await send('inspector', paged)).json()).toMatchObject({ total: 0, content: [] });
  });
});

describe('measurements', () => {
  const reads = (s: typeof x) => [
    get(`${DJ}/details/${s.dataJobId}`),
    get(`${DJ}/by_cjg?cjgId=${s.jobGroupId}`),
    post(`${DJ}/sensors`, { ids: [s.dataJobId] }),
    get(`${DJ}/cmd/get_active_count?tenantGroupId=${s.siteId}`),
    get(`/analytics/microweather/node/jobs/cmd/get_active_count?tenantId=${s.tenantId}`),
    get(`/channels/nodes/status/messages/latest/by_nid/${s.maturityNodeId}`),
  ];
  checkModule({ tables: [], otherReads: () => reads(o), inspectorReads: () => reads(x) });

  it("lists across the caller's sites leave out the inspector's", async () => {
    expect((await send('viewer', get(`${DJ}/cmd/get_active_count`))).json()).toEqual({ count: 1 });
    expect((await send('inspector', get(`${DJ}/cmd/get_active_count`))).json()).toEqual({ count: 0 });
  });
});

describe('gps', () => {
  const reads = (s: typeof x) => [
    get(`/location/gps/jobs/details/${s.gpsJobId}`),
    get(`/location/gps/jobs/by_group/with_data?cjgId=${s.jobGroupId}`),
    get(`/data/warehouse/location/time/by_jobid?jobId=${s.gpsJobId}`),
  ];
  checkModule({ tables: [], otherReads: () => reads(o), inspectorReads: () => reads(x) });
});

describe('nodes', () => {
  const writes = (s: typeof x) => [
    put('/channels/sensors/cmd/assign_alias', { sensorId: s.temperatureSensorId, alias: 'Column C4' }),
    put('/channels/sensors/cmd/decommission', { sensorId: s.temperatureSensorId, decommissioned: true }),
    put('/channels/sensors/cmd/blacklist', { sensorId: s.temperatureSensorId, blacklisted: true }),
    put('/nodes/cmd/assign_cable', { nodeId: s.maturityNodeId, cableId: null }),
    post('/nodes', { id: 799_001, nodeType: 'Gas', name: 'Intruder', tenantGroupId: s.siteId }),
  ];
  const reads = (s: typeof x) => [
    get(`/nodes/list/by_tenant?tenantGroupId=${s.siteId}`),
    get(`/nodes/list/by_tenant?tenantId=${s.tenantId}`),
    get(`/nodes/cmd/fetch/${s.maturityNodeId}`),
  ];
  checkModule({
    tables: ['node', 'sensor', 'cable'],
    otherReads: () => reads(o),
    otherWrites: () => writes(o),
    siteWrites: () => writes(x),
    inspectorReads: () => reads(x),
    allowed: () => ({
      who: 'editor',
      call: writes(x)[0],
      changed: async () => expect((await row('sensor', x.temperatureSensorId)).alias).toBe('Column C4'),
    }),
  });
});

describe('alarms', () => {
  const reads = (s: typeof x) => [
    get(`/alarms/by_msj/${s.maturityJobId}`),
    get(`/alarms/by_cj/${s.dataJobId}`),
    get(`/alarms/sensor_threshold/by_cjg?cjgId=${s.jobGroupId}`),
    get(`/alarms/maturity_strength_threshold/by_cjg?cjgId=${s.jobGroupId}`),
    get(`/analytics/cjgj/average_strength_alarm/jobs/${s.jobGroupId}`),
  ];
  const writes = (s: typeof x) => [
    post('/alarms', {
      alarmData: { alarmType: 'SENSOR_THRESHOLD', msjId: s.maturityJobId, mediumThresholdHBound: 30 },
    }),
    post('/alarms', {
      alarmData: { alarmType: 'MATURITY_STRENGTH_THRESHOLD', msjId: s.maturityJobId, singularThreshold: 25 },
    }),
    post('/alarms', {
      alarmData: { alarmType: 'SENSOR_THRESHOLD', cjId: s.dataJobId, mediumThresholdHBound: 35 },
    }),
  ];
  checkModule({
    tables: ['job'],
    otherReads: () => reads(o),
    otherWrites: () => writes(o),
    siteWrites: () => writes(x),
    inspectorReads: () => reads(x),
    allowed: () => ({
      who: 'editor',
      call: writes(x)[0],
      changed: async () =>
        expect(JSON.parse(String((await row('job', x.maturityJobId)).alarm_data))).toMatchObject({
          mediumThresholdHBound: 30,
        }),
    }),
  });
});

describe('profiles', () => {
  const breaks = [
    { maturity: 100, strength: 5 },
    { maturity: 2000, strength: 20 },
  ];
  checkModule({
    tables: ['concrete_profile', 'job'],
    otherReads: () => [
      get(`/concrete/conprofiles/${o.profileId}`),
      get(`/concrete/conprofiles/by_company?companyId=${o.companyId}`),
    ],
    otherWrites: () => [put(`/concrete/conprofiles/${o.profileId}`, { name: 'Taken' })],
    // Profiles belong to the company: any change needs a company admin or a site admin or editor.
    siteWrites: () => [
      post('/concrete/conprofiles', { name: 'New mix', breaks }),
      put(`/concrete/conprofiles/${x.profileId}`, { name: 'Renamed mix' }),
    ],
    allowed: () => ({
      who: 'editor',
      call: put(`/concrete/conprofiles/${x.profileId}`, { name: 'Renamed mix' }),
      changed: async () => expect((await row('concrete_profile', x.profileId)).name).toBe('Renamed mix'),
    }),
  });
});

describe('exports', () => {
  const reads = (s: typeof x) => [
    get(`/data/measurement/temperature/file?jobId=${s.maturityJobId}`),
    get(`/data/measurement/temperature/file?sensorIds=${s.temperatureSensorId}`),
    get(`/data/measurement/humidity/file?jobId=${s.maturityJobId}`),
    get(`/analytics/concrete/data/maturity/file?jobId=${s.maturityJobId}`),
  ];
  checkModule({ tables: [], otherReads: () => reads(o), inspectorReads: () => reads(x) });
});

describe('lumimon', () => {
  const reads = (s: typeof x) => [
    get(`/analytics/lumimon/jobs/overview/by_tenant_group/${s.siteId}`),
    get(`/analytics/lumimon/jobs/overview/by_tenant_group/${s.siteId}?tenantId=${s.tenantId}`),
  ];
  checkModule({ tables: [], otherReads: () => reads(o), inspectorReads: () => reads(x) });
});

describe('events', () => {
  // A granted stream never ends, so only the refusals are called here (events.test.ts reads one).
  checkModule({
    tables: [],
    otherReads: () => [get(`/events/stream?tenantGroupId=${o.siteId}`)],
    inspectorReads: () => [get(`/events/stream?tenantGroupId=${x.siteId}`)],
    viewerReadsToo: false,
  });
});

describe('companies', () => {
  checkModule({
    tables: ['company', 'company_module', 'company_asset'],
    otherReads: () => [
      get(`/companies/${o.companyId}`),
      get(`/companies/modules/by_companyId?companyId=${o.companyId}`),
      get(`/companies/modules/by_companyId/by_module_type?companyId=${o.companyId}&moduleType=Concrete`),
      get(`/companies/assets/by_companyId?companyId=${o.companyId}`),
    ],
  });
});

describe('settings', () => {
  const setting = (username: string, companyId: number, val = 'es') => ({
    username,
    companyId,
    userSettingType: 'Language',
    val,
  });
  checkModule({
    tables: ['user_setting'],
    otherReads: () => [
      get(`/settings/user?username=${OTHER.username}&companyId=${o.companyId}&userSettingType=Language`),
    ],
    otherWrites: () => [put('/settings/user', setting(OTHER.username, o.companyId))],
    // Settings are each user's own: nobody but the user changes them.
    siteWrites: () => [put('/settings/user', setting(DEMO.users.editor, ctx.companyId))],
    // A Read-Only account still changes its own settings.
    allowed: () => ({
      who: 'readonly',
      call: put('/settings/user', setting('readonly', ctx.companyId)),
      changed: async () => {
        const res = await send(
          'readonly',
          get(`/settings/user?username=readonly&companyId=${ctx.companyId}&userSettingType=Language`),
        );
        expect(res.json()).toEqual({ type: 'Language', val: 'es' });
      },
    }),
  });
});

describe('ingest', () => {
  const writes = (s: typeof x) => [
    post('/gateways', { name: 'Intruder gateway', tenantGroupId: s.siteId }),
    post(`/gateways/${s.gatewayId}/cmd/rotate_key`),
  ];
  checkModule({
    tables: ['gateway', 'reading', 'rejected_reading'],
    otherWrites: () => [
      ...writes(o),
      // Readings come with a gateway key; a user's access token stores nothing.
      {
        ...post('/ingest/readings', {
          readings: [
            { nodeId: o.maturityNodeId, channelId: 1, sensorType: 'Temperature', ts: Date.now(), value: 99 },
          ],
        }),
        refused: [401],
      },
    ],
    siteWrites: () => writes(x),
    // Gateways are registered by company admins only.
    allowed: () => ({
      who: 'admin',
      call: writes(x)[0],
      changed: async () => {
        const names = await ctx.db.db
          .selectFrom('gateway')
          .select('name')
          .where('tenant_group_id', '=', x.siteId)
          .execute();
        expect(names.map((g) => g.name)).toContain('Intruder gateway');
      },
    }),
  });

  it("gateway lists hold the caller's readable sites only", async () => {
    const ids = async (who: User) =>
      ((await send(who, get('/gateways'))).json() as { id: number }[]).map((g) => g.id);
    expect(await ids('admin')).toContain(x.gatewayId);
    expect(await ids('admin')).not.toContain(o.gatewayId);
    expect(await ids('viewer')).toContain(x.gatewayId);
    expect(await ids('inspector')).not.toContain(x.gatewayId);
  });
});

describe('signoffs', () => {
  const path = (s: typeof x) => `${MJ}/signoffs/${s.maturityJobId}`;
  const record = (s: typeof x) => post(path(s), { decision: 'FORMS_STRIPPED', note: 'Forms off' });
  checkModule({
    tables: ['job_signoff'],
    otherReads: () => [get(path(o))],
    otherWrites: () => [record(o)],
    siteWrites: () => [record(x)],
    inspectorReads: () => [get(path(x))],
  });
});

describe('alarm events', () => {
  const ids = { x: 0, o: 0 };
  beforeAll(async () => {
    const raise = async (s: typeof x) => {
      const r = await ctx.db.db
        .insertInto('alarm_event')
        .values({
          company_id: s.companyId,
          tenant_group_id: s.siteId,
          kind: 'SENSOR_THRESHOLD',
          alarm_key: `SENSOR_THRESHOLD:job:${s.maturityJobId}:sensor:${s.temperatureSensorId}:high`,
          job_id: s.maturityJobId,
          sensor_id: s.temperatureSensorId,
          node_id: s.maturityNodeId,
          side: 'high',
          quantity: 'Temperature',
          value: 41,
          bound: 40,
          raised_at: Date.now() - 60_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    };
    ids.x = await raise(x);
    ids.o = await raise(o);
  });
  const ack = (id: number) => post(`/alarms/events/${id}/ack`, { note: 'Seen on site' });
  // Acknowledging is for everyone who may read the site (viewers included): no siteWrites row.
  checkModule({
    tables: ['alarm_event'],
    otherReads: () => [
      get(`/alarms/events?tenantGroupId=${o.siteId}`),
      get(`/alarms/events/${ids.o}/messages`),
    ],
    otherWrites: () => [ack(ids.o)],
    inspectorReads: () => [
      get(`/alarms/events?tenantGroupId=${x.siteId}`),
      get(`/alarms/events/${ids.x}/messages`),
    ],
    allowed: () => ({
      who: 'viewer',
      call: ack(ids.x),
      changed: async () => {
        const r = await ctx.db.db
          .selectFrom('alarm_event')
          .select(['ack_note', 'acknowledged_by'])
          .where('id', '=', ids.x)
          .executeTakeFirstOrThrow();
        expect(r.ack_note).toBe('Seen on site');
        expect(r.acknowledged_by).not.toBeNull();
      },
    }),
  });
});

describe('forecast', () => {
  const targets = (s: typeof x) => `${MJ}/targets/${s.maturityJobId}`;
  const reads = (s: typeof x) => [
    get(targets(s)),
    get(`${MJ}/forecast/${s.maturityJobId}`),
    get(`${MJ}/forecast?tenantGroupId=${s.siteId}`),
    get(`${MJ}/forecast?tenant=${s.tenantId}`),
  ];
  const set = (s: typeof x) =>
    put(targets(s), { targets: [{ kind: 'DESIGN', enteredValue: 30, enteredUnit: 'MPa' }] });
  checkModule({
    tables: ['job', 'job_target'],
    otherReads: () => reads(o),
    otherWrites: () => [set(o)],
    siteWrites: () => [set(x)],
    inspectorReads: () => reads(x),
    allowed: () => ({
      who: 'editor',
      call: set(x),
      changed: async () => {
        const rows = await ctx.db.db
          .selectFrom('job_target')
          .select(['kind', 'strength_mpa'])
          .where('job_id', '=', x.maturityJobId)
          .execute();
        expect(rows).toEqual([{ kind: 'DESIGN', strength_mpa: 30 }]);
      },
    }),
  });
});

describe('pairs', () => {
  const path = (s: typeof x) => `${MJ}/pairs/${s.maturityJobId}`;
  // The site data's maturity job has one temperature sensor: an empty list is the write that passes checks.
  const set = (s: typeof x) => put(path(s), { pairs: [] });
  checkModule({
    tables: ['job_sensor_pair'],
    otherReads: () => [get(path(o))],
    otherWrites: () => [set(o)],
    siteWrites: () => [set(x)],
    inspectorReads: () => [get(path(x))],
    allowed: () => ({
      who: 'editor',
      call: set(x),
      changed: async () => {
        const rows = await ctx.db.db
          .selectFrom('job_sensor_pair')
          .selectAll()
          .where('job_id', '=', x.maturityJobId)
          .execute();
        expect(rows).toEqual([]);
      },
    }),
  });
});

describe('reports', () => {
  const RR = '/analytics/report/requests';
  let adminScheduleId: number;
  beforeAll(async () => {
    // A schedule of the site's admin: nobody but its owner or a site admin stops it.
    const admin = await ctx.db.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', DEMO.users.admin)
      .where('company_id', '=', ctx.companyId)
      .executeTakeFirstOrThrow();
    const row = await ctx.db.db
      .insertInto('report_schedule')
      .values({
        company_id: ctx.companyId,
        tenant_group_id: x.siteId,
        owner_user_id: admin.id,
        owner_username: DEMO.users.admin,
        is_active: 1,
        name: 'Weekly raw data',
        type: 'RAW_DATA_CSV',
        frequency: 'WEEKLY',
        week_days: '[1]',
        month_day: null,
        time_of_day: '07:00',
        time_zone: 'UTC',
        request: JSON.stringify({ type: 'RAW_DATA_CSV', attributes: { sensorIds: [x.temperatureSensorId] } }),
        next_run_at: Date.now() + 86_400_000,
        last_run_at: null,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    adminScheduleId = row.id;
  });
  const reads = (s: typeof x) => [
    get(`${RR}/by_tenant_group?tenantGroupId=${s.siteId}`),
    get(`${RR}/schedules/by_tenant_group/with_latest_rr?tenantGroupId=${s.siteId}`),
    get(`/analytics/report/msj/sensors/by_cjg?cjgId=${s.jobGroupId}`),
    get(`/analytics/report/msj/sensors/by_tenant_group?tenantGroupId=${s.siteId}`),
    get(`/analytics/report/nodes/by_tenant_group?tenantGroupId=${s.siteId}`),
    post(`${RR}/list/by_user`, { tenantGroupId: s.siteId }),
    post(`${RR}/list/by_msjId/${s.maturityJobId}`),
  ];
  checkModule({
    tables: ['report_request', 'report_schedule'],
    otherReads: () => reads(o),
    otherWrites: () => [
      post(`${RR}/msj/by_job?tenant=${o.siteId}`, {
        type: 'RAW_DATA_CSV',
        attributes: { sensorIds: [o.temperatureSensorId] },
      }),
      post(`${RR}/schedules`, {
        tenantGroupId: o.siteId,
        request: { type: 'RAW_DATA_CSV', attributes: { sensorIds: [o.temperatureSensorId] } },
        frequency: 'DAILY',
        timeOfDay: '07:00',
        timeZone: 'UTC',
      }),
    ],
    // Viewers make reports of their sites; stopping someone else's schedule needs its owner or a site admin.
    siteWrites: () => [put(`${RR}/schedules/cmd/toggle/by_id`, { id: adminScheduleId, isActive: false })],
    inspectorReads: () => reads(x),
    allowed: () => ({
      who: 'admin',
      call: put(`${RR}/schedules/cmd/toggle/by_id`, { id: adminScheduleId, isActive: false }),
      changed: async () => {
        const row = await ctx.db.db
          .selectFrom('report_schedule')
          .select(['is_active', 'next_run_at'])
          .where('id', '=', adminScheduleId)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ is_active: 0, next_run_at: null });
      },
    }),
  });
});

describe('notifications', () => {
  const TOGGLE = '/emailnotifications/cmd/toggle';
  const BY_SITE = '/tenant/groups/emailnotifications/by_tenant_group';
  let editorId = 0;
  let otherAdminId = 0;
  beforeAll(async () => {
    const id = async (companyId: number, username: string) =>
      (
        await ctx.db.db
          .selectFrom('app_user')
          .select('id')
          .where('company_id', '=', companyId)
          .where('username', '=', username)
          .executeTakeFirstOrThrow()
      ).id;
    editorId = await id(ctx.companyId, DEMO.users.editor);
    otherAdminId = await id(o.companyId, OTHER.username);
  });
  checkModule({
    tables: ['email_subscription'],
    otherReads: () => [get(`${BY_SITE}?tenantGroupId=${o.siteId}`)],
    otherWrites: () => [
      post(TOGGLE, { tenantGroupId: o.siteId, enabled: false }),
      post(TOGGLE, { tenantGroupId: o.siteId, enabled: false, userId: otherAdminId }),
      post(TOGGLE, { tenantGroupId: x.siteId, enabled: false, userId: otherAdminId }),
    ],
    // Only the site's admins change a member's alarm e-mails (and read who gets them).
    siteWrites: () => [post(TOGGLE, { tenantGroupId: x.siteId, enabled: false, userId: editorId })],
    // The viewer is refused too (not a site admin): checked in notifications.test.ts.
    inspectorReads: () => [get(`${BY_SITE}?tenantGroupId=${x.siteId}`)],
    viewerReadsToo: false,
    allowed: () => ({
      who: 'admin',
      call: post(TOGGLE, { tenantGroupId: x.siteId, enabled: false, userId: editorId }),
      changed: async () => {
        const row = await ctx.db.db
          .selectFrom('email_subscription')
          .select('enabled')
          .where('user_id', '=', editorId)
          .where('tenant_group_id', '=', x.siteId)
          .executeTakeFirstOrThrow();
        expect(row.enabled).toBe(0);
      },
    }),
  });
});
