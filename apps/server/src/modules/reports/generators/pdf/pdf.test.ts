import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import type { ChannelJob, ConcreteProfile, JobForecast, JobSignoff } from '@sitepulse/contracts';
import {
  formatMeasurementWithUnit,
  formatNumber,
  HOUR_MS,
  type Language,
  type ReportType,
  sensorDisplayName,
  type UnitSystem,
} from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DISCLAIMER_TEXT } from '../../../../demo/seed.ts';
import type { Actor } from '../../../../lib/actor.ts';
import { signIn, useTestApp } from '../../../../test/test-app.ts';
import { zonedFormatter } from '../../../exports/format.ts';
import { addNode, addReadings, concreteTemp, demoPlaces, series } from '../../../maturity/sensor-fixtures.ts';
import { type ReportContext, ReportError } from '../types.ts';
import { pdfGenerators } from './index.ts';

const JOBS = '/api/analytics/concrete/maturity/jobs';
const MIN = 60_000;
const ZONE = 'America/Toronto';
/** Where page 1 of each report is rendered, to be looked at. */
const PNG_DIR = resolve(import.meta.dirname, '../../../../../../../.tmp/report-png');
const DIALECT = process.env.TEST_DB ?? 'sqlite';
/** A value with its unit as pdftotext gives it back: the no-break space between them read as a space. */
const unitText = (...a: Parameters<typeof formatMeasurementWithUnit>) =>
  formatMeasurementWithUnit(...a).replace(/\u00a0/g, ' ');

/** The slab's sensors: the edge one runs 22 °C colder from hour 10 to 20 (a differential above the limit). */
const SLAB = ['Slab NW', 'Slab centre', 'Slab edge'];
const slabTemp = (i: number, h: number) => concreteTemp(i, h) - (i === 2 && h >= 10 && h < 20 ? 22 : 0);

