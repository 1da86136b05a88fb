import type {
  ChannelJob,
  ConcreteProfile,
  JobSignoff,
  LiveEventData,
  MaturityJobDetail,
} from '@sitepulse/contracts';
import { SIGNOFF_NOTE_MAX } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { addUser, OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addNode, addReadings, demoPlaces, series } from '../maturity/sensor-fixtures.ts';

const JOBS = '/api/analytics/concrete/maturity/jobs';
const SIGNOFFS = `${JOBS}/signoffs`;
const HOUR = 3_600_000;
const MIN = 60_000;

describe('sign-offs of maturity jobs', () => {
  const ctx = useTestApp();
  const headers: Record<string, Record<string, string>> = {};
  const jobs = { main: 0, humidity: 0, notStarted: 0, riverside: 0, other: 0, second: 0 };
  let siteId = 0;
  let mainSensors: number[] = [];
  let t0 = 0;

  const call = (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: headers[user], payload: payload as object });
  const signOff = (user: string, jobId: number, body: unknown) =>
    call(user, 'POST', `${SIGNOFFS}/${jobId}`, body);
  const listOf = async (user: string, jobId: number) => {
    const res = await call(user, 'GET', `${SIGNOFFS}/${jobId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as JobSignoff[];
  };
  const rows = async () =>
    (await ctx.db.db.selectFrom('job_signoff').selectAll().orderBy('id').execute()).map((r) =>
      JSON.stringify(r),
    );
  const details = async (jobId: number) =>
    (await call('admin', 'GET', `${JOBS}/details/${jobId}`)).json() as MaturityJobDetail;

  beforeAll(async () => {
    const db = ctx.db.db;
    const other = await seedOtherCompany(db);
    const places = await demoPlaces(db, ctx.companyId);
    siteId = places.site(DEMO.firstSiteName);
    // A Read-Only account given editor access: the account type wins, it records nothing.
    await addUser(db, {
      companyId: ctx.companyId,
      username: 'readonly',
      password: DEMO.password,
      accountType: 'READONLY_MEMBER',
      grants: [{ tenantGroupId: siteId, access: 2 }],
    });
    for (const u of ['admin', 'editor', 'viewer', 'inspector', 'readonly']) {
      headers[u] = (await signIn(ctx, u)).headers;
    }
    headers.other = (await signIn(ctx, OTHER.username, OTHER.password, other.companyId)).headers;

    const breaks = [100, 1000, 10000].map((m) => ({ maturity: m, strength: -20 + 15 * Math.log10(m) }));
    const profile = (
      await call('admin', 'POST', '/api/concrete/conprofiles', { name: 'Slab mix', breaks })
    ).json() as ConcreteProfile;

    const temp = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ channelId: i + 1, sensorType: 'Temperature' }));
    const create = async (user: string, body: Record<string, unknown>) => {
      const res = await call(user, 'POST', JOBS, body);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as ChannelJob).id;
    };
    const project = places.tenant(DEMO.firstSiteName, 'Default');

    // The main job: two sensors, 36 hours of readings, a profile: it has a strength.
    const main = await addNode(db, { companyId: ctx.companyId, tenantGroupId: siteId, channels: temp(2) });
    mainSensors = main.sensorIds;
    t0 = Math.floor(Date.now() / HOUR) * HOUR - 36 * HOUR;
    await addReadings(db, series(mainSensors, t0, 15 * MIN, 4 * 24));
    jobs.main = await create('editor', {
      tenantId: project,
      nodeId: main.nodeId,
      channelJobName: 'Level 3 slab',
      concreteProfileId: profile.id,
      singularTargetedStrength: 25,
      startDate: t0,
    });

    const second = await addNode(db, { companyId: ctx.companyId, tenantGroupId: siteId, channels: temp(1) });
    jobs.second = await create('editor', {
      tenantId: project,
      nodeId: second.nodeId,
      channelJobName: 'Level 3 columns',
      startDate: t0,
    });

    const hum = await addNode(db, {
      companyId: ctx.companyId,
      tenantGroupId: siteId,
      nodeType: 'Humidity',
      channels: [
        { channelId: 1, sensorType: 'Humidity' },
        { channelId: 2, sensorType: 'Temperature' },
      ],
    });
    jobs.humidity = await create('editor', {
      tenantId: project,
      nodeId: hum.nodeId,
      channelJobName: 'Slab humidity',
      sensorFlags: 5,
      startDate: t0,
    });

    const idle = await addNode(db, { companyId: ctx.companyId, tenantGroupId: siteId, channels: temp(1) });
    jobs.notStarted = await create('editor', {
      tenantId: project,
      nodeId: idle.nodeId,
      channelJobName: 'Level 4 slab',
    });

    // A site the editor was not granted, and another company's job.
    const river = await addNode(db, { companyId: ctx.companyId, channels: temp(1) });
    jobs.riverside = await create('admin', {
      tenantId: places.tenant('Riverside Medical Centre Expansion', 'Default'),
      nodeId: river.nodeId,
      channelJobName: 'Riverside raft',
      startDate: t0,
    });
    const theirs = await addNode(db, { companyId: other.companyId, channels: temp(1) });
    jobs.other = await create('other', {
      tenantId: other.tenantId,
      nodeId: theirs.nodeId,
      channelJobName: 'Their slab',
      startDate: t0,
    });
  });

  it('an editor records a decision: 201 with the strength and maturity the job page shows, who and when', async () => {
    const before = await details(jobs.main);
    expect(before.latestStrength).toBeGreaterThan(0);
    const start = Date.now();
    const res = await signOff('editor', jobs.main, {
      decision: 'FORMS_STRIPPED',
      note: '  Forms off the east bay.  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json() as JobSignoff;
    expect(s).toMatchObject({
      jobId: jobs.main,
      decision: 'FORMS_STRIPPED',
      note: 'Forms off the east bay.',
      userName: 'Marco Ruiz',
      supersedesId: null,
      supersededById: null,
    });
    expect(s.strengthMpa).toBe(before.latestStrength);
    expect(s.maturity).toBe(before.latestMaturityIndex);
    expect(s.createdAt).toBeGreaterThanOrEqual(start);
    expect(s.createdAt).toBeLessThanOrEqual(Date.now());
    const editorId = (
      await ctx.db.db
        .selectFrom('app_user')
        .select('id')
        .where('username', '=', 'editor')
        .where('company_id', '=', ctx.companyId)
        .executeTakeFirstOrThrow()
    ).id;
    expect(s.userId).toBe(editorId);

    // Readers of the site see it; the viewer too.
    expect(await listOf('viewer', jobs.main)).toEqual([s]);
  });

  it('the strength recorded is the job strength at that moment, not a figure the client sends', async () => {
    const first = (await listOf('admin', jobs.main)).at(-1) as JobSignoff;
    // Twelve more hours of warm readings: the job's strength rises.
    await addReadings(
      ctx.db.db,
      series(mainSensors, t0 + 24 * HOUR, 15 * MIN, 4 * 12, () => 30),
    );
    await ctx.app.services.maturityEngine.recomputeJob(jobs.main);
    const now = await details(jobs.main);
    expect(now.latestStrength).toBeGreaterThan(first.strengthMpa as number);

    const res = await signOff('admin', jobs.main, {
      decision: 'TENDONS_STRESSED',
      note: '',
      strengthMpa: 99,
    } as object);
    // A strength in the body is not part of the call: ignored, the server reads the job's own.
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json() as JobSignoff;
    expect(s.strengthMpa).toBe(now.latestStrength);
    expect(s.maturity).toBe(now.latestMaturityIndex);
    expect(s.userName).toBe('Dana Whitfield');
    // A job without a profile has no strength: recorded as none.
    const plain = await signOff('editor', jobs.second, { decision: 'LOADED', note: 'No profile yet' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ strengthMpa: null, decision: 'LOADED' });
  });

  it('viewers, Read-Only accounts and inspectors cannot record (403) and nothing is written', async () => {
    const before = await rows();
    for (const who of ['viewer', 'readonly', 'inspector']) {
      const res = await signOff(who, jobs.main, { decision: 'FORMS_STRIPPED', note: 'x' });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(await rows()).toEqual(before);
    // The inspector cannot read them either on the web (403), as every job-site call.
    const insp = await call('inspector', 'GET', `${SIGNOFFS}/${jobs.main}`);
    expect(insp.statusCode).toBe(403);
    expect(insp.json().error.message).toMatch(/Inspectors use the mobile app/);
  });

  it("another company's job and an ungranted site's job read as missing (404); nothing is written", async () => {
    const before = await rows();
    const refusals: [string, number][] = [
      ['admin', jobs.other],
      ['other', jobs.main],
      ['editor', jobs.riverside],
      ['viewer', jobs.riverside],
      ['admin', 999_999],
    ];
    for (const [who, jobId] of refusals) {
      const post = await signOff(who, jobId, { decision: 'FORMS_STRIPPED', note: 'x' });
      expect(post.statusCode, `${who} POST ${jobId}: ${post.body}`).toBe(404);
      expect(post.json().error.code).toBe('NOT_FOUND');
      const get = await call(who, 'GET', `${SIGNOFFS}/${jobId}`);
      expect(get.statusCode, `${who} GET ${jobId}`).toBe(404);
    }
    expect(await rows()).toEqual(before);
    // The admin may read and sign off the Riverside job: the refusal above was the grant's.
    expect(await listOf('admin', jobs.riverside)).toEqual([]);
  });

  it('bad input answers 400 in the one error shape and writes nothing', async () => {
    const before = await rows();
    const bad: unknown[] = [
      { decision: 'POURED', note: '' },
      { decision: 'forms_stripped', note: '' },
      { note: 'no decision' },
      { decision: 'FORMS_STRIPPED' },
      { decision: 'FORMS_STRIPPED', note: 'x'.repeat(SIGNOFF_NOTE_MAX + 1) },
      { decision: 'FORMS_STRIPPED', note: 'nul \u0000 inside' },
      { decision: 'FORMS_STRIPPED', note: '', supersedesId: 0 },
      { decision: 'FORMS_STRIPPED', note: '', supersedesId: 1.5 },
      { decision: 'FORMS_STRIPPED', note: ['a', 'b'] },
    ];
    for (const body of bad) {
      const res = await signOff('editor', jobs.main, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    const badId = await call('editor', 'POST', `${SIGNOFFS}/abc`, { decision: 'LOADED', note: '' });
    expect(badId.statusCode).toBe(400);
    // Humidity jobs and jobs not started: 400 with a reason.
    const hum = await signOff('editor', jobs.humidity, { decision: 'FORMS_STRIPPED', note: '' });
    expect(hum.statusCode).toBe(400);
    expect(hum.json().error.message).toMatch(/humidity/);
    const idle = await signOff('editor', jobs.notStarted, { decision: 'FORMS_STRIPPED', note: '' });
    expect(idle.statusCode).toBe(400);
    expect(idle.json().error.message).toMatch(/not started/);
    expect(await rows()).toEqual(before);
    // The longest note goes through.
    const longest = await signOff('editor', jobs.second, {
      decision: 'LOADED',
      note: 'y'.repeat(SIGNOFF_NOTE_MAX),
    });
    expect(longest.statusCode).toBe(201);
  });

  it('a sign-off is superseded, never edited: the chain stays whole and each is replaced once', async () => {
    const a = (
      await signOff('editor', jobs.main, { decision: 'OPENED_TO_TRAFFIC', note: 'Too early' })
    ).json() as JobSignoff;
    const resB = await signOff('editor', jobs.main, {
      decision: 'FORMS_STRIPPED',
      note: 'Wrong decision recorded before',
      supersedesId: a.id,
    });
    expect(resB.statusCode, resB.body).toBe(201);
    const b = resB.json() as JobSignoff;
    expect(b.supersedesId).toBe(a.id);
    const c = (
      await signOff('admin', jobs.main, { decision: 'FORMS_STRIPPED', note: 'Confirmed', supersedesId: b.id })
    ).json() as JobSignoff;

    const list = await listOf('viewer', jobs.main);
    // Newest first.
    expect(list.slice(0, 3).map((s) => s.id)).toEqual([c.id, b.id, a.id]);
    const byId = new Map(list.map((s) => [s.id, s]));
    expect(byId.get(a.id)).toMatchObject({
      supersededById: b.id,
      note: 'Too early',
      decision: 'OPENED_TO_TRAFFIC',
    });
    expect(byId.get(b.id)).toMatchObject({ supersededById: c.id, supersedesId: a.id });
    expect(byId.get(c.id)).toMatchObject({ supersededById: null, supersedesId: b.id });
    const createdAt = list.map((s) => s.createdAt);
    expect([...createdAt].sort((x, y) => y - x)).toEqual(createdAt);

    const before = await rows();
    // Already superseded: 409.
    const again = await signOff('editor', jobs.main, { decision: 'LOADED', note: '', supersedesId: a.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already superseded by sign-off/);
    // Not a sign-off of this job (another job's, or none): 400.
    const otherJobs = await listOf('editor', jobs.second);
    const elsewhere = await signOff('editor', jobs.main, {
      decision: 'LOADED',
      note: '',
      supersedesId: otherJobs[0].id,
    });
    expect(elsewhere.statusCode).toBe(400);
    const unknown = await signOff('editor', jobs.main, {
      decision: 'LOADED',
      note: '',
      supersedesId: 999_999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(await rows()).toEqual(before);

    // Two writers superseding the same sign-off at once: exactly one wins.
    const [r1, r2] = await Promise.all([
      signOff('editor', jobs.main, { decision: 'LOADED', note: 'one', supersedesId: c.id }),
      signOff('admin', jobs.main, { decision: 'LOADED', note: 'two', supersedesId: c.id }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
  });

  it('there is no call that edits or deletes a sign-off', async () => {
    const [s] = await listOf('admin', jobs.main);
    const before = await rows();
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call('admin', method, `${SIGNOFFS}/${jobs.main}`, { decision: 'LOADED', note: '' });
      expect(res.statusCode).toBe(404);
      const one = await call('admin', method, `${SIGNOFFS}/${s.id}`, { decision: 'LOADED', note: '' });
      expect(one.statusCode).toBe(404);
    }
    expect(await rows()).toEqual(before);
  });

  it("tells the site's open job pages: a live event names the job", async () => {
    const seen: LiveEventData[] = [];
    const stop = ctx.app.services.events.subscribe(siteId, (_name, data) => seen.push(data));
    try {
      const res = await signOff('editor', jobs.main, { decision: 'TENDONS_STRESSED', note: 'Live' });
      expect(res.statusCode).toBe(201);
      // The first event after a quiet window goes at once, before the call answers.
      expect(seen.some((d) => d.tenantGroupId === siteId && d.maturityJobIds.includes(jobs.main))).toBe(true);
    } finally {
      stop();
    }
  });
});
