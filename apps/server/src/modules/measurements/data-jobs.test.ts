import type {
  DataJob,
  DataJobAnalytics,
  DataJobDetail,
  JobChannelSensor,
  SensorLatest,
  SensorStats,
  SeriesResponse,
} from '@sitepulse/contracts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addGroup, addJob, addNode, addReadings, addSensor, demoSites, series } from './test-data.ts';

const NOW = Date.now();
const HOUR0 = Math.floor(NOW / HOUR_MS) * HOUR_MS;
const DJ = '/api/analytics/data/jobs';
const WH = '/api/data/warehouse';

const avg = (xs: number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** The expected grid of readings: average, min and max per bucket (rounded to 0.001), null where empty. */
function grid(rows: [number, number][], start: number, bucketMs: number, points: number) {
  const buckets: number[][] = Array.from({ length: points }, () => []);
  for (const [t, v] of rows) {
    const i = Math.floor((t - start) / bucketMs);
    if (i >= 0 && i < points) buckets[i].push(v);
  }
  return {
    avg: buckets.map((b) => (b.length ? r3(avg(b)) : null)),
    min: buckets.map((b) => (b.length ? r3(Math.min(...b)) : null)),
    max: buckets.map((b) => (b.length ? r3(Math.max(...b)) : null)),
  };
}
const inRange = (rows: [number, number][], from: number, to: number) =>
  rows.filter(([t]) => t >= from && t <= to);

describe('data jobs and the data warehouse', () => {
  const ctx = useTestApp();
  const w = {} as Record<string, number>;
  const data = {} as Record<string, [number, number][]>;
  let headers: Record<string, Record<string, string>>;

  beforeAll(async () => {
    const db = ctx.db.db;
    const c = ctx.companyId;
    const { ht, rmc } = await demoSites(db, c);
    const other = await seedOtherCompany(db);
    w.g = await addGroup(db, { companyId: c, tenantId: ht.tenantId, name: 'Utilities' });
    w.gOther = await addGroup(db, { companyId: other.companyId, tenantId: other.tenantId, name: 'Theirs' });

    // A gas job running for 200 days, a reading every 30 minutes.
    await addNode(db, {
      id: 6001,
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      nodeType: 'Gas',
      battery: 55,
      batteryTs: NOW - HOUR_MS,
      signal: -80,
      signalTs: NOW - HOUR_MS,
      batteryLevelType: 2,
    });
    w.gas = await addSensor(db, {
      companyId: c,
      nodeId: 6001,
      channelId: 1,
      sensorType: 'Gas',
      alias: 'CO sensor',
    });
    data.gas = series(
      HOUR0 - 200 * DAY_MS,
      HOUR0,
      30 * MINUTE_MS,
      (t, i) => 400 + ((i * 37) % 101) + (t % 7),
    );
    await addReadings(db, w.gas, data.gas);
    w.dj1 = await addJob(db, {
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      groupId: w.g,
      kind: 'DATA',
      typeName: 'Gas',
      name: 'Basement gas',
      nodeId: 6001,
      sensorTypes: ['Gas'],
      start: HOUR0 - 200 * DAY_MS,
      createdAt: NOW - 200 * DAY_MS,
    });

    // A current-transformer job: current, voltage and power every 5 minutes for 3 days.
    await addNode(db, {
      id: 6002,
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      nodeType: 'Current Transformer',
    });
    const power = ['Current', 'Voltage', 'Power'];
    for (const [i, t] of power.entries()) {
      w[t] = await addSensor(db, { companyId: c, nodeId: 6002, channelId: i + 1, sensorType: t });
      data[t] = series(HOUR0 - 3 * DAY_MS, HOUR0, 5 * MINUTE_MS, (_ts, k) => (i + 1) * 10 + (k % 17));
      await addReadings(db, w[t], data[t]);
    }
    w.pj = await addJob(db, {
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      groupId: w.g,
      kind: 'POWER',
      typeName: 'Current Transformer',
      name: 'Crane power',
      nodeId: 6002,
      sensorTypes: power,
      start: HOUR0 - 3 * DAY_MS,
      createdAt: NOW - 3 * DAY_MS,
    });

    // A stopped liquid-level job with a blacklisted sensor.
    await addNode(db, {
      id: 6003,
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      nodeType: 'Liquid Level',
    });
    w.level = await addSensor(db, { companyId: c, nodeId: 6003, channelId: 1, sensorType: 'Liquid Level' });
    w.levelBad = await addSensor(db, {
      companyId: c,
      nodeId: 6003,
      channelId: 2,
      sensorType: 'Liquid Level',
    });
    await db.updateTable('sensor').set({ blacklisted: 1 }).where('id', '=', w.levelBad).execute();
    data.level = series(HOUR0 - 10 * DAY_MS, HOUR0, HOUR_MS, (_t, i) => 1 + i / 100);
    await addReadings(db, w.level, data.level);
    await addReadings(db, w.levelBad, data.level);
    w.dj3 = await addJob(db, {
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      groupId: w.g,
      kind: 'DATA',
      typeName: 'Liquid Level',
      name: 'Tank level',
      nodeId: 6003,
      sensorTypes: ['Liquid Level'],
      status: 'TERMINATED',
      start: HOUR0 - 9 * DAY_MS,
      end: HOUR0 - 4 * DAY_MS,
      createdAt: NOW - 9 * DAY_MS,
    });

    await addNode(db, {
      id: 6101,
      companyId: c,
      siteId: rmc.siteId,
      tenantId: rmc.tenantId,
      nodeType: 'Gas',
    });
    w.rmcGas = await addSensor(db, { companyId: c, nodeId: 6101, channelId: 1, sensorType: 'Gas' });
    w.djR = await addJob(db, {
      companyId: c,
      siteId: rmc.siteId,
      tenantId: rmc.tenantId,
      kind: 'DATA',
      typeName: 'Gas',
      name: 'Riverside gas',
      nodeId: 6101,
      sensorTypes: ['Gas'],
    });
    await addNode(db, { id: 6201, companyId: other.companyId, siteId: other.siteId, nodeType: 'Gas' });
    w.otherGas = await addSensor(db, {
      companyId: other.companyId,
      nodeId: 6201,
      channelId: 1,
      sensorType: 'Gas',
    });
    await addReadings(db, w.otherGas, [[HOUR0 - HOUR_MS, 999]]);
    w.djO = await addJob(db, {
      companyId: other.companyId,
      siteId: other.siteId,
      tenantId: other.tenantId,
      groupId: w.gOther,
      kind: 'DATA',
      typeName: 'Gas',
      name: 'Their gas',
      nodeId: 6201,
      sensorTypes: ['Gas'],
    });
    headers = {
      admin: (await signIn(ctx, 'admin')).headers,
      editor: (await signIn(ctx, 'editor')).headers,
      inspector: (await signIn(ctx, 'inspector')).headers,
    };
  });

  const get = (user: string, url: string) => ctx.app.inject({ url, headers: headers[user] });
  const post = (user: string, url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, headers: headers[user], payload: payload as object });

  it('counts the running data jobs the caller may see', async () => {
    expect((await get('admin', `${DJ}/cmd/get_active_count`)).json()).toEqual({ count: 3 });
    expect((await get('editor', `${DJ}/cmd/get_active_count`)).json()).toEqual({ count: 2 });
    expect((await get('editor', `${DJ}/cmd/get_active_count?channelJobTypeName=Gas`)).json()).toEqual({
      count: 1,
    });
  });

  it('lists the data jobs of a group, with the latest reading of each counted sensor', async () => {
    const plain = (await get('editor', `${DJ}/by_cjg?cjgId=${w.g}`)).json() as DataJob[];
    expect(plain.map((j) => [j.id, j.kind, j.status, j.channelJobTypeName])).toEqual([
      [w.pj, 'POWER', 'RUNNING', 'Current Transformer'],
      [w.dj3, 'DATA', 'TERMINATED', 'Liquid Level'],
      [w.dj1, 'DATA', 'RUNNING', 'Gas'],
    ]);
    expect(plain[0].dataMeasurementJobData).toBeUndefined();
    const rich = (await get('editor', `${DJ}/by_group/with_data?cjgId=${w.g}`)).json() as DataJob[];
    expect((await get('inspector', `${DJ}/by_group/with_data?cjgId=${w.g}`)).statusCode).toBe(403);
    const gas = rich.find((j) => j.id === w.dj1);
    expect(gas?.dataMeasurementJobData).toEqual([
      {
        sensorId: w.gas,
        sensorType: 'Gas',
        sensorAlias: 'CO sensor',
        latestValue: data.gas.at(-1)?.[1],
        latestValueTimestamp: data.gas.at(-1)?.[0],
      },
    ]);
    expect(gas?.latestNodeBattery).toEqual({ value: 55, timestamp: NOW - HOUR_MS });
    const level = rich.find((j) => j.id === w.dj3);
    const last = inRange(data.level, 0, HOUR0 - 4 * DAY_MS).at(-1);
    expect(level?.dataMeasurementJobData).toEqual([
      {
        sensorId: w.level,
        sensorType: 'Liquid Level',
        sensorAlias: null,
        latestValue: last?.[1],
        latestValueTimestamp: last?.[0],
      },
    ]);
  });

  it('details list every sensor (with its flags) but count only the good ones', async () => {
    const res = await get('editor', `${DJ}/details/${w.dj3}`);
    expect(res.statusCode).toBe(200);
    const d = res.json() as DataJobDetail;
    expect(d.sensors.map((s) => [s.sensorId, s.blacklisted])).toEqual([
      [w.level, false],
      [w.levelBad, true],
    ]);
    expect(d.dataMeasurementJobData.map((s) => s.sensorId)).toEqual([w.level]);
    expect(d.batteryLevelType).toBe(1);
    expect((await get('editor', `${DJ}/details/${w.dj1}`)).json().batteryLevelType).toBe(2);
  });

  it('answers per-sensor analytics over a range, exactly', async () => {
    const from = HOUR0 - 20 * DAY_MS + 17 * MINUTE_MS;
    const to = HOUR0 - 2 * DAY_MS - 11 * MINUTE_MS;
    const res = await get('editor', `${DJ}/analytics/by_dj?jobId=${w.dj1}&from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const a = res.json() as DataJobAnalytics;
    const vals = inRange(data.gas, from, to).map(([, v]) => v);
    expect(a).toMatchObject({ jobId: w.dj1, from, to });
    expect(a.sensors[0]).toMatchObject({
      sensorId: w.gas,
      count: vals.length,
      min: Math.min(...vals),
      max: Math.max(...vals),
      latestValue: data.gas.at(-1)?.[1],
    });
    expect(a.sensors[0].averageMeasurementData).toBeCloseTo(avg(vals), 9);
  });

  it('lists the sensors of data jobs', async () => {
    const res = await post('editor', `${DJ}/sensors`, { ids: [w.dj1, w.pj] });
    expect(res.statusCode).toBe(200);
    expect((res.json() as JobChannelSensor[]).map((s) => [s.jobId, s.sensorType])).toEqual([
      [w.dj1, 'Gas'],
      [w.pj, 'Current'],
      [w.pj, 'Voltage'],
      [w.pj, 'Power'],
    ]);
    expect((await post('editor', `${DJ}/sensors`, { ids: [w.djR] })).statusCode).toBe(404);
  });

  it('warehouse: averages and latest values of a job', async () => {
    const res = await get('editor', `${WH}/measurement/average/by_job?jobId=${w.pj}&sensorType=Voltage`);
    expect(res.statusCode).toBe(200);
    const [v] = res.json() as SensorStats[];
    expect(v.sensorId).toBe(w.Voltage);
    expect(v.count).toBe(data.Voltage.length);
    expect(v.averageMeasurementData).toBeCloseTo(avg(data.Voltage.map(([, x]) => x)), 9);
    const latest = (
      await get('editor', `${WH}/measurement/latest/by_job?jobId=${w.pj}`)
    ).json() as SensorLatest[];
    expect(latest.map((l) => [l.sensorType, l.latestValue])).toEqual(
      ['Current', 'Voltage', 'Power'].map((t) => [t, data[t].at(-1)?.[1]]),
    );
  });

  it('warehouse: a short range is bucketed by 5 minutes from the raw readings, on a grid', async () => {
    const from = HOUR0 - DAY_MS + 2 * MINUTE_MS;
    const to = HOUR0 - 1;
    const res = await post('editor', `${WH}/measurement/time/by_job`, { jobId: w.dj1, from, to });
    expect(res.statusCode).toBe(200);
    // Written by JSON.stringify for speed, still answered as JSON (the web client parses by content type).
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const s = res.json() as SeriesResponse;
    expect(s).toMatchObject({
      from,
      to,
      bucket: '5min',
      bucketMs: 5 * MINUTE_MS,
      start: HOUR0 - DAY_MS,
      points: 288,
    });
    const [gas] = s.series;
    expect(gas).toEqual({
      sensorId: w.gas,
      sensorType: 'Gas',
      sensorAlias: 'CO sensor',
      nodeId: 6001,
      channelId: 1,
      ...grid(inRange(data.gas, from, to), s.start, s.bucketMs, s.points),
    });
    expect(gas.avg.filter((v) => v !== null)).toHaveLength(47);
  });

  it('warehouse: long ranges read the hourly rollup, by the hour or grouped again, at most a few thousand points', async () => {
    const from30 = HOUR0 - 30 * DAY_MS;
    const s30 = (
      await post('editor', `${WH}/measurement/time/by_job`, { jobId: w.dj1, from: from30, to: HOUR0 - 1 })
    ).json() as SeriesResponse;
    expect(s30).toMatchObject({ bucket: '1h', start: from30, points: 30 * 24 });
    expect(s30.series[0]).toMatchObject(
      grid(inRange(data.gas, from30, HOUR0 - 1), s30.start, HOUR_MS, s30.points),
    );

    // The whole job (200 days): 6-hour buckets, aligned to UTC.
    const all = (
      await post('editor', `${WH}/measurement/time/by_job`, { jobId: w.dj1 })
    ).json() as SeriesResponse;
    expect(all.bucket).toBe('6h');
    expect(all.start % (6 * HOUR_MS)).toBe(0);
    expect(all.points).toBeLessThanOrEqual(2200);
    expect(all.series[0]).toMatchObject(grid(data.gas, all.start, 6 * HOUR_MS, all.points));
    // A range beyond the job is kept within it.
    const wide = (
      await post('editor', `${WH}/measurement/time/by_job`, { jobId: w.dj1, from: 0, to: NOW + DAY_MS })
    ).json();
    expect(wide.from).toBe(HOUR0 - 200 * DAY_MS);
  });

  it('warehouse: one sensor over time (default: the last 7 days)', async () => {
    const res = await post('editor', `${WH}/measurement/time/by_sid`, { sensorId: w.gas });
    expect(res.statusCode).toBe(200);
    const s = res.json() as SeriesResponse;
    expect(s.bucket).toBe('5min');
    expect(s.to - s.from).toBe(7 * DAY_MS);
    expect(s.series[0]).toMatchObject(grid(inRange(data.gas, s.from, s.to), s.start, s.bucketMs, s.points));
  });

  it('warehouse: power analytics read current, voltage and power', async () => {
    const latest = (
      await get('editor', `${WH}/analytics/latest/by_job?jobId=${w.pj}`)
    ).json() as SensorLatest[];
    expect(latest.map((l) => l.sensorType)).toEqual(['Current', 'Voltage', 'Power']);
    expect((await get('editor', `${WH}/analytics/latest/by_job?jobId=${w.dj1}`)).json()).toEqual([]);
    const res = await post('editor', `${WH}/analytics/time/by_job`, { jobId: w.pj });
    const s = res.json() as SeriesResponse;
    expect(s.bucket).toBe('5min');
    expect(s.series.map((x) => x.sensorType)).toEqual(['Current', 'Voltage', 'Power']);
    for (const x of s.series) {
      expect(x).toMatchObject(grid(data[x.sensorType], s.start, s.bucketMs, s.points));
    }
  });

  it("never answers another company's or an ungranted site's data", async () => {
    const gets = (id: number) => [
      `${DJ}/details/${id}`,
      `${DJ}/analytics/by_dj?jobId=${id}`,
      `${WH}/measurement/average/by_job?jobId=${id}`,
      `${WH}/measurement/latest/by_job?jobId=${id}`,
      `${WH}/analytics/latest/by_job?jobId=${id}`,
    ];
    for (const url of [...gets(w.djO), `${DJ}/by_cjg?cjgId=${w.gOther}`]) {
      expect((await get('admin', url)).statusCode, url).toBe(404);
    }
    for (const url of gets(w.djR)) {
      expect((await get('editor', url)).statusCode, url).toBe(404);
      expect((await get('admin', url)).statusCode, url).toBe(200);
    }
    for (const [url, body] of [
      [`${WH}/measurement/time/by_job`, { jobId: w.djO }],
      [`${WH}/measurement/time/by_sid`, { sensorId: w.otherGas }],
      [`${WH}/analytics/time/by_job`, { jobId: w.djO }],
      [`${DJ}/sensors`, { ids: [w.djO] }],
    ] as const) {
      const res = await post('admin', url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('999');
    }
    expect((await post('editor', `${WH}/measurement/time/by_sid`, { sensorId: w.rmcGas })).statusCode).toBe(
      404,
    );
  });

  it('rejects bad input with 400', async () => {
    for (const url of [
      `${DJ}/details/0`,
      `${DJ}/by_cjg`,
      `${DJ}/analytics/by_dj?jobId=${w.dj1}&from=9&to=1`,
    ]) {
      expect((await get('editor', url)).statusCode, url).toBe(400);
    }
    for (const [url, body] of [
      [`${WH}/measurement/time/by_job`, { jobId: 'x' }],
      [`${WH}/measurement/time/by_job`, { jobId: w.dj1, from: 10, to: 5 }],
      [`${WH}/measurement/time/by_sid`, {}],
      [`${DJ}/sensors`, { ids: ['a'] }],
    ] as const) {
      const res = await post('editor', url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
  });
});