describe('PDF job and pour reports', () => {
  const ctx = useTestApp();
  const headers: Record<string, Record<string, string>> = {};
  let actor: Actor;
  let siteId: number;
  let companyName: string;
  const t0 = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 48 * HOUR_MS;
  const jobs = { slab: 0, humidity: 0, wide: 0 };
  let slabSensors: number[] = [];
  let signoff: JobSignoff;
  let profile: ConcreteProfile;
  const readings = new Map<number, number[]>();

  const call = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: headers[user], payload: payload as object });

  function context(
    type: ReportType,
    msjId: number | null,
    o: { units?: UnitSystem; language?: Language; from?: number; signal?: AbortSignal } = {},
  ) {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const report: ReportContext = {
      request: {
        id: 1,
        type,
        name: 'Level 2 slab report',
        tenantGroupId: siteId,
        companyId: ctx.companyId,
        msjId,
        cjId: null,
        createdAt: Date.now(),
        ownerUsername: 'admin',
      },
      attributes: {
        from: o.from ?? t0 - 6 * HOUR_MS,
        to: Date.now(),
        units: o.units ?? 'Metric',
        language: o.language ?? 'en',
        timeZone: ZONE,
      },
      site: { id: siteId, name: DEMO.firstSiteName, companyName },
      actor,
      services: ctx.app.services,
      out,
      signal: o.signal ?? new AbortController().signal,
    };
    return { report, bytes: () => Buffer.concat(chunks) };
  }

  /** Makes a report, keeps the file and page 1 as PNG, and answers its text (spaces folded) and page count. */
  async function make(
    type: 'CS_JOB_REPORT' | 'CS_POUR_REPORT' | 'T_POUR_REPORT',
    msjId: number,
    file: string,
    o: { units?: UnitSystem; language?: Language } = {},
  ) {
    const c = context(type, msjId, o);
    await (pdfGenerators[type] as (x: ReportContext) => Promise<void>)(c.report);
    const pdf = c.bytes();
    mkdirSync(PNG_DIR, { recursive: true });
    const path = join(PNG_DIR, `${DIALECT}-${file}.pdf`);
    writeFileSync(path, pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })
      .replace(/\u00a0/g, ' ')
      .replace(/\s+/g, ' ');
    const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    const pageSize = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      path,
      join(PNG_DIR, `${DIALECT}-${file}`),
    ]);
    const png = readFileSync(join(PNG_DIR, `${DIALECT}-${file}-${pages > 9 ? '01' : '1'}.png`));
    return { pdf, text, pages, width: Number(pageSize?.[1]), png };
  }

  const time = (ts: number | null) => zonedFormatter(ZONE)(ts as number).replace(/:\d\d (AM|PM)$/, ' $1');
  const forecastOf = (id: number) => ctx.app.services.forecast.forecast(actor, id);

  beforeAll(async () => {
    const db = ctx.db.db;
    for (const u of ['admin', 'editor']) headers[u] = (await signIn(ctx, u)).headers;
    const admin = await db
      .selectFrom('app_user')
      .select(['id', 'username', 'account_type'])
      .where('company_id', '=', ctx.companyId)
      .where('username', '=', DEMO.users.admin)
      .executeTakeFirstOrThrow();
    actor = {
      userId: admin.id,
      companyId: ctx.companyId,
      username: admin.username,
      accountType: admin.account_type,
      roles: [],
      sessionId: 'pdf-report-test',
      isAdmin: true,
    };
    companyName = (
      await db.selectFrom('company').select('name').where('id', '=', ctx.companyId).executeTakeFirstOrThrow()
    ).name;
    const places = await demoPlaces(db, ctx.companyId);
    siteId = places.site(DEMO.firstSiteName);
    const project = places.tenant(DEMO.firstSiteName, 'Default');

    // Lab breaks near S = −20 + 15·log10(M): a fit with R² just under 1.
    const breaks = [
      { maturity: 100, strength: 10.4 },
      { maturity: 1000, strength: 24.6 },
      { maturity: 3000, strength: 32.6 },
      { maturity: 10000, strength: 39.8 },
    ];
    profile = (
      await call('admin', 'POST', '/api/concrete/conprofiles', { name: 'Slab mix 35', breaks })
    ).json() as ConcreteProfile;

    // Three counted sensors and a blacklisted spare, readings every 15 minutes for 48 hours.
    const node = await addNode(db, {
      companyId: ctx.companyId,
      tenantGroupId: siteId,
      channels: [...SLAB, 'Spare probe'].map((alias, i) => ({
        channelId: i + 1,
        sensorType: 'Temperature',
        alias,
      })),
    });
    slabSensors = node.sensorIds;
    const rows = series(slabSensors, t0, 15 * MIN, 48 * 4 + 1, slabTemp);
    await addReadings(db, rows);
    for (const r of rows) readings.set(r.sensorId, [...(readings.get(r.sensorId) ?? []), r.value]);
    await db.updateTable('sensor').set({ blacklisted: 1 }).where('id', '=', slabSensors[3]).execute();
    const create = async (body: Record<string, unknown>) => {
      const res = await call('admin', 'POST', JOBS, { tenantId: project, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as ChannelJob).id;
    };
    jobs.slab = await create({
      nodeId: node.nodeId,
      channelJobName: 'Level 2 slab pour',
      concreteProfileId: profile.id,
      singularTargetedStrength: 20,
      startDate: t0,
    });
    const targets = await call('admin', 'PUT', `${JOBS}/targets/${jobs.slab}`, {
      primaryKind: 'STRIPPING',
      targets: [
        { kind: 'POST_TENSIONING', enteredValue: 3500, enteredUnit: 'psi' },
        { kind: 'DESIGN', enteredValue: 35, enteredUnit: 'MPa' },
      ],
    });
    expect(targets.statusCode, targets.body).toBe(200);
    const so = await call('editor', 'POST', `${JOBS}/signoffs/${jobs.slab}`, {
      decision: 'FORMS_STRIPPED',
      note: 'Forms removed on grid lines A to C',
    });
    expect(so.statusCode, so.body).toBe(201);
    signoff = so.json() as JobSignoff;

    const hum = await addNode(db, {
      companyId: ctx.companyId,
      tenantGroupId: siteId,
      nodeType: 'Humidity',
      channels: [
        { channelId: 1, sensorType: 'Humidity' },
        { channelId: 2, sensorType: 'Temperature' },
      ],
    });
    jobs.humidity = await create({
      nodeId: hum.nodeId,
      channelJobName: 'Slab humidity',
      sensorFlags: 5,
      startDate: t0,
    });

    // A cable of 45 sensors: its table flows onto further pages.
    const wide = await addNode(db, {
      companyId: ctx.companyId,
      tenantGroupId: siteId,
      channels: Array.from({ length: 45 }, (_, i) => ({
        channelId: i + 1,
        sensorType: 'Temperature',
        alias: `Column C${String(i + 1).padStart(2, '0')}`,
      })),
    });
    const wideFrom = t0 + 36 * HOUR_MS;
    await addReadings(db, series(wide.sensorIds, wideFrom, 30 * MIN, 12 * 2 + 1));
    jobs.wide = await create({
      nodeId: wide.nodeId,
      channelJobName: 'Level 2 columns',
      concreteProfileId: profile.id,
      singularTargetedStrength: 25,
      startDate: wideFrom,
    });
  });

  it('CS_POUR_REPORT: header, the dashboard figures in MPa, targets, forecast, sign-offs, disclaimer, pages', async () => {
    const before = await forecastOf(jobs.slab);
    const r = await make('CS_POUR_REPORT', jobs.slab, 'cs-pour-metric-en');
    const after = await forecastOf(jobs.slab);
    const detail = await ctx.app.services.maturity.details(actor, jobs.slab);

    expect(r.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(r.png.subarray(1, 4).toString()).toBe('PNG');
    // Metric requester in an American zone: Letter (612 pt wide).
    expect(r.width).toBe(612);
    expect(r.text).toContain('Concrete pour report');
    expect(r.text).toContain(companyName);
    expect(r.text).toContain(DEMO.firstSiteName);
    expect(r.text).toContain('Concrete Sensors');
    expect(r.text).toContain('Level 2 slab pour');
    expect(r.text).toContain('Metric (MPa, °C)');
    expect(r.text).toContain(ZONE);
    for (const name of [...SLAB, 'Spare probe']) expect(r.text).toContain(name);
    expect(r.text).toContain('Blacklisted');

    // The job page's numbers, in MPa.
    expect(detail.latestStrength).toBeGreaterThan(20);
    expect(r.text).toContain(unitText('Strength', detail.latestStrength, 'Metric'));
    for (const s of detail.sensors.filter((x) => x.counted)) {
      expect(r.text).toContain(unitText('Strength', s.strength, 'Metric'));
    }
    // Each sensor's lowest and highest reading.
    const edge = readings.get(slabSensors[2]) as number[];
    expect(r.text).toContain(unitText('Temperature', Math.min(...edge), 'Metric'));
    expect(r.text).toContain(unitText('Temperature', Math.max(...edge), 'Metric'));

    // Targets: reached ones with their time, the design target forecast with its range.
    expect(r.text).toContain('Stripping (Job target)');
    expect(r.text).toContain('set as 3500 psi');
    const stripping = before.targets.find((x) => x.kind === 'STRIPPING');
    expect(stripping?.state).toBe('REACHED');
    expect(r.text).toContain(time(stripping?.reachedAt ?? null));
    const design = (f: JobForecast) => f.targets.find((x) => x.kind === 'DESIGN');
    expect(design(before)?.state).toBe('FORECAST');
    expect([
      time(design(before)?.expectedAt ?? null),
      time(design(after)?.expectedAt ?? null),
    ]).toContainEqual(expect.toSatisfy((s: string) => r.text.includes(s)));
    expect(r.text).toContain('Design (28-day)');
    expect(r.text).toContain('Strength forecast');

    // The sign-off: who, when, at what strength.
    expect(r.text).toContain('Forms stripped');
    expect(r.text).toContain(signoff.userName);
    expect(r.text).toContain(time(signoff.createdAt));
    expect(r.text).toContain(unitText('Strength', signoff.strengthMpa, 'Metric'));
    expect(r.text).toContain('Forms removed on grid lines A to C');

    expect(r.text).toContain('Slab mix 35');
    expect(r.text).toContain('R²');
    expect(profile.r2).toBeGreaterThan(0.99);
    expect(r.text).toContain(formatNumber(profile.r2, 3));
    expect(r.text).toContain(DISCLAIMER_TEXT.en);
    expect(r.pages).toBeGreaterThanOrEqual(2);
    expect(r.text).toContain(`Page 1 of ${r.pages}`);
    expect(r.text).toContain(`Page ${r.pages} of ${r.pages}`);
  });

  it('CS_POUR_REPORT in Spanish and Imperial units: psi and °F, Spanish words and disclaimer', async () => {
    const r = await make('CS_POUR_REPORT', jobs.slab, 'cs-pour-imperial-es', {
      units: 'Imperial',
      language: 'es',
    });
    const detail = await ctx.app.services.maturity.details(actor, jobs.slab);
    expect(r.width).toBe(612);
    expect(r.text).toContain('Informe de colada de hormigón');
    expect(r.text).toContain('Imperial (psi, °F)');
    expect(r.text).toContain(unitText('Strength', detail.latestStrength, 'Imperial'));
    expect(unitText('Strength', detail.latestStrength, 'Imperial')).toMatch(/^\d+ psi$/);
    expect(r.text).toContain(unitText('Temperature', detail.latestAverageTemperature, 'Imperial'));
    expect(r.text).toContain('Desencofrado');
    expect(r.text).toContain('Aprobaciones');
    expect(r.text).toContain(DISCLAIMER_TEXT.es);
    expect(r.text).toContain(`Página 1 de ${r.pages}`);
  });

  it('CS_JOB_REPORT: the whole job, targets with when each was reached, no forecast nor sign-offs; A4 for a metric reader elsewhere', async () => {
    const c = context('CS_JOB_REPORT', jobs.slab);
    c.report.attributes.timeZone = 'Europe/Madrid';
    await (pdfGenerators.CS_JOB_REPORT as (x: ReportContext) => Promise<void>)(c.report);
    const path = join(PNG_DIR, `${DIALECT}-cs-job-a4.pdf`);
    writeFileSync(path, c.bytes());
    expect(execFileSync('pdfinfo', [path], { encoding: 'utf8' })).toMatch(/Page size:\s+595(\.\d+)? x 841/);

    const r = await make('CS_JOB_REPORT', jobs.slab, 'cs-job-metric-en');
    expect(r.text).toContain('Concrete strength report: whole job');
    expect(r.text).toContain('the whole job');
    expect(r.text).toContain(time(t0));
    expect(r.text).toContain('Strength targets');
    expect(r.text).toContain('not reached yet');
    expect(r.text).not.toContain('Strength forecast');
    expect(r.text).not.toContain('Forms removed on grid lines');
    for (const name of SLAB) expect(r.text).toContain(name);
    expect(r.text).toContain(DISCLAIMER_TEXT.en);
    expect(r.text).toContain(`Page 1 of ${r.pages}`);
  });

  it('T_POUR_REPORT: temperatures first, the differential against the 19.4 °C limit, forecast and sign-offs', async () => {
    const r = await make('T_POUR_REPORT', jobs.slab, 't-pour-metric-en');
    expect(r.text).toContain('Pour temperature report');
    expect(r.text).toContain('Largest temperature difference between sensors');
    expect(r.text).toContain('Limit 19.4 °C');
    expect(r.text).toMatch(/Largest difference: \d+\.\d °C between Slab \w+ and Slab edge/);
    // The edge runs 22 °C colder from hour 10 to hour 20: about ten hours above the limit.
    const over = Number(/Above the limit of 19\.4 °C for (\d+(?:\.\d)?) h/.exec(r.text)?.[1]);
    expect(over).toBeGreaterThanOrEqual(9);
    expect(over).toBeLessThanOrEqual(10.5);
    expect(r.text).not.toContain('Strength over time');
    expect(r.text).toContain('Strength forecast');
    expect(r.text).toContain('Forms stripped');
    for (const name of SLAB) expect(r.text).toContain(name);
    expect(r.text).toContain(`Page 1 of ${r.pages}`);

    const imperial = await make('T_POUR_REPORT', jobs.slab, 't-pour-imperial-en', { units: 'Imperial' });
    expect(imperial.text).toContain('Limit 35.0 °F');
  });

  it('a long sensor list flows onto further pages, its header repeated', async () => {
    const r = await make('CS_JOB_REPORT', jobs.wide, 'cs-job-45-sensors');
    const detail = await ctx.app.services.maturity.details(actor, jobs.wide);
    for (const s of detail.sensors) expect(r.text).toContain(sensorDisplayName(s));
    expect(r.text).toContain('Each sensor (45)');
    expect(r.pages).toBeGreaterThanOrEqual(3);
    expect(r.text.split('Min temperature (when)').length - 1).toBeGreaterThanOrEqual(2);
    expect(r.text).toContain(`Page ${r.pages} of ${r.pages}`);
  });

  it('refuses with a plain reason: no job, a job not found, a humidity job; and stops when aborted', async () => {
    const run = (type: ReportType, id: number | null, signal?: AbortSignal) =>
      (pdfGenerators[type] as (x: ReportContext) => Promise<void>)(context(type, id, { signal }).report);
    await expect(run('CS_POUR_REPORT', null)).rejects.toThrow(
      new ReportError('The request names no maturity job.'),
    );
    await expect(run('CS_JOB_REPORT', 987_654)).rejects.toThrow(ReportError);
    await expect(run('CS_JOB_REPORT', 987_654)).rejects.toThrow(/Maturity job 987654 was not found/);
    await expect(run('T_POUR_REPORT', jobs.humidity)).rejects.toThrow(
      new ReportError(`Job ${jobs.humidity} is not a maturity job: it has no strength to report.`),
    );
    const stop = new AbortController();
    stop.abort(new Error('stopped'));
    await expect(run('CS_POUR_REPORT', jobs.slab, stop.signal)).rejects.toThrow('stopped');
    // A period before the job started: nothing to report.
    const early = context('CS_POUR_REPORT', jobs.slab);
    early.report.attributes.from = t0 - 10 * HOUR_MS;
    early.report.attributes.to = t0 - 5 * HOUR_MS;
    await expect(
      (pdfGenerators.CS_POUR_REPORT as (x: ReportContext) => Promise<void>)(early.report),
    ).rejects.toThrow(ReportError);
    expect(statSync(PNG_DIR).isDirectory()).toBe(true);
  });

  it('leaves strength out (no strength chart, column, figure, target nor forecast) when the module spec turns it off', async () => {
    const setSpec = (spec: string) =>
      ctx.db.db
        .updateTable('company_module')
        .set({ spec })
        .where('company_id', '=', ctx.companyId)
        .where('module_type', '=', 'Concrete')
        .execute();
    const before = await ctx.db.db
      .selectFrom('company_module')
      .select('spec')
      .where('company_id', '=', ctx.companyId)
      .where('module_type', '=', 'Concrete')
      .executeTakeFirstOrThrow();
    await setSpec(JSON.stringify({ disable_maturity_strength: true }));
    try {
      const detail = await ctx.app.services.maturity.details(actor, jobs.slab);
      for (const [type, file] of [
        ['CS_POUR_REPORT', 'cs-pour-no-strength'],
        ['CS_JOB_REPORT', 'cs-job-no-strength'],
        ['T_POUR_REPORT', 't-pour-no-strength'],
      ] as const) {
        const r = await make(type, jobs.slab, file);
        // The report's own title and the disclaimer resource are words, not figures: all else has none.
        const title = {
          CS_POUR_REPORT: '',
          CS_JOB_REPORT: 'Concrete strength report: whole job',
          T_POUR_REPORT: '',
        }[type];
        const body = r.text
          .split(DISCLAIMER_TEXT.en)
          .join(' ')
          .split(title || '\u0000')
          .join(' ');
        expect(body).not.toMatch(/strength/i);
        expect(body).not.toMatch(/\d MPa/);
        expect(r.text).not.toContain('Lab breaks');
        // Maturity and temperatures as ever.
        if (type !== 'T_POUR_REPORT') expect(r.text).toContain('Maturity over time');
        expect(r.text).toContain(unitText('Maturity', detail.latestMaturityIndex, 'Metric'));
        for (const name of SLAB) expect(r.text).toContain(name);
      }
    } finally {
      await setSpec(before.spec);
    }
  });
});
