/**
 * Retention of raw data per company (docs/decisions/data-retention.md), on SQLite and PostgreSQL: a run
 * removes the raw readings, statuses and locations of the company whose tierSpec names raw_retention_days,
 * older than its horizon, and nothing of another company; the hourly rollups, maturity states and hourly
 * checkpoints stay as they were, and stay right when a late reading or a recompute comes after.
 */

import { PassThrough } from 'node:stream';
import type { ReportType } from '@sitepulse/domain';
import { DAY_MS, HOUR_MS } from '@sitepulse/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/index.ts';
import { DEMO } from '../../demo/seed.ts';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { addGateway, addMaturityJob, addNode, addProfile, projectOf } from '../../test/sensor-fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { rawDataGenerators } from '../reports/generators/raw-data.ts';
import { rawDataText } from '../reports/generators/raw-data-text.ts';
import { rawHorizon, rawRetentionDays } from './policy.ts';
import { createRetentionService } from './service.ts';

const MIN15 = 15 * 60_000;
const NOW = Date.now();
/** A pour five years ago: three days of readings every 15 minutes on two channels. */
const OLD_START = Math.floor((NOW - 5 * 365 * DAY_MS) / HOUR_MS) * HOUR_MS;
const OLD_STEPS = 288;
/** A pour that straddles the horizon of a 365-day retention: 370 to 360 days ago. */
const MID_START = Math.floor((NOW - 370 * DAY_MS) / HOUR_MS) * HOUR_MS;
const MID_STEPS = 960;
/** Readings of the last two days. */
const NEW_START = NOW - 2 * DAY_MS;
const NEW_STEPS = 150;
const HORIZON = rawHorizon(365, NOW);

const temp = (i: number, ch: number) => Math.round((12 + 9 * Math.sin(i / 20) + ch * 0.6) * 100) / 100;

describe('rawRetentionDays (tierSpec raw_retention_days)', () => {
  it('takes the largest whole positive value of the active modules, at least 30 days; none: forever', () => {
    expect(rawRetentionDays([])).toBeNull();
    expect(rawRetentionDays(['{"storage_limit_in_mb": 10}', 'not json', '{}', 'null'])).toBeNull();
    expect(rawRetentionDays(['{"raw_retention_days": 365}', '{"raw_retention_days": 730}'])).toBe(730);
    expect(rawRetentionDays(['{"raw_retention_days": 7}'])).toBe(30);
    for (const bad of ['0', '-5', '1.5', '"365"', 'true', '1e400', '[365]']) {
      expect(rawRetentionDays([`{"raw_retention_days": ${bad}}`])).toBeNull();
    }
    expect(rawRetentionDays(['{"raw_retention_days": 36500}'])).toBe(36_500);
    expect(rawRetentionDays(['{"raw_retention_days": 36501}'])).toBeNull();
  });

  it('cuts at the start of a UTC day', () => {
    const now = Date.UTC(2026, 10, 28, 15, 30);
    expect(rawHorizon(365, now)).toBe(Date.UTC(2025, 10, 28));
    expect(rawHorizon(30, now)).toBe(Date.UTC(2026, 9, 29));
  });
});

