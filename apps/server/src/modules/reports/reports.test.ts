import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReportRequest, ReportSchedule } from '@sitepulse/contracts';
import { REPORT_ITEMS_MAX } from '@sitepulse/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { openDb } from '../../db/index.ts';
import { DEMO, seedDemo } from '../../demo/seed.ts';
import { addSiteData, addUser, OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { projectOf } from '../../test/sensor-fixtures.ts';
import { useSmtpServer } from '../../test/smtp.ts';
import { signIn, type TestContext, testConfig } from '../../test/test-app.ts';
import { createTestDb } from '../../test/test-db.ts';
import { ReportError } from './generators/types.ts';
import type { ReportGenerators } from './service.ts';
import { createReportWorker, REPORT_ABANDONED, REPORT_FAILED } from './worker.ts';

/** How many times each request's file was generated (a request made twice is a bug). */
const generated = new Map<number, number>();
/** Requests whose generator waits here until released (or aborted): a report "being made". */
const held = new Map<number, () => void>();

/** The bytes the test generator writes for a request: they must come back from the download unchanged. */
const bytesOf = (id: number, from: number, to: number) =>
  `sensor,ts,value\r\n${id},${from},${to}\r\nçé,1,2\r\n`;

/**
 * Small generators of our own: the real ones are tested beside them (generators/). The request's name
 * picks the behaviour: 'fail' a ReportError, 'crash' any other error, 'hold' waits to be released.
 */
const testGenerators: ReportGenerators = {
  async RAW_DATA_CSV(ctx) {
    const id = ctx.request.id;
    generated.set(id, (generated.get(id) ?? 0) + 1);
    if (ctx.request.name === 'fail') throw new ReportError('No readings in the range');
    if (ctx.request.name === 'crash') throw new Error('disk on fire');
    if (ctx.request.name === 'hold') {
      await new Promise<void>((resolve, reject) => {
        held.set(id, resolve);
        ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true });
      });
    }
    ctx.out.end(bytesOf(id, ctx.attributes.from, ctx.attributes.to));
  },
  async CS_POUR_REPORT(ctx) {
    generated.set(ctx.request.id, (generated.get(ctx.request.id) ?? 0) + 1);
    ctx.out.write('%PDF-1.4\n');
    ctx.out.end(`% ${ctx.request.name} ${ctx.attributes.units} ${ctx.attributes.language}\n`);
  },
};

const smtp = useSmtpServer();
const ctx = {} as TestContext & { reportsDir: string; close: () => Promise<void> };
let second: App;
let secondClose: () => Promise<void>;
let x: Awaited<ReturnType<typeof addSiteData>>;
let o: Awaited<ReturnType<typeof addSiteData>>;
let otherSiteId: number;
const h = {} as Record<
  'admin' | 'editor' | 'viewer' | 'inspector' | 'other' | 'viewer2',
  Record<string, string>
>;
const tokens = {} as Record<keyof typeof h, string>;
const ids = {} as Record<'editor' | 'viewer' | 'inspector' | 'viewer2', number>;

