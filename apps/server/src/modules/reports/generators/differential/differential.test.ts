import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import type { ChannelJob, ReportPair } from '@sitepulse/contracts';
import { formatNumber, HOUR_MS, type Language, type UnitSystem } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DISCLAIMER_TEXT } from '../../../../demo/seed.ts';
import type { Actor } from '../../../../lib/actor.ts';
import { signIn, useTestApp } from '../../../../test/test-app.ts';
import { zonedFormatter } from '../../../exports/format.ts';
import { addNode, addReadings, demoPlaces, type Reading } from '../../../maturity/sensor-fixtures.ts';
import { type ReportContext, ReportError } from '../types.ts';
import { bridged, pairDifference } from './compute.ts';
import { differentialGenerators } from './index.ts';
import type { DifferentialReportType } from './text.ts';

const JOBS = '/api/analytics/concrete/maturity/jobs';
const REQUESTS = '/api/analytics/report/requests';
const MIN = 60_000;
const STEP = 15 * MIN;
const ZONE = 'America/Toronto';
const LIMIT_C = 19.4;
const LIMIT_F_AS_C = 35 / 1.8;
/** Where page 1 of each report is rendered, to be looked at. */
const PNG_DIR = resolve(import.meta.dirname, '../../../../../../../.tmp/report-png');
const DIALECT = process.env.TEST_DB ?? 'sqlite';

const sway = (h: number) => Math.sin((2 * Math.PI * h) / 24);
const r2 = (v: number) => Math.round(v * 100) / 100;
/**
 * A slab's temperatures: a warm core, a middle, and an edge that drops 18 °C from hour 10 to 20 (core
 * and middle both far above the limit against it) and 12 °C from hour 30 to 33 (the core only).
 */
const TEMPS = {
  core: (h: number) => r2(30 + 2 * sway(h)),
  middle: (h: number) => r2(25 + sway(h)),
  edge: (h: number) => r2(22 - (h >= 10 && h < 20 ? 18 : 0) - (h >= 30 && h < 33 ? 12 : 0)),
};
type Role = keyof typeof TEMPS;
const HOURS = 48;

