import type { DataJob, DataJobAnalytics, DataJobDetail, SensorLatest } from '@sitepulse/contracts';
import type { Actor } from '../../lib/actor.ts';
import type { Kit, Latest } from './kit.ts';
import {
  batteryOf,
  jobBase,
  jobRange,
  type SensorRow,
  sensorsOfJob,
  signalOf,
  toChannelSensor,
} from './mappers.ts';
import { jobSensorsOf } from './microweather.ts';
import type { JobRow } from './repo.ts';

/** Data jobs: gas, liquid level, oil debris, leak, door, ... (DATA) and current transformer (POWER). */
export const DATA_JOB_KINDS = ['DATA', 'POWER'] as const;
const LABEL = 'Data job';

/** Data jobs (spec section 7 "Data jobs, GPS and warehouse"). */
export function createDataJobs(kit: Kit) {
  const { repo, access, now } = kit;

  const toJob = (job: JobRow): DataJob => ({ ...jobBase(job), kind: job.kind, status: job.status });

  function latestList(
    job: JobRow,
    sensors: readonly SensorRow[],
    latest: Map<number, Latest>,
  ): SensorLatest[] {
    return sensorsOfJob(job, sensors, true).map((s) => ({
      sensorId: s.id,
      sensorType: s.sensor_type,
      sensorAlias: s.alias,
      latestValue: latest.get(s.id)?.value ?? null,
      latestValueTimestamp: latest.get(s.id)?.ts ?? null,
    }));
  }

  async function withData(jobs: JobRow[]): Promise<DataJob[]> {
    const sensors = await kit.sensorsFor(jobs);
    const latest = await kit.latestOf(jobs, sensors, now());
    return jobs.map((j) => ({
      ...toJob(j),
      latestNodeBattery: batteryOf(j),
      latestNodeSignal: signalOf(j),
      dataMeasurementJobData: latestList(j, sensors, latest.get(j.id) ?? new Map()),
    }));
  }

  async function groupJobs(actor: Actor, cjgId: number) {
    const g = await access.group(actor, cjgId);
    return repo.listJobs({
      companyId: actor.companyId,
      siteIds: [g.tenant_group_id],
      kinds: DATA_JOB_KINDS,
      groupId: g.id,
    });
  }

  return {
    /** Running data jobs on the caller's sites (optionally of one project, site or job type). */
    async activeCount(
      actor: Actor,
      q: { tenantId?: number; tenantGroupId?: number; channelJobTypeName?: string },
    ): Promise<{ count: number }> {
      const siteIds = await access.siteIds(actor, q);
      const count = await repo.countJobs({
        companyId: actor.companyId,
        siteIds,
        kinds: DATA_JOB_KINDS,
        tenantId: q.tenantId,
        tenantGroupId: q.tenantGroupId,
        jobTypeName: q.channelJobTypeName,
        statuses: ['RUNNING'],
      });
      return { count };
    },

    async byGroup(actor: Actor, cjgId: number, data: boolean): Promise<DataJob[]> {
      const jobs = await groupJobs(actor, cjgId);
      return data ? withData(jobs) : jobs.map(toJob);
    },

    async details(actor: Actor, id: number): Promise<DataJobDetail> {
      const job = await access.job(actor, id, DATA_JOB_KINDS, LABEL);
      const sensors = await kit.sensorsFor([job]);
      const latest = (await kit.latestOf([job], sensors, now())).get(job.id) ?? new Map();
      return {
        ...toJob(job),
        batteryLevelType: job.battery_level_type,
        latestNodeBattery: batteryOf(job),
        latestNodeSignal: signalOf(job),
        dataMeasurementJobData: latestList(job, sensors, latest),
        sensors: sensorsOfJob(job, sensors, false).map(toChannelSensor),
      };
    },

    /** Per counted sensor: count, average, min and max over the range, and the latest reading. */
    async analytics(
      actor: Actor,
      q: { jobId: number; from?: number; to?: number },
    ): Promise<DataJobAnalytics> {
      const job = await access.job(actor, q.jobId, DATA_JOB_KINDS, LABEL);
      const range = jobRange(job, q, now());
      const sensors = await kit.sensorsFor([job]);
      const own = sensorsOfJob(job, sensors, true);
      const [stats, latest] = await Promise.all([
        kit.statsOf(own, range && range.from <= range.to ? range : null),
        kit.latestList(job, sensors),
      ]);
      return {
        jobId: job.id,
        from: range?.from ?? null,
        to: range?.to ?? null,
        sensors: stats.map((s, i) => ({ ...s, ...latest[i] })),
      };
    },

    sensors: (actor: Actor, ids: number[]) => jobSensorsOf(kit, actor, ids, DATA_JOB_KINDS, LABEL),
  };
}
