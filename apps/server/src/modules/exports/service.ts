import { PassThrough, Readable, type Writable } from 'node:stream';
import type { ExportFileQuery } from '@sitepulse/contracts';
import {
  convert,
  DEFAULT_ACTIVATION_ENERGY,
  DEFAULT_DATUM_C,
  DEFAULT_REFERENCE_C,
  equivalentAgeIncrement,
  JOB_KINDS,
  nurseSaulIncrement,
  quantityOfSensorType,
  readingInterval,
  sensorDisplayName,
  unitLabel,
} from '@sitepulse/domain';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { Actor } from '../../lib/actor.ts';
import { contentDisposition } from '../../lib/download-token.ts';
import { badRequest } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { strengthOf } from '../maturity/engine.ts';
import { checkRange, jobRange, jobWindow, type SensorRow, sensorsOfJob } from '../measurements/mappers.ts';
import type { JobRow } from '../measurements/repo.ts';
import type { MeasurementsService } from '../measurements/service.ts';
import { isTimeZone, safeText, sanitizeFilename, zonedFormatter } from './format.ts';
import { createExportsRepo } from './repo.ts';

/** Sensor type of each measurement file (spec section 7, domain DOWNLOAD_PATHS). */
export const MEASUREMENT_FILES = {
  humidity: 'Humidity',
  temperature: 'Temperature',
  wind_speed: 'Wind Speed',
} as const;
export type MeasurementFile = keyof typeof MEASUREMENT_FILES;

/** Readings read per statement while streaming (keyset pages of one sensor). */
export const EXPORT_PAGE = 5000;
/** Data rows per worksheet: Excel's limit is 1,048,576 rows, one of them the header. */
export const XLSX_SHEET_ROWS = 1_048_575;

export type Cell = string | number | null;