describe('differential PDF reports', () => {
  const ctx = useTestApp();
  let headers: Record<string, string>;
  let actor: Actor;
  let siteId: number;
  let companyName: string;
  const t0 = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - HOURS * HOUR_MS;
  const names = new Map<number, string>();
  const roles = new Map<number, Role>();
  const slab = { node: 0, core: 0, middle: 0, edge: 0, spare: 0, job: 0 };
  const deckA = { node: 0, core: 0, surface: 0, job: 0 };
  const deckB = { node: 0, core: 0, surface: 0, job: 0 };
  let groupId = 0;
  let humidity = { node: 0, sensor: 0 };

  function context(
    type: DifferentialReportType,
    o: {
      msjId?: number | null;
      pairs?: ReportPair[];
      cjgId?: number;
      units?: UnitSystem;
      language?: Language;
      limitC?: number;
    } = {},
  ) {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const report: ReportContext = {
      request: {
        id: 1,
        type,
        name: 'Slab differentials',
        tenantGroupId: siteId,
        companyId: ctx.companyId,
        msjId: o.msjId ?? null,
        cjId: null,
        createdAt: Date.now(),
        ownerUsername: 'admin',
      },
      attributes: {
        from: t0 - 6 * HOUR_MS,
        to: Date.now(),
        units: o.units ?? 'Metric',
        language: o.language ?? 'en',
        timeZone: ZONE,
        ...(o.pairs ? { pairs: o.pairs } : {}),
        ...(o.cjgId !== undefined ? { cjgId: o.cjgId } : {}),
        ...(o.limitC !== undefined ? { limitC: o.limitC } : {}),
      },
      site: { id: siteId, name: DEMO.firstSiteName, companyName },
      actor,
      services: ctx.app.services,
      out,
      signal: new AbortController().signal,
    };
    return { report, bytes: () => Buffer.concat(chunks) };
  }

  const run = (type: DifferentialReportType, o: Parameters<typeof context>[1] = {}) =>
    (differentialGenerators[type] as (x: ReportContext) => Promise<void>)(context(type, o).report);

  /** Makes a report, keeps the file and page 1 as PNG, and answers its text (spaces folded) and page count. */
  async function make(type: DifferentialReportType, file: string, o: Parameters<typeof context>[1] = {}) {
    const c = context(type, o);
    await (differentialGenerators[type] as (x: ReportContext) => Promise<void>)(c.report);
    const pdf = c.bytes();
    mkdirSync(PNG_DIR, { recursive: true });
    const path = join(PNG_DIR, `${DIALECT}-diff-${file}.pdf`);
    writeFileSync(path, pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })
      .replace(/\u00a0/g, ' ')
      .replace(/\s+/g, ' ');
    const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      path,
      join(PNG_DIR, `${DIALECT}-diff-${file}`),
    ]);
    return { pdf, text, pages };
  }

  const time = (ts: number) => zonedFormatter(ZONE)(ts).replace(/:\d\d (AM|PM)$/, ' $1');
  /** A difference as the report prints it: °C, or °F scaled by 1.8 (no +32). */
  const diffText = (c: number, units: UnitSystem = 'Metric') =>
    units === 'Imperial' ? `${formatNumber(c * 1.8, 1)} °F` : `${formatNumber(c, 1)} °C`;

  /**
   * What the readings imply for a pair, worked out from the inserted values alone: both sensors read at
   * the same instants, so the difference at each reading, its largest value and when, and each run of
   * readings above the limit (ending at the first reading back within it).
   */
  function expected(a: number, b: number, limitC: number) {
    const fa = TEMPS[roles.get(a) as Role];
    const fb = TEMPS[roles.get(b) as Role];
    let max = { c: -1, at: 0 };
    const periods: { start: number; end: number; peak: number }[] = [];
    let open: { start: number; end: number; peak: number } | null = null;
    for (let k = 0; k <= HOURS * 4; k++) {
      const ts = t0 + k * STEP;
      const h = (ts - t0) / HOUR_MS;
      const d = Math.abs(fa(h) - fb(h));
      if (d > max.c + 1e-9) max = { c: d, at: ts };
      if (d > limitC) {
        if (!open) open = { start: ts, end: ts, peak: d };
        open.peak = Math.max(open.peak, d);
      } else if (open) {
        open.end = ts;
        periods.push(open);
        open = null;
      }
    }
    expect(open).toBeNull();
    return { max, periods, aboveH: periods.reduce((s, p) => s + (p.end - p.start), 0) / HOUR_MS };
  }

  beforeAll(async () => {
    const db = ctx.db.db;
    headers = (await signIn(ctx, 'admin')).headers;
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
      sessionId: 'differential-report-test',
      isAdmin: true,
    };
    companyName = (
      await db.selectFrom('company').select('name').where('id', '=', ctx.companyId).executeTakeFirstOrThrow()
    ).name;
    const places = await demoPlaces(db, ctx.companyId);
    siteId = places.site(DEMO.firstSiteName);
    const project = places.tenant(DEMO.firstSiteName, 'Default');

    const readings: Reading[] = [];
    /** A node of temperature sensors with the given names and roles, read every 15 minutes for 48 h. */
    async function node(sensors: [string, Role | null][]) {
      const n = await addNode(db, {
        companyId: ctx.companyId,
        tenantGroupId: siteId,
        channels: sensors.map(([alias], i) => ({ channelId: i + 1, sensorType: 'Temperature', alias })),
      });
      n.sensorIds.forEach((id, i) => {
        const [alias, role] = sensors[i];
        names.set(id, alias);
        if (!role) return;
        roles.set(id, role);
        for (let k = 0; k <= HOURS * 4; k++) {
          const ts = t0 + k * STEP;
          readings.push({ sensorId: id, ts, value: TEMPS[role]((ts - t0) / HOUR_MS) });
        }
      });
      return n;
    }
    const s = await node([
      ['Slab core', 'core'],
      ['Slab middle', 'middle'],
      ['Slab edge', 'edge'],
      ['Slab spare', 'core'],
    ]);
    [slab.core, slab.middle, slab.edge, slab.spare] = s.sensorIds;
    slab.node = s.nodeId;
    const a = await node([
      ['Deck A core', 'core'],
      ['Deck A surface', 'middle'],
    ]);
    [deckA.core, deckA.surface] = a.sensorIds;
    deckA.node = a.nodeId;
    const b = await node([
      ['Deck B core', 'middle'],
      ['Deck B surface', 'edge'],
    ]);
    [deckB.core, deckB.surface] = b.sensorIds;
    deckB.node = b.nodeId;
    await addReadings(db, readings);
    await db.updateTable('sensor').set({ blacklisted: 1 }).where('id', '=', slab.spare).execute();
    const hum = await addNode(db, {
      companyId: ctx.companyId,
      tenantGroupId: siteId,
      nodeType: 'Humidity',
      channels: [{ channelId: 1, sensorType: 'Humidity', alias: 'Slab RH' }],
    });
    humidity = { node: hum.nodeId, sensor: hum.sensorIds[0] };

    const create = async (body: Record<string, unknown>) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: JOBS,
        headers,
        payload: { tenantId: project, startDate: t0, ...body },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ChannelJob;
    };
    slab.job = (await create({ nodeId: slab.node, channelJobName: 'Level 2 slab pour' })).id;
    const first = await create({
      nodeId: deckA.node,
      channelJobName: 'Deck pour A',
      jobGroupName: 'Level 3 deck',
    });
    deckA.job = first.id;
    groupId = first.channelGroupId as number;
    deckB.job = (await create({ nodeId: deckB.node, channelJobName: 'Deck pour B', jobGroupId: groupId })).id;
  });

  it('bridges a reading to the next one up to 2 h apart, and finds the periods above the limit', () => {
    expect(bridged([1, null, null, 4, null], 5 * MIN)).toEqual([1, 1, 1, 4, null]);
    // Readings 3 h apart on an hourly grid are not bridged.
    expect(bridged([1, null, null, 4], HOUR_MS)).toEqual([1, null, null, 4]);
    const grid = { start: 0, bucketMs: HOUR_MS, points: 6 };
    const r = pairDifference(grid, [30, 30, 30, 30, 30, null], [20, 5, 8, 20, 4, null], 19.4);
    expect(r.diffs).toEqual([10, 25, 22, 10, 26, null]);
    expect(r.max).toEqual({ c: 26, at: 4 * HOUR_MS, firstWarmer: true });
    expect(r.periods).toEqual([
      { start: HOUR_MS, end: 3 * HOUR_MS, openEnded: false, peakC: 25, peakAt: HOUR_MS },
      { start: 4 * HOUR_MS, end: 5 * HOUR_MS, openEnded: true, peakC: 26, peakAt: 4 * HOUR_MS },
    ]);
    expect(r.aboveMs).toBe(3 * HOUR_MS);
  });

  it('T_DIFF_PAIR_GROUP_REPORT: chosen sensor and node pairs, max difference in °C, each period above 19.4 °C', async () => {
    const pairs: ReportPair[] = [
      { sid1: slab.core, sid2: slab.edge },
      { sid1: slab.middle, sid2: deckB.surface },
      // nid: the first temperature sensor in use of each node (Deck A core and Deck B core).
      { nid1: deckA.node, nid2: deckB.node },
    ];
    const r = await make('T_DIFF_PAIR_GROUP_REPORT', 'pairs-metric', { pairs });
    expect(r.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(r.text).toContain('Temperature differential report: sensor pairs');
    expect(r.text).toContain(companyName);
    expect(r.text).toContain(DEMO.firstSiteName);
    expect(r.text).toContain('Metric (MPa, °C)');
    expect(r.text).toContain(ZONE);
    expect(r.text).toContain('19.4 °C (ACI 301 practice)');
    expect(r.text).toContain('Summary of all pairs');
    expect(r.text).toContain('Pair 1: Slab core and Slab edge');
    expect(r.text).toContain('Pair 2: Slab middle and Deck B surface');
    expect(r.text).toContain('Pair 3: Deck A core and Deck B core');

    const core = expected(slab.core, slab.edge, LIMIT_C);
    expect(core.max.c).toBeCloseTo(27, 6);
    expect(core.periods).toHaveLength(2);
    expect(r.text).toContain(
      `Largest difference: ${diffText(core.max.c)}, ${time(core.max.at)} (Slab core warmer)`,
    );
    expect(r.text).toContain(
      `Above the limit of 19.4 °C for ${formatNumber(core.aboveH, 1)} h in this period, in 2 periods`,
    );
    expect(core.aboveH).toBe(13);
    for (const p of core.periods) {
      expect(r.text).toContain(
        `${time(p.start)} ${time(p.end)} ${formatNumber((p.end - p.start) / HOUR_MS, 1)} h`,
      );
      expect(r.text).toContain(diffText(p.peak));
    }
    const middle = expected(slab.middle, deckB.surface, LIMIT_C);
    expect(middle.periods).toHaveLength(1);
    expect(r.text).toContain(
      `Largest difference: ${diffText(middle.max.c)}, ${time(middle.max.at)} (Slab middle warmer)`,
    );
    // Deck A core (the core curve) against Deck B core (the middle curve): 5 ± 1 °C, never above.
    expect(r.text).toContain('Never above the limit of 19.4 °C in this period.');
    expect(r.text).toContain(DISCLAIMER_TEXT.en);
    expect(r.pages).toBeGreaterThanOrEqual(2);
    expect(r.text).toContain(`Page 1 of ${r.pages}`);
    expect(r.text).toContain(`Page ${r.pages} of ${r.pages}`);
  });

  it('T_DIFF_PAIR_GROUP_REPORT in °F: the difference ×1.8 (no +32), the limit exactly 35 °F; a custom limit', async () => {
    const pairs: ReportPair[] = [{ sid1: slab.core, sid2: slab.edge }];
    const r = await make('T_DIFF_PAIR_GROUP_REPORT', 'pairs-imperial', { pairs, units: 'Imperial' });
    const core = expected(slab.core, slab.edge, LIMIT_F_AS_C);
    expect(r.text).toContain('Imperial (psi, °F)');
    expect(r.text).toContain('35.0 °F (ACI 301 practice)');
    expect(diffText(core.max.c, 'Imperial')).toBe('48.6 °F');
    expect(r.text).toContain(`Largest difference: 48.6 °F, ${time(core.max.at)}`);
    expect(r.text).toContain(`Above the limit of 35.0 °F for ${formatNumber(core.aboveH, 1)} h`);
    for (const p of core.periods) expect(r.text).toContain(diffText(p.peak, 'Imperial'));

    // 25 °C: only the first drop (26 to 27 °C) is above it.
    const custom = await make('T_DIFF_PAIR_GROUP_REPORT', 'pairs-limit-25', { pairs, limitC: 25 });
    const over = expected(slab.core, slab.edge, 25);
    expect(over.periods.length).toBeGreaterThanOrEqual(1);
    expect(custom.text).toContain('Limit 25.0 °C');
    expect(custom.text).not.toContain('ACI 301 practice');
    expect(custom.text).toContain(`Above the limit of 25.0 °C for ${formatNumber(over.aboveH, 1)} h`);
  });

  it('a range over 7 days compares hourly averages: the same periods, the largest hourly difference', async () => {
    const c = context('T_DIFF_PAIR_GROUP_REPORT', { pairs: [{ sid1: slab.core, sid2: slab.edge }] });
    c.report.attributes.from = t0 - 10 * 24 * HOUR_MS;
    await (differentialGenerators.T_DIFF_PAIR_GROUP_REPORT as (x: ReportContext) => Promise<void>)(c.report);
    const path = join(PNG_DIR, `${DIALECT}-diff-pairs-hourly.pdf`);
    writeFileSync(path, c.bytes());
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })
      .replace(/\u00a0/g, ' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('per 1 h;');
    // The hour from t0+10h holds the largest difference: the mean of its four readings' differences.
    const hourMean = (h: number) =>
      [0, 0.25, 0.5, 0.75].reduce((s, q) => s + TEMPS.core(h + q) - TEMPS.edge(h + q), 0) / 4;
    expect(text).toContain(`Largest difference: ${diffText(hourMean(10))}, ${time(t0 + 10 * HOUR_MS)}`);
    for (const [from, to] of [
      [10, 20],
      [30, 33],
    ])
      expect(text).toContain(
        `${time(t0 + from * HOUR_MS)} ${time(t0 + to * HOUR_MS)} ${formatNumber(to - from, 1)} h`,
      );
  });

  it('MATURITY_STRENGTH_JOB_DIFFERENTIAL: named pairs of the job; by default each counted sensor with the coolest', async () => {
    const named = await make('MATURITY_STRENGTH_JOB_DIFFERENTIAL', 'job-named', {
      msjId: slab.job,
      pairs: [{ sid1: slab.middle, sid2: slab.edge }],
    });
    expect(named.text).toContain('Temperature differential report: job');
    expect(named.text).toContain('Level 2 slab pour');
    expect(named.text).toContain('Concrete Sensors');
    expect(named.text).toContain('1 (Pairing: as requested)');
    const middle = expected(slab.middle, slab.edge, LIMIT_C);
    expect(named.text).toContain(`Largest difference: ${diffText(middle.max.c)}, ${time(middle.max.at)}`);
    // The period starts with the job (t0), not with the requested range before it.
    expect(named.text).toContain(time(t0));

    const r = await make('MATURITY_STRENGTH_JOB_DIFFERENTIAL', 'job-default', { msjId: slab.job });
    expect(r.text).toContain('each counted sensor with the coolest one');
    // The edge is the coolest on average; the blacklisted spare is left out.
    expect(r.text).toContain('Pair 1: Slab core and Slab edge');
    expect(r.text).toContain('Pair 2: Slab middle and Slab edge');
    expect(r.text).not.toContain('Slab spare');
    const core = expected(slab.core, slab.edge, LIMIT_C);
    expect(r.text).toContain(
      `Largest difference: ${diffText(core.max.c)}, ${time(core.max.at)} (Slab core warmer)`,
    );
    expect(r.text).toContain(
      `Largest difference: ${diffText(middle.max.c)}, ${time(middle.max.at)} (Slab middle warmer)`,
    );
    expect(r.text).toContain(`Page 1 of ${r.pages}`);
    expect(r.pages).toBeGreaterThanOrEqual(2);

    const es = await make('MATURITY_STRENGTH_JOB_DIFFERENTIAL', 'job-imperial-es', {
      msjId: slab.job,
      units: 'Imperial',
      language: 'es',
    });
    expect(es.text).toContain('Informe de diferencial de temperatura: trabajo');
    expect(es.text).toContain(`Mayor diferencia: ${diffText(core.max.c, 'Imperial')}`);
    expect(es.text).toContain('35.0 °F (práctica ACI 301)');
    expect(es.text).toContain(DISCLAIMER_TEXT.es);
  });

  it('MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL: pairs across the jobs of the group, each sensor with its job', async () => {
    const r = await make('MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL', 'group', {
      cjgId: groupId,
      pairs: [
        { sid1: deckA.core, sid2: deckB.surface },
        { nid1: deckA.node, nid2: deckB.node },
      ],
    });
    expect(r.text).toContain('Temperature differential report: job group');
    expect(r.text).toContain('Level 3 deck');
    expect(r.text).toContain('Deck pour A, Deck pour B');
    expect(r.text).toContain('Pair 1: Deck A core (Deck pour A) and Deck B surface (Deck pour B)');
    expect(r.text).toContain('Pair 2: Deck A core (Deck pour A) and Deck B core (Deck pour B)');
    const across = expected(deckA.core, deckB.surface, LIMIT_C);
    expect(r.text).toContain(
      `Largest difference: ${diffText(across.max.c)}, ${time(across.max.at)} (Deck A core warmer)`,
    );
    expect(r.text).toContain(`for ${formatNumber(across.aboveH, 1)} h in this period, in 2 periods`);

    // No pairs: the group's counted sensors each with the coolest (Deck B surface).
    const d = await make('MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL', 'group-default', { cjgId: groupId });
    expect(d.text).toContain('3 (Pairing: each counted sensor with the coolest one');
    expect(d.text).toContain('Pair 1: Deck A core (Deck pour A) and Deck B surface (Deck pour B)');
  });

  it('refuses with a plain reason: not a temperature sensor, not found, not of the job or group, no job', async () => {
    await expect(
      run('T_DIFF_PAIR_GROUP_REPORT', { pairs: [{ sid1: slab.core, sid2: humidity.sensor }] }),
    ).rejects.toThrow(
      new ReportError(
        `Sensor Slab RH (${humidity.sensor}) is not a temperature sensor: it has no temperature difference to show.`,
      ),
    );
    await expect(
      run('T_DIFF_PAIR_GROUP_REPORT', { pairs: [{ sid1: slab.core, sid2: 987_654 }] }),
    ).rejects.toThrow(
      new ReportError(
        "Sensor 987654 was not found on this job site, or the report's owner may no longer see it.",
      ),
    );
    await expect(
      run('T_DIFF_PAIR_GROUP_REPORT', { pairs: [{ nid1: slab.node, nid2: humidity.node }] }),
    ).rejects.toThrow(new ReportError(`Node ${humidity.node} has no temperature sensor in use.`));
    await expect(
      run('MATURITY_STRENGTH_JOB_DIFFERENTIAL', {
        msjId: slab.job,
        pairs: [{ sid1: slab.core, sid2: deckA.core }],
      }),
    ).rejects.toThrow(
      new ReportError(`Sensor ${deckA.core} is not a sensor of the job "Level 2 slab pour".`),
    );
    await expect(
      run('MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL', {
        cjgId: groupId,
        pairs: [{ nid1: deckA.node, nid2: slab.node }],
      }),
    ).rejects.toThrow(
      new ReportError(`Node ${slab.node} is not the node of a job of the group "Level 3 deck".`),
    );
    await expect(run('MATURITY_STRENGTH_JOB_DIFFERENTIAL')).rejects.toThrow(
      new ReportError('The request names no maturity job.'),
    );
    await expect(run('MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL', { cjgId: 987_654 })).rejects.toThrow(
      ReportError,
    );
  });

  it('a request is refused with 400 when its pairs are not of its job or group, or not temperature sensors', async () => {
    const count = async () =>
      Number(
        (
          await ctx.db.db
            .selectFrom('report_request')
            .select((e) => e.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const post = (body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `${REQUESTS}/msj/by_job?tenant=${siteId}`,
        headers,
        payload: body,
      });
    const before = await count();
    const refused = [
      [
        {
          type: 'MATURITY_STRENGTH_JOB_DIFFERENTIAL',
          msjId: slab.job,
          attributes: { pairs: [{ sid1: slab.core, sid2: deckA.core }] },
        },
        `Sensor ${deckA.core} is not a sensor of maturity job ${slab.job}`,
      ],
      [
        {
          type: 'MATURITY_STRENGTH_JOB_DIFFERENTIAL',
          msjId: slab.job,
          attributes: { pairs: [{ nid1: slab.node, nid2: deckA.node }] },
        },
        `Node ${deckA.node} is not a node of maturity job ${slab.job}`,
      ],
      [
        {
          type: 'MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL',
          attributes: { cjgId: groupId, pairs: [{ sid1: deckA.core, sid2: slab.edge }] },
        },
        `Sensor ${slab.edge} is not a sensor of the jobs of job group ${groupId}`,
      ],
      [
        {
          type: 'T_DIFF_PAIR_GROUP_REPORT',
          attributes: { pairs: [{ sid1: slab.core, sid2: humidity.sensor }] },
        },
        `Sensor ${humidity.sensor} is not a temperature sensor`,
      ],
    ] as const;
    for (const [body, message] of refused) {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: { code: expect.any(String), message } });
    }
    expect(await count()).toBe(before);
    const ok = await post({
      type: 'MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL',
      attributes: {
        cjgId: groupId,
        pairs: [
          { sid1: deckA.core, sid2: deckB.surface },
          { nid1: deckA.node, nid2: deckB.node },
        ],
      },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});
