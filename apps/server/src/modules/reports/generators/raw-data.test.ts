import { PassThrough } from 'node:stream';
import { convert, DAY_MS, HOUR_MS, MINUTE_MS, type ReportType } from '@sitepulse/domain';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../lib/actor.ts';
import { seedOtherCompany } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { addNode, addReadings, addSensor, demoSites, series } from '../../measurements/test-data.ts';
import { rawDataGenerators } from './raw-data.ts';
import { zoneClock } from './raw-data-source.ts';
import { rawDataText } from './raw-data-text.ts';
import { uniqueSheetName } from './raw-data-xlsx.ts';
import { type ReportContext, ReportError } from './types.ts';

/** Midnight of 2025-01-10 in Toronto (UTC-5 in winter). */
const BASE = Date.UTC(2025, 0, 10, 5);
const FROM = BASE;
const TO = BASE + 8 * DAY_MS - 1;
const TORONTO = 'America/Toronto';
/** A half-hour zone (UTC+5:30): its hours start at :30 UTC. */
const KOLKATA = 'Asia/Kolkata';

/** A CSV body (after its BOM) as rows of cells; quoted cells may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  expect(cell).toBe('');
  expect(row).toEqual([]);
  return rows;
}

/** Local wall-clock parts of an instant in a zone, as the Date an Excel cell of that time reads back as. */
function wall(ts: number, timeZone: string): Date {
  const p: Record<string, number> = {};
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  for (const part of f.formatToParts(ts)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

/** Readings grouped by the hour (of an offset zone) they fall in, in time order: [hour start, values]. */
function byHour(readings: [number, number][], offsetMs: number): [number, number[]][] {
  const m = new Map<number, number[]>();
  for (const [ts, v] of readings) {
    const h = Math.floor((ts + offsetMs) / HOUR_MS) * HOUR_MS - offsetMs;
    m.set(h, [...(m.get(h) ?? []), v]);
  }
  return [...m].sort((a, b) => a[0] - b[0]);
}

const mean = (vs: number[]) => vs.reduce((a, b) => a + b, 0) / vs.length;
const inRange = (rs: [number, number][]) => rs.filter(([ts]) => ts >= FROM && ts <= TO);
/** Values are written rounded to 6 decimals (docs/decisions/reports-raw-data.md). */
const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
const F = (c: number) => r6(convert('Temperature', c, 'Imperial'));

describe('raw-data report files', () => {
  const ctx = useTestApp();
  const s = {} as Record<'t1' | 't2' | 'hum' | 't4' | 't5' | 'rmc' | 'other' | 'long', number>;
  const data = {} as Record<'t1' | 'hum' | 't4', [number, number][]>;
  const site = { id: 0, name: 'Harbourfront Tower', companyName: 'Demo Construction' };
  let admin: Actor;
  let viewer: Actor;

  beforeAll(async () => {
    const db = ctx.db.db;
    const c = ctx.companyId;
    const { ht, rmc } = await demoSites(db, c);
    site.id = ht.siteId;
    await addNode(db, {
      id: 9701,
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      nodeType: 'Maturity',
    });
    await addNode(db, {
      id: 9702,
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      nodeType: 'Maturity',
    });
    await addNode(db, {
      id: 9703,
      companyId: c,
      siteId: rmc.siteId,
      tenantId: rmc.tenantId,
      nodeType: 'Maturity',
    });
    // A typed alias that a spreadsheet would read as a formula, with a comma the CSV must quote.
    s.t1 = await addSensor(db, {
      companyId: c,
      nodeId: 9701,
      channelId: 1,
      sensorType: 'Temperature',
      alias: '=Pour, east',
    });
    s.t2 = await addSensor(db, { companyId: c, nodeId: 9701, channelId: 2, sensorType: 'Temperature' });
    s.hum = await addSensor(db, { companyId: c, nodeId: 9701, channelId: 3, sensorType: 'Humidity' });
    s.t4 = await addSensor(db, {
      companyId: c,
      nodeId: 9702,
      channelId: 1,
      sensorType: 'Temperature',
      alias: 'Core',
    });
    s.t5 = await addSensor(db, { companyId: c, nodeId: 9702, channelId: 2, sensorType: 'Temperature' });
    s.rmc = await addSensor(db, { companyId: c, nodeId: 9703, channelId: 1, sensorType: 'Temperature' });
    await db.updateTable('sensor').set({ blacklisted: 1 }).where('id', '=', s.t5).execute();
    const other = await seedOtherCompany(db);
    await addNode(db, { id: 9704, companyId: other.companyId, siteId: other.siteId, nodeType: 'Maturity' });
    s.other = await addSensor(db, {
      companyId: other.companyId,
      nodeId: 9704,
      channelId: 1,
      sensorType: 'Temperature',
    });

    // Every 10 minutes from an hour before the range: the first 6 readings are outside it.
    data.t1 = series(
      BASE - HOUR_MS,
      BASE + 4 * HOUR_MS,
      10 * MINUTE_MS,
      (_t, i) => 20 + (i % 7) * 0.5 + 0.25,
    );
    await addReadings(db, s.t1, data.t1);
    // Only before the range.
    await addReadings(
      db,
      s.t2,
      series(BASE - 2 * DAY_MS, BASE - DAY_MS, HOUR_MS, () => 5),
    );
    data.hum = series(BASE, BASE + 3 * HOUR_MS, 30 * MINUTE_MS, (_t, i) => 60 + i);
    await addReadings(db, s.hum, data.hum);
    // Every minute for 8 days (more than two keyset pages), 30 s past the minute, and one after the range.
    data.t4 = [
      ...series(BASE + 30_000, BASE + 8 * DAY_MS, MINUTE_MS, (_t, i) => 10 + (i % 50) / 10),
      [TO + 1, 99],
    ];
    await addReadings(db, s.t4, data.t4);
    await addReadings(
      db,
      s.t5,
      series(BASE, BASE + HOUR_MS, MINUTE_MS, () => 70),
    );
    await addReadings(
      db,
      s.rmc,
      series(BASE, BASE + HOUR_MS, MINUTE_MS, () => 30),
    );
    // Every 10 s for the 8 days: 14 keyset pages, a file many times what the writer may hold.
    await addNode(db, {
      id: 9705,
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      nodeType: 'Maturity',
    });
    s.long = await addSensor(db, { companyId: c, nodeId: 9705, channelId: 1, sensorType: 'Temperature' });
    await addReadings(
      db,
      s.long,
      series(BASE, BASE + 8 * DAY_MS, 10_000, (_t, i) => 15 + (i % 100) / 10),
    );

    const actorOf = async (username: string): Promise<Actor> => {
      const u = await db
        .selectFrom('app_user')
        .select(['id', 'username', 'account_type'])
        .where('company_id', '=', c)
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      return {
        userId: u.id,
        companyId: c,
        username: u.username,
        accountType: u.account_type,
        roles: [],
        sessionId: `raw-data-${username}`,
        isAdmin: u.account_type === 'ADMIN',
      };
    };
    admin = await actorOf('admin');
    viewer = await actorOf('viewer');
  });

  interface Run {
    type: ReportType;
    sensorIds?: number[];
    nodeIds?: number[];
    units?: 'Metric' | 'Imperial';
    language?: 'en' | 'es';
    timeZone?: string;
    from?: number;
    to?: number;
    actor?: Actor;
    signal?: AbortSignal;
    out?: PassThrough;
  }

  /** The context the worker would build from a stored request of the demo site. */
  function contextFor(r: Run): ReportContext {
    return {
      request: {
        id: 1,
        type: r.type,
        name: 'Week 2 raw data',
        tenantGroupId: site.id,
        companyId: ctx.companyId,
        msjId: null,
        cjId: null,
        createdAt: BASE,
        ownerUsername: (r.actor ?? admin).username,
      },
      attributes: {
        from: r.from ?? FROM,
        to: r.to ?? TO,
        sensorIds: r.sensorIds ?? [s.t1, s.t2, s.hum],
        nodeIds: r.nodeIds ?? [9702],
        units: r.units ?? 'Metric',
        language: r.language ?? 'en',
        timeZone: r.timeZone ?? TORONTO,
      },
      site,
      actor: r.actor ?? admin,
      services: ctx.app.services,
      out: r.out ?? new PassThrough(),
      signal: r.signal ?? new AbortController().signal,
    };
  }

  /** Makes a report file into a buffer. */
  async function make(r: Run): Promise<Buffer> {
    const out = r.out ?? new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const context = { ...contextFor(r), out };
    const generate = rawDataGenerators[r.type];
    if (!generate) throw new Error(`no generator for ${r.type}`);
    await generate(context);
    expect(out.writableEnded).toBe(true);
    return Buffer.concat(chunks);
  }

  async function workbook(buf: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    return wb;
  }

  it('RAW_DATA_CSV: every reading in the range, a value column per sensor type with its unit, formula-safe', async () => {
    const rows = parseCsv((await make({ type: 'RAW_DATA_CSV' })).toString('utf8'));
    expect(rows[0]).toEqual([
      'Sensor',
      'Sensor id',
      'Node id',
      'Time (America/Toronto)',
      'Temperature (°C)',
      'Humidity (%)',
    ]);
    const t1 = inRange(data.t1);
    const t4 = inRange(data.t4);
    expect(t1).toHaveLength(24);
    expect(t4).toHaveLength(8 * 1440);
    // Node 9701's sensors by channel (t2 has none in range), then node 9702's (t5 is blacklisted).
    expect(rows.length - 1).toBe(t1.length + data.hum.length + t4.length);
    const body = rows.slice(1);
    expect(body[0]).toEqual([
      "'=Pour, east",
      String(s.t1),
      '9701',
      '2025-01-10 12:00:00 AM',
      String(t1[0][1]),
      '',
    ]);
    expect(body.slice(0, 24).map((r) => Number(r[4]))).toEqual(t1.map(([, v]) => v));
    expect(body[24]).toEqual([`Sensor ${s.hum}`, String(s.hum), '9701', '2025-01-10 12:00:00 AM', '', '60']);
    expect(body[25][3]).toBe('2025-01-10 12:30:00 AM');
    const core = body.slice(24 + data.hum.length);
    expect(new Set(core.map((r) => r[1]))).toEqual(new Set([String(s.t4)]));
    expect(core[0][3]).toBe('2025-01-10 12:00:30 AM');
    expect(core.at(-1)?.[3]).toBe('2025-01-17 11:59:30 PM');
    expect(core.map((r) => Number(r[4]))).toEqual(t4.map(([, v]) => r6(v)));
    expect(body.some((r) => r[1] === String(s.t5) || r[1] === String(s.t2))).toBe(false);
  });

  it('RAW_DATA_CSV_DW: one row per sensor per hour with the average, min and max the readings imply (Imperial)', async () => {
    const rows = parseCsv(
      (
        await make({ type: 'RAW_DATA_CSV_DW', units: 'Imperial', sensorIds: [s.t1, s.hum], nodeIds: [] })
      ).toString('utf8'),
    );
    expect(rows[0]).toEqual([
      'Sensor',
      'Sensor id',
      'Node id',
      'Hour start (America/Toronto)',
      'Temperature: Average (°F)',
      'Temperature: Min (°F)',
      'Temperature: Max (°F)',
      'Humidity: Average (%)',
      'Humidity: Min (%)',
      'Humidity: Max (%)',
      'Readings',
    ]);
    const t1Hours = byHour(inRange(data.t1), -5 * HOUR_MS);
    const humHours = byHour(data.hum, -5 * HOUR_MS);
    expect(t1Hours).toHaveLength(4);
    expect(rows).toHaveLength(1 + t1Hours.length + humHours.length);
    t1Hours.forEach(([, vs], i) => {
      const r = rows[1 + i];
      expect(r[3]).toBe(`2025-01-10 ${String(i === 0 ? 12 : i).padStart(2, '0')}:00:00 AM`);
      expect(r.slice(4, 7).map(Number)).toEqual([F(mean(vs)), F(Math.min(...vs)), F(Math.max(...vs))]);
      expect(r.slice(7, 10)).toEqual(['', '', '']);
      expect(Number(r[10])).toBe(vs.length);
    });
    humHours.forEach(([, vs], i) => {
      const r = rows[1 + t1Hours.length + i];
      expect(r.slice(4, 7)).toEqual(['', '', '']);
      // Humidity has one unit in both systems: not converted.
      expect(r.slice(7).map(Number)).toEqual([r6(mean(vs)), Math.min(...vs), Math.max(...vs), vs.length]);
    });
  });

  it('RAW_DATA_EXCEL (Spanish, Imperial): a summary, one sheet per sensor, date and number cells, frozen headers', async () => {
    const wb = await workbook(await make({ type: 'RAW_DATA_EXCEL', language: 'es', units: 'Imperial' }));
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Resumen',
      `=Pour, east (${s.t1})`,
      `Sensor ${s.t2}`,
      `Sensor ${s.hum}`,
      `Core (${s.t4})`,
    ]);
    const summary = wb.worksheets[0];
    const pairs = Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 7].map((i) => [summary.getCell(i, 1).value, summary.getCell(i, 2).value]),
    );
    expect(pairs).toMatchObject({
      Informe: 'Week 2 raw data',
      'Sitio de obra': 'Harbourfront Tower',
      Empresa: 'Demo Construction',
      Desde: wall(FROM, TORONTO),
      Hasta: wall(TO, TORONTO),
      'Zona horaria': TORONTO,
      Unidades: 'Imperial',
    });
    expect(summary.getCell(9, 1).value).toBeNull();
    const headRow = 11;
    expect(summary.getRow(headRow).values).toEqual([
      undefined,
      'Sensor',
      'Id del sensor',
      'Id del nodo',
      'Tipo',
      'Unidad',
      'Lecturas',
      'Mín',
      'Máx',
      'Primera lectura',
      'Última lectura',
      'Hoja',
    ]);
    const t1 = inRange(data.t1);
    const t1Values = t1.map(([, v]) => v);
    expect(summary.getRow(headRow + 1).values).toEqual([
      undefined,
      '=Pour, east',
      s.t1,
      9701,
      'Temperatura',
      '°F',
      t1.length,
      F(Math.min(...t1Values)),
      F(Math.max(...t1Values)),
      wall(t1[0][0], TORONTO),
      wall(t1[t1.length - 1][0], TORONTO),
      `=Pour, east (${s.t1})`,
    ]);
    // t2: no reading in the range.
    expect(summary.getRow(headRow + 2).values).toEqual([
      undefined,
      `Sensor ${s.t2}`,
      s.t2,
      9701,
      'Temperatura',
      '°F',
      0,
      undefined,
      undefined,
      undefined,
      undefined,
      `Sensor ${s.t2}`,
    ]);
    expect(summary.getCell(headRow + 3, 4).value).toBe('Humedad');
    const t4Values = inRange(data.t4).map(([, v]) => v);
    expect([6, 7, 8].map((c) => summary.getCell(headRow + 4, c).value)).toEqual([
      8 * 1440,
      F(Math.min(...t4Values)),
      F(Math.max(...t4Values)),
    ]);

    const sheet = wb.getWorksheet(`=Pour, east (${s.t1})`);
    if (!sheet) throw new Error('no sheet of t1');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([undefined, 'Hora (America/Toronto)', 'Temperatura (°F)']);
    expect(sheet.rowCount).toBe(1 + t1.length);
    t1.forEach(([ts, v], i) => {
      const time = sheet.getCell(2 + i, 1);
      expect(time.type).toBe(ExcelJS.ValueType.Date);
      expect(time.value).toEqual(wall(ts, TORONTO));
      expect(time.numFmt).toBe('yyyy-mm-dd hh:mm:ss AM/PM');
      const value = sheet.getCell(2 + i, 2);
      expect(value.type).toBe(ExcelJS.ValueType.Number);
      expect(value.value).toBe(F(v));
    });
    expect(wb.getWorksheet(`Sensor ${s.t2}`)?.rowCount).toBe(1);
    expect(wb.getWorksheet(`Sensor ${s.hum}`)?.getRow(1).values).toEqual([
      undefined,
      'Hora (America/Toronto)',
      'Humedad (%)',
    ]);
    const core = wb.getWorksheet(`Core (${s.t4})`);
    expect(core?.rowCount).toBe(1 + 8 * 1440);
    expect(core?.getCell(1 + 8 * 1440, 1).value).toEqual(wall(BASE + 8 * DAY_MS - 30_000, TORONTO));
    expect(core?.getCell(1 + 8 * 1440, 2).value).toBe(F(inRange(data.t4).at(-1)?.[1] ?? Number.NaN));
  });

  it('RAW_DATA_EXCEL_DW: hours of the requester clock (a half-hour zone), average, min, max and count per hour', async () => {
    const wb = await workbook(
      await make({ type: 'RAW_DATA_EXCEL_DW', timeZone: KOLKATA, sensorIds: [s.t1], nodeIds: [] }),
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', `=Pour, east (${s.t1})`]);
    expect(wb.worksheets[0].getCell(8, 2).value).toBe(
      'One row per sensor per hour: average, min, max and number of readings',
    );
    const sheet = wb.worksheets[1];
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Hour start (Asia/Kolkata)',
      'Temperature: Average (°C)',
      'Min (°C)',
      'Max (°C)',
      'Readings',
    ]);
    const hours = byHour(inRange(data.t1), 5.5 * HOUR_MS);
    // 4 hours of readings on the UTC hour fall into 5 of Kolkata's hours, which start at :30 UTC.
    expect(hours).toHaveLength(5);
    expect(sheet.rowCount).toBe(1 + hours.length);
    hours.forEach(([start, vs], i) => {
      const row = sheet.getRow(2 + i);
      expect(row.getCell(1).value).toEqual(wall(start, KOLKATA));
      expect((row.getCell(1).value as Date).getUTCMinutes()).toBe(0);
      expect(row.getCell(2).value).toBe(r6(mean(vs)));
      expect(row.getCell(3).value).toBe(Math.min(...vs));
      expect(row.getCell(4).value).toBe(Math.max(...vs));
      expect(row.getCell(5).value).toBe(vs.length);
      for (const c of [2, 3, 4, 5]) expect(row.getCell(c).type).toBe(ExcelJS.ValueType.Number);
    });
    expect(hours.reduce((a, [, vs]) => a + vs.length, 0)).toBe(24);
  });

  it('no readings in the range: still a valid file, whose summary says so', async () => {
    const empty = { from: BASE - 30 * DAY_MS, to: BASE - 20 * DAY_MS };
    const wb = await workbook(await make({ type: 'RAW_DATA_EXCEL', ...empty }));
    expect(wb.worksheets).toHaveLength(5);
    expect(wb.worksheets[0].getCell(9, 1).value).toBe('No readings in this range.');
    for (const ws of wb.worksheets.slice(1)) expect(ws.rowCount).toBe(1);
    const dw = await workbook(await make({ type: 'RAW_DATA_EXCEL_DW', language: 'es', ...empty }));
    expect(dw.worksheets[0].getCell(9, 1).value).toBe('No hay lecturas en este intervalo.');
    const csv = parseCsv((await make({ type: 'RAW_DATA_CSV_DW', ...empty })).toString('utf8'));
    expect(csv).toHaveLength(1);
    expect(csv[0][0]).toBe('Sensor');
    const none = await workbook(await make({ type: 'RAW_DATA_EXCEL', sensorIds: [], nodeIds: [] }));
    expect(none.worksheets.map((w) => w.name)).toEqual(['Summary']);
    expect(none.worksheets[0].getCell(9, 1).value).toBe('No sensors were chosen.');
  });

  it('a sensor or node the owner can no longer read, or moved off the site, is a ReportError with a plain reason', async () => {
    const refused = async (r: Run, reason: string) => {
      const out = new PassThrough();
      await expect(make({ ...r, out })).rejects.toThrow(new ReportError(reason));
      expect(out.destroyed).toBe(true);
    };
    // Riverside is not granted to the viewer.
    await refused(
      { type: 'RAW_DATA_CSV', actor: viewer, sensorIds: [s.rmc], nodeIds: [] },
      `Sensor ${s.rmc} can no longer be read by the report's owner on this job site.`,
    );
    // The admin reads Riverside, but it is not this report's job site.
    await refused(
      { type: 'RAW_DATA_EXCEL', sensorIds: [s.rmc], nodeIds: [] },
      `Sensor ${s.rmc} can no longer be read by the report's owner on this job site.`,
    );
    await refused(
      { type: 'RAW_DATA_EXCEL_DW', sensorIds: [s.other], nodeIds: [], language: 'es' },
      `El propietario del informe ya no puede leer el sensor ${s.other} en este sitio de obra.`,
    );
    await refused(
      { type: 'RAW_DATA_CSV_DW', actor: viewer, sensorIds: [], nodeIds: [9703] },
      "Node 9703 can no longer be read by the report's owner on this job site.",
    );
    await refused(
      { type: 'RAW_DATA_CSV', timeZone: 'Mars/Olympus', nodeIds: [] },
      'Unknown time zone: Mars/Olympus',
    );
  });

  it('stops when the signal is aborted, and destroys the unfinished file', async () => {
    for (const type of ['RAW_DATA_CSV', 'RAW_DATA_EXCEL'] as const) {
      const abort = new AbortController();
      const out = new PassThrough();
      // Aborted as soon as the first bytes are out: the 8 days of readings are far from written.
      out.once('data', () => abort.abort(new Error('took too long')));
      await expect(make({ type, out, signal: abort.signal })).rejects.toThrow('took too long');
      expect(out.destroyed).toBe(true);
    }
  });

  it('waits for the reader: with nobody reading, only a little of the file is made, and all of it once read', async () => {
    const ticks = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 5));
    };
    for (const type of ['RAW_DATA_CSV', 'RAW_DATA_EXCEL'] as const) {
      const out = new PassThrough();
      let done = false;
      let held = 0;
      const watch = setInterval(() => {
        held = Math.max(held, out.readableLength + out.writableLength);
      }, 1);
      // Nobody reads for a while: the writer stops with the stream's buffer full.
      const gen = rawDataGenerators[type]?.({
        ...contextFor({ type, sensorIds: [s.long], nodeIds: [] }),
        out,
      });
      void gen?.then(() => {
        done = true;
      });
      await ticks(40);
      expect(done).toBe(false);
      const body: Buffer[] = [];
      for await (const c of out) body.push(c as Buffer);
      await gen;
      clearInterval(watch);
      const size = Buffer.concat(body).length;
      // The whole file is far larger than what was ever held at once.
      expect(held).toBeLessThan(size / 4);
      expect(held).toBeLessThan(1024 * 1024);
    }
  });

  it("the requester clock: hours start on the zone's whole hours, and the repeated autumn hour stays two hours", () => {
    const t = rawDataText('en');
    const toronto = zoneClock(TORONTO, t);
    // 2025-11-02: 01:30 EDT is 05:30Z, 01:30 EST is 06:30Z.
    expect(toronto.hourStart(Date.UTC(2025, 10, 2, 5, 30))).toBe(Date.UTC(2025, 10, 2, 5));
    expect(toronto.hourStart(Date.UTC(2025, 10, 2, 6, 30))).toBe(Date.UTC(2025, 10, 2, 6));
    expect(toronto.wall(Date.UTC(2025, 10, 2, 5, 30))).toEqual(toronto.wall(Date.UTC(2025, 10, 2, 6, 30)));
    const kolkata = zoneClock(KOLKATA, t);
    expect(kolkata.hourStart(Date.UTC(2025, 0, 10, 5, 10))).toBe(Date.UTC(2025, 0, 10, 4, 30));
    expect(kolkata.wall(Date.UTC(2025, 0, 10, 4, 30))).toEqual(new Date(Date.UTC(2025, 0, 10, 10)));
  });

  it('sheet names: unique without case, at most 31 characters, none of []:*?/\\, the id kept', () => {
    const used = new Set<string>(['history']);
    const long = uniqueSheetName('North wall [level 3]: pour/cure *final*?', ' (123)', used);
    expect(long).toBe('North wall level 3 pour c (123)');
    expect(long.length).toBeLessThanOrEqual(31);
    expect(long).not.toMatch(/[[\]:*?/\\]/);
    expect(uniqueSheetName("'quoted'", '', used)).toBe('quoted');
    expect(uniqueSheetName('QUOTED', '', used)).toBe('QUOTED ~2');
    expect(uniqueSheetName('History', '', used)).toBe('History ~2');
    expect(uniqueSheetName('', '', used)).toBe('Sheet');
    const emoji = uniqueSheetName(`${'x'.repeat(24)}😀😀`, ' (9)', used);
    expect(emoji.length).toBeLessThanOrEqual(31);
    // The second emoji does not fit whole: it is left out, not cut in half.
    expect(emoji).toBe(`${'x'.repeat(24)}😀 (9)`);
  });
});
