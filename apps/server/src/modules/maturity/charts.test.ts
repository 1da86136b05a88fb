import { gunzipSync } from 'node:zlib';
import type { MaturityJobGroup, MaturityTimeSeries, MsjMeasurementTimeSeries } from '@sitepulse/contracts';
import { DAY_MS, HOUR_MS, MINUTE_MS, nurseSaulMaturity } from '@sitepulse/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { type Db, openDb } from '../../db/index.ts';
import { DEMO } from '../../demo/seed.ts';
import type { Actor } from '../../lib/actor.ts';
import { addGateway, addMaturityJob, addNode, addProfile, projectOf } from '../../test/sensor-fixtures.ts';
import { signIn, testConfig, useTestApp } from '../../test/test-app.ts';
import { createChartReadings } from '../measurements/readings-repo.ts';
import { createMaturityCharts } from './charts.ts';
import { createMaturityRepo } from './repo.ts';

const MIN15 = 15 * MINUTE_MS;
const MEASURE = '/api/data/measurement/time';
const MATURITY = '/api/data/analytics/concrete/maturity/time';
const BY_GROUP = '/api/analytics/concrete/maturity/jobs/by_group/with_data';

/** A concrete temperature curve with a heat-of-hydration peak, per channel. */
const temp = (i: number, channel: number) =>
  Math.round((10 + 20 * Math.exp(-(((i - 150) / 90) ** 2)) + 2 * Math.sin(i / 11) + channel * 0.6) * 100) /
  100;

/**
 * The job charts and job list as kept answers (issue 18, docs/decisions/chart-reads.md): a write
 * seen by the next read, on the instance that stored it and on another sharing the database; kept
 * answers equal to a fresh computation; bucketed answers equal to the raw readings' figures.
 */
