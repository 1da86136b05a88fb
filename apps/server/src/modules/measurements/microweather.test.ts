import type {
  JobChannelSensor,
  MeasurementAverage,
  MeasurementExtremity,
  MicroweatherJob,
  MicroweatherJobDetail,
} from '@sitepulse/contracts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addGroup, addJob, addNode, addReadings, addSensor, demoSites, series } from './test-data.ts';

const NOW = Date.now();
const T0 = Math.floor(NOW / HOUR_MS) * HOUR_MS - 3 * DAY_MS;
const MW = '/api/analytics/microweather/node/jobs';
const TYPES = ['Temperature', 'Humidity', 'Wind Speed'];

describe('microweather jobs', () => {
  const ctx = useTestApp();
  const w = {} as Record<string, number>;
  const data = {} as Record<string, [number, number][]>;
  let headers: Record<string, Record<string, string>>;

  beforeAll(async () => {
    const db = ctx.db.db;
    const c = ctx.companyId;
    const { ht, rmc } = await demoSites(db, c);
    const other = await seedOtherCompany(db);
    w.ht = ht.siteId;
    w.htTenant = ht.tenantId;
    w.g1 = await addGroup(db, { companyId: c, tenantId: ht.tenantId, name: 'Level 3 Slab' });
    w.g2 = await addGroup(db, { companyId: c, tenantId: ht.tenantId, name: 'Empty group' });
    w.gOther = await addGroup(db, { companyId: other.companyId, tenantId: other.tenantId, name: 'Theirs' });
    w.gRmc = await addGroup(db, { companyId: c, tenantId: rmc.tenantId, name: 'Riverside group' });

    const mwNode = async (id: number, companyId: number, siteId: number, tenantId: number) => {
      await addNode(db, {
        id,
        companyId,
        siteId,
        tenantId,
        nodeType: 'Microweather Node',
        battery: 87,
        batteryTs: NOW - MINUTE_MS,
        signal: -71,
        signalTs: NOW - MINUTE_MS,
      });
      const ids: number[] = [];
      for (const [i, t] of TYPES.entries()) {
        ids.push(await addSensor(db, { companyId, nodeId: id, channelId: i + 1, sensorType: t }));
      }
      return ids;
    };

    // MW1: started 3 days ago, readings every 15 minutes since.
    const s1 = await mwNode(5001, c, ht.siteId, ht.tenantId);
    data.temp1 = series(
      T0,
      T0 + 3 * DAY_MS,
      15 * MINUTE_MS,
      (_t, i) => 10 + 5 * Math.sin(i / 10) + (i % 7) / 10,
    );
    data.hum1 = series(T0, T0 + 3 * DAY_MS, 15 * MINUTE_MS, (_t, i) => 60 + (i % 13));
    data.wind1 = series(T0, T0 + 3 * DAY_MS, 15 * MINUTE_MS, (_t, i) => ((i * 7) % 30) / 2);
    await addReadings(db, s1[0], data.temp1);
    await addReadings(db, s1[1], data.hum1);
    await addReadings(db, s1[2], data.wind1);
    [w.temp1, w.hum1, w.wind1] = s1;
    w.mw1 = await addJob(db, {
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      groupId: w.g1,
      kind: 'MICROWEATHER',
      typeName: 'Microweather Node',
      name: 'Roof weather',
      nodeId: 5001,
      sensorTypes: TYPES,
      start: T0,
      createdAt: NOW - 2 * DAY_MS,
    });

    // MW2: stopped 5 days ago; its node kept reporting since, so its data is the last reading before the stop.
    const s2 = await mwNode(5002, c, ht.siteId, ht.tenantId);
    data.temp2 = series(T0 - 9 * DAY_MS, NOW - HOUR_MS, HOUR_MS, (_t, i) => i);
    await addReadings(db, s2[0], data.temp2);
    w.temp2 = s2[0];
    w.mw2 = await addJob(db, {
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      groupId: w.g1,
      kind: 'MICROWEATHER',
      typeName: 'Microweather Node',
      name: 'Old weather',
      nodeId: 5002,
      sensorTypes: TYPES,
      start: T0 - 8 * DAY_MS,
      end: T0 - 2 * DAY_MS - 30 * MINUTE_MS,
      status: 'TERMINATED',
      createdAt: NOW - 9 * DAY_MS,
    });

    // MW3: not started, outside any group.
    await mwNode(5003, c, ht.siteId, ht.tenantId);
    w.mw3 = await addJob(db, {
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      kind: 'MICROWEATHER',
      typeName: 'Microweather Node',
      name: 'Spare weather',
      nodeId: 5003,
      sensorTypes: TYPES,
      start: null,
      status: 'NEW',
      createdAt: NOW - DAY_MS,
    });

    // A maturity job of group 1 that started with MW1.
    await addNode(db, {
      id: 5004,
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      nodeType: 'Maturity',
    });
    w.cj1 = await addJob(db, {
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      groupId: w.g1,
      kind: 'MATURITY',
      typeName: 'Maturity',
      name: 'Slab pour',
      nodeId: 5004,
      sensorTypes: ['Temperature'],
      start: T0 + HOUR_MS,
    });

    // Riverside (granted to admin only) and another company.
    await mwNode(5101, c, rmc.siteId, rmc.tenantId);
    w.mwRmc = await addJob(db, {
      companyId: c,
      siteId: rmc.siteId,
      tenantId: rmc.tenantId,
      groupId: w.gRmc,
      kind: 'MICROWEATHER',
      typeName: 'Microweather Node',
      name: 'Riverside weather',
      nodeId: 5101,
      sensorTypes: TYPES,
      start: T0,
    });
    w.rmc = rmc.siteId;
    w.rmcTenant = rmc.tenantId;
    const so = await mwNode(5201, other.companyId, other.siteId, other.tenantId);
    await addReadings(db, so[0], [[T0 + HOUR_MS, 99]]);
    w.mwOther = await addJob(db, {
      companyId: other.companyId,
      siteId: other.siteId,
      tenantId: other.tenantId,
      groupId: w.gOther,
      kind: 'MICROWEATHER',
      typeName: 'Microweather Node',
      name: 'Their weather',
      nodeId: 5201,
      sensorTypes: TYPES,
      start: T0,
    });
    w.otherTenant = other.tenantId;
    headers = {
      admin: (await signIn(ctx, 'admin')).headers,
      editor: (await signIn(ctx, 'editor')).headers,
      viewer: (await signIn(ctx, 'viewer')).headers,
    };
  });

  const get = (user: string, url: string) => ctx.app.inject({ url, headers: headers[user] });
  const post = (user: string, url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, headers: headers[user], payload: payload as object });
  const last = (rows: [number, number][], until = Number.POSITIVE_INFINITY) =>
    rows.filter(([t]) => t <= until).at(-1);

  it('answers one job with the fields of spec section 3 and a date-derived status', async () => {
    const res = await get('viewer', `${MW}/${w.mw1}`);
    expect(res.statusCode).toBe(200);
    const job = res.json() as MicroweatherJob;
    expect(job).toMatchObject({
      id: w.mw1,
      channelJobName: 'Roof weather',
      channelJobTypeName: 'Microweather Node',
      channelGroupId: w.g1,
      nodeId: 5001,
      nodeType: 'Microweather Node',
      startDate: T0,
      terminationDate: null,
      status: 'STARTED',
      sensorTypes: TYPES,
    });
    expect((await get('viewer', `${MW}/${w.mw2}`)).json().status).toBe('STOPPED');
    expect((await get('viewer', `${MW}/${w.mw3}`)).json().status).toBe('NEW');
  });

  it('details carry the latest value per sensor type within the job time, sensors, battery and signal', async () => {
    const res = await get('editor', `${MW}/details/${w.mw1}`);
    expect(res.statusCode).toBe(200);
    const d = res.json() as MicroweatherJobDetail;
    expect(d.microweatherMeasurementJobData.map((e) => e.sensorType)).toEqual(TYPES);
    const [t, h, wind] = d.microweatherMeasurementJobData;
    expect(t.averageMeasurementData).toBe(last(data.temp1)?.[1]);
    expect(t.timestamp).toBe(last(data.temp1)?.[0]);
    expect(h.averageMeasurementData).toBe(last(data.hum1)?.[1]);
    expect(wind.averageMeasurementData).toBe(last(data.wind1)?.[1]);
    expect(d.sensors.map((s) => [s.sensorId, s.channelId, s.sensorType])).toEqual([
      [w.temp1, 1, 'Temperature'],
      [w.hum1, 2, 'Humidity'],
      [w.wind1, 3, 'Wind Speed'],
    ]);
    expect(d.latestNodeBattery).toEqual({ value: 87, timestamp: NOW - MINUTE_MS });
    expect(d.latestNodeSignal).toEqual({ signal: -71, timestamp: NOW - MINUTE_MS });

    // A stopped job shows its last reading before the stop, not the node's latest.
    const old = (await get('editor', `${MW}/details/${w.mw2}`)).json() as MicroweatherJobDetail;
    const end = T0 - 2 * DAY_MS - 30 * MINUTE_MS;
    expect(old.microweatherMeasurementJobData[0]).toEqual({
      sensorType: 'Temperature',
      averageMeasurementData: last(data.temp2, end)?.[1],
      timestamp: last(data.temp2, end)?.[0],
    });
    expect(old.microweatherMeasurementJobData[1]).toEqual({
      sensorType: 'Humidity',
      averageMeasurementData: null,
      timestamp: null,
    });
    const fresh = (await get('editor', `${MW}/details/${w.mw3}`)).json() as MicroweatherJobDetail;
    expect(fresh.microweatherMeasurementJobData.every((e) => e.averageMeasurementData === null)).toBe(true);
  });

  it('lists by status, by group (with and without data), and counts the started jobs', async () => {
    const byStatus = async (status: string, extra = '') =>
      ((await get('admin', `${MW}/by_status?status=${status}${extra}`)).json() as MicroweatherJob[]).map(
        (j) => j.id,
      );
    expect(await byStatus('STARTED')).toEqual(expect.arrayContaining([w.mw1, w.mwRmc]));
    expect(await byStatus('STARTED')).not.toContain(w.mwOther);
    expect(await byStatus('STARTED', `&tenantGroupId=${w.ht}`)).toEqual([w.mw1]);
    expect(await byStatus('STOPPED')).toEqual([w.mw2]);
    expect(await byStatus('NEW')).toEqual([w.mw3]);

    const plain = (await get('viewer', `${MW}/by_group?cjgId=${w.g1}`)).json() as MicroweatherJob[];
    expect(plain.map((j) => j.id)).toEqual([w.mw1, w.mw2]);
    expect(plain[0].microweatherMeasurementJobData).toBeUndefined();
    const rich = (await get('viewer', `${MW}/by_group/with_data?cjgId=${w.g1}`)).json() as MicroweatherJob[];
    expect(rich[0].microweatherMeasurementJobData?.[0].averageMeasurementData).toBe(last(data.temp1)?.[1]);

    expect((await get('admin', `${MW}/cmd/get_active_count`)).json()).toEqual({ count: 2 });
    expect((await get('editor', `${MW}/cmd/get_active_count`)).json()).toEqual({ count: 1 });
    expect((await get('admin', `${MW}/cmd/get_active_count?tenantId=${w.rmcTenant}`)).json()).toEqual({
      count: 1,
    });
  });

  it('lists the groups of a project with their jobs, and the groups with their microweather status', async () => {
    const res = await get('viewer', `${MW}/groups/by_tenant/with_data?tenantId=${w.htTenant}`);
    expect(res.statusCode).toBe(200);
    const groups = res.json() as { id: number | null; jobs: MicroweatherJob[] }[];
    expect(groups.map((g) => [g.id, g.jobs.map((j) => j.id)])).toEqual([
      [w.g1, [w.mw1, w.mw2]],
      [null, [w.mw3]],
    ]);
    const mwn = await get('viewer', `/api/analytics/channel/jobs/groups/with_mwn_status/${w.htTenant}`);
    expect(mwn.statusCode).toBe(200);
    const list = mwn.json() as { id: number; mwnStatus: string | null; mwnJobId: number | null }[];
    expect(list.find((g) => g.id === w.g1)).toMatchObject({ mwnStatus: 'STARTED', mwnJobId: w.mw1 });
    expect(list.find((g) => g.id === w.g2)).toMatchObject({ mwnStatus: null, mwnJobId: null });
  });

  it('pages the jobs by creation date, both directions (sordir)', async () => {
    const page = async (body: object) => {
      const res = await post('admin', `${MW}/paged`, body);
      expect(res.statusCode).toBe(200);
      return res.json() as { total: number; items: MicroweatherJob[] };
    };
    const p0 = await page({ page: 0, rpp: 2, tenantGroupId: w.ht });
    expect(p0.total).toBe(3);
    expect(p0.items.map((j) => j.id)).toEqual([w.mw3, w.mw1]);
    expect(p0.items[1].microweatherMeasurementJobData).toHaveLength(3);
    expect((await page({ page: 1, rpp: 2, tenantGroupId: w.ht })).items.map((j) => j.id)).toEqual([w.mw2]);
    expect(
      (await page({ page: 0, rpp: 5, sordir: 'asc', tenantGroupId: w.ht })).items.map((j) => j.id),
    ).toEqual([w.mw2, w.mw1, w.mw3]);
    expect((await page({ page: 0, rpp: 10, status: 'STOPPED' })).items.map((j) => j.id)).toEqual([w.mw2]);
  });

  it('answers the microweather job of a maturity job (same group, overlapping time)', async () => {
    const res = await get('viewer', `${MW}/by_channeljob?channelJobId=${w.cj1}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as MicroweatherJob[]).map((j) => j.id)).toEqual([w.mw1]);
  });

  it('lists the sensors of jobs, and refuses any id that is not a visible microweather job', async () => {
    const res = await post('viewer', `${MW}/sensors`, { ids: [w.mw1] });
    expect(res.statusCode).toBe(200);
    const sensors = res.json() as JobChannelSensor[];
    expect(sensors.map((s) => [s.jobId, s.sensorType])).toEqual(TYPES.map((t) => [w.mw1, t]));
    expect(sensors[0]).toMatchObject({ id: w.temp1, sensorId: w.temp1, latestValue: last(data.temp1)?.[1] });
    for (const ids of [[w.mw1, w.mwOther], [w.cj1], [w.mwRmc]]) {
      expect((await post('viewer', `${MW}/sensors`, { ids })).statusCode).toBe(404);
    }
  });

  it('averages each sensor type exactly over any range, also where it cuts hours', async () => {
    const from = T0 + 7 * MINUTE_MS + 13 * HOUR_MS;
    const to = T0 + 2 * DAY_MS + 47 * MINUTE_MS;
    const res = await get('viewer', `${MW}/average/by_job?jobId=${w.mw1}&from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const avgs = res.json() as MeasurementAverage[];
    expect(avgs.map((a) => a.sensorType)).toEqual(TYPES);
    for (const [i, rows] of [data.temp1, data.hum1, data.wind1].entries()) {
      const inRange = rows.filter(([t]) => t >= from && t <= to).map(([, v]) => v);
      expect(avgs[i].count).toBe(inRange.length);
      expect(avgs[i].averageMeasurementData).toBeCloseTo(
        inRange.reduce((s, v) => s + v, 0) / inRange.length,
        9,
      );
      expect(avgs[i].min).toBe(Math.min(...inRange));
      expect(avgs[i].max).toBe(Math.max(...inRange));
    }
    const one = (await get('viewer', `${MW}/average/by_job?jobId=${w.mw1}&sensorType=Humidity`)).json();
    expect(one).toHaveLength(1);
    expect(one[0].count).toBe(data.hum1.length);

    const byGroup = (
      await get('viewer', `${MW}/average/by_group?cjgId=${w.g1}&sensorType=Temperature`)
    ).json();
    expect(byGroup.map((a: MeasurementAverage) => [a.jobId, a.sensorType])).toEqual([
      [w.mw1, 'Temperature'],
      [w.mw2, 'Temperature'],
    ]);
    const end = T0 - 2 * DAY_MS - 30 * MINUTE_MS;
    const old = data.temp2.filter(([t]) => t >= T0 - 8 * DAY_MS && t <= end).map(([, v]) => v);
    expect(byGroup[1].count).toBe(old.length);
    expect(byGroup[1].averageMeasurementData).toBeCloseTo(old.reduce((s, v) => s + v, 0) / old.length, 9);
  });

  it('finds the lowest and highest reading with its sensor and earliest time', async () => {
    const from = T0 + 5 * MINUTE_MS;
    const to = T0 + DAY_MS + 20 * MINUTE_MS;
    const res = await get('viewer', `${MW}/extremities/by_job?jobId=${w.mw1}&from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const ext = res.json() as MeasurementExtremity[];
    const check = (rows: [number, number][], sensorId: number, type: string) => {
      const inRange = rows.filter(([t]) => t >= from && t <= to);
      const min = Math.min(...inRange.map(([, v]) => v));
      const max = Math.max(...inRange.map(([, v]) => v));
      expect(ext.find((e) => e.sensorType === type && e.aggregateType === 'MIN')).toEqual({
        jobId: w.mw1,
        sensorType: type,
        aggregateType: 'MIN',
        extremity: min,
        timestamp: inRange.find(([, v]) => v === min)?.[0],
        sensorId,
        sensorAlias: null,
      });
      expect(ext.find((e) => e.sensorType === type && e.aggregateType === 'MAX')?.timestamp).toBe(
        inRange.find(([, v]) => v === max)?.[0],
      );
    };
    check(data.temp1, w.temp1, 'Temperature');
    check(data.hum1, w.hum1, 'Humidity');
    check(data.wind1, w.wind1, 'Wind Speed');
    const byGroup = (
      await get('viewer', `${MW}/extremities/by_group?cjgId=${w.g1}&sensorType=Wind%20Speed`)
    ).json();
    expect(byGroup.map((e: MeasurementExtremity) => [e.jobId, e.aggregateType])).toEqual([
      [w.mw1, 'MIN'],
      [w.mw1, 'MAX'],
    ]);
  });

  it("never answers another company's or an ungranted site's data", async () => {
    for (const url of [
      `${MW}/${w.mwOther}`,
      `${MW}/details/${w.mwOther}`,
      `${MW}/by_group?cjgId=${w.gOther}`,
      `${MW}/groups/by_tenant/with_data?tenantId=${w.otherTenant}`,
      `${MW}/average/by_job?jobId=${w.mwOther}`,
      `${MW}/extremities/by_group?cjgId=${w.gOther}`,
      `/api/analytics/channel/jobs/groups/with_mwn_status/${w.otherTenant}`,
    ]) {
      const res = await get('admin', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    for (const url of [
      `${MW}/${w.mwRmc}`,
      `${MW}/by_group/with_data?cjgId=${w.gRmc}`,
      `${MW}/by_status?status=STARTED&tenantGroupId=${w.rmc}`,
      `${MW}/average/by_group?cjgId=${w.gRmc}`,
    ]) {
      expect((await get('editor', url)).statusCode, url).toBe(404);
      expect((await get('admin', url)).statusCode, url).toBe(200);
    }
    // A maturity job is not a microweather job.
    expect((await get('admin', `${MW}/${w.cj1}`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `${MW}/${w.mw1}` })).statusCode).toBe(401);
  });

  it('rejects bad input with 400', async () => {
    for (const url of [
      `${MW}/abc`,
      `${MW}/by_status?status=RUNNING`,
      `${MW}/by_group`,
      `${MW}/average/by_job?jobId=${w.mw1}&from=20&to=10`,
      `${MW}/average/by_job?jobId=${w.mw1}&sensorType=Gas`,
    ]) {
      const res = await get('admin', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
    expect((await post('admin', `${MW}/paged`, { page: 0, rpp: 0 })).statusCode).toBe(400);
    expect((await post('admin', `${MW}/sensors`, { ids: [] })).statusCode).toBe(400);
  });
});
