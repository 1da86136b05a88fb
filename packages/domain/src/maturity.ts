import { HOUR_MS, type TimeInput, toEpochMs } from './time.ts';

/** One temperature reading of a concrete sensor. */
export interface TemperatureReading {
  ts: TimeInput;
  tempC: number;
}

/** Default datum temperature of the Nurse-Saul function (ASTM C1074), °C. */
export const DEFAULT_DATUM_C = -10;
/** Default apparent activation energy for equivalent age (ASTM C1074), J/mol. */
export const DEFAULT_ACTIVATION_ENERGY = 40_000;
/** Default reference temperature for equivalent age, °C. */
export const DEFAULT_REFERENCE_C = 20;
/** Universal gas constant, J/(mol·K). */
export const GAS_CONSTANT = 8.314;
/** 0 °C in kelvin. */
export const KELVIN_OFFSET = 273.15;

/**
 * Consecutive intervals of the readings as (hours, mean °C), sorted by time. Readings with an
 * unreadable time or temperature are dropped rather than poisoning the sum; two readings at the
 * same time make an interval of 0 hours, which adds nothing.
 */
function intervals(
  readings: readonly TemperatureReading[] | null | undefined,
): { hours: number; meanC: number }[] {
  const clean = (readings ?? [])
    .map((r) => ({ t: toEpochMs(r.ts), c: r.tempC }))
    .filter(
      (r): r is { t: number; c: number } => r.t !== null && typeof r.c === 'number' && Number.isFinite(r.c),
    )
    .sort((a, b) => a.t - b.t);
  const out: { hours: number; meanC: number }[] = [];
  for (let i = 1; i < clean.length; i++) {
    out.push({ hours: (clean[i].t - clean[i - 1].t) / HOUR_MS, meanC: (clean[i].c + clean[i - 1].c) / 2 });
  }
  return out;
}

/**
 * Nurse-Saul temperature-time factor in °C·h (ASTM C1074): each interval between consecutive
 * readings adds (mean of its two end temperatures − datum) × hours, and nothing when that mean
 * is at or below the datum. Readings may come in any order; fewer than two give 0.
 */
export function nurseSaulMaturity(
  readings: readonly TemperatureReading[] | null | undefined,
  datumC: number = DEFAULT_DATUM_C,
): number {
  let sum = 0;
  for (const { hours, meanC } of intervals(readings)) sum += nurseSaulIncrement(meanC, hours, datumC);
  return sum;
}

/**
 * What one interval adds to the Nurse-Saul factor: (mean − datum) × hours, or 0 at or below the
 * datum. The server keeps maturity current reading by reading with this same step, so its running
 * sum equals nurseSaulMaturity of the whole series to the last bit.
 */
export function nurseSaulIncrement(meanC: number, hours: number, datumC: number = DEFAULT_DATUM_C): number {
  return meanC > datumC ? (meanC - datumC) * hours : 0;
}

/** The interval between two consecutive readings as nurseSaulMaturity sees it: hours and mean °C. */
export function readingInterval(
  prev: { ts: number; tempC: number },
  next: { ts: number; tempC: number },
): { hours: number; meanC: number } {
  return { hours: (next.ts - prev.ts) / HOUR_MS, meanC: (next.tempC + prev.tempC) / 2 };
}

/**
 * Equivalent age in hours at the reference temperature (ASTM C1074, Arrhenius form): the sum
 * over intervals of exp(−E/R × (1/(273.15 + Tmean) − 1/(273.15 + Tref))) × Δt hours, with the
 * interval mean temperature as in nurseSaulMaturity.
 */
export function equivalentAge(
  readings: readonly TemperatureReading[] | null | undefined,
  options: { activationEnergy?: number; referenceC?: number } = {},
): number {
  let sum = 0;
  for (const { hours, meanC } of intervals(readings)) sum += equivalentAgeIncrement(meanC, hours, options);
  return sum;
}

/** What one interval adds to the equivalent age, in hours (the step of equivalentAge). */
export function equivalentAgeIncrement(
  meanC: number,
  hours: number,
  options: { activationEnergy?: number; referenceC?: number } = {},
): number {
  const e = options.activationEnergy ?? DEFAULT_ACTIVATION_ENERGY;
  const refK = KELVIN_OFFSET + (options.referenceC ?? DEFAULT_REFERENCE_C);
  return Math.exp((-e / GAS_CONSTANT) * (1 / (KELVIN_OFFSET + meanC) - 1 / refK)) * hours;
}

/** A concrete profile's strength curve: S = a + b·log10(M), S in MPa, M in °C·h. */
export interface StrengthProfile {
  a: number;
  b: number;
}

