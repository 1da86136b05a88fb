import { PassThrough } from 'node:stream';
import type { ChannelJob, JobDifferentialLimit, JobSensorPair, ReportPair } from '@sitepulse/contracts';
import { DIFFERENTIAL_LIMIT_C, HOUR_MS } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import type { Actor } from '../../lib/actor.ts';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addNode, addReadings, demoPlaces, series } from '../maturity/sensor-fixtures.ts';
import { loadDifferential } from '../reports/generators/differential/data.ts';
import { type DifferentialReportType, differentialText } from '../reports/generators/differential/text.ts';
import type { ReportContext } from '../reports/generators/types.ts';

const JOBS = '/api/analytics/concrete/maturity/jobs';
const PAIRS = `${JOBS}/pairs`;
const SITE = 'Harbourfront Tower';
const MIN = 60_000;

describe('sensor pairs of maturity jobs (GET and PUT .../jobs/pairs/{id})', () => {
  const ctx = useTestApp();
  const headers: Record<string, Record<string, string>> = {};
  const get = (user: string, id: number) =>
    ctx.app.inject({ method: 'GET', url: `${PAIRS}/${id}`, headers: headers[user] });
  const put = (user: string, id: number, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: `${PAIRS}/${id}`,
      headers: headers[user],
      payload: payload as object,
    });
  const pairsOf = async (id: number) => {
    const res = await get('admin', id);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as JobSensorPair[];
  };

  let places: Awaited<ReturnType<typeof demoPlaces>>;
  let actor: Actor;
  const t0 = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 12 * HOUR_MS;
  /** A slab: core 30 °C, middle 25 °C, edge 15 °C (the coolest) on one node. */
  const slab = { job: 0, core: 0, middle: 0, edge: 0 };
  /** Two pours of one group, two sensors each: the second of each is the cooler. */
  const deck = { group: 0, jobA: 0, a1: 0, a2: 0, jobB: 0, b1: 0, b2: 0 };
  let otherSlabSensor = 0;
  let humidityJob = 0;
  let riversideJob = 0;
  let otherJob = 0;

  async function job(nodeId: number, name: string, o: { site?: string; group?: string | number } = {}) {
    const site = o.site ?? SITE;
    const res = await ctx.app.inject({
      method: 'POST',
      url: JOBS,
      headers: headers.admin,
      payload: {
        tenantId: places.tenant(site, site === SITE ? 'Podium Slabs' : 'Default'),
        nodeId,
        channelJobName: name,
        startDate: t0,
        ...(typeof o.group === 'string' ? { jobGroupName: o.group } : {}),
        ...(typeof o.group === 'number' ? { jobGroupId: o.group } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ChannelJob;
  }

  /** A node of temperature sensors at the given steady temperatures, read every 15 minutes for 12 h. */
  async function node(temps: number[], site = SITE) {
    const n = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      tenantGroupId: places.site(site),
      channels: temps.map((_, i) => ({ channelId: i + 1, sensorType: 'Temperature' })),
    });
    await addReadings(
      ctx.db.db,
      series(n.sensorIds, t0, 15 * MIN, 12 * 4 + 1, (i) => temps[i]),
    );
    return n;
  }

  beforeAll(async () => {
    const db = ctx.db.db;
    places = await demoPlaces(db, ctx.companyId);
    const other = await seedOtherCompany(db);
    for (const u of ['admin', 'editor', 'viewer', 'inspector']) headers[u] = (await signIn(ctx, u)).headers;
    headers.other = (await signIn(ctx, OTHER.username, OTHER.password, other.companyId)).headers;
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
      sessionId: 'pairs-test',
      isAdmin: true,
    };

    const s = await node([30, 25, 15]);
    [slab.core, slab.middle, slab.edge] = s.sensorIds;
    slab.job = (await job(s.nodeId, 'Level 2 slab')).id;
    const a = await node([28, 20]);
    [deck.a1, deck.a2] = a.sensorIds;
    const first = await job(a.nodeId, 'Deck A', { group: 'Level 3 deck' });
    deck.jobA = first.id;
    deck.group = first.channelGroupId as number;
    const b = await node([26, 18]);
    [deck.b1, deck.b2] = b.sensorIds;
    deck.jobB = (await job(b.nodeId, 'Deck B', { group: deck.group })).id;
    // A sensor of the same site that is not on the slab's node.
    otherSlabSensor = (await node([20])).sensorIds[0];

    const hum = await addNode(db, {
      companyId: ctx.companyId,
      nodeType: 'Humidity',
      tenantGroupId: places.site(SITE),
      channels: [
        { channelId: 1, sensorType: 'Humidity' },
        { channelId: 2, sensorType: 'Temperature' },
      ],
    });
    const h = await ctx.app.inject({
      method: 'POST',
      url: JOBS,
      headers: headers.admin,
      payload: {
        tenantId: places.tenant(SITE, 'Podium Slabs'),
        nodeId: hum.nodeId,
        channelJobName: 'Moisture',
        sensorFlags: 5,
        startDate: t0,
      },
    });
    expect(h.statusCode, h.body).toBe(200);
    humidityJob = (h.json() as ChannelJob).id;

    const r = await node([20, 21], 'Riverside Medical Centre Expansion');
    riversideJob = (await job(r.nodeId, 'Riverside pour', { site: 'Riverside Medical Centre Expansion' })).id;

    const oNode = await addNode(db, {
      companyId: other.companyId,
      tenantGroupId: other.siteId,
      channels: [
        { channelId: 1, sensorType: 'Temperature' },
        { channelId: 2, sensorType: 'Temperature' },
      ],
    });
    const o = await ctx.app.inject({
      method: 'POST',
      url: JOBS,
      headers: headers.other,
      payload: { tenantId: other.tenantId, nodeId: oNode.nodeId, channelJobName: 'Secret', startDate: t0 },
    });
    expect(o.statusCode, o.body).toBe(200);
    otherJob = (o.json() as ChannelJob).id;
  });

  it('a job has no pairs at first; an editor sets them and they read back in the order given', async () => {
    expect(await pairsOf(slab.job)).toEqual([]);
    const pairs = [
      { sid1: slab.core, sid2: slab.middle },
      { sid1: slab.edge, sid2: slab.core },
    ];
    const res = await put('editor', slab.job, { pairs });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(pairs);
    expect(await pairsOf(slab.job)).toEqual(pairs);
    // A viewer reads them too.
    const viewer = await get('viewer', slab.job);
    expect(viewer.statusCode).toBe(200);
    expect(viewer.json()).toEqual(pairs);
    const rows = await ctx.db.db
      .selectFrom('job_sensor_pair')
      .select(['sensor_id_1', 'sensor_id_2', 'created_by'])
      .where('job_id', '=', slab.job)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.sensor_id_1, r.sensor_id_2])).toEqual(pairs.map((p) => [p.sid1, p.sid2]));
    expect(rows.every((r) => typeof r.created_by === 'number')).toBe(true);
  });

  it('a PUT replaces all the pairs; an empty list removes them', async () => {
    const one = [{ sid1: slab.middle, sid2: slab.edge }];
    expect((await put('admin', slab.job, { pairs: one })).json()).toEqual(one);
    expect(await pairsOf(slab.job)).toEqual(one);
    expect((await put('admin', slab.job, { pairs: [] })).json()).toEqual([]);
    expect(await pairsOf(slab.job)).toEqual([]);
  });

  it.each([
    ['a sensor paired with itself', () => [{ sid1: slab.core, sid2: slab.core }]],
    ['a sensor of another node', () => [{ sid1: slab.core, sid2: otherSlabSensor }]],
    ['a sensor of another job', () => [{ sid1: slab.core, sid2: deck.a1 }]],
    ['a sensor that does not exist', () => [{ sid1: slab.core, sid2: 2147483000 }]],
    [
      'the same two sensors twice, either way round',
      () => [
        { sid1: slab.core, sid2: slab.edge },
        { sid1: slab.edge, sid2: slab.core },
      ],
    ],
    ['a pair missing its second sensor', () => [{ sid1: slab.core }]],
    ['a sensor id of 0', () => [{ sid1: 0, sid2: slab.core }]],
    ['an id too large', () => [{ sid1: 2 ** 53, sid2: slab.core }]],
    ['no pairs list', () => undefined],
    [
      '101 pairs',
      () =>
        Array.from({ length: 101 }, (_, i) => ({ sid1: slab.core, sid2: i % 2 ? slab.edge : slab.middle })),
    ],
  ])('400 for %s, and nothing changes', async (_name, pairs) => {
    const before = [{ sid1: slab.core, sid2: slab.middle }];
    expect((await put('admin', slab.job, { pairs: before })).statusCode).toBe(200);
    const body = pairs();
    const res = await put('editor', slab.job, body === undefined ? {} : { pairs: body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
    expect(await pairsOf(slab.job)).toEqual(before);
  });

  it('400 for pairs on a humidity job, which reads as having none', async () => {
    const res = await put('admin', humidityJob, { pairs: [] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/humidity job/);
    expect(await pairsOf(humidityJob)).toEqual([]);
  });

  it('readers may read but not write (403); another company or an ungranted site reads as missing (404)', async () => {
    const before = await pairsOf(slab.job);
    const body = { pairs: [{ sid1: slab.middle, sid2: slab.edge }] };
    for (const user of ['viewer', 'inspector']) {
      const res = await put(user, slab.job, body);
      expect(res.statusCode, `${user} ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect((await get('inspector', slab.job)).statusCode).toBe(403);
    expect((await put('other', slab.job, body)).statusCode).toBe(404);
    expect((await get('other', slab.job)).statusCode).toBe(404);
    expect((await get('admin', otherJob)).statusCode).toBe(404);
    expect((await put('admin', otherJob, { pairs: [] })).statusCode).toBe(404);
    // The editor and viewer were granted Harbourfront only.
    expect((await get('viewer', riversideJob)).statusCode).toBe(404);
    expect((await put('editor', riversideJob, { pairs: [] })).statusCode).toBe(404);
    expect((await get('admin', 2147483647)).statusCode).toBe(404);
    expect(await pairsOf(slab.job)).toEqual(before);
  });

  describe("the job's differential limit (issue 15)", () => {
    const limitOf = async (user: string, id: number) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${PAIRS}/${id}/limit`,
        headers: headers[user],
      });
      return { status: res.statusCode, body: res.json() as JobDifferentialLimit };
    };
    const stored = async (id: number) =>
      (
        await ctx.db.db
          .selectFrom('job')
          .select('differential_limit_c')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).differential_limit_c;

    it('is the default until a writer sets it with the pairs; absent keeps it, null puts the default back', async () => {
      expect(await limitOf('viewer', slab.job)).toEqual({
        status: 200,
        body: { limitC: DIFFERENTIAL_LIMIT_C, differentialLimitC: null, defaultLimitC: DIFFERENTIAL_LIMIT_C },
      });
      const pairs = [{ sid1: slab.core, sid2: slab.edge }];
      const res = await put('editor', slab.job, { pairs, differentialLimitC: 12.5 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(pairs);
      expect((await limitOf('viewer', slab.job)).body).toEqual({
        limitC: 12.5,
        differentialLimitC: 12.5,
        defaultLimitC: DIFFERENTIAL_LIMIT_C,
      });
      // 35 °F is a difference of 19.44 °C; the bounds themselves are accepted.
      for (const limit of [35 / 1.8, 0.5, 100]) {
        expect((await put('admin', slab.job, { pairs, differentialLimitC: limit })).statusCode).toBe(200);
        expect(Number(await stored(slab.job))).toBeCloseTo(limit, 9);
      }
      // A PUT of the pairs alone leaves the limit as it is.
      expect((await put('admin', slab.job, { pairs: [] })).statusCode).toBe(200);
      expect((await limitOf('admin', slab.job)).body.limitC).toBe(100);
      expect((await put('admin', slab.job, { pairs, differentialLimitC: null })).statusCode).toBe(200);
      expect((await limitOf('admin', slab.job)).body).toMatchObject({
        limitC: DIFFERENTIAL_LIMIT_C,
        differentialLimitC: null,
      });
      expect(await stored(slab.job)).toBeNull();
    });

    it.each([
      ['below 0.5 °C', 0.4],
      ['zero', 0],
      ['negative', -5],
      ['above 100 °C', 100.01],
      ['huge', 1e308],
      ['text', 'cold'],
      ['a list', [20]],
    ])('400 for a limit %s, and neither the pairs nor the limit change', async (_name, limit) => {
      const before = [{ sid1: slab.core, sid2: slab.middle }];
      expect((await put('admin', slab.job, { pairs: before, differentialLimitC: 8 })).statusCode).toBe(200);
      const res = await put('editor', slab.job, {
        pairs: [{ sid1: slab.middle, sid2: slab.edge }],
        differentialLimitC: limit,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
      expect(await pairsOf(slab.job)).toEqual(before);
      expect(Number(await stored(slab.job))).toBe(8);
    });

    it('400 for a limit on a humidity job; readers cannot set it; other companies and sites read as missing', async () => {
      const hum = await put('admin', humidityJob, { pairs: [], differentialLimitC: 10 });
      expect(hum.statusCode).toBe(400);
      expect(await stored(humidityJob)).toBeNull();
      expect((await put('admin', slab.job, { pairs: [], differentialLimitC: 9 })).statusCode).toBe(200);
      for (const user of ['viewer', 'inspector'])
        expect((await put(user, slab.job, { pairs: [], differentialLimitC: 30 })).statusCode).toBe(403);
      expect((await put('other', slab.job, { pairs: [], differentialLimitC: 30 })).statusCode).toBe(404);
      expect((await limitOf('inspector', slab.job)).status).toBe(403);
      expect((await limitOf('other', slab.job)).status).toBe(404);
      expect((await limitOf('viewer', riversideJob)).status).toBe(404);
      expect((await limitOf('admin', otherJob)).status).toBe(404);
      expect(Number(await stored(slab.job))).toBe(9);
      expect((await put('admin', slab.job, { pairs: [], differentialLimitC: null })).statusCode).toBe(200);
    });
  });

  describe('differential reports', () => {
    function context(
      type: DifferentialReportType,
      o: { msjId?: number; cjgId?: number; pairs?: ReportPair[] },
    ) {
      const report: ReportContext = {
        request: {
          id: 1,
          type,
          name: 'Differentials',
          tenantGroupId: places.site(SITE),
          companyId: ctx.companyId,
          msjId: o.msjId ?? null,
          cjId: null,
          createdAt: Date.now(),
          ownerUsername: DEMO.users.admin,
        },
        attributes: {
          from: t0,
          to: Date.now(),
          units: 'Metric',
          language: 'en',
          timeZone: 'UTC',
          ...(o.pairs ? { pairs: o.pairs } : {}),
          ...(o.cjgId !== undefined ? { cjgId: o.cjgId } : {}),
        },
        site: { id: places.site(SITE), name: SITE, companyName: 'Sitepulse' },
        actor,
        services: ctx.app.services,
        out: new PassThrough(),
        signal: new AbortController().signal,
      };
      return report;
    }
    const load = async (type: DifferentialReportType, o: Parameters<typeof context>[1]) => {
      const d = await loadDifferential(context(type, o), type, differentialText('en'));
      return {
        pairs: d.pairs.map((p) => [p.first.id, p.second.id]),
        maxC: d.pairs.map((p) => p.result.max?.c ?? null),
        chosen: d.pairsChosen,
        stored: d.pairsStored,
      };
    };
    const JOB = 'MATURITY_STRENGTH_JOB_DIFFERENTIAL';
    const GROUP = 'MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL';

    it("a job's report compares its stored pairs when the request names none", async () => {
      // Without stored pairs: each sensor with the coolest (the edge).
      expect((await put('admin', slab.job, { pairs: [] })).statusCode).toBe(200);
      expect(await load(JOB, { msjId: slab.job })).toMatchObject({
        pairs: [
          [slab.core, slab.edge],
          [slab.middle, slab.edge],
        ],
        chosen: false,
        stored: false,
      });

      const stored = [
        { sid1: slab.core, sid2: slab.middle },
        { sid1: slab.middle, sid2: slab.edge },
      ];
      expect((await put('editor', slab.job, { pairs: stored })).statusCode).toBe(200);
      const d = await load(JOB, { msjId: slab.job });
      expect(d).toMatchObject({
        pairs: [
          [slab.core, slab.middle],
          [slab.middle, slab.edge],
        ],
        chosen: true,
        stored: true,
      });
      // 30 − 25 and 25 − 15 °C all along.
      expect(d.maxC).toEqual([5, 10]);

      // Pairs named in the request still win.
      expect(
        await load(JOB, { msjId: slab.job, pairs: [{ sid1: slab.edge, sid2: slab.core }] }),
      ).toMatchObject({
        pairs: [[slab.edge, slab.core]],
        chosen: true,
        stored: false,
      });
    });

    it("a group's report compares the stored pairs of all its jobs, else each sensor with the coolest", async () => {
      expect(await load(GROUP, { cjgId: deck.group })).toMatchObject({ chosen: false, stored: false });
      expect((await put('admin', deck.jobB, { pairs: [{ sid1: deck.b1, sid2: deck.b2 }] })).statusCode).toBe(
        200,
      );
      expect((await put('admin', deck.jobA, { pairs: [{ sid1: deck.a2, sid2: deck.a1 }] })).statusCode).toBe(
        200,
      );
      const d = await load(GROUP, { cjgId: deck.group });
      expect(d).toMatchObject({
        pairs: [
          [deck.a2, deck.a1],
          [deck.b1, deck.b2],
        ],
        chosen: true,
        stored: true,
      });
      expect(d.maxC).toEqual([8, 8]);
    });

    it("uses the job's differential limit when the request names none (a group: the lowest of its jobs')", async () => {
      const limitOf = async (
        type: DifferentialReportType,
        o: Parameters<typeof context>[1],
        limitC?: number,
      ) => {
        const c = context(type, o);
        if (limitC !== undefined) c.attributes.limitC = limitC;
        const d = await loadDifferential(c, type, differentialText('en'));
        return { limitC: d.limitC, isDefault: d.limitIsDefault };
      };
      expect(await limitOf(JOB, { msjId: slab.job })).toEqual({
        limitC: DIFFERENTIAL_LIMIT_C,
        isDefault: true,
      });
      const pairs = await pairsOf(slab.job);
      expect((await put('editor', slab.job, { pairs, differentialLimitC: 7.5 })).statusCode).toBe(200);
      expect(await limitOf(JOB, { msjId: slab.job })).toEqual({ limitC: 7.5, isDefault: false });
      // The request's own limit still wins.
      expect(await limitOf(JOB, { msjId: slab.job }, 12)).toEqual({ limitC: 12, isDefault: false });
      expect((await put('editor', slab.job, { pairs, differentialLimitC: null })).statusCode).toBe(200);

      const deckPairs = async (id: number) => pairsOf(id);
      expect(
        (await put('admin', deck.jobA, { pairs: await deckPairs(deck.jobA), differentialLimitC: 15 }))
          .statusCode,
      ).toBe(200);
      expect(
        (await put('admin', deck.jobB, { pairs: await deckPairs(deck.jobB), differentialLimitC: 6 }))
          .statusCode,
      ).toBe(200);
      expect(await limitOf(GROUP, { cjgId: deck.group })).toEqual({ limitC: 6, isDefault: false });
      // 8 °C differences against a 6 °C limit: above it all along.
      const d = await loadDifferential(context(GROUP, { cjgId: deck.group }), GROUP, differentialText('en'));
      expect(d.pairs.every((p) => p.result.periods.length > 0)).toBe(true);
      for (const id of [deck.jobA, deck.jobB])
        expect(
          (await put('admin', id, { pairs: await deckPairs(id), differentialLimitC: null })).statusCode,
        ).toBe(200);
      expect(await limitOf(GROUP, { cjgId: deck.group })).toEqual({
        limitC: DIFFERENTIAL_LIMIT_C,
        isDefault: true,
      });
    });

    it('a report request that names no pairs is accepted (it means the stored pairs)', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/analytics/report/requests/msj/by_job?tenant=${places.site(SITE)}`,
        headers: headers.editor,
        payload: { type: JOB, msjId: slab.job, attributes: { from: t0 } },
      });
      expect(res.statusCode, res.body).toBe(201);
    });
  });
});
