import type {
  JobChannelSensor,
  MeasurementAverage,
  MeasurementExtremity,
  MeasurementJobData,
  MicroweatherJob,
  MicroweatherJobDetail,
  MicroweatherPagedBody,
} from '@sitepulse/contracts';
import { dateDerivedStatus } from '@sitepulse/domain';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import type { Kit, Latest } from './kit.ts';
import {
  batteryOf,
  compareSensorTypes,
  jobBase,
  jobRange,
  jobSensorTypes,
  jobWindow,
  type SensorRow,
  sensorsOfJob,
  signalOf,
  toChannelSensor,
} from './mappers.ts';
import type { JobRow } from './repo.ts';

const KINDS = ['MICROWEATHER'] as const;
const LABEL = 'Microweather job';
/** The jobs a microweather job can be asked about alongside (by_channeljob). */
const CHANNEL_JOB_KINDS = ['MATURITY', 'HUMIDITY'] as const;

type DateStatus = 'NEW' | 'STARTED' | 'STOPPED';
const statusOf = (job: JobRow): DateStatus =>
  dateDerivedStatus({ startDate: job.start_date, terminationDate: job.termination_date });

/** Microweather jobs (spec section 7 "Microweather"): lists, details, averages and extremities. */
export function createMicroweather(kit: Kit) {
  const { repo, readings, access, now } = kit;

  /** microweatherMeasurementJobData: per sensor type, the latest value in the job's window. */
  function jobData(
    job: JobRow,
    sensors: readonly SensorRow[],
    latest: Map<number, Latest>,
  ): MeasurementJobData[] {
    const byType = new Map<string, Latest[]>();
    const types = new Set(jobSensorTypes(job));
    for (const s of sensorsOfJob(job, sensors, true)) types.add(s.sensor_type);
    for (const t of types) byType.set(t, []);
    for (const s of sensorsOfJob(job, sensors, true)) {
      const l = latest.get(s.id);
      if (l) byType.get(s.sensor_type)?.push(l);
    }
    return [...byType.entries()]
      .sort(([a], [b]) => compareSensorTypes(a, b))
      .map(([sensorType, ls]) => ({
        sensorType,
        averageMeasurementData: ls.length ? ls.reduce((s, l) => s + l.value, 0) / ls.length : null,
        timestamp: ls.length ? Math.max(...ls.map((l) => l.ts)) : null,
      }));
  }

  const toJob = (job: JobRow): MicroweatherJob => ({ ...jobBase(job), status: statusOf(job) });

  async function withData(jobs: JobRow[]): Promise<MicroweatherJob[]> {
    const sensors = await kit.sensorsFor(jobs);
    const latest = await kit.latestOf(jobs, sensors, now());
    return jobs.map((j) => ({
      ...toJob(j),
      microweatherMeasurementJobData: jobData(j, sensors, latest.get(j.id) ?? new Map()),
    }));
  }

  async function list(
    actor: Actor,
    f: {
      tenantId?: number;
      tenantGroupId?: number;
      groupId?: number;
      dateStatus?: DateStatus;
      ids?: number[];
    },
    data: boolean,
  ) {
    const siteIds = await access.siteIds(actor, f);
    const jobs = await repo.listJobs({ companyId: actor.companyId, siteIds, kinds: KINDS, ...f });
    return data ? withData(jobs) : jobs.map(toJob);
  }

  /** The job's (or each job of a group's) figures per sensor type over a range. */
  async function averagesOf(
    jobs: JobRow[],
    sensorType: string | undefined,
    q: { from?: number; to?: number },
  ) {
    const sensors = await kit.sensorsFor(jobs);
    const t = now();
    const out: MeasurementAverage[] = [];
    for (const job of jobs) {
      const range = jobRange(job, q, t);
      const own = sensorsOfJob(job, sensors, true);
      const types = [...new Set([...jobSensorTypes(job), ...own.map((s) => s.sensor_type)])]
        .filter((x) => sensorType === undefined || x === sensorType)
        .sort(compareSensorTypes);
      if (sensorType !== undefined && types.length === 0) types.push(sensorType);
      const stats =
        range && range.from <= range.to
          ? await readings.stats(
              own.map((s) => s.id),
              range.from,
              range.to,
            )
          : new Map();
      for (const type of types) {
        let n = 0;
        let total = 0;
        let min = Number.POSITIVE_INFINITY;
        let max = Number.NEGATIVE_INFINITY;
        for (const s of own.filter((x) => x.sensor_type === type)) {
          const st = stats.get(s.id);
          if (!st) continue;
          n += st.n;
          total += st.total;
          min = Math.min(min, st.min);
          max = Math.max(max, st.max);
        }
        out.push({
          jobId: job.id,
          channelJobName: job.name,
          sensorType: type,
          from: range?.from ?? null,
          to: range?.to ?? null,
          count: n,
          averageMeasurementData: n ? total / n : null,
          min: n ? min : null,
          max: n ? max : null,
        });
      }
    }
    return out;
  }

  async function extremitiesOf(
    jobs: JobRow[],
    sensorType: string | undefined,
    q: { from?: number; to?: number },
  ) {
    const sensors = await kit.sensorsFor(jobs);
    const t = now();
    const out: MeasurementExtremity[] = [];
    for (const job of jobs) {
      const range = jobRange(job, q, t);
      if (!range || range.from > range.to) continue;
      const own = sensorsOfJob(job, sensors, true).filter(
        (s) => sensorType === undefined || s.sensor_type === sensorType,
      );
      const types = [...new Set(own.map((s) => s.sensor_type))].sort(compareSensorTypes);
      for (const type of types) {
        const ofType = own.filter((s) => s.sensor_type === type);
        for (const kind of ['MIN', 'MAX'] as const) {
          const r = await readings.extremum(
            ofType.map((s) => s.id),
            range.from,
            range.to,
            kind,
          );
          if (!r) continue;
          out.push({
            jobId: job.id,
            sensorType: type,
            aggregateType: kind,
            extremity: r.value,
            timestamp: r.ts,
            sensorId: r.sensorId,
            sensorAlias: ofType.find((s) => s.id === r.sensorId)?.alias ?? null,
          });
        }
      }
    }
    return out;
  }

  async function groupJobs(actor: Actor, cjgId: number) {
    const g = await access.group(actor, cjgId);
    return repo.listJobs({
      companyId: actor.companyId,
      siteIds: [g.tenant_group_id],
      kinds: KINDS,
      groupId: g.id,
    });
  }

  return {
    async get(actor: Actor, id: number): Promise<MicroweatherJob> {
      return toJob(await access.job(actor, id, KINDS, LABEL));
    },

    async details(actor: Actor, id: number): Promise<MicroweatherJobDetail> {
      const job = await access.job(actor, id, KINDS, LABEL);
      const sensors = await kit.sensorsFor([job]);
      const latest = (await kit.latestOf([job], sensors, now())).get(job.id) ?? new Map();
      return {
        ...toJob(job),
        microweatherMeasurementJobData: jobData(job, sensors, latest),
        sensors: sensorsOfJob(job, sensors, false).map(toChannelSensor),
        batteryLevelType: job.battery_level_type,
        latestNodeBattery: batteryOf(job),
        latestNodeSignal: signalOf(job),
      };
    },

    /**
     * Microweather jobs beside a maturity or humidity job: those of its job group (of its project
     * when it has no group) whose time overlaps the job's, with their latest data.
     */
    async byChannelJob(actor: Actor, channelJobId: number): Promise<MicroweatherJob[]> {
      const cj = await access.job(actor, channelJobId, CHANNEL_JOB_KINDS, 'Job');
      const t = now();
      const jobs = await repo.listJobs({
        companyId: actor.companyId,
        siteIds: [cj.tenant_group_id],
        kinds: KINDS,
        ...(cj.job_group_id !== null ? { groupId: cj.job_group_id } : { tenantId: cj.tenant_id }),
      });
      const cw = jobWindow(cj, t);
      const overlapping = jobs.filter((j) => {
        if (!cw) return true;
        const w = jobWindow(j, t);
        return w !== null && w.from <= cw.to && w.to >= cw.from;
      });
      return withData(overlapping);
    },

    byStatus: (actor: Actor, q: { status: DateStatus; tenantId?: number; tenantGroupId?: number }) =>
      list(actor, { tenantId: q.tenantId, tenantGroupId: q.tenantGroupId, dateStatus: q.status }, false),

    async byGroup(actor: Actor, cjgId: number, data: boolean) {
      const jobs = await groupJobs(actor, cjgId);
      return data ? withData(jobs) : jobs.map(toJob);
    },

    async activeCount(actor: Actor, q: { tenantId?: number; tenantGroupId?: number }) {
      const siteIds = await access.siteIds(actor, q);
      const count = await repo.countJobs({
        companyId: actor.companyId,
        siteIds,
        kinds: KINDS,
        tenantId: q.tenantId,
        tenantGroupId: q.tenantGroupId,
        dateStatus: 'STARTED',
      });
      return { count };
    },

    /** The job groups of a project with their microweather jobs (and a null group for ungrouped jobs). */
    async groupsByTenant(actor: Actor, tenantId: number) {
      const tenant = await access.tenant(actor, tenantId);
      const [groups, jobs] = await Promise.all([
        repo.groupsOfTenant(tenant.id),
        repo.listJobs({
          companyId: actor.companyId,
          siteIds: [tenant.tenant_group_id],
          kinds: KINDS,
          tenantId: tenant.id,
        }),
      ]);
      const data = await withData(jobs);
      const out = groups
        .map((g) => ({
          id: g.id as number | null,
          name: g.name as string | null,
          status: g.status as string | null,
          tenantId: tenant.id,
          jobs: data.filter((j) => j.channelGroupId === g.id),
        }))
        .filter((g) => g.jobs.length > 0);
      const loose = data.filter(
        (j) => j.channelGroupId === null || !groups.some((g) => g.id === j.channelGroupId),
      );
      if (loose.length) out.push({ id: null, name: null, status: null, tenantId: tenant.id, jobs: loose });
      return out;
    },

    async paged(actor: Actor, body: MicroweatherPagedBody) {
      const siteIds = await access.siteIds(actor, body);
      const f = {
        companyId: actor.companyId,
        siteIds,
        kinds: KINDS,
        tenantId: body.tenantId,
        tenantGroupId: body.tenantGroupId,
        dateStatus: body.status,
      };
      const [total, jobs] = await Promise.all([
        repo.countJobs(f),
        repo.listJobs(f, {
          dir: body.sordir ?? body.sortdir ?? 'desc',
          limit: body.rpp,
          offset: body.page * body.rpp,
        }),
      ]);
      return { page: body.page, rpp: body.rpp, total, items: await withData(jobs) };
    },

    /** The sensors of the given jobs (every id must be a visible microweather job, else 404). */
    async sensors(actor: Actor, ids: number[]): Promise<JobChannelSensor[]> {
      return jobSensorsOf(kit, actor, ids, KINDS, LABEL);
    },

    async averages(actor: Actor, q: { jobId: number; sensorType?: string; from?: number; to?: number }) {
      const job = await access.job(actor, q.jobId, KINDS, LABEL);
      return averagesOf([job], q.sensorType, q);
    },

    async averagesByGroup(actor: Actor, q: { cjgId: number; sensorType?: string }) {
      return averagesOf(await groupJobs(actor, q.cjgId), q.sensorType, {});
    },

    async extremities(actor: Actor, q: { jobId: number; sensorType?: string; from?: number; to?: number }) {
      const job = await access.job(actor, q.jobId, KINDS, LABEL);
      return extremitiesOf([job], q.sensorType, q);
    },

    async extremitiesByGroup(actor: Actor, q: { cjgId: number; sensorType?: string }) {
      return extremitiesOf(await groupJobs(actor, q.cjgId), q.sensorType, {});
    },

    /**
     * GET /analytics/channel/jobs/groups/with_mwn_status/{id}: the job groups of project {id}, each
     * with the status of its newest microweather job (null when it has none).
     */
    async groupsWithMwnStatus(actor: Actor, tenantId: number) {
      const tenant = await access.tenant(actor, tenantId);
      const [groups, jobs] = await Promise.all([
        repo.groupsOfTenant(tenant.id),
        repo.listJobs({
          companyId: actor.companyId,
          siteIds: [tenant.tenant_group_id],
          kinds: KINDS,
          tenantId: tenant.id,
        }),
      ]);
      return groups.map((g) => {
        // listJobs answers newest first: the first of the group is its newest.
        const mw = jobs.find((j) => j.job_group_id === g.id);
        return {
          id: g.id,
          name: g.name,
          status: g.status,
          tenantId: g.tenant_id,
          creationDate: g.created_at,
          mwnStatus: mw ? statusOf(mw) : null,
          mwnJobId: mw?.id ?? null,
          mwnNodeId: mw?.node_id ?? null,
        };
      });
    },
  };
}

