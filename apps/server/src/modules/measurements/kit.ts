import type { SensorLatest, SensorSeries, SensorStats, SeriesResponse } from '@sitepulse/contracts';
import type { ServiceDeps } from '../../service-deps.ts';
import { retentionFloorMs } from '../retention/service.ts';
import { createAccess } from './access.ts';
import { chartPlan } from './chart-plan.ts';
import { checkSpan, jobWindow, type SensorRow, sensorsOfJob } from './mappers.ts';
import { createReadingsRepo } from './readings-repo.ts';
import { createMeasurementsRepo, type JobRow } from './repo.ts';

/** A reading as the latest-value answers carry it. */
export interface Latest {
  ts: number;
  value: number;
}

/** The pieces every data call is built from: repos, scoping, and the shared reads. */
export function createKit(deps: ServiceDeps) {
  const repo = createMeasurementsRepo(deps.db);
  const readings = createReadingsRepo(deps.db, deps.store.dialect);
  const access = createAccess(repo, deps.jobsites);
  const now = () => Date.now();

  /**
   * The latest reading of each counted sensor of each job within the job's window: the sensor's
   * latest value when it lies in the window (the usual case for a running job), else one index
   * seek per sensor in a single statement.
   */
  async function latestOf(jobs: readonly JobRow[], sensors: readonly SensorRow[], t: number) {
    const out = new Map<number, Map<number, Latest>>();
    const lookups: { jobId: number; sensorId: number; from: number; to: number }[] = [];
    for (const job of jobs) {
      const m = new Map<number, Latest>();
      out.set(job.id, m);
      const w = jobWindow(job, t);
      if (!w) continue;
      for (const s of sensorsOfJob(job, sensors, true)) {
        const lt = s.latest_value_ts;
        if (lt === null || lt < w.from) continue;
        if (lt <= w.to && s.latest_value !== null) m.set(s.id, { ts: lt, value: s.latest_value });
        else lookups.push({ jobId: job.id, sensorId: s.id, from: w.from, to: w.to });
      }
    }
    for (const r of await readings.latestIn(lookups)) {
      out.get(lookups[r.index].jobId)?.set(r.sensorId, { ts: r.ts, value: r.value });
    }
    return out;
  }

  /** Jobs with the sensors of their nodes, read in one query. */
  async function sensorsFor(jobs: readonly JobRow[]): Promise<SensorRow[]> {
    return repo.sensorsOfNodes(jobs.map((j) => j.node_id));
  }

  /**
   * A bucketed series per sensor over the range, on a grid of buckets aligned to UTC from the
   * first bucket holding `from` (empty when there is no range).
   */
  async function seriesResponse(
    sensors: readonly SensorRow[],
    range: { from: number; to: number } | null,
    fallback: { from: number; to: number },
  ): Promise<SeriesResponse> {
    const r = range ?? fallback;
    const has = range !== null && range.from <= range.to;
    checkSpan(r.to - r.from);
    // Raw readings before the company's retention mark are gone: such a range reads the hourly rollups.
    const floor = sensors.length > 0 ? await retentionFloorMs(deps.db, sensors[0].company_id, r.from) : 0;
    const plan = chartPlan(r.from, r.to, floor);
    const start = plan.start;
    const points = has ? plan.points : 0;
    const by = new Map<number, SensorSeries>(
      sensors.map((s) => [
        s.id,
        {
          sensorId: s.id,
          sensorType: s.sensor_type,
          sensorAlias: s.alias,
          nodeId: s.node_id,
          channelId: s.channel_id,
          avg: new Array<number | null>(points).fill(null),
          min: new Array<number | null>(points).fill(null),
          max: new Array<number | null>(points).fill(null),
        },
      ]),
    );
    if (has) {
      for (const p of await readings.series([...by.keys()], r.from, r.to, plan.bucketMs, start)) {
        const s = by.get(p.sensorId);
        if (!s) continue;
        for (let k = 0; k < p.index.length; k++) {
          const i = p.index[k];
          if (i < 0 || i >= points) continue;
          s.avg[i] = p.avg[k];
          s.min[i] = p.min[k];
          s.max[i] = p.max[k];
        }
      }
    }
    return {
      from: r.from,
      to: r.to,
      bucket: plan.bucket,
      bucketMs: plan.bucketMs,
      start,
      points,
      series: [...by.values()],
    };
  }

  /** Exact per-sensor figures over the range (count 0 and nulls for a sensor without readings). */
  async function statsOf(sensors: readonly SensorRow[], range: { from: number; to: number } | null) {
    const stats = range
      ? await readings.stats(
          sensors.map((s) => s.id),
          range.from,
          range.to,
        )
      : new Map();
    return sensors.map((s): SensorStats => {
      const st = stats.get(s.id);
      return {
        sensorId: s.id,
        sensorType: s.sensor_type,
        sensorAlias: s.alias,
        count: st?.n ?? 0,
        averageMeasurementData: st ? st.total / st.n : null,
        min: st?.min ?? null,
        max: st?.max ?? null,
      };
    });
  }

  /** The latest reading per sensor within the job's window, for the counted sensors of the job. */
  async function latestList(job: JobRow, sensors: readonly SensorRow[], sensorType?: string) {
    const t = now();
    const latest = (await latestOf([job], sensors, t)).get(job.id) ?? new Map<number, Latest>();
    return sensorsOfJob(job, sensors, true)
      .filter((s) => sensorType === undefined || s.sensor_type === sensorType)
      .map(
        (s): SensorLatest => ({
          sensorId: s.id,
          sensorType: s.sensor_type,
          sensorAlias: s.alias,
          latestValue: latest.get(s.id)?.value ?? null,
          latestValueTimestamp: latest.get(s.id)?.ts ?? null,
        }),
      );
  }

  return { deps, repo, readings, access, now, latestOf, sensorsFor, seriesResponse, statsOf, latestList };
}
export type Kit = ReturnType<typeof createKit>;
