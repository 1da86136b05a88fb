import type {
  JobForecast,
  JobForecastListQuery,
  JobForecastSummary,
  JobTarget,
  JobTargetsBody,
  TargetForecast,
} from '@sitepulse/contracts';
import {
  combineRecent,
  DEFAULT_TARGET_KIND,
  enteredTargetValue,
  FORECAST_WINDOW_MS,
  type ForecastProfile,
  type ForecastResult,
  type ForecastSensor,
  forecastJob,
  HOUR_MS,
  type IndexPoint,
  JOB_TARGET_KINDS,
  type JobTargetKind,
  jobTargetStrength,
  nextTargetIndex,
  recentTemperature,
  TARGET_MPA_MAX,
  TARGET_UNITS,
  type TargetOutlook,
  type TargetUnit,
  targetMpa,
} from '@sitepulse/domain';
import type { Actor } from '../../lib/actor.ts';
import { badRequest } from '../../lib/errors.ts';
import { strengthRows } from '../../lib/strength-switch.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { AlarmsService } from '../alarms/service.ts';
import { createForecastRepo, type ForecastJobRow } from './repo.ts';

type TargetRow = {
  job_id: number;
  kind: string;
  strength_mpa: number;
  entered_value: number;
  entered_unit: string;
};
type StateRow = {
  job_id: number;
  sensor_id: number;
  last_ts: number;
  maturity: number;
  equivalent_age: number;
};
type HourRow = {
  job_id: number;
  sensor_id: number;
  hour: number;
  last_ts: number;
  last_temp: number;
  maturity: number;
  equivalent_age: number;
};

const asKind = (k: string | null): JobTargetKind =>
  (JOB_TARGET_KINDS as readonly string[]).includes(k ?? '') ? (k as JobTargetKind) : DEFAULT_TARGET_KIND;
const asUnit = (u: string | null): TargetUnit =>
  (TARGET_UNITS as readonly string[]).includes(u ?? '') ? (u as TargetUnit) : 'MPa';
const kindOrder = (k: string) => JOB_TARGET_KINDS.indexOf(k as JobTargetKind);

/** The spec's target of a job (singular, else high, medium, low) as its primary target; null when it has none. */
function primaryOf(job: ForecastJobRow): JobTarget | null {
  const mpa = jobTargetStrength({
    singularTargetedStrength: job.singular_target,
    highTargetedStrength: job.high_target,
    mediumTargetedStrength: job.medium_target,
    lowTargetedStrength: job.low_target,
  });
  if (mpa === null) return null;
  const unit = asUnit(job.target_unit);
  return {
    kind: asKind(job.target_kind),
    primary: true,
    strengthMpa: mpa,
    enteredValue: enteredTargetValue(mpa, unit),
    enteredUnit: unit,
  };
}

/** A job's targets: the primary first, then the further ones in JOB_TARGET_KINDS order. */
function targetsOf(job: ForecastJobRow, rows: readonly TargetRow[]): JobTarget[] {
  if (job.kind !== 'MATURITY') return [];
  const primary = primaryOf(job);
  const further = rows
    .filter((r) => r.job_id === job.id)
    .sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind))
    .map(
      (r): JobTarget => ({
        kind: asKind(r.kind),
        primary: false,
        strengthMpa: r.strength_mpa,
        enteredValue: r.entered_value,
        enteredUnit: asUnit(r.entered_unit),
      }),
    );
  return primary ? [primary, ...further] : further;
}

/** The job's profile as the forecast reads it; null without one. */
function profileOf(job: ForecastJobRow): ForecastProfile | null {
  if (job.curve_a === null || job.curve_b === null) return null;
  return {
    a: job.curve_a,
    b: job.curve_b,
    maturityFunction: job.maturity_function,
    datumC: job.datum_c,
    activationEnergy: job.activation_energy,
    referenceC: job.reference_c,
  };
}

const indexOf = (job: ForecastJobRow, r: { maturity: number; equivalent_age: number }) =>
  job.maturity_function === 'EQUIVALENT_AGE' ? r.equivalent_age : r.maturity;

