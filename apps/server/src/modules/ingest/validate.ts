// Node ids and channel ids are PostgreSQL `integer` columns: larger numbers cannot be stored.
import { ID_MAX, INT32_MAX } from '@sitepulse/contracts';
import { INGEST_MAX_FUTURE_MS, SENSOR_TYPES } from '@sitepulse/domain';
import { quoted } from './uplink-limits.ts';

/** Earliest time a reading may carry: before this, the gateway's clock is surely wrong. */
export const INGEST_MIN_TS = Date.UTC(2000, 0, 1);

export type ItemKind = 'reading' | 'status' | 'location';

export interface Rejection {
  kind: ItemKind;
  index: number;
  reason: string;
  item: unknown;
}

export interface ParsedReading {
  index: number;
  nodeId: number;
  channelId: number;
  sensorType: string;
  ts: number;
  value: number;
}
export interface ParsedStatus {
  index: number;
  nodeId: number;
  ts: number;
  battery: number | null;
  signal: number | null;
}
export interface ParsedLocation {
  index: number;
  nodeId: number;
  ts: number;
  lat: number;
  lng: number;
}

/**
 * Largest reading magnitude. Far beyond any sensor, and small enough that an hour's sum of readings
 * (reading_hour.total) can never overflow a double, which PostgreSQL refuses.
 */
export const VALUE_LIMIT = 1e12;
/** Received signal strength, dBm. */
export const SIGNAL_MIN_DBM = -200;
export const SIGNAL_MAX_DBM = 0;

const SENSOR_TYPE_SET: ReadonlySet<string> = new Set(SENSOR_TYPES);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isIntegerIn = (v: unknown, min: number, max: number): v is number =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/** Epoch ms of an ISO 8601 text or epoch-ms number, or a reason it is not acceptable. */
export function parseTs(v: unknown, now: number): number | string {
  let ms: number;
  if (typeof v === 'number') ms = v;
  else if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) ms = Date.parse(v);
  else return 'ts must be an ISO 8601 time or epoch milliseconds';
  if (!Number.isFinite(ms) || !Number.isInteger(ms)) return 'ts is not a valid time';
  if (ms < INGEST_MIN_TS) return 'ts is before 2000-01-01';
  if (ms > now + INGEST_MAX_FUTURE_MS) return 'ts is too far in the future';
  return ms;
}

function nodeIdOf(item: Record<string, unknown>): number | string {
  const v = item.nodeId;
  return isIntegerIn(v, 1, ID_MAX) ? v : `nodeId must be an integer from 1 to ${ID_MAX}`;
}

/** Checks one reading item; a string is the reason it is rejected. */
export function parseReading(item: unknown, index: number, now: number): ParsedReading | string {
  if (!isObject(item)) return 'a reading must be an object';
  const nodeId = nodeIdOf(item);
  if (typeof nodeId === 'string') return nodeId;
  const { channelId, sensorType, value } = item;
  if (!isIntegerIn(channelId, 0, INT32_MAX)) return `channelId must be an integer from 0 to ${INT32_MAX}`;
  if (typeof sensorType !== 'string' || !SENSOR_TYPE_SET.has(sensorType))
    return `unknown sensorType: ${quoted(sensorType)}`;
  if (!isFiniteNumber(value)) return 'value is not a number';
  if (Math.abs(value) > VALUE_LIMIT) return 'value must be a number from -1e12 to 1e12';
  const ts = parseTs(item.ts, now);
  if (typeof ts === 'string') return ts;
  return { index, nodeId, channelId, sensorType, ts, value };
}

const optionalNumber = (v: unknown): number | null | undefined =>
  v === undefined || v === null ? null : isFiniteNumber(v) ? v : undefined;

export function parseStatus(item: unknown, index: number, now: number): ParsedStatus | string {
  if (!isObject(item)) return 'a status must be an object';
  const nodeId = nodeIdOf(item);
  if (typeof nodeId === 'string') return nodeId;
  const battery = optionalNumber(item.battery);
  const signal = optionalNumber(item.signal);
  if (battery === undefined) return 'battery is not a number';
  if (signal === undefined) return 'signal is not a number';
  if (battery !== null && (battery < 0 || battery > 100)) return 'battery must be a percentage, 0 to 100';
  if (signal !== null && (signal < SIGNAL_MIN_DBM || signal > SIGNAL_MAX_DBM))
    return `signal must be a number from ${SIGNAL_MIN_DBM} to ${SIGNAL_MAX_DBM} (dBm)`;
  if (battery === null && signal === null) return 'a status needs battery or signal';
  const ts = parseTs(item.ts, now);
  if (typeof ts === 'string') return ts;
  return { index, nodeId, ts, battery, signal };
}

export function parseLocation(item: unknown, index: number, now: number): ParsedLocation | string {
  if (!isObject(item)) return 'a location must be an object';
  const nodeId = nodeIdOf(item);
  if (typeof nodeId === 'string') return nodeId;
  const { lat, lng } = item;
  if (!isFiniteNumber(lat) || lat < -90 || lat > 90) return 'lat must be a number from -90 to 90';
  if (!isFiniteNumber(lng) || lng < -180 || lng > 180) return 'lng must be a number from -180 to 180';
  const ts = parseTs(item.ts, now);
  if (typeof ts === 'string') return ts;
  return { index, nodeId, ts, lat, lng };
}

/** The three lists of an ingest body, each checked item by item. */
export function parseBatch(
  body: { readings?: unknown[]; status?: unknown[]; locations?: unknown[] },
  now: number,
) {
  const rejected: Rejection[] = [];
  const take = <T>(
    kind: ItemKind,
    list: unknown[] | undefined,
    parse: (i: unknown, n: number, now: number) => T | string,
  ) => {
    const out: T[] = [];
    (list ?? []).forEach((item, index) => {
      const r = parse(item, index, now);
      if (typeof r === 'string') rejected.push({ kind, index, reason: r, item });
      else out.push(r);
    });
    return out;
  };
  return {
    readings: take('reading', body.readings, parseReading),
    status: take('status', body.status, parseStatus),
    locations: take('location', body.locations, parseLocation),
    rejected,
  };
}
