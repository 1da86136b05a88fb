import type { JobForecast, JobForecastSummary } from '@sitepulse/contracts';
import {
  type ForecastState,
  forecastJob,
  HOUR_MS,
  nurseSaulIncrement,
  readingInterval,
  recentTemperature,
  targetMpa,
} from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../lib/actor.ts';
import { useTestApp } from '../test/test-app.ts';
import { catchUpDemo } from './feed.ts';
import { DEMO_HARDWARE, PROFILES, seedDemoHardware } from './hardware.ts';
import { nodeUplink } from './uplink.ts';

/**
 * Issue 13: the demo shows every forecast state somewhere a person looks: a forecast (the second slab
 * at Harbourfront, the double tees cast this morning), targets reached (the first slab), no profile
 * and a falling temperature (two pours at Riverside), a stopped job and a silent node.
 */

const NOW = Date.UTC(2026, 10, 20, 15, 7, 0);

describe('the demo forecast states', () => {
  const ctx = useTestApp();
  let actor: Actor;
  const ids = new Map<string, number>();
  const forecast = (name: string) =>
    ctx.app.services.forecast.forecast(actor, ids.get(name) ?? expect.fail(`no job ${name}`), NOW);

  beforeAll(async () => {
    await seedDemoHardware(ctx.db.db, ctx.companyId, NOW);
    await catchUpDemo(ctx.db.db, ctx.app.services.ingest, NOW);
    const admin = await ctx.db.db
      .selectFrom('app_user')
      .select(['id', 'username', 'account_type'])
      .where('company_id', '=', ctx.companyId)
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    actor = {
      userId: admin.id,
      companyId: ctx.companyId,
      username: admin.username,
      accountType: admin.account_type,
      roles: [],
      sessionId: 'demo-forecast-states',
      isAdmin: true,
    };
    const jobs = await ctx.db.db
      .selectFrom('job')
      .select(['id', 'name'])
      .where('kind', '=', 'MATURITY')
      .execute();
    for (const j of jobs) ids.set(j.name, j.id);
  });

  it('each maturity job of the demo, and why', async () => {
    const states: Record<string, ForecastState> = {};
    for (const name of ids.keys()) states[name] = (await forecast(name)).state;
    expect(states).toEqual({
      'Level 3 Slab - Pour 1': 'REACHED',
      'Level 4 Slab - Pour 2': 'FORECAST',
      'Core Wall Lift 7': 'FORECAST',
      // its node went silent days ago, after it reached its target
      'Column Line C': 'REACHED',
      // stopped short of its high target (32 MPa)
      'Transfer Beam T2': 'STOPPED',
      'DT-101': 'REACHED',
      // 11 hours in, just short of its 20 MPa
      'DT-102': 'FORECAST',
      'DT-103': 'FORECAST',
      'DT-104': 'FORECAST',
      'Foundation F3': 'REACHED',
      'Loading Dock Slab': 'FALLING_TEMPERATURE',
      'Stair Core S1': 'NO_PROFILE',
    });
  });

  it('the first slab reached its three targets, one after another', async () => {
    const f = await forecast('Level 3 Slab - Pour 1');
    expect(f.targets.map((t) => [t.kind, t.primary, t.strengthMpa, t.state])).toEqual([
      ['STRIPPING', true, 25, 'REACHED'],
      ['POST_TENSIONING', false, 28, 'REACHED'],
      ['DESIGN', false, 30, 'REACHED'],
    ]);
    const at = f.targets.map((t) => t.reachedAt as number);
    expect(at[0]).toBeGreaterThan(NOW - 12 * 24 * HOUR_MS);
    expect(at[0]).toBeLessThan(at[1]);
    expect(at[1]).toBeLessThan(at[2]);
  });

  it('the second slab: three targets ahead, the design strength entered in psi, and a band to draw', async () => {
    const f: JobForecast = await forecast('Level 4 Slab - Pour 2');
    expect(f.targets.map((t) => [t.kind, t.enteredValue, t.enteredUnit, t.state])).toEqual([
      ['STRIPPING', 25, 'MPa', 'FORECAST'],
      ['POST_TENSIONING', 28, 'MPa', 'FORECAST'],
      ['DESIGN', 4350, 'psi', 'FORECAST'],
    ]);
    for (const t of f.targets) {
      expect(t.earliestAt as number).toBeLessThanOrEqual(t.expectedAt as number);
      expect(t.expectedAt as number).toBeLessThanOrEqual(t.latestAt ?? Number.POSITIVE_INFINITY);
      expect(t.expectedAt as number).toBeGreaterThan(NOW - HOUR_MS);
    }
    expect(f.targets[2].strengthMpa).toBeCloseTo(29.99, 2);
    expect(f.projection.length).toBeGreaterThan(10);
    expect(f.sensors).toHaveLength(4);
  });

  it('the loading dock: cooling toward a frost, no forecast; its 3000 psi target reads 3000 psi', async () => {
    const f = await forecast('Loading Dock Slab');
    expect(f.targets).toEqual([
      expect.objectContaining({
        kind: 'OPEN_TO_TRAFFIC',
        primary: true,
        enteredValue: 3000,
        enteredUnit: 'psi',
        state: 'FALLING_TEMPERATURE',
        expectedAt: null,
      }),
    ]);
    expect(f.recent?.trendCPerHour).toBeLessThan(0);
    expect(f.projection).toEqual([]);
  });

  it('the Riverside list shows the falling pour and the pour without a profile', async () => {
    const site = await ctx.db.db
      .selectFrom('tenant_group')
      .select('id')
      .where('name', '=', 'Riverside Medical Centre Expansion')
      .executeTakeFirstOrThrow();
    const list: JobForecastSummary[] = await ctx.app.services.forecast.summaries(
      actor,
      { tenantGroupId: site.id },
      NOW,
    );
    const byId = new Map(list.map((s) => [s.jobId, s]));
    expect(byId.get(ids.get('Loading Dock Slab') as number)?.state).toBe('FALLING_TEMPERATURE');
    expect(byId.get(ids.get('Stair Core S1') as number)).toMatchObject({
      state: 'NO_PROFILE',
      strengthMpa: null,
    });
    expect(byId.get(ids.get('Foundation F3') as number)?.next?.reachedAt).not.toBeNull();
  });
});

