import type {
  ChannelJob,
  ChannelSensor,
  ConcreteProfile,
  JobChannelSensor,
  MaturityJob,
  MaturityJobDetail,
  MaturityJobGroup,
  MaturityJobWithRawData,
  MaturityTimeSeries,
  MsjMeasurementTimeSeries,
} from '@sitepulse/contracts';
import {
  equivalentAge,
  isOutsideCalibration,
  jobStrength,
  nurseSaulMaturity,
  progressPercent,
  strengthFromMaturity,
} from '@sitepulse/domain';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/types.ts';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { type JobsitesService, siteAccessOf } from '../jobsites/service.ts';
import type { ProfilesService } from '../profiles/service.ts';
import { createMaturityEngine } from './engine.ts';
import { addNode, addReadings, demoPlaces, type Reading, series } from './sensor-fixtures.ts';
import { createMaturityService } from './service.ts';

const JOBS = '/api/analytics/concrete/maturity/jobs';
const DATA = '/api/analytics/concrete/data/maturity';
const HOUR = 3_600_000;
const MIN = 60_000;
const CURVE = { a: -20, b: 15 };

const temps = (rows: readonly Reading[]) => rows.map((r) => ({ ts: r.ts, tempC: r.value }));
const mean = (xs: readonly number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

describe('maturity and strength calls', () => {
  const ctx = useTestApp();
  let other: Awaited<ReturnType<typeof seedOtherCompany>>;
  let places: Awaited<ReturnType<typeof demoPlaces>>;
  const headers: Record<string, Record<string, string>> = {};
  const get = (user: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: headers[user] });
  const post = (user: string, url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, headers: headers[user], payload: payload as object });

  let profile: ConcreteProfile;
  /** the main job: 4 temperature sensors (the 4th decommissioned) and a humidity sensor, 3 days of readings */
  const main = {
    jobId: 0,
    nodeId: 0,
    sensorIds: [] as number[],
    humiditySensorId: 0,
    t0: 0,
    readings: [] as Reading[],
  };
  let riversideJobId: number;
  let otherJobId: number;
  let otherSensorId: number;

  /** Readings of a sensor that count for the main job (from its start), oldest first. */
  const counted = (sensorId: number, until = Number.MAX_SAFE_INTEGER) =>
    main.readings
      .filter((r) => r.sensorId === sensorId && r.ts >= main.t0 && r.ts <= until)
      .sort((x, y) => x.ts - y.ts);

  beforeAll(async () => {
    other = await seedOtherCompany(ctx.db.db);
    places = await demoPlaces(ctx.db.db, ctx.companyId);
    for (const u of ['admin', 'editor', 'viewer', 'inspector']) headers[u] = (await signIn(ctx, u)).headers;
    headers.other = (await signIn(ctx, OTHER.username, OTHER.password, other.companyId)).headers;

    const breaks = [100, 1000, 10000].map((m) => ({
      maturity: m,
      strength: CURVE.a + CURVE.b * Math.log10(m),
    }));
    profile = (
      await post('admin', '/api/concrete/conprofiles', { name: 'Curve', breaks })
    ).json() as ConcreteProfile;

    const ht = places.site('Harbourfront Tower');
    const node = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      tenantGroupId: ht,
      battery: 87,
      signal: -71,
      channels: [
        { channelId: 1, sensorType: 'Temperature', alias: 'Top' },
        { channelId: 2, sensorType: 'Temperature', alias: 'Middle' },
        { channelId: 3, sensorType: 'Temperature' },
        { channelId: 4, sensorType: 'Temperature', alias: 'Broken' },
        { channelId: 5, sensorType: 'Humidity' },
      ],
    });
    main.nodeId = node.nodeId;
    main.sensorIds = node.sensorIds.slice(0, 4);
    main.humiditySensorId = node.sensorIds[4];
    await ctx.db.db
      .updateTable('sensor')
      .set({ decommissioned: 1 })
      .where('id', '=', main.sensorIds[3])
      .execute();
    // The job starts 7 minutes past an hour, 72 hours ago; readings every 15 minutes from 2 hours before.
    main.t0 = Math.floor(Date.now() / HOUR) * HOUR - 72 * HOUR + 7 * MIN;
    const first = main.t0 - 2 * HOUR - 7 * MIN;
    main.readings = series(main.sensorIds, first, 15 * MIN, 4 * 73);
    // A cold spike in the first partial hour of the job (sensor 2), a hot one in a whole hour (sensor 3).
    main.readings.push({ sensorId: main.sensorIds[1], ts: main.t0 + 1 * MIN, value: -4.5 });
    main.readings.push({ sensorId: main.sensorIds[2], ts: main.t0 + 30 * HOUR + 1 * MIN, value: 81.25 });
    main.readings.push(...series([main.humiditySensorId], first, HOUR, 73, (_i, h) => 90 - h / 10));
    await addReadings(ctx.db.db, main.readings);

    const created = await post('editor', JOBS, {
      tenantId: places.tenant('Harbourfront Tower', 'Podium Slabs'),
      nodeId: main.nodeId,
      channelJobName: 'Podium pour 1',
      concreteProfileId: profile.id,
      lowTargetedStrength: 10,
      highTargetedStrength: 20,
      jobGroupName: 'Podium',
      startDate: main.t0,
    });
    expect(created.statusCode).toBe(200);
    main.jobId = (created.json() as ChannelJob).id;

    // A job on a site the editor and viewer were not granted, and one of another company.
    const rNode = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      channels: [{ channelId: 1, sensorType: 'Temperature' }],
    });
    const r = await post('admin', JOBS, {
      tenantId: places.tenant('Riverside Medical Centre Expansion', 'Default'),
      nodeId: rNode.nodeId,
      channelJobName: 'Riverside raft',
      startDate: main.t0,
    });
    riversideJobId = (r.json() as ChannelJob).id;
    const oNode = await addNode(ctx.db.db, {
      companyId: other.companyId,
      channels: [{ channelId: 1, sensorType: 'Temperature' }],
    });
    otherSensorId = oNode.sensorIds[0];
    const o = await post('other', JOBS, {
      tenantId: other.tenantId,
      nodeId: oNode.nodeId,
      channelJobName: 'Secret',
      startDate: main.t0,
    });
    otherJobId = (o.json() as ChannelJob).id;
  });

  /** What the main job's counted sensors (the first three) should show, from the domain functions. */
  function expected() {
    const ids = main.sensorIds.slice(0, 3);
    const per = ids.map((id) => {
      const rows = counted(id);
      const m = nurseSaulMaturity(temps(rows));
      return {
        id,
        m,
        ea: equivalentAge(temps(rows)),
        s: strengthFromMaturity(m, CURVE),
        last: rows[rows.length - 1],
      };
    });
    return { per, ids };
  }

  it('a job shows maturity, strength, aggregates, progress and the MATURED bit from the domain functions', async () => {
    const res = await get('viewer', `${JOBS}/${main.jobId}?tenant=x`);
    expect(res.statusCode).toBe(200);
    const job = res.json() as MaturityJob;
    const { per } = expected();
    const strength = jobStrength(per.map((p) => p.s));
    expect(strength).not.toBeNull();
    expect(job).toMatchObject({
      id: main.jobId,
      channelJobId: main.jobId,
      channelJobName: 'Podium pour 1',
      channelJobTypeName: 'Maturity',
      channelGroupName: 'Podium',
      status: 'RUNNING',
      nodeType: 'Maturity',
      concreteProfileName: 'Curve',
      maturityFunction: 'NURSE_SAUL',
      sensorCount: 3,
      targetStrength: 20,
      lowTargetedStrength: 10,
      highTargetedStrength: 20,
      latestNodeBattery: { value: 87 },
      latestNodeSignal: { signal: -71 },
      channelJobAttributesData: { jobAttributes: '{}', nodeOptions: { batteryLevelType: 1 } },
    });
    expect(job.latestMaturityIndex).toBe(mean(per.map((p) => p.m)));
    expect(job.latestEquivalentAge).toBe(mean(per.map((p) => p.ea)));
    expect(job.msjAverageStrength).toBe(strength);
    expect(job.latestStrength).toBe(strength);
    expect(job.latestJobStrength).toBe(strength);
    expect(job.msjAverageTemperature).toBe(mean(per.map((p) => p.last.value)));
    expect(job.latestAverageTemperature).toBe(job.msjAverageTemperature);
    expect(job.progressBarValue).toBe(progressPercent(strength, 20));
    expect(job.progressBarValue).toBeGreaterThanOrEqual(100);
    expect(job.jobAlarmTriggered % 2).toBe(1);
    expect(job.latestTimestamp).toBe(Math.max(...per.map((p) => p.last.ts)));
    expect(job.outsideCalibration).toBe(
      isOutsideCalibration(job.latestMaturityIndex, { minMaturity: 100, maxMaturity: 10000 }),
    );
    expect(job.outsideCalibration).toBe(false);
    const byType = Object.fromEntries(job.maturityStrengthJobData.map((d) => [d.aggregateType, d]));
    expect(Object.keys(byType)).toEqual(['AVG', 'MIN', 'MAX']);
    expect(byType.MIN.maturityIndex).toBe(Math.min(...per.map((p) => p.m)));
    expect(byType.MAX.maturityIndex).toBe(Math.max(...per.map((p) => p.m)));
    expect(byType.MIN.msjAverageStrength).toBe(Math.min(...per.map((p) => p.s)));
    expect(byType.MAX.msjAverageStrength).toBe(Math.max(...per.map((p) => p.s)));
    expect(byType.AVG.msjAverageStrength).toBe(strength);
    expect(job.maturityStrengthMeasurementJobData.map((d) => [d.sensorType, d.aggregateType])).toEqual([
      ['Temperature', 'AVG'],
      ['Temperature', 'MIN'],
      ['Temperature', 'MAX'],
    ]);
  });

  it('details list each sensor with its own maturity and strength; the decommissioned one is not counted', async () => {
    const res = await get('viewer', `${JOBS}/details/${main.jobId}`);
    expect(res.statusCode).toBe(200);
    // Inspectors use the mobile app: the job's site is closed to them on the web.
    expect((await get('inspector', `${JOBS}/details/${main.jobId}`)).statusCode).toBe(403);
    const d = res.json() as MaturityJobDetail;
    expect(d.concreteProfile).toMatchObject({ id: profile.id, minMaturity: 100, maxMaturity: 10000 });
    expect(d.sensors.map((s) => s.sensorId)).toEqual(main.sensorIds);
    expect(d.sensors.map((s) => s.counted)).toEqual([true, true, true, false]);
    for (const s of d.sensors) {
      const rows = counted(s.sensorId);
      const m = nurseSaulMaturity(temps(rows));
      expect(s.maturity).toBe(m);
      expect(s.equivalentAge).toBe(equivalentAge(temps(rows)));
      expect(s.strength).toBe(strengthFromMaturity(m, CURVE));
      expect(s.value).toBe(rows[rows.length - 1].value);
      expect(s.timestamp).toBe(rows[rows.length - 1].ts);
    }
    expect(d.sensors[0]).toMatchObject({
      sensorAlias: 'Top',
      channelId: 1,
      sensorType: 'Temperature',
      blacklisted: false,
    });
    expect(d.sensors[3]).toMatchObject({ decommissioned: true });
  });

  it('blacklisting a sensor takes it out of the aggregates (writers only)', async () => {
    const body = { id: main.jobId, sensorIds: [main.sensorIds[0]], blacklisted: true };
    expect((await post('viewer', `${JOBS}/blacklist/sensors`, body)).statusCode).toBe(403);
    expect(
      (await post('admin', `${JOBS}/blacklist/sensors`, { ...body, sensorIds: [main.humiditySensorId] }))
        .statusCode,
    ).toBe(400);
    expect((await post('other', `${JOBS}/blacklist/sensors`, body)).statusCode).toBe(404);
    const res = await post('editor', `${JOBS}/blacklist/sensors`, body);
    expect(res.statusCode).toBe(200);
    expect((res.json() as ChannelSensor[]).map((s) => s.blacklisted)).toEqual([true, false, false, false]);
    const job = (await get('viewer', `${JOBS}/${main.jobId}`)).json() as MaturityJob;
    const rest = expected().per.slice(1);
    expect(job.sensorCount).toBe(2);
    expect(job.latestMaturityIndex).toBe(mean(rest.map((p) => p.m)));
    expect(job.msjAverageStrength).toBe(jobStrength(rest.map((p) => p.s)));
    const restore = await post('editor', `${JOBS}/blacklist/sensors`, { ...body, blacklisted: false });
    expect((restore.json() as ChannelSensor[]).every((s) => !s.blacklisted)).toBe(true);
    const back = (await get('viewer', `${JOBS}/${main.jobId}`)).json() as MaturityJob;
    expect(back.sensorCount).toBe(3);
  });

  it('data maturity average, extremities and timestamp', async () => {
    const avg = await get('viewer', `${DATA}/average?msjId=${main.jobId}`);
    expect(avg.statusCode).toBe(200);
    const job = (await get('viewer', `${JOBS}/${main.jobId}`)).json() as MaturityJob;
    expect(avg.json()).toEqual({
      msjId: main.jobId,
      timestamp: job.latestTimestamp,
      maturityStrengthJobData: job.maturityStrengthJobData,
    });

    const ts = await get('viewer', `${DATA}/timestamp?msjId=${main.jobId}`);
    expect(ts.json()).toEqual({ msjId: main.jobId, timestamp: job.latestTimestamp });

    // Whole job: the cold spike sits in the first partial hour, the hot one in a whole hour.
    const ex = await get('viewer', `${DATA}/extremities?msjId=${main.jobId}`);
    expect(ex.statusCode).toBe(200);
    expect(ex.json()).toEqual([
      {
        aggregateType: 'MIN',
        extremity: -4.5,
        timestamp: main.t0 + MIN,
        sensorId: main.sensorIds[1],
        sensorAlias: 'Middle',
      },
      {
        aggregateType: 'MAX',
        extremity: 81.25,
        timestamp: main.t0 + 30 * HOUR + MIN,
        sensorId: main.sensorIds[2],
        sensorAlias: null,
      },
    ]);

    // A range with partial hours at both ends, after the spikes: the same answer as a scan of the readings.
    const from = main.t0 + 31 * HOUR + 13 * MIN + 5_000;
    const to = main.t0 + 50 * HOUR + 41 * MIN;
    const inRange = main.readings.filter(
      (r) => main.sensorIds.slice(0, 3).includes(r.sensorId) && r.ts >= from && r.ts <= to,
    );
    const pickBest = (better: (a: Reading, b: Reading) => boolean) =>
      inRange.reduce((best, r) => (better(r, best) ? r : best), inRange[0]);
    const lo = pickBest((a, b) => a.value < b.value || (a.value === b.value && a.ts < b.ts));
    const hi = pickBest((a, b) => a.value > b.value || (a.value === b.value && a.ts < b.ts));
    const ranged = await get('viewer', `${DATA}/extremities?msjId=${main.jobId}&from=${from}&to=${to}`);
    expect(ranged.json()).toMatchObject([
      { aggregateType: 'MIN', extremity: lo.value, timestamp: lo.ts, sensorId: lo.sensorId },
      { aggregateType: 'MAX', extremity: hi.value, timestamp: hi.ts, sensorId: hi.sensorId },
    ]);
    expect(
      (await get('viewer', `${DATA}/extremities?msjId=${main.jobId}&from=${to}&to=${from}`)).statusCode,
    ).toBe(400);
  });

  it('data/paged and data/len page through the hourly maturity of every sensor of the job', async () => {
    const len = await get('viewer', `${DATA}/len?msjId=${main.jobId}`);
    const hours = new Set(
      main.readings
        .filter((r) => main.sensorIds.includes(r.sensorId) && r.ts >= main.t0)
        .map((r) => `${r.sensorId}:${Math.floor(r.ts / HOUR)}`),
    );
    expect(len.json()).toEqual({ len: hours.size });
    const page = await get(
      'viewer',
      `${DATA}/paged?msjId=${main.jobId}&page=1&rpp=10&sortdir=asc&sensorId=${main.sensorIds[0]}`,
    );
    expect(page.statusCode).toBe(200);
    const body = page.json() as {
      total: number;
      content: {
        sensorId: number;
        hour: number;
        timestamp: number;
        maturity: number;
        strength: number;
        temperature: number;
      }[];
    };
    expect(body.total).toBe([...hours].filter((h) => h.startsWith(`${main.sensorIds[0]}:`)).length);
    expect(body.content).toHaveLength(10);
    const hoursSeen = body.content.map((r) => r.hour);
    expect(hoursSeen).toEqual([...hoursSeen].sort((a, b) => a - b));
    for (const row of body.content) {
      const upTo = counted(main.sensorIds[0], row.timestamp);
      expect(row.timestamp).toBe(upTo[upTo.length - 1].ts);
      expect(row.hour).toBe(Math.floor(row.timestamp / HOUR) * HOUR);
      expect(row.maturity).toBe(nurseSaulMaturity(temps(upTo)));
      expect(row.strength).toBe(strengthFromMaturity(row.maturity, CURVE));
      expect(row.temperature).toBe(upTo[upTo.length - 1].value);
    }
    expect(
      (await get('viewer', `${DATA}/paged?msjId=${main.jobId}&sensorId=${main.humiditySensorId}`)).statusCode,
    ).toBe(400);
    expect((await get('viewer', `${DATA}/paged?msjId=${main.jobId}&rpp=0`)).statusCode).toBe(400);
  });

  it('maturity over time: hourly points per sensor and the job average, exact or rounded', async () => {
    const res = await post('viewer', '/api/data/analytics/concrete/maturity/time', {
      msjId: main.jobId,
      exact: true,
      fields: ['strength', 'equivalentAge', 'temperature'],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as MaturityTimeSeries;
    expect(body).toMatchObject({
      msjId: main.jobId,
      bucket: '1h',
      bucketMs: HOUR,
      from: main.t0,
      maturityFunction: 'NURSE_SAUL',
    });
    expect(body.start).toBe(Math.floor(main.t0 / HOUR) * HOUR);
    expect(body.points).toBe(Math.floor((body.to - body.start) / HOUR) + 1);
    expect(body.series.map((s) => s.sensorId)).toEqual(main.sensorIds.slice(0, 3));
    for (const s of body.series) {
      expect(s.maturity.avg).toHaveLength(body.points);
      expect(s.maturity.min).toBeUndefined();
      let checked = 0;
      s.maturity.avg.forEach((m, p) => {
        const hourEnd = body.start + (p + 1) * HOUR - 1;
        const upTo = counted(s.sensorId, hourEnd);
        if (upTo.length === 0 || upTo[upTo.length - 1].ts < body.start + p * HOUR) {
          expect(m).toBeNull();
          return;
        }
        expect(m).toBe(nurseSaulMaturity(temps(upTo)));
        expect(s.equivalentAge?.avg[p]).toBe(equivalentAge(temps(upTo)));
        expect(s.strength?.avg[p]).toBe(strengthFromMaturity(m, CURVE));
        expect(s.temperature?.avg[p]).toBe(upTo[upTo.length - 1].value);
        checked++;
      });
      expect(checked).toBeGreaterThan(70);
    }
    const last = body.series[0].maturity.avg.findLastIndex((v) => v !== null);
    expect(last).toBeGreaterThan(60);
    const parts = body.series.map((s) => s.strength?.avg[last] as number);
    expect(body.average.strength?.avg[last]).toBe(jobStrength(parts));
    expect(body.average.maturity.min?.[last]).toBe(
      Math.min(...body.series.map((s) => s.maturity.avg[last] as number)),
    );
    expect(body.average.maturity.max?.[last]).toBe(
      Math.max(...body.series.map((s) => s.maturity.avg[last] as number)),
    );

    const rounded = (
      await post('viewer', '/api/data/analytics/concrete/maturity/time', { msjId: main.jobId })
    ).json() as MaturityTimeSeries;
    expect(rounded.series[0].maturity.avg[last]).toBe(round(body.series[0].maturity.avg[last] as number, 1));
    expect(rounded.series[0].strength?.avg[last]).toBe(
      round(body.series[0].strength?.avg[last] as number, 2),
    );
    // By default: maturity and strength only (equivalent age too when the profile uses it).
    expect(Object.keys(rounded.series[0]).sort()).toEqual([
      'maturity',
      'sensorAlias',
      'sensorId',
      'strength',
    ]);
    expect(Object.keys(rounded.average).sort()).toEqual(['maturity', 'strength']);

    const bySids = await post('viewer', '/api/data/analytics/concrete/maturity/time/by_sids', {
      msjId: main.jobId,
      sensorIds: [main.sensorIds[3]],
      exact: true,
    });
    expect(bySids.statusCode).toBe(200);
    const one = bySids.json() as MaturityTimeSeries;
    expect(one.series.map((s) => s.sensorId)).toEqual([main.sensorIds[3]]);
    expect(one.average.maturity.avg).toEqual(one.series[0].maturity.avg);
    const notMine = await post('viewer', '/api/data/analytics/concrete/maturity/time/by_sids', {
      msjId: main.jobId,
      sensorIds: [main.humiditySensorId],
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().error.message).toMatch(/Not sensors of job/);
  });

  it('measurement over time: 5-minute buckets from the readings for a short range', async () => {
    const res = await post('viewer', '/api/data/measurement/time', { msjId: main.jobId, exact: true });
    expect(res.statusCode).toBe(200);
    const body = res.json() as MsjMeasurementTimeSeries;
    expect(body).toMatchObject({ bucket: '5min', bucketMs: 5 * MIN, from: main.t0 });
    expect(body.start).toBe(Math.floor(main.t0 / (5 * MIN)) * 5 * MIN);
    expect(body.series.map((s) => [s.sensorId, s.sensorType])).toEqual(
      main.sensorIds.slice(0, 3).map((id) => [id, 'Temperature']),
    );
    for (const s of body.series) {
      const rows = counted(s.sensorId);
      for (const r of rows) {
        const p = Math.floor((r.ts - body.start) / (5 * MIN));
        const same = rows
          .filter((x) => Math.floor((x.ts - body.start) / (5 * MIN)) === p)
          .map((x) => x.value);
        expect(s.avg[p]).toBe(mean(same));
        expect(s.min[p]).toBe(Math.min(...same));
        expect(s.max[p]).toBe(Math.max(...same));
      }
      expect(s.avg.filter((v) => v !== null)).toHaveLength(
        new Set(rows.map((r) => Math.floor(r.ts / (5 * MIN)))).size,
      );
    }
    const humidity = await post('viewer', '/api/data/measurement/time', {
      msjId: main.jobId,
      sensorType: 'Humidity',
    });
    expect(humidity.statusCode).toBe(400);
    const sids = await post('viewer', '/api/data/measurement/time/by_sids', {
      sensorIds: [main.humiditySensorId],
      from: main.t0,
      to: main.t0 + 24 * HOUR,
    });
    expect(sids.statusCode).toBe(200);
    const h = sids.json() as MsjMeasurementTimeSeries;
    expect(h.series[0].sensorType).toBe('Humidity');
    expect(h.series[0].avg.filter((v) => v !== null)).toHaveLength(24);
  });

  it('long ranges read the hourly rollups: 1 h up to 90 days, 6 h beyond, min and max kept', async () => {
    const node = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      tenantGroupId: places.site('Harbourfront Tower'),
      channels: [{ channelId: 1, sensorType: 'Temperature' }],
    });
    const [sensorId] = node.sensorIds;
    const t0 = Math.floor(Date.now() / HOUR) * HOUR - 120 * 24 * HOUR;
    const readings = series(
      [sensorId],
      t0,
      15 * MIN,
      4 * 24 * 120,
      (_i, h) => Math.round((15 + 8 * Math.sin(h / 5)) * 100) / 100,
    );
    await addReadings(ctx.db.db, readings);
    const job = await post('editor', JOBS, {
      tenantId: places.tenant('Harbourfront Tower', 'Default'),
      nodeId: node.nodeId,
      channelJobName: 'Long cure',
      concreteProfileId: profile.id,
      startDate: t0,
    });
    const msjId = (job.json() as ChannelJob).id;

    // 30 days: hourly buckets straight from the rollups.
    const from30 = t0 + 10 * 24 * HOUR;
    const to30 = from30 + 30 * 24 * HOUR - 1;
    const m30 = (
      await post('viewer', '/api/data/measurement/time', { msjId, from: from30, to: to30, exact: true })
    ).json() as MsjMeasurementTimeSeries;
    expect(m30).toMatchObject({ bucket: '1h', points: 720, start: from30 });
    const hourRows = (p: number) =>
      readings.filter((r) => r.ts >= from30 + p * HOUR && r.ts < from30 + (p + 1) * HOUR);
    for (const p of [0, 1, 359, 719]) {
      const vals = hourRows(p).map((r) => r.value);
      expect(m30.series[0].avg[p]).toBe(mean(vals));
      expect(m30.series[0].min[p]).toBe(Math.min(...vals));
      expect(m30.series[0].max[p]).toBe(Math.max(...vals));
    }

    // The whole 120 days: 6-hour buckets aggregated from the rollups in SQL.
    const all = (
      await post('viewer', '/api/data/measurement/time', { msjId, exact: true })
    ).json() as MsjMeasurementTimeSeries;
    expect(all.bucket).toBe('6h');
    expect(all.points).toBeLessThanOrEqual(481);
    const sixH = 6 * HOUR;
    for (const p of [1, 100, 400]) {
      const vals = readings
        .filter((r) => r.ts >= all.start + p * sixH && r.ts < all.start + (p + 1) * sixH)
        .map((r) => r.value);
      expect(all.series[0].avg[p]).toBeCloseTo(mean(vals), 9);
      expect(all.series[0].min[p]).toBe(Math.min(...vals));
      expect(all.series[0].max[p]).toBe(Math.max(...vals));
    }
    const rounded = (
      await post('viewer', '/api/data/measurement/time', { msjId })
    ).json() as MsjMeasurementTimeSeries;
    expect(rounded.series[0].avg[100]).toBe(round(all.series[0].avg[100] as number, 2));

    // Maturity over 120 days: 6-hour buckets with avg, min and max of the hourly states.
    const mat = (
      await post('viewer', '/api/data/analytics/concrete/maturity/time', { msjId, exact: true })
    ).json() as MaturityTimeSeries;
    expect(mat.bucket).toBe('6h');
    const s = mat.series[0];
    for (const p of [2, 200, 470]) {
      const bucketStart = mat.start + p * sixH;
      const hourly = [0, 1, 2, 3, 4, 5].map((k) =>
        nurseSaulMaturity(temps(readings.filter((r) => r.ts < bucketStart + (k + 1) * HOUR))),
      );
      expect(s.maturity.min?.[p]).toBe(hourly[0]);
      expect(s.maturity.max?.[p]).toBe(hourly[5]);
      expect(s.maturity.avg[p]).toBeCloseTo(mean(hourly), 6);
      expect(s.strength?.min?.[p]).toBe(strengthFromMaturity(hourly[0], CURVE));
      expect(s.strength?.max?.[p]).toBe(strengthFromMaturity(hourly[5], CURVE));
    }
    const tooLong = await post('viewer', '/api/data/measurement/time', { msjId, from: 0, to: Date.now() });
    expect(tooLong.statusCode).toBe(400);
  });

  it('sensor lists and measurement data by job and by job group', async () => {
    const byMsj = (
      await get('viewer', `/api/channels/sensors/list/by_msj/${main.jobId}`)
    ).json() as ChannelSensor[];
    expect(byMsj.map((s) => s.sensorId)).toEqual(main.sensorIds);
    const last = main.readings.filter((r) => r.sensorId === main.sensorIds[0]).sort((a, b) => b.ts - a.ts)[0];
    expect(byMsj[0]).toMatchObject({
      id: main.sensorIds[0],
      nodeId: main.nodeId,
      channelId: 1,
      sensorType: 'Temperature',
      sensorAlias: 'Top',
      latestValue: last.value,
      latestValueTimestamp: last.ts,
      messageTimestamp: last.ts,
    });
    const byNid = (
      await get('viewer', `/api/channels/sensors/list/by_nid/${main.nodeId}`)
    ).json() as ChannelSensor[];
    expect(byNid.map((s) => s.sensorId)).toEqual([...main.sensorIds, main.humiditySensorId]);
    const site = (
      await get(
        'viewer',
        `/api/channels/sensors/list?tenantGroupId=${places.site('Harbourfront Tower')}&sensorType=Humidity`,
      )
    ).json() as ChannelSensor[];
    expect(site.map((s) => s.sensorId)).toContain(main.humiditySensorId);
    expect(site.every((s) => s.sensorType === 'Humidity')).toBe(true);
    const jobSensors = (
      await post('viewer', `${JOBS}/sensors`, { ids: [main.jobId] })
    ).json() as JobChannelSensor[];
    expect(jobSensors.map((s) => [s.jobId, s.sensorId])).toEqual(
      main.sensorIds.map((id) => [main.jobId, id]),
    );

    const mdm = await get('viewer', `/api/analytics/measurement/mdm/by_msj/${main.jobId}`);
    expect(mdm.statusCode).toBe(200);
    const rows = mdm.json() as {
      sensorId: number;
      averageMeasurementData: number;
      latestValue: number;
      latestValueTimestamp: number;
      channelJobId: number;
    }[];
    expect(rows.map((r) => r.sensorId)).toEqual(main.sensorIds);
    for (const r of rows) {
      const mine = counted(r.sensorId);
      expect(r.channelJobId).toBe(main.jobId);
      expect(r.averageMeasurementData).toBeCloseTo(mean(mine.map((x) => x.value)), 9);
      expect(r.latestValue).toBe(mine[mine.length - 1].value);
      expect(r.latestValueTimestamp).toBe(mine[mine.length - 1].ts);
    }

    const job = (await get('viewer', `${JOBS}/${main.jobId}`)).json() as MaturityJob;
    const cjg = job.channelGroupId as number;
    const byCjg = (
      await get('viewer', `/api/channels/sensors/list/by_cjg/${cjg}`)
    ).json() as JobChannelSensor[];
    expect(byCjg.map((s) => s.sensorId)).toEqual(main.sensorIds);
    const mdmCjg = (
      await get('viewer', `/api/analytics/measurement/mdm/by_cjg/${cjg}?tenant=1&sensorType=Humidity`)
    ).json() as {
      sensorId: number;
      averageMeasurementData: number;
    }[];
    const hum = main.readings
      .filter((r) => r.sensorId === main.humiditySensorId && r.ts >= main.t0)
      .map((r) => r.value);
    expect(mdmCjg).toHaveLength(1);
    expect(mdmCjg[0].sensorId).toBe(main.humiditySensorId);
    expect(mdmCjg[0].averageMeasurementData).toBeCloseTo(mean(hum), 9);
    const defaultType = (await get('viewer', `/api/analytics/measurement/mdm/by_cjg/${cjg}`)).json() as {
      sensorId: number;
    }[];
    expect(defaultType.map((r) => r.sensorId)).toEqual(main.sensorIds);
  });

  it('a humidity job carries humidity and temperature instead of maturity and strength', async () => {
    const node = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      nodeType: 'Humidity',
      channels: [
        { channelId: 1, sensorType: 'Humidity' },
        { channelId: 2, sensorType: 'Humidity' },
        { channelId: 3, sensorType: 'Temperature' },
      ],
    });
    const t0 = Math.floor(Date.now() / HOUR) * HOUR - 10 * HOUR;
    const readings = series(node.sensorIds, t0, 30 * MIN, 20, (i, h) =>
      i === 2 ? 18 + h / 10 : 80 + i * 5 - h,
    );
    await addReadings(ctx.db.db, readings);
    const res = await post('editor', JOBS, {
      tenantId: places.tenant('Harbourfront Tower', 'Default'),
      nodeId: node.nodeId,
      channelJobName: 'Slab RH',
      sensorFlags: 5,
      startDate: t0,
    });
    const id = (res.json() as ChannelJob).id;
    const job = (await get('viewer', `${JOBS}/${id}`)).json() as MaturityJob;
    const lastOf = (sid: number) => readings.filter((r) => r.sensorId === sid).sort((a, b) => b.ts - a.ts)[0];
    const humidity = mean([lastOf(node.sensorIds[0]).value, lastOf(node.sensorIds[1]).value]);
    expect(job).toMatchObject({
      kind: 'HUMIDITY',
      sensorFlags: 5,
      msjAverageStrength: null,
      latestMaturityIndex: null,
      latestStrength: null,
      maturityStrengthJobData: [],
      progressBarValue: 0,
      latestAverageHumidity: humidity,
      msjAverageMeasurementData: humidity,
      latestAverageTemperature: lastOf(node.sensorIds[2]).value,
      sensorCount: 3,
    });
    expect(
      job.maturityStrengthMeasurementJobData.find(
        (d) => d.sensorType === 'Humidity' && d.aggregateType === 'MAX',
      )?.msjAverageMeasurementData,
    ).toBe(Math.max(lastOf(node.sensorIds[0]).value, lastOf(node.sensorIds[1]).value));
    const chart = (
      await post('viewer', '/api/data/measurement/time', { msjId: id })
    ).json() as MsjMeasurementTimeSeries;
    expect(chart.series.map((s) => s.sensorType)).toEqual(['Humidity', 'Humidity']);
    expect((await get('viewer', `${DATA}/average?msjId=${id}`)).statusCode).toBe(400);
    expect(
      (await post('viewer', '/api/data/analytics/concrete/maturity/time', { msjId: id })).statusCode,
    ).toBe(400);
  });

  it('outside the calibrated range is flagged', async () => {
    const narrow = (
      await post('admin', '/api/concrete/conprofiles', {
        name: 'Narrow',
        breaks: [
          { maturity: 50, strength: 2 },
          { maturity: 400, strength: 12 },
        ],
      })
    ).json() as ConcreteProfile;
    const node = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      channels: [{ channelId: 1, sensorType: 'Temperature' }],
    });
    const t0 = Math.floor(Date.now() / HOUR) * HOUR - 30 * HOUR;
    await addReadings(
      ctx.db.db,
      series(node.sensorIds, t0, HOUR, 30, () => 25),
    );
    const res = await post('editor', JOBS, {
      tenantId: places.tenant('Harbourfront Tower', 'Default'),
      nodeId: node.nodeId,
      channelJobName: 'Extrapolated',
      concreteProfileId: narrow.id,
      singularTargetedStrength: 500,
      startDate: t0,
    });
    const id = (res.json() as ChannelJob).id;
    const job = (await get('viewer', `${JOBS}/details/${id}`)).json() as MaturityJobDetail;
    expect(job.latestMaturityIndex).toBe(29 * 35);
    expect(job.outsideCalibration).toBe(true);
    expect(job.sensors[0].outsideCalibration).toBe(true);
    expect(job.targetStrength).toBe(500);
    expect(job.alarmData.singularThreshold).toBe(500);
    expect(job.jobAlarmTriggered % 2).toBe(0);
    expect(job.progressBarValue).toBe(progressPercent(job.msjAverageStrength, 500));
  });

  it('lists: paged, by group with data, with raw data, count', async () => {
    const tenant = places.tenant('Harbourfront Tower', 'Podium Slabs');
    const paged = await post('viewer', `${JOBS}/paged`, { page: 0, rpp: 1, tenant });
    expect(paged.statusCode).toBe(200);
    const p = paged.json() as { total: number; content: MaturityJob[]; page: number; rpp: number };
    expect(p.total).toBe(1);
    expect(p.content.map((j) => j.id)).toEqual([main.jobId]);
    const all = (await post('viewer', `${JOBS}/paged`, { page: 0, rpp: 100, sortdir: 'ASC' })).json() as {
      total: number;
      content: MaturityJob[];
    };
    expect(all.content.length).toBe(all.total);
    const created = all.content.map((j) => j.creationDate);
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(all.content.some((j) => j.id === riversideJobId)).toBe(false);
    const stopped = (
      await post('viewer', `${JOBS}/paged`, { page: 0, rpp: 10, status: 'TERMINATED' })
    ).json() as { total: number };
    expect(stopped.total).toBe(0);

    const count = await get(
      'viewer',
      `${JOBS}/cmd/get_count?tenantGroupId=${places.site('Harbourfront Tower')}&status=RUNNING`,
    );
    expect(count.json()).toEqual({ count: all.content.filter((j) => j.status === 'RUNNING').length });

    const groups = (
      await get('viewer', `${JOBS}/by_group/with_data?tenant=${tenant}`)
    ).json() as MaturityJobGroup[];
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ name: 'Podium', status: 'RUNNING', tenant });
    expect(groups[0].jobs.map((j) => j.id)).toEqual([main.jobId]);
    const direct = (await get('viewer', `${JOBS}/${main.jobId}`)).json() as MaturityJob;
    expect(groups[0].jobs[0]).toEqual(direct);

    const raw = (
      await get('viewer', `${JOBS}/with_raw_data?tenant=${tenant}`)
    ).json() as MaturityJobWithRawData[];
    expect(raw[0].sensors.map((s) => s.sensorId)).toEqual(main.sensorIds);
    expect(raw[0].msjAverageStrength).toBe(direct.msjAverageStrength);

    expect((await get('viewer', `${JOBS}/by_group/with_data?tenant=abc`)).statusCode).toBe(400);
    expect((await post('viewer', `${JOBS}/paged`, { page: -1, rpp: 10 })).statusCode).toBe(400);
  });

  it('two hundred jobs of a site list in one call, each with its own data', async () => {
    const site = places.site('North Yard Precast Plant');
    const tenant = places.tenant('North Yard Precast Plant', 'Double Tees');
    const now = Date.now();
    const { id: groupId } = await ctx.db.db
      .insertInto('job_group')
      .values({
        company_id: ctx.companyId,
        tenant_id: tenant,
        name: 'Bed 1',
        status: 'RUNNING',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let k = 0; k < 200; k++) {
      const node = await addNode(ctx.db.db, {
        companyId: ctx.companyId,
        tenantGroupId: site,
        channels: [
          { channelId: 1, sensorType: 'Temperature' },
          { channelId: 2, sensorType: 'Temperature' },
        ],
      });
      const { id } = await ctx.db.db
        .insertInto('job')
        .values({
          company_id: ctx.companyId,
          tenant_group_id: site,
          tenant_id: tenant,
          job_group_id: groupId,
          kind: 'MATURITY',
          job_type_name: 'Maturity',
          name: `Tee ${k}`,
          node_id: node.nodeId,
          cable_id: null,
          status: 'RUNNING',
          sensor_flags: 1,
          sensor_types: '["Temperature"]',
          concrete_profile_id: profile.id,
          start_date: now - HOUR,
          termination_date: null,
          job_attributes: '{}',
          alarm_data: '{}',
          job_alarm_triggered: 0,
          low_target: null,
          medium_target: null,
          high_target: null,
          singular_target: null,
          created_at: now + k,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db.db
        .insertInto('maturity_state')
        .values(
          node.sensorIds.map((sensor_id, i) => ({
            job_id: id,
            sensor_id,
            last_ts: now,
            last_temp: 20 + i,
            maturity: 100 + k + i * 10,
            equivalent_age: 5,
            n: 2,
          })),
        )
        .execute();
    }
    const res = await get('admin', `${JOBS}/by_group/with_data?tenantGroupId=${site}`);
    expect(res.statusCode).toBe(200);
    const [group] = res.json() as MaturityJobGroup[];
    expect(group.jobs).toHaveLength(200);
    for (const j of group.jobs) {
      const k = Number(j.channelJobName.slice(4));
      expect(j.latestMaturityIndex).toBe(mean([100 + k, 110 + k]));
      expect(j.msjAverageStrength).toBe(
        jobStrength([strengthFromMaturity(100 + k, CURVE), strengthFromMaturity(110 + k, CURVE)]),
      );
      expect(j.msjAverageTemperature).toBe(20.5);
      expect(j.progressBarValue).toBe(100);
    }
    expect(group.jobs[0].channelJobName).toBe('Tee 199');

    // The same list through the service on a logging connection: a fixed number of statements, not one per job.
    let statements = 0;
    const raw = ctx.db.raw;
    const logged = new Kysely<Database>({
      dialect:
        raw.dialect === 'sqlite'
          ? new SqliteDialect({ database: raw.sqlite })
          : new PostgresDialect({ pool: raw.pool }),
      log: (e) => {
        if (e.level === 'query') statements++;
      },
    });
    const jobsites = {
      siteAccess: async () => siteAccessOf({ accountType: 'ADMIN' }, [{ id: site, access: 1 }]),
    } as unknown as JobsitesService;
    const service = createMaturityService({
      db: logged,
      store: ctx.db,
      config: ctx.config,
      jobsites,
      maturityEngine: createMaturityEngine(ctx.db),
      profiles: {} as ProfilesService,
    });
    const actor = {
      userId: 1,
      companyId: ctx.companyId,
      username: 'admin',
      accountType: 'ADMIN',
      roles: [],
      sessionId: 's',
      isAdmin: true,
    };
    const listed = await service.byGroupWithData(actor, { tenantGroupId: site });
    expect(listed[0].jobs).toEqual(group.jobs);
    // jobs (with node, profile and group), their sensors, their maturity states
    expect(statements).toBe(3);
  });

  it("another company's and an ungranted job site's jobs cannot be read or changed", async () => {
    const reads = (id: number) => [
      `${JOBS}/${id}`,
      `${JOBS}/details/${id}`,
      `${DATA}/average?msjId=${id}`,
      `${DATA}/extremities?msjId=${id}`,
      `${DATA}/timestamp?msjId=${id}`,
      `${DATA}/paged?msjId=${id}`,
      `${DATA}/len?msjId=${id}`,
      `/api/channels/sensors/list/by_msj/${id}`,
      `/api/analytics/measurement/mdm/by_msj/${id}`,
    ];
    for (const url of reads(riversideJobId)) {
      const res = await get('editor', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect((await get('admin', url)).statusCode, url).toBe(200);
    }
    for (const url of reads(otherJobId)) expect((await get('admin', url)).statusCode, url).toBe(404);
    for (const url of reads(main.jobId)) expect((await get('other', url)).statusCode, url).toBe(404);
    const posts: [string, unknown][] = [
      ['/api/data/analytics/concrete/maturity/time', { msjId: otherJobId }],
      ['/api/data/measurement/time', { msjId: otherJobId }],
      ['/api/data/measurement/time/by_sids', { sensorIds: [otherSensorId] }],
      [`${JOBS}/sensors`, { ids: [main.jobId, otherJobId] }],
      [`${JOBS}/blacklist/sensors`, { id: otherJobId, sensorIds: [otherSensorId] }],
    ];
    for (const [url, body] of posts) expect((await post('admin', url, body)).statusCode, url).toBe(404);
    const ungranted = await post('editor', '/api/data/measurement/time/by_sids', {
      sensorIds: [main.sensorIds[0]],
    });
    expect(ungranted.statusCode).toBe(200);
    const rNodeSensors = (
      await get('admin', `/api/channels/sensors/list/by_msj/${riversideJobId}`)
    ).json() as ChannelSensor[];
    expect(
      (await post('editor', '/api/data/measurement/time/by_sids', { sensorIds: [rNodeSensors[0].sensorId] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await get('editor', `/api/channels/sensors/list/by_nid/${rNodeSensors[0].nodeId}`)).statusCode,
    ).toBe(404);
    const riverside = places.site('Riverside Medical Centre Expansion');
    expect((await get('editor', `${JOBS}/by_group/with_data?tenantGroupId=${riverside}`)).statusCode).toBe(
      404,
    );
    expect((await get('editor', `/api/channels/sensors/list?tenantGroupId=${riverside}`)).statusCode).toBe(
      404,
    );
    const list = (await post('other', `${JOBS}/paged`, { page: 0, rpp: 100 })).json() as {
      content: MaturityJob[];
    };
    expect(list.content.map((j) => j.id)).toEqual([otherJobId]);
    const blacklisted = await ctx.db.db
      .selectFrom('sensor')
      .select('blacklisted')
      .where('id', '=', otherSensorId)
      .executeTakeFirstOrThrow();
    expect(blacklisted.blacklisted).toBe(0);
  });

  it('function types', async () => {
    const res = await get('viewer', '/api/analytics/concrete/maturity/function/types');
    expect(res.json()).toEqual([
      { name: 'NURSE_SAUL', label: 'Nurse-Saul (temperature-time factor)', unit: '°C·h' },
      { name: 'EQUIVALENT_AGE', label: 'Equivalent age (Arrhenius)', unit: 'h' },
    ]);
  });
});
