import type { GpsJob, GpsJobDetail, GpsTrack } from '@sitepulse/contracts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addGroup, addJob, addNode, demoSites } from '../measurements/test-data.ts';
import { TRACK_MAX_POINTS, trackBucketMs } from './service.ts';

const NOW = Date.now();
const T0 = Math.floor(NOW / HOUR_MS) * HOUR_MS - 2 * DAY_MS;

describe('track buckets', () => {
  it('are multiples of 10 s that keep a track within 2,000 positions', () => {
    expect(trackBucketMs(0)).toBe(10_000);
    expect(trackBucketMs(HOUR_MS)).toBe(10_000);
    expect(trackBucketMs(7 * DAY_MS)).toBe(310_000);
    for (const range of [DAY_MS, 30 * DAY_MS, 400 * DAY_MS]) {
      const b = trackBucketMs(range);
      expect(b % 10_000).toBe(0);
      expect(Math.ceil(range / b)).toBeLessThanOrEqual(TRACK_MAX_POINTS);
    }
  });
});

describe('GPS jobs', () => {
  const ctx = useTestApp();
  const w = {} as Record<string, number>;
  const fixes: { node_id: number; ts: number; lat: number; lng: number }[] = [];
  let headers: Record<string, Record<string, string>>;

  beforeAll(async () => {
    const db = ctx.db.db;
    const c = ctx.companyId;
    const { ht, rmc } = await demoSites(db, c);
    const other = await seedOtherCompany(db);
    w.g = await addGroup(db, { companyId: c, tenantId: ht.tenantId, name: 'Trucks' });
    w.gOther = await addGroup(db, { companyId: other.companyId, tenantId: other.tenantId, name: 'Theirs' });
    await addNode(db, {
      id: 8001,
      companyId: c,
      siteId: ht.siteId,
      nodeType: 'GPS',
      battery: 91,
      batteryTs: NOW,
    });
    // A fix every minute for two days; the last ones far north, beyond the map's ±85°.
    for (let ts = T0; ts < T0 + 2 * DAY_MS; ts += MINUTE_MS) {
      const i = (ts - T0) / MINUTE_MS;
      fixes.push({ node_id: 8001, ts, lat: i > 2870 ? 88.5 : 43.6 + i / 10_000, lng: -79.4 + i / 20_000 });
    }
    for (let i = 0; i < fixes.length; i += 2000) {
      await db
        .insertInto('node_location')
        .values(fixes.slice(i, i + 2000))
        .execute();
    }
    w.job = await addJob(db, {
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      groupId: w.g,
      kind: 'GPS',
      typeName: 'GPS',
      name: 'Pump truck',
      nodeId: 8001,
      start: T0 + HOUR_MS,
      end: T0 + 2 * DAY_MS - 5 * MINUTE_MS,
      status: 'TERMINATED',
    });
    await addNode(db, { id: 8002, companyId: c, siteId: ht.siteId, nodeType: 'GPS' });
    w.idle = await addJob(db, {
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      groupId: w.g,
      kind: 'GPS',
      typeName: 'GPS',
      name: 'Idle truck',
      nodeId: 8002,
      start: null,
      status: 'NEW',
    });
    await addNode(db, { id: 8101, companyId: c, siteId: rmc.siteId, nodeType: 'GPS' });
    w.rmcJob = await addJob(db, {
      companyId: c,
      siteId: rmc.siteId,
      tenantId: rmc.tenantId,
      kind: 'GPS',
      typeName: 'GPS',
      name: 'Riverside truck',
      nodeId: 8101,
    });
    await addNode(db, { id: 8201, companyId: other.companyId, siteId: other.siteId, nodeType: 'GPS' });
    await db
      .insertInto('node_location')
      .values({ node_id: 8201, ts: T0 + HOUR_MS, lat: 12.5, lng: 12.5 })
      .execute();
    w.otherJob = await addJob(db, {
      companyId: other.companyId,
      siteId: other.siteId,
      tenantId: other.tenantId,
      groupId: w.gOther,
      kind: 'GPS',
      typeName: 'GPS',
      name: 'Their truck',
      nodeId: 8201,
    });
    headers = { admin: (await signIn(ctx, 'admin')).headers, editor: (await signIn(ctx, 'editor')).headers };
  });

  const get = (user: string, url: string) => ctx.app.inject({ url, headers: headers[user] });
  const end = T0 + 2 * DAY_MS - 5 * MINUTE_MS;

  it('lists the GPS jobs of a group with their latest position, latitude clamped to ±85', async () => {
    const res = await get('editor', `/api/location/gps/jobs/by_group/with_data?cjgId=${w.g}`);
    expect(res.statusCode).toBe(200);
    const jobs = res.json() as GpsJob[];
    const truck = jobs.find((j) => j.id === w.job);
    const lastFix = fixes.filter((f) => f.ts <= end).at(-1);
    expect(truck).toMatchObject({
      nodeJobName: 'Pump truck',
      nodeId: 8001,
      status: 'TERMINATED',
      startDate: T0 + HOUR_MS,
      terminationDate: end,
      channelGroupId: w.g,
    });
    expect(truck?.locationData).toEqual([{ timestamp: lastFix?.ts, lat: 85, longitude: lastFix?.lng }]);
    expect(jobs.find((j) => j.id === w.idle)?.locationData).toEqual([]);
  });

  it("answers a job's track within its time, one position (the last) per bucket", async () => {
    const res = await get('editor', `/api/location/gps/jobs/details/${w.job}`);
    expect(res.statusCode).toBe(200);
    const d = res.json() as GpsJobDetail;
    const range = end - (T0 + HOUR_MS);
    expect(d.bucketMs).toBe(trackBucketMs(range));
    expect(d.locationData.length).toBeLessThanOrEqual(TRACK_MAX_POINTS);
    expect(d.locationData[0].timestamp).toBeGreaterThanOrEqual(T0 + HOUR_MS);
    expect(d.locationData.at(-1)?.timestamp).toBeLessThanOrEqual(end);
    // Each point is the last fix of its bucket.
    const b = d.bucketMs;
    for (const p of d.locationData.slice(1, 20)) {
      const bucketEnd = p.timestamp - (p.timestamp % b) + b;
      expect(fixes.some((f) => f.ts > p.timestamp && f.ts < bucketEnd && f.ts <= end)).toBe(false);
    }
    expect(d.latestNodeBattery).toEqual({ value: 91, timestamp: NOW });

    const hour = await get(
      'editor',
      `/api/data/warehouse/location/time/by_jobid?jobId=${w.job}&from=${T0 + 2 * HOUR_MS}&to=${T0 + 3 * HOUR_MS}`,
    );
    const t = hour.json() as GpsTrack;
    expect(t).toMatchObject({ jobId: w.job, nodeId: 8001, bucketMs: 10_000 });
    expect(t.locationData.map((p) => p.timestamp)).toEqual(
      fixes.filter((f) => f.ts >= T0 + 2 * HOUR_MS && f.ts <= T0 + 3 * HOUR_MS).map((f) => f.ts),
    );
    expect(t.locationData[0]).toEqual({
      timestamp: T0 + 2 * HOUR_MS,
      lat: 43.6 + 120 / 10_000,
      longitude: -79.4 + 120 / 20_000,
    });
  });

  it("never answers another company's or an ungranted site's positions", async () => {
    for (const url of [
      `/api/location/gps/jobs/by_group/with_data?cjgId=${w.gOther}`,
      `/api/location/gps/jobs/details/${w.otherJob}`,
      `/api/data/warehouse/location/time/by_jobid?jobId=${w.otherJob}`,
    ]) {
      const res = await get('admin', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('12.5');
    }
    expect((await get('editor', `/api/location/gps/jobs/details/${w.rmcJob}`)).statusCode).toBe(404);
    expect((await get('admin', `/api/location/gps/jobs/details/${w.rmcJob}`)).statusCode).toBe(200);
  });

  it('rejects bad input with 400', async () => {
    for (const url of [
      '/api/location/gps/jobs/by_group/with_data',
      '/api/location/gps/jobs/details/zero',
      `/api/data/warehouse/location/time/by_jobid?jobId=${w.job}&from=100&to=50`,
    ]) {
      expect((await get('editor', url)).statusCode, url).toBe(400);
    }
  });
});
