import type {
  Alarm,
  AverageStrengthAlarm,
  DataJob,
  MaturityJob,
  MicroweatherJob,
} from '@sitepulse/contracts';
import { HOUR_MS, isAlarmBitSet, MATURED_BIT, SENSOR_THRESHOLD_BIT } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { addGateway, addNode, addProfile, projectOf } from '../../test/sensor-fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';

const NOW = Date.now();
const START = NOW - 2 * 24 * HOUR_MS;

describe('alarms', () => {
  const ctx = useTestApp();
  const h = {} as Record<'admin' | 'editor' | 'viewer' | 'other', Record<string, string>>;
  const s = {} as Record<'ht' | 'rmc', { tenantId: number; tenantGroupId: number }>;
  const j = {} as Record<'gas' | 'gas2' | 'pour' | 'humid' | 'weather' | 'rmcGas' | 'otherGas', number>;
  const g = {} as Record<'utilities' | 'pour' | 'rmc' | 'other', number>;
  const n = {} as Record<'gas' | 'pour' | 'humid' | 'weather' | 'gas2', number>;
  let key: string;
  let ts = NOW - 30 * 60_000;

  const call = (method: 'GET' | 'POST', url: string, who: keyof typeof h = 'admin', payload?: unknown) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: h[who], payload: payload as object });
  const post = (alarmData: Record<string, unknown>, who: keyof typeof h = 'admin') =>
    call('POST', '/alarms', who, { alarmData });
  const ok = async <T>(p: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const res = await p;
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const create = async (path: string, body: Record<string, unknown>) =>
    ok<{ id: number; channelGroupId: number | null }>(call('POST', path, 'admin', body));
  const ingest = async (readings: Record<string, unknown>[]) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ readings }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { accepted: number }).accepted).toBe(readings.length);
  };
  /** One new reading of a node's sensor, newer than every earlier one. */
  const reading = (nodeId: number, sensorType: string, value: number, channelId = 1) => {
    ts += 1000;
    return { nodeId, channelId, sensorType, ts, value };
  };
  const flagsOf = async (id: number) => (await ok<Alarm[]>(call('GET', `/alarms/by_cj/${id}`)))[0];
  const dataJob = async (id: number) => {
    const list = await ok<DataJob[]>(
      call('GET', `/analytics/data/jobs/by_group/with_data?cjgId=${g.utilities}`),
    );
    return list.find((x) => x.id === id) as DataJob;
  };

  beforeAll(async () => {
    const db = ctx.db.db;
    const c = ctx.companyId;
    const other = await seedOtherCompany(db);
    h.admin = (await signIn(ctx)).headers;
    h.editor = (await signIn(ctx, DEMO.users.editor)).headers;
    h.viewer = (await signIn(ctx, DEMO.users.viewer)).headers;
    h.other = (await signIn(ctx, OTHER.username, OTHER.password, other.companyId)).headers;
    s.ht = await projectOf(db, c, DEMO.firstSiteName);
    s.rmc = await projectOf(db, c, 'Riverside Medical Centre Expansion');
    // A gateway writes the nodes of its own job site: every reading here is for Harbourfront Tower.
    key = (await addGateway(db, c, s.ht.tenantGroupId)).key;
    const profileId = await addProfile(db, c, -20, 12);

    n.gas = await addNode(db, { companyId: c, ...s.ht, nodeType: 'Gas' });
    n.gas2 = await addNode(db, { companyId: c, ...s.ht, nodeType: 'Liquid Level' });
    n.pour = await addNode(db, { companyId: c, ...s.ht, nodeType: 'Maturity' });
    n.humid = await addNode(db, { companyId: c, ...s.ht, nodeType: 'Humidity' });
    n.weather = await addNode(db, { companyId: c, ...s.ht, nodeType: 'Microweather Node' });
    const rmcNode = await addNode(db, { companyId: c, ...s.rmc, nodeType: 'Gas' });
    const otherNode = await addNode(db, {
      companyId: other.companyId,
      tenantGroupId: other.siteId,
      tenantId: other.tenantId,
      nodeType: 'Gas',
    });

    const gas = await create('/analytics/channel/jobs', {
      kind: 'DATA',
      tenantId: s.ht.tenantId,
      nodeId: n.gas,
      channelJobName: 'Ramp CO',
      jobGroupName: 'Utilities',
      startDate: START,
    });
    j.gas = gas.id;
    g.utilities = gas.channelGroupId as number;
    j.gas2 = (
      await create('/analytics/channel/jobs', {
        kind: 'DATA',
        tenantId: s.ht.tenantId,
        nodeId: n.gas2,
        channelJobName: 'Tank',
        jobGroupId: g.utilities,
        startDate: START,
      })
    ).id;
    j.weather = (
      await create('/analytics/channel/jobs', {
        kind: 'MICROWEATHER',
        tenantId: s.ht.tenantId,
        nodeId: n.weather,
        channelJobName: 'Roof station',
        jobGroupId: g.utilities,
        startDate: START,
      })
    ).id;
    const pour = await create('/analytics/concrete/maturity/jobs', {
      tenantId: s.ht.tenantId,
      nodeId: n.pour,
      channelJobName: 'Slab 4',
      concreteProfileId: profileId,
      highTargetedStrength: 30,
      startDate: START,
    });
    j.pour = pour.id;
    g.pour = pour.channelGroupId as number;
    j.humid = (
      await create('/analytics/concrete/maturity/jobs', {
        tenantId: s.ht.tenantId,
        nodeId: n.humid,
        channelJobName: 'Slab 4 humidity',
        sensorFlags: 5,
        jobGroupId: g.pour,
        startDate: START,
      })
    ).id;
    const rmc = await create('/analytics/channel/jobs', {
      kind: 'DATA',
      tenantId: s.rmc.tenantId,
      nodeId: rmcNode,
      channelJobName: 'Basement CO',
      jobGroupName: 'Basement',
      startDate: START,
    });
    j.rmcGas = rmc.id;
    g.rmc = rmc.channelGroupId as number;
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/channel/jobs',
      headers: h.other,
      payload: {
        kind: 'DATA',
        tenantId: other.tenantId,
        nodeId: otherNode,
        channelJobName: 'Their CO',
        jobGroupName: 'Theirs',
        startDate: START,
      },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    j.otherGas = (theirs.json() as { id: number }).id;
    g.other = (theirs.json() as { channelGroupId: number }).channelGroupId;

    // 48 hourly temperatures of 20 °C in the pour: about 1,440 °C·h, some 18 MPa by the profile.
    const temps = Array.from({ length: 48 }, (_, i) => ({
      nodeId: n.pour,
      channelId: 1,
      sensorType: 'Temperature',
      ts: START + (i + 1) * HOUR_MS - 60 * 60_000,
      value: 20,
    }));
    await ingest(temps);
  });

  it('lists event types, all or by category, and refuses an unknown category', async () => {
    expect(await ok(call('GET', '/eventtypes/by_category'))).toEqual([
      { name: 'MATURED', bitIndex: 0, category: 'JOB' },
      { name: 'SENSOR_THRESHOLD', bitIndex: 1, category: 'SENSOR' },
      { name: 'LOW_BATTERY', bitIndex: 2, category: 'NODE' },
      { name: 'NO_SIGNAL', bitIndex: 3, category: 'NODE' },
    ]);
    expect(await ok(call('GET', '/eventtypes/by_category?category=SENSOR', 'viewer'))).toEqual([
      { name: 'SENSOR_THRESHOLD', bitIndex: 1, category: 'SENSOR' },
    ]);
    expect((await call('GET', '/eventtypes/by_category?category=WHATEVER')).statusCode).toBe(400);
  });

  it('sets, replaces and clears a sensor threshold; the job lists show it', async () => {
    const set = await ok<Alarm>(
      post({ alarmType: 'SENSOR_THRESHOLD', cjId: j.gas, mediumThresholdHBound: 35 }, 'editor'),
    );
    expect(set).toMatchObject({
      alarmData: {
        alarmType: 'SENSOR_THRESHOLD',
        msjId: null,
        cjId: j.gas,
        cjgId: g.utilities,
        sensorType: 'Gas',
        mediumThresholdHBound: 35,
        mediumThresholdLBound: null,
        singularThreshold: null,
      },
      jobId: j.gas,
      kind: 'DATA',
      tenantGroupId: s.ht.tenantGroupId,
      active: true,
      eventType: 'SENSOR_THRESHOLD',
      bitIndex: 1,
      triggered: false,
    });
    expect(set.lastModified).toBeGreaterThanOrEqual(NOW);

    const replaced = await ok<Alarm>(
      post({
        alarmType: 'SENSOR_THRESHOLD',
        cjId: j.gas,
        mediumThresholdHBound: 50,
        mediumThresholdLBound: 2,
      }),
    );
    expect(replaced.alarmData).toMatchObject({ mediumThresholdHBound: 50, mediumThresholdLBound: 2 });
    expect((await dataJob(j.gas)).alarmData).toEqual({
      singularThreshold: null,
      sensorType: 'Gas',
      mediumThresholdHBound: 50,
      mediumThresholdLBound: 2,
    });
    const byCjg = await ok<Alarm[]>(
      call('GET', `/alarms/sensor_threshold/by_cjg?tenant=x&cjgId=${g.utilities}`, 'viewer'),
    );
    expect(byCjg.map((a) => [a.jobId, a.alarmData.mediumThresholdHBound])).toEqual([[j.gas, 50]]);

    // Replacing without the low bound clears it; clearing both removes the threshold.
    const highOnly = await ok<Alarm>(
      post({ alarmType: 'SENSOR_THRESHOLD', cjId: j.gas, mediumThresholdHBound: 40 }),
    );
    expect(highOnly.alarmData.mediumThresholdLBound).toBeNull();
    const cleared = await ok<Alarm>(
      post({
        alarmType: 'SENSOR_THRESHOLD',
        cjId: j.gas,
        mediumThresholdHBound: null,
        mediumThresholdLBound: null,
      }),
    );
    expect(cleared).toMatchObject({
      active: false,
      alarmData: { mediumThresholdHBound: null, sensorType: null },
    });
    expect(await ok(call('GET', `/alarms/by_cj/${j.gas}`))).toEqual([]);
    expect(await ok(call('GET', `/alarms/sensor_threshold/by_cjg?cjgId=${g.utilities}`))).toEqual([]);
    expect((await dataJob(j.gas)).alarmData?.mediumThresholdHBound).toBeNull();
  });

  it('sets the SENSOR_THRESHOLD bit for a reading above the bound and clears it for one back inside', async () => {
    await ok(
      post({
        alarmType: 'SENSOR_THRESHOLD',
        cjId: j.gas,
        mediumThresholdHBound: 35,
        mediumThresholdLBound: 1,
      }),
    );
    await ingest([reading(n.gas, 'Gas', 12)]);
    expect((await flagsOf(j.gas)).triggered).toBe(false);

    await ingest([reading(n.gas, 'Gas', 36.5)]);
    const up = await flagsOf(j.gas);
    expect(up.triggered).toBe(true);
    expect(isAlarmBitSet(up.jobAlarmTriggered, SENSOR_THRESHOLD_BIT)).toBe(true);
    expect((await dataJob(j.gas)).jobAlarmTriggered).toBe(up.jobAlarmTriggered);

    await ingest([reading(n.gas, 'Gas', 20)]);
    expect((await flagsOf(j.gas)).triggered).toBe(false);
    expect(isAlarmBitSet((await dataJob(j.gas)).jobAlarmTriggered, SENSOR_THRESHOLD_BIT)).toBe(false);

    // Below the low bound alarms too; a late (older) reading out of bounds does not: it is not the latest.
    await ingest([reading(n.gas, 'Gas', 0.5)]);
    expect((await flagsOf(j.gas)).triggered).toBe(true);
    await ingest([reading(n.gas, 'Gas', 10)]);
    expect((await flagsOf(j.gas)).triggered).toBe(false);
    await ingest([{ nodeId: n.gas, channelId: 1, sensorType: 'Gas', ts: START + 1000, value: 99 }]);
    expect((await flagsOf(j.gas)).triggered).toBe(false);
    // The other job of the group was never touched.
    expect((await dataJob(j.gas2)).jobAlarmTriggered).toBe(0);
  });

  it('re-evaluates at once when a threshold is set or changed, against the latest reading', async () => {
    await ingest([reading(n.gas2, 'Liquid Level', 2.4)]);
    const low = await ok<Alarm>(
      post({ alarmType: 'SENSOR_THRESHOLD', cjId: j.gas2, mediumThresholdHBound: 2 }),
    );
    expect(low.triggered).toBe(true);
    expect(isAlarmBitSet((await dataJob(j.gas2)).jobAlarmTriggered, SENSOR_THRESHOLD_BIT)).toBe(true);
    const high = await ok<Alarm>(
      post({ alarmType: 'SENSOR_THRESHOLD', cjId: j.gas2, mediumThresholdHBound: 3 }),
    );
    expect(high.triggered).toBe(false);
    await ok(post({ alarmType: 'SENSOR_THRESHOLD', cjId: j.gas2, mediumThresholdHBound: 1 }));
    const gone = await ok<Alarm>(post({ alarmType: 'SENSOR_THRESHOLD', cjId: j.gas2 }));
    expect(gone).toMatchObject({ active: false, triggered: false });
  });

  it('alarms maturity and humidity jobs on temperature and humidity, shown in their lists', async () => {
    const t = await ok<Alarm>(
      post({
        alarmType: 'SENSOR_THRESHOLD',
        msjId: j.pour,
        mediumThresholdHBound: 60,
        mediumThresholdLBound: 5,
      }),
    );
    expect(t.alarmData).toMatchObject({ msjId: j.pour, sensorType: 'Temperature' });
    await ingest([reading(n.pour, 'Temperature', 3)]);
    const page = await ok<{ content: MaturityJob[] }>(
      call('POST', '/analytics/concrete/maturity/jobs/paged', 'viewer', {
        page: 0,
        rpp: 50,
        tenantGroupId: s.ht.tenantGroupId,
      }),
    );
    const pour = page.content.find((x) => x.id === j.pour) as MaturityJob;
    expect(isAlarmBitSet(pour.jobAlarmTriggered, SENSOR_THRESHOLD_BIT)).toBe(true);
    expect(pour.alarmData).toMatchObject({
      sensorType: 'Temperature',
      mediumThresholdHBound: 60,
      mediumThresholdLBound: 5,
    });
    await ingest([reading(n.pour, 'Temperature', 20)]);
    expect((await ok<Alarm[]>(call('GET', `/alarms/by_msj/${j.pour}`)))[0].triggered).toBe(false);

    // A humidity job's threshold is on Humidity by default; Temperature when asked.
    const hum = await ok<Alarm>(
      post({ alarmType: 'SENSOR_THRESHOLD', msjId: j.humid, mediumThresholdLBound: 80 }),
    );
    expect(hum.alarmData.sensorType).toBe('Humidity');
    await ingest([reading(n.humid, 'Humidity', 72)]);
    expect((await ok<Alarm[]>(call('GET', `/alarms/by_msj/${j.humid}`)))[0].triggered).toBe(true);
    const humT = await ok<Alarm>(
      post({
        alarmType: 'SENSOR_THRESHOLD',
        msjId: j.humid,
        sensorType: 'Temperature',
        mediumThresholdHBound: 50,
      }),
    );
    expect(humT).toMatchObject({ triggered: false, alarmData: { sensorType: 'Temperature' } });

    // Microweather lists show alarm data too.
    await ok(
      post({
        alarmType: 'SENSOR_THRESHOLD',
        cjId: j.weather,
        sensorType: 'Wind Speed',
        mediumThresholdHBound: 40,
      }),
    );
    await ingest([reading(n.weather, 'Wind Speed', 55, 3)]);
    const mw = await ok<MicroweatherJob[]>(
      call('GET', `/analytics/microweather/node/jobs/by_group/with_data?cjgId=${g.utilities}`),
    );
    const station = mw.find((x) => x.id === j.weather) as MicroweatherJob;
    expect(station.alarmData).toMatchObject({ sensorType: 'Wind Speed', mediumThresholdHBound: 40 });
    expect(isAlarmBitSet(station.jobAlarmTriggered, SENSOR_THRESHOLD_BIT)).toBe(true);
  });

  it('sets, raises and clears a strength threshold; the MATURED bit follows; groups list it', async () => {
    const view = await ok<MaturityJob>(call('GET', `/analytics/concrete/maturity/jobs/${j.pour}`));
    const strength = view.msjAverageStrength as number;
    expect(strength).toBeGreaterThan(10);
    expect(strength).toBeLessThan(30);
    expect(isAlarmBitSet(view.jobAlarmTriggered, MATURED_BIT)).toBe(false);

    const reached = await ok<Alarm>(
      post({ alarmType: 'MATURITY_STRENGTH_THRESHOLD', msjId: j.pour, singularThreshold: 5 }, 'editor'),
    );
    expect(reached).toMatchObject({
      alarmData: {
        alarmType: 'MATURITY_STRENGTH_THRESHOLD',
        msjId: j.pour,
        cjgId: g.pour,
        singularThreshold: 5,
      },
      active: true,
      eventType: 'MATURED',
      bitIndex: 0,
      triggered: true,
    });
    const avg = await ok<AverageStrengthAlarm[]>(
      call('GET', `/analytics/cjgj/average_strength_alarm/jobs/${g.pour}?tenant=1`, 'viewer'),
    );
    expect(avg).toEqual([
      {
        msjId: j.pour,
        channelJobName: 'Slab 4',
        status: 'RUNNING',
        averageStrength: strength,
        strengthThreshold: 5,
        reached: true,
        progressBarValue: Math.round((strength / 5) * 100),
        jobAlarmTriggered: expect.any(Number),
        timestamp: expect.any(Number),
      },
    ]);
    expect(isAlarmBitSet(avg[0].jobAlarmTriggered, MATURED_BIT)).toBe(true);
    const listed = await ok<Alarm[]>(
      call('GET', `/alarms/maturity_strength_threshold/by_cjg?cjgId=${g.pour}`),
    );
    expect(listed.map((a) => [a.jobId, a.alarmData.singularThreshold])).toEqual([[j.pour, 5]]);
    const byMsj = await ok<Alarm[]>(call('GET', `/alarms/by_msj/${j.pour}`));
    expect(byMsj.map((a) => a.alarmData.alarmType)).toEqual([
      'SENSOR_THRESHOLD',
      'MATURITY_STRENGTH_THRESHOLD',
    ]);
    const detail = await ok<MaturityJob>(call('GET', `/analytics/concrete/maturity/jobs/${j.pour}`));
    expect(detail.alarmData.singularThreshold).toBe(5);
    expect(detail.singularTargetedStrength).toBe(5);

    // A target above the strength re-arms the alarm.
    const raised = await ok<Alarm>(
      post({ alarmType: 'MATURITY_STRENGTH_THRESHOLD', msjId: j.pour, singularThreshold: 45 }),
    );
    expect(raised.triggered).toBe(false);
    const avg2 = await ok<AverageStrengthAlarm[]>(
      call('GET', `/analytics/cjgj/average_strength_alarm/jobs/${g.pour}`),
    );
    expect(avg2[0]).toMatchObject({ strengthThreshold: 45, reached: false });

    // Cleared: the target falls back to the high target (30).
    const cleared = await ok<Alarm>(
      post({ alarmType: 'MATURITY_STRENGTH_THRESHOLD', cjId: j.pour, singularThreshold: null }),
    );
    expect(cleared).toMatchObject({ active: false, alarmData: { singularThreshold: null } });
    expect(await ok(call('GET', `/alarms/maturity_strength_threshold/by_cjg?cjgId=${g.pour}`))).toEqual([]);
    const avg3 = await ok<AverageStrengthAlarm[]>(
      call('GET', `/analytics/cjgj/average_strength_alarm/jobs/${g.pour}`),
    );
    expect(avg3[0]).toMatchObject({ strengthThreshold: 30, reached: false });
  });

  it('answers 400 for bad alarm data and changes nothing', async () => {
    await ok(post({ alarmType: 'SENSOR_THRESHOLD', cjId: j.gas, mediumThresholdHBound: 35 }));
    const before = await ok<Alarm[]>(call('GET', `/alarms/by_cj/${j.gas}`));
    const bad: Record<string, unknown>[] = [
      { alarmType: 'SENSOR_THRESHOLD', cjId: j.gas, mediumThresholdHBound: 10, mediumThresholdLBound: 10 },
      { alarmType: 'SENSOR_THRESHOLD', cjId: j.gas, mediumThresholdHBound: 10, mediumThresholdLBound: 20 },
      { alarmType: 'SENSOR_THRESHOLD', cjId: j.gas, mediumThresholdHBound: 'high' },
      { alarmType: 'SENSOR_THRESHOLD', cjId: j.gas, mediumThresholdHBound: 1, sensorType: 'Temperature' },
      { alarmType: 'SENSOR_THRESHOLD', cjId: j.gas, mediumThresholdHBound: 1, singularThreshold: 3 },
      { alarmType: 'SENSOR_THRESHOLD', mediumThresholdHBound: 1 },
      { alarmType: 'SENSOR_THRESHOLD', cjId: j.gas, msjId: j.pour, mediumThresholdHBound: 1 },
      { alarmType: 'LOUD_NOISE', cjId: j.gas, mediumThresholdHBound: 1 },
      { alarmType: 'MATURITY_STRENGTH_THRESHOLD', cjId: j.gas, singularThreshold: 20 },
      { alarmType: 'MATURITY_STRENGTH_THRESHOLD', msjId: j.humid, singularThreshold: 20 },
      { alarmType: 'MATURITY_STRENGTH_THRESHOLD', msjId: j.pour, singularThreshold: -1 },
      { alarmType: 'MATURITY_STRENGTH_THRESHOLD', msjId: j.pour, singularThreshold: 5000 },
      { alarmType: 'MATURITY_STRENGTH_THRESHOLD', msjId: j.pour },
      {
        alarmType: 'MATURITY_STRENGTH_THRESHOLD',
        msjId: j.pour,
        singularThreshold: 20,
        mediumThresholdHBound: 3,
      },
    ];
    for (const alarmData of bad) {
      const res = await post(alarmData);
      expect(res.statusCode, JSON.stringify(alarmData)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
    const nonFinite = await ctx.app.inject({
      method: 'POST',
      url: '/api/alarms',
      headers: { ...h.admin, 'content-type': 'application/json' },
      payload: `{"alarmData":{"alarmType":"SENSOR_THRESHOLD","cjId":${j.gas},"mediumThresholdHBound":1e999}}`,
    });
    expect(nonFinite.statusCode).toBe(400);
    expect((await call('POST', '/alarms', 'admin', {})).statusCode).toBe(400);
    expect(await ok(call('GET', `/alarms/by_cj/${j.gas}`))).toEqual(before);
    expect(
      (await ok<Alarm[]>(call('GET', `/alarms/by_msj/${j.pour}`))).map((a) => a.alarmData.alarmType),
    ).toEqual(['SENSOR_THRESHOLD']);
  });

  it('lets viewers read alarms but not set them (403)', async () => {
    expect((await call('GET', `/alarms/by_cj/${j.gas}`, 'viewer')).statusCode).toBe(200);
    const res = await post(
      { alarmType: 'SENSOR_THRESHOLD', cjId: j.gas, mediumThresholdHBound: 1 },
      'viewer',
    );
    expect(res.statusCode).toBe(403);
    expect((await flagsOf(j.gas)).alarmData.mediumThresholdHBound).toBe(35);
    const strength = await post(
      { alarmType: 'MATURITY_STRENGTH_THRESHOLD', msjId: j.pour, singularThreshold: 1 },
      'viewer',
    );
    expect(strength.statusCode).toBe(403);
  });

  it("answers 404 for another company's or an ungranted site's jobs and groups, and changes nothing", async () => {
    // The viewer is granted Harbourfront only: Riverside's job and group read as missing.
    expect(
      (await post({ alarmType: 'SENSOR_THRESHOLD', cjId: j.rmcGas, mediumThresholdHBound: 1 }, 'viewer'))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/alarms/by_cj/${j.rmcGas}`, 'viewer')).statusCode).toBe(404);
    expect((await call('GET', `/alarms/sensor_threshold/by_cjg?cjgId=${g.rmc}`, 'viewer')).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/alarms/maturity_strength_threshold/by_cjg?cjgId=${g.rmc}`, 'viewer')).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/analytics/cjgj/average_strength_alarm/jobs/${g.rmc}`, 'viewer')).statusCode,
    ).toBe(404);
    // Another company's job and group, both ways.
    for (const [who, job, group] of [
      ['admin', j.otherGas, g.other],
      ['other', j.gas, g.utilities],
      ['other', j.pour, g.pour],
    ] as const) {
      expect(
        (await post({ alarmType: 'SENSOR_THRESHOLD', cjId: job, mediumThresholdHBound: 1 }, who)).statusCode,
      ).toBe(404);
      expect(
        (await post({ alarmType: 'MATURITY_STRENGTH_THRESHOLD', msjId: job, singularThreshold: 1 }, who))
          .statusCode,
      ).toBe(404);
      expect((await call('GET', `/alarms/by_cj/${job}`, who)).statusCode).toBe(404);
      expect((await call('GET', `/alarms/by_msj/${job}`, who)).statusCode).toBe(404);
      expect((await call('GET', `/alarms/sensor_threshold/by_cjg?cjgId=${group}`, who)).statusCode).toBe(404);
      expect(
        (await call('GET', `/analytics/cjgj/average_strength_alarm/jobs/${group}`, who)).statusCode,
      ).toBe(404);
    }
    // msjId names maturity and humidity jobs only.
    expect(
      (await post({ alarmType: 'SENSOR_THRESHOLD', msjId: j.gas, mediumThresholdHBound: 1 })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/alarms/by_msj/${j.gas}`)).statusCode).toBe(404);
    // Nothing changed.
    expect((await flagsOf(j.gas)).alarmData.mediumThresholdHBound).toBe(35);
    expect(await ok(call('GET', `/alarms/by_cj/${j.otherGas}`, 'other'))).toEqual([]);
    expect(await ok(call('GET', `/alarms/by_cj/${j.rmcGas}`))).toEqual([]);
  });
});
