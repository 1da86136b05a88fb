import { DAY_MS, HOUR_MS, MINUTE_MS } from './time.ts';

/**
 * Node types (section 3 and the job types of section 2). A maturity node carries a cable of
 * temperature channels; every other type reports its own sensors.
 */
export const NODE_TYPES = [
  'Maturity',
  'Humidity',
  'Microweather Node',
  'Gas',
  'Liquid Level',
  'Oil Debris',
  'Current Transformer',
  'Leak Detection',
  'Door Sensor',
  'Fire Extinguisher',
  'GPS',
  'Lightning Detection',
  'Cameras',
  'Vibration',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** Sensor types as readings name them (section 3: 'Temperature', 'Humidity', 'Wind Speed', ...). */
export const SENSOR_TYPES = [
  'Temperature',
  'Humidity',
  'Wind Speed',
  'Pressure',
  'Gas',
  'Liquid Level',
  'Oil Debris',
  'Current',
  'Power',
  'Voltage',
  'Sound',
  'Leak',
  'Door',
  'Pressure Gauge',
  'Lightning',
  'Vibration',
] as const;
export type SensorType = (typeof SENSOR_TYPES)[number];

/** Kinds of job the server runs (section 3). */
export const JOB_KINDS = ['MATURITY', 'HUMIDITY', 'MICROWEATHER', 'DATA', 'GPS', 'POWER'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** Channel types of a cable spec (section 3). */
export const CHANNEL_TYPES = ['Temperature', 'Humidity'] as const;

/** Event types and their bit in a job's jobAlarmTriggered flags (section 3). */
export const EVENT_TYPES = [
  { name: 'MATURED', category: 'JOB', bitIndex: 0 },
  { name: 'SENSOR_THRESHOLD', category: 'SENSOR', bitIndex: 1 },
  { name: 'LOW_BATTERY', category: 'NODE', bitIndex: 2 },
  { name: 'NO_SIGNAL', category: 'NODE', bitIndex: 3 },
] as const;

/** A time-range read's bucket, by the length of the range: `5min` for short ranges (section 9). */
export const CHART_BUCKETS = [
  { name: '5min', ms: 5 * MINUTE_MS, maxRangeMs: 7 * DAY_MS },
  { name: '1h', ms: HOUR_MS, maxRangeMs: 90 * DAY_MS },
  { name: '6h', ms: 6 * HOUR_MS, maxRangeMs: 540 * DAY_MS },
  { name: '1d', ms: DAY_MS, maxRangeMs: Number.POSITIVE_INFINITY },
] as const;
export type ChartBucket = (typeof CHART_BUCKETS)[number];

/**
 * The bucket of a time-range read: the finest whose range limit holds the range, so a series has
 * at most about two thousand points (7 days of 5 minutes, 90 days of hours).
 */
export function chartBucketFor(rangeMs: number): ChartBucket {
  const r = Number.isFinite(rangeMs) && rangeMs > 0 ? rangeMs : 0;
  return CHART_BUCKETS.find((b) => r <= b.maxRangeMs) ?? CHART_BUCKETS[CHART_BUCKETS.length - 1];
}

/** The most items one ingest request may carry; more answers 413. */
export const INGEST_MAX_ITEMS = 10_000;
/** How far ahead of the server clock a reading's time may be before it is rejected. */
export const INGEST_MAX_FUTURE_MS = 10 * MINUTE_MS;