describe('retention run', () => {
  const ctx = useTestApp();
  const retention = () => createRetentionService(ctx.db, { batch: 100 });
  let demoNode: number;
  let midNode: number;
  let otherNode: number;
  let oldJob: number;
  let midJob: number;
  let otherCompany: number;
  let gwKey: string;

  const ingest = async (key: string, body: object) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { accepted: number; duplicates: number; rejected: unknown[] };
  };
  const series = (nodeId: number, start: number, steps: number, every: number, channels: number[]) =>
    Array.from({ length: steps }, (_, i) =>
      channels.map((ch) => ({
        nodeId,
        channelId: ch,
        sensorType: 'Temperature',
        ts: start + i * every,
        value: temp(i, ch),
      })),
    ).flat();

  /** Raw rows of a company's sensors (or nodes) before and from a time. */
  const rawCounts = async (companyId: number, at: number) => {
    const q = async (table: 'reading' | 'node_status' | 'node_location', key: string, owner: string) => {
      const res = await sql<{ before: number; after: number }>`
        SELECT sum(CASE WHEN ts < ${at} THEN 1 ELSE 0 END) AS before, sum(CASE WHEN ts >= ${at} THEN 1 ELSE 0 END) AS after
        FROM ${sql.table(table)} WHERE ${sql.ref(key)} IN (SELECT id FROM ${sql.table(owner)} WHERE company_id = ${companyId})`.execute(
        ctx.db.db,
      );
      return { before: Number(res.rows[0].before ?? 0), after: Number(res.rows[0].after ?? 0) };
    };
    return {
      reading: await q('reading', 'sensor_id', 'sensor'),
      node_status: await q('node_status', 'node_id', 'node'),
      node_location: await q('node_location', 'node_id', 'node'),
    };
  };
  const rollups = async () => ({
    readingHour: await ctx.db.db
      .selectFrom('reading_hour')
      .selectAll()
      .orderBy(['sensor_id', 'hour'])
      .execute(),
    maturityHour: await ctx.db.db
      .selectFrom('maturity_hour')
      .selectAll()
      .orderBy(['job_id', 'sensor_id', 'hour'])
      .execute(),
    maturityState: await ctx.db.db
      .selectFrom('maturity_state')
      .selectAll()
      .orderBy(['job_id', 'sensor_id'])
      .execute(),
  });
  let before: Awaited<ReturnType<typeof rollups>>;
  let demoBefore: Awaited<ReturnType<typeof rawCounts>>;
  let otherBefore: Awaited<ReturnType<typeof rawCounts>>;

  beforeAll(async () => {
    const db = ctx.db.db;
    const site = await projectOf(db, ctx.companyId, DEMO.firstSiteName);
    const gw = await addGateway(db, ctx.companyId, site.tenantGroupId);
    gwKey = gw.key;
    demoNode = await addNode(db, { companyId: ctx.companyId, ...site });
    const profileId = await addProfile(db, ctx.companyId);
    oldJob = await addMaturityJob(db, {
      companyId: ctx.companyId,
      ...site,
      nodeId: demoNode,
      profileId,
      startDate: OLD_START,
      terminationDate: OLD_START + 3 * DAY_MS,
      name: 'Old pour',
    });
    midNode = await addNode(db, { companyId: ctx.companyId, ...site });
    midJob = await addMaturityJob(db, {
      companyId: ctx.companyId,
      ...site,
      nodeId: midNode,
      profileId,
      startDate: MID_START,
      terminationDate: MID_START + 10 * DAY_MS,
      name: 'Pour across the horizon',
    });
    const other = await seedOtherCompany(db);
    otherCompany = other.companyId;
    const otherGw = await addGateway(db, otherCompany, other.siteId);
    otherNode = await addNode(db, { companyId: otherCompany, tenantGroupId: other.siteId });

    await ingest(gw.key, {
      readings: series(demoNode, OLD_START, OLD_STEPS, MIN15, [1, 2]),
      status: [{ nodeId: demoNode, ts: OLD_START, battery: 90, signal: -70 }],
      locations: [{ nodeId: demoNode, ts: OLD_START, lat: 43.6, lng: -79.4 }],
    });
    await ingest(gw.key, { readings: series(midNode, MID_START, MID_STEPS, MIN15, [1]) });
    await ingest(gw.key, {
      readings: series(demoNode, NEW_START, NEW_STEPS, MIN15, [1, 2]),
      status: [{ nodeId: demoNode, ts: NEW_START, battery: 80, signal: -75 }],
      locations: [{ nodeId: demoNode, ts: NEW_START, lat: 43.61, lng: -79.41 }],
    });
    await ingest(otherGw.key, {
      readings: series(otherNode, OLD_START, OLD_STEPS, MIN15, [1]),
      status: [{ nodeId: otherNode, ts: OLD_START, battery: 50, signal: -90 }],
    });
    before = await rollups();
    demoBefore = await rawCounts(ctx.companyId, HORIZON);
    otherBefore = await rawCounts(otherCompany, HORIZON);
    expect(demoBefore.reading.before).toBe(OLD_STEPS * 2 + (HORIZON - MID_START) / MIN15);
    expect(before.maturityHour.length).toBeGreaterThan(0);
  });

  it('does nothing while no company names a retention (the default keeps everything)', async () => {
    const run = await retention().run(NOW);
    expect(run.companies).toEqual([]);
    expect(run.droppedPartitions).toEqual([]);
    expect(await rawCounts(ctx.companyId, HORIZON)).toEqual(demoBefore);
    expect(await retention().rawRemovedBefore(ctx.companyId)).toBeNull();
  });

  it("removes only that company's raw rows older than its horizon, in batches, and keeps every rollup", async () => {
    const modules = await ctx.db.db
      .selectFrom('company_module')
      .select(['id', 'tier_spec'])
      .where('company_id', '=', ctx.companyId)
      .execute();
    for (const m of modules) {
      const spec = { ...JSON.parse(m.tier_spec), raw_retention_days: 365 };
      await ctx.db.db
        .updateTable('company_module')
        .set({ tier_spec: JSON.stringify(spec) })
        .where('id', '=', m.id)
        .execute();
    }
    const run = await retention().run(NOW);
    expect(run.companies).toEqual([
      {
        companyId: ctx.companyId,
        rawBefore: HORIZON,
        removed: { reading: demoBefore.reading.before, node_status: 1, node_location: 1 },
      },
    ]);
    expect(await retention().rawRemovedBefore(ctx.companyId)).toBe(HORIZON);
    expect(await retention().rawRemovedBefore(otherCompany)).toBeNull();
    expect(await rawCounts(ctx.companyId, HORIZON)).toEqual({
      reading: { before: 0, after: demoBefore.reading.after },
      node_status: { before: 0, after: 1 },
      node_location: { before: 0, after: 1 },
    });
    expect(await rawCounts(otherCompany, HORIZON)).toEqual(otherBefore);
    expect(await rollups()).toEqual(before);
  });

  it('the chart of a pour older than the horizon still answers points, from the hourly rollups', async () => {
    const { headers } = await signIn(ctx);
    const sensors = await ctx.db.db
      .selectFrom('sensor')
      .select('id')
      .where('node_id', '=', demoNode)
      .orderBy('channel_id')
      .execute();
    const hours = await ctx.db.db
      .selectFrom('reading_hour')
      .select(['hour', 'n', 'total'])
      .where('sensor_id', '=', sensors[0].id)
      .where('hour', '<', HORIZON)
      .orderBy('hour')
      .execute();
    expect(hours).toHaveLength(OLD_STEPS / 4);
    type Series = {
      bucket: string;
      start: number;
      bucketMs: number;
      series: { sensorId: number; avg: (number | null)[] }[];
    };
    const expectHourly = (chart: Series) => {
      expect(chart.bucket).toBe('1h');
      const s = chart.series.find((x) => x.sensorId === sensors[0].id);
      const drawn = (s?.avg ?? []).flatMap((v, i) =>
        v === null ? [] : [[chart.start + i * chart.bucketMs, v]],
      );
      // Each hour at its mean (the answers round it to 0.01 or 0.001).
      expect(drawn.map(([t]) => t)).toEqual(hours.map((h) => Number(h.hour)));
      for (const [i, [, v]] of drawn.entries())
        expect(Math.abs(v - hours[i].total / hours[i].n)).toBeLessThan(0.006);
    };
    const pour = await ctx.app.inject({
      method: 'POST',
      url: '/api/data/measurement/time',
      headers,
      payload: { msjId: oldJob },
    });
    expect(pour.statusCode, pour.body).toBe(200);
    expectHourly(pour.json() as Series);
    const warehouse = await ctx.app.inject({
      method: 'POST',
      url: '/api/data/warehouse/measurement/time/by_job',
      headers,
      payload: { jobId: oldJob },
    });
    expect(warehouse.statusCode, warehouse.body).toBe(200);
    expectHourly(warehouse.json() as Series);
    // A range after the horizon still reads the raw readings (5-minute buckets).
    const recent = await ctx.app.inject({
      method: 'POST',
      url: '/api/data/warehouse/measurement/time/by_sid',
      headers,
      payload: { sensorId: sensors[0].id, from: NEW_START, to: NEW_START + DAY_MS },
    });
    expect(recent.statusCode, recent.body).toBe(200);
    const r = recent.json() as Series;
    expect(r.bucket).toBe('5min');
    expect(r.series[0].avg.filter((v) => v !== null)).toHaveLength(DAY_MS / MIN15 + 1);
  });

  it('a reading older than the horizon is stored and rolled up but leaves maturity as it was', async () => {
    const late = OLD_START + 100 * MIN15 + 60_000;
    const lateMid = MID_START + 50 * MIN15 + 60_000;
    const res = await ingest(gwKey, {
      readings: [
        { nodeId: demoNode, channelId: 1, sensorType: 'Temperature', ts: late, value: 40 },
        { nodeId: midNode, channelId: 1, sensorType: 'Temperature', ts: lateMid, value: 35 },
      ],
    });
    expect(res).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
    const now = await rollups();
    expect(now.maturityHour).toEqual(before.maturityHour);
    expect(now.maturityState).toEqual(before.maturityState);
    // The hourly rollup counts it: an old chart draws it.
    expect(now.readingHour.length).toBe(before.readingHour.length);
    const n = (rows: typeof now.readingHour) => rows.reduce((s, r) => s + Number(r.n), 0);
    expect(n(now.readingHour)).toBe(n(before.readingHour) + 2);
    // The next run removes the raw rows again.
    const again = await retention().run(NOW);
    expect(again.companies[0].removed.reading).toBe(2);
    // Leave the rollups as they were for the next test.
    await ctx.db.db.deleteFrom('reading_hour').execute();
    await ctx.db.db.insertInto('reading_hour').values(before.readingHour).execute();
  });

  it('a recompute of a pour older than the horizon, or across it, keeps its maturity', async () => {
    await ctx.app.services.maturityEngine.recomputeJob(oldJob);
    await ctx.app.services.maturityEngine.recomputeJob(midJob);
    expect(await rollups()).toEqual(before);
    // Through the API too: blacklisting recomputes the job.
    const { headers } = await signIn(ctx);
    const sensors = await ctx.db.db
      .selectFrom('sensor')
      .select('id')
      .where('node_id', '=', demoNode)
      .execute();
    for (const blacklisted of [true, false]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/analytics/concrete/maturity/jobs/blacklist/sensors',
        headers,
        payload: { id: oldJob, sensorIds: [sensors[0].id], blacklisted },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await rollups()).maturityHour).toEqual(before.maturityHour);
  });

  it('a raw-data report of a range before the horizon says its readings were removed', async () => {
    const u = await ctx.db.db
      .selectFrom('app_user')
      .select(['id', 'username', 'account_type'])
      .where('company_id', '=', ctx.companyId)
      .where('username', '=', DEMO.users.admin)
      .executeTakeFirstOrThrow();
    const actor = {
      userId: u.id,
      companyId: ctx.companyId,
      username: u.username,
      accountType: u.account_type,
      roles: [],
      sessionId: 'retention-report',
      isAdmin: true,
    };
    const site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    const make = async (type: ReportType, from: number, to: number) => {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      const generate = rawDataGenerators[type];
      if (!generate) throw new Error(type);
      await generate({
        request: {
          id: 1,
          type,
          name: 'Old pour raw data',
          tenantGroupId: site.tenantGroupId,
          companyId: ctx.companyId,
          msjId: null,
          cjId: null,
          createdAt: NOW,
          ownerUsername: actor.username,
        },
        attributes: { from, to, nodeIds: [demoNode], units: 'Metric', language: 'en', timeZone: 'UTC' },
        site: { id: site.tenantGroupId, name: 'Site', companyName: 'Demo' },
        actor,
        services: ctx.app.services,
        out,
        signal: new AbortController().signal,
      });
      return Buffer.concat(chunks);
    };
    const day = new Date(HORIZON).toISOString().slice(0, 10);
    const t = rawDataText('en');
    for (const type of ['RAW_DATA_CSV', 'RAW_DATA_EXCEL_DW'] as const) {
      await expect(make(type, OLD_START, OLD_START + 3 * DAY_MS)).rejects.toThrow(t.rangeRemoved(day));
    }
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await make('RAW_DATA_EXCEL', OLD_START, NOW)) as unknown as ArrayBuffer);
    const summary = wb.worksheets[0];
    const notes: unknown[] = [];
    summary.eachRow((row) => notes.push(row.getCell(1).value));
    expect(notes).toContain(t.rawRemoved(day));
    // Each sensor's sheet holds the readings kept: those of the last two days.
    for (const ws of wb.worksheets.slice(1)) expect(ws.rowCount - 1).toBe(NEW_STEPS);
  });

  it('a run is claimed by one process of several at a time', async () => {
    const second = openDb(ctx.db.url);
    try {
      const a = createRetentionService(ctx.db);
      const b = createRetentionService(second);
      const t = NOW + 1000;
      const claims = await Promise.all([
        a.claimTask('test-task', t, HOUR_MS),
        b.claimTask('test-task', t, HOUR_MS),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await a.claimTask('test-task', t + HOUR_MS - 1, HOUR_MS)).toBe(false);
      expect(await b.claimTask('test-task', t + HOUR_MS, HOUR_MS)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
