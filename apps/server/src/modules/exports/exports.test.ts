import { DAY_MS, HOUR_MS, MINUTE_MS, nurseSaulMaturity, strengthFromMaturity } from '@sitepulse/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { createMaturityEngine } from '../maturity/engine.ts';
import { addJob, addNode, addReadings, addSensor, demoSites, series } from '../measurements/test-data.ts';
import { EXPORT_PAGE } from './service.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const NOW = Date.now();
const MIN0 = Math.floor(NOW / MINUTE_MS) * MINUTE_MS;
/** A fixed stretch of 70 days crossing the 2025 spring DST change in Toronto (March 9). */
const BIG0 = Date.UTC(2025, 2, 1);
const BIG_N = 70 * 24 * 60;

/** A CSV body as rows of cells (the files here hold no quoted commas). */
function parseCsv(body: string): string[][] {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  return body
    .slice(1)
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split(','));
}

describe('file downloads', () => {
  const ctx = useTestApp();
  const w = {} as Record<string, number>;
  const data = {} as Record<string, [number, number][]>;
  let token: string;
  let headers: Record<string, Record<string, string>>;
  const profile = { a: -28.5, b: 19.25 };

  beforeAll(async () => {
    const db = ctx.db.db;
    const c = ctx.companyId;
    const { ht, rmc } = await demoSites(db, c);
    const other = await seedOtherCompany(db);
    await addNode(db, {
      id: 9500,
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      nodeType: 'Maturity',
    });
    w.big = await addSensor(db, {
      companyId: c,
      nodeId: 9500,
      channelId: 1,
      sensorType: 'Temperature',
      alias: 'Long run',
    });
    w.t2 = await addSensor(db, { companyId: c, nodeId: 9500, channelId: 2, sensorType: 'Temperature' });
    w.t3 = await addSensor(db, { companyId: c, nodeId: 9500, channelId: 3, sensorType: 'Temperature' });
    w.hum = await addSensor(db, { companyId: c, nodeId: 9500, channelId: 4, sensorType: 'Humidity' });
    await db.updateTable('sensor').set({ blacklisted: 1 }).where('id', '=', w.t3).execute();
    data.big = series(BIG0, BIG0 + BIG_N * MINUTE_MS, MINUTE_MS, (_t, i) => 15 + ((i * 7) % 100) / 10);
    await addReadings(db, w.big, data.big);
    // The maturity job: 5 days of readings every minute (more than one page), a warm then cooling curve.
    const start = MIN0 - 5 * DAY_MS;
    data.t2 = series(
      start - HOUR_MS,
      MIN0,
      MINUTE_MS,
      (t) => 10 + 25 * Math.exp(-(((t - start) / DAY_MS - 1) ** 2)),
    );
    await addReadings(db, w.t2, data.t2);
    data.t3 = series(start, start + DAY_MS, HOUR_MS, () => 50);
    await addReadings(db, w.t3, data.t3);
    data.hum = series(start, start + DAY_MS, 30 * MINUTE_MS, (_t, i) => 70 + i / 2);
    await addReadings(db, w.hum, data.hum);
    const p = await db
      .insertInto('concrete_profile')
      .values({
        company_id: c,
        name: '35 MPa mix',
        maturity_function: 'NURSE_SAUL',
        datum_c: -5,
        activation_energy: 40_000,
        reference_c: 20,
        curve_a: profile.a,
        curve_b: profile.b,
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    w.job = await addJob(db, {
      companyId: c,
      siteId: ht.siteId,
      tenantId: ht.tenantId,
      kind: 'MATURITY',
      typeName: 'Maturity',
      name: 'Level 4 slab',
      nodeId: 9500,
      sensorTypes: ['Temperature', 'Humidity'],
      start,
      profileId: p.id,
    });
    w.start = start;
    await addNode(db, {
      id: 9600,
      companyId: c,
      siteId: rmc.siteId,
      tenantId: rmc.tenantId,
      nodeType: 'Maturity',
    });
    w.rmcSensor = await addSensor(db, {
      companyId: c,
      nodeId: 9600,
      channelId: 1,
      sensorType: 'Temperature',
    });
    w.rmcJob = await addJob(db, {
      companyId: c,
      siteId: rmc.siteId,
      tenantId: rmc.tenantId,
      kind: 'MATURITY',
      typeName: 'Maturity',
      name: 'Riverside slab',
      nodeId: 9600,
      sensorTypes: ['Temperature'],
    });
    await addNode(db, { id: 9700, companyId: other.companyId, siteId: other.siteId, nodeType: 'Maturity' });
    w.otherSensor = await addSensor(db, {
      companyId: other.companyId,
      nodeId: 9700,
      channelId: 1,
      sensorType: 'Temperature',
    });
    await addReadings(db, w.otherSensor, [[NOW - HOUR_MS, 12.345]]);
    const editor = await signIn(ctx, 'editor');
    token = editor.tokens.accessToken;
    headers = { editor: editor.headers, admin: (await signIn(ctx, 'admin')).headers };
  });

  const download = (url: string) => ctx.app.inject({ url });

  it('streams a large temperature range as CSV with the token in the query: newest first, in the zone asked', async () => {
    const res = await download(
      `/api/data/measurement/temperature/file?token=${token}&sensorIds=${w.big}&timezone=America/Toronto&sortdir=desc&customFilename=${encodeURIComponent('Pour 12 – temps')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Pour 12 _ temps.csv"; filename*=UTF-8''Pour%2012%20%E2%80%93%20temps.csv`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'Sensor ID',
      'Sensor',
      'Node ID',
      'Channel',
      'Time (America/Toronto)',
      'Timestamp (UTC)',
      'Temperature (°C)',
    ]);
    expect(rows.length - 1).toBe(BIG_N);
    expect(BIG_N).toBeGreaterThan(10 * EXPORT_PAGE);
    const times = rows.slice(1).map((r) => Date.parse(r[5]));
    expect(times[0]).toBe(data.big.at(-1)?.[0]);
    expect(times.every((t, i) => i === 0 || t === times[i - 1] - MINUTE_MS)).toBe(true);
    const byTs = new Map(data.big);
    for (const i of [1, 1000, 50_000, BIG_N]) {
      const r = rows[i];
      const ts = Date.parse(r[5]);
      expect(r.slice(0, 4)).toEqual([String(w.big), 'Long run', '9500', '1']);
      expect(r[4]).toBe(dayjs(ts).tz('America/Toronto').format('YYYY-MM-DD hh:mm:ss A'));
      expect(Number(r[6])).toBe(byTs.get(ts));
    }
    // Either side of the DST change (2 AM EST becomes 3 AM EDT on 2025-03-09).
    const at = (iso: string) => rows.find((r) => r[5] === iso)?.[4];
    expect(at('2025-03-09T06:59:00.000Z')).toBe('2025-03-09 01:59:00 AM');
    expect(at('2025-03-09T07:00:00.000Z')).toBe('2025-03-09 03:00:00 AM');
  });

  it('writes the same rows as Excel, in Imperial units when asked, oldest first', async () => {
    const from = BIG0 + 10 * DAY_MS;
    const to = from + 2 * HOUR_MS - 1;
    const res = await download(
      `/api/data/measurement/temperature/file?token=${token}&sensorIds=${w.big}&from=${from}&to=${to}&format=xlsx&system=Imperial&customFilename=temps.xlsx`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('filename="temps.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Temperature');
    expect(ws.rowCount).toBe(121);
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Sensor ID',
      'Sensor',
      'Node ID',
      'Channel',
      'Time (UTC)',
      'Timestamp (UTC)',
      'Temperature (°F)',
    ]);
    const first = data.big.find(([t]) => t === from);
    expect(ws.getRow(2).getCell(6).value).toBe(new Date(from).toISOString());
    expect(ws.getRow(2).getCell(5).value).toBe(dayjs(from).utc().format('YYYY-MM-DD hh:mm:ss A'));
    expect(ws.getRow(2).getCell(7).value).toBeCloseTo(((first?.[1] ?? 0) * 9) / 5 + 32, 9);
    expect(ws.getRow(121).getCell(6).value).toBe(new Date(to + 1 - MINUTE_MS).toISOString());
  });

  it("exports a job's humidity, leaving wind speed empty, and the job's time only", async () => {
    const res = await download(`/api/data/measurement/humidity/file?token=${token}&jobId=${w.job}`);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body);
    expect(rows.slice(1).map((r) => Number(r[6]))).toEqual(data.hum.map(([, v]) => v));
    expect(res.headers['content-disposition']).toMatch(/filename="humidity_job-\d+_\d{4}-\d{2}-\d{2}\.csv"/);
    const wind = await download(`/api/data/measurement/wind_speed/file?token=${token}&jobId=${w.job}`);
    expect(parseCsv(wind.body)).toEqual([
      ['Sensor ID', 'Sensor', 'Node ID', 'Channel', 'Time (UTC)', 'Timestamp (UTC)', 'Wind Speed (km/hr)'],
    ]);
    // Temperature by job: the blacklisted sensor is left out, the reading before the start too.
    const temps = parseCsv(
      (await download(`/api/data/measurement/temperature/file?token=${token}&jobId=${w.job}`)).body,
    );
    const ids = new Set(temps.slice(1).map((r) => Number(r[0])));
    expect(ids).toEqual(new Set([w.t2]));
    expect(temps.length - 1).toBe(data.t2.filter(([t]) => t >= w.start).length);
  });

  it('exports maturity and strength per reading, matching the domain functions and the engine', async () => {
    const res = await download(`/api/analytics/concrete/data/maturity/file?token=${token}&jobId=${w.job}`);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'Sensor ID',
      'Sensor',
      'Time (UTC)',
      'Timestamp (UTC)',
      'Temperature (°C)',
      'Maturity (°C.Hr)',
      'Equivalent age (h)',
      'Strength (MPa)',
    ]);
    const readings = data.t2.filter(([t]) => t >= w.start).map(([ts, tempC]) => ({ ts, tempC }));
    const body = rows.slice(1);
    expect(body).toHaveLength(readings.length);
    expect(readings.length).toBeGreaterThan(EXPORT_PAGE);
    for (const i of [0, 1, 2500, EXPORT_PAGE - 1, EXPORT_PAGE, readings.length - 1]) {
      const m = nurseSaulMaturity(readings.slice(0, i + 1), -5);
      expect(Number(body[i][5]), `row ${i}`).toBe(m);
      expect(Number(body[i][7]), `row ${i}`).toBe(strengthFromMaturity(m, profile));
      expect(Date.parse(body[i][3])).toBe(readings[i].ts);
    }
    // The engine's state after the last reading is the file's last row.
    await createMaturityEngine(ctx.db).recomputeJob(w.job);
    const state = await ctx.db.db
      .selectFrom('maturity_state')
      .selectAll()
      .where('job_id', '=', w.job)
      .where('sensor_id', '=', w.t2)
      .executeTakeFirstOrThrow();
    expect(Number(body.at(-1)?.[5])).toBe(state.maturity);
    expect(Number(body.at(-1)?.[6])).toBe(state.equivalent_age);

    // Newest first: the same rows, reversed; a range counts maturity from the job's start.
    const desc = parseCsv(
      (
        await download(
          `/api/analytics/concrete/data/maturity/file?token=${token}&jobId=${w.job}&sortdir=desc`,
        )
      ).body,
    );
    expect(desc.slice(1)).toEqual([...body].reverse());
    const from = w.start + 2 * DAY_MS;
    const part = parseCsv(
      (
        await download(
          `/api/analytics/concrete/data/maturity/file?token=${token}&jobId=${w.job}&from=${from}&to=${from + HOUR_MS}&sortdir=desc`,
        )
      ).body,
    );
    expect(part.slice(1)).toEqual(
      body.filter((r) => Date.parse(r[3]) >= from && Date.parse(r[3]) <= from + HOUR_MS).reverse(),
    );
  });

  it('accepts the Authorization header instead, and refuses a missing or bad token with 401', async () => {
    const url = `/api/data/measurement/humidity/file?jobId=${w.job}`;
    expect((await ctx.app.inject({ url, headers: headers.editor })).statusCode).toBe(200);
    for (const u of [url, `${url}&token=not-a-token`, `${url}&token=`]) {
      const res = await download(u);
      expect(res.statusCode, u).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
    // A bad token is refused before the query is even checked.
    expect((await download('/api/data/measurement/humidity/file?token=bad&format=pdf')).statusCode).toBe(401);
  });

  it("never exports another company's or an ungranted site's readings", async () => {
    for (const url of [
      `/api/data/measurement/temperature/file?sensorIds=${w.otherSensor}`,
      `/api/data/measurement/temperature/file?sensorIds=${w.big},${w.rmcSensor}`,
      `/api/data/measurement/temperature/file?jobId=${w.rmcJob}`,
      `/api/analytics/concrete/data/maturity/file?jobId=${w.rmcJob}`,
    ]) {
      const res = await download(`${url}&token=${token}`);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('12.345');
    }
    const admin = await ctx.app.inject({
      url: `/api/data/measurement/temperature/file?sensorIds=${w.otherSensor}`,
      headers: headers.admin,
    });
    expect(admin.statusCode).toBe(404);
  });

  it('rejects bad parameters with 400 before sending anything', async () => {
    for (const q of [
      `sensorIds=${w.big}&format=pdf`,
      `sensorIds=${w.big}&timezone=Mars/Olympus_Mons`,
      `sensorIds=${w.big}&sortdir=up`,
      `sensorIds=${w.big}&from=10&to=5`,
      'sensorIds=1,,2',
      '',
      `sensorIds=${w.hum}`,
      `jobId=${w.job}&sensorIds=${w.hum}`,
    ]) {
      const res = await download(`/api/data/measurement/temperature/file?token=${token}&${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
    expect((await download(`/api/analytics/concrete/data/maturity/file?token=${token}`)).statusCode).toBe(
      400,
    );
  });
});
