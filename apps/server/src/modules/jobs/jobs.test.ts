import type { ChannelJob, ConcreteProfile, JobGroupCounts } from '@sitepulse/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addNode, demoPlaces } from '../maturity/sensor-fixtures.ts';

const JOBS = '/api/analytics/concrete/maturity/jobs';
const CHANNEL = '/api/analytics/channel/jobs';

describe('job lifecycle', () => {
  const ctx = useTestApp();
  let other: Awaited<ReturnType<typeof seedOtherCompany>>;
  let places: Awaited<ReturnType<typeof demoPlaces>>;
  const headers: Record<string, Record<string, string>> = {};
  const nodes: Record<string, number> = {};
  let profileId: number;
  let otherProfileId: number;

  const call = (user: string, method: 'POST' | 'GET', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: headers[user], payload: payload as object });
  const jobCount = async () =>
    Number(
      (
        await ctx.db.db
          .selectFrom('job')
          .select((eb) => eb.fn.countAll().as('c'))
          .executeTakeFirstOrThrow()
      ).c,
    );
  const groupCount = async () =>
    Number(
      (
        await ctx.db.db
          .selectFrom('job_group')
          .select((eb) => eb.fn.countAll().as('c'))
          .executeTakeFirstOrThrow()
      ).c,
    );

  beforeAll(async () => {
    other = await seedOtherCompany(ctx.db.db);
    places = await demoPlaces(ctx.db.db, ctx.companyId);
    for (const u of ['admin', 'editor', 'viewer', 'inspector']) headers[u] = (await signIn(ctx, u)).headers;
    headers.other = (await signIn(ctx, OTHER.username, OTHER.password, other.companyId)).headers;
    const ht = places.site('Harbourfront Tower');
    const temp = [{ channelId: 1, sensorType: 'Temperature' }];
    nodes.m1 = (
      await addNode(ctx.db.db, { companyId: ctx.companyId, tenantGroupId: ht, channels: temp })
    ).nodeId;
    nodes.m2 = (await addNode(ctx.db.db, { companyId: ctx.companyId, channels: temp })).nodeId;
    nodes.m3 = (await addNode(ctx.db.db, { companyId: ctx.companyId, channels: temp })).nodeId;
    nodes.riverside = (
      await addNode(ctx.db.db, {
        companyId: ctx.companyId,
        tenantGroupId: places.site('Riverside Medical Centre Expansion'),
      })
    ).nodeId;
    nodes.hum = (
      await addNode(ctx.db.db, {
        companyId: ctx.companyId,
        nodeType: 'Humidity',
        channels: [
          { channelId: 1, sensorType: 'Humidity' },
          { channelId: 2, sensorType: 'Temperature' },
        ],
      })
    ).nodeId;
    nodes.mw = (await addNode(ctx.db.db, { companyId: ctx.companyId, nodeType: 'Microweather Node' })).nodeId;
    nodes.gps = (await addNode(ctx.db.db, { companyId: ctx.companyId, nodeType: 'GPS' })).nodeId;
    nodes.ct = (
      await addNode(ctx.db.db, { companyId: ctx.companyId, nodeType: 'Current Transformer' })
    ).nodeId;
    nodes.gas = (
      await addNode(ctx.db.db, {
        companyId: ctx.companyId,
        nodeType: 'Gas',
        channels: [
          { channelId: 1, sensorType: 'Gas' },
          { channelId: 2, sensorType: 'Temperature' },
        ],
      })
    ).nodeId;
    nodes.otherCompany = (await addNode(ctx.db.db, { companyId: other.companyId, channels: temp })).nodeId;
    const breaks = [
      { maturity: 500, strength: 10 },
      { maturity: 2000, strength: 25 },
      { maturity: 8000, strength: 38 },
    ];
    const p = await call('admin', 'POST', '/api/concrete/conprofiles', { name: 'C30', breaks });
    profileId = (p.json() as ConcreteProfile).id;
    const o = await call('other', 'POST', '/api/concrete/conprofiles', { name: 'Theirs', breaks });
    otherProfileId = (o.json() as ConcreteProfile).id;
  });

  const podium = () => places.tenant('Harbourfront Tower', 'Podium Slabs');

  it('creates a maturity job (NEW, in a new job group), starts it and stops it', async () => {
    const created = await call('editor', 'POST', JOBS, {
      tenantId: podium(),
      nodeId: nodes.m1,
      channelJobName: 'Level 3 slab',
      concreteProfileId: profileId,
      lowTargetedStrength: 10,
      mediumTargetedStrength: 20,
      highTargetedStrength: 30,
    });
    expect(created.statusCode).toBe(200);
    const job = created.json() as ChannelJob;
    expect(job).toMatchObject({
      channelJobId: job.id,
      channelJobName: 'Level 3 slab',
      channelJobTypeName: 'Maturity',
      kind: 'MATURITY',
      status: 'NEW',
      startDate: null,
      terminationDate: null,
      nodeId: nodes.m1,
      tenant: podium(),
      tenantGroupId: places.site('Harbourfront Tower'),
      sensorFlags: 1,
      sensorTypes: ['Temperature'],
      concreteProfileId: profileId,
      lowTargetedStrength: 10,
      highTargetedStrength: 30,
      singularTargetedStrength: null,
    });
    expect(job.channelGroupId).not.toBeNull();
    const group = await ctx.db.db
      .selectFrom('job_group')
      .selectAll()
      .where('id', '=', job.channelGroupId as number)
      .executeTakeFirstOrThrow();
    expect(group).toMatchObject({ name: 'Level 3 slab', status: 'NEW', tenant_id: podium() });

    const startAt = Date.now() - 3_600_000;
    const started = await call('editor', 'POST', `${JOBS}/cmd/start`, { id: job.id, startDate: startAt });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'RUNNING', startDate: startAt, terminationDate: null });
    const again = await call('editor', 'POST', `${JOBS}/cmd/start`, { id: job.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/only a new job/);
    const runningGroup = await ctx.db.db
      .selectFrom('job_group')
      .select('status')
      .where('id', '=', job.channelGroupId as number)
      .executeTakeFirstOrThrow();
    expect(runningGroup.status).toBe('RUNNING');

    const early = await call('editor', 'POST', `${JOBS}/cmd/stop`, {
      id: job.id,
      terminationDate: startAt - 1,
    });
    expect(early.statusCode).toBe(400);
    const stopped = await call('editor', 'POST', `${JOBS}/cmd/stop`, { id: job.id });
    expect(stopped.statusCode).toBe(200);
    const s = stopped.json() as ChannelJob;
    expect(s.status).toBe('TERMINATED');
    expect(s.terminationDate).toBeGreaterThanOrEqual(startAt);
    expect((await call('editor', 'POST', `${JOBS}/cmd/stop`, { id: job.id })).statusCode).toBe(400);
    const endedGroup = await ctx.db.db
      .selectFrom('job_group')
      .select('status')
      .where('id', '=', job.channelGroupId as number)
      .executeTakeFirstOrThrow();
    expect(endedGroup.status).toBe('TERMINATED');

    // A stopped job frees its node.
    const next = await call('editor', 'POST', JOBS, {
      tenantId: podium(),
      nodeId: nodes.m1,
      channelJobName: 'Level 4 slab',
    });
    expect(next.statusCode).toBe(200);
  });

  it('a node held by a new or running job answers 409 and nothing changes', async () => {
    const first = await call('admin', 'POST', JOBS, {
      tenantId: podium(),
      nodeId: nodes.m2,
      channelJobName: 'Core A',
    });
    expect(first.statusCode).toBe(200);
    const [jobs, groups] = [await jobCount(), await groupCount()];
    const dup = await call('admin', 'POST', JOBS, {
      tenantId: podium(),
      nodeId: nodes.m2,
      channelJobName: 'Core B',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('CONFLICT');
    expect([await jobCount(), await groupCount()]).toEqual([jobs, groups]);
  });

  it('bad input answers 400 with a clear message and changes nothing', async () => {
    const tenantId = podium();
    const nodeId = nodes.m3;
    const cases: [unknown, RegExp][] = [
      [{ tenantId, nodeId }, /channelJobName/],
      [{ tenantId, nodeId, channelJobName: '   ' }, /blank/],
      [{ tenantId, nodeId: 'x', channelJobName: 'A' }, /nodeId/],
      [
        { tenantId, nodeId, channelJobName: 'A', lowTargetedStrength: 30, highTargetedStrength: 20 },
        /low ≤ medium ≤ high/,
      ],
      [{ tenantId, nodeId, channelJobName: 'A', highTargetedStrength: -1 }, /highTargetedStrength/],
      [
        { tenantId, nodeId: nodes.hum, channelJobName: 'A', sensorFlags: 5, concreteProfileId: profileId },
        /concrete profile/,
      ],
      [
        { tenantId, nodeId: nodes.hum, channelJobName: 'A', sensorFlags: 5, singularTargetedStrength: 20 },
        /strength targets/,
      ],
      [{ tenantId, nodeId: nodes.gas, channelJobName: 'A' }, /cannot run on a node of type Gas/],
      [{ tenantId, nodeId: nodes.riverside, channelJobName: 'A' }, /another job site/],
      [
        { tenantId: places.tenant('Harbourfront Tower', 'Default', 'Lumimon'), nodeId, channelJobName: 'A' },
        /Concrete project/,
      ],
      [{ tenantId, nodeId, channelJobName: 'A', jobGroupId: 1, jobGroupName: 'G' }, /not both/],
      [{ tenantId, nodeId, channelJobName: 'A', startDate: Date.now() + 3_600_000 }, /future/],
    ];
    const [jobs, groups] = [await jobCount(), await groupCount()];
    for (const [payload, message] of cases) {
      const res = await call('admin', 'POST', JOBS, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
      expect(res.json().error.message).toMatch(message);
    }
    const archived = await call('admin', 'POST', JOBS, {
      tenantId: places.tenant('Riverside Medical Centre Expansion', 'Phase 1 Foundations'),
      nodeId,
      channelJobName: 'A',
    });
    expect(archived.statusCode).toBe(400);
    expect(archived.json().error.message).toMatch(/archived/);
    const badStart = await call('admin', 'POST', `${JOBS}/cmd/start`, { id: 'one' });
    expect(badStart.statusCode).toBe(400);
    expect([await jobCount(), await groupCount()]).toEqual([jobs, groups]);
  });

  it('viewers and inspectors get 403; ungranted and other-company projects, nodes and profiles 404', async () => {
    const tenantId = podium();
    const body = { tenantId, nodeId: nodes.m3, channelJobName: 'Forbidden' };
    const jobs = await jobCount();
    for (const user of ['viewer', 'inspector']) {
      const res = await call(user, 'POST', JOBS, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const riverside = places.tenant('Riverside Medical Centre Expansion', 'Default');
    expect((await call('editor', 'POST', JOBS, { ...body, tenantId: riverside })).statusCode).toBe(404);
    expect((await call('admin', 'POST', JOBS, { ...body, tenantId: other.tenantId })).statusCode).toBe(404);
    expect((await call('other', 'POST', JOBS, body)).statusCode).toBe(404);
    expect((await call('admin', 'POST', JOBS, { ...body, nodeId: nodes.otherCompany })).statusCode).toBe(404);
    expect(
      (await call('admin', 'POST', JOBS, { ...body, concreteProfileId: otherProfileId })).statusCode,
    ).toBe(404);
    expect((await call('admin', 'POST', JOBS, { ...body, jobGroupId: 999_999 })).statusCode).toBe(404);
    expect(await jobCount()).toBe(jobs);

    const mine = await call('admin', 'POST', JOBS, body);
    expect(mine.statusCode).toBe(200);
    const id = (mine.json() as ChannelJob).id;
    expect((await call('viewer', 'POST', `${JOBS}/cmd/start`, { id })).statusCode).toBe(403);
    expect((await call('other', 'POST', `${JOBS}/cmd/start`, { id })).statusCode).toBe(404);
    expect((await call('other', 'POST', `${JOBS}/cmd/stop`, { id })).statusCode).toBe(404);
    const row = await ctx.db.db
      .selectFrom('job')
      .select(['status', 'start_date'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'NEW', start_date: null });
  });

  it('a humidity job (sensorFlags 5), a job created started, and job groups shared and counted', async () => {
    const hum = await call('editor', 'POST', JOBS, {
      tenantId: podium(),
      nodeId: nodes.hum,
      channelJobName: 'Slab RH',
      sensorFlags: 5,
      jobGroupName: 'Moisture',
    });
    expect(hum.statusCode).toBe(200);
    const h = hum.json() as ChannelJob;
    expect(h).toMatchObject({ kind: 'HUMIDITY', channelJobTypeName: 'Humidity', sensorFlags: 5 });
    expect(h.sensorTypes).toEqual(['Humidity', 'Temperature']);

    const startDate = Date.now() - 86_400_000;
    const node = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      channels: [{ channelId: 1, sensorType: 'Temperature' }],
    });
    const started = await call('editor', 'POST', JOBS, {
      tenantId: podium(),
      nodeId: node.nodeId,
      channelJobName: 'Column C2',
      jobGroupId: h.channelGroupId,
      startDate,
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'RUNNING', startDate, channelGroupId: h.channelGroupId });

    const info = await call('viewer', 'GET', `${JOBS}/info/by_tenant?tenant=${podium()}`);
    expect(info.statusCode).toBe(200);
    const counts = info.json() as JobGroupCounts;
    const groups = await ctx.db.db
      .selectFrom('job_group')
      .select('status')
      .where('tenant_id', '=', podium())
      .execute();
    const expected = (s: string) => groups.filter((g) => g.status === s).length;
    expect(counts).toEqual({
      tenant: podium(),
      newJg: { count: expected('NEW') },
      runningJg: { count: expected('RUNNING') },
      terminatedJg: { count: expected('TERMINATED') },
      maintenanceJg: { count: 0 },
      errorJg: { count: 0 },
    });
    expect(counts.runningJg.count).toBeGreaterThanOrEqual(1);
    expect(counts.terminatedJg.count).toBeGreaterThanOrEqual(1);
    expect(
      (
        await call(
          'editor',
          'GET',
          `${JOBS}/info/by_tenant?tenant=${places.tenant('Riverside Medical Centre Expansion', 'Default')}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('creates, starts and stops microweather, data, GPS and power jobs through /analytics/channel/jobs', async () => {
    const tenantId = places.tenant('Harbourfront Tower', 'Default', 'Lumimon');
    const make = (kind: string, nodeId: number, extra: object = {}) =>
      call('editor', 'POST', CHANNEL, { kind, tenantId, nodeId, channelJobName: `${kind} job`, ...extra });
    const mw = await make('MICROWEATHER', nodes.mw);
    expect(mw.statusCode).toBe(200);
    expect(mw.json()).toMatchObject({
      kind: 'MICROWEATHER',
      channelJobTypeName: 'Microweather Node',
      sensorTypes: ['Temperature', 'Humidity', 'Wind Speed'],
      channelGroupId: null,
      status: 'NEW',
    });
    const data = await make('DATA', nodes.gas, { jobGroupName: 'Gas monitors' });
    expect(data.statusCode).toBe(200);
    expect(data.json()).toMatchObject({
      kind: 'DATA',
      channelJobTypeName: 'Gas',
      sensorTypes: ['Gas', 'Temperature'],
    });
    expect((data.json() as ChannelJob).channelGroupId).not.toBeNull();
    const gps = await make('GPS', nodes.gps, { startDate: Date.now() - 60_000 });
    expect(gps.json()).toMatchObject({
      kind: 'GPS',
      channelJobTypeName: 'GPS',
      status: 'RUNNING',
      sensorTypes: [],
    });
    const power = await make('POWER', nodes.ct, { sensorTypes: ['Current', 'Power'] });
    expect(power.json()).toMatchObject({
      kind: 'POWER',
      channelJobTypeName: 'Current Transformer',
      sensorTypes: ['Current', 'Power'],
    });

    expect((await make('MICROWEATHER', nodes.mw)).statusCode).toBe(409);
    const wrongType = await make('POWER', nodes.m3);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toMatch(/cannot run on a node of type Maturity/);
    const badKind = await make('MATURITY', nodes.m3);
    expect(badKind.statusCode).toBe(400);
    const badSensor = await make('DATA', nodes.m3, { sensorTypes: ['Smell'] });
    expect(badSensor.statusCode).toBe(400);
    expect(
      (
        await call('viewer', 'POST', CHANNEL, {
          kind: 'GPS',
          tenantId,
          nodeId: nodes.gps,
          channelJobName: 'x',
        })
      ).statusCode,
    ).toBe(403);

    const mwId = (mw.json() as ChannelJob).id;
    // The maturity path only starts maturity and humidity jobs.
    expect((await call('editor', 'POST', `${JOBS}/cmd/start`, { id: mwId })).statusCode).toBe(404);
    const start = await call('editor', 'POST', `${CHANNEL}/cmd/start`, { id: mwId });
    expect(start.json()).toMatchObject({ status: 'RUNNING' });
    const stop = await call('editor', 'POST', `${CHANNEL}/cmd/stop`, { id: mwId });
    expect(stop.json()).toMatchObject({ status: 'TERMINATED' });
  });

  it('starting a maturity job recomputes its maturity from the stored readings', async () => {
    const node = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      channels: [{ channelId: 1, sensorType: 'Temperature' }],
    });
    const [sensorId] = node.sensorIds;
    const t0 = Date.now() - 10 * 3_600_000;
    await ctx.db.db
      .insertInto('reading')
      .values([0, 1, 2].map((h) => ({ sensor_id: sensorId, ts: t0 + h * 3_600_000, value: 20 })))
      .execute();
    const created = await call('editor', 'POST', JOBS, {
      tenantId: podium(),
      nodeId: node.nodeId,
      channelJobName: 'Recompute',
    });
    const id = (created.json() as ChannelJob).id;
    expect(
      await ctx.db.db.selectFrom('maturity_state').selectAll().where('job_id', '=', id).execute(),
    ).toEqual([]);
    await call('editor', 'POST', `${JOBS}/cmd/start`, { id, startDate: t0 });
    const state = await ctx.db.db
      .selectFrom('maturity_state')
      .selectAll()
      .where('job_id', '=', id)
      .executeTakeFirstOrThrow();
    // Two hours at 20 °C over a -10 °C datum: 60 °C·h.
    expect(state.maturity).toBe(60);
    expect(state.n).toBe(3);
    // Stopping before the last reading takes it out.
    await call('editor', 'POST', `${JOBS}/cmd/stop`, { id, terminationDate: t0 + 3_600_000 });
    const after = await ctx.db.db
      .selectFrom('maturity_state')
      .selectAll()
      .where('job_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.maturity).toBe(30);
  });

  it('assign_profile sets the profile of a maturity job and recomputes its strength', async () => {
    const node = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      tenantGroupId: places.site('Harbourfront Tower'),
      channels: [{ channelId: 1, sensorType: 'Temperature' }],
    });
    const [sensorId] = node.sensorIds;
    const t0 = Date.now() - 30 * 3_600_000;
    await ctx.db.db
      .insertInto('reading')
      .values(
        Array.from({ length: 21 }, (_, h) => ({ sensor_id: sensorId, ts: t0 + h * 3_600_000, value: 40 })),
      )
      .execute();
    const created = await call('editor', 'POST', JOBS, {
      tenantId: podium(),
      nodeId: node.nodeId,
      channelJobName: 'Profile later',
      startDate: t0,
    });
    const id = (created.json() as ChannelJob).id;
    const strength = async () =>
      (await call('viewer', 'GET', `${JOBS}/${id}`)).json().latestStrength as number | null;
    expect(await strength()).toBeNull();

    const set = await call('editor', 'POST', `${JOBS}/cmd/assign_profile`, {
      id,
      concreteProfileId: profileId,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id, concreteProfileId: profileId, status: 'RUNNING' });
    // 20 hours at 40 °C over a -10 °C datum: 1000 °C·h on the C30 curve fitted to the breaks.
    const withProfile = await strength();
    expect(withProfile).not.toBeNull();
    const profile = (
      await call('viewer', 'GET', `/api/concrete/conprofiles/${profileId}`)
    ).json() as ConcreteProfile;
    expect(withProfile).toBeCloseTo(profile.a + profile.b * Math.log10(1000), 6);

    // Another profile of the company: the strength follows its curve.
    const breaks = [
      { maturity: 500, strength: 5 },
      { maturity: 4000, strength: 20 },
    ];
    const p2 = (
      await call('admin', 'POST', '/api/concrete/conprofiles', { name: 'C20', breaks })
    ).json() as ConcreteProfile;
    const again = await call('admin', 'POST', `${JOBS}/cmd/assign_profile`, { id, concreteProfileId: p2.id });
    expect(again.json()).toMatchObject({ concreteProfileId: p2.id });
    expect(await strength()).toBeCloseTo(p2.a + p2.b * Math.log10(1000), 6);
  });

  it('assign_profile: bad input 400, viewers 403, other companies and ungranted sites 404, nothing changes', async () => {
    const node = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      channels: [{ channelId: 1, sensorType: 'Temperature' }],
    });
    const created = await call('editor', 'POST', JOBS, {
      tenantId: podium(),
      nodeId: node.nodeId,
      channelJobName: 'Guarded',
      concreteProfileId: profileId,
    });
    const id = (created.json() as ChannelJob).id;
    const hum = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      nodeType: 'Humidity',
      channels: [{ channelId: 1, sensorType: 'Humidity' }],
    });
    const humJob = (
      await call('editor', 'POST', JOBS, {
        tenantId: podium(),
        nodeId: hum.nodeId,
        channelJobName: 'RH',
        sensorFlags: 5,
      })
    ).json() as ChannelJob;
    const riversideNode = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      tenantGroupId: places.site('Riverside Medical Centre Expansion'),
      channels: [{ channelId: 1, sensorType: 'Temperature' }],
    });
    const riversideJob = (
      await call('admin', 'POST', JOBS, {
        tenantId: places.tenant('Riverside Medical Centre Expansion', 'Default'),
        nodeId: riversideNode.nodeId,
        channelJobName: 'Elsewhere',
      })
    ).json() as ChannelJob;

    const assign = (user: string, body: object) => call(user, 'POST', `${JOBS}/cmd/assign_profile`, body);
    const bad = [
      { id },
      { id, concreteProfileId: 'C30' },
      { id, concreteProfileId: 0 },
      { id, concreteProfileId: null },
      { concreteProfileId: profileId },
      { id: humJob.id, concreteProfileId: profileId },
    ];
    for (const body of bad) {
      const res = await assign('editor', body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    for (const user of ['viewer', 'inspector']) {
      const res = await assign(user, { id, concreteProfileId: profileId });
      expect(res.statusCode).toBe(403);
    }
    expect((await assign('other', { id, concreteProfileId: profileId })).statusCode).toBe(404);
    expect((await assign('admin', { id, concreteProfileId: otherProfileId })).statusCode).toBe(404);
    expect((await assign('admin', { id: 999_999, concreteProfileId: profileId })).statusCode).toBe(404);
    // The editor is not granted Riverside: its job reads as missing.
    expect((await assign('editor', { id: riversideJob.id, concreteProfileId: profileId })).statusCode).toBe(
      404,
    );
    const rows = await ctx.db.db
      .selectFrom('job')
      .select(['id', 'concrete_profile_id'])
      .where('id', 'in', [id, humJob.id, riversideJob.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id, concrete_profile_id: profileId },
      { id: humJob.id, concrete_profile_id: null },
      { id: riversideJob.id, concrete_profile_id: null },
    ]);
  });
});
