import type { GpsJob, GpsJobDetail, GpsTrack, LocationPoint } from '@sitepulse/contracts';
import { clampLatitude } from '@sitepulse/domain';
import type { Actor } from '../../lib/actor.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { batteryOf, checkRange, jobRange, jobWindow, signalOf } from '../measurements/mappers.ts';
import type { JobRow } from '../measurements/repo.ts';
import type { MeasurementsService } from '../measurements/service.ts';
import { createGpsRepo, type LocationRow } from './repo.ts';

const KINDS = ['GPS'] as const;
const LABEL = 'GPS job';
/** A track holds at most about this many positions, whatever its range. */
export const TRACK_MAX_POINTS = 2000;
/** The finest track bucket: 10 seconds. */
const TRACK_MIN_BUCKET_MS = 10_000;

/**
 * Bucket of a track over a range: the finest multiple of 10 s that keeps it within
 * TRACK_MAX_POINTS positions (one position, the last, per bucket).
 */
export function trackBucketMs(rangeMs: number): number {
  const per = Math.max(0, rangeMs) / TRACK_MAX_POINTS;
  return Math.max(TRACK_MIN_BUCKET_MS, Math.ceil(per / TRACK_MIN_BUCKET_MS) * TRACK_MIN_BUCKET_MS);
}

/** A stored position as answers carry it: latitude clamped to ±85 (spec section 3, 9). */
export const toPoint = (r: LocationRow): LocationPoint => ({
  timestamp: r.ts,
  lat: clampLatitude(r.lat),
  longitude: r.lng,
});

/** GPS jobs and their tracks (spec section 7 "Data jobs, GPS and warehouse"). */
export function createGpsService(deps: ServiceDeps & { measurements: MeasurementsService }) {
  const { kit } = deps.measurements;
  const repo = createGpsRepo(deps.db);

  const toJob = (job: JobRow, locationData: LocationPoint[]): GpsJob => ({
    id: job.id,
    nodeJobName: job.name,
    nodeId: job.node_id,
    tenantId: job.tenant_id,
    tenantGroupId: job.tenant_group_id,
    channelGroupId: job.job_group_id,
    startDate: job.start_date,
    terminationDate: job.termination_date,
    creationDate: job.created_at,
    status: job.status,
    locationData,
  });

  async function trackOf(job: JobRow, q: { from?: number; to?: number }) {
    const t = kit.now();
    const range = jobRange(job, q, t) ?? { from: q.from ?? t, to: q.to ?? t };
    const bucketMs = trackBucketMs(range.to - range.from);
    const rows = jobWindow(job, t) ? await repo.track(job.node_id, range.from, range.to, bucketMs) : [];
    return { range, bucketMs, points: rows.map(toPoint) };
  }

  return {
    /** GPS jobs of a job group, each with its latest position within the job's time. */
    async byGroupWithData(actor: Actor, cjgId: number): Promise<GpsJob[]> {
      const g = await kit.access.group(actor, cjgId);
      const jobs = await kit.repo.listJobs({
        companyId: actor.companyId,
        siteIds: [g.tenant_group_id],
        kinds: KINDS,
        groupId: g.id,
      });
      const t = kit.now();
      return Promise.all(
        jobs.map(async (job) => {
          const w = jobWindow(job, t);
          const last = w ? await repo.latestIn(job.node_id, w.from, w.to) : undefined;
          return toJob(job, last ? [toPoint(last)] : []);
        }),
      );
    },

    /** One GPS job with its track over a range (default: the job's time), battery and signal. */
    async details(actor: Actor, id: number, q: { from?: number; to?: number }): Promise<GpsJobDetail> {
      checkRange(q);
      const job = await kit.access.job(actor, id, KINDS, LABEL);
      const { bucketMs, points } = await trackOf(job, q);
      return {
        ...toJob(job, points),
        bucketMs,
        latestNodeBattery: batteryOf(job),
        latestNodeSignal: signalOf(job),
      };
    },

    /** GET /data/warehouse/location/time/by_jobid: a GPS job's track over a range. */
    async track(actor: Actor, q: { jobId: number; from?: number; to?: number }): Promise<GpsTrack> {
      checkRange(q);
      const job = await kit.access.job(actor, q.jobId, KINDS, LABEL);
      const { range, bucketMs, points } = await trackOf(job, q);
      return {
        jobId: job.id,
        nodeId: job.node_id,
        from: range.from,
        to: range.to,
        bucketMs,
        locationData: points,
      };
    },
  };
}
export type GpsService = ReturnType<typeof createGpsService>;
