import type {
  AggregateType,
  BlacklistSensorsBody,
  ChannelSensor,
  JobChannelSensor,
  JobGroupCounts,
  MaturityJob,
  MaturityJobDetail,
  MaturityJobGroup,
  MaturityJobListQuery,
  MaturityJobPagedBody,
  MaturityJobWithRawData,
  MaturityStrengthJobData,
  MaturityStrengthMeasurementJobData,
  MaturityTimeBody,
  MaturityTimeBySidsBody,
  MeasurementTimeBySidsBody,
  MsjDataPagedQuery,
  MsjSensorData,
} from '@sitepulse/contracts';
import {
  DAY_MS,
  hasMatured,
  isAlarmBitSet,
  isOutsideCalibration,
  JOB_GROUP_COUNT_KEYS,
  JOB_GROUP_STATUSES,
  jobStrength,
  jobTargetStrength,
  progressPercent,
} from '@sitepulse/domain';
import type { Selectable } from 'kysely';
import type { SensorTable } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { SiteAccess } from '../../lib/site-access.ts';
import { strengthRows } from '../../lib/strength-switch.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { jobAlarmData } from '../alarms/alarm-data.ts';
import { toChannelJob } from '../jobs/service.ts';
import { toChannelSensor } from '../measurements/mappers.ts';
import { createChartReadings } from '../measurements/readings-repo.ts';
import type { ProfilesService } from '../profiles/service.ts';
import { retentionFloorMs } from '../retention/service.ts';
import { createMaturityCharts } from './charts.ts';
import { MATURED_BIT, type StrengthCurve, strengthOf } from './engine.ts';
import { createMaturityRepo, type JobFilter, type JobRow, type Scope } from './repo.ts';

type SensorRow = Selectable<SensorTable>;
type StateRow = {
  sensor_id: number;
  last_ts: number;
  last_temp: number;
  maturity: number;
  equivalent_age: number;
  /** readings counted */
  n: number;
};

/** The most a time-range read may span (bounded number of points even at one day per bucket). */
const MAX_RANGE_MS = 3660 * DAY_MS;
/** Default span of a sensor read without a job: the last 7 days. */
const DEFAULT_SPAN_MS = 7 * DAY_MS;
const AGGREGATES: readonly AggregateType[] = ['AVG', 'MIN', 'MAX'];

/** A sensor's flags and type, as the aggregates need them. */
interface SensorFlags {
  sensor_type: string;
  blacklisted: number;
  decommissioned: number;
}
type JobState = StateRow & SensorFlags;
type JobLatest = { sensor_id: number; ts: number; value: number } & SensorFlags;

/** What a job's view is computed from, loaded for many jobs at once (in channel order). */
interface JobData {
  /** sensors of the job's node whose type the job reads (loaded for details and sensor lists only) */
  sensors: SensorRow[];
  /** counted sensors (not blacklisted or decommissioned) of the types the job reads */
  counted: number;
  /** maturity jobs: each sensor's maturity state */
  states: Map<number, JobState>;
  /** humidity jobs: each sensor's latest reading within the job's dates */
  latest: Map<number, JobLatest>;
}

interface Agg {
  avg: number;
  min: number;
  max: number;
}

