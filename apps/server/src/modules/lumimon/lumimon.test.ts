import type { LumimonOverview } from '@sitepulse/contracts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addJob, addNode, addReadings, addSensor, demoSites, series } from '../measurements/test-data.ts';
import { countsOf, readingsByType, statsByType, thresholdOf } from './service.ts';

const NOW = Date.now();
const START = NOW - 2 * DAY_MS;
/** Readings every 15 minutes, half a step off the 24-hour boundary, so the window edge never splits a reading. */
const FROM = NOW - 30 * HOUR_MS + 7.5 * MINUTE_MS;
const url = (id: number, q = '') => `/api/analytics/lumimon/jobs/overview/by_tenant_group/${id}${q}`;

describe('Lumimon overview helpers', () => {
  it('reads the threshold of a job, and nothing from unreadable alarm data', () => {
    expect(thresholdOf('{"sensorType":"Gas","mediumThresholdHBound":35}')).toEqual({
      sensorType: 'Gas',
      mediumThresholdHBound: 35,
      mediumThresholdLBound: null,
    });
    const none = { sensorType: null, mediumThresholdHBound: null, mediumThresholdLBound: null };
    expect(thresholdOf('{"singularThreshold":25}')).toEqual(none);
    expect(thresholdOf('not json')).toEqual(none);
    expect(thresholdOf('null')).toEqual(none);
  });

  it('sums per-sensor figures per type with a count-weighted average', () => {
    const got = statsByType([
      { sensorType: 'Temperature', count: 1, averageMeasurementData: 10, min: 10, max: 10 },
      { sensorType: 'Temperature', count: 3, averageMeasurementData: 20, min: 15, max: 30 },
      { sensorType: 'Humidity', count: 0, averageMeasurementData: null, min: null, max: null },
    ]);
    expect(got).toEqual([
      { sensorType: 'Temperature', count: 4, average: 17.5, min: 10, max: 30 },
      { sensorType: 'Humidity', count: 0, average: null, min: null, max: null },
    ]);
  });

  it('counts cards by status label, running, ended, in error and alarming', () => {
    const card = (statusLabel: string, alarming = false) =>
      ({ statusLabel, alarming, ended: statusLabel === 'STOPPED' || statusLabel === 'ERROR' }) as Parameters<
        typeof countsOf
      >[0][number];
    expect(countsOf([card('STARTED', true), card('STARTED'), card('STOPPED'), card('ERROR')])).toEqual({
      total: 4,
      running: 2,
      ended: 2,
      error: 1,
      alarming: 1,
      byStatus: { STARTED: 2, STOPPED: 1, ERROR: 1 },
    });
  });

  it('averages the latest values of several sensors of one type', () => {
    const job = { node_id: 1, sensor_types: '[]' } as Parameters<typeof readingsByType>[0];
    const s = (id: number, sensor_type: string) =>
      ({ id, node_id: 1, sensor_type, blacklisted: 0, decommissioned: 0 }) as Parameters<
        typeof readingsByType
      >[1][number];
    const got = readingsByType(
      job,
      [s(1, 'Temperature'), s(2, 'Temperature'), s(3, 'Humidity')],
      new Map([
        [1, { ts: 10, value: 20 }],
        [2, { ts: 12, value: 22 }],
      ]),
    );
    expect(got).toEqual([
      { sensorType: 'Temperature', value: 21, timestamp: 12, sensors: 2 },
      { sensorType: 'Humidity', value: null, timestamp: null, sensors: 1 },
    ]);
  });
});

