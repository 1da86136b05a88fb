import { INGEST_MAX_FUTURE_MS, SENSOR_TYPES } from '@sitepulse/domain';

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

const SENSOR_TYPE_SET: ReadonlySet<string> = new Set(SENSOR_TYPES);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

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
  return Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : 'nodeId must be a positive integer';
}

/** Checks one reading item; a string is the reason it is rejected. */
export function parseReading(item: unknown, index: number, now: number): ParsedReading | string {
  if (!isObject(item)) return 'a reading must be an object';
  const nodeId = nodeIdOf(item);
  if (typeof nodeId === 'string') return nodeId;
  const { channelId, sensorType, value } = item;
  if (!Number.isSafeInteger(channelId) || (channelId as number) < 0)
    return 'channelId must be an integer of 0 or more';
  if (typeof sensorType !== 'string' || !SENSOR_TYPE_SET.has(sensorType))
    return `unknown sensorType: ${String(sensorType)}`;
  if (!isFiniteNumber(value)) return 'value is not a number';
  const ts = parseTs(item.ts, now);
  if (typeof ts === 'string') return ts;
  return { index, nodeId, channelId: channelId as number, sensorType, ts, value };
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
