import { formatNumber, isPresentNumber, MISSING_VALUE } from './display.ts';

/** Systems of measurement (section 3, 9). */
export const SYSTEMS = ['Metric', 'Imperial'] as const;
export type UnitSystem = (typeof SYSTEMS)[number];

/** Quantities that convert between the systems (section 9 unit table). */
export const CONVERTIBLE_QUANTITIES = [
  'Temperature',
  'Speed',
  'Pressure',
  'LiquidLevel',
  'Maturity',
  'Strength',
] as const;
export type ConvertibleQuantity = (typeof CONVERTIBLE_QUANTITIES)[number];
/** Quantities with one unit in both systems (section 9). */
export const COMMON_QUANTITIES = [
  'Humidity',
  'Gas',
  'Sound',
  'OilDebris',
  'Current',
  'Power',
  'Voltage',
] as const;
export type CommonQuantity = (typeof COMMON_QUANTITIES)[number];
export type Quantity = ConvertibleQuantity | CommonQuantity;

/** Conversion factors of section 9. */
export const CONVERSION = {
  /** psi per MPa. */
  PSI_PER_MPA: 145.037738,
  /** °F per °C of difference; also the maturity factor (°C·h → °F·h). */
  FAHRENHEIT_PER_CELSIUS: 9 / 5,
  FAHRENHEIT_OFFSET: 32,
  /** mph per km/h. */
  MPH_PER_KMH: 0.621371,
  /** kPa per inHg: pressure in inHg is kPa divided by this. */
  KPA_PER_INHG: 3.386,
  /** ft per m. */
  FEET_PER_METRE: 3.28084,
} as const;

const TO_IMPERIAL: Record<ConvertibleQuantity, (v: number) => number> = {
  Temperature: (c) => c * CONVERSION.FAHRENHEIT_PER_CELSIUS + CONVERSION.FAHRENHEIT_OFFSET,
  Speed: (v) => v * CONVERSION.MPH_PER_KMH,
  Pressure: (v) => v / CONVERSION.KPA_PER_INHG,
  LiquidLevel: (v) => v * CONVERSION.FEET_PER_METRE,
  // A temperature-time factor is a temperature difference × time: scale only, no +32.
  Maturity: (v) => v * CONVERSION.FAHRENHEIT_PER_CELSIUS,
  Strength: (v) => v * CONVERSION.PSI_PER_MPA,
};

const TO_METRIC: Record<ConvertibleQuantity, (v: number) => number> = {
  Temperature: (f) => (f - CONVERSION.FAHRENHEIT_OFFSET) / CONVERSION.FAHRENHEIT_PER_CELSIUS,
  Speed: (v) => v / CONVERSION.MPH_PER_KMH,
  Pressure: (v) => v * CONVERSION.KPA_PER_INHG,
  LiquidLevel: (v) => v / CONVERSION.FEET_PER_METRE,
  Maturity: (v) => v / CONVERSION.FAHRENHEIT_PER_CELSIUS,
  Strength: (v) => v / CONVERSION.PSI_PER_MPA,
};

function isConvertible(q: string): q is ConvertibleQuantity {
  return Object.hasOwn(TO_IMPERIAL, q);
}

/**
 * A metric value in the user's system (section 9 conversions). Metric returns the value
 * unchanged, as do quantities with one unit in both systems. A missing value passes through.
 */
export function convert(quantity: string, metricValue: number, system: string | null | undefined): number;
export function convert(
  quantity: string,
  metricValue: number | null | undefined,
  system: string | null | undefined,
): number | null | undefined;
export function convert(
  quantity: string,
  metricValue: number | null | undefined,
  system: string | null | undefined,
): number | null | undefined {
  if (system !== 'Imperial' || !isPresentNumber(metricValue) || !isConvertible(quantity)) return metricValue;
  return TO_IMPERIAL[quantity](metricValue);
}

/**
 * The inverse of convert: a value entered in the user's system back to metric, the unit the
 * server stores (for thresholds and targets typed in Imperial).
 */
export function toMetric(quantity: string, value: number, system: string | null | undefined): number;
export function toMetric(
  quantity: string,
  value: number | null | undefined,
  system: string | null | undefined,
): number | null | undefined;
export function toMetric(
  quantity: string,
  value: number | null | undefined,
  system: string | null | undefined,
): number | null | undefined {
  if (system !== 'Imperial' || !isPresentNumber(value) || !isConvertible(quantity)) return value;
  return TO_METRIC[quantity](value);
}

const UNITS: Record<ConvertibleQuantity, { Metric: string; Imperial: string }> = {
  Temperature: { Metric: '°C', Imperial: '°F' },
  Speed: { Metric: 'km/hr', Imperial: 'mph' },
  Pressure: { Metric: 'kPa', Imperial: 'inHg' },
  LiquidLevel: { Metric: 'm', Imperial: 'ft' },
  Maturity: { Metric: '°C.Hr', Imperial: '°F.Hr' },
  Strength: { Metric: 'MPa', Imperial: 'psi' },
};
const COMMON_UNITS: Record<CommonQuantity, string> = {
  Humidity: '%',
  Gas: 'ppm',
  Sound: 'dB',
  OilDebris: '%',
  Current: 'A',
  Power: 'W',
  Voltage: 'V',
};

