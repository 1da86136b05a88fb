import { HOUR_MS } from '@sitepulse/domain';

/** A reading stands until the sensor's next one when they are at most this far apart (a missed uplink). */
export const BRIDGE_MS = 2 * HOUR_MS;

/** One stretch of time the difference stayed above the limit. */
export interface ExceededPeriod {
  start: number;
  /** the first comparison back within the limit, or (readings ending) the end of the last bucket above */
  end: number;
  /** true when the readings stop while still above the limit */
  openEnded: boolean;
  /** the largest difference in the period (°C) and when */
  peakC: number;
  peakAt: number;
}

/** The difference of one pair over the period, in °C (a difference: never offset). */
export interface PairDifference {
  /** the grid's times */
  xs: number[];
  /** |sensor 1 − sensor 2| at each time both have a reading standing, else null */
  diffs: (number | null)[];
  /** the largest difference, when, and whether sensor 1 was the warmer then */
  max: { c: number; at: number; firstWarmer: boolean } | null;
  periods: ExceededPeriod[];
  /** total time above the limit */
  aboveMs: number;
}

/**
 * Each grid slot's value: the sensor's bucket average where it has one, else its previous reading when
 * its next reading comes within BRIDGE_MS (sensors on different nodes report at different minutes, so
 * a bucket rarely holds both). After its last reading a sensor has no value.
 */
export function bridged(values: readonly (number | null)[], bucketMs: number): (number | null)[] {
  const out: (number | null)[] = new Array(values.length).fill(null);
  let last = -1;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    out[i] = v;
    if (last >= 0 && (i - last) * bucketMs <= BRIDGE_MS) {
      for (let k = last + 1; k < i; k++) out[k] = values[last];
    }
    last = i;
  }
  return out;
}

/**
 * Compares two sensors' bucketed averages (°C) against a limit (°C): the difference at each slot, its
 * largest value, and each period above the limit with its start, end and peak.
 */
export function pairDifference(
  grid: { start: number; bucketMs: number; points: number },
  first: readonly (number | null)[],
  second: readonly (number | null)[],
  limitC: number,
): PairDifference {
  const { start, bucketMs, points } = grid;
  const a = bridged(first, bucketMs);
  const b = bridged(second, bucketMs);
  const xs: number[] = [];
  const diffs: (number | null)[] = [];
  let max: PairDifference['max'] = null;
  for (let i = 0; i < points; i++) {
    xs.push(start + i * bucketMs);
    const va = a[i];
    const vb = b[i];
    if (va === null || va === undefined || vb === null || vb === undefined) {
      diffs.push(null);
      continue;
    }
    // Rounded to 1e-6 °C: the averages' binary noise would otherwise split equal values.
    const d = Math.round(Math.abs(va - vb) * 1e6) / 1e6;
    diffs.push(d);
    if (max === null || d > max.c) max = { c: d, at: xs[i], firstWarmer: va >= vb };
  }

  const periods: ExceededPeriod[] = [];
  let open: ExceededPeriod | null = null;
  let lastAbove = -1;
  for (let i = 0; i < points; i++) {
    const d = diffs[i];
    if (d !== null && d > limitC) {
      if (open === null) open = { start: xs[i], end: xs[i], openEnded: false, peakC: d, peakAt: xs[i] };
      else if (d > open.peakC) {
        open.peakC = d;
        open.peakAt = xs[i];
      }
      lastAbove = i;
      continue;
    }
    if (open === null) continue;
    // Back within the limit: the period lasted until this comparison. No comparison (the readings
    // stopped): it lasted to the end of its last bucket above.
    if (d !== null) open.end = xs[i];
    else {
      open.end = xs[lastAbove] + bucketMs;
      open.openEnded = true;
    }
    periods.push(open);
    open = null;
  }
  if (open !== null) {
    open.end = xs[lastAbove] + bucketMs;
    open.openEnded = true;
    periods.push(open);
  }
  const aboveMs = periods.reduce((s, p) => s + (p.end - p.start), 0);
  return { xs, diffs, max, periods, aboveMs };
}

/** The mean of a series' values (null when it has none): to find the coolest sensor of a default pairing. */
export function meanOf(values: readonly (number | null)[]): number | null {
  let n = 0;
  let sum = 0;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    n++;
    sum += v;
  }
  return n > 0 ? sum / n : null;
}