beforeAll(async () => {
  const db = await createTestDb();
  const { companyId } = await seedDemo(db.db);
  const reportsDir = mkdtempSync(join(tmpdir(), 'sitepulse-reports-'));
  const config = testConfig({ ...smtp.env, REPORTS_DIR: reportsDir, PUBLIC_URL: 'https://reports.example' });
  const app = await buildApp({ config, db, logger: false, services: { reportGenerators: testGenerators } });
  await app.ready();
  // A second server on the same database. PostgreSQL: its own connection pool, as a second process
  // would have. SQLite serves one process (its driver is synchronous: two connections of one process
  // would wait on each other): the second server shares the connection.
  const db2 = db.dialect === 'postgres' ? openDb(db.url) : db;
  second = await buildApp({ config, db: db2, logger: false, services: { reportGenerators: testGenerators } });
  await second.ready();
  secondClose = async () => {
    await second.close();
    if (db2 !== db) await db2.close();
  };
  Object.assign(ctx, {
    app,
    db,
    config,
    companyId,
    reportsDir,
    close: async () => {
      await app.close();
      await db.destroy();
      rmSync(reportsDir, { recursive: true, force: true });
    },
  });
  const other = await seedOtherCompany(db.db);
  o = await addSiteData(db.db, {
    companyId: other.companyId,
    siteId: other.siteId,
    tenantId: other.tenantId,
  });
  const ht = await projectOf(db.db, companyId, DEMO.firstSiteName);
  x = await addSiteData(db.db, { companyId, siteId: ht.tenantGroupId, tenantId: ht.tenantId });
  const otherSite = await db.db
    .selectFrom('tenant_group')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '!=', x.siteId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  otherSiteId = otherSite.id;
  ids.viewer2 = await addUser(db.db, {
    companyId,
    username: 'viewer2',
    password: DEMO.password,
    accountType: 'USER',
    grants: [{ tenantGroupId: otherSiteId, access: 4 }],
  });
  for (const u of ['editor', 'viewer', 'inspector'] as const) {
    ids[u] = (
      await db.db.selectFrom('app_user').select('id').where('username', '=', u).executeTakeFirstOrThrow()
    ).id;
  }
  // The editor reads Spanish: the report e-mail is written in it.
  await setting(ids.editor, 'Language', 'es');
  for (const u of ['admin', 'editor', 'viewer', 'inspector', 'viewer2'] as const) {
    const s = await signIn(ctx, u);
    h[u] = s.headers;
    tokens[u] = s.tokens.accessToken;
  }
  const os = await signIn(ctx, OTHER.username, OTHER.password, other.companyId);
  h.other = os.headers;
  tokens.other = os.tokens.accessToken;
});

async function setting(userId: number, type: string, val: string) {
  await ctx.db.db.deleteFrom('user_setting').where('user_id', '=', userId).where('type', '=', type).execute();
  await ctx.db.db.insertInto('user_setting').values({ user_id: userId, type, val }).execute();
}

afterAll(async () => {
  await secondClose?.();
  await ctx.close?.();
});

const RR = '/api/analytics/report/requests';
type Who = keyof typeof h;

