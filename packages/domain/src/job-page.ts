import { DAY_MS, type TimeInput, toEpochMs } from './time.ts';

/**
 * Rules of the job screen (`/job/{type}/{jobsiteId}/{tenantId}/{id}/`, spec sections 2–5, 9): which
 * view a job type opens, who may change a job, its strength targets, when the strength reached them,
 * and the answer in words to "can I strip the forms?". Choices: docs/decisions/web-job-screen.md.
 */

/** Which view of the job screen a `{type}` route segment opens. */
export type JobScreenKind = 'maturity' | 'microweather' | 'gps' | 'power' | 'data';

/**
 * The view a job type opens. `{type}` is the job's channelJobTypeName ('Maturity', 'Humidity',
 * 'Microweather Node', 'Gas', ...; case and spaces ignored). Maturity and humidity jobs share the
 * maturity view (the job's sensorFlags tell them apart); GPS, current-transformer and other data jobs
 * belong to the job-site sensor screens. An unknown type opens the maturity view.
 */
export function jobScreenKind(type: string | null | undefined): JobScreenKind {
  const key = (type ?? '').replace(/[\s_-]/g, '').toLowerCase();
  if (key.startsWith('microweather')) return 'microweather';
  if (key === 'gps') return 'gps';
  if (key === 'currenttransformer' || key === 'power') return 'power';
  const concrete = ['', 'maturity', 'humidity', 'concrete', 'temperature'];
  if (concrete.includes(key)) return 'maturity';
  return 'data';
}

/** One strength target of a maturity job (MPa). */
export interface StrengthTarget {
  level: 'singular' | 'low' | 'medium' | 'high';
  value: number;
}

const isSet = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The strength targets a job is drawn against: its singular target when set, otherwise the low,
 * medium and high targets that are set, lowest first. Empty when the job has none.
 */
export function strengthTargets(job: {
  singularTargetedStrength?: number | null;
  lowTargetedStrength?: number | null;
  mediumTargetedStrength?: number | null;
  highTargetedStrength?: number | null;
}): StrengthTarget[] {
  if (isSet(job.singularTargetedStrength))
    return [{ level: 'singular', value: job.singularTargetedStrength }];
  const out: StrengthTarget[] = [];
  if (isSet(job.lowTargetedStrength)) out.push({ level: 'low', value: job.lowTargetedStrength });
  if (isSet(job.mediumTargetedStrength)) out.push({ level: 'medium', value: job.mediumTargetedStrength });
  if (isSet(job.highTargetedStrength)) out.push({ level: 'high', value: job.highTargetedStrength });
  return out;
}

/** A time grid of the chart calls: index i is the bucket starting at start + i·bucketMs; `to` ends the range. */
export interface TimeGrid {
  start: number;
  bucketMs: number;
  points: number;
  to?: number;
}

/**
 * When a rising series first reached a threshold: the end of the first bucket whose value is at or
 * above it (a bucket holds the state at its last reading, so the threshold was reached by then), no
 * later than the end of the range (`to`: a job stopped within its last bucket); null when no bucket
 * reaches it. Gaps (null) are skipped.
 */
export function reachedBy(
  grid: TimeGrid,
  values: readonly (number | null | undefined)[],
  threshold: number | null | undefined,
): number | null {
  if (!isSet(threshold)) return null;
  const n = Math.min(values.length, grid.points);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (typeof v === 'number' && v >= threshold) {
      const end = grid.start + (i + 1) * grid.bucketMs;
      return typeof grid.to === 'number' ? Math.min(end, grid.to) : end;
    }
  }
  return null;
}

/** The answer in words to "has this pour reached its strength?" (the job screen's headline). */
export type StrengthVerdict =
  | { kind: 'NOT_STARTED' }
  | { kind: 'NO_PROFILE' }
  | { kind: 'NO_DATA' }
  | { kind: 'NO_TARGET'; strength: number }
  | { kind: 'REACHED'; strength: number | null; target: number; percent: number; reachedBy: number | null }
  | { kind: 'NOT_REACHED'; strength: number; target: number; percent: number };

