import type { ChannelJob, ConcreteProfile, MaturityJobDetail } from '@sitepulse/contracts';
import { fitStrengthCurve, nurseSaulMaturity, strengthFromMaturity } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addNode, addReadings, demoPlaces, series } from '../maturity/sensor-fixtures.ts';

const URL = '/api/concrete/conprofiles';
const HOUR = 3_600_000;

describe('concrete profiles', () => {
  const ctx = useTestApp();
  let other: Awaited<ReturnType<typeof seedOtherCompany>>;
  const headers: Record<string, Record<string, string>> = {};
  const call = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: headers[user], payload: payload as object });
  const profileCount = async () =>
    Number(
      (
        await ctx.db.db
          .selectFrom('concrete_profile')
          .select((eb) => eb.fn.countAll().as('c'))
          .executeTakeFirstOrThrow()
      ).c,
    );

  beforeAll(async () => {
    other = await seedOtherCompany(ctx.db.db);
    for (const u of ['admin', 'editor', 'viewer', 'inspector']) headers[u] = (await signIn(ctx, u)).headers;
    headers.other = (await signIn(ctx, OTHER.username, OTHER.password, other.companyId)).headers;
  });

  it('fits S = a + b·log10(M) to the breaks and reports R² and the calibrated range', async () => {
    // Breaks exactly on S = -20 + 15·log10(M): the fit gives the curve back with R² 1.
    const exact = [100, 1000, 10000].map((m) => ({ maturity: m, strength: -20 + 15 * Math.log10(m) }));
    const res = await call('admin', 'POST', URL, { name: ' Mix C35 ', breaks: exact });
    expect(res.statusCode).toBe(200);
    const p = res.json() as ConcreteProfile;
    expect(p).toMatchObject({
      name: 'Mix C35',
      companyId: ctx.companyId,
      maturityFunction: 'NURSE_SAUL',
      datumTemperature: -10,
      activationEnergy: 40000,
      referenceTemperature: 20,
      minMaturity: 100,
      maxMaturity: 10000,
      jobCount: 0,
      breaks: exact,
    });
    expect(p.a).toBeCloseTo(-20, 9);
    expect(p.b).toBeCloseTo(15, 9);
    expect(p.r2).toBeCloseTo(1, 12);

    // Scattered breaks: the same numbers as the domain fit.
    const noisy = [
      { maturity: 300, strength: 6.1 },
      { maturity: 900, strength: 15.8 },
      { maturity: 2500, strength: 22.4 },
      { maturity: 6000, strength: 31.9 },
      { maturity: 12000, strength: 34.2 },
    ];
    const res2 = await call('editor', 'POST', URL, {
      name: 'Precast 50',
      description: 'Hollow core',
      maturityFunction: 'EQUIVALENT_AGE',
      datumTemperature: 0,
      activationEnergy: 45000,
      referenceTemperature: 23,
      breaks: noisy,
    });
    expect(res2.statusCode).toBe(200);
    const q = res2.json() as ConcreteProfile;
    const fit = fitStrengthCurve(noisy);
    expect(fit).not.toBeNull();
    expect(q).toMatchObject({
      a: fit?.a,
      b: fit?.b,
      r2: fit?.r2,
      minMaturity: 300,
      maxMaturity: 12000,
      maturityFunction: 'EQUIVALENT_AGE',
      datumTemperature: 0,
      activationEnergy: 45000,
      referenceTemperature: 23,
      description: 'Hollow core',
    });
    expect(q.r2).toBeLessThan(1);
    expect(q.r2).toBeGreaterThan(0.9);

    const one = await call('viewer', 'GET', `${URL}/${q.id}`);
    expect(one.json()).toEqual(q);
  });

  it('lists the company profiles by name; another company sees only its own', async () => {
    await call('other', 'POST', URL, {
      name: 'Theirs',
      breaks: [
        { maturity: 100, strength: 5 },
        { maturity: 1000, strength: 20 },
      ],
    });
    const mine = await call('viewer', 'GET', `${URL}/by_company?companyId=${ctx.companyId}`);
    expect(mine.statusCode).toBe(200);
    const names = (mine.json() as ConcreteProfile[]).map((p) => p.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('Mix C35');
    expect(names).not.toContain('Theirs');
    const theirs = await call('other', 'GET', `${URL}/by_company?companyId=${other.companyId}`);
    expect((theirs.json() as ConcreteProfile[]).map((p) => p.name)).toEqual(['Theirs']);
    expect((await call('viewer', 'GET', `${URL}/by_company?companyId=${other.companyId}`)).statusCode).toBe(
      403,
    );
    const theirId = (theirs.json() as ConcreteProfile[])[0].id;
    expect((await call('admin', 'GET', `${URL}/${theirId}`)).statusCode).toBe(404);
    const edit = await call('admin', 'PUT', `${URL}/${theirId}`, { name: 'Mine now' });
    expect(edit.statusCode).toBe(404);
    const row = await ctx.db.db
      .selectFrom('concrete_profile')
      .select('name')
      .where('id', '=', theirId)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Theirs');
  });

  it('rejects bad breaks and bad constants with 400 and stores nothing', async () => {
    const before = await profileCount();
    const cases: [unknown, RegExp][] = [
      [{ name: 'One', breaks: [{ maturity: 100, strength: 5 }] }, /breaks/],
      [
        {
          name: 'Same',
          breaks: [
            { maturity: 500, strength: 5 },
            { maturity: 500, strength: 9 },
          ],
        },
        /different maturities/,
      ],
      [
        {
          name: 'Falling',
          breaks: [
            { maturity: 100, strength: 20 },
            { maturity: 1000, strength: 5 },
          ],
        },
        /rising/,
      ],
      [
        {
          name: 'Zero',
          breaks: [
            { maturity: 0, strength: 1 },
            { maturity: 100, strength: 5 },
          ],
        },
        /maturity/,
      ],
      [
        {
          name: 'Neg',
          breaks: [
            { maturity: 10, strength: -1 },
            { maturity: 100, strength: 5 },
          ],
        },
        /strength/,
      ],
      [
        {
          breaks: [
            { maturity: 10, strength: 1 },
            { maturity: 100, strength: 5 },
          ],
        },
        /name/,
      ],
      [
        {
          name: '  ',
          breaks: [
            { maturity: 10, strength: 1 },
            { maturity: 100, strength: 5 },
          ],
        },
        /blank/,
      ],
      [
        {
          name: 'Cold',
          datumTemperature: -100,
          breaks: [
            { maturity: 10, strength: 1 },
            { maturity: 100, strength: 5 },
          ],
        },
        /datumTemperature/,
      ],
      [
        {
          name: 'Fn',
          maturityFunction: 'MAGIC',
          breaks: [
            { maturity: 10, strength: 1 },
            { maturity: 100, strength: 5 },
          ],
        },
        /maturityFunction/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call('admin', 'POST', URL, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
      expect(res.json().error.message).toMatch(message);
    }
    expect(await profileCount()).toBe(before);
  });

  it('only company admins and job-site admins or editors write', async () => {
    const body = {
      name: 'Viewer mix',
      breaks: [
        { maturity: 10, strength: 1 },
        { maturity: 100, strength: 5 },
      ],
    };
    const before = await profileCount();
    for (const user of ['viewer', 'inspector']) {
      const res = await call(user, 'POST', URL, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const list = (
      await call('viewer', 'GET', `${URL}/by_company?companyId=${ctx.companyId}`)
    ).json() as ConcreteProfile[];
    expect((await call('viewer', 'PUT', `${URL}/${list[0].id}`, { name: 'Renamed' })).statusCode).toBe(403);
    expect(await profileCount()).toBe(before);
    expect((await call('editor', 'POST', URL, body)).statusCode).toBe(200);
  });

  it('editing refits the curve and recomputes the jobs that use the profile', async () => {
    const places = await demoPlaces(ctx.db.db, ctx.companyId);
    const created = await call('admin', 'POST', URL, {
      name: 'Editable',
      breaks: [
        { maturity: 200, strength: 5 },
        { maturity: 2000, strength: 20 },
      ],
    });
    const profile = created.json() as ConcreteProfile;
    const node = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      tenantGroupId: places.site('Harbourfront Tower'),
      channels: [{ channelId: 1, sensorType: 'Temperature' }],
    });
    const t0 = Math.floor(Date.now() / HOUR) * HOUR - 48 * HOUR;
    const readings = series(node.sensorIds, t0, 15 * 60_000, 4 * 40);
    await addReadings(ctx.db.db, readings);
    const job = await call('editor', 'POST', '/api/analytics/concrete/maturity/jobs', {
      tenantId: places.tenant('Harbourfront Tower', 'Default'),
      nodeId: node.nodeId,
      channelJobName: 'Edit me',
      concreteProfileId: profile.id,
      startDate: t0,
    });
    const jobId = (job.json() as ChannelJob).id;
    const temps = readings.map((r) => ({ ts: r.ts, tempC: r.value }));

    const before = (
      await call('viewer', 'GET', `/api/analytics/concrete/maturity/jobs/details/${jobId}`)
    ).json() as MaturityJobDetail;
    const m10 = nurseSaulMaturity(temps, -10);
    expect(before.latestMaturityIndex).toBe(m10);
    expect(before.msjAverageStrength).toBe(strengthFromMaturity(m10, { a: profile.a, b: profile.b }));
    expect(before.concreteProfile?.jobCount).toBe(1);

    const breaks = [
      { maturity: 100, strength: 4 },
      { maturity: 1000, strength: 18 },
      { maturity: 5000, strength: 30 },
    ];
    const edited = await call('editor', 'PUT', `${URL}/${profile.id}`, {
      datumTemperature: 0,
      breaks,
      description: 'v2',
    });
    expect(edited.statusCode).toBe(200);
    const p2 = edited.json() as ConcreteProfile;
    const fit = fitStrengthCurve(breaks);
    expect(p2).toMatchObject({
      name: 'Editable',
      description: 'v2',
      datumTemperature: 0,
      a: fit?.a,
      b: fit?.b,
      r2: fit?.r2,
    });
    expect(p2.lastModified).toBeGreaterThanOrEqual(p2.creationDate);

    const after = (
      await call('viewer', 'GET', `/api/analytics/concrete/maturity/jobs/details/${jobId}`)
    ).json() as MaturityJobDetail;
    const m0 = nurseSaulMaturity(temps, 0);
    expect(m0).toBeLessThan(m10);
    expect(after.latestMaturityIndex).toBe(m0);
    expect(after.msjAverageStrength).toBe(strengthFromMaturity(m0, { a: p2.a, b: p2.b }));

    expect((await call('admin', 'PUT', `${URL}/${profile.id}`, {})).statusCode).toBe(400);
    const bad = await call('admin', 'PUT', `${URL}/${profile.id}`, {
      breaks: [
        { maturity: 5, strength: 1 },
        { maturity: 5, strength: 2 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    const still = (await call('viewer', 'GET', `${URL}/${profile.id}`)).json() as ConcreteProfile;
    expect(still).toMatchObject({ a: p2.a, b: p2.b, breaks });
  });
});
