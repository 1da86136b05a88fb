/** Kinds of graph with a smoothing tolerance (section 9). */
export type SmoothingKind = 'Humidity' | 'Maturity' | 'Strength' | 'Temperature' | 'Microweather';

/** Upper edges (inclusive) of the elapsed-day bands; above the last is the sixth band (section 9). */
export const SMOOTHING_BAND_EDGES_DAYS = [7, 14, 21, 31, 60] as const;

const HUMIDITY = [0.05, 0.1, 0.3, 0.5, 1, 1.5] as const;
const MATURITY = [0.01, 0.05, 0.1, 0.2, 0.3, 0.7] as const;
const NONE = [0, 0, 0, 0, 0, 0] as const;

/** Tolerances per band for each kind (section 9). */
export const SMOOTHING_TOLERANCES: Record<SmoothingKind, readonly number[]> = {
  Humidity: HUMIDITY,
  Maturity: MATURITY,
  Strength: MATURITY,
  Temperature: HUMIDITY,
  Microweather: NONE,
};

/**
 * Graph smoothing tolerance for a kind and elapsed days (section 9). Bands: ≤7, ≤14, ≤21, ≤31,
 * ≤60, >60 days. Missing or negative elapsed days count as the first band; unknown kinds get 0
 * (no smoothing).
 */
export function smoothingTolerance(kind: string, elapsedDays: number | null | undefined): number {
  if (!Object.hasOwn(SMOOTHING_TOLERANCES, kind)) return 0;
  const values = SMOOTHING_TOLERANCES[kind as SmoothingKind];
  const days = typeof elapsedDays === 'number' && !Number.isNaN(elapsedDays) ? elapsedDays : 0;
  const band = SMOOTHING_BAND_EDGES_DAYS.findIndex((edge) => days <= edge);
  return values[band === -1 ? SMOOTHING_BAND_EDGES_DAYS.length : band];
}

/**
 * Which points of a drawn series to keep after smoothing with a tolerance (section 9). The spec gives
 * the tolerances but not their unit; we read a tolerance as a percentage of the series' value range and
 * drop the points that lie closer than that to the straight line between the points kept around them
 * (Ramer–Douglas–Peucker on the vertical distance, per run of values between gaps). A tolerance of 0 keeps
 * every point; nulls (gaps) are never kept and always break a run, so gaps stay gaps. Charts only: exports
 * always carry every reading.
 */
export function smoothingKeepMask(
  values: readonly (number | null | undefined)[],
  tolerance: number,
): boolean[] {
  const keep = values.map((v) => typeof v === 'number' && Number.isFinite(v));
  if (!(tolerance > 0)) return keep;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    if (!keep[i]) continue;
    const v = values[i] as number;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const epsilon = (tolerance / 100) * (max - min);
  if (!(epsilon > 0)) return keep;

  const simplifyRun = (first: number, last: number) => {
    // An explicit stack instead of recursion: a run can hold a hundred thousand points.
    const stack: [number, number][] = [[first, last]];
    while (stack.length > 0) {
      const [a, b] = stack.pop() as [number, number];
      if (b - a < 2) continue;
      const va = values[a] as number;
      const slope = ((values[b] as number) - va) / (b - a);
      let worst = -1;
      let worstDistance = -1;
      for (let i = a + 1; i < b; i++) {
        const d = Math.abs((values[i] as number) - (va + slope * (i - a)));
        if (d > worstDistance) {
          worstDistance = d;
          worst = i;
        }
      }
      if (worstDistance > epsilon) {
        stack.push([a, worst], [worst, b]);
      } else {
        for (let i = a + 1; i < b; i++) keep[i] = false;
      }
    }
  };

  let runStart = -1;
  for (let i = 0; i <= values.length; i++) {
    const present = i < values.length && typeof values[i] === 'number' && Number.isFinite(values[i]);
    if (present && runStart === -1) runStart = i;
    if (!present && runStart !== -1) {
      simplifyRun(runStart, i - 1);
      runStart = -1;
    }
  }
  return keep;
}
