import { ALARM_TYPE_SENSOR_THRESHOLD } from './constants.ts';
import { EVENT_TYPES } from './sensors.ts';

/**
 * Alarms (spec sections 3 "Event type" and "Alarm", 4 "Alarm status per job", 7 "Alarms and
 * notifications"): the threshold types a job can carry, the rules that decide whether a job's alarm
 * bit is set, and the arithmetic on jobAlarmTriggered flags.
 */

/** Alarm types POST /alarms accepts: a bound on a sensor's readings, or a strength target. */
export const ALARM_TYPES = [ALARM_TYPE_SENSOR_THRESHOLD, 'MATURITY_STRENGTH_THRESHOLD'] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];

/** Event type categories (EVENT_TYPES `category`). */
export const EVENT_CATEGORIES = ['JOB', 'SENSOR', 'NODE'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

const bitOf = (name: string) => EVENT_TYPES.find((e) => e.name === name)?.bitIndex ?? -1;
/** Bit of jobAlarmTriggered set while a sensor's latest reading is outside its job's threshold. */
export const SENSOR_THRESHOLD_BIT = bitOf('SENSOR_THRESHOLD');
/** Bit of jobAlarmTriggered set once a maturity job's strength reached its target. */
export const MATURED_BIT = bitOf('MATURED');

/** The event types of a category (every event type when none is given), ordered by bit. */
export function eventTypesByCategory(
  category?: string | null,
): { name: string; bitIndex: number; category: string }[] {
  return EVENT_TYPES.filter((e) => !category || e.category === category)
    .map((e) => ({ name: e.name, bitIndex: e.bitIndex, category: e.category }))
    .sort((a, b) => a.bitIndex - b.bitIndex);
}

/** A sensor threshold: readings above `high` or below `low` are out of bounds; null means no bound. */
export interface ThresholdBounds {
  high: number | null;
  low: number | null;
}

/**
 * Why a pair of bounds cannot be stored, or null when it can: each bound is a finite number or
 * null, and when both are set the low bound is below the high one.
 */
export function thresholdBoundsError(b: {
  high?: number | null | undefined;
  low?: number | null | undefined;
}): string | null {
  for (const [name, v] of [
    ['mediumThresholdHBound', b.high],
    ['mediumThresholdLBound', b.low],
  ] as const) {
    if (v !== null && v !== undefined && (typeof v !== 'number' || !Number.isFinite(v))) {
      return `${name} must be a finite number or null`;
    }
  }
  if (typeof b.high === 'number' && typeof b.low === 'number' && !(b.low < b.high)) {
    return 'mediumThresholdLBound must be below mediumThresholdHBound';
  }
  return null;
}

/** Whether the bounds hold any limit at all (both null: no threshold). */
export const hasBounds = (b: ThresholdBounds): boolean => b.high !== null || b.low !== null;

/** Whether one reading is out of bounds: strictly above the high bound or strictly below the low one. */
export function isOutsideBounds(value: number | null | undefined, b: ThresholdBounds): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  return (b.high !== null && value > b.high) || (b.low !== null && value < b.low);
}

/**
 * Whether a job's SENSOR_THRESHOLD bit is due: the latest reading of at least one of its counted
 * sensors (of the threshold's sensor type) is out of bounds. No readings, no alarm.
 */
export function sensorThresholdTriggered(
  latestValues: readonly (number | null | undefined)[],
  b: ThresholdBounds,
): boolean {
  return latestValues.some((v) => isOutsideBounds(v, b));
}

/**
 * The flags with bit `bitIndex` set (`on`) or cleared. Arithmetic rather than bitwise operators, so
 * flags above 31 bits still come out right (as isAlarmBitSet reads them). A negative index changes nothing.
 */
export function withAlarmBit(flags: number, bitIndex: number, on: boolean): number {
  const f = Number.isFinite(flags) && flags > 0 ? Math.floor(flags) : 0;
  if (!Number.isInteger(bitIndex) || bitIndex < 0) return f;
  const bit = 2 ** bitIndex;
  const isSet = Math.floor(f / bit) % 2 === 1;
  if (on === isSet) return f;
  return on ? f + bit : f - bit;
}

/**
 * The sensor type a SENSOR_THRESHOLD applies to: the one asked for, else the job's first sensor
 * type (maturity: Temperature; humidity: Humidity; a gas job: Gas). Null when the job reads none.
 */
export function thresholdSensorType(jobSensorTypes: readonly string[], asked?: string | null): string | null {
  if (asked) return asked;
  return jobSensorTypes[0] ?? null;
}
