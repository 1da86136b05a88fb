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
  for (const { hours, meanC } of intervals(readings)) {
    if (meanC > datumC) sum += (meanC - datumC) * hours;
  }
  return sum;
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
  const e = options.activationEnergy ?? DEFAULT_ACTIVATION_ENERGY;
  const refK = KELVIN_OFFSET + (options.referenceC ?? DEFAULT_REFERENCE_C);
  let sum = 0;
  for (const { hours, meanC } of intervals(readings)) {
    sum += Math.exp((-e / GAS_CONSTANT) * (1 / (KELVIN_OFFSET + meanC) - 1 / refK)) * hours;
  }
  return sum;
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