function create(who: Who, body: object, siteId = x.siteId) {
  return ctx.app.inject({
    method: 'POST',
    url: `${RR}/msj/by_job?tenant=${siteId}`,
    headers: h[who],
    payload: body,
  });
}
async function created(who: Who, body: object, siteId = x.siteId): Promise<ReportRequest> {
  const res = await create(who, body, siteId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const rawCsv = (extra: object = {}) => ({
  type: 'RAW_DATA_CSV',
  attributes: { sensorIds: [x.temperatureSensorId] },
  ...extra,
});
const rowOf = (id: number) =>
  ctx.db.db.selectFrom('report_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const download = (name: string, token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/analytics/report/s3/file/${name}?token=${encodeURIComponent(token)}`,
  });
const worker = (app: App = ctx.app, opts: Partial<Parameters<typeof createReportWorker>[0]> = {}) =>
  createReportWorker({ services: app.services, ...opts });
const count = async (table: 'report_request' | 'report_schedule') =>
  Number(
    (
      await ctx.db.db
        .selectFrom(table)
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a report request', () => {
  it('is stored NEW at once (201), made by the worker, and downloads byte for byte', async () => {
    const from = Date.now() - 6 * 3600_000;
    const to = Date.now() - 3600_000;
    const rr = await created(
      'viewer',
      rawCsv({ name: 'Level 3 temperatures', attributes: { sensorIds: [x.temperatureSensorId], from, to } }),
    );
    expect(rr).toMatchObject({
      status: 'NEW',
      format: 'csv',
      ownerUsername: 'viewer',
      fileName: null,
      auto: false,
    });
    // Filled from the owner's settings (none set: the defaults).
    expect(rr.attributes).toMatchObject({ from, to, units: 'Metric', language: 'en', timeZone: 'UTC' });

    expect(await worker().runOnce()).toBe(true);
    const row = await rowOf(rr.id);
    expect(row.status).toBe('DONE');
    expect(row.file_name).toMatch(/^report-\d+-raw-data-csv-\d{4}-\d\d-\d\d\.csv$/);
    const expected = Buffer.from(bytesOf(rr.id, from, to));
    expect(Number(row.file_size)).toBe(expected.length);

    const res = await download(row.file_name as string, tokens.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${row.file_name}"; filename*=UTF-8''${encodeURIComponent(String(row.file_name))}`,
    );
    expect(res.rawPayload.equals(expected)).toBe(true);

    const list = await ctx.app.inject({
      method: 'POST',
      url: `${RR}/list/by_user`,
      headers: h.viewer,
      payload: { tenantGroupId: x.siteId },
    });
    expect(list.json().find((r: ReportRequest) => r.id === rr.id)).toMatchObject({
      status: 'DONE',
      fileName: row.file_name,
      fileSize: expected.length,
    });
    expect(await worker().runOnce()).toBe(false);
  });

  it('defaults a job report to the whole run of its job, in the owner units and language', async () => {
    await setting(ids.viewer, 'SystemOfMeasurement', 'Imperial');
    await setting(ids.viewer, 'DisplayTimeZone', 'America/Toronto');
    const rr = await created('viewer', { type: 'CS_POUR_REPORT', msjId: x.maturityJobId });
    const job = await ctx.db.db
      .selectFrom('job')
      .selectAll()
      .where('id', '=', x.maturityJobId)
      .executeTakeFirstOrThrow();
    expect(rr.attributes.from).toBe(job.start_date);
    expect(rr.attributes.to).toBeGreaterThanOrEqual(rr.creationDate - 1);
    expect(rr.attributes).toMatchObject({ units: 'Imperial', timeZone: 'America/Toronto' });
    expect(rr).toMatchObject({ msjId: x.maturityJobId, channelJobName: 'Maturity job', format: 'pdf' });
    await worker().drain();
    const row = await rowOf(rr.id);
    const res = await download(row.file_name as string, tokens.admin);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.body).toContain('Imperial en');
  });

  it('ends ERROR with the generator reason as it is, or a plain one for anything else', async () => {
    const failed = await created('editor', rawCsv({ name: 'fail' }));
    const crashed = await created('editor', rawCsv({ name: 'crash' }));
    await worker().drain();
    expect(await rowOf(failed.id)).toMatchObject({
      status: 'ERROR',
      error: 'No readings in the range',
      file_name: null,
    });
    expect(await rowOf(crashed.id)).toMatchObject({ status: 'ERROR', error: REPORT_FAILED, file_name: null });
  });

  it('is taken over when its worker dies mid-generation (lease expired), and made once', async () => {
    const rr = await created('editor', rawCsv());
    // A worker claims it and dies: its lease is never renewed.
    const claimed = await ctx.app.services.reports.repo.claim(Date.now(), Date.now() + 60_000);
    expect(claimed).toMatchObject({ id: rr.id, status: 'RUNNING', attempts: 1 });
    expect(await worker().runOnce()).toBe(false); // still leased: nobody takes it
    // The lease runs out (set in the past rather than waited for: a loaded machine must not decide this test).
    await ctx.db.db
      .updateTable('report_request')
      .set({ lease_until: Date.now() - 1 })
      .where('id', '=', rr.id)
      .execute();
    await worker(second).drain();
    expect(await rowOf(rr.id)).toMatchObject({ status: 'DONE', attempts: 2 });
    expect(generated.get(rr.id)).toBe(1);
  });

  it('after too many dead workers ends ERROR instead of looping', async () => {
    const rr = await created('editor', rawCsv());
    const { repo } = ctx.app.services.reports;
    for (let i = 0; i < 3; i++) {
      expect((await repo.claim(Date.now(), Date.now() + 5))?.id).toBe(rr.id);
      await new Promise((r) => setTimeout(r, 10));
    }
    await worker().drain();
    expect(await rowOf(rr.id)).toMatchObject({ status: 'ERROR', error: REPORT_ABANDONED, attempts: 3 });
    expect(generated.get(rr.id)).toBeUndefined();
  });

  it('goes back to NEW when its server stops mid-generation, and the next worker makes it', async () => {
    const rr = await created('editor', rawCsv({ name: 'hold' }));
    const w = worker();
    const running = w.drain();
    while (!held.has(rr.id)) await new Promise((r) => setTimeout(r, 5));
    expect((await rowOf(rr.id)).status).toBe('RUNNING');
    await w.stop();
    await running;
    expect(await rowOf(rr.id)).toMatchObject({ status: 'NEW', attempts: 0 });
    held.delete(rr.id);
    const next = worker(second).drain();
    while (!held.has(rr.id)) await new Promise((r) => setTimeout(r, 5));
    held.get(rr.id)?.();
    await next;
    expect(await rowOf(rr.id)).toMatchObject({ status: 'DONE', attempts: 1 });
  });

  it('gives up a generation that takes longer than its limit', async () => {
    const rr = await created('editor', rawCsv({ name: 'hold' }));
    await worker(ctx.app, { generationLimitMs: 50 }).drain();
    expect((await rowOf(rr.id)).status).toBe('ERROR');
    expect((await rowOf(rr.id)).error).toMatch(/took longer than/);
  });

  it('is made once when two workers of two servers drain the queue together', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => created('editor', rawCsv())));
    await Promise.all([worker().drain(), worker(second).drain(), worker().drain()]);
    for (const rr of made) {
      expect(generated.get(rr.id), `request ${rr.id}`).toBe(1);
      expect((await rowOf(rr.id)).status).toBe('DONE');
    }
  });

  it('wakes the started worker of its server at once', async () => {
    const w = worker(ctx.app, { pollMs: 3_600_000 });
    w.start();
    try {
      const rr = await created('editor', rawCsv());
      while ((await rowOf(rr.id)).status !== 'DONE') await new Promise((r) => setTimeout(r, 10));
    } finally {
      await w.stop();
    }
  });

  it('is deleted with its file by its owner or a site admin, not by another reader', async () => {
    const rr = await created('viewer', rawCsv());
    await worker().drain();
    const name = (await rowOf(rr.id)).file_name as string;
    const del = (who: Who) =>
      ctx.app.inject({ method: 'DELETE', url: `${RR}/by_rrId/${rr.id}`, headers: h[who] });
    expect((await del('editor')).statusCode).toBe(403);
    expect((await del('inspector')).statusCode).toBe(403);
    expect((await del('other')).statusCode).toBe(404);
    expect(await ctx.app.services.reports.files.size(name)).toBeGreaterThan(0);
    expect((await del('viewer')).json()).toEqual({ ok: true });
    expect(await ctx.app.services.reports.files.open(name)).toBeNull();
    expect((await download(name, tokens.viewer)).statusCode).toBe(404);
    expect(
      await ctx.db.db.selectFrom('report_request').select('id').where('id', '=', rr.id).execute(),
    ).toEqual([]);

    const byEditor = await created('editor', rawCsv());
    const adminDel = await ctx.app.inject({
      method: 'DELETE',
      url: `${RR}/by_rrId/${byEditor.id}`,
      headers: h.admin,
    });
    expect(adminDel.statusCode).toBe(200);
  });
});