/**
 * Estimated strength in MPa from a maturity in °C·h by a profile's logarithmic curve
 * S = a + b·log10(M). Never below 0: the log curve goes negative at low maturity, and a
 * maturity at or below 0 (or missing) gives 0.
 */
export function strengthFromMaturity(maturity: number | null | undefined, profile: StrengthProfile): number {
  if (typeof maturity !== 'number' || !Number.isFinite(maturity) || maturity <= 0) return 0;
  const s = profile.a + profile.b * Math.log10(maturity);
  return Number.isFinite(s) && s > 0 ? s : 0;
}

/** One lab break of a concrete profile: a maturity index (°C·h, or hours of equivalent age) and the strength measured (MPa). */
export interface LabBreak {
  maturity: number;
  strength: number;
}

/** A strength curve fitted to lab breaks, with how well it fits and where it was calibrated. */
export interface StrengthCurveFit extends StrengthProfile {
  /** Coefficient of determination of the fit, 0..1 (1 when every break lies on the curve). */
  r2: number;
  /** Lowest and highest maturity among the breaks: strengths outside this range are extrapolated. */
  minMaturity: number;
  maxMaturity: number;
}

/**
 * Least-squares fit of S = a + b·log10(M) to lab breaks (ASTM C1074 annex, logarithmic form).
 * Needs at least two breaks with a positive maturity at two different maturities; otherwise
 * null. Breaks with a maturity at or below 0 or a non-finite value are ignored.
 */
export function fitStrengthCurve(breaks: readonly LabBreak[]): StrengthCurveFit | null {
  const pts = breaks.filter(
    (p) => Number.isFinite(p.maturity) && Number.isFinite(p.strength) && p.maturity > 0,
  );
  if (pts.length < 2) return null;
  const xs = pts.map((p) => Math.log10(p.maturity));
  const ys = pts.map((p) => p.strength);
  const n = pts.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i] - mx) ** 2;
    sxy += (xs[i] - mx) * (ys[i] - my);
    syy += (ys[i] - my) ** 2;
  }
  if (sxx === 0) return null;
  const b = sxy / sxx;
  const a = my - b * mx;
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (ys[i] - (a + b * xs[i])) ** 2;
  const r2 = syy === 0 ? 1 : Math.max(0, 1 - sse / syy);
  const ms = pts.map((p) => p.maturity);
  return { a, b, r2, minMaturity: Math.min(...ms), maxMaturity: Math.max(...ms) };
}

/** Whether a maturity lies outside a profile's calibrated range (its strength is an extrapolation). */
export function isOutsideCalibration(
  maturity: number | null | undefined,
  range: { minMaturity?: number | null; maxMaturity?: number | null },
): boolean {
  if (typeof maturity !== 'number' || !Number.isFinite(maturity)) return false;
  if (typeof range.minMaturity === 'number' && maturity < range.minMaturity) return true;
  if (typeof range.maxMaturity === 'number' && maturity > range.maxMaturity) return true;
  return false;
}

/** Maturity functions a concrete profile may use (the "function types" call). */
export const MATURITY_FUNCTIONS = ['NURSE_SAUL', 'EQUIVALENT_AGE'] as const;
export type MaturityFunction = (typeof MATURITY_FUNCTIONS)[number];

/**
 * The target strength a job is measured against: the singular target when set, otherwise the
 * highest of the high, medium and low targets that is set; null when the job has none.
 */
export function jobTargetStrength(job: {
  singularTargetedStrength?: number | null;
  highTargetedStrength?: number | null;
  mediumTargetedStrength?: number | null;
  lowTargetedStrength?: number | null;
}): number | null {
  const set = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
  if (set(job.singularTargetedStrength)) return job.singularTargetedStrength;
  for (const v of [job.highTargetedStrength, job.mediumTargetedStrength, job.lowTargetedStrength]) {
    if (set(v)) return v;
  }
  return null;
}

/**
 * A job's strength from its sensors' strengths: the average (aggregateType AVG) of the sensors
 * that count (not blacklisted, not decommissioned); null when none has a value.
 */
export function jobStrength(sensorStrengths: readonly (number | null | undefined)[]): number | null {
  const vals = sensorStrengths.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return vals.length === 0 ? null : vals.reduce((s, v) => s + v, 0) / vals.length;
}

/** Whether a job has matured: its strength has reached its target (section 4, MATURED). */
export function hasMatured(strength: number | null | undefined, target: number | null | undefined): boolean {
  return typeof strength === 'number' && typeof target === 'number' && strength >= target;
}
