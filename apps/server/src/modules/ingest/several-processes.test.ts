import { equivalentAge, nurseSaulMaturity } from '@sitepulse/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { type Db, openDb } from '../../db/index.ts';
import { DEMO } from '../../demo/seed.ts';
import {
  addGateway,
  addMaturityJob,
  addNode,
  addProfile,
  projectOf,
  shuffled,
} from '../../test/sensor-fixtures.ts';
import { testConfig, useTestApp } from '../../test/test-app.ts';

const T0 = Date.UTC(2026, 9, 1, 6, 0, 0);
const MIN15 = 15 * 60_000;
const STEPS = 480;
const BATCH_STEPS = 12;

/** Concrete temperature with a heat-of-hydration peak about a day in. */
const temp = (i: number, channel: number) =>
  Math.round((8 + 22 * Math.exp(-(((i - 96) / 60) ** 2)) + 3 * Math.sin(i / 16) + channel * 0.7) * 100) / 100;

/**
 * Two server instances on one database, each with its own connections (on PostgreSQL, what two
 * processes have): batches of one node sent to both at once, in shuffled order, so late readings
 * replay while the other instance is storing (issue 17; docs/decisions/several-servers.md).
 */
describe('ingest on two server instances sharing one database', () => {
  const ctx = useTestApp();
  let second: { app: App; db: Db };
  let key: string;
  let nodeId: number;
  let jobId: number;

  beforeAll(async () => {
    const site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    key = (await addGateway(ctx.db.db, ctx.companyId, site.tenantGroupId)).key;
    nodeId = await addNode(ctx.db.db, { companyId: ctx.companyId, ...site });
    const profileId = await addProfile(ctx.db.db, ctx.companyId, -20, 12);
    jobId = await addMaturityJob(ctx.db.db, {
      companyId: ctx.companyId,
      ...site,
      nodeId,
      profileId,
      startDate: T0,
      singularTarget: 18,
    });
    const db = openDb(ctx.db.url);
    second = { db, app: await buildApp({ config: testConfig(), db, logger: false }) };
    await second.app.ready();
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.db.close();
  });

  const reading = (i: number, channel: number) => ({
    nodeId,
    channelId: channel,
    sensorType: 'Temperature',
    ts: T0 + i * MIN15,
    value: temp(i, channel),
  });
  const send = (app: App, readings: object[]) =>
    app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${key}` },
      payload: { readings },
    });
  /** Every batch: in time order for the first half of the readings, shuffled for the rest (late ones replay). */
  const batches = () => {
    const out: object[][] = [];
    for (let start = 0; start < STEPS; start += BATCH_STEPS) {
      const steps = Array.from({ length: BATCH_STEPS }, (_, k) => start + k);
      out.push(steps.flatMap((i) => [reading(i, 1), reading(i, 2)]));
    }
    const half = out.length / 2;
    return [...out.slice(0, half), ...shuffled(out.slice(half), 17)];
  };
  const maturity = async () => ({
    states: await ctx.db.db
      .selectFrom('maturity_state')
      .selectAll()
      .where('job_id', '=', jobId)
      .orderBy('sensor_id')
      .execute(),
    hours: await ctx.db.db
      .selectFrom('maturity_hour')
      .selectAll()
      .where('job_id', '=', jobId)
      .orderBy('sensor_id')
      .orderBy('hour')
      .execute(),
    alarms: (
      await ctx.db.db
        .selectFrom('job')
        .select('job_alarm_triggered')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow()
    ).job_alarm_triggered,
  });

  it('gives the maturity of one instance storing them in order, to the last bit, and stores each reading once', async () => {
    const all = batches();
    const answers = await Promise.all(all.map((b, i) => send(i % 2 === 0 ? ctx.app : second.app, b)));
    for (const a of answers) expect(a.json()).toMatchObject({ accepted: 2 * BATCH_STEPS, duplicates: 0 });

    const got = await maturity();
    const indexes = Array.from({ length: STEPS }, (_, i) => i);
    for (const [k, channel] of [1, 2].entries()) {
      const points = indexes.map((i) => ({ ts: T0 + i * MIN15, tempC: temp(i, channel) }));
      expect(got.states[k]).toMatchObject({
        maturity: nurseSaulMaturity(points, -10),
        equivalent_age: equivalentAge(points),
        last_ts: T0 + (STEPS - 1) * MIN15,
        n: STEPS,
      });
    }

    // The same job recomputed from its stored readings by one instance: identical state and checkpoints.
    await ctx.app.services.maturityEngine.recomputeJob(jobId);
    expect(await maturity()).toEqual(got);
    expect(got.alarms).not.toBe(0);

    // Each reading once, and the hourly rollups count each once.
    const counts = await ctx.db.db
      .selectFrom('reading as r')
      .innerJoin('sensor as s', 's.id', 'r.sensor_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('s.node_id', '=', nodeId)
      .executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBe(2 * STEPS);
    const hours = await ctx.db.db
      .selectFrom('reading_hour as h')
      .innerJoin('sensor as s', 's.id', 'h.sensor_id')
      .select((eb) => eb.fn.sum<number>('h.n').as('n'))
      .where('s.node_id', '=', nodeId)
      .executeTakeFirstOrThrow();
    expect(Number(hours.n)).toBe(2 * STEPS);
  });

  it('stores batches that name the same nodes in opposite orders, on both instances at once, without a deadlock', async () => {
    const site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    const nodes = [
      await addNode(ctx.db.db, { companyId: ctx.companyId, ...site }),
      await addNode(ctx.db.db, { companyId: ctx.companyId, ...site }),
    ];
    // Every pair writes the same hourly rollups and latest values of both nodes' sensors, one batch
    // first node first, the other second node first.
    const item = (node: number, i: number) => ({
      nodeId: node,
      channelId: 1,
      sensorType: 'Temperature',
      ts: T0 + i * 60_000,
      value: 20 + (i % 7),
    });
    const pairs = Array.from({ length: 40 }, (_, p) => {
      const steps = Array.from({ length: 10 }, (_, k) => 2 * (p * 10 + k));
      return [
        steps.flatMap((i) => [item(nodes[0], i), item(nodes[1], i)]),
        steps.flatMap((i) => [item(nodes[1], i + 1), item(nodes[0], i + 1)]),
      ];
    });
    const answers = await Promise.all(pairs.flatMap(([a, b]) => [send(ctx.app, a), send(second.app, b)]));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    for (const a of answers) expect(a.json()).toEqual({ accepted: 20, duplicates: 0, rejected: [] });
    const hours = await ctx.db.db
      .selectFrom('reading_hour as h')
      .innerJoin('sensor as s', 's.id', 'h.sensor_id')
      .select((eb) => eb.fn.sum<number>('h.n').as('n'))
      .where('s.node_id', 'in', nodes)
      .executeTakeFirstOrThrow();
    expect(Number(hours.n)).toBe(2 * 40 * 20);
  });

  it('counts every batch sent again to either instance, at once, as duplicates that change nothing', async () => {
    const before = await maturity();
    const all = batches();
    const answers = await Promise.all(all.map((b, i) => send(i % 2 === 0 ? second.app : ctx.app, b)));
    for (const a of answers)
      expect(a.json()).toEqual({ accepted: 0, duplicates: 2 * BATCH_STEPS, rejected: [] });
    expect(await maturity()).toEqual(before);
  });
});