/**
 * Unit label of a quantity in a system (section 9 unit table). Any system other than
 * 'Imperial' reads as Metric, the default. Unknown quantities have no unit ('').
 */
export function unitLabel(quantity: string, system: string | null | undefined): string {
  if (isConvertible(quantity)) return UNITS[quantity][system === 'Imperial' ? 'Imperial' : 'Metric'];
  if (Object.hasOwn(COMMON_UNITS, quantity)) return COMMON_UNITS[quantity as CommonQuantity];
  return '';
}

/** Decimals shown for a quantity: psi without decimals, everything else one (section 9). */
export function decimalsFor(quantity: string, system: string | null | undefined): number {
  return quantity === 'Strength' && system === 'Imperial' ? 0 : 1;
}

/**
 * A metric value converted and formatted as text, without its unit (section 9): one decimal,
 * psi without decimals, '--' when missing. e.g. ('Strength', 21, 'Imperial') → '3046'.
 */
export function formatMeasurement(
  quantity: string,
  metricValue: number | null | undefined,
  system: string | null | undefined,
): string {
  return formatNumber(convert(quantity, metricValue, system), decimalsFor(quantity, system));
}

/**
 * The space between a value and its unit: a no-break space, so '22.0 km/hr' never wraps between the
 * number and its unit on a narrow screen.
 */
export const UNIT_SPACE = '\u00a0';

/** A value's text and its unit joined by UNIT_SPACE; '--' and unitless values stay as they are. */
export function withUnitText(text: string, unit: string): string {
  return text === MISSING_VALUE || unit === '' ? text : `${text}${UNIT_SPACE}${unit}`;
}

/**
 * formatMeasurement followed by a no-break space and the unit (e.g. '21.5 °C'); a missing value is
 * just '--', and a quantity without a unit gets none.
 */
export function formatMeasurementWithUnit(
  quantity: string,
  metricValue: number | null | undefined,
  system: string | null | undefined,
): string {
  return withUnitText(formatMeasurement(quantity, metricValue, system), unitLabel(quantity, system));
}

/** Electrical quantities that read with a k prefix (kW, kV, kA) once their values reach 1000 units. */
const PREFIXED_UNITS: Readonly<Record<string, string>> = { Power: 'W', Voltage: 'V', Current: 'A' };

/** How a set of values of one quantity is shown: the unit, the factor from the user's unit, and the decimals. */
export interface DisplayScale {
  unit: string;
  /** multiply a value in the user's unit (after convert) by this */
  factor: number;
  decimals: number;
}

/**
 * The unit a set of values reads best in (our rule, docs/decisions/web-polish.md): power in W while the
 * largest value is under 1 kW, else in kW (voltage V/kV and current A/kA alike), with 2 decimals under
 * 10 kW and 1 above. Every other quantity keeps its unit and decimals (section 9). Values are metric;
 * missing ones are skipped, and a set without any reads in the base unit.
 */
export function displayScale(
  quantity: string,
  metricValues: Iterable<number | null | undefined>,
  system: string | null | undefined,
): DisplayScale {
  const base = { unit: unitLabel(quantity, system), factor: 1, decimals: decimalsFor(quantity, system) };
  const unit = PREFIXED_UNITS[quantity];
  if (!unit) return base;
  let largest = 0;
  for (const v of metricValues) if (isPresentNumber(v)) largest = Math.max(largest, Math.abs(v));
  // Rounded as shown: 999.96 W reads '1000.0 W' otherwise.
  if (Number(largest.toFixed(base.decimals)) < 1000) return base;
  return { unit: `k${unit}`, factor: 1 / 1000, decimals: largest / 1000 < 9.995 ? 2 : 1 };
}

/** A metric value in a display scale, with its unit ('--' when missing): ('Power', 1375, kW scale) → '1.38 kW'. */
export function formatScaled(
  quantity: string,
  metricValue: number | null | undefined,
  system: string | null | undefined,
  scale: DisplayScale,
): string {
  const v = convert(quantity, metricValue, system);
  return withUnitText(formatNumber(isPresentNumber(v) ? v * scale.factor : v, scale.decimals), scale.unit);
}

/** A value with its unit in the unit it reads best in by itself (displayScale of that one value). */
export function formatMeasurementScaled(
  quantity: string,
  metricValue: number | null | undefined,
  system: string | null | undefined,
): string {
  return formatScaled(quantity, metricValue, system, displayScale(quantity, [metricValue], system));
}

/**
 * Quantity of a sensor type name as the server spells it (sections 3, 7: 'Temperature',
 * 'Humidity', 'Wind Speed', ...), or null when it has none.
 */
export function quantityOfSensorType(sensorType: string | null | undefined): Quantity | null {
  if (!sensorType) return null;
  const key = sensorType.replace(/[\s_]/g, '').toLowerCase();
  const aliases: Record<string, Quantity> = {
    windspeed: 'Speed',
    speed: 'Speed',
    liquidlevel: 'LiquidLevel',
    oildebris: 'OilDebris',
  };
  if (Object.hasOwn(aliases, key)) return aliases[key];
  const all: readonly Quantity[] = [...CONVERTIBLE_QUANTITIES, ...COMMON_QUANTITIES];
  return all.find((q) => q.toLowerCase() === key) ?? null;
}
