import ExcelJS from 'exceljs';
import { type SheetStream, settle, XLSX_SHEET_ROWS } from '../../exports/service.ts';
import {
  hourPages,
  type RawSensor,
  readingPages,
  removedBefore,
  reportSensors,
  type SensorFigures,
  sensorFigures,
  valueIn,
  writing,
  type ZoneClock,
  zoneClock,
} from './raw-data-source.ts';
import { type RawDataText, rawDataText, sensorTypeName, withUnit } from './raw-data-text.ts';
import type { ReportContext, ReportGenerator } from './types.ts';

/** Excel's format of the spec's report times (`YYYY-MM-DD hh:mm:ss A`). */
export const XLSX_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss AM/PM';
/** Excel refuses longer sheet names. */
export const SHEET_NAME_MAX = 31;

/**
 * A sheet name Excel accepts and no other sheet of the workbook has (compared without case, as Excel
 * does): no []:*?/\ or control characters, not starting or ending with an apostrophe, at most 31
 * characters with `suffix` (the sensor id) always kept, and ` ~2`, ` ~3`... added on a clash.
 */
export function uniqueSheetName(text: string, suffix: string, used: Set<string>): string {
  const clean =
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[[\]:*?/\\\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s']+|[\s']+$/g, '') || 'Sheet';
  const fit = (room: number) =>
    clean
      .slice(0, Math.max(0, room))
      .replace(/[\ud800-\udbff]$/, '')
      .trimEnd();
  let name = `${fit(SHEET_NAME_MAX - suffix.length)}${suffix}`;
  for (let i = 2; used.has(name.toLowerCase()); i++) {
    const more = `${suffix} ~${i}`;
    name = `${fit(SHEET_NAME_MAX - more.length)}${more}`;
  }
  used.add(name.toLowerCase());
  return name;
}

/** A sensor's sheet name: its alias (shortened) with its id, or `Sensor {id}`; `part` for a continuation. */
function sensorSheetName(s: RawSensor, part: number, used: Set<string>): string {
  const plain = s.label === `Sensor ${s.id}`;
  const more = part > 1 ? ` ${part}` : '';
  return plain ? uniqueSheetName(s.label, more, used) : uniqueSheetName(s.label, ` (${s.id})${more}`, used);
}

const sheetStream = (ws: ExcelJS.Worksheet) => (ws as unknown as { stream: SheetStream }).stream;
const FROZEN_HEADER: Partial<ExcelJS.WorksheetView>[] = [{ state: 'frozen', ySplit: 1 }];
const BOLD = { bold: true };

/**
 * The summary sheet: the report (site, company, name, range, zone, units, what a row is), a note when
 * there is nothing to show, and one row per sensor: name, id, node, type, unit, readings, min, max,
 * first and last reading, and its sheet.
 */
function writeSummary(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  ctx: ReportContext,
  t: RawDataText,
  clock: ZoneClock,
  sensors: RawSensor[],
  figures: Map<number, SensorFigures>,
  sheetNames: Map<number, string>,
  name: string,
  hourly: boolean,
  removed: string | null,
) {
  const { from, to, timeZone, units } = ctx.attributes;
  const ws = wb.addWorksheet(name, {});
  ws.columns = [
    { width: 28 },
    { width: 24 },
    { width: 12 },
    { width: 16 },
    { width: 8 },
    { width: 10 },
    { width: 10 },
    { width: 10 },
    { width: 24 },
    { width: 24 },
    { width: 32 },
  ];
  const pair = (label: string, value: string | Date) => {
    const row = ws.addRow([label, value]);
    row.getCell(1).font = BOLD;
    if (value instanceof Date) row.getCell(2).numFmt = XLSX_TIME_FORMAT;
    row.commit();
  };
  pair(t.report, ctx.request.name);
  pair(t.site, ctx.site.name);
  pair(t.company, ctx.site.companyName);
  // Whole seconds: Excel rounds a shown time, and a range ending 23:59:59.999 would read as the next day.
  const second = (ts: number) => clock.wall(Math.floor(ts / 1000) * 1000);
  pair(t.from, second(from));
  pair(t.to, second(to));
  pair(t.timeZone, timeZone);
  pair(t.units, t.unitSystems[units]);
  pair(t.rows, hourly ? t.rowsHourly : t.rowsRaw);
  const total = [...figures.values()].reduce((a, f) => a + f.n, 0);
  const note =
    sensors.length === 0
      ? t.noSensors
      : removed !== null
        ? t.rawRemoved(removed)
        : total === 0
          ? t.noReadings
          : '';
  ws.addRow(note ? [note] : []).commit();
  ws.addRow([]).commit();
  const head = ws.addRow([
    t.sensor,
    t.sensorId,
    t.nodeId,
    t.type,
    t.unit,
    t.readings,
    t.min,
    t.max,
    t.firstReading,
    t.lastReading,
    t.sheet,
  ]);
  head.font = BOLD;
  head.commit();
  for (const s of sensors) {
    const f = figures.get(s.id) ?? { n: 0, min: null, max: null, first: null, last: null };
    const row = ws.addRow([
      s.label,
      s.id,
      s.nodeId,
      sensorTypeName(t, s.sensorType),
      s.unit,
      f.n,
      f.min === null ? null : valueIn(s, f.min, units),
      f.max === null ? null : valueIn(s, f.max, units),
      f.first === null ? null : clock.wall(f.first),
      f.last === null ? null : clock.wall(f.last),
      sheetNames.get(s.id) ?? '',
    ]);
    row.getCell(9).numFmt = XLSX_TIME_FORMAT;
    row.getCell(10).numFmt = XLSX_TIME_FORMAT;
    row.commit();
  }
  ws.commit();
}