/** Average (summed in order, as domain jobStrength does), min and max; null when there are no values. */
function agg(values: readonly number[]): Agg | null {
  if (values.length === 0) return null;
  let sum = 0;
  let min = values[0];
  let max = values[0];
  for (const v of values) {
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { avg: sum / values.length, min, max };
}
const pick = (a: Agg | null, k: AggregateType): number | null =>
  a === null ? null : k === 'AVG' ? a.avg : k === 'MIN' ? a.min : a.max;

const counts = (s: SensorFlags) => !s.blacklisted && !s.decommissioned;

function parseList(text: string): string[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The job's strength curve, when it has a concrete profile. */
function curveOf(j: JobRow): StrengthCurve | null {
  if (j.curve_a === null || j.curve_b === null) return null;
  return { maturity_function: j.maturity_function ?? 'NURSE_SAUL', curve_a: j.curve_a, curve_b: j.curve_b };
}

/** Whether a state's maturity index (by the profile's function) lies outside the profile's calibrated range. */
function outside(j: JobRow, maturity: number | null, equivalentAge: number | null): boolean {
  if (curveOf(j) === null) return false;
  const index = j.maturity_function === 'EQUIVALENT_AGE' ? equivalentAge : maturity;
  return isOutsideCalibration(index, { minMaturity: j.min_maturity, maxMaturity: j.max_maturity });
}

/** The job's data at one sensor-by-sensor glance: aggregates, strength, progress, alarm bit. */
function renderJob(j: JobRow, d: JobData): MaturityJob {
  const base = toChannelJob(j);
  const reads = (s: SensorFlags) => counts(s) && base.sensorTypes.includes(s.sensor_type);
  let maturityStrengthJobData: MaturityStrengthJobData[] = [];
  const maturityStrengthMeasurementJobData: MaturityStrengthMeasurementJobData[] = [];
  let strength: number | null = null;
  let temperature: Agg | null = null;
  let humidity: Agg | null = null;
  let maturity: Agg | null = null;
  let equivalentAge: Agg | null = null;
  let latestTs: number | null = null;
  const curve = curveOf(j);

  if (j.kind === 'MATURITY') {
    const states = [...d.states.values()].filter(reads);
    maturity = agg(states.map((s) => s.maturity));
    equivalentAge = agg(states.map((s) => s.equivalent_age));
    temperature = agg(states.map((s) => s.last_temp));
    const strengths = curve ? states.map((s) => strengthOf(s, curve)) : [];
    const strengthAgg = curve ? agg(strengths) : null;
    strength = curve ? jobStrength(strengths) : null;
    latestTs = states.length > 0 ? Math.max(...states.map((s) => s.last_ts)) : null;
    maturityStrengthJobData = AGGREGATES.map((k) => ({
      aggregateType: k,
      msjAverageStrength: pick(strengthAgg, k),
      maturityIndex: pick(maturity, k),
      equivalentAge: pick(equivalentAge, k),
      msjAverageTemperature: pick(temperature, k),
      timestamp: latestTs,
    }));
    for (const k of AGGREGATES) {
      maturityStrengthMeasurementJobData.push({
        sensorType: 'Temperature',
        aggregateType: k,
        msjAverageMeasurementData: pick(temperature, k),
        timestamp: latestTs,
      });
    }
  } else {
    for (const type of base.sensorTypes) {
      const rows = [...d.latest.values()].filter((r) => reads(r) && r.sensor_type === type);
      const a = agg(rows.map((r) => r.value));
      const ts = rows.length > 0 ? Math.max(...rows.map((r) => r.ts)) : null;
      if (ts !== null) latestTs = Math.max(latestTs ?? ts, ts);
      if (type === 'Humidity') humidity = a;
      if (type === 'Temperature') temperature = a;
      for (const k of AGGREGATES) {
        maturityStrengthMeasurementJobData.push({
          sensorType: type,
          aggregateType: k,
          msjAverageMeasurementData: pick(a, k),
          timestamp: ts,
        });
      }
    }
  }

  const targets = {
    singularTargetedStrength: j.singular_target,
    highTargetedStrength: j.high_target,
    mediumTargetedStrength: j.medium_target,
    lowTargetedStrength: j.low_target,
  };
  const target = j.kind === 'MATURITY' ? jobTargetStrength(targets) : null;
  let flags = Number(j.job_alarm_triggered);
  if (hasMatured(strength, target) && !isAlarmBitSet(flags, MATURED_BIT)) flags += 2 ** MATURED_BIT;

  return {
    ...base,
    nodeType: j.node_type,
    channelGroupName: j.group_name ?? null,
    cableName: j.cable_name ?? null,
    nodeName: j.node_name ?? null,
    concreteProfileName: j.profile_name ?? null,
    maturityFunction: curve ? curve.maturity_function : null,
    alarmData: jobAlarmData(j),
    jobAlarmTriggered: flags,
    msjAverageStrength: strength,
    msjAverageTemperature: temperature?.avg ?? null,
    msjAverageMeasurementData: j.kind === 'MATURITY' ? (temperature?.avg ?? null) : (humidity?.avg ?? null),
    latestMaturityIndex: maturity?.avg ?? null,
    latestEquivalentAge: equivalentAge?.avg ?? null,
    latestStrength: strength,
    latestJobStrength: strength,
    latestAverageTemperature: temperature?.avg ?? null,
    latestAverageHumidity: humidity?.avg ?? null,
    latestTimestamp: latestTs,
    targetStrength: target,
    progressBarValue: progressPercent(strength, target),
    outsideCalibration: outside(j, maturity?.avg ?? null, equivalentAge?.avg ?? null),
    sensorCount: d.counted,
    maturityStrengthJobData,
    maturityStrengthMeasurementJobData,
    channelJobAttributesData: {
      jobAttributes: j.job_attributes,
      nodeOptions: { batteryLevelType: Number(j.battery_level_type) },
    },
    latestNodeBattery: { value: j.latest_battery, timestamp: j.latest_battery_ts },
    latestNodeSignal: { signal: j.latest_signal, timestamp: j.latest_signal_ts },
  };
}

/** One sensor of a job with its own maturity, strength or latest reading. */
function renderSensor(j: JobRow, s: SensorRow, d: JobData): MsjSensorData {
  const st = d.states.get(s.id);
  const curve = curveOf(j);
  const latest =
    j.kind === 'MATURITY' ? (st ? { ts: st.last_ts, value: st.last_temp } : undefined) : d.latest.get(s.id);
  return {
    ...toChannelSensor(s),
    counted: counts(s),
    maturity: st?.maturity ?? null,
    equivalentAge: st?.equivalent_age ?? null,
    strength: st && curve ? strengthOf(st, curve) : null,
    value: latest?.value ?? null,
    timestamp: latest?.ts ?? null,
    outsideCalibration: st ? outside(j, st.maturity, st.equivalent_age) : false,
  };
}

/** What a caller may read (the readable job sites), with their access to every granted site. */
type ReadScope = Scope & { sites: SiteAccess };

/**
 * Maturity and strength jobs and their data calls (spec section 7, "Maturity and strength"). Every
 * read is limited to the caller's company and the job sites whose data they may read: another
 * company's or an ungranted site's things read as 404, those of a site where the caller is an
 * inspector answer 403, and lists across sites leave those sites out.
 */
export function createMaturityService(deps: ServiceDeps & { profiles: ProfilesService }) {
  const baseRepo = createMaturityRepo(deps.db, deps.store.raw);
  // A company whose Concrete module turns strength off (disable_maturity_strength, issue 16): its jobs come
  // without their strength curve, so every strength answered is null, as without a concrete profile.
  const repo: typeof baseRepo = {
    ...baseRepo,
    jobs: async (scope, f, page) =>
      strengthRows(deps.strengthShown, scope.companyId, await baseRepo.jobs(scope, f, page)),
  };

  // The job charts (issue 18): bucket choice, column reads and the answers kept per job (charts.ts).
  const charts = createMaturityCharts({
    repo,
    readings: createChartReadings(deps.store.raw),
    // A range from before the company's retention mark reads the hourly rollups (modules/retention).
    rawFloorMs: (companyId, from) => retentionFloorMs(deps.db, companyId, from),
  });

  async function scopeOf(actor: Actor): Promise<ReadScope> {
    const sites = await deps.jobsites.siteAccess(actor);
    return { companyId: actor.companyId, siteIds: sites.readable, sites };
  }

  /** `lookup` within the scope: 404 with `label` when missing, 403 on a site where the caller is an inspector. */
  function findIn<T>(
    scope: ReadScope,
    label: string,
    lookup: (s: Scope) => Promise<T | null | undefined>,
  ): Promise<T> {
    return scope.sites.find((siteIds) => lookup({ companyId: scope.companyId, siteIds }), label);
  }

  const visibleTenant = (scope: ReadScope, id: number) =>
    findIn(scope, 'Project', (s) => repo.visibleTenant(s, id));
  const visibleGroup = (scope: ReadScope, id: number) =>
    findIn(scope, 'Job group', (s) => repo.visibleGroup(s, id));

  /**
   * What the views of these jobs need, in a fixed number of statements whatever their number: the
   * counted sensors per node and type (or, with `full`, the sensors themselves), the maturity states
   * of maturity jobs, and the latest reading in its window of each sensor of humidity jobs.
   */
  async function loadData(rows: JobRow[], full = false): Promise<Map<number, JobData>> {
    const out = new Map<number, JobData>();
    if (rows.length === 0) return out;
    const nodeIds = [...new Set(rows.map((j) => j.node_id))];
    const maturityIds = rows.filter((j) => j.kind === 'MATURITY').map((j) => j.id);
    const humidityIds = rows.filter((j) => j.kind !== 'MATURITY' && j.start_date !== null).map((j) => j.id);
    const [sensors, countRows, states, latest] = await Promise.all([
      full ? repo.sensorsOfNodes(nodeIds) : Promise.resolve([]),
      full ? Promise.resolve([]) : repo.countedSensors(nodeIds),
      repo.statesWithSensors(maturityIds),
      repo.latestInWindow(humidityIds, Date.now()),
    ]);
    const byNode = new Map<number, SensorRow[]>();
    for (const s of sensors) {
      const list = byNode.get(s.node_id) ?? [];
      list.push(s);
      byNode.set(s.node_id, list);
    }
    const countBy = new Map(countRows.map((c) => [`${c.node_id}:${c.sensor_type}`, Number(c.c)]));
    for (const j of rows) {
      const types = parseList(j.sensor_types);
      const mine = (byNode.get(j.node_id) ?? []).filter((s) => types.includes(s.sensor_type));
      out.set(j.id, {
        sensors: mine,
        counted: full
          ? mine.filter(counts).length
          : types.reduce((n, t) => n + (countBy.get(`${j.node_id}:${t}`) ?? 0), 0),
        states: new Map(),
        latest: new Map(),
      });
    }
    for (const st of states) out.get(st.job_id)?.states.set(st.sensor_id, st);
    for (const r of latest) out.get(r.job_id)?.latest.set(r.sensor_id, { ...r, ts: Number(r.ts) });
    return out;
  }

  /**
   * A job list's answer kept while its mark holds (issue 18, docs/decisions/chart-reads.md). The mark,
   * read from the database by each request: the jobs' rows as arrays (with node, profile and group),
   * whether the company shows strength, their maturity states summed up, their nodes' sensors as the
   * views count them, and each humidity sensor's latest reading in its job's window. A miss builds the
   * answer from `build` (the jobs read again as objects, then rendered).
   */
  async function listAnswer(
    key: unknown[],
    scope: ReadScope,
    f: JobFilter,
    page: { offset: number; limit: number; dir: 'asc' | 'desc' } | undefined,
    extra: unknown,
    build: () => Promise<unknown>,
  ) {
    const rows = await repo.jobsMark(scope, f, page);
    const [idOf, nodeOf, kindOf, startOf] = [0, 1, 2, 3].map((i) => (r: unknown[]) => r[i]);
    const nodeIds = [...new Set(rows.map((r) => Number(nodeOf(r))))];
    const maturityIds = rows.filter((r) => kindOf(r) === 'MATURITY').map((r) => Number(idOf(r)));
    const humidityIds = rows
      .filter((r) => kindOf(r) !== 'MATURITY' && startOf(r) !== null)
      .map((r) => Number(idOf(r)));
    const [shown, states, sensors, latest] = await Promise.all([
      rows.length > 0 && deps.strengthShown ? deps.strengthShown(scope.companyId) : true,
      repo.statesMark(maturityIds),
      repo.sensorsMark(nodeIds),
      repo.latestInWindow(humidityIds, Date.now()),
    ]);
    const mark = JSON.stringify([rows, extra, shown, states, sensors, latest]);
    return charts.answers.answer(JSON.stringify(key), { mark, grid: '', to: null, extendable: false }, build);
  }

  /** Job groups with their jobs and data, newest group first (jobs without a group under id null). */
  async function groupsOf(rows: JobRow[]): Promise<MaturityJobGroup[]> {
    const jobs = await render(rows);
    const groups = new Map<number | null, MaturityJobGroup & { sortTs: number }>();
    rows.forEach((j, i) => {
      const key = j.job_group_id;
      let g = groups.get(key);
      if (!g) {
        g = {
          id: key,
          name: j.group_name ?? 'No job group',
          status: j.group_status ?? 'NEW',
          tenant: j.tenant_id,
          tenantGroupId: j.tenant_group_id,
          creationDate: j.group_created_at ?? null,
          jobs: [],
          sortTs: j.group_created_at ?? Number.NEGATIVE_INFINITY,
        };
        groups.set(key, g);
      }
      g.jobs.push(jobs[i]);
    });
    return [...groups.values()]
      .sort((a, b) => b.sortTs - a.sortTs || (b.id ?? 0) - (a.id ?? 0))
      .map(({ sortTs: _, ...g }) => g);
  }

  async function render(rows: JobRow[]): Promise<MaturityJob[]> {
    const data = await loadData(rows);
    return rows.map((j) => renderJob(j, data.get(j.id) as JobData));
  }

  function visibleJob(scope: ReadScope, id: number): Promise<JobRow> {
    return findIn(scope, 'Maturity job', async (s) => (await repo.jobs(s, { ids: [id] }))[0]);
  }

  async function jobWithData(actor: Actor, id: number) {
    const scope = await scopeOf(actor);
    const job = await visibleJob(scope, id);
    const data = (await loadData([job], true)).get(job.id) as JobData;
    return { scope, job, data };
  }

  /** The list filters, checked: a named job site or project must be readable (404, or 403 for an inspector). */
  async function listFilter(scope: ReadScope, q: MaturityJobListQuery): Promise<JobFilter> {
    if (q.tenantGroupId !== undefined) scope.sites.check(q.tenantGroupId);
    if (q.tenant !== undefined) await visibleTenant(scope, q.tenant);
    return { tenantId: q.tenant, tenantGroupId: q.tenantGroupId, status: q.status };
  }

  /** [from, to] of a read: given, or the job's dates (start or creation, to termination or now). */
  function rangeOf(job: JobRow, from: number | undefined, to: number | undefined) {
    const f = from ?? job.start_date ?? job.created_at;
    const t = to ?? job.termination_date ?? Date.now();
    return { ...checkRange(f, t), clock: to === undefined && job.termination_date === null };
  }
  function checkRange(from: number, to: number) {
    if (from > to) throw badRequest('from must not be after to');
    if (to - from > MAX_RANGE_MS) throw badRequest('The range must not span more than 10 years');
    return { from, to };
  }

  /** Job sensors by the ids asked: every id must be a sensor of the job (400 otherwise). */
  function pickSensors(job: JobRow, d: JobData, ids: number[]): SensorRow[] {
    const byId = new Map(d.sensors.map((s) => [s.id, s]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) throw badRequest(`Not sensors of job ${job.id}: ${missing.join(', ')}`);
    return [...new Set(ids)].map((id) => byId.get(id) as SensorRow);
  }

  function requireMaturity(job: JobRow): void {
    if (job.kind !== 'MATURITY')
      throw badRequest(`Job ${job.id} is a humidity job: it has no maturity or strength`);
  }

  /** The job, sensors and range of a maturity chart request (access checked). */
  async function maturityChart(actor: Actor, body: MaturityTimeBody, sids?: number[]) {
    const { job, data } = await jobWithData(actor, body.msjId);
    requireMaturity(job);
    const sensors = sids ? pickSensors(job, data, sids) : data.sensors.filter(counts);
    return { job, data, sensors, range: rangeOf(job, body.from, body.to) };
  }

  /** The job, sensors and range of a readings chart request of a job (access checked). */
  async function measurementChart(
    actor: Actor,
    body: { msjId: number; sensorType?: string; sensorIds?: number[]; from?: number; to?: number },
  ) {
    const { job, data } = await jobWithData(actor, body.msjId);
    let sensors: SensorRow[];
    if (body.sensorIds) sensors = pickSensors(job, data, [...new Set(body.sensorIds)]);
    else {
      const type = body.sensorType ?? (job.kind === 'MATURITY' ? 'Temperature' : 'Humidity');
      if (!parseList(job.sensor_types).includes(type))
        throw badRequest(`Job ${job.id} does not read ${type} sensors`);
      sensors = data.sensors.filter((s) => counts(s) && s.sensor_type === type);
    }
    return { job, data, sensors, range: rangeOf(job, body.from, body.to) };
  }

  /** Measurement data (average within the job's dates, latest reading) of the given sensors of each job. */
  async function measurementData(jobs: { job: JobRow; sensors: SensorRow[] }[]) {
    const now = Date.now();
    const latest = await repo.latestInWindow(
      jobs.filter((x) => x.job.start_date !== null).map((x) => x.job.id),
      now,
    );
    const latestBy = new Map(latest.map((r) => [`${r.job_id}:${r.sensor_id}`, r]));
    const out = [];
    for (const { job, sensors } of jobs) {
      const stats =
        job.start_date === null
          ? new Map()
          : await repo.rangeStats(
              sensors.map((s) => s.id),
              job.start_date,
              job.termination_date ?? now,
            );
      for (const s of sensors) {
        const st = stats.get(s.id);
        const l = latestBy.get(`${job.id}:${s.id}`);
        out.push({
          channelJobId: job.id,
          sensorId: s.id,
          sensorAlias: s.alias,
          sensorType: s.sensor_type,
          averageMeasurementData: st ? st.total / st.n : null,
          timestamp: l ? Number(l.ts) : null,
          latestValue: l ? l.value : null,
          latestValueTimestamp: l ? Number(l.ts) : null,
        });
      }
    }
    return out;
  }

  const service = {
    async paged(actor: Actor, body: MaturityJobPagedBody) {
      const scope = await scopeOf(actor);
      const f = await listFilter(scope, body);
      const dir = (body.sortdir ?? 'DESC').toLowerCase() as 'asc' | 'desc';
      const [total, rows] = await Promise.all([
        repo.countJobs(scope, f),
        repo.jobs(scope, f, { offset: body.page * body.rpp, limit: body.rpp, dir }),
      ]);
      return { page: body.page, rpp: body.rpp, total, content: await render(rows) };
    },
    /** The page as kept while its mark holds (the route's answer). */
    async pagedAnswer(actor: Actor, body: MaturityJobPagedBody) {
      const scope = await scopeOf(actor);
      const f = await listFilter(scope, body);
      const dir = (body.sortdir ?? 'DESC').toLowerCase() as 'asc' | 'desc';
      const page = { offset: body.page * body.rpp, limit: body.rpp, dir };
      const total = await repo.countJobs(scope, f);
      const key = ['paged', actor.companyId, scope.siteIds, f, body.page, body.rpp, dir];
      // A miss computes the page as `paged` does (through the service, so it is one computation to watch).
      return listAnswer(key, scope, f, page, total, () => service.paged(actor, body));
    },

    async byId(actor: Actor, id: number): Promise<MaturityJob> {
      const { job, data } = await jobWithData(actor, id);
      return renderJob(job, data);
    },

    async details(actor: Actor, id: number): Promise<MaturityJobDetail> {
      const { job, data } = await jobWithData(actor, id);
      const concreteProfile =
        job.concrete_profile_id === null ? null : await deps.profiles.get(actor, job.concrete_profile_id);
      return {
        ...renderJob(job, data),
        concreteProfile,
        sensors: data.sensors.map((s) => renderSensor(job, s, data)),
      };
    },

    /** Marks sensors of a job blacklisted (or not): the job's aggregates leave them out from now on. */
    async blacklist(actor: Actor, body: BlacklistSensorsBody): Promise<ChannelSensor[]> {
      const { scope, job, data } = await jobWithData(actor, body.id);
      scope.sites.check(job.tenant_group_id, 'write');
      pickSensors(job, data, body.sensorIds);
      await repo.setBlacklisted([...new Set(body.sensorIds)], body.blacklisted);
      // The MATURED bit depends on which sensors count.
      await deps.maturityEngine.recomputeJob(job.id);
      const fresh = (await loadData([job], true)).get(job.id) as JobData;
      return fresh.sensors.map(toChannelSensor);
    },

    async sensorsOfJobs(actor: Actor, ids: number[]): Promise<JobChannelSensor[]> {
      const scope = await scopeOf(actor);
      const unique = [...new Set(ids)];
      const rows = await repo.jobs(scope, { ids: unique });
      const found = new Set(rows.map((j) => j.id));
      const missing = unique.filter((id) => !found.has(id));
      if (missing.length > 0) {
        // 403 when one lies on a site where the caller is an inspector.
        await scope.sites.refuseRestricted(
          async (siteIds) => (await repo.jobs({ companyId: actor.companyId, siteIds }, { ids: missing }))[0],
        );
        throw notFound(`Maturity job not found: ${missing.join(', ')}`);
      }
      const data = await loadData(rows, true);
      return rows.flatMap((j) =>
        (data.get(j.id) as JobData).sensors.map((s) => ({ ...toChannelSensor(s), jobId: j.id })),
      );
    },

    async infoByTenant(actor: Actor, tenantId: number): Promise<JobGroupCounts> {
      await visibleTenant(await scopeOf(actor), tenantId);
      const rows = await repo.groupCountsByStatus(tenantId);
      const out = { tenant: tenantId } as Record<string, unknown>;
      for (const status of JOB_GROUP_STATUSES) {
        const c = rows.filter((r) => r.status === status).reduce((s, r) => s + Number(r.c), 0);
        out[JOB_GROUP_COUNT_KEYS[status]] = { count: c };
      }
      return out as JobGroupCounts;
    },

    async count(actor: Actor, q: MaturityJobListQuery): Promise<{ count: number }> {
      const scope = await scopeOf(actor);
      return { count: await repo.countJobs(scope, await listFilter(scope, q)) };
    },

    /** Job groups with their jobs and data: one statement for the jobs, three for their data. */
    async byGroupWithData(actor: Actor, q: MaturityJobListQuery): Promise<MaturityJobGroup[]> {
      const scope = await scopeOf(actor);
      return groupsOf(await repo.jobs(scope, await listFilter(scope, q)));
    },
    /** The groups as kept while their mark holds (the route's answer). */
    async byGroupWithDataAnswer(actor: Actor, q: MaturityJobListQuery) {
      const scope = await scopeOf(actor);
      const f = await listFilter(scope, q);
      return listAnswer(['byGroup', actor.companyId, scope.siteIds, f], scope, f, undefined, null, async () =>
        groupsOf(await repo.jobs(scope, f)),
      );
    },

    async withRawData(actor: Actor, q: MaturityJobListQuery): Promise<MaturityJobWithRawData[]> {
      const scope = await scopeOf(actor);
      const rows = await repo.jobs(scope, await listFilter(scope, q));
      const data = await loadData(rows, true);
      return rows.map((j) => {
        const d = data.get(j.id) as JobData;
        return { ...renderJob(j, d), sensors: d.sensors.map(toChannelSensor) };
      });
    },

    /** The maturity and humidity jobs of one job group with their data (strength alarms read these). */
    async byJobGroup(actor: Actor, jobGroupId: number): Promise<MaturityJob[]> {
      const scope = await scopeOf(actor);
      return render(await repo.jobs(scope, { jobGroupId }));
    },

    functionTypes() {
      return [
        { name: 'NURSE_SAUL' as const, label: 'Nurse-Saul (temperature-time factor)', unit: '°C·h' },
        { name: 'EQUIVALENT_AGE' as const, label: 'Equivalent age (Arrhenius)', unit: 'h' },
      ];
    },

    // ------------------------------------------------------------ data calls

    async average(actor: Actor, msjId: number) {
      const { job, data } = await jobWithData(actor, msjId);
      requireMaturity(job);
      const view = renderJob(job, data);
      return {
        msjId: job.id,
        timestamp: view.latestTimestamp,
        maturityStrengthJobData: view.maturityStrengthJobData,
      };
    },

    /** Lowest and highest temperature of the job's counted sensors within the range. */
    async extremities(actor: Actor, q: { msjId: number; from?: number; to?: number }) {
      const { job, data } = await jobWithData(actor, q.msjId);
      const sensors = data.sensors.filter((s) => counts(s) && s.sensor_type === 'Temperature');
      if (job.start_date === null && q.from === undefined) return [];
      const { from, to } = rangeOf(job, q.from, q.to);
      const ids = sensors.map((s) => s.id);
      const alias = new Map(sensors.map((s) => [s.id, s.alias]));
      const [min, max] = await Promise.all([
        repo.extremity(ids, from, to, 'min'),
        repo.extremity(ids, from, to, 'max'),
      ]);
      return (
        [
          ['MIN', min],
          ['MAX', max],
        ] as const
      )
        .filter(([, r]) => r !== undefined)
        .map(([k, r]) => ({
          aggregateType: k,
          extremity: (r as { value: number }).value,
          timestamp: Number((r as { ts: number }).ts),
          sensorId: (r as { sensor_id: number }).sensor_id,
          sensorAlias: alias.get((r as { sensor_id: number }).sensor_id) ?? null,
        }));
    },

    async timestamp(actor: Actor, msjId: number) {
      const { job, data } = await jobWithData(actor, msjId);
      return { msjId: job.id, timestamp: renderJob(job, data).latestTimestamp };
    },

    async dataPaged(actor: Actor, q: MsjDataPagedQuery) {
      const { job, data } = await jobWithData(actor, q.msjId);
      requireMaturity(job);
      const sensors = q.sensorId === undefined ? data.sensors : pickSensors(job, data, [q.sensorId]);
      const ids = sensors.map((s) => s.id);
      const alias = new Map(sensors.map((s) => [s.id, s.alias]));
      const dir = (q.sortdir ?? 'DESC').toLowerCase() as 'asc' | 'desc';
      const [total, rows] = await Promise.all([
        repo.maturityHourCount(job.id, ids),
        repo.maturityHourPage(job.id, ids, q.page * q.rpp, q.rpp, dir),
      ]);
      const curve = curveOf(job);
      return {
        page: q.page,
        rpp: q.rpp,
        total,
        content: rows.map((r) => ({
          sensorId: r.sensor_id,
          sensorAlias: alias.get(r.sensor_id) ?? null,
          hour: Number(r.hour),
          timestamp: Number(r.last_ts),
          temperature: r.last_temp,
          maturity: r.maturity,
          equivalentAge: r.equivalent_age,
          strength: curve ? strengthOf(r, curve) : null,
          outsideCalibration: outside(job, r.maturity, r.equivalent_age),
        })),
      };
    },

    async dataLen(actor: Actor, q: { msjId: number; sensorId?: number }) {
      const { job, data } = await jobWithData(actor, q.msjId);
      requireMaturity(job);
      const sensors = q.sensorId === undefined ? data.sensors : pickSensors(job, data, [q.sensorId]);
      return {
        len: await repo.maturityHourCount(
          job.id,
          sensors.map((s) => s.id),
        ),
      };
    },

    async maturityTime(actor: Actor, body: MaturityTimeBody) {
      const { job, sensors, range } = await maturityChart(actor, body);
      return charts.maturitySeries(job, sensors, range.from, range.to, body);
    },
    async maturityTimeBySids(actor: Actor, body: MaturityTimeBySidsBody) {
      const { job, sensors, range } = await maturityChart(actor, body, body.sensorIds);
      return charts.maturitySeries(job, sensors, range.from, range.to, body);
    },
    /** The maturity chart as kept per job (the routes' answer; see charts.ts). */
    async maturityTimeAnswer(actor: Actor, body: MaturityTimeBody & { sensorIds?: number[] }) {
      const { job, data, sensors, range } = await maturityChart(actor, body, body.sensorIds);
      return charts.maturityAnswer(job, sensors, data.states, range, body);
    },

    /** Temperature or humidity readings of a job's counted sensors of one type, bucketed. */
    async measurementTime(
      actor: Actor,
      body: { msjId: number; sensorType?: string; from?: number; to?: number; exact?: boolean },
    ) {
      const { sensors, range } = await measurementChart(actor, body);
      return charts.measurementSeries(sensors, range.from, range.to, body.exact === true);
    },
    /** The readings chart of a job as kept per job (the routes' answer; see charts.ts). */
    async measurementTimeAnswer(
      actor: Actor,
      body: {
        msjId: number;
        sensorType?: string;
        sensorIds?: number[];
        from?: number;
        to?: number;
        exact?: boolean;
      },
    ) {
      const { job, data, sensors, range } = await measurementChart(actor, body);
      return charts.measurementAnswer(job, sensors, data.states, range, body);
    },

    /** Readings of given sensors, bucketed: sensors of a job (msjId) or of the caller's job sites. */
    async measurementTimeBySids(actor: Actor, body: MeasurementTimeBySidsBody) {
      const ids = [...new Set(body.sensorIds)];
      if (body.msjId !== undefined) {
        const { sensors, range } = await measurementChart(actor, { ...body, msjId: body.msjId });
        return charts.measurementSeries(sensors, range.from, range.to, body.exact === true);
      }
      const scope = await scopeOf(actor);
      const rows = await repo.sensorsByIds(actor.companyId, ids);
      const nodeIds = [...new Set(rows.map((s) => s.node_id))];
      const visible = await repo.visibleNodeIds(scope, nodeIds);
      const byId = new Map(rows.filter((s) => visible.has(s.node_id)).map((s) => [s.id, s]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length > 0) {
        const hidden = rows.filter((s) => missing.includes(s.id)).map((s) => s.node_id);
        // 403 when one is on a site where the caller is an inspector.
        await scope.sites.refuseRestricted(async (siteIds) =>
          (await repo.visibleNodeIds({ companyId: actor.companyId, siteIds }, hidden)).size > 0 ? true : null,
        );
        throw notFound(`Sensor not found: ${missing.join(', ')}`);
      }
      const to = body.to ?? Date.now();
      const from = body.from ?? to - DEFAULT_SPAN_MS;
      checkRange(from, to);
      return charts.measurementSeries(
        ids.map((id) => byId.get(id) as SensorRow),
        from,
        to,
        body.exact === true,
      );
    },

    /** The job charts' kept answers (routes send them; tests read their counts). */
    chartAnswers: charts.answers,

    // ------------------------------------------------------------ sensor lists and measurement data

    async sensorsByMsj(actor: Actor, id: number): Promise<ChannelSensor[]> {
      const { data } = await jobWithData(actor, id);
      return data.sensors.map(toChannelSensor);
    },

    async sensorsByCjg(actor: Actor, cjgId: number): Promise<JobChannelSensor[]> {
      const scope = await scopeOf(actor);
      await visibleGroup(scope, cjgId);
      const rows = await repo.jobs(scope, { jobGroupId: cjgId });
      const data = await loadData(rows, true);
      return rows.flatMap((j) =>
        (data.get(j.id) as JobData).sensors.map((s) => ({ ...toChannelSensor(s), jobId: j.id })),
      );
    },

    async sensorsByNode(actor: Actor, nodeId: number): Promise<ChannelSensor[]> {
      await findIn(await scopeOf(actor), 'Node', async (s) =>
        (await repo.visibleNodeIds(s, [nodeId])).has(nodeId) ? nodeId : null,
      );
      return (await repo.sensorsOfNodes([nodeId])).map(toChannelSensor);
    },

    async sensorsBySite(
      actor: Actor,
      q: { tenantGroupId: number; sensorType?: string },
    ): Promise<ChannelSensor[]> {
      (await scopeOf(actor)).sites.check(q.tenantGroupId);
      const nodes = await repo.nodeIdsOfSite(actor.companyId, q.tenantGroupId);
      const sensors = await repo.sensorsOfNodes(nodes);
      return sensors
        .filter((s) => q.sensorType === undefined || s.sensor_type === q.sensorType)
        .map(toChannelSensor);
    },

    async mdmByMsj(actor: Actor, id: number) {
      const { job, data } = await jobWithData(actor, id);
      return measurementData([{ job, sensors: data.sensors }]);
    },

    async mdmByCjg(actor: Actor, cjgId: number, sensorType: string) {
      const scope = await scopeOf(actor);
      await visibleGroup(scope, cjgId);
      const rows = await repo.jobs(scope, { jobGroupId: cjgId });
      const sensors = await repo.sensorsOfNodes([...new Set(rows.map((j) => j.node_id))]);
      return measurementData(
        rows.map((job) => ({
          job,
          sensors: sensors.filter((s) => s.node_id === job.node_id && s.sensor_type === sensorType),
        })),
      );
    },
  };
  return service;
}
export type MaturityService = ReturnType<typeof createMaturityService>;