describe('job charts and job lists kept per job', () => {
  const ctx = useTestApp();
  let second: { app: App; db: Db };
  let key: string;
  let nodeId: number;
  let jobId: number;
  let siteId: number;
  let headers: Record<string, string>;
  /** the job started 10 days ago, on the hour plus 7 minutes; readings every 15 minutes from an hour before */
  const now = Date.now();
  const T0 = Math.floor(now / HOUR_MS) * HOUR_MS - 10 * DAY_MS + 7 * MINUTE_MS;
  const FIRST = T0 - HOUR_MS - 7 * MINUTE_MS;
  const steps = Math.floor((now - 20 * MINUTE_MS - FIRST) / MIN15);
  /** every reading stored, by channel */
  const stored = new Map<number, { ts: number; value: number }[]>([
    [1, []],
    [2, []],
  ]);

  const send = async (app: App, readings: { channelId: number; ts: number; value: number }[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${key}` },
      payload: { readings: readings.map((r) => ({ nodeId, sensorType: 'Temperature', ...r })) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: readings.length, duplicates: 0 });
    for (const r of readings) stored.get(r.channelId)?.push({ ts: r.ts, value: r.value });
  };
  const ask = (app: App, url: string, payload: object, gzip = false) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) },
      payload,
    });
  const chart = async <T>(app: App, url: string, payload: object): Promise<T> => {
    const res = await ask(app, url, payload);
    expect(res.statusCode).toBe(200);
    return res.json() as T;
  };
  const fresh = () => ctx.app.services.maturity;
  const stats = () => ({ ...ctx.app.services.maturity.chartAnswers.stats });

  beforeAll(async () => {
    const site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    siteId = site.tenantGroupId;
    key = (await addGateway(ctx.db.db, ctx.companyId, site.tenantGroupId)).key;
    nodeId = await addNode(ctx.db.db, { companyId: ctx.companyId, ...site });
    const profileId = await addProfile(ctx.db.db, ctx.companyId, -20, 12);
    jobId = await addMaturityJob(ctx.db.db, {
      companyId: ctx.companyId,
      ...site,
      nodeId,
      profileId,
      startDate: T0,
      singularTarget: 40,
    });
    const all = Array.from({ length: steps }, (_, i) => i).flatMap((i) =>
      [1, 2].map((channelId) => ({ channelId, ts: FIRST + i * MIN15, value: temp(i, channelId) })),
    );
    for (let i = 0; i < all.length; i += 500) await send(ctx.app, all.slice(i, i + 500));
    const db = openDb(ctx.db.url);
    second = { db, app: await buildApp({ config: testConfig(), db, logger: false }) };
    await second.app.ready();
    headers = (await signIn(ctx)).headers;
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.db.close();
  });

  /** The demo admin as the services know it (what requireActor gives a route). */
  const admin = async (): Promise<Actor> => {
    const u = await ctx.db.db
      .selectFrom('app_user')
      .select(['id', 'account_type'])
      .where('company_id', '=', ctx.companyId)
      .where('username', '=', DEMO.users.admin)
      .executeTakeFirstOrThrow();
    return {
      userId: u.id,
      companyId: ctx.companyId,
      username: DEMO.users.admin,
      accountType: u.account_type,
      roles: [],
      sessionId: 'test',
      isAdmin: true,
    };
  };

  it('answers a kept chart equal to a fresh computation, and an unchanged chart costs a lookup', async () => {
    const a = stats();
    const first = await chart<MsjMeasurementTimeSeries>(ctx.app, MEASURE, { msjId: jobId });
    const again = await chart<MsjMeasurementTimeSeries>(ctx.app, MEASURE, { msjId: jobId });
    expect(first.bucket).toBe('1h');
    expect(stats().hits).toBeGreaterThan(a.hits);
    // The kept answer (a later "now") is what the readings give for its own range.
    const direct = await ctx.app.services.maturity.measurementTime(await admin(), {
      msjId: jobId,
      to: again.to,
    });
    expect(again).toEqual({ ...direct });
    const m1 = await chart<MaturityTimeSeries>(ctx.app, MATURITY, { msjId: jobId });
    const b = stats();
    const m2 = await chart<MaturityTimeSeries>(ctx.app, MATURITY, { msjId: jobId });
    expect(stats().hits).toBe(b.hits + 1);
    expect(m2.series).toEqual(m1.series);
    expect(m2).toEqual(await fresh().maturityTime(await admin(), { msjId: jobId, to: m2.to }));
  });

  it('sends gzip made once per answer that decodes to the same JSON', async () => {
    const body = { msjId: jobId, from: T0, to: T0 + 8 * DAY_MS };
    const plain = await ask(ctx.app, MATURITY, body);
    const z1 = await ask(ctx.app, MATURITY, body, true);
    const z2 = await ask(ctx.app, MATURITY, body, true);
    expect(z1.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(z1.rawPayload).toString()).toBe(plain.body);
    expect(z2.rawPayload.equals(z1.rawPayload)).toBe(true);
    // a running job's "now": a new head joined to the kept rest, still one valid stream
    const z3 = await ask(ctx.app, MEASURE, { msjId: jobId }, true);
    const z4 = await ask(ctx.app, MEASURE, { msjId: jobId }, true);
    for (const z of [z3, z4]) {
      const parsed = JSON.parse(gunzipSync(z.rawPayload).toString()) as MsjMeasurementTimeSeries;
      expect(parsed).toEqual(await fresh().measurementTime(await admin(), { msjId: jobId, to: parsed.to }));
    }
  });

  it('a write invalidates: read, ingest, read shows the new reading (hourly and 5-minute charts, late readings too)', async () => {
    const latest = await chart<MsjMeasurementTimeSeries>(ctx.app, MEASURE, { msjId: jobId });
    const short = { msjId: jobId, from: now - 3 * DAY_MS, to: now + 5 * MINUTE_MS };
    const shortBefore = await chart<MsjMeasurementTimeSeries>(ctx.app, MEASURE, short);
    expect(shortBefore.bucket).toBe('5min');
    const wide = { msjId: jobId, from: T0 - 5 * DAY_MS, to: now + 5 * MINUTE_MS };
    const wideBefore = await chart<MsjMeasurementTimeSeries>(ctx.app, MEASURE, wide);
    const matBefore = await chart<MaturityTimeSeries>(ctx.app, MATURITY, {
      msjId: jobId,
      fields: ['temperature'],
    });

    // A new reading (the latest) and a late one, two days back, on channel 1.
    const newTs = FIRST + steps * MIN15;
    const lateTs = T0 + 8 * DAY_MS + 2 * MINUTE_MS;
    await send(ctx.app, [
      { channelId: 1, ts: newTs, value: 71.25 },
      { channelId: 1, ts: lateTs, value: 66.5 },
    ]);

    const bucketOf = (s: { start: number; bucketMs: number }, ts: number) =>
      Math.floor((ts - s.start) / s.bucketMs);
    const after = await chart<MsjMeasurementTimeSeries>(ctx.app, MEASURE, { msjId: jobId });
    expect(after.series[0].max[bucketOf(after, newTs)]).toBe(71.25);
    expect(after.series[0].max[bucketOf(after, lateTs)]).toBe(66.5);
    expect(after.series[0].max[bucketOf(latest, lateTs)]).not.toBe(
      latest.series[0].max[bucketOf(latest, lateTs)],
    );
    const shortAfter = await chart<MsjMeasurementTimeSeries>(ctx.app, MEASURE, short);
    expect(shortAfter.series[0].max[bucketOf(shortAfter, newTs)]).toBe(71.25);
    expect(shortAfter.series[0].max[bucketOf(shortAfter, lateTs)]).toBe(66.5);
    expect(shortBefore.series[0].max[bucketOf(shortBefore, lateTs)]).toBeNull();
    const wideAfter = await chart<MsjMeasurementTimeSeries>(ctx.app, MEASURE, wide);
    expect(wideAfter.series[0].max[bucketOf(wideAfter, lateTs)]).toBe(66.5);
    expect(wideBefore.series[0].max[bucketOf(wideBefore, lateTs)]).not.toBe(66.5);
    const matAfter = await chart<MaturityTimeSeries>(ctx.app, MATURITY, {
      msjId: jobId,
      fields: ['temperature'],
    });
    expect(matAfter.series[0].maturity.avg).not.toEqual(matBefore.series[0].maturity.avg);
    expect(matAfter).toEqual(
      await fresh().maturityTime(await admin(), { msjId: jobId, fields: ['temperature'], to: matAfter.to }),
    );
  });

  it('a write through another instance on the same database is seen by the next read here', async () => {
    const body = { msjId: jobId };
    await chart<MsjMeasurementTimeSeries>(ctx.app, MEASURE, body);
    const m0 = await chart<MaturityTimeSeries>(ctx.app, MATURITY, body);
    const g0 = await ctx.app.inject({ method: 'GET', url: `${BY_GROUP}?tenantGroupId=${siteId}`, headers });
    const latestOf = (groups: MaturityJobGroup[]) =>
      groups.flatMap((g) => g.jobs).find((j) => j.id === jobId)?.latestTimestamp;
    const ts = FIRST + (steps + 1) * MIN15;
    await send(second.app, [
      { channelId: 1, ts, value: 55.5 },
      { channelId: 2, ts, value: 54.5 },
    ]);
    const m = await chart<MsjMeasurementTimeSeries>(ctx.app, MEASURE, body);
    expect(m.series[1].max[Math.floor((ts - m.start) / m.bucketMs)]).toBe(54.5);
    const m1 = await chart<MaturityTimeSeries>(ctx.app, MATURITY, body);
    expect(m1.series[0].maturity.avg).not.toEqual(m0.series[0].maturity.avg);
    const g1 = await ctx.app.inject({ method: 'GET', url: `${BY_GROUP}?tenantGroupId=${siteId}`, headers });
    expect(latestOf(g1.json())).toBe(ts);
    expect(latestOf(g0.json())).toBeLessThan(ts);
  });

  it('a job list moves with its sensors: blacklisting another sensor of the same count changes the answer', async () => {
    const read = async () => {
      const r = await ctx.app.inject({ method: 'GET', url: `${BY_GROUP}?tenantGroupId=${siteId}`, headers });
      expect(r.statusCode).toBe(200);
      return (r.json() as MaturityJobGroup[]).flatMap((g) => g.jobs).find((j) => j.id === jobId);
    };
    const sensors = await ctx.db.db
      .selectFrom('sensor')
      .select('id')
      .where('node_id', '=', nodeId)
      .orderBy('channel_id')
      .execute();
    const flag = (id: number, v: number) =>
      ctx.db.db.updateTable('sensor').set({ blacklisted: v }).where('id', '=', id).execute();
    await flag(sensors[0].id, 1);
    const one = await read();
    // The other sensor blacklisted instead: one counted sensor as before, but another one.
    await flag(sensors[0].id, 0);
    await flag(sensors[1].id, 1);
    const two = await read();
    expect(one?.sensorCount).toBe(1);
    expect(two?.sensorCount).toBe(1);
    expect(two?.latestMaturityIndex).not.toBe(one?.latestMaturityIndex);
    await flag(sensors[1].id, 0);
    const both = await read();
    expect(both?.sensorCount).toBe(2);
    expect(both).toEqual(
      (await fresh().byGroupWithData(await admin(), { tenantGroupId: siteId }))
        .flatMap((g) => g.jobs)
        .find((j) => j.id === jobId),
    );
  });

  it('bucketed answers equal what the raw readings give (1 h from the rollups, 6 h grouped, 5 min from the readings)', async () => {
    const readings = [...(stored.get(1) ?? [])].sort((x, y) => x.ts - y.ts);
    const expectBuckets = (s: MsjMeasurementTimeSeries, from: number, to: number) => {
      const by = new Map<number, number[]>();
      for (const r of readings) {
        if (s.bucketMs < HOUR_MS ? r.ts < from || r.ts > to : r.ts < Math.floor(from / HOUR_MS) * HOUR_MS)
          continue;
        const i = Math.floor((r.ts - s.start) / s.bucketMs);
        if (i < 0 || i >= s.points) continue;
        by.set(i, [...(by.get(i) ?? []), r.value]);
      }
      let checked = 0;
      for (let i = 0; i < s.points; i++) {
        const v = by.get(i);
        if (!v) {
          expect(s.series[0].avg[i]).toBeNull();
          continue;
        }
        const mean = v.reduce((a, b) => a + b, 0) / v.length;
        expect(s.series[0].avg[i]).toBeCloseTo(mean, 9);
        expect(s.series[0].min[i]).toBe(Math.min(...v));
        expect(s.series[0].max[i]).toBe(Math.max(...v));
        checked++;
      }
      expect(checked).toBeGreaterThan(10);
    };
    const hourly = { msjId: jobId, from: T0, to: T0 + 9 * DAY_MS, exact: true };
    expectBuckets(await chart(ctx.app, MEASURE, hourly), hourly.from, hourly.to);
    const sixHours = { msjId: jobId, from: now - 120 * DAY_MS, to: now, exact: true };
    const six = await chart<MsjMeasurementTimeSeries>(ctx.app, MEASURE, sixHours);
    expect(six.bucket).toBe('6h');
    expectBuckets(six, sixHours.from, sixHours.to);
    const fiveMin = { msjId: jobId, from: T0 + DAY_MS + 3 * MINUTE_MS, to: T0 + 3 * DAY_MS, exact: true };
    const five = await chart<MsjMeasurementTimeSeries>(ctx.app, MEASURE, fiveMin);
    expect(five.bucket).toBe('5min');
    expectBuckets(five, fiveMin.from, fiveMin.to);

    // Maturity per hour: the state at the hour's last reading, as the domain computes it from the readings.
    const m = await chart<MaturityTimeSeries>(ctx.app, MATURITY, {
      msjId: jobId,
      from: T0,
      to: T0 + 9 * DAY_MS,
      exact: true,
    });
    const counted = readings.filter((r) => r.ts >= T0);
    for (const h of [3, 50, 100, 200]) {
      const end = m.start + (h + 1) * HOUR_MS;
      const upTo = counted.filter((r) => r.ts < end).map((r) => ({ ts: r.ts, tempC: r.value }));
      expect(m.series[0].maturity.avg[h]).toBe(nurseSaulMaturity(upTo, -10));
    }
  });

  it('a running job\'s later "now" reuses a kept answer only when no row it reads lay after its `to`', async () => {
    const repo = createMaturityRepo(ctx.db.db, ctx.db.raw);
    const charts = createMaturityCharts({ repo, readings: createChartReadings(ctx.db.raw) });
    const job = (await repo.jobs({ companyId: ctx.companyId, siteIds: [siteId] }, { ids: [jobId] }))[0];
    const sensors = (await repo.sensorsOfNodes([nodeId])).filter((s) => s.blacklisted === 0);
    const states = new Map((await repo.statesWithSensors([jobId])).map((s) => [s.sensor_id, s]));
    // "Now" first just before an hour X that holds readings, then within X, both in one 6-hour bucket
    // of a 100-day range: the answer for the first misses hour X, which the second must show.
    let x = Math.floor((T0 + 5 * DAY_MS) / HOUR_MS) * HOUR_MS;
    if (x % (6 * HOUR_MS) === 0) x += HOUR_MS;
    const earlier = { from: x - 100 * DAY_MS, to: x - 1, clock: true };
    const later = { from: x - 100 * DAY_MS, to: x + 30 * MINUTE_MS, clock: true };
    const first = await charts.maturityAnswer(job, sensors, states, earlier, {});
    const second = await charts.maturityAnswer(job, sensors, states, later, {});
    const parsed = (a: typeof first) =>
      JSON.parse(`${a.entry.pre}${a.to}${a.entry.post}`) as MaturityTimeSeries;
    expect(parsed(first).bucket).toBe('6h');
    expect(parsed(second).points).toBe(parsed(first).points);
    expect(parsed(second)).toEqual(await charts.maturitySeries(job, sensors, later.from, later.to, {}));
    expect(parsed(second).series[0].maturity.max).not.toEqual(parsed(first).series[0].maturity.max);
    // The same for the readings chart (a range it reads by its tally).
    await charts.measurementAnswer(job, sensors, states, earlier, {});
    const m = await charts.measurementAnswer(job, sensors, states, later, {});
    expect(JSON.parse(`${m.entry.pre}${m.to}${m.entry.post}`)).toEqual(
      await charts.measurementSeries(sensors, later.from, later.to, false),
    );
  });
});