/**
 * RAW_DATA_EXCEL (every reading) and RAW_DATA_EXCEL_DW (one row per sensor per hour of the requester's
 * clock): a summary sheet, then one sheet per sensor with a frozen header row, units in the headers,
 * times as real date cells and values as number cells. Times are the requester's wall-clock time (a
 * Date whose fields are the zone's, the zone named in the header), since an Excel cell has no zone.
 * Streamed (ExcelJS WorkbookWriter, each row committed, waiting on the zip and the reader after each
 * page), so memory stays bounded whatever the range; a sensor with more rows than a sheet holds
 * continues on a next sheet.
 */
export function xlsxGenerator(hourly: boolean): ReportGenerator {
  return (ctx: ReportContext) =>
    writing(ctx, async () => {
      const { timeZone: zone, units } = ctx.attributes;
      const t = rawDataText(ctx.attributes.language);
      const clock = zoneClock(zone, t);
      const sensors = await reportSensors(ctx, t);
      const removed = await removedBefore(ctx, t);
      const figures = await sensorFigures(ctx, sensors);
      const used = new Set<string>(['history']);
      const summaryName = uniqueSheetName(t.summary, '', used);
      const sheetNames = new Map(sensors.map((s) => [s.id, sensorSheetName(s, 1, used)]));

      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: ctx.out,
        useStyles: true,
        useSharedStrings: false,
      });
      wb.creator = 'Sitepulse';
      wb.created = new Date(ctx.request.createdAt);
      writeSummary(wb, ctx, t, clock, sensors, figures, sheetNames, summaryName, hourly, removed);

      for (const s of sensors) {
        const typeName = sensorTypeName(t, s.sensorType);
        const header = hourly
          ? [
              t.hourStart(zone),
              withUnit(`${typeName}: ${t.average}`, s.unit),
              withUnit(t.min, s.unit),
              withUnit(t.max, s.unit),
              t.readings,
            ]
          : [t.time(zone), withUnit(typeName, s.unit)];
        const columns = hourly
          ? [
              { width: 24, style: { numFmt: XLSX_TIME_FORMAT } },
              { width: 22 },
              { width: 12 },
              { width: 12 },
              { width: 10 },
            ]
          : [{ width: 24, style: { numFmt: XLSX_TIME_FORMAT } }, { width: 20 }];
        let part = 1;
        let rows = 0;
        const open = (name: string) => {
          const ws = wb.addWorksheet(name, { views: FROZEN_HEADER });
          ws.columns = columns;
          const head = ws.addRow(header);
          head.font = BOLD;
          head.commit();
          rows = 0;
          return ws;
        };
        let ws = open(sheetNames.get(s.id) ?? sensorSheetName(s, part, used));
        const add = (values: (Date | number)[]) => {
          if (rows === XLSX_SHEET_ROWS) {
            ws.commit();
            part += 1;
            ws = open(sensorSheetName(s, part, used));
          }
          ws.addRow(values).commit();
          rows += 1;
        };
        if (hourly) {
          for await (const page of hourPages(readingPages(ctx, s.id), clock)) {
            for (const h of page) {
              add([
                clock.wall(h.start),
                valueIn(s, h.avg, units),
                valueIn(s, h.min, units),
                valueIn(s, h.max, units),
                h.n,
              ]);
            }
            await settle(sheetStream(ws), ctx.out);
          }
        } else {
          for await (const page of readingPages(ctx, s.id)) {
            for (const r of page) add([clock.wall(r.ts), valueIn(s, r.value, units)]);
            await settle(sheetStream(ws), ctx.out);
          }
        }
        ws.commit();
        ctx.signal.throwIfAborted();
      }
      // The workbook's commit ends ctx.out and resolves once the stream has finished.
      await wb.commit();
    });
}
