/**
 * Time-range presets of the chart screens (the sensor detail screens and the job screen): the last 6 hours,
 * day, week or month, or the whole job. The sensor screens read a range from the server ('from'); the job
 * screen narrows the window of charts that already hold the whole job (docs/decisions/web-job-forecast.md).
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@sitepulse/domain';

export const TIME_RANGES = ['6h', '24h', '7d', '30d', 'job'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

/** Length of each preset but the whole job, in ms. */
export const RANGE_MS: Record<Exclude<TimeRange, 'job'>, number> = {
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

/** A visible time window of a chart (epoch ms); null shows everything the chart holds. */
export interface TimeWindow {
  min: number;
  max: number;
}

/** The window of a preset ending at `end` (the job's end, or now); null for the whole job. */
export function presetWindow(range: TimeRange, end: number): TimeWindow | null {
  if (range === 'job') return null;
  return { min: end - RANGE_MS[range], max: end };
}

/**
 * The window moved by half its width, earlier (-1) or later (+1), kept within [first, last]; null when
 * there is nothing to move (the whole range is shown, or it already touches that edge).
 */
export function panWindow(
  window: TimeWindow | null,
  direction: -1 | 1,
  bounds: { first: number; last: number },
): TimeWindow | null {
  if (!window) return null;
  const width = window.max - window.min;
  if (width <= 0) return null;
  if (direction < 0 && window.min <= bounds.first) return null;
  if (direction > 0 && window.max >= bounds.last) return null;
  let min = window.min + (direction * width) / 2;
  if (min < bounds.first) min = bounds.first;
  if (min + width > bounds.last) min = Math.max(bounds.first, bounds.last - width);
  return { min, max: min + width };
}
