import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { OTHER, seedOtherCompany } from '../test/fixtures.ts';
import { addGateway, addNode, projectOf } from '../test/sensor-fixtures.ts';
import { signIn, useTestApp } from '../test/test-app.ts';
import { etagMatches } from './site-read-cache.ts';

/** Waits (without a limit of its own) until the condition holds. */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}

describe('read cache of the dashboards (ETag, shared answers)', () => {
  const ctx = useTestApp();
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  let inspector: Record<string, string>;
  let otherAdmin: Record<string, string>;
  let ht: { tenantId: number; tenantGroupId: number };
  let rmc: { tenantId: number; tenantGroupId: number };
  let key: string;
  let gasNode: number;
  let gasJob: number;
  let maturityJob: number;

  const overviewUrl = (siteId: number) => `/api/analytics/lumimon/jobs/overview/by_tenant_group/${siteId}`;
  const get = (url: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url, headers });
  const paged = (headers: Record<string, string>, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/concrete/maturity/jobs/paged',
      headers,
      payload: { page: 0, rpp: 500, sortdir: 'DESC', ...body },
    });
  const ingestGas = async (value: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        readings: [{ nodeId: gasNode, channelId: 1, sensorType: 'Gas', ts: Date.now() - 1000, value }],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    const db = ctx.db.db;
    await seedOtherCompany(db);
    admin = (await signIn(ctx)).headers;
    viewer = (await signIn(ctx, DEMO.users.viewer)).headers;
    inspector = (await signIn(ctx, DEMO.users.inspector)).headers;
    const other = await db
      .selectFrom('company')
      .select('id')
      .where('auth_code', '=', OTHER.authCode)
      .executeTakeFirstOrThrow();
    otherAdmin = (await signIn(ctx, OTHER.username, OTHER.password, other.id)).headers;
    ht = await projectOf(db, ctx.companyId, DEMO.firstSiteName);
    rmc = await projectOf(db, ctx.companyId, 'Riverside Medical Centre Expansion');
    key = (await addGateway(db, ctx.companyId, ht.tenantGroupId)).key;
    gasNode = await addNode(db, { companyId: ctx.companyId, ...ht, nodeType: 'Gas' });
    const maturityNode = await addNode(db, { companyId: ctx.companyId, ...ht, nodeType: 'Maturity' });
    const create = async (url: string, body: Record<string, unknown>) => {
      const res = await ctx.app.inject({ method: 'POST', url, headers: admin, payload: body });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }).id;
    };
    const startDate = Date.now() - 3_600_000;
    gasJob = await create('/api/analytics/channel/jobs', {
      kind: 'DATA',
      tenantId: ht.tenantId,
      nodeId: gasNode,
      channelJobName: 'Cache CO',
      startDate,
    });
    maturityJob = await create('/api/analytics/concrete/maturity/jobs', {
      tenantId: ht.tenantId,
      nodeId: maturityNode,
      channelJobName: 'Cache slab',
      startDate,
    });
  });

  it('answers an unchanged read 304 without reading again, and a read after an ingest batch 200 with a new ETag', async () => {
    const overview = vi.spyOn(ctx.app.services.lumimon, 'overview');
    try {
      const first = await get(overviewUrl(ht.tenantGroupId), admin);
      expect(first.statusCode, first.body).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect(overview).toHaveBeenCalledTimes(1);

      const again = await get(overviewUrl(ht.tenantGroupId), { ...admin, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      // A plain refetch (no If-None-Match) gets the same bytes from the cache.
      const plain = await get(overviewUrl(ht.tenantGroupId), admin);
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toBe(first.body);
      expect(overview).toHaveBeenCalledTimes(1);

      // A site with a listener: the batch moves that site's version.
      const stop = ctx.app.services.events.subscribe(ht.tenantGroupId, () => {});
      try {
        await ingestGas(42);
      } finally {
        stop();
      }
      const changed = await get(overviewUrl(ht.tenantGroupId), { ...admin, 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.body).toContain('42');
      expect(overview).toHaveBeenCalledTimes(2);

      // Nobody listening: the batch still moves the version (the company's).
      await ingestGas(43);
      const later = await get(overviewUrl(ht.tenantGroupId), {
        ...admin,
        'if-none-match': changed.headers.etag as string,
      });
      expect(later.statusCode).toBe(200);
      expect(later.body).toContain('43');
      expect(overview).toHaveBeenCalledTimes(3);
    } finally {
      overview.mockRestore();
    }
  });

  it('sends the compressed bytes a client accepts, compressed once', async () => {
    const plain = await paged(admin, { tenantGroupId: ht.tenantGroupId });
    for (const encoding of ['br', 'gzip']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/analytics/concrete/maturity/jobs/paged',
        headers: { ...admin, 'accept-encoding': encoding },
        payload: { page: 0, rpp: 500, sortdir: 'DESC', tenantGroupId: ht.tenantGroupId },
      });
      expect(res.statusCode).toBe(200);
      if (plain.body.length >= 1024) expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.etag).toMatch(/^W\//);
      expect(res.headers.etag).toBe(plain.headers.etag);
    }
  });

  it('shares one computation between identical concurrent misses', async () => {
    const { maturity, jobsites } = ctx.app.services;
    await ingestGas(44); // a new version: the next reads miss
    const original = maturity.paged;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const computed = vi
      .spyOn(maturity, 'paged')
      .mockImplementation(async (...args) => gate.then(() => original(...args)));
    const access = vi.spyOn(jobsites, 'siteAccess');
    try {
      const all = Promise.all(
        Array.from({ length: 5 }, () => paged(viewer, { tenantGroupId: ht.tenantGroupId })),
      );
      // Every request has checked its access and reached the cache before the one computation ends.
      await until(() => access.mock.calls.length >= 5 && computed.mock.calls.length >= 1);
      await Promise.all(access.mock.results.map((r) => r.value));
      await new Promise((r) => setImmediate(r));
      release();
      const answers = await all;
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(computed).toHaveBeenCalledTimes(1);
      expect(answers[0].json()).toMatchObject({
        content: expect.arrayContaining([expect.objectContaining({ id: maturityJob })]),
      });
    } finally {
      computed.mockRestore();
      access.mockRestore();
    }
  });

  it('never gives a cached answer to a caller with other rights', async () => {
    const overview = vi.spyOn(ctx.app.services.lumimon, 'overview');
    try {
      const warm = await get(overviewUrl(ht.tenantGroupId), admin);
      expect(warm.statusCode).toBe(200);
      const etag = warm.headers.etag as string;

      // An inspector on the site, another company, and a viewer of another site: refused as without a cache.
      const refused = await get(overviewUrl(ht.tenantGroupId), { ...inspector, 'if-none-match': etag });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers.etag).toBeUndefined();
      const other = await get(overviewUrl(ht.tenantGroupId), { ...otherAdmin, 'if-none-match': etag });
      expect(other.statusCode).toBe(404);
      const rmcWarm = await get(overviewUrl(rmc.tenantGroupId), admin);
      expect(rmcWarm.statusCode).toBe(200);
      const notGranted = await get(overviewUrl(rmc.tenantGroupId), {
        ...viewer,
        'if-none-match': rmcWarm.headers.etag as string,
      });
      expect(notGranted.statusCode).toBe(404);
      const noToken = await get(overviewUrl(ht.tenantGroupId), { 'if-none-match': etag });
      expect(noToken.statusCode).toBe(401);

      // A viewer of the site has an entry of their own: their first read is computed for them.
      const calls = overview.mock.calls.length;
      const mine = await get(overviewUrl(ht.tenantGroupId), viewer);
      expect(mine.statusCode).toBe(200);
      expect(overview.mock.calls.length).toBe(calls + 1);

      // A project list read through a project of another site, or a project of another company, is the handler's.
      const pagedWarm = await paged(admin, { tenant: rmc.tenantId });
      expect(pagedWarm.statusCode).toBe(200);
      expect((await paged(viewer, { tenant: rmc.tenantId })).statusCode).toBe(404);
      expect((await paged(otherAdmin, { tenant: ht.tenantId })).statusCode).toBe(404);
      expect((await paged(inspector, { tenant: ht.tenantId })).statusCode).toBe(403);
      const counts = `/api/analytics/concrete/maturity/jobs/info/by_tenant?tenant=${rmc.tenantId}`;
      expect((await get(counts, admin)).statusCode).toBe(200);
      expect((await get(counts, viewer)).statusCode).toBe(404);
      expect((await get(counts, otherAdmin)).statusCode).toBe(404);
    } finally {
      overview.mockRestore();
    }
  });

  it('reads again after a change made over HTTP (a job stopped)', async () => {
    const before = await paged(admin, { tenantGroupId: ht.tenantGroupId });
    const row = () =>
      (before.json() as { content: { id: number; status: string }[] }).content.find(
        (j) => j.id === maturityJob,
      );
    expect(row()).toBeDefined();
    const stop = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/concrete/maturity/jobs/cmd/stop',
      headers: admin,
      payload: { id: maturityJob },
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const after = await paged(admin, { tenantGroupId: ht.tenantGroupId });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const stopped = (
      after.json() as { content: { id: number; terminationDate: number | null }[] }
    ).content.find((j) => j.id === maturityJob);
    expect(stopped?.terminationDate).not.toBeNull();
    expect(gasJob).toBeGreaterThan(0);
  });
});

describe('etagMatches', () => {
  it('compares weakly and reads lists and *', () => {
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b", W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('*', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b"', 'W/"a"')).toBe(false);
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
  });
});
