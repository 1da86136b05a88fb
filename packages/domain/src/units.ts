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
 * formatMeasurement followed by a space and the unit (e.g. '21.5 °C'); a missing value is
 * just '--', and a quantity without a unit gets none.
 */
export function formatMeasurementWithUnit(
  quantity: string,
  metricValue: number | null | undefined,
  system: string | null | undefined,
): string {
  const text = formatMeasurement(quantity, metricValue, system);
  const unit = unitLabel(quantity, system);
  return text === MISSING_VALUE || unit === '' ? text : `${text} ${unit}`;
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
