import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  convert,
  quantityOfSensorType,
  REPORT_DOWNSAMPLE_MS,
  sensorDisplayName,
  unitLabel,
} from '@sitepulse/domain';
import { AppError } from '../../../lib/errors.ts';
import { isTimeZone, zoneOffset } from '../../exports/format.ts';
import { EXPORT_PAGE } from '../../exports/service.ts';
import type { SensorRow } from '../../measurements/mappers.ts';
import type { RawDataText } from './raw-data-text.ts';
import { type ReportContext, ReportError } from './types.ts';

/** A sensor of a raw-data report, with how its values read in the requester's units. */
export interface RawSensor {
  id: number;
  nodeId: number;
  channelId: number;
  sensorType: string;
  /** its alias, or `Sensor {id}` */
  label: string;
  /** the quantity its values convert as (the sensor type itself when it has none) */
  quantity: string;
  /** the unit in the requester's system ('' for a quantity without one) */
  unit: string;
}

export interface Reading {
  ts: number;
  value: number;
}

/** One hour of one sensor's readings (metric values), for the `_DW` types. */
export interface HourRow {
  /** the hour's first instant (epoch ms): a whole hour of the requester's clock */
  start: number;
  n: number;
  avg: number;
  min: number;
  max: number;
}

/** Per-sensor figures of the whole range, for the summary (metric values). */
export interface SensorFigures {
  n: number;
  min: number | null;
  max: number | null;
  first: number | null;
  last: number | null;
}

type Kit = ReportContext['services']['measurements']['kit'];

const kitOf = (ctx: ReportContext): Kit => ctx.services.measurements.kit;

/**
 * The report's sensors: the chosen ones and every sensor of the chosen nodes (blacklisted ones left
 * out of a node, as the node's figures leave them out; a sensor chosen by id is always included),
 * each read with the owner's access and required to still be on the report's job site. Ordered by
 * node, channel, id. A sensor or node that became unreadable is a ReportError with a plain reason.
 */
export async function reportSensors(ctx: ReportContext, t: RawDataText): Promise<RawSensor[]> {
  const kit = kitOf(ctx);
  const siteId = ctx.request.tenantGroupId;
  const byId = new Map<number, SensorRow>();
  for (const id of ctx.attributes.sensorIds ?? []) {
    const s = await readable(() => kit.access.sensor(ctx.actor, id), t.sensorGone(id));
    if (s.tenant_group_id !== siteId) throw new ReportError(t.sensorGone(id));
    byId.set(s.id, s);
  }
  const nodeIds = ctx.attributes.nodeIds ?? [];
  for (const id of nodeIds) {
    const n = await readable(() => kit.access.node(ctx.actor, id), t.nodeGone(id));
    if (n.tenant_group_id !== siteId) throw new ReportError(t.nodeGone(id));
  }
  for (const s of await kit.repo.sensorsOfNodes(nodeIds)) {
    if (s.blacklisted === 0 && s.company_id === ctx.request.companyId && !byId.has(s.id)) byId.set(s.id, s);
  }
  ctx.signal.throwIfAborted();
  return [...byId.values()]
    .sort((a, b) => a.node_id - b.node_id || a.channel_id - b.channel_id || a.id - b.id)
    .map((s) => {
      const quantity = quantityOfSensorType(s.sensor_type) ?? s.sensor_type;
      return {
        id: s.id,
        nodeId: s.node_id,
        channelId: s.channel_id,
        sensorType: s.sensor_type,
        label: sensorDisplayName({ sensorId: s.id, sensorAlias: s.alias }),
        quantity,
        unit: unitLabel(quantity, ctx.attributes.units),
      };
    });
}

/**
 * The company's retention mark (docs/decisions/data-retention.md) as a UTC day, when the range starts
 * before it: the raw readings before it were removed, so the file holds only those from then on. A range
 * that ends before it is a ReportError: nothing raw is left to write. null when nothing was removed.
 */
export async function removedBefore(ctx: ReportContext, t: RawDataText): Promise<string | null> {
  const mark = await ctx.services.retention.rawRemovedBefore(ctx.request.companyId);
  const { from, to } = ctx.attributes;
  if (mark === null || from >= mark) return null;
  const day = new Date(mark).toISOString().slice(0, 10);
  if (to < mark) throw new ReportError(t.rangeRemoved(day));
  return day;
}

/** Runs an access check; a refusal (404/403) becomes the report's plain reason. */
async function readable<T>(check: () => Promise<T>, reason: string): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 403)) {
      throw new ReportError(reason);
    }
    throw err;
  }
}

/**
 * A value in the requester's units, rounded to 6 decimals: sensors read to a tenth or a hundredth, and
 * the rounding only removes binary noise of the conversion (21.5 °C is 70.7 °F, not 70.70000000000002).
 */
export function valueIn(s: RawSensor, metric: number, units: string): number {
  return Math.round(convert(s.quantity, metric, units) * 1e6) / 1e6;
}

