import type {
  LocationPoint,
  LumimonDayStats,
  LumimonGroupCounts,
  LumimonNodeCard,
  LumimonOverview,
  LumimonReading,
} from '@sitepulse/contracts';
import {
  HOUR_MS,
  isEndedLabel,
  isSensorAlarm,
  LUMIMON_JOB_KINDS,
  type LumimonGroup,
  latestTime,
  lumimonGroupOf,
  lumimonStatusLabel,
  sortNodeCards,
} from '@sitepulse/domain';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { GpsService } from '../gps/service.ts';
import type { Latest } from '../measurements/kit.ts';
import {
  batteryOf,
  compareSensorTypes,
  jobSensorTypes,
  jobWindow,
  type SensorRow,
  sensorsOfJob,
  signalOf,
} from '../measurements/mappers.ts';
import type { JobRow } from '../measurements/repo.ts';
import type { MeasurementsService } from '../measurements/service.ts';
import type { NodesService } from '../nodes/service.ts';

/** The analytics figures of the overview cover the last 24 hours. */
export const OVERVIEW_STATS_MS = 24 * HOUR_MS;

/** The SENSOR_THRESHOLD part of a job's alarm data (JSON text); anything unreadable counts as none. */
export function thresholdOf(alarmData: string): LumimonNodeCard['alarmData'] {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  try {
    const v = JSON.parse(alarmData) as Record<string, unknown> | null;
    if (!v || typeof v !== 'object') throw new Error('not an object');
    return {
      sensorType: typeof v.sensorType === 'string' ? v.sensorType : null,
      mediumThresholdHBound: num(v.mediumThresholdHBound),
      mediumThresholdLBound: num(v.mediumThresholdLBound),
    };
  } catch {
    return { sensorType: null, mediumThresholdHBound: null, mediumThresholdLBound: null };
  }
}

/** Latest value per sensor type: the average of the latest values of the type's counted sensors. */
export function readingsByType(
  job: JobRow,
  sensors: readonly SensorRow[],
  latest: ReadonlyMap<number, Latest>,
): LumimonReading[] {
  const own = sensorsOfJob(job, sensors, true);
  const types = new Set([...jobSensorTypes(job), ...own.map((s) => s.sensor_type)]);
  return [...types].sort(compareSensorTypes).map((sensorType) => {
    const ofType = own.filter((s) => s.sensor_type === sensorType);
    const ls = ofType.map((s) => latest.get(s.id)).filter((l): l is Latest => l !== undefined);
    return {
      sensorType,
      value: ls.length ? ls.reduce((sum, l) => sum + l.value, 0) / ls.length : null,
      timestamp: ls.length ? Math.max(...ls.map((l) => l.ts)) : null,
      sensors: ofType.length,
    };
  });
}

/** Per-sensor figures summed up per sensor type (count-weighted average). */
export function statsByType(
  stats: readonly {
    sensorType: string;
    count: number;
    averageMeasurementData: number | null;
    min: number | null;
    max: number | null;
  }[],
): LumimonDayStats[] {
  const by = new Map<string, { count: number; total: number; min: number | null; max: number | null }>();
  for (const s of stats) {
    const cur = by.get(s.sensorType) ?? { count: 0, total: 0, min: null, max: null };
    if (s.count > 0 && s.averageMeasurementData !== null) {
      cur.count += s.count;
      cur.total += s.averageMeasurementData * s.count;
      if (s.min !== null) cur.min = cur.min === null ? s.min : Math.min(cur.min, s.min);
      if (s.max !== null) cur.max = cur.max === null ? s.max : Math.max(cur.max, s.max);
    }
    by.set(s.sensorType, cur);
  }
  return [...by.entries()]
    .sort(([a], [b]) => compareSensorTypes(a, b))
    .map(([sensorType, a]) => ({
      sensorType,
      count: a.count,
      average: a.count ? a.total / a.count : null,
      min: a.min,
      max: a.max,
    }));
}

/** Counts of a list of cards. */
export function countsOf(cards: readonly LumimonNodeCard[]): LumimonGroupCounts {
  const byStatus: Record<string, number> = {};
  for (const c of cards) byStatus[c.statusLabel] = (byStatus[c.statusLabel] ?? 0) + 1;
  return {
    total: cards.length,
    running: cards.filter((c) => c.statusLabel === 'STARTED').length,
    ended: cards.filter((c) => c.ended).length,
    error: cards.filter((c) => c.statusLabel === 'ERROR').length,
    alarming: cards.filter((c) => c.alarming).length,
    byStatus,
  };
}

/**
 * The Lumimon overview of a job site (GET /analytics/lumimon/jobs/overview/by_tenant_group/{id}):
 * its microweather, data, power and GPS jobs as node cards. Built from the services of the
 * job-site, measurements, nodes and GPS modules; the site must be granted to the caller (404 else).
 */
