import type { ChannelSensor, NodeStatusMessage, SeriesResponse } from '@sitepulse/contracts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addNode, addReadings, addSensor, demoSites, series } from './test-data.ts';

const NOW = Date.now();
const T0 = Math.floor(NOW / HOUR_MS) * HOUR_MS - 20 * DAY_MS;

describe('node data', () => {
  const ctx = useTestApp();
  const w = {} as Record<string, number>;
  const data = {} as Record<string, [number, number][]>;
  let headers: Record<string, Record<string, string>>;

  beforeAll(async () => {
    const db = ctx.db.db;
    const c = ctx.companyId;
    const { ht, rmc } = await demoSites(db, c);
    const other = await seedOtherCompany(db);
    await addNode(db, {
      id: 7001,
      companyId: c,
      siteId: ht.siteId,
      nodeType: 'Maturity',
      battery: 42,
      batteryTs: NOW - 3 * HOUR_MS,
      signal: -90,
      signalTs: NOW - HOUR_MS,
      batteryLevelType: 2,
    });
    w.t1 = await addSensor(db, {
      companyId: c,
      nodeId: 7001,
      channelId: 1,
      sensorType: 'Temperature',
      alias: 'Top',
    });
    w.t2 = await addSensor(db, { companyId: c, nodeId: 7001, channelId: 2, sensorType: 'Temperature' });
    w.h = await addSensor(db, { companyId: c, nodeId: 7001, channelId: 3, sensorType: 'Humidity' });
    data.t1 = series(T0, T0 + 20 * DAY_MS, 15 * MINUTE_MS, (_t, i) => 20 + (i % 11));
    data.t2 = series(T0 + 7 * MINUTE_MS, T0 + 10 * DAY_MS, 15 * MINUTE_MS, (_t, i) => 15 + (i % 5));
    await addReadings(db, w.t1, data.t1);
    await addReadings(db, w.t2, data.t2);
    await addReadings(
      db,
      w.h,
      series(T0, T0 + DAY_MS, HOUR_MS, () => 80),
    );
    await addNode(db, { id: 7002, companyId: c, siteId: ht.siteId, nodeType: 'Maturity' });
    await addNode(db, { id: 7101, companyId: c, siteId: rmc.siteId, nodeType: 'Maturity' });
    await addNode(db, { id: 7201, companyId: other.companyId, siteId: other.siteId, nodeType: 'Maturity' });
    await addNode(db, { id: 7301, companyId: c, siteId: null, nodeType: 'Maturity' });
    headers = {
      admin: (await signIn(ctx, 'admin')).headers,
      viewer: (await signIn(ctx, 'viewer')).headers,
    };
  });

  const get = (user: string, url: string) => ctx.app.inject({ url, headers: headers[user] });

  it("answers a node's temperature series, bucketed by the range", async () => {
    const from = T0;
    const to = T0 + 3 * DAY_MS;
    const res = await get(
      'viewer',
      `/api/channels/nodes/temperature/time/by_nid?nodeId=7001&from=${from}&to=${to}`,
    );
    expect(res.statusCode).toBe(200);
    const s = res.json() as SeriesResponse;
    expect(s.bucket).toBe('5min');
    expect(s.series.map((x) => [x.sensorId, x.sensorAlias])).toEqual([
      [w.t1, 'Top'],
      [w.t2, null],
    ]);
    // A reading every 15 minutes: every third 5-minute bucket holds one.
    expect(s.points).toBe(3 * 24 * 12 + 1);
    expect(s.series[0].avg.filter((v) => v !== null)).toEqual(
      data.t1.filter(([t]) => t <= to).map(([, v]) => v),
    );
    expect(s.series[0].avg.slice(0, 4)).toEqual([data.t1[0][1], null, null, data.t1[1][1]]);
    const long = (
      await get('viewer', `/api/channels/nodes/temperature/time/by_nid?nodeId=7001&from=${T0}&to=${NOW}`)
    ).json();
    expect(long.bucket).toBe('1h');
    expect(long.points).toBe(20 * 24 + 1);
    expect(long.series[0].avg.filter((v: number | null) => v !== null)).toHaveLength(20 * 24);
    const recent = (await get('viewer', '/api/channels/nodes/temperature/time/by_nid?nodeId=7001')).json();
    expect(recent.to - recent.from).toBe(7 * DAY_MS);
  });

  it('pages the raw temperature readings by time, and counts them', async () => {
    const to = T0 + HOUR_MS - 1;
    const page = (n: number, dir: string) =>
      get(
        'viewer',
        `/api/channels/nodes/temperature/time/by_nid/paged?nodeId=7001&from=${T0}&to=${to}&page=${n}&rpp=3&sortdir=${dir}`,
      );
    const asc = await page(0, 'asc');
    expect(asc.statusCode).toBe(200);
    expect(asc.json().items).toEqual([
      { sensorId: w.t1, timestamp: T0, value: data.t1[0][1] },
      { sensorId: w.t2, timestamp: T0 + 7 * MINUTE_MS, value: data.t2[0][1] },
      { sensorId: w.t1, timestamp: T0 + 15 * MINUTE_MS, value: data.t1[1][1] },
    ]);
    const desc = (await page(0, 'desc')).json().items;
    expect(desc[0]).toEqual({ sensorId: w.t2, timestamp: T0 + 52 * MINUTE_MS, value: data.t2[3][1] });
    expect((await page(2, 'asc')).json().items).toHaveLength(2);

    const len = await get('viewer', '/api/channels/nodes/temperature/len/by_nid/7001');
    expect(len.json()).toEqual({ nodeId: 7001, len: data.t1.length + data.t2.length });
    const part = await get(
      'viewer',
      `/api/channels/nodes/temperature/len/by_nid/7001?from=${T0 + 1}&to=${to}`,
    );
    expect(part.json().len).toBe(7);
  });

  it('answers the temperature sensors with their latest values, and the latest time', async () => {
    const res = await get('viewer', '/api/channels/nodes/temperature/by_nid/7001');
    const sensors = res.json() as ChannelSensor[];
    expect(sensors.map((s) => [s.sensorId, s.latestValue, s.latestValueTimestamp])).toEqual([
      [w.t1, data.t1.at(-1)?.[1], data.t1.at(-1)?.[0]],
      [w.t2, data.t2.at(-1)?.[1], data.t2.at(-1)?.[0]],
    ]);
    const latest = await get(
      'viewer',
      '/api/analytics/nodes/temperature/timestamp/latest/by_nid?nodeId=7001',
    );
    expect(latest.json()).toEqual({ nodeId: 7001, timestamp: data.t1.at(-1)?.[0] });
    expect(
      (await get('viewer', '/api/analytics/nodes/temperature/timestamp/latest/by_nid?nodeId=7002')).json(),
    ).toEqual({
      nodeId: 7002,
      timestamp: null,
    });
  });

  it('answers the latest battery and signal of a node', async () => {
    const res = await get('viewer', '/api/channels/nodes/status/messages/latest/by_nid/7001');
    expect(res.json() as NodeStatusMessage).toEqual({
      nodeId: 7001,
      batteryLevelType: 2,
      latestNodeBattery: { value: 42, timestamp: NOW - 3 * HOUR_MS },
      latestNodeSignal: { signal: -90, timestamp: NOW - HOUR_MS },
      messageTimestamp: NOW - HOUR_MS,
    });
    expect(
      (await get('viewer', '/api/channels/nodes/status/messages/latest/by_nid/7002')).json(),
    ).toMatchObject({
      latestNodeBattery: { value: null, timestamp: null },
      messageTimestamp: null,
    });
  });

  it("never answers another company's or an ungranted site's node; unplaced nodes are for admins", async () => {
    const urls = (id: number) => [
      `/api/channels/nodes/temperature/time/by_nid?nodeId=${id}`,
      `/api/channels/nodes/temperature/time/by_nid/paged?nodeId=${id}`,
      `/api/channels/nodes/temperature/len/by_nid/${id}`,
      `/api/channels/nodes/temperature/by_nid/${id}`,
      `/api/analytics/nodes/temperature/timestamp/latest/by_nid?nodeId=${id}`,
      `/api/channels/nodes/status/messages/latest/by_nid/${id}`,
    ];
    for (const url of urls(7201)) expect((await get('admin', url)).statusCode, url).toBe(404);
    for (const url of [...urls(7101), ...urls(7301)]) {
      expect((await get('viewer', url)).statusCode, url).toBe(404);
      expect((await get('admin', url)).statusCode, url).toBe(200);
    }
  });

  it('rejects bad input with 400', async () => {
    for (const url of [
      '/api/channels/nodes/temperature/time/by_nid',
      '/api/channels/nodes/temperature/time/by_nid?nodeId=7001&from=5&to=1',
      '/api/channels/nodes/temperature/time/by_nid/paged?nodeId=7001&rpp=5000',
      '/api/channels/nodes/temperature/time/by_nid/paged?nodeId=7001&sortdir=up',
      '/api/channels/nodes/temperature/len/by_nid/x',
    ]) {
      expect((await get('viewer', url)).statusCode, url).toBe(400);
    }
  });
});