/**
 * The requester's clock: the zone's offset at an instant (looked up once per 15 minutes of UTC time,
 * since zones change offset only on a quarter hour), a time as a Date whose UTC fields are the zone's
 * wall-clock fields (what an Excel cell, which has no zone, should show), and the start of the zone's
 * hour holding an instant.
 */
export function zoneClock(timeZone: string, t: RawDataText) {
  if (!isTimeZone(timeZone)) throw new ReportError(t.badTimeZone(timeZone));
  const offset = zoneOffset(timeZone);
  const H = REPORT_DOWNSAMPLE_MS;
  return {
    offset,
    wall: (ts: number) => new Date(ts + offset(ts)),
    /** the instant the zone's clock last showed a whole hour (a repeated DST hour stays two hours) */
    hourStart: (ts: number) => ts - ((((ts + offset(ts)) % H) + H) % H),
  };
}
export type ZoneClock = ReturnType<typeof zoneClock>;

/** A sensor's readings within [from, to] in time order, a keyset page at a time; stops when aborted. */
export async function* readingPages(ctx: ReportContext, sensorId: number): AsyncGenerator<Reading[]> {
  const { from, to } = ctx.attributes;
  if (from > to) return;
  const kit = kitOf(ctx);
  let after: number | null = null;
  for (;;) {
    ctx.signal.throwIfAborted();
    const page = await kit.readings.keysetPage(sensorId, from, to, after, 'asc', EXPORT_PAGE);
    if (page.length) yield page;
    if (page.length < EXPORT_PAGE) return;
    after = page[page.length - 1].ts;
  }
}

/**
 * The readings folded into one row per hour of the requester's clock, in time order, a page at a time:
 * only the hour being summed is held, so any range is bounded memory.
 */
export async function* hourPages(
  pages: AsyncIterable<Reading[]>,
  clock: ZoneClock,
): AsyncGenerator<HourRow[]> {
  let cur: { start: number; n: number; total: number; min: number; max: number } | null = null;
  const done = (c: NonNullable<typeof cur>): HourRow => ({
    start: c.start,
    n: c.n,
    avg: c.total / c.n,
    min: c.min,
    max: c.max,
  });
  for await (const page of pages) {
    const out: HourRow[] = [];
    for (const r of page) {
      const start = clock.hourStart(r.ts);
      if (cur && cur.start === start) {
        cur.n += 1;
        cur.total += r.value;
        if (r.value < cur.min) cur.min = r.value;
        if (r.value > cur.max) cur.max = r.value;
      } else {
        if (cur) out.push(done(cur));
        cur = { start, n: 1, total: r.value, min: r.value, max: r.value };
      }
    }
    if (out.length) yield out;
  }
  if (cur) yield [done(cur)];
}

/**
 * Count, min, max, first and last reading time of each sensor over the range: count, min and max in
 * SQL (hourly rollup for whole hours), first and last by one index seek each.
 */
export async function sensorFigures(
  ctx: ReportContext,
  sensors: RawSensor[],
): Promise<Map<number, SensorFigures>> {
  const kit = kitOf(ctx);
  const { from, to } = ctx.attributes;
  const out = new Map<number, SensorFigures>();
  const stats =
    from <= to
      ? await kit.readings.stats(
          sensors.map((s) => s.id),
          from,
          to,
        )
      : new Map();
  for (const s of sensors) {
    ctx.signal.throwIfAborted();
    const st = stats.get(s.id);
    if (!st) {
      out.set(s.id, { n: 0, min: null, max: null, first: null, last: null });
      continue;
    }
    const [first] = await kit.readings.keysetPage(s.id, from, to, null, 'asc', 1);
    const [last] = await kit.readings.keysetPage(s.id, from, to, null, 'desc', 1);
    out.set(s.id, { n: st.n, min: st.min, max: st.max, first: first?.ts ?? null, last: last?.ts ?? null });
  }
  return out;
}

/**
 * Writes a chunk, waiting while the reader is behind (backpressure). A destroyed stream or an aborted
 * signal ends the wait; the caller checks the signal after.
 */
export async function writeChunk(out: Writable, chunk: string, signal: AbortSignal): Promise<void> {
  if (out.destroyed) throw new Error('The report file stream was closed');
  if (out.write(chunk)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
    signal.addEventListener('abort', done);
  });
  signal.throwIfAborted();
}

/** Ends the stream and resolves once everything written has been taken (rejects on a stream error). */
export async function endStream(out: Writable): Promise<void> {
  out.end();
  await finished(out, { readable: false });
}

/**
 * Runs a generator's writing: on failure or abort the file stream is destroyed (a partial file is never
 * stored as a whole one) and the error thrown. Destroyed without an error, so a reader without an error
 * handler is not crashed; the store's pipeline fails with the premature close.
 */
export async function writing(ctx: ReportContext, write: () => Promise<void>): Promise<void> {
  const onAbort = () => ctx.out.destroy();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    ctx.signal.throwIfAborted();
    await write();
    ctx.signal.throwIfAborted();
  } catch (err) {
    ctx.out.destroy();
    throw ctx.signal.aborted ? abortReason(ctx.signal) : err;
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('The report was stopped');
}