describe('the requests of a job, and linking one to a data document', () => {
  it('lists the requests about one maturity job, anyone of the site may; another company 404', async () => {
    const about = await created('editor', { type: 'CS_POUR_REPORT', msjId: x.maturityJobId });
    const other = await created('editor', rawCsv());
    const list = await ctx.app.inject({
      method: 'POST',
      url: `${RR}/list/by_msjId/${x.maturityJobId}`,
      headers: h.viewer,
    });
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((r: ReportRequest) => r.id);
    expect(ids).toContain(about.id);
    expect(ids).not.toContain(other.id);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `${RR}/list/by_msjId/${x.maturityJobId}`,
      headers: h.other,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('links a request to a data document (mddId): its owner may, another reader may not, and nothing changes then', async () => {
    const rr = await created('viewer', rawCsv());
    const link = (who: Who, mddId: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `${RR}/cmd/associate_with_mdd`,
        headers: h[who],
        payload: { mddId, rrId: rr.id },
      });
    expect((await link('editor', 7)).statusCode).toBe(403);
    expect((await rowOf(rr.id)).mdd_id).toBeNull();
    const ok = await link('viewer', 42);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: rr.id, mddId: 42 });
    expect((await rowOf(rr.id)).mdd_id).toBe(42);
    expect((await link('viewer', 0)).statusCode).toBe(400);
    expect((await rowOf(rr.id)).mdd_id).toBe(42);
  });
});

