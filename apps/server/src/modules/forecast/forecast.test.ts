import type {
  ChannelJob,
  JobForecast,
  JobForecastSummary,
  JobTarget,
  TargetForecast,
} from '@sitepulse/contracts';
import { HOUR_MS } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { addProfile } from '../../test/sensor-fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addNode, addReadings, demoPlaces, series } from '../maturity/sensor-fixtures.ts';

const JOBS = '/api/analytics/concrete/maturity/jobs';
const MIN = 60_000;
const PSI_PER_MPA = 145.037738;

describe('strength targets and forecasts', () => {
  const ctx = useTestApp();
  const headers: Record<string, Record<string, string>> = {};
  const get = (user: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: headers[user] });
  const post = (user: string, url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, headers: headers[user], payload: payload as object });
  const put = (user: string, url: string, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url, headers: headers[user], payload: payload as object });

  let places: Awaited<ReturnType<typeof demoPlaces>>;
  let other: Awaited<ReturnType<typeof seedOtherCompany>>;
  let profileId: number;
  /** The start of the crafted pours: ten whole hours ago. */
  const t0 = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 10 * HOUR_MS;
  const jobs: Record<string, number> = {};
  let otherJobId: number;
  let riversideJobId: number;
  let humidityJobId: number;
  let sensorsOf: Record<string, number[]>;

  /**
   * A pour on a fresh node at Harbourfront (two temperature sensors, readings every 15 minutes
   * from `from` for `hours` hours at `temp(hours since from)`), created through the jobs call.
   */
  async function pour(
    name: string,
    o: {
      temp?: (h: number) => number;
      from?: number;
      hours?: number;
      start?: number | null;
      profile?: boolean;
      target?: number;
      site?: 'Harbourfront Tower' | 'Riverside Medical Centre Expansion';
    } = {},
  ) {
    const site = o.site ?? 'Harbourfront Tower';
    const node = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      tenantGroupId: places.site(site),
      channels: [
        { channelId: 1, sensorType: 'Temperature' },
        { channelId: 2, sensorType: 'Temperature' },
      ],
    });
    const from = o.from ?? t0;
    const hours = o.hours ?? 10;
    if (hours > 0) {
      const temp = o.temp ?? (() => 20);
      await addReadings(
        ctx.db.db,
        series(node.sensorIds, from, 15 * MIN, hours * 4 + 1, (_i, h) => temp(h)),
      );
    }
    const res = await post('admin', JOBS, {
      tenantId: places.tenant(site, site === 'Harbourfront Tower' ? 'Podium Slabs' : 'Default'),
      nodeId: node.nodeId,
      channelJobName: name,
      ...(o.profile === false ? {} : { concreteProfileId: profileId }),
      singularTargetedStrength: o.target ?? 25,
      ...(o.start === null ? {} : { startDate: o.start ?? t0 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as ChannelJob).id;
    sensorsOf[name] = node.sensorIds;
    return id;
  }

  const forecastOf = async (user: string, id: number) => {
    const res = await get(user, `${JOBS}/forecast/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as JobForecast;
  };
  const targetsOf = async (user: string, id: number) => {
    const res = await get(user, `${JOBS}/targets/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as JobTarget[];
  };
  const hours = (t: number | null, from: number) => (t === null ? null : (t - from) / HOUR_MS);

  beforeAll(async () => {
    places = await demoPlaces(ctx.db.db, ctx.companyId);
    other = await seedOtherCompany(ctx.db.db);
    for (const u of ['admin', 'editor', 'viewer', 'inspector']) headers[u] = (await signIn(ctx, u)).headers;
    headers.other = (await signIn(ctx, OTHER.username, OTHER.password, other.companyId)).headers;
    // S = −20 + 15·log10(M): 10 MPa at 100 °C·h, 25 MPa at 1000 °C·h (Nurse-Saul, datum −10 °C).
    profileId = await addProfile(ctx.db.db, ctx.companyId, -20, 15);
    sensorsOf = {};

    // 20 °C for 10 h: 300 °C·h (17.2 MPa) now, 30 °C·h an hour.
    jobs.steady = await pour('Steady pour');
    jobs.noProfile = await pour('No profile', { profile: false });
    jobs.notStarted = await pour('Not started', { start: null, hours: 0 });
    // Readings only in its first 5 of 30 hours: nothing in the last 12.
    jobs.silent = await pour('Silent', { from: t0 - 20 * HOUR_MS, start: t0 - 20 * HOUR_MS, hours: 5 });
    jobs.frozen = await pour('Frozen', { temp: () => -15 });
    // From 10 °C down 1.5 °C an hour: −5 °C now, at the −10 °C datum in 3.3 h.
    jobs.falling = await pour('Cooling', { temp: (h) => 10 - 1.5 * h });
    jobs.stopped = await pour('Stopped', { target: 25 });
    const stop = await post('admin', `${JOBS}/cmd/stop`, { id: jobs.stopped });
    expect(stop.statusCode, stop.body).toBe(200);
    riversideJobId = await pour('Riverside pour', { site: 'Riverside Medical Centre Expansion' });

    const hum = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      nodeType: 'Humidity',
      tenantGroupId: places.site('Harbourfront Tower'),
      channels: [
        { channelId: 1, sensorType: 'Humidity' },
        { channelId: 2, sensorType: 'Temperature' },
      ],
    });
    const h = await post('admin', JOBS, {
      tenantId: places.tenant('Harbourfront Tower', 'Podium Slabs'),
      nodeId: hum.nodeId,
      channelJobName: 'Moisture',
      sensorFlags: 5,
      startDate: t0,
    });
    humidityJobId = (h.json() as ChannelJob).id;

    const oNode = await addNode(ctx.db.db, {
      companyId: other.companyId,
      tenantGroupId: other.siteId,
      channels: [{ channelId: 1, sensorType: 'Temperature' }],
    });
    const o = await post('other', JOBS, {
      tenantId: other.tenantId,
      nodeId: oNode.nodeId,
      channelJobName: 'Secret',
      startDate: t0,
      singularTargetedStrength: 20,
    });
    otherJobId = (o.json() as ChannelJob).id;
  });

  describe('GET and PUT .../jobs/targets/{id}', () => {
    it("reads the spec's target as the primary one, in MPa, of kind STRIPPING by default", async () => {
      expect(await targetsOf('viewer', jobs.steady)).toEqual([
        { kind: 'STRIPPING', primary: true, strengthMpa: 25, enteredValue: 25, enteredUnit: 'MPa' },
      ]);
      // A humidity job has none.
      expect(await targetsOf('viewer', humidityJobId)).toEqual([]);
    });

    it('an editor sets further targets and the primary one in psi: each reads back as entered', async () => {
      const res = await put('editor', `${JOBS}/targets/${jobs.steady}`, {
        targets: [
          { kind: 'DESIGN', enteredValue: 4350, enteredUnit: 'psi' },
          { kind: 'STRIPPING', enteredValue: 10, enteredUnit: 'MPa' },
        ],
        primaryKind: 'POST_TENSIONING',
        primaryUnit: 'psi',
        primaryValue: 3000,
      });
      expect(res.statusCode, res.body).toBe(200);
      const expected = [
        {
          kind: 'POST_TENSIONING',
          primary: true,
          strengthMpa: 3000 / PSI_PER_MPA,
          enteredValue: 3000,
          enteredUnit: 'psi',
        },
        { kind: 'STRIPPING', primary: false, strengthMpa: 10, enteredValue: 10, enteredUnit: 'MPa' },
        {
          kind: 'DESIGN',
          primary: false,
          strengthMpa: 4350 / PSI_PER_MPA,
          enteredValue: 4350,
          enteredUnit: 'psi',
        },
      ];
      expect(res.json()).toEqual(expected);
      expect(await targetsOf('viewer', jobs.steady)).toEqual(expected);
      // The spec's target is the job's singular target, in MPa, as every other call reads it.
      const job = (await get('viewer', `${JOBS}/${jobs.steady}`)).json() as { targetStrength: number };
      expect(job.targetStrength).toBeCloseTo(20.6843, 4);
      const row = await ctx.db.db
        .selectFrom('job')
        .select(['singular_target', 'target_unit', 'target_kind'])
        .where('id', '=', jobs.steady)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        singular_target: 3000 / PSI_PER_MPA,
        target_unit: 'psi',
        target_kind: 'POST_TENSIONING',
      });

      // Changing the unit alone converts the stored figure: 3000 psi is 20.68 MPa.
      const mpa = await put('editor', `${JOBS}/targets/${jobs.steady}`, {
        targets: [{ kind: 'STRIPPING', enteredValue: 10, enteredUnit: 'MPa' }],
        primaryUnit: 'MPa',
      });
      expect(mpa.statusCode, mpa.body).toBe(200);
      expect(
        (mpa.json() as JobTarget[]).map((t) => [t.kind, t.enteredUnit, Math.round(t.enteredValue * 100)]),
      ).toEqual([
        ['POST_TENSIONING', 'MPa', 2068],
        ['STRIPPING', 'MPa', 1000],
      ]);
    });

    it('readers may read but not write; another company or an ungranted site reads as missing', async () => {
      const body = { targets: [{ kind: 'DESIGN', enteredValue: 30, enteredUnit: 'MPa' }] };
      const before = await targetsOf('admin', jobs.steady);
      expect((await put('viewer', `${JOBS}/targets/${jobs.steady}`, body)).statusCode).toBe(403);
      expect((await put('inspector', `${JOBS}/targets/${jobs.steady}`, body)).statusCode).toBe(403);
      expect((await get('inspector', `${JOBS}/targets/${jobs.steady}`)).statusCode).toBe(403);
      expect((await put('other', `${JOBS}/targets/${jobs.steady}`, body)).statusCode).toBe(404);
      expect((await get('other', `${JOBS}/targets/${jobs.steady}`)).statusCode).toBe(404);
      expect((await get('admin', `${JOBS}/targets/${otherJobId}`)).statusCode).toBe(404);
      // The editor and viewer were granted Harbourfront only.
      expect((await get('viewer', `${JOBS}/targets/${riversideJobId}`)).statusCode).toBe(404);
      expect((await put('editor', `${JOBS}/targets/${riversideJobId}`, body)).statusCode).toBe(404);
      expect(await targetsOf('admin', jobs.steady)).toEqual(before);
      expect(await targetsOf('admin', riversideJobId)).toHaveLength(1);
    });

    it.each([
      [
        'a kind given twice',
        {
          targets: [
            { kind: 'DESIGN', enteredValue: 30, enteredUnit: 'MPa' },
            { kind: 'DESIGN', enteredValue: 32, enteredUnit: 'MPa' },
          ],
        },
      ],
      [
        "the primary target's kind",
        { targets: [{ kind: 'POST_TENSIONING', enteredValue: 22, enteredUnit: 'MPa' }] },
      ],
      [
        "the primary's new kind",
        { targets: [{ kind: 'DESIGN', enteredValue: 30, enteredUnit: 'MPa' }], primaryKind: 'DESIGN' },
      ],
      ['above 1000 MPa', { targets: [{ kind: 'DESIGN', enteredValue: 1500, enteredUnit: 'MPa' }] }],
      ['a primary figure above 1000 MPa', { targets: [], primaryValue: 2000, primaryUnit: 'MPa' }],
      ['0 MPa', { targets: [{ kind: 'DESIGN', enteredValue: 0, enteredUnit: 'MPa' }] }],
      ['above 145038 psi', { targets: [{ kind: 'DESIGN', enteredValue: 150000, enteredUnit: 'psi' }] }],
      ['an unknown kind', { targets: [{ kind: 'CURING', enteredValue: 10, enteredUnit: 'MPa' }] }],
      ['an unknown unit', { targets: [{ kind: 'DESIGN', enteredValue: 10, enteredUnit: 'ksi' }] }],
      ['no targets list', { primaryUnit: 'psi' }],
      [
        'five targets',
        {
          targets: ['STRIPPING', 'DESIGN', 'OPEN_TO_TRAFFIC', 'STRIPPING', 'DESIGN'].map((kind) => ({
            kind,
            enteredValue: 1,
            enteredUnit: 'MPa',
          })),
        },
      ],
    ])('400 for %s, and nothing changes', async (_name, body) => {
      const before = await targetsOf('admin', jobs.steady);
      const res = await put('editor', `${JOBS}/targets/${jobs.steady}`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
      expect(await targetsOf('admin', jobs.steady)).toEqual(before);
    });

    it('400 for a target on a humidity job, nothing stored', async () => {
      const res = await put('editor', `${JOBS}/targets/${humidityJobId}`, {
        targets: [{ kind: 'DESIGN', enteredValue: 30, enteredUnit: 'MPa' }],
      });
      expect(res.statusCode).toBe(400);
      const rows = await ctx.db.db
        .selectFrom('job_target')
        .selectAll()
        .where('job_id', '=', humidityJobId)
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('GET .../jobs/forecast/{id}', () => {
    it('steady 20 °C: each target expected at (M* − M) / 30 °C·h an hour after the last reading', async () => {
      // Targets now: POST_TENSIONING 20.68 MPa (primary), STRIPPING 10 MPa. 300 °C·h is 17.16 MPa.
      const f = await forecastOf('viewer', jobs.steady);
      const last = t0 + 10 * HOUR_MS;
      expect(f).toMatchObject({ jobId: jobs.steady, state: 'FORECAST', maturity: 300 });
      expect(f.strengthMpa).toBeCloseTo(-20 + 15 * Math.log10(300), 9);
      expect(f.recent).toMatchObject({ meanC: 20, lowC: 20, highC: 20, trendCPerHour: 0, toTs: last });
      const [pt, strip] = f.targets as TargetForecast[];
      // 20.684 MPa needs 10^((20.684 + 20) / 15) = 517.7 °C·h: 217.7 more at 30 an hour.
      const need = 10 ** ((3000 / PSI_PER_MPA + 20) / 15) - 300;
      expect(pt).toMatchObject({
        kind: 'POST_TENSIONING',
        primary: true,
        state: 'FORECAST',
        reachedAt: null,
      });
      expect(hours(pt.expectedAt, last)).toBeCloseTo(need / 30, 5);
      expect(pt.earliestAt).toBe(pt.expectedAt);
      expect(pt.latestAt).toBe(pt.expectedAt);
      // 10 MPa (100 °C·h) was reached in hour 3: its last reading, at 3:45, had 112.5 °C·h.
      expect(strip).toMatchObject({ kind: 'STRIPPING', state: 'REACHED', reachedAt: t0 + 3.75 * HOUR_MS });
      expect(f.projection.length).toBeGreaterThan(1);
      expect(f.projection.length).toBeLessThanOrEqual(48);
      expect(f.projection[0].t).toBe(last);
      expect(f.projection[f.projection.length - 1].t).toBe(pt.latestAt);
      // Each sensor on its own: the same readings, the same answer.
      expect(f.sensors.map((s) => s.sensorId)).toEqual(sensorsOf['Steady pour']);
      for (const s of f.sensors) {
        expect(s.state).toBe('FORECAST');
        expect(s.targets[0].expectedAt).toBe(pt.expectedAt);
        expect(s.targets[1].reachedAt).toBe(strip.reachedAt);
      }
    });

    it('says why there is no forecast: no profile, not started, no recent data, below the datum, falling, stopped', async () => {
      const state = async (id: number) => {
        const f = await forecastOf('viewer', id);
        return [f.state, ...f.targets.map((t) => t.state), f.projection.length];
      };
      expect(await state(jobs.noProfile)).toEqual(['NO_PROFILE', 'NO_PROFILE', 0]);
      expect(await state(jobs.notStarted)).toEqual(['NOT_STARTED', 'NOT_STARTED', 0]);
      expect(await state(jobs.silent)).toEqual(['NO_DATA', 'NO_DATA', 0]);
      expect(await state(jobs.frozen)).toEqual(['BELOW_DATUM', 'BELOW_DATUM', 0]);
      expect(await state(jobs.falling)).toEqual(['FALLING_TEMPERATURE', 'FALLING_TEMPERATURE', 0]);
      expect(await state(jobs.stopped)).toEqual(['STOPPED', 'STOPPED', 0]);
      const falling = await forecastOf('viewer', jobs.falling);
      expect(falling.recent?.trendCPerHour).toBeCloseTo(-1.5, 9);
      expect(falling.targets[0]).toMatchObject({ expectedAt: null, earliestAt: null, latestAt: null });
    });

    it('a humidity job has no forecast (400); another company, an ungranted site: 404; an inspector: 403', async () => {
      expect((await get('viewer', `${JOBS}/forecast/${humidityJobId}`)).statusCode).toBe(400);
      expect((await get('other', `${JOBS}/forecast/${jobs.steady}`)).statusCode).toBe(404);
      expect((await get('viewer', `${JOBS}/forecast/${otherJobId}`)).statusCode).toBe(404);
      expect((await get('viewer', `${JOBS}/forecast/${riversideJobId}`)).statusCode).toBe(404);
      expect((await get('inspector', `${JOBS}/forecast/${jobs.steady}`)).statusCode).toBe(403);
      expect((await get('viewer', `${JOBS}/forecast/2147483647`)).statusCode).toBe(404);
      expect((await get('viewer', `${JOBS}/forecast/0`)).statusCode).toBe(400);
    });
  });

  describe('GET .../jobs/forecast (a project or a site)', () => {
    it('the running maturity jobs of a site, newest first, each with its next target', async () => {
      const res = await get('viewer', `${JOBS}/forecast?tenantGroupId=${places.site('Harbourfront Tower')}`);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as JobForecastSummary[];
      const ids = list.map((s) => s.jobId);
      // Not the stopped job, the job not started or the humidity job.
      expect(ids).toEqual(
        [jobs.falling, jobs.frozen, jobs.silent, jobs.noProfile, jobs.steady].sort((a, b) => b - a),
      );
      const steady = list.find((s) => s.jobId === jobs.steady) as JobForecastSummary;
      const detail = await forecastOf('viewer', jobs.steady);
      expect(steady).toEqual({
        jobId: jobs.steady,
        state: 'FORECAST',
        strengthMpa: detail.strengthMpa,
        next: detail.targets[0],
        reachedCount: 1,
        targetCount: 2,
      });
      expect(list.find((s) => s.jobId === jobs.falling)?.state).toBe('FALLING_TEMPERATURE');
      // by project: the same jobs (they are all in Podium Slabs)
      const byProject = await get(
        'viewer',
        `${JOBS}/forecast?tenant=${places.tenant('Harbourfront Tower', 'Podium Slabs')}`,
      );
      expect((byProject.json() as JobForecastSummary[]).map((s) => s.jobId)).toEqual(ids);
    });

    it('all targets reached: the highest, with when it was reached', async () => {
      const id = await pour('Early strength', { target: 10 });
      const list = (
        await get('admin', `${JOBS}/forecast?tenantGroupId=${places.site('Harbourfront Tower')}`)
      ).json() as JobForecastSummary[];
      expect(list[0]).toMatchObject({
        jobId: id,
        state: 'REACHED',
        reachedCount: 1,
        targetCount: 1,
        next: { kind: 'STRIPPING', strengthMpa: 10, state: 'REACHED', reachedAt: t0 + 3.75 * HOUR_MS },
      });
    });

    it('400 without a project or a site; 404 for another company or an ungranted one; 403 for an inspector', async () => {
      expect((await get('viewer', `${JOBS}/forecast`)).statusCode).toBe(400);
      expect((await get('viewer', `${JOBS}/forecast?tenantGroupId=${other.siteId}`)).statusCode).toBe(404);
      expect((await get('viewer', `${JOBS}/forecast?tenant=${other.tenantId}`)).statusCode).toBe(404);
      const riverside = places.site('Riverside Medical Centre Expansion');
      expect((await get('viewer', `${JOBS}/forecast?tenantGroupId=${riverside}`)).statusCode).toBe(404);
      expect(
        (await get('inspector', `${JOBS}/forecast?tenantGroupId=${places.site('Harbourfront Tower')}`))
          .statusCode,
      ).toBe(403);
      expect((await get('viewer', `${JOBS}/forecast?tenantGroupId=abc`)).statusCode).toBe(400);
      // The admin was granted Riverside.
      const admin = (
        await get('admin', `${JOBS}/forecast?tenantGroupId=${riverside}`)
      ).json() as JobForecastSummary[];
      expect(admin.map((s) => s.jobId)).toEqual([riversideJobId]);
    });
  });
});