/** A file about to be streamed: checked and scoped before the first byte is sent. */
export interface ExportPlan {
  filename: string;
  sheetName: string;
  header: string[];
  /** Pages of rows, read from the database as the file is written. */
  pages: () => AsyncGenerator<Cell[][]>;
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** `2025-03-04` of a time in the zone, for default file names. */
const dayOf = (ts: number, fmt: (ts: number) => string) => fmt(ts).slice(0, 10);

/**
 * File download links (spec section 7): humidity, temperature and wind-speed readings, and the
 * maturity and strength of a maturity job's sensors, as CSV or Excel. Files stream: readings are
 * read in keyset pages of (sensor_id, ts) and written as they come, so any range fits in bounded
 * memory. Rows are sorted by sensor id, then by time (sortdir).
 */
export function createExportsService(deps: ServiceDeps & { measurements: MeasurementsService }) {
  const { kit } = deps.measurements;
  const repo = createExportsRepo(deps.db);

  function common(q: ExportFileQuery) {
    checkRange(q);
    if (!isTimeZone(q.timezone)) throw badRequest(`Unknown time zone: ${q.timezone}`);
    const ids = q.sensorIds ? [...new Set(q.sensorIds.split(',').map(Number))] : undefined;
    return { ids, fmt: zonedFormatter(q.timezone) };
  }

  /** The sensors a file covers: those of the job (of the type), or the listed ones (checked). */
  async function sensorsFor(
    actor: Actor,
    job: JobRow | null,
    ids: number[] | undefined,
    sensorType: string,
  ): Promise<SensorRow[]> {
    if (job) {
      const all = sensorsOfJob(job, await kit.sensorsFor([job]), false).filter(
        (s) => s.sensor_type === sensorType,
      );
      if (!ids) return all.filter((s) => s.blacklisted === 0 && s.decommissioned === 0);
      return ids.map((id) => {
        const s = all.find((x) => x.id === id);
        if (!s) throw badRequest(`Sensor ${id} is not a ${sensorType} sensor of job ${job.id}`);
        return s;
      });
    }
    const out: SensorRow[] = [];
    for (const id of ids ?? []) {
      const s = await kit.access.sensor(actor, id);
      if (s.sensor_type !== sensorType) throw badRequest(`Sensor ${id} is not a ${sensorType} sensor`);
      out.push(s);
    }
    return out;
  }

  /**
   * Every reading of each sensor within [from, to], page by page (keyset on the sensor's time),
   * sensors in id order, times in `dir` order.
   */
  async function* readingPages(sensors: SensorRow[], from: number, to: number, dir: 'asc' | 'desc') {
    for (const s of [...sensors].sort((a, b) => a.id - b.id)) {
      let after: number | null = null;
      for (;;) {
        const page = await kit.readings.keysetPage(s.id, from, to, after, dir, EXPORT_PAGE);
        if (page.length === 0) break;
        yield { sensor: s, page };
        if (page.length < EXPORT_PAGE) break;
        after = page[page.length - 1].ts;
      }
    }
  }

  return {
    /** Checks and scopes a humidity, temperature or wind-speed file (400/404 before streaming). */
    async planMeasurement(actor: Actor, file: MeasurementFile, q: ExportFileQuery): Promise<ExportPlan> {
      const sensorType = MEASUREMENT_FILES[file];
      const { ids, fmt } = common(q);
      if (q.jobId === undefined && !ids) throw badRequest('jobId or sensorIds is required');
      const now = kit.now();
      const job = q.jobId !== undefined ? await kit.access.job(actor, q.jobId, JOB_KINDS, 'Job') : null;
      const sensors = await sensorsFor(actor, job, ids, sensorType);
      const range = job ? jobRange(job, q, now) : { from: q.from ?? 0, to: q.to ?? now };
      const quantity = quantityOfSensorType(sensorType) ?? sensorType;
      const unit = unitLabel(quantity, q.system);
      const name =
        sanitizeFilename(q.customFilename) ||
        `${file}_${job ? `job-${job.id}` : 'sensors'}_${dayOf(range?.to ?? now, fmt)}`;
      return {
        filename: `${name}.${q.format}`,
        sheetName: sensorType,
        header: [
          'Sensor ID',
          'Sensor',
          'Node ID',
          'Channel',
          `Time (${q.timezone})`,
          'Timestamp (UTC)',
          unit ? `${sensorType} (${unit})` : sensorType,
        ],
        async *pages() {
          if (!range || range.from > range.to) return;
          for await (const { sensor, page } of readingPages(sensors, range.from, range.to, q.sortdir)) {
            const label = safeText(sensorDisplayName({ sensorId: sensor.id, sensorAlias: sensor.alias }));
            yield page.map((r) => [
              sensor.id,
              label,
              sensor.node_id,
              sensor.channel_id,
              fmt(r.ts),
              new Date(r.ts).toISOString(),
              convert(quantity, r.value, q.system),
            ]);
          }
        },
      };
    },

    /**
     * Checks and scopes a maturity file: per temperature sensor of a maturity job, each reading's
     * temperature, maturity (Nurse-Saul, °C·h), equivalent age (h) and strength by the job's
     * profile. Maturity is summed from the job's start reading by reading with the domain's step
     * (readingInterval, nurseSaulIncrement, equivalentAgeIncrement), so each row equals the domain
     * functions over the readings up to it; strength is the engine's strengthOf.
     */
    async planMaturity(actor: Actor, q: ExportFileQuery): Promise<ExportPlan> {
      const { ids, fmt } = common(q);
      if (q.jobId === undefined) throw badRequest('jobId is required');
      const now = kit.now();
      const job = await kit.access.job(actor, q.jobId, ['MATURITY'], 'Maturity job');
      const sensors = await sensorsFor(actor, job, ids, 'Temperature');
      const profile =
        job.concrete_profile_id !== null
          ? await repo.profile(job.company_id, job.concrete_profile_id)
          : undefined;
      const datum = profile?.datum_c ?? DEFAULT_DATUM_C;
      // No strength column values for a company whose Concrete module turns strength off (issue 16).
      const strengthOn = (await deps.strengthShown?.(job.company_id)) ?? true;
      const eaOptions = {
        activationEnergy: profile?.activation_energy ?? DEFAULT_ACTIVATION_ENERGY,
        referenceC: profile?.reference_c ?? DEFAULT_REFERENCE_C,
      };
      const window = jobWindow(job, now);
      const range = jobRange(job, q, now);
      const sys = q.system;
      const name =
        sanitizeFilename(q.customFilename) || `maturity_job-${job.id}_${dayOf(range?.to ?? now, fmt)}`;

      type State = { prevTs: number; prevTemp: number; maturity: number; ea: number } | null;
      /** Advances a sensor's state by one reading (the first reading starts it at 0). */
      const step = (st: State, r: { ts: number; value: number }): NonNullable<State> => {
        if (!st) return { prevTs: r.ts, prevTemp: r.value, maturity: 0, ea: 0 };
        const { hours, meanC } = readingInterval(
          { ts: st.prevTs, tempC: st.prevTemp },
          { ts: r.ts, tempC: r.value },
        );
        return {
          prevTs: r.ts,
          prevTemp: r.value,
          maturity: st.maturity + nurseSaulIncrement(meanC, hours, datum),
          ea: st.ea + equivalentAgeIncrement(meanC, hours, eaOptions),
        };
      };
      const row = (s: SensorRow, label: string, st: NonNullable<State>): Cell[] => [
        s.id,
        label,
        fmt(st.prevTs),
        new Date(st.prevTs).toISOString(),
        convert('Temperature', st.prevTemp, sys),
        convert('Maturity', st.maturity, sys),
        st.ea,
        profile && strengthOn
          ? convert('Strength', strengthOf({ maturity: st.maturity, equivalent_age: st.ea }, profile), sys)
          : null,
      ];

      async function* ascending(
        s: SensorRow,
        label: string,
        from: number,
        to: number,
        w: { from: number; to: number },
      ) {
        let st: State = null;
        let after: number | null = null;
        for (;;) {
          const page = await kit.readings.keysetPage(s.id, w.from, to, after, 'asc', EXPORT_PAGE);
          if (page.length === 0) return;
          const out: Cell[][] = [];
          for (const r of page) {
            st = step(st, r);
            if (r.ts >= from) out.push(row(s, label, st));
          }
          if (out.length) yield out;
          if (page.length < EXPORT_PAGE) return;
          after = page[page.length - 1].ts;
        }
      }

      /**
       * Newest first in bounded memory: a first pass forward keeps the state at the start of each
       * page (a checkpoint); the pages are then recomputed from their checkpoints, last page first,
       * and each written in reverse.
       */
      async function* descending(
        s: SensorRow,
        label: string,
        from: number,
        to: number,
        w: { from: number; to: number },
      ) {
        const checkpoints: { after: number | null; st: State }[] = [];
        let st: State = null;
        let after: number | null = null;
        for (;;) {
          const page = await kit.readings.keysetPage(s.id, w.from, to, after, 'asc', EXPORT_PAGE);
          if (page.length === 0) break;
          checkpoints.push({ after, st });
          for (const r of page) st = step(st, r);
          if (page.length < EXPORT_PAGE) break;
          after = page[page.length - 1].ts;
        }
        for (let i = checkpoints.length - 1; i >= 0; i--) {
          const cp = checkpoints[i];
          const page = await kit.readings.keysetPage(s.id, w.from, to, cp.after, 'asc', EXPORT_PAGE);
          let cur = cp.st;
          const out: Cell[][] = [];
          for (const r of page) {
            cur = step(cur, r);
            if (r.ts >= from) out.push(row(s, label, cur));
          }
          out.reverse();
          if (out.length) yield out;
          // Pages before the range hold nothing to write.
          if (page.length && page[page.length - 1].ts < from) return;
        }
      }

      return {
        filename: `${name}.${q.format}`,
        sheetName: 'Maturity',
        header: [
          'Sensor ID',
          'Sensor',
          `Time (${q.timezone})`,
          'Timestamp (UTC)',
          `Temperature (${unitLabel('Temperature', sys)})`,
          `Maturity (${unitLabel('Maturity', sys)})`,
          'Equivalent age (h)',
          `Strength (${unitLabel('Strength', sys)})`,
        ],
        async *pages() {
          if (!window || !range || range.from > range.to) return;
          for (const s of [...sensors].sort((a, b) => a.id - b.id)) {
            const label = safeText(sensorDisplayName({ sensorId: s.id, sensorAlias: s.alias }));
            const gen = q.sortdir === 'desc' ? descending : ascending;
            yield* gen(s, label, range.from, range.to, window);
          }
        },
      };
    },

    open: openExport,
  };
}

/** A file's body as a stream, with its headers. Errors after the first byte abort the download. */
export function openExport(plan: ExportPlan, format: 'csv' | 'xlsx') {
  const headers = {
    'content-type': CONTENT_TYPES[format],
    'content-disposition': contentDisposition(plan.filename),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  if (format === 'csv') {
    // One chunk per page (csv-stringify's sync form on each page), not one write per row.
    async function* text() {
      yield `\ufeff${stringify([plan.header])}`;
      for await (const page of plan.pages()) yield stringify(page);
    }
    return { headers, body: Readable.from(text(), { objectMode: false }) };
  }
  const body = new PassThrough();
  void writeXlsx(plan, body).catch((err) => body.destroy(err));
  return { headers, body: body as Readable };
}

/**
 * Writes the rows into an Excel workbook streamed to `out` (ExcelJS WorkbookWriter): each row is
 * committed as it is added, and after each page the writer waits until the zip compressor has taken
 * the sheet's data and the client has taken the zip's, so memory stays bounded however many rows
 * there are. A sheet that reaches Excel's row limit continues on the next one.
 */
async function writeXlsx(plan: ExportPlan, out: PassThrough): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  let sheetNo = 0;
  let rows = 0;
  let ws = newSheet();
  function newSheet() {
    sheetNo += 1;
    rows = 0;
    const sheet = wb.addWorksheet(sheetNo === 1 ? plan.sheetName : `${plan.sheetName} ${sheetNo}`);
    sheet.addRow(plan.header).commit();
    return sheet;
  }
  for await (const page of plan.pages()) {
    if (out.destroyed) return;
    for (const r of page) {
      if (rows === XLSX_SHEET_ROWS) {
        ws.commit();
        ws = newSheet();
      }
      ws.addRow(r).commit();
      rows += 1;
    }
    await settle((ws as unknown as { stream: SheetStream }).stream, out);
  }
  ws.commit();
  await wb.commit();
}

/**
 * ExcelJS's sheet stream (its StreamBuf, 4.x): it buffers what a sheet writes until the zip archive
 * pipes it into the entry's compressor, then writes into that compressor without heeding
 * backpressure. So the writer waits itself: until the sheet stream is piped and holds little, the
 * compressor has drained, and the client has taken the output.
 */
export interface SheetStream {
  pipes?: Writable[];
  buffers?: unknown[];
}

/** Whether a writable is over its buffer limit (archiver's streams come from readable-stream 2, without writableNeedDrain). */
function needsDrain(w: Writable): boolean {
  const legacy = (w as unknown as { _writableState?: { needDrain?: boolean } })._writableState;
  return w.writableNeedDrain ?? legacy?.needDrain ?? false;
}

/** Also used by the raw-data report files (reports/generators/raw-data-xlsx.ts), which write several sheets. */
export async function settle(sheet: SheetStream, out: Writable): Promise<void> {
  for (;;) {
    if (out.destroyed) return;
    const target = sheet.pipes?.[0];
    if (target && needsDrain(target) && !target.destroyed) await drainOrClose(target, out);
    else if (!target && (sheet.buffers?.length ?? 0) > 2) await new Promise((r) => setTimeout(r, 5));
    else if (out.writableNeedDrain) await drainOrClose(out);
    else return;
  }
}

/**
 * Resolves when the stream drains or closes, or when `also` closes (a client that went away must not
 * hang the writer).
 */
function drainOrClose(stream: Writable, also?: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      also?.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    also?.on('close', done);
  });
}