describe('who may see reports', () => {
  let name: string;
  beforeAll(async () => {
    const rr = await created('admin', rawCsv());
    await worker().drain();
    name = (await rowOf(rr.id)).file_name as string;
  });

  it("a viewer of another site, another company and an inspector cannot download; the site's viewer can", async () => {
    expect((await download(name, tokens.viewer)).statusCode).toBe(200);
    expect((await download(name, tokens.viewer2)).statusCode).toBe(404);
    expect((await download(name, tokens.other)).statusCode).toBe(404);
    const inspector = await download(name, tokens.inspector);
    expect(inspector.statusCode).toBe(403);
    expect(inspector.json().error.message).toMatch(/Inspectors use the mobile app/);
    expect((await download(name, 'not-a-token')).statusCode).toBe(401);
    expect((await ctx.app.inject(`/api/analytics/report/s3/file/${name}`)).statusCode).toBe(401);
    expect((await download('report-999999-raw-data-csv-2020-01-01.csv', tokens.admin)).statusCode).toBe(404);
  });

  it('an inspector can neither make nor list reports of the site', async () => {
    const before = await count('report_request');
    const res = await create('inspector', rawCsv());
    expect(res.statusCode).toBe(403);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `${RR}/by_tenant_group?tenantGroupId=${x.siteId}`,
      headers: h.inspector,
    });
    expect(list.statusCode).toBe(403);
    expect(await count('report_request')).toBe(before);
  });

  it("another company's site, sensors and job groups are not found", async () => {
    expect((await create('admin', rawCsv(), o.siteId)).statusCode).toBe(404);
    for (const url of [
      `/api/analytics/report/msj/sensors/by_cjg?cjgId=${o.jobGroupId}`,
      `/api/analytics/report/msj/sensors/by_tenant_group?tenantGroupId=${o.siteId}`,
      `/api/analytics/report/nodes/by_tenant_group?tenantGroupId=${o.siteId}`,
      `${RR}/by_tenant_group?tenantGroupId=${o.siteId}`,
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: h.admin })).statusCode, url).toBe(404);
    }
  });

  it('the report form lists the site sensors and nodes, blacklisted ones marked', async () => {
    const sensors = await ctx.app.inject({
      url: `/api/analytics/report/msj/sensors/by_cjg?cjgId=${x.jobGroupId}`,
      headers: h.viewer,
    });
    expect(sensors.json()).toEqual([
      expect.objectContaining({
        sensorId: x.temperatureSensorId,
        msjId: x.maturityJobId,
        blacklisted: false,
      }),
    ]);
    const bySite = await ctx.app.inject({
      url: `/api/analytics/report/msj/sensors/by_tenant_group?tenantGroupId=${x.siteId}&blacklistSensorsOnly=true`,
      headers: h.viewer,
    });
    expect(bySite.json()).toEqual([]);
    const nodes = await ctx.app.inject({
      url: `/api/analytics/report/nodes/by_tenant_group?tenantGroupId=${x.siteId}`,
      headers: h.viewer,
    });
    expect(nodes.json()).toContainEqual(
      expect.objectContaining({ nodeId: x.maturityNodeId, nodeType: 'Maturity', sensorCount: 1 }),
    );
    const types = await ctx.app.inject({
      url: `${RR}/types/by_company_id?companyId=${ctx.companyId}`,
      headers: h.viewer,
    });
    expect(types.json().map((t: { type: string }) => t.type)).toEqual(['CS_POUR_REPORT', 'RAW_DATA_CSV']);
  });
});