describe('whenever the demo is seeded', () => {
  /** The state of a demo pour `hoursAfter` its seeding at `seed`, from the demo generator and the rule. */
  function stateAt(jobName: string, seed: number, hoursAfter: number): ForecastState {
    const node = DEMO_HARDWARE.find((n) => n.job.name === jobName) ?? expect.fail(`no ${jobName}`);
    const startDate = seed - node.job.startHoursAgo * HOUR_MS;
    const now = seed + hoursAfter * HOUR_MS;
    const indoor = node.site === 'North Yard Precast Plant';
    const { readings } = nodeUplink(
      node,
      { site: { lat: 0, lng: 0, indoor }, startDate, terminationDate: null },
      startDate - 1,
      now,
    );
    const per = new Map<
      number,
      { m: number; ts: number; v: number; hours: { ts: number; tempC: number }[] }
    >();
    for (const r of readings) {
      const p = per.get(r.channelId);
      const m = p
        ? p.m +
          nurseSaulIncrement(
            readingInterval({ ts: p.ts, tempC: p.v }, { ts: r.ts, tempC: r.value }).meanC,
            (r.ts - p.ts) / HOUR_MS,
          )
        : 0;
      const hours = p?.hours ?? [];
      const last = hours[hours.length - 1];
      if (last && Math.floor(last.ts / HOUR_MS) === Math.floor(r.ts / HOUR_MS)) hours.pop();
      hours.push({ ts: r.ts, tempC: r.value });
      per.set(r.channelId, { m, ts: r.ts, v: r.value, hours });
    }
    const curve = PROFILES[node.job.profile ?? 'slab'];
    const target =
      node.job.singularTargetPsi !== undefined
        ? targetMpa(node.job.singularTargetPsi, 'psi')
        : (node.job.singularTarget as number);
    return forecastJob({
      now,
      profile: { ...curve, maturityFunction: 'NURSE_SAUL', datumC: -10 },
      startDate,
      stopped: false,
      targets: [target],
      sensors: [...per.values()].map((p) => ({
        index: p.m,
        lastTs: p.ts,
        recent: recentTemperature(p.hours, now),
      })),
    }).state;
  }

  // Seeded at every hour of two days: the pours show their state at once and for the next hours.
  const seeds = Array.from({ length: 48 }, (_, k) => Date.UTC(2026, 10, 20, 0, 7) + k * HOUR_MS);
  it.each([
    ['Loading Dock Slab', 'FALLING_TEMPERATURE', [0, 6, 12]],
    ['Level 4 Slab - Pour 2', 'FORECAST', [0, 6, 12]],
    ['DT-104', 'FORECAST', [0, 3, 6]],
  ] as const)('%s: %s', (jobName, state, after) => {
    const other: string[] = [];
    for (const seed of seeds)
      for (const h of after) {
        const s = stateAt(jobName, seed, h);
        if (s !== state) other.push(`${new Date(seed).toISOString()} +${h} h: ${s}`);
      }
    expect(other).toEqual([]);
  });
});
