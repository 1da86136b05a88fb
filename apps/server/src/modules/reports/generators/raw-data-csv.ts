import { stringify } from 'csv-stringify/sync';
import { safeText, zonedFormatter } from '../../exports/format.ts';
import {
  endStream,
  hourPages,
  type RawSensor,
  readingPages,
  removedBefore,
  reportSensors,
  valueIn,
  writeChunk,
  writing,
  zoneClock,
} from './raw-data-source.ts';
import { type RawDataText, rawDataText, sensorTypeName, withUnit } from './raw-data-text.ts';
import type { ReportContext, ReportGenerator } from './types.ts';

type Cell = string | number | null;

/** The sensor types of the file in order of first appearance: each gets its own value column(s). */
function typesOf(sensors: RawSensor[]): RawSensor[] {
  const seen = new Map<string, RawSensor>();
  for (const s of sensors) if (!seen.has(s.sensorType)) seen.set(s.sensorType, s);
  return [...seen.values()];
}

/**
 * The header: who and when, then per sensor type its value column with the type's unit (raw), or its
 * average, min and max columns and one count of readings (hourly).
 */
function header(t: RawDataText, zone: string, types: RawSensor[], hourly: boolean): string[] {
  const lead = [t.sensor, t.sensorId, t.nodeId, hourly ? t.hourStart(zone) : t.time(zone)];
  const name = (s: RawSensor) => sensorTypeName(t, s.sensorType);
  if (!hourly) return [...lead, ...types.map((s) => withUnit(name(s), s.unit))].map(safeText);
  const stats = types.flatMap((s) =>
    [t.average, t.min, t.max].map((what) => withUnit(`${name(s)}: ${what}`, s.unit)),
  );
  return [...lead, ...stats, t.readings].map(safeText);
}

/**
 * RAW_DATA_CSV (every reading) and RAW_DATA_CSV_DW (one row per sensor per hour of the requester's
 * clock). UTF-8 with a BOM so Excel reads the units' degree signs; streamed a keyset page at a time
 * with backpressure; typed text (aliases) made formula-safe.
 */
export function csvGenerator(hourly: boolean): ReportGenerator {
  return (ctx: ReportContext) =>
    writing(ctx, async () => {
      const { timeZone: zone, units } = ctx.attributes;
      const t = rawDataText(ctx.attributes.language);
      const clock = zoneClock(zone, t);
      const fmt = zonedFormatter(zone);
      const sensors = await reportSensors(ctx, t);
      // A CSV has no place for a note: a range wholly before the retention mark is refused with its reason.
      await removedBefore(ctx, t);
      const types = typesOf(sensors);
      const { out, signal } = ctx;
      await writeChunk(out, `\ufeff${stringify([header(t, zone, types, hourly)])}`, signal);
      for (const s of sensors) {
        const label = safeText(s.label);
        const col = types.findIndex((x) => x.sensorType === s.sensorType);
        if (!hourly) {
          for await (const page of readingPages(ctx, s.id)) {
            const rows = page.map((r) => {
              const row: Cell[] = [label, s.id, s.nodeId, fmt(r.ts), ...new Array(types.length).fill(null)];
              row[4 + col] = valueIn(s, r.value, units);
              return row;
            });
            await writeChunk(out, stringify(rows), signal);
          }
          continue;
        }
        for await (const page of hourPages(readingPages(ctx, s.id), clock)) {
          const rows = page.map((h) => {
            const row: Cell[] = [
              label,
              s.id,
              s.nodeId,
              fmt(h.start),
              ...new Array(types.length * 3).fill(null),
              h.n,
            ];
            row[4 + 3 * col] = valueIn(s, h.avg, units);
            row[5 + 3 * col] = valueIn(s, h.min, units);
            row[6 + 3 * col] = valueIn(s, h.max, units);
            return row;
          });
          await writeChunk(out, stringify(rows), signal);
        }
      }
      await endStream(out);
    });
}