/**
 * The verdict of a maturity job, in this order: not started (no start date); no concrete profile (no
 * strength can be estimated); reached (the MATURED bit is set, or the strength is at or above the
 * target); no strength yet; no target; otherwise not reached. `reachedBy` is when the strength series
 * crossed the target, when the data shows it.
 */
export function strengthVerdict(input: {
  startDate: TimeInput | null | undefined;
  hasProfile: boolean;
  strength: number | null | undefined;
  target: number | null | undefined;
  percent: number;
  matured: boolean;
  reachedBy?: number | null;
}): StrengthVerdict {
  if (toEpochMs(input.startDate ?? null) === null) return { kind: 'NOT_STARTED' };
  if (!input.hasProfile) return { kind: 'NO_PROFILE' };
  const strength = isSet(input.strength) ? input.strength : null;
  const target = isSet(input.target) && input.target > 0 ? input.target : null;
  if (target !== null && (input.matured || (strength !== null && strength >= target))) {
    return { kind: 'REACHED', strength, target, percent: input.percent, reachedBy: input.reachedBy ?? null };
  }
  if (strength === null) return { kind: 'NO_DATA' };
  if (target === null) return { kind: 'NO_TARGET', strength };
  return { kind: 'NOT_REACHED', strength, target, percent: input.percent };
}

/** Days from a job's start to its end (or now): what the smoothing tolerance bands read (section 9). */
export function jobElapsedDays(
  startDate: TimeInput | null | undefined,
  terminationDate: TimeInput | null | undefined,
  now: TimeInput = Date.now(),
): number {
  const start = toEpochMs(startDate ?? null);
  const end = toEpochMs(terminationDate ?? null) ?? toEpochMs(now);
  if (start === null || end === null) return 0;
  return Math.max(0, (end - start) / DAY_MS);
}

/** One sensor's bucketed values on a grid: avg, and min/max where a bucket holds several values. */
export interface SensorBand {
  avg: readonly (number | null)[];
  min?: readonly (number | null)[] | null;
  max?: readonly (number | null)[] | null;
}

/**
 * The job's band from its sensors' bands on one grid: avg[i] is the mean of the sensors' averages of
 * bucket i, min[i] the lowest of their minimums and max[i] the highest of their maximums (a sensor
 * without min/max counts with its average); null where no sensor has a value. One pass per sensor.
 */
export function combineBands(
  bands: readonly SensorBand[],
  points: number,
): { avg: (number | null)[]; min: (number | null)[]; max: (number | null)[] } {
  const n = Math.max(0, points);
  const sum = new Float64Array(n);
  const count = new Uint32Array(n);
  const min = new Array<number | null>(n).fill(null);
  const max = new Array<number | null>(n).fill(null);
  for (const band of bands) {
    const lo = band.min ?? band.avg;
    const hi = band.max ?? band.avg;
    const len = Math.min(n, band.avg.length);
    for (let i = 0; i < len; i++) {
      const v = band.avg[i];
      if (typeof v === 'number') {
        sum[i] += v;
        count[i]++;
      }
      const l = lo[i] ?? v;
      if (typeof l === 'number') {
        const m = min[i];
        if (m === null || l < m) min[i] = l;
      }
      const h = hi[i] ?? v;
      if (typeof h === 'number') {
        const m = max[i];
        if (m === null || h > m) max[i] = h;
      }
    }
  }
  const avg = new Array<number | null>(n);
  for (let i = 0; i < n; i++) avg[i] = count[i] > 0 ? sum[i] / count[i] : null;
  return { avg, min, max };
}

/** The files a job screen offers (DOWNLOAD_PATHS keys), by the kind of job. */
export function jobDownloadFiles(
  kind: 'maturity' | 'humidity' | 'microweather',
): ('maturity' | 'temperature' | 'humidity' | 'windSpeed')[] {
  if (kind === 'microweather') return ['temperature', 'humidity', 'windSpeed'];
  if (kind === 'humidity') return ['humidity', 'temperature'];
  return ['maturity', 'temperature'];
}