describe('hostile input', () => {
  const bad: [string, object][] = [
    ['unknown type', { type: 'NOPE', attributes: { sensorIds: [1] } }],
    ['type without a generator here', { type: 'RAW_DATA_EXCEL', attributes: { sensorIds: [1] } }],
    [
      'from after to',
      { type: 'RAW_DATA_CSV', attributes: { sensorIds: [1], from: 2_000_000, to: 1_000_000 } },
    ],
    [
      'range too long',
      { type: 'RAW_DATA_CSV', attributes: { sensorIds: [1], from: 0, to: 400 * 86_400_000 } },
    ],
    ['no sensors', { type: 'RAW_DATA_CSV', attributes: {} }],
    ['job report without job', { type: 'CS_POUR_REPORT' }],
    ['bad time zone', { type: 'RAW_DATA_CSV', attributes: { sensorIds: [1], timeZone: 'Mars/Olympus' } }],
    [
      'huge arrays',
      {
        type: 'RAW_DATA_CSV',
        attributes: { sensorIds: Array.from({ length: REPORT_ITEMS_MAX + 1 }, (_, i) => i + 1) },
      },
    ],
    [
      'a recipient who is no member',
      { type: 'RAW_DATA_CSV', deliveryMethods: ['email'], recipientIds: [999_999] },
    ],
  ];

  it.each(bad)('%s: 400, nothing stored', async (_what, body) => {
    const withSensor = JSON.parse(
      JSON.stringify(body).replace('"sensorIds":[1]', `"sensorIds":[${x.temperatureSensorId}]`),
    );
    const before = await count('report_request');
    const res = await create('admin', withSensor);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
    expect(await count('report_request')).toBe(before);
  });

  it("foreign ids: another company's sensor, node, job or job group, or an inspector as recipient: 400", async () => {
    const before = await count('report_request');
    for (const body of [
      rawCsv({ attributes: { sensorIds: [o.temperatureSensorId] } }),
      rawCsv({ attributes: { nodeIds: [o.maturityNodeId] } }),
      rawCsv({ attributes: { sensorIds: [x.temperatureSensorId], cjgId: o.jobGroupId } }),
      { type: 'CS_POUR_REPORT', msjId: o.maturityJobId },
      { type: 'CS_POUR_REPORT', msjId: x.gpsJobId },
      rawCsv({ deliveryMethods: ['email'], recipientIds: [ids.inspector] }),
      rawCsv({ deliveryMethods: ['email'], recipientIds: [ids.viewer2] }),
    ]) {
      const res = await create('admin', body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
    }
    expect((await create('admin', rawCsv(), 0 as unknown as number)).statusCode).toBe(400);
    expect(await count('report_request')).toBe(before);
  });

  it('names the refused recipient by name, not by id, and stores nothing', async () => {
    const inspector = await ctx.db.db
      .selectFrom('app_user')
      .select(['first_name', 'last_name'])
      .where('id', '=', ids.inspector)
      .executeTakeFirstOrThrow();
    const name = `${inspector.first_name} ${inspector.last_name}`.trim();
    expect(name).not.toBe('');
    const before = await count('report_request');
    const res = await create('admin', rawCsv({ deliveryMethods: ['email'], recipientIds: [ids.inspector] }));
    expect(res.statusCode).toBe(400);
    const { message } = res.json().error;
    expect(message).toBe(`${name} cannot see this job site: reports are sent only to its members`);
    expect(message).not.toContain(String(ids.inspector));
    const unknown = await create('admin', rawCsv({ deliveryMethods: ['email'], recipientIds: [999_999] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).not.toContain('999999');
    expect(await count('report_request')).toBe(before);
  });

  it('bad file names answer 400 or 404 and never leave the folder', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '..%2Fx', '.hidden', '%2Fetc%2Fpasswd', 'a%00b']) {
      const res = await download(name, tokens.admin);
      expect(res.statusCode, name).toBe(400);
    }
    expect((await download('x..y', tokens.admin)).statusCode).toBe(404);
    await expect(ctx.app.services.reports.files.open('../x')).rejects.toThrow();
    await expect(ctx.app.services.reports.files.remove('a/../../x')).rejects.toThrow();
  });
});

