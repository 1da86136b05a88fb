import { CHART_BUCKETS, type ChartBucket, chartBucketFor, HOUR_MS } from '@sitepulse/domain';

/**
 * Where a chart read takes its rows from (docs/decisions/chart-reads.md):
 * - `reading`: the raw readings, grouped in SQL by bucket (5-minute buckets, ranges up to 7 days);
 * - `hour`: the hourly rows as they are (1 h buckets, ranges up to 90 days);
 * - `hours`: the hourly rows grouped in SQL by bucket (6 h up to 540 days, 1 day beyond).
 * The hourly rows are the `reading_hour` rollups for readings and `maturity_hour` for maturity.
 */
export type ChartSource = 'reading' | 'hour' | 'hours';

/** A chart read's grid and source: everything the answer's bucket depends on. */
export interface ChartPlan {
  /** the answer's `bucket` name */
  bucket: ChartBucket['name'];
  bucketMs: number;
  /** start of the first bucket (UTC, aligned to the bucket) */
  start: number;
  /** buckets on the grid: the length of every values array */
  points: number;
  source: ChartSource;
}

/**
 * THE bucket choice of the chart reads (POST /data/measurement/time, /data/analytics/concrete/maturity/time
 * and their by_sids forms): the bucket from the length of the range (domain chartBucketFor: 5 min up to
 * 7 days, 1 h up to 90 days, 6 h up to 540 days, 1 day beyond), and the rows it is computed from.
 * `finestMs` floors the bucket (maturity is kept per hour: never finer than 1 h, answered as '1h').
 * [from, to] is inclusive; the grid starts at the bucket holding `from` and ends at the one holding `to`.
 */
export function chartPlan(from: number, to: number, finestMs = 0): ChartPlan {
  const chosen = chartBucketFor(to - from);
  const bucketMs = Math.max(chosen.ms, finestMs);
  const bucket = CHART_BUCKETS.find((b) => b.ms === bucketMs)?.name ?? chosen.name;
  const start = Math.floor(from / bucketMs) * bucketMs;
  const points = Math.floor((to - start) / bucketMs) + 1;
  const source: ChartSource = bucketMs < HOUR_MS ? 'reading' : bucketMs === HOUR_MS ? 'hour' : 'hours';
  return { bucket, bucketMs, start, points, source };
}
