import { equivalentAge, nurseSaulMaturity } from '@sitepulse/domain';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import {
  addGateway,
  addMaturityJob,
  addNode,
  addProfile,
  projectOf,
  shuffled,
} from '../../test/sensor-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createMaturityEngine } from '../maturity/engine.ts';
import { GATEWAY_CONTACT_EVERY_MS } from './service.ts';

const T0 = Date.UTC(2026, 9, 1, 6, 0, 0);
const MIN15 = 15 * 60_000;
const CHANNELS = [1, 2, 3, 4];

/** Concrete temperature with a heat-of-hydration peak, rounded as a gateway sends it. */
const temp = (i: number, channel: number) =>
  Math.round((9 + 20 * Math.exp(-(((i - 40) / 25) ** 2)) + 2 * Math.sin(i / 7) + channel * 0.6) * 100) / 100;

/**
 * What one batch writes (docs/decisions/ingest-throughput.md): each (sensor, hour) rollup and maturity
 * hour once, each sensor's latest value and maturity state once, its jobs and their states in one
 * statement each, with the same results as the readings sent one at a time.
 */
describe('the writes of one ingest batch', () => {
  const ctx = useTestApp();
  let site: { tenantId: number; tenantGroupId: number };
  let key: string;
  let profileId: number;

  beforeAll(async () => {
    site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    key = (await addGateway(ctx.db.db, ctx.companyId, site.tenantGroupId)).key;
    profileId = await addProfile(ctx.db.db, ctx.companyId, -20, 12);
  });

  /** A node with a maturity job started at T0. */
  async function nodeWithJob() {
    const nodeId = await addNode(ctx.db.db, { companyId: ctx.companyId, ...site });
    const jobId = await addMaturityJob(ctx.db.db, {
      companyId: ctx.companyId,
      ...site,
      nodeId,
      profileId,
      startDate: T0,
      singularTarget: 30,
    });
    return { nodeId, jobId };
  }
  const reading = (nodeId: number, i: number, channel: number) => ({
    nodeId,
    channelId: channel,
    sensorType: 'Temperature',
    ts: T0 + i * MIN15,
    value: temp(i, channel),
  });
  /** Every channel at each step, in time order. */
  const readingsOf = (nodeId: number, steps: number[]) =>
    steps.flatMap((i) => CHANNELS.map((c) => reading(nodeId, i, c)));
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);

  async function send(readings: object[]) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${key}` },
      payload: { readings },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { accepted: number; duplicates: number; rejected: unknown[] };
  }

  /** Rollups, latest values and maturity of a node's sensors, keyed by channel (not by sensor id). */
  async function written(nodeId: number, jobId: number) {
    const sensors = await ctx.db.db
      .selectFrom('sensor')
      .select(['id', 'channel_id', 'latest_value', 'latest_value_ts'])
      .where('node_id', '=', nodeId)
      .orderBy('channel_id')
      .execute();
    const channelOf = new Map(sensors.map((s) => [s.id, s.channel_id]));
    const ids = sensors.map((s) => s.id);
    const hours = await ctx.db.db
      .selectFrom('reading_hour')
      .selectAll()
      .where('sensor_id', 'in', ids)
      .orderBy('sensor_id')
      .orderBy('hour')
      .execute();
    const states = await ctx.db.db
      .selectFrom('maturity_state')
      .selectAll()
      .where('job_id', '=', jobId)
      .orderBy('sensor_id')
      .execute();
    const maturityHours = await ctx.db.db
      .selectFrom('maturity_hour')
      .selectAll()
      .where('job_id', '=', jobId)
      .orderBy('sensor_id')
      .orderBy('hour')
      .execute();
    const job = await ctx.db.db
      .selectFrom('job')
      .select('job_alarm_triggered')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    const byChannel = <T extends { sensor_id: number }>(rows: T[]) =>
      rows.map(({ sensor_id, ...rest }) => ({
        channel: channelOf.get(sensor_id),
        ...rest,
        ...('job_id' in rest ? { job_id: 0 } : {}),
      }));
    return {
      latest: sensors.map((s) => ({
        channel: s.channel_id,
        value: s.latest_value,
        ts: Number(s.latest_value_ts),
      })),
      hours: byChannel(hours).map((h) => ({ ...h, hour: Number(h.hour) })),
      states: byChannel(states).map((s) => ({ ...s, last_ts: Number(s.last_ts) })),
      maturityHours: byChannel(maturityHours).map((h) => ({
        ...h,
        hour: Number(h.hour),
        last_ts: Number(h.last_ts),
      })),
      alarms: Number(job.job_alarm_triggered),
    };
  }

  it('a batch of many readings of each sensor over many hours writes what one reading at a time writes', async () => {
    const steps = range(0, 48); // 12 hours of quarter-hours, 4 channels
    const batched = await nodeWithJob();
    const single = await nodeWithJob();
    expect((await send(readingsOf(batched.nodeId, steps))).accepted).toBe(steps.length * CHANNELS.length);
    for (const r of readingsOf(single.nodeId, steps)) expect((await send([r])).accepted).toBe(1);

    const a = await written(batched.nodeId, batched.jobId);
    const b = await written(single.nodeId, single.jobId);
    expect(a.hours).toHaveLength(12 * CHANNELS.length);
    expect(a.hours.every((h) => h.n === 4)).toBe(true);
    // The same sums in the same order: equal to the last bit.
    expect(a).toEqual(b);
    expect(a.maturityHours).toHaveLength(12 * CHANNELS.length);
    for (const c of CHANNELS) {
      const series = steps.map((i) => ({ ts: T0 + i * MIN15, tempC: temp(i, c) }));
      const state = a.states.find((s) => s.channel === c);
      expect(state?.maturity).toBe(nurseSaulMaturity(series, -10));
      expect(state?.equivalent_age).toBe(equivalentAge(series));
      expect(a.latest.find((l) => l.channel === c)).toEqual({
        channel: c,
        value: temp(47, c),
        ts: T0 + 47 * MIN15,
      });
    }
  });

  it('late readings of several sensors over several hours, in one batch, give the maturity of a recompute', async () => {
    const { nodeId, jobId } = await nodeWithJob();
    const late = new Set([5, 6, 13, 21, 22, 23, 30, 37]);
    const onTime = range(0, 48).filter((i) => !late.has(i));
    for (let k = 0; k < onTime.length; k += 8) await send(readingsOf(nodeId, onTime.slice(k, k + 8)));
    // The late ones of every channel together, in no order: the replay starts from the checkpoint
    // before the earliest of each sensor.
    expect((await send(shuffled(readingsOf(nodeId, [...late]), 7))).accepted).toBe(
      late.size * CHANNELS.length,
    );

    const ingested = await written(nodeId, jobId);
    await createMaturityEngine(ctx.db).recomputeJob(jobId);
    const recomputed = await written(nodeId, jobId);
    expect(ingested.states).toEqual(recomputed.states);
    expect(ingested.maturityHours).toEqual(recomputed.maturityHours);
    for (const c of CHANNELS) {
      const series = range(0, 48).map((i) => ({ ts: T0 + i * MIN15, tempC: temp(i, c) }));
      expect(ingested.states.find((s) => s.channel === c)?.maturity).toBe(nurseSaulMaturity(series, -10));
    }
  });

  it("writes a gateway's last contact on its first uplink, then at most once a second", async () => {
    const gw = await addGateway(ctx.db.db, ctx.companyId, site.tenantGroupId);
    const contact = async () =>
      Number(
        (
          await ctx.db.db
            .selectFrom('gateway')
            .select('last_uplink_at')
            .where('id', '=', gw.id)
            .executeTakeFirstOrThrow()
        ).last_uplink_at,
      );
    const uplink = async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/ingest/readings',
        headers: { authorization: `Bearer ${gw.key}` },
        payload: { readings: [] },
      });
      expect(res.statusCode).toBe(200);
    };
    const before = Date.now();
    await uplink();
    const first = await contact();
    expect(first).toBeGreaterThanOrEqual(before);
    // Within the second that follows, an uplink does not write it again.
    await ctx.db.db
      .updateTable('gateway')
      .set({ last_uplink_at: first - 1 })
      .where('id', '=', gw.id)
      .execute();
    await uplink();
    const after = await contact();
    expect(after === first - 1 || after >= first + GATEWAY_CONTACT_EVERY_MS, `${after} after ${first}`).toBe(
      true,
    );
  });

  /** The SQL text of every statement the database runs while `fn` runs (both dialects' drivers). */
  async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const restore: (() => void)[] = [];
    if (ctx.db.raw.dialect === 'sqlite') {
      const proto = Object.getPrototypeOf(ctx.db.raw.sqlite.prepare('SELECT 1')) as Record<
        string,
        (...a: unknown[]) => unknown
      >;
      for (const name of ['run', 'get', 'all', 'iterate']) {
        const original = proto[name];
        proto[name] = function (this: { source: string }, ...args: unknown[]) {
          seen.push(this.source);
          return original.apply(this, args);
        };
        restore.push(() => {
          proto[name] = original;
        });
      }
    } else {
      const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
      const original = proto.query;
      proto.query = function (this: unknown, ...args: unknown[]) {
        const q = args[0] as string | { text: string };
        seen.push(typeof q === 'string' ? q : q.text);
        return original.apply(this, args);
      };
      restore.push(() => {
        proto.query = original;
      });
    }
    try {
      await fn();
    } finally {
      for (const r of restore) r();
    }
    // A gateway's last contact is written at most once a second, so some batches write it and some not.
    return seen.map((s) => s.replace(/\s+/g, ' ').trim()).filter((s) => !/update "gateway"/i.test(s));
  }

  it('costs one statement per reading and per (sensor, hour), two per sensor and one for all its jobs', async () => {
    const { nodeId } = await nodeWithJob();
    // A second maturity job on the node (a pour monitored twice): its states are loaded with the first's.
    await addMaturityJob(ctx.db.db, { companyId: ctx.companyId, ...site, nodeId, profileId, startDate: T0 });
    await send(readingsOf(nodeId, range(0, 24))); // makes the sensors
    // 6 hours of 4 sensors: 96 readings, 24 rollups, 24 maturity hours and 4 states per job, 4 latest values.
    const sql = await statementsOf(() => send(readingsOf(nodeId, range(24, 48))));
    const count = (re: RegExp) => sql.filter((s) => re.test(s)).length;
    if (ctx.db.raw.dialect === 'sqlite') {
      expect(count(/^INSERT INTO reading \(/)).toBe(96);
      expect(count(/^INSERT INTO reading_hour /)).toBe(24);
      expect(count(/^INSERT INTO maturity_hour /)).toBe(2 * 24);
      expect(count(/^INSERT INTO maturity_state /)).toBe(2 * 4);
      expect(count(/^UPDATE sensor SET message_ts/)).toBe(4);
      expect(count(/FROM maturity_state m JOIN sensor/)).toBe(1);
      expect(count(/FROM job j LEFT JOIN concrete_profile/)).toBe(1);
      // The rest: the gateway, its nodes, the alarm checks after the batch; none per reading or sensor.
      expect(sql.length - 96 - 24 - 48 - 8 - 4).toBeLessThan(20);
    } else {
      // Set-based: the same statements whatever the batch holds.
      const bigger = await statementsOf(() =>
        send(readingsOf(nodeId, range(48, 96)).concat(readingsOf(nodeId, [96]))),
      );
      expect(bigger).toEqual(sql);
      expect(count(/^INSERT INTO reading \(/)).toBe(1);
      expect(count(/^INSERT INTO maturity_hour /)).toBe(1);
      expect(sql.length).toBeLessThan(30);
    }
  });
});