describe('schedules', () => {
  const schedule = (who: Who, extra: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `${RR}/schedules`,
      headers: h[who],
      payload: {
        tenantGroupId: x.siteId,
        request: rawCsv({ name: 'Weekly temperatures', deliveryMethods: ['email'] }),
        frequency: 'WEEKLY',
        weekDays: [1],
        timeOfDay: '07:00',
        timeZone: 'America/Toronto',
        ...extra,
      },
    });
  const scheduleRow = (id: number) =>
    ctx.db.db.selectFrom('report_schedule').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const requestsOf = (id: number) =>
    ctx.db.db.selectFrom('report_request').selectAll().where('schedule_id', '=', id).execute();

  it('is created with its next run on the chosen day and time in its zone', async () => {
    const res = await schedule('viewer');
    expect(res.statusCode, res.body).toBe(201);
    const s: ReportSchedule = res.json();
    expect(s).toMatchObject({
      isActive: true,
      frequency: 'WEEKLY',
      weekDays: [1],
      lastRunAt: null,
      latestReport: null,
    });
    const next = new Date(s.nextRunAt as number);
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Toronto',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(next);
    expect(local.replace(',', '')).toBe('Mon 07:00');
    expect(s.nextRunAt).toBeGreaterThan(Date.now());
    expect(s.nextRunAt).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
  });

  it('refuses a bad zone, a weekly one without days, and a request of foreign sensors (400, nothing stored)', async () => {
    const before = await count('report_schedule');
    for (const extra of [
      { timeZone: 'Mars/Olympus' },
      { weekDays: undefined },
      { timeOfDay: '25:00' },
      { request: rawCsv({ attributes: { sensorIds: [o.temperatureSensorId] } }) },
      { frequency: 'HOURLY' },
    ]) {
      const res = await schedule('admin', extra);
      expect(res.statusCode, `${JSON.stringify(extra)} ${res.body}`).toBe(400);
    }
    expect((await schedule('inspector')).statusCode).toBe(403);
    expect(await count('report_schedule')).toBe(before);
  });

  it('fires a due occurrence once with two schedulers on one database, covering the week before', async () => {
    const s: ReportSchedule = (await schedule('editor')).json();
    const due = Date.now() - 1000;
    await ctx.db.db.updateTable('report_schedule').set({ next_run_at: due }).where('id', '=', s.id).execute();
    const now = Date.now();
    const [a, b] = await Promise.all([
      ctx.app.services.reports.fireDue(now),
      second.services.reports.fireDue(now),
    ]);
    expect(
      a.filter((r) => r.schedule_id === s.id).length + b.filter((r) => r.schedule_id === s.id).length,
    ).toBe(1);
    const made = await requestsOf(s.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      auto: 1,
      status: 'NEW',
      owner_username: 'editor',
      name: 'Weekly temperatures',
    });
    const attributes = JSON.parse(made[0].attributes);
    expect(attributes.to - attributes.from).toBe(7 * 86_400_000);
    const row = await scheduleRow(s.id);
    expect(row.last_run_at).toBe(now);
    expect(Number(row.next_run_at)).toBeGreaterThan(now);
    // Nothing more is due.
    expect(
      (await ctx.app.services.reports.fireDue(Date.now())).filter((r) => r.schedule_id === s.id),
    ).toEqual([]);

    const listed = await ctx.app.inject({
      url: `${RR}/schedules/by_tenant_group/with_latest_rr?tenantGroupId=${x.siteId}`,
      headers: h.viewer,
    });
    expect(listed.json().find((l: ReportSchedule) => l.id === s.id).latestReport).toMatchObject({
      id: made[0].id,
      auto: true,
      scheduleId: s.id,
    });
  });

  it('catches up occurrences missed while stopped once, not once each', async () => {
    const s: ReportSchedule = (await schedule('editor', { frequency: 'DAILY', weekDays: undefined })).json();
    // Down for ten days: ten daily occurrences were missed.
    await ctx.db.db
      .updateTable('report_schedule')
      .set({ next_run_at: Date.now() - 10 * 86_400_000 })
      .where('id', '=', s.id)
      .execute();
    await Promise.all([ctx.app.services.reports.fireDue(), second.services.reports.fireDue()]);
    await ctx.app.services.reports.fireDue();
    expect(await requestsOf(s.id)).toHaveLength(1);
    const next = Number((await scheduleRow(s.id)).next_run_at);
    expect(next).toBeGreaterThan(Date.now());
    expect(next).toBeLessThanOrEqual(Date.now() + 86_400_000);
  });

  it('is stopped and restarted by its owner or a site admin; others 403', async () => {
    const s: ReportSchedule = (await schedule('viewer')).json();
    const toggle = (who: Who, isActive: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: `${RR}/schedules/cmd/toggle/by_id`,
        headers: h[who],
        payload: { id: s.id, isActive },
      });
    expect((await toggle('editor', false)).statusCode).toBe(403);
    expect((await toggle('inspector', false)).statusCode).toBe(403);
    expect((await toggle('other', false)).statusCode).toBe(404);
    expect((await scheduleRow(s.id)).is_active).toBe(1);

    const stopped = await toggle('viewer', false);
    expect(stopped.json()).toMatchObject({ isActive: false, nextRunAt: null });
    await ctx.db.db
      .updateTable('report_schedule')
      .set({ next_run_at: Date.now() - 1000 })
      .where('id', '=', s.id)
      .execute();
    await ctx.app.services.reports.fireDue();
    expect(await requestsOf(s.id)).toEqual([]);

    const restarted = await toggle('admin', true);
    expect(restarted.json().isActive).toBe(true);
    expect(restarted.json().nextRunAt).toBeGreaterThan(Date.now());

    const active = await ctx.app.inject({
      url: `${RR}/schedules/tenants/with_active_rrs?tenantType=Concrete`,
      headers: h.viewer,
    });
    expect(active.json()).toContainEqual(
      expect.objectContaining({ tenantGroupId: x.siteId, name: DEMO.firstSiteName }),
    );
  });
});