/** The sensors of the jobs, each with its job id; 404 (or 403) when any id is not a readable job of the kinds. */
export async function jobSensorsOf(
  kit: Kit,
  actor: Actor,
  ids: number[],
  kinds: readonly string[],
  label: string,
): Promise<JobChannelSensor[]> {
  const unique = [...new Set(ids)];
  const siteIds = await kit.access.siteIds(actor);
  const jobs = await kit.repo.listJobs({ companyId: actor.companyId, siteIds, kinds, ids: unique });
  if (jobs.length !== unique.length) {
    const missing = unique.find((id) => !jobs.some((j) => j.id === id)) as number;
    // 404, or 403 when the job lies on a site where the caller is an inspector.
    const sites = await kit.deps.jobsites.siteAccess(actor);
    await sites.refuseRestricted(
      async (siteIds) =>
        (await kit.repo.listJobs({ companyId: actor.companyId, siteIds, kinds, ids: [missing] }))[0],
    );
    throw notFound(`${label} ${missing} not found`);
  }
  const sensors = await kit.sensorsFor(jobs);
  return unique.flatMap((id) => {
    const job = jobs.find((j) => j.id === id) as JobRow;
    return sensorsOfJob(job, sensors, false).map((s) => ({ ...toChannelSensor(s), jobId: id }));
  });
}
