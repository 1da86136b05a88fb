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
