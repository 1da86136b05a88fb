import {
  isAlarmBitSet,
  jobGroupStatus,
  jobStrength,
  SENSOR_THRESHOLD_BIT,
  strengthFromMaturity,
} from '@sitepulse/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { catchUpDemo } from './feed.ts';
import { DEMO_HARDWARE, seedDemoHardware } from './hardware.ts';
import { nodeUplink } from './uplink.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 7, 0);
const HOUR = 3_600_000;

describe('demo sensors and feed', () => {
  const ctx = useTestApp();

  it('seeds the hardware once, backfills 14 days through ingest, and catching up again adds nothing', async () => {
    expect(await seedDemoHardware(ctx.db.db, ctx.companyId, NOW)).toBe(true);
    expect(await seedDemoHardware(ctx.db.db, ctx.companyId, NOW)).toBe(false);
    const first = await catchUpDemo(ctx.db.db, ctx.app.services.ingest, NOW);
    expect(first).toBeGreaterThan(25_000);
    expect(await catchUpDemo(ctx.db.db, ctx.app.services.ingest, NOW)).toBe(0);
    // Each node is fed through the gateway of its own job site: none refused, every node has data.
    const refused = await ctx.db.db.selectFrom('rejected_reading').select('reason').execute();
    expect(refused).toEqual([]);
    const fed = await ctx.db.db.selectFrom('node_status').select('node_id').distinct().execute();
    expect(fed.map((r) => r.node_id).sort()).toEqual(DEMO_HARDWARE.map((n) => n.id).sort());

    const oldest = await ctx.db.db
      .selectFrom('reading')
      .select((eb) => eb.fn.min('ts').as('ts'))
      .executeTakeFirstOrThrow();
    expect(Number(oldest.ts)).toBeGreaterThanOrEqual(NOW - 14 * 24 * HOUR);
  });

  it('has a CO sensor over its threshold (alarming) and a water tank inside its own', async () => {
    const jobs = await ctx.db.db
      .selectFrom('job')
      .select(['name', 'job_alarm_triggered', 'alarm_data'])
      .where('name', 'in', ['Parkade Ramp CO', 'Curing Water Tank'])
      .orderBy('name')
      .execute();
    const [tank, co] = jobs.map((j) => ({
      ...j,
      alarm: JSON.parse(j.alarm_data) as Record<string, unknown>,
    }));
    expect(co.name).toBe('Parkade Ramp CO');
    expect(co.alarm).toMatchObject({
      alarmType: 'SENSOR_THRESHOLD',
      sensorType: 'Gas',
      mediumThresholdHBound: 25,
    });
    expect(isAlarmBitSet(Number(co.job_alarm_triggered), SENSOR_THRESHOLD_BIT)).toBe(true);
    expect(tank.alarm).toMatchObject({
      sensorType: 'Liquid Level',
      mediumThresholdHBound: 3.5,
      mediumThresholdLBound: 0.5,
    });
    expect(isAlarmBitSet(Number(tank.job_alarm_triggered), SENSOR_THRESHOLD_BIT)).toBe(false);
  });

  it('puts every job in a job group of its own whose status follows the job', async () => {
    const rows = await ctx.db.db
      .selectFrom('job as j')
      .innerJoin('job_group as g', 'g.id', 'j.job_group_id')
      .select([
        'j.status as jobStatus',
        'g.status as groupStatus',
        'g.name',
        'j.name as jobName',
        'g.tenant_id',
        'j.tenant_id as jobTenant',
      ])
      .execute();
    expect(rows).toHaveLength(DEMO_HARDWARE.length);
    for (const r of rows) {
      expect(r.name).toBe(r.jobName);
      expect(r.tenant_id).toBe(r.jobTenant);
      expect(r.groupStatus).toBe(jobGroupStatus([r.jobStatus]));
    }
  });

  it('has matured, curing, silent and stopped pours', async () => {
    const jobs = await ctx.db.db
      .selectFrom('job as j')
      .innerJoin('concrete_profile as p', 'p.id', 'j.concrete_profile_id')
      .select([
        'j.id',
        'j.name',
        'j.status',
        'j.job_alarm_triggered',
        'j.singular_target',
        'j.high_target',
        'p.curve_a',
        'p.curve_b',
      ])
      .where('j.kind', '=', 'MATURITY')
      .execute();
    const states = await ctx.db.db.selectFrom('maturity_state').selectAll().execute();
    const strength = (jobId: number) => {
      const j = jobs.find((x) => x.id === jobId);
      if (!j) return null;
      return jobStrength(
        states
          .filter((s) => s.job_id === jobId)
          .map((s) => strengthFromMaturity(s.maturity, { a: j.curve_a, b: j.curve_b })),
      );
    };
    const byName = (name: string) => jobs.find((j) => j.name === name) ?? expect.fail(`no job ${name}`);
    const matured = byName('Level 3 Slab - Pour 1');
    expect(matured.job_alarm_triggered & 1).toBe(1);
    const curing = byName('Level 4 Slab - Pour 2');
    expect(curing.job_alarm_triggered & 1).toBe(0);
    expect(strength(curing.id)).toBeGreaterThan(5);
    expect(strength(curing.id)).toBeLessThan(curing.singular_target ?? 0);
    expect(byName('Column Line C').status).toBe('ERROR');
    expect(byName('Transfer Beam T2').status).toBe('TERMINATED');

    // The silent node stopped reporting when its battery ran out, days ago.
    const silent = await ctx.db.db
      .selectFrom('node')
      .selectAll()
      .where('id', '=', 10004)
      .executeTakeFirstOrThrow();
    expect(silent.latest_battery).toBeLessThan(5);
    expect(Number(silent.latest_battery_ts)).toBeLessThan(NOW - 24 * HOUR);
    // The stopped job's node sent nothing after the stop.
    const stopped = byName('Transfer Beam T2');
    const stoppedJob = await ctx.db.db
      .selectFrom('job')
      .selectAll()
      .where('id', '=', stopped.id)
      .executeTakeFirstOrThrow();
    const lastOfStopped = await ctx.db.db
      .selectFrom('reading as r')
      .innerJoin('sensor as s', 's.id', 'r.sensor_id')
      .select((eb) => eb.fn.max('r.ts').as('ts'))
      .where('s.node_id', '=', 10005)
      .executeTakeFirstOrThrow();
    expect(Number(lastOfStopped.ts)).toBeLessThanOrEqual(Number(stoppedJob.termination_date));
  });

  it('keeps them live: an hour later, each reporting node has an hour more', async () => {
    const before = await ctx.db.db
      .selectFrom('reading')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const added = await catchUpDemo(ctx.db.db, ctx.app.services.ingest, NOW + HOUR);
    const after = await ctx.db.db
      .selectFrom('reading')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(added).toBeGreaterThan(50);
    expect(Number(after.n)).toBeGreaterThan(Number(before.n));
    const gps = await ctx.db.db
      .selectFrom('node')
      .selectAll()
      .where('id', '=', 10009)
      .executeTakeFirstOrThrow();
    expect(Number(gps.latest_location_ts)).toBeGreaterThan(NOW);
  });

  it('generates the same values for the same node and time (a resend is a duplicate, not a change)', () => {
    const node = DEMO_HARDWARE[0];
    const setting = {
      site: { lat: 43.64, lng: -79.38, indoor: false },
      startDate: NOW - 48 * HOUR,
      terminationDate: null,
    };
    const a = nodeUplink(node, setting, NOW - 6 * HOUR, NOW);
    const b = nodeUplink(node, setting, NOW - 6 * HOUR, NOW);
    expect(a).toEqual(b);
    expect(a.readings.length).toBe(24 * node.channels.length);
    // Concrete runs warmer than the air a couple of days after placing, from the heat of hydration.
    const temps = a.readings.map((r) => r.value);
    expect(Math.min(...temps)).toBeGreaterThan(5);
    expect(Math.max(...temps)).toBeLessThan(45);
  });
});