/** The first hour of the recent window. */
const windowStartHour = (now: number) => Math.floor((now - FORECAST_WINDOW_MS) / HOUR_MS) * HOUR_MS;

const withTarget = (t: JobTarget, o: TargetOutlook): TargetForecast => ({ ...t, ...o });

/** What the forecast of one job is computed from (loaded for many jobs at once). */
interface JobInputs {
  states: StateRow[];
  recent: Map<number, HourRow[]>;
  history: Map<number, IndexPoint[]> | null;
}

/**
 * Strength targets of maturity jobs and when each will be reached (issue 13; docs/decisions/
 * strength-forecast.md, strength-targets-and-signoffs.md). Reads are limited to the caller's company
 * and readable job sites (another company's or an ungranted site's job reads as 404, one of a site
 * where the caller is an inspector answers 403); changes need write access to the job's site.
 */
export function createForecastService(deps: ServiceDeps & { alarms: AlarmsService }) {
  const baseRepo = createForecastRepo(deps.db);
  // No strength forecast for a company whose Concrete module turns strength off (issue 16).
  const repo: typeof baseRepo = {
    ...baseRepo,
    findJob: async (companyId, siteIds, id) => {
      const job = await baseRepo.findJob(companyId, siteIds, id);
      return job ? (await strengthRows(deps.strengthShown, companyId, [job]))[0] : job;
    },
    runningJobs: async (companyId, siteIds, f) =>
      strengthRows(deps.strengthShown, companyId, await baseRepo.runningJobs(companyId, siteIds, f)),
  };

  async function visibleJob(actor: Actor, id: number, mode: 'read' | 'write' = 'read') {
    const sites = await deps.jobsites.siteAccess(actor);
    const job = await sites.find((siteIds) => repo.findJob(actor.companyId, siteIds, id), 'Maturity job');
    if (mode === 'write') sites.check(job.tenant_group_id, 'write', 'Maturity job');
    return job;
  }

  /** The counted sensors' states and recent hours of the jobs: two statements whatever their number. */
  async function load(jobs: readonly ForecastJobRow[], now: number): Promise<Map<number, JobInputs>> {
    const ids = jobs.map((j) => j.id);
    const [states, recent] = await Promise.all([repo.states(ids), repo.hours(ids, windowStartHour(now))]);
    const byJob = new Map<number, JobInputs>(
      ids.map((id) => [id, { states: [], recent: new Map(), history: null }]),
    );
    for (const s of states) byJob.get(s.job_id)?.states.push(s);
    for (const r of recent) {
      const m = byJob.get(r.job_id)?.recent;
      if (!m) continue;
      const list = m.get(r.sensor_id) ?? [];
      list.push(r);
      m.set(r.sensor_id, list);
    }
    return byJob;
  }

  /** Adds the whole hourly history of these jobs (for the time each reached target was reached): one statement. */
  async function addHistory(jobs: readonly ForecastJobRow[], data: Map<number, JobInputs>): Promise<void> {
    if (jobs.length === 0) return;
    const rows = await repo.hours(jobs.map((j) => j.id));
    const jobById = new Map(jobs.map((j) => [j.id, j]));
    for (const j of jobs) (data.get(j.id) as JobInputs).history = new Map();
    for (const r of rows) {
      const h = data.get(r.job_id)?.history;
      const job = jobById.get(r.job_id);
      if (!h || !job) continue;
      const list = h.get(r.sensor_id) ?? [];
      list.push({ ts: Number(r.last_ts), index: indexOf(job, r) });
      h.set(r.sensor_id, list);
    }
  }

  function sensorInput(job: ForecastJobRow, s: StateRow, d: JobInputs, now: number): ForecastSensor {
    const rows = d.recent.get(s.sensor_id) ?? [];
    return {
      index: indexOf(job, s),
      lastTs: Number(s.last_ts),
      recent: recentTemperature(
        rows.map((r) => ({ ts: Number(r.last_ts), tempC: r.last_temp })),
        now,
      ),
    };
  }

  /** The domain forecast of a job from its loaded inputs (all its counted sensors, or only `only`). */
  function forecastOf(
    job: ForecastJobRow,
    targets: readonly JobTarget[],
    d: JobInputs,
    now: number,
    only?: StateRow[],
  ): ForecastResult {
    const states = only ?? d.states;
    return forecastJob({
      now,
      profile: profileOf(job),
      startDate: job.start_date === null ? null : Number(job.start_date),
      stopped: job.status === 'TERMINATED',
      targets: targets.map((t) => t.strengthMpa),
      sensors: states.map((s) => sensorInput(job, s, d, now)),
      histories: d.history ? states.map((s) => d.history?.get(s.sensor_id) ?? []) : undefined,
    });
  }

  return {
    /** GET .../jobs/targets/{id}: the job's targets, the primary first. A humidity job has none. */
    async targets(actor: Actor, id: number): Promise<JobTarget[]> {
      const job = await visibleJob(actor, id);
      return targetsOf(job, await repo.targetsOf([job.id]));
    },

    /**
     * PUT .../jobs/targets/{id}: replaces the job's further targets, and sets the unit, kind and (in
     * that unit) the figure of its primary target when given. 400, with nothing changed, for a humidity
     * job, a kind given twice or the primary's kind, or a strength above 1000 MPa.
     */
    async setTargets(actor: Actor, id: number, body: JobTargetsBody): Promise<JobTarget[]> {
      const job = await visibleJob(actor, id, 'write');
      if (job.kind !== 'MATURITY')
        throw badRequest(`Job ${job.id} is a humidity job: it takes no strength targets`);
      const primaryKind = body.primaryKind ?? asKind(job.target_kind);
      const seen = new Set<string>();
      for (const t of body.targets) {
        if (seen.has(t.kind))
          throw badRequest(`Target ${t.kind} is given twice: a job has one target of each kind`);
        seen.add(t.kind);
        if (t.kind === primaryKind) {
          throw badRequest(`Target ${t.kind} is the kind of the job's primary target: give it another kind`);
        }
      }
      const rows = body.targets.map((t) => ({
        kind: t.kind,
        strength_mpa: targetMpa(t.enteredValue, t.enteredUnit),
        entered_value: t.enteredValue,
        entered_unit: t.enteredUnit,
      }));
      const tooStrong = rows.find((r) => r.strength_mpa > TARGET_MPA_MAX);
      if (tooStrong) throw badRequest(`Target ${tooStrong.kind} is above ${TARGET_MPA_MAX} MPa`);
      const primaryUnit = body.primaryUnit ?? asUnit(job.target_unit);
      let singular: number | undefined;
      if (body.primaryValue !== undefined) {
        singular = targetMpa(body.primaryValue, primaryUnit);
        if (singular > TARGET_MPA_MAX) throw badRequest(`The primary target is above ${TARGET_MPA_MAX} MPa`);
      }

      const primary: { target_unit?: string; target_kind?: string; singular_target?: number } = {};
      if (body.primaryUnit !== undefined) primary.target_unit = body.primaryUnit;
      if (body.primaryKind !== undefined) primary.target_kind = body.primaryKind;
      if (singular !== undefined) primary.singular_target = singular;
      await repo.saveTargets(
        { companyId: actor.companyId, jobId: job.id, userId: actor.userId, now: Date.now(), targets: rows },
        primary,
      );
      // The spec's target is the strength threshold: its alarm bit (MATURED) follows the new figure.
      if (singular !== undefined) {
        await deps.alarms.set(actor, {
          alarmType: 'MATURITY_STRENGTH_THRESHOLD',
          msjId: job.id,
          singularThreshold: singular,
        });
      }
      const fresh = await visibleJob(actor, id);
      return targetsOf(fresh, await repo.targetsOf([job.id]));
    },

    /**
     * GET .../jobs/forecast/{id}: when each target will be (or was) reached, for the job and for each
     * of its counted sensors, with the job's recent temperatures and the projected strength band.
     */
    async forecast(actor: Actor, id: number, now = Date.now()): Promise<JobForecast> {
      const job = await visibleJob(actor, id);
      if (job.kind !== 'MATURITY')
        throw badRequest(`Job ${job.id} is a humidity job: it has no strength forecast`);
      const [targetRows, sensors, data] = await Promise.all([
        repo.targetsOf([job.id]),
        repo.countedSensors([job.node_id]),
        load([job], now),
      ]);
      const targets = targetsOf(job, targetRows);
      const d = data.get(job.id) as JobInputs;
      if (forecastOf(job, targets, d, now).targets.some((t) => t.state === 'REACHED'))
        await addHistory([job], data);
      const f = forecastOf(job, targets, d, now);
      const inputs = d.states.map((s) => sensorInput(job, s, d, now));
      const recent = combineRecent(inputs.map((i) => i.recent));
      const stateBy = new Map(d.states.map((s) => [s.sensor_id, s]));
      return {
        jobId: job.id,
        state: f.state,
        computedAt: now,
        strengthMpa: f.strengthMpa,
        maturity: inputs.length > 0 ? inputs.reduce((s, i) => s + i.index, 0) / inputs.length : null,
        recent: recent && {
          meanC: recent.meanC,
          lowC: recent.lowC,
          highC: recent.highC,
          trendCPerHour: recent.trendCPerHour,
          fromTs: recent.fromTs,
          toTs: recent.toTs,
        },
        targets: targets.map((t, i) => withTarget(t, f.targets[i])),
        projection: f.projection,
        sensors: sensors.map((s) => {
          const st = stateBy.get(s.id);
          const one = forecastOf(job, targets, d, now, st ? [st] : []);
          return {
            sensorId: s.id,
            state: one.state,
            strengthMpa: one.strengthMpa,
            targets: targets.map((t, i) => withTarget(t, one.targets[i])),
          };
        }),
      };
    },

    /**
     * GET .../jobs/forecast?tenant=|tenantGroupId=: each running maturity job's next target and its
     * forecast, in a fixed number of statements whatever the number of jobs.
     */
    async summaries(actor: Actor, q: JobForecastListQuery, now = Date.now()): Promise<JobForecastSummary[]> {
      if (q.tenant === undefined && q.tenantGroupId === undefined) {
        throw badRequest('Give tenant (a project id) or tenantGroupId (a job site id)');
      }
      const sites = await deps.jobsites.siteAccess(actor);
      if (q.tenantGroupId !== undefined) sites.check(q.tenantGroupId, 'read');
      if (q.tenant !== undefined) {
        const tenant = q.tenant;
        await sites.find((siteIds) => repo.visibleTenant(actor.companyId, siteIds, tenant), 'Project');
      }
      const jobs = await repo.runningJobs(actor.companyId, sites.readable, {
        tenantId: q.tenant,
        tenantGroupId: q.tenantGroupId,
      });
      if (jobs.length === 0) return [];
      const ids = jobs.map((j) => j.id);
      const [targetRows, data] = await Promise.all([repo.targetsOf(ids), load(jobs, now)]);
      const targetsBy = new Map(jobs.map((j) => [j.id, targetsOf(j, targetRows)]));
      // The reached time is read only where the next target is a reached one (every target reached).
      const allReached = jobs.filter((j) => {
        const f = forecastOf(j, targetsBy.get(j.id) ?? [], data.get(j.id) as JobInputs, now);
        return f.targets.length > 0 && f.targets.every((t) => t.state === 'REACHED');
      });
      await addHistory(allReached, data);
      return jobs.map((job) => {
        const targets = targetsBy.get(job.id) ?? [];
        const f = forecastOf(job, targets, data.get(job.id) as JobInputs, now);
        const next = nextTargetIndex(
          targets.map((t) => t.strengthMpa),
          f.targets,
        );
        return {
          jobId: job.id,
          state: f.state,
          strengthMpa: f.strengthMpa,
          next: next === -1 ? null : withTarget(targets[next], f.targets[next]),
          reachedCount: f.targets.filter((t) => t.state === 'REACHED').length,
          targetCount: targets.length,
        };
      });
    },
  };
}
export type ForecastService = ReturnType<typeof createForecastService>;