export function createLumimonService(
  deps: ServiceDeps & { measurements: MeasurementsService; nodes: NodesService; gps: GpsService },
) {
  const { kit } = deps.measurements;

  /** A GPS job's latest position within its time: the node's latest when it lies there, else its track's last. */
  async function positionOf(
    actor: Actor,
    job: JobRow,
    nodeLatest: LocationPoint | null,
    t: number,
  ): Promise<LocationPoint | null> {
    const w = jobWindow(job, t);
    if (!w) return null;
    if (nodeLatest && nodeLatest.timestamp >= w.from && nodeLatest.timestamp <= w.to) return nodeLatest;
    const track = await deps.gps.track(actor, { jobId: job.id });
    return track.locationData.at(-1) ?? null;
  }

  return {
    async overview(actor: Actor, tenantGroupId: number, q: { tenantId?: number }): Promise<LumimonOverview> {
      // 404 for a site not granted, 403 for an inspector there (before anything of the site is read).
      await deps.jobsites.assertGranted(actor, tenantGroupId);
      const site = await deps.jobsites.getGroup(actor, tenantGroupId);
      if (q.tenantId !== undefined && !site.tenantMessages.some((p) => p.id === q.tenantId)) {
        throw notFound('Project not found');
      }
      const t = kit.now();
      const statsFrom = t - OVERVIEW_STATS_MS;
      const [jobs, nodes] = await Promise.all([
        kit.repo.listJobs({
          companyId: actor.companyId,
          siteIds: [site.id],
          kinds: LUMIMON_JOB_KINDS,
          tenantGroupId: site.id,
          tenantId: q.tenantId,
        }),
        deps.nodes.listByTenant(actor, { tenantGroupId: site.id }),
      ]);
      const nodeById = new Map(nodes.map((n) => [n.id, n]));
      const projectById = new Map(site.tenantMessages.map((p) => [p.id, p]));
      const sensors = await kit.sensorsFor(jobs);
      const latest = await kit.latestOf(jobs, sensors, t);

      const cards = await Promise.all(
        jobs.map(async (job): Promise<LumimonNodeCard> => {
          const group = lumimonGroupOf(job.kind) as LumimonGroup;
          const node = nodeById.get(job.node_id);
          const project = projectById.get(job.tenant_id);
          const statusLabel = lumimonStatusLabel({
            kind: job.kind,
            status: job.status,
            startDate: job.start_date,
            terminationDate: job.termination_date,
          });
          const readings =
            group === 'gps' ? [] : readingsByType(job, sensors, latest.get(job.id) ?? new Map());
          const location =
            group === 'gps' ? await positionOf(actor, job, node?.latestLocation ?? null, t) : null;
          const w = jobWindow(job, t);
          const range = w ? { from: Math.max(w.from, statsFrom), to: Math.min(w.to, t) } : null;
          const counted = sensorsOfJob(job, sensors, true);
          const last24h =
            group === 'gps'
              ? []
              : statsByType(await kit.statsOf(counted, range && range.from <= range.to ? range : null));
          const flags = Number(job.job_alarm_triggered) || 0;
          return {
            jobId: job.id,
            channelJobName: job.name,
            channelJobTypeName: job.job_type_name,
            kind: job.kind,
            group,
            status: job.status,
            statusLabel,
            ended: isEndedLabel(statusLabel),
            nodeId: job.node_id,
            nodeName: node?.name ?? String(job.node_id),
            nodeType: job.node_type,
            tenantId: job.tenant_id,
            tenantName: project?.name ?? '',
            tenantType: project?.type ?? '',
            startDate: job.start_date,
            terminationDate: job.termination_date,
            creationDate: job.created_at,
            sensorTypes: jobSensorTypes(job),
            batteryLevelType: job.battery_level_type,
            latestNodeBattery: batteryOf(job),
            latestNodeSignal: signalOf(job),
            jobAlarmTriggered: flags,
            alarming: isSensorAlarm(flags),
            alarmData: thresholdOf(job.alarm_data),
            readings,
            location,
            lastSeen: latestTime(
              ...readings.map((r) => r.timestamp),
              location?.timestamp,
              node?.latestLocation?.timestamp,
              job.latest_battery_ts,
              job.latest_signal_ts,
            ),
            last24h,
          };
        }),
      );

      const sorted = sortNodeCards(cards);
      return {
        tenantGroupId: site.id,
        tenantGroupName: site.name,
        generatedAt: t,
        statsFrom,
        statsTo: t,
        counts: {
          jobs: countsOf(sorted.filter((c) => c.group === 'jobs')),
          power: countsOf(sorted.filter((c) => c.group === 'power')),
          gps: countsOf(sorted.filter((c) => c.group === 'gps')),
          all: countsOf(sorted),
        },
        nodes: sorted,
      };
    },
  };
}
export type LumimonService = ReturnType<typeof createLumimonService>;