describe('delivery by e-mail', () => {
  it('sends the file attached, in each recipient language', async () => {
    const rr = await created(
      'admin',
      rawCsv({
        name: 'Mailed temperatures',
        deliveryMethods: ['email'],
        recipientIds: [ids.editor, ids.viewer],
      }),
    );
    await worker().drain();
    await ctx.app.services.mail.idle();
    const row = await rowOf(rr.id);
    const toEditor = smtp
      .to('editor@demo-construction.example')
      .find((m) => m.subject.includes('Mailed temperatures')) as (typeof smtp.messages)[number];
    expect(toEditor.subject).toBe(`Informe listo: Mailed temperatures (${DEMO.firstSiteName})`);
    expect(toEditor.text).toContain(`Va adjunto: ${row.file_name}`);
    expect(toEditor.raw).toContain(`filename=${row.file_name}`);
    const bytes = Buffer.from(bytesOf(rr.id, JSON.parse(row.attributes).from, JSON.parse(row.attributes).to));
    expect(toEditor.raw.replace(/\r?\n/g, '')).toContain(bytes.toString('base64'));
    const toViewer = smtp
      .to('viewer@demo-construction.example')
      .find((m) => m.subject.includes('Mailed temperatures'));
    expect(toViewer?.subject).toBe(`Report ready: Mailed temperatures (${DEMO.firstSiteName})`);
  });

  it('sends a link to the report list when the file is larger than the attachment limit', async () => {
    const rr = await created('editor', rawCsv({ name: 'Big one', deliveryMethods: ['email'] }));
    await worker(ctx.app, { attachmentMaxBytes: 10 }).drain();
    await ctx.app.services.mail.idle();
    const mail = smtp.to('editor@demo-construction.example').find((m) => m.subject.includes('Big one'));
    expect(mail?.text).toContain(`https://reports.example/report-list/${x.siteId}`);
    expect(mail?.raw).not.toContain('filename=');
    expect((await rowOf(rr.id)).status).toBe('DONE');
  });
});
