/**
 * Rules of the job-site sensor screens that are ours, not the spec's (docs/decisions/web-sensor-screens.md):
 * the card filter, the time ranges, which screen shows which job, and the sensor groups of the GR variants.
 */
import type { LumimonNodeCard } from '@sitepulse/contracts';
import { DAY_MS, HOUR_MS, MINUTE_MS, nodeCardReadings, paths, smoothingTolerance } from '@sitepulse/domain';

/** Filters of the overview: every card, alarming ones, running ones (STARTED), ended ones (STOPPED or ERROR). */
export const NODE_FILTERS = ['ALL', 'ALARMING', 'STARTED', 'ENDED'] as const;
export type NodeFilter = (typeof NODE_FILTERS)[number];

export function matchesFilter(
  card: Pick<LumimonNodeCard, 'alarming' | 'statusLabel' | 'ended'>,
  filter: NodeFilter,
): boolean {
  if (filter === 'ALARMING') return card.alarming;
  if (filter === 'STARTED') return card.statusLabel === 'STARTED';
  if (filter === 'ENDED') return card.ended;
  return true;
}

/** Time ranges of the detail screens: the last 6 hours, day, week or month of the job, or all of it. */
export const TIME_RANGES = ['6h', '24h', '7d', '30d', 'job'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
const RANGE_MS: Record<Exclude<TimeRange, 'job'>, number> = {
  '6h': 6 * HOUR_MS,
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
};

/**
 * Start of a range (epoch ms, to the minute so the query key holds still), counted back from the job's
 * end when it has ended, else from now. Undefined for the whole job: the server then reads from its start.
 */
export function rangeFrom(
  range: TimeRange,
  at: { now: number; terminationDate?: number | null },
): number | undefined {
  if (range === 'job') return undefined;
  const end = at.terminationDate ?? at.now;
  return Math.max(0, Math.floor((end - RANGE_MS[range]) / MINUTE_MS) * MINUTE_MS);
}

/** The detail screen of a card: GPS jobs on the map, current transformers on the power screen, others on sensor details. */
export function detailsHref(
  jobsiteId: number | string,
  tenantId: number | string,
  card: Pick<LumimonNodeCard, 'kind' | 'jobId'>,
): string {
  if (card.kind === 'GPS') return paths.gpsJobDetails.href(jobsiteId, tenantId, card.jobId);
  if (card.kind === 'POWER') return paths.ctJobDetails.href(jobsiteId, tenantId, card.jobId);
  return paths.jobSiteSensorDetails.href(jobsiteId, tenantId, card.jobId);
}

/** Which detail screen a job kind belongs on. */
export type DetailScreen = 'sensor' | 'gps' | 'ct';
export function screenOfKind(kind: string): DetailScreen {
  if (kind === 'GPS') return 'gps';
  if (kind === 'POWER') return 'ct';
  return 'sensor';
}

export type SensorVariant = 'details' | 'grOne' | 'grTwo';

/**
 * The sensor types a sensor-details variant shows. 'details': all of the job's types. The GR variants split
 * a node's sensors in two groups: group one is its primary measurement (the first reading its node card
 * shows: gas, temperature for a weather node, current, liquid level), group two every other type.
 */
export function sensorTypesOfVariant(
  nodeType: string,
  sensorTypes: readonly string[],
  variant: SensorVariant,
): string[] {
  const all = [...new Set(sensorTypes)];
  if (variant === 'details' || all.length === 0) return all;
  const primary = nodeCardReadings(
    nodeType,
    all.map((sensorType) => ({ sensorType })),
  )[0].sensorType;
  return variant === 'grOne' ? [primary] : all.filter((t) => t !== primary);
}

/**
 * Smoothing kind of a series line (section 9): microweather jobs draw every point; temperature and humidity
 * of other jobs use their own tolerances; other quantities (gas, level, current, ...) are drawn unsmoothed.
 */
export function lineTolerance(jobKind: string, sensorType: string, elapsedDays: number): number {
  if (jobKind === 'MICROWEATHER') return smoothingTolerance('Microweather', elapsedDays);
  if (sensorType === 'Temperature' || sensorType === 'Humidity')
    return smoothingTolerance(sensorType, elapsedDays);
  return 0;
}

/** Line colours of the charts, in order. */
export const LINE_COLOURS = [
  '#1565c0',
  '#ef6c00',
  '#2e7d32',
  '#6a1b9a',
  '#00838f',
  '#c62828',
  '#5d4037',
  '#455a64',
];

/**
 * How many grid buckets make one bucket a node actually fills: the usual (median) spacing between the filled
 * buckets of the series. A node reporting every 15 minutes on a 5-minute grid gives 3; 1 when every bucket
 * is filled or there is too little to tell.
 */
export function fillFactor(series: readonly (readonly (number | null)[])[]): number {
  const gaps: number[] = [];
  for (const values of series) {
    let last = -1;
    for (let i = 0; i < values.length; i++) {
      if (values[i] === null || values[i] === undefined) continue;
      if (last >= 0) gaps.push(i - last);
      last = i;
    }
  }
  if (gaps.length === 0) return 1;
  gaps.sort((a, b) => a - b);
  return Math.max(1, gaps[Math.floor(gaps.length / 2)]);
}

/**
 * Series on a grid `factor` times coarser: each new bucket is the average of the values it holds, null when
 * it holds none. So a line is drawn through readings sparser than the server's bucket (a chart breaks at a
 * null), while a node that went silent for longer still shows as a gap.
 */
export function coarsen(
  grid: { start: number; bucketMs: number; points: number },
  series: readonly (readonly (number | null)[])[],
  factor: number,
): { grid: { start: number; bucketMs: number; points: number }; series: (number | null)[][] } {
  const k = Math.max(1, Math.floor(factor));
  if (k === 1) return { grid, series: series.map((s) => [...s]) };
  const points = Math.ceil(grid.points / k);
  const out = series.map((values) => {
    const next = new Array<number | null>(points).fill(null);
    for (let j = 0; j < points; j++) {
      let sum = 0;
      let n = 0;
      for (let i = j * k; i < Math.min((j + 1) * k, values.length); i++) {
        const v = values[i];
        if (v !== null && v !== undefined) {
          sum += v;
          n++;
        }
      }
      if (n > 0) next[j] = sum / n;
    }
    return next;
  });
  return { grid: { start: grid.start, bucketMs: grid.bucketMs * k, points }, series: out };
}