describe('GET /analytics/lumimon/jobs/overview/by_tenant_group/{id}', () => {
  const ctx = useTestApp();
  const w = {} as Record<string, number>;
  const gasReadings = series(FROM, NOW, 15 * MINUTE_MS, (_ts, i) => 10 + (i % 9) * 5);
  let headers: Record<string, Record<string, string>>;
  let site: { ht: { siteId: number; tenantId: number }; rmc: { siteId: number; tenantId: number } };
  let lumimonProject: number;
  let other: Awaited<ReturnType<typeof seedOtherCompany>>;

  beforeAll(async () => {
    const db = ctx.db.db;
    const c = ctx.companyId;
    site = await demoSites(db, c);
    const { ht, rmc } = site;
    other = await seedOtherCompany(db);
    lumimonProject = (
      await db
        .selectFrom('tenant')
        .select('id')
        .where('tenant_group_id', '=', ht.siteId)
        .where('type', '=', 'Lumimon')
        .executeTakeFirstOrThrow()
    ).id;
    const lum = { companyId: c, siteId: ht.siteId, tenantId: lumimonProject, start: START };

    // A gas node whose CO reading is over its threshold (alarm bit 1 set).
    await addNode(db, {
      id: 9001,
      companyId: c,
      siteId: ht.siteId,
      tenantId: lumimonProject,
      nodeType: 'Gas',
      name: 'GAS-9001',
      battery: 74,
      batteryTs: NOW - HOUR_MS,
      signal: -80,
      signalTs: NOW - 10 * MINUTE_MS,
    });
    w.gasSensor = await addSensor(db, { companyId: c, nodeId: 9001, channelId: 1, sensorType: 'Gas' });
    await addReadings(db, w.gasSensor, gasReadings);
    w.gas = await addJob(db, {
      ...lum,
      kind: 'DATA',
      typeName: 'Gas',
      name: 'Ramp CO',
      nodeId: 9001,
      sensorTypes: ['Gas'],
    });
    await db
      .updateTable('job')
      .set({
        job_alarm_triggered: 2,
        alarm_data: JSON.stringify({ sensorType: 'Gas', mediumThresholdHBound: 35 }),
      })
      .where('id', '=', w.gas)
      .execute();

    // A weather node with two temperature sensors (averaged) and a blacklisted third (left out).
    await addNode(db, {
      id: 9002,
      companyId: c,
      siteId: ht.siteId,
      nodeType: 'Microweather Node',
      name: 'MWN-9002',
    });
    const t1 = await addSensor(db, { companyId: c, nodeId: 9002, channelId: 1, sensorType: 'Temperature' });
    const t2 = await addSensor(db, { companyId: c, nodeId: 9002, channelId: 2, sensorType: 'Temperature' });
    const t3 = await addSensor(db, { companyId: c, nodeId: 9002, channelId: 3, sensorType: 'Temperature' });
    const hum = await addSensor(db, { companyId: c, nodeId: 9002, channelId: 4, sensorType: 'Humidity' });
    const wind = await addSensor(db, { companyId: c, nodeId: 9002, channelId: 5, sensorType: 'Wind Speed' });
    await addReadings(db, t1, [[NOW - 20 * MINUTE_MS, 20]]);
    await addReadings(db, t2, [[NOW - 10 * MINUTE_MS, 22]]);
    await addReadings(db, t3, [[NOW - 10 * MINUTE_MS, 99]]);
    await db.updateTable('sensor').set({ blacklisted: 1 }).where('id', '=', t3).execute();
    await addReadings(db, hum, [[NOW - 10 * MINUTE_MS, 55]]);
    await addReadings(db, wind, [[NOW - 10 * MINUTE_MS, 12]]);
    w.weather = await addJob(db, {
      ...lum,
      kind: 'MICROWEATHER',
      typeName: 'Microweather Node',
      name: 'Crane',
      nodeId: 9002,
    });

    // A current transformer in the site's Concrete project.
    await addNode(db, {
      id: 9003,
      companyId: c,
      siteId: ht.siteId,
      nodeType: 'Current Transformer',
      name: 'CT-9003',
    });
    for (const [ch, type, v] of [
      [1, 'Current', 31.5],
      [2, 'Voltage', 600],
      [3, 'Power', 18900],
    ] as const) {
      const id = await addSensor(db, { companyId: c, nodeId: 9003, channelId: ch, sensorType: type });
      await addReadings(db, id, [[NOW - 5 * MINUTE_MS, v]]);
    }
    w.power = await addJob(db, {
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      kind: 'POWER',
      typeName: 'Current Transformer',
      name: 'Mixer',
      nodeId: 9003,
      start: START,
    });

    // A GPS job running, and one that ended before the node's latest fix.
    await addNode(db, { id: 9004, companyId: c, siteId: ht.siteId, nodeType: 'GPS', name: 'GPS-9004' });
    await addNode(db, { id: 9005, companyId: c, siteId: ht.siteId, nodeType: 'GPS', name: 'GPS-9005' });
    await db
      .insertInto('node_location')
      .values([
        { node_id: 9004, ts: NOW - 30 * MINUTE_MS, lat: 43.64, lng: -79.38 },
        { node_id: 9004, ts: NOW - 5 * MINUTE_MS, lat: 43.65, lng: -79.39 },
        { node_id: 9005, ts: NOW - 12 * HOUR_MS, lat: 88, lng: -79.1 },
        { node_id: 9005, ts: NOW - HOUR_MS, lat: 43.1, lng: -79.2 },
      ])
      .execute();
    await db
      .updateTable('node')
      .set({ latest_lat: 43.65, latest_lng: -79.39, latest_location_ts: NOW - 5 * MINUTE_MS })
      .where('id', '=', 9004)
      .execute();
    await db
      .updateTable('node')
      .set({ latest_lat: 43.1, latest_lng: -79.2, latest_location_ts: NOW - HOUR_MS })
      .where('id', '=', 9005)
      .execute();
    w.gps = await addJob(db, { ...lum, kind: 'GPS', typeName: 'GPS', name: 'Telehandler', nodeId: 9004 });
    w.gpsEnded = await addJob(db, {
      ...lum,
      kind: 'GPS',
      typeName: 'GPS',
      name: 'Old loader',
      nodeId: 9005,
      status: 'TERMINATED',
      end: NOW - 10 * HOUR_MS,
    });

    // Not on the overview: a maturity job of the same site.
    await addNode(db, { id: 9006, companyId: c, siteId: ht.siteId, nodeType: 'Maturity' });
    await addJob(db, {
      ...lum,
      tenantId: ht.tenantId,
      kind: 'MATURITY',
      typeName: 'Maturity',
      name: 'Slab',
      nodeId: 9006,
    });

    // Riverside (not granted to the editor) and another company.
    await addNode(db, { id: 9101, companyId: c, siteId: rmc.siteId, nodeType: 'Gas' });
    w.rmcGas = await addJob(db, {
      companyId: c,
      siteId: rmc.siteId,
      tenantId: rmc.tenantId,
      kind: 'DATA',
      typeName: 'Gas',
      name: 'Riverside CO',
      nodeId: 9101,
    });
    await addNode(db, { id: 9201, companyId: other.companyId, siteId: other.siteId, nodeType: 'Gas' });
    await addJob(db, {
      companyId: other.companyId,
      siteId: other.siteId,
      tenantId: other.tenantId,
      kind: 'DATA',
      typeName: 'Gas',
      name: 'Their CO',
      nodeId: 9201,
    });
    headers = {
      admin: (await signIn(ctx, 'admin')).headers,
      editor: (await signIn(ctx, 'editor')).headers,
      viewer: (await signIn(ctx, 'viewer')).headers,
    };
  });

  const get = (user: string, path: string) => ctx.app.inject({ url: path, headers: headers[user] });

  it('lists the node cards of the site: alarming first, then the job type order, running before ended', async () => {
    const res = await get('viewer', url(site.ht.siteId));
    expect(res.statusCode).toBe(200);
    const o = res.json() as LumimonOverview;
    expect(o.tenantGroupId).toBe(site.ht.siteId);
    expect(o.tenantGroupName).toBe('Harbourfront Tower');
    expect(o.nodes.map((n) => n.channelJobName)).toEqual([
      'Ramp CO',
      'Crane',
      'Mixer',
      'Telehandler',
      'Old loader',
    ]);
    expect(o.nodes.map((n) => n.group)).toEqual(['jobs', 'jobs', 'power', 'gps', 'gps']);
  });

  it('gives a gas card its alarm, threshold, battery, signal, reading and the last 24 hours', async () => {
    const o = (await get('editor', url(site.ht.siteId))).json() as LumimonOverview;
    const gas = o.nodes.find((n) => n.jobId === w.gas);
    const last = gasReadings.at(-1) as [number, number];
    expect(gas).toMatchObject({
      channelJobTypeName: 'Gas',
      kind: 'DATA',
      status: 'RUNNING',
      statusLabel: 'STARTED',
      ended: false,
      nodeId: 9001,
      nodeName: 'GAS-9001',
      nodeType: 'Gas',
      tenantId: lumimonProject,
      tenantName: 'Default',
      tenantType: 'Lumimon',
      jobAlarmTriggered: 2,
      alarming: true,
      alarmData: { sensorType: 'Gas', mediumThresholdHBound: 35, mediumThresholdLBound: null },
      latestNodeBattery: { value: 74, timestamp: NOW - HOUR_MS },
      latestNodeSignal: { signal: -80, timestamp: NOW - 10 * MINUTE_MS },
      readings: [{ sensorType: 'Gas', value: last[1], timestamp: last[0], sensors: 1 }],
      location: null,
      lastSeen: last[0],
    });
    const day = gasReadings.filter(([ts]) => ts >= o.statsFrom && ts <= o.statsTo).map(([, v]) => v);
    expect(o.statsTo - o.statsFrom).toBe(DAY_MS);
    expect(gas?.last24h).toHaveLength(1);
    const stats = gas?.last24h[0];
    expect(stats?.sensorType).toBe('Gas');
    expect(stats?.count).toBe(day.length);
    expect(stats?.min).toBe(Math.min(...day));
    expect(stats?.max).toBe(Math.max(...day));
    expect(stats?.average).toBeCloseTo(day.reduce((a, b) => a + b, 0) / day.length, 6);
  });

  it('gives a weather card its three readings (blacklisted sensors left out) and a power card its three', async () => {
    const o = (await get('editor', url(site.ht.siteId))).json() as LumimonOverview;
    const weather = o.nodes.find((n) => n.jobId === w.weather);
    expect(weather?.statusLabel).toBe('STARTED');
    expect(weather?.alarming).toBe(false);
    expect(weather?.readings.map((r) => [r.sensorType, r.value, r.sensors])).toEqual([
      ['Temperature', 21, 2],
      ['Humidity', 55, 1],
      ['Wind Speed', 12, 1],
    ]);
    expect(weather?.lastSeen).toBe(NOW - 10 * MINUTE_MS);
    const power = o.nodes.find((n) => n.jobId === w.power);
    expect(power?.tenantType).toBe('Concrete');
    expect(power?.readings.map((r) => [r.sensorType, r.value])).toEqual([
      ['Current', 31.5],
      ['Power', 18900],
      ['Voltage', 600],
    ]);
  });

  it("gives a GPS card the latest position within the job's time, latitude clamped to ±85", async () => {
    const o = (await get('editor', url(site.ht.siteId))).json() as LumimonOverview;
    const running = o.nodes.find((n) => n.jobId === w.gps);
    expect(running?.location).toEqual({ timestamp: NOW - 5 * MINUTE_MS, lat: 43.65, longitude: -79.39 });
    expect(running?.readings).toEqual([]);
    const ended = o.nodes.find((n) => n.jobId === w.gpsEnded);
    expect(ended).toMatchObject({ statusLabel: 'STOPPED', ended: true });
    expect(ended?.location).toEqual({ timestamp: NOW - 12 * HOUR_MS, lat: 85, longitude: -79.1 });
  });

  it('counts the cards per group and overall', async () => {
    const o = (await get('editor', url(site.ht.siteId))).json() as LumimonOverview;
    expect(o.counts.jobs).toMatchObject({ total: 2, running: 2, alarming: 1, ended: 0 });
    expect(o.counts.power).toMatchObject({ total: 1, running: 1, alarming: 0 });
    expect(o.counts.gps).toMatchObject({
      total: 2,
      running: 1,
      ended: 1,
      byStatus: { STARTED: 1, STOPPED: 1 },
    });
    expect(o.counts.all).toMatchObject({ total: 5, alarming: 1 });
  });

  it('limits the cards to one project of the site when asked', async () => {
    const o = (
      await get('editor', url(site.ht.siteId, `?tenantId=${lumimonProject}`))
    ).json() as LumimonOverview;
    expect(o.nodes.map((n) => n.jobId).sort()).toEqual([w.gas, w.weather, w.gps, w.gpsEnded].sort());
    expect(o.counts.power.total).toBe(0);
  });

  it('answers 404 for an ungranted site, another company, or a project of another site', async () => {
    expect((await get('editor', url(site.rmc.siteId))).statusCode).toBe(404);
    const admin = await get('admin', url(site.rmc.siteId));
    expect(admin.statusCode).toBe(200);
    expect((admin.json() as LumimonOverview).nodes.map((n) => n.jobId)).toEqual([w.rmcGas]);
    const theirs = await get('admin', url(other.siteId));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    expect(theirs.body).not.toContain('Their CO');
    expect((await get('editor', url(site.ht.siteId, `?tenantId=${site.rmc.tenantId}`))).statusCode).toBe(404);
    expect((await get('admin', url(site.ht.siteId, `?tenantId=${other.tenantId}`))).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id and 401 without sign-in', async () => {
    const bad = await get('editor', '/api/analytics/lumimon/jobs/overview/by_tenant_group/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    expect((await get('editor', url(0))).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: url(site.ht.siteId) })).statusCode).toBe(401);
  });
});
