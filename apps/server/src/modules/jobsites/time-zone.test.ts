import type { TenantGroup } from '@sitepulse/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { siteTimeZone } from './site-zone.ts';

describe("a job site's time zone", () => {
  const ctx = useTestApp();
  let other: Awaited<ReturnType<typeof seedOtherCompany>>;
  let admin: Record<string, string>;
  let sites: TenantGroup[];
  beforeAll(async () => {
    other = await seedOtherCompany(ctx.db.db);
    ({ headers: admin } = await signIn(ctx, 'admin'));
    sites = (
      await ctx.app.inject({
        url: `/api/tenants/groups/by_companyId/list?companyId=${ctx.companyId}`,
        headers: admin,
      })
    ).json() as TenantGroup[];
  });

  const put = (headers: Record<string, string>, tenantGroupId: number, timeZone: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/tenants/groups/time_zone',
      headers,
      payload: { tenantGroupId, timeZone },
    });
  const storedZone = async (id: number) =>
    (
      await ctx.db.db
        .selectFrom('tenant_group')
        .select('time_zone')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).time_zone;
  const harbourfront = () => sites.find((s) => s.name === 'Harbourfront Tower') as TenantGroup;

  it('comes from the coordinates when none was set: every demo site (Toronto, Ottawa, Hamilton) keeps Toronto time', async () => {
    expect(sites).toHaveLength(4);
    for (const s of sites) {
      expect(s).toMatchObject({ timeZone: 'America/Toronto', timeZoneSource: 'COORDINATES' });
    }
    // The editor's own list and a single site carry it too.
    const { headers } = await signIn(ctx, 'editor');
    const one = await ctx.app.inject({ url: `/api/tenants/groups/${harbourfront().id}`, headers });
    expect(one.json().timeZone).toBe('America/Toronto');
  });

  it('is UTC for a site without coordinates, and a stored zone wins over the coordinates', () => {
    expect(siteTimeZone({ time_zone: null, latitude: null, longitude: null })).toEqual({
      timeZone: 'UTC',
      timeZoneSource: 'DEFAULT',
    });
    expect(siteTimeZone({ time_zone: null, latitude: 40.4168, longitude: -3.7038 }).timeZone).toBe(
      'Europe/Madrid',
    );
    expect(siteTimeZone({ time_zone: 'Asia/Tokyo', latitude: 43.64, longitude: -79.38 })).toEqual({
      timeZone: 'Asia/Tokyo',
      timeZoneSource: 'SET',
    });
    // A zone this runtime does not know, or impossible coordinates, fall through to the next rule.
    expect(siteTimeZone({ time_zone: 'Mars/Olympus', latitude: 999, longitude: 0 }).timeZone).toBe('UTC');
  });

  it('a company admin sets it, every reader sees it, and null goes back to the coordinates', async () => {
    const site = harbourfront();
    const res = await put(admin, site.id, 'America/Vancouver');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: site.id,
      name: 'Harbourfront Tower',
      timeZone: 'America/Vancouver',
      timeZoneSource: 'SET',
    });
    expect(await storedZone(site.id)).toBe('America/Vancouver');
    const { headers } = await signIn(ctx, 'viewer');
    const seen = await ctx.app.inject({
      url: `/api/tenants/groups/by_companyId/list?companyId=${ctx.companyId}`,
      headers,
    });
    expect((seen.json() as TenantGroup[])[0]).toMatchObject({ timeZone: 'America/Vancouver' });

    const back = await put(admin, site.id, null);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ timeZone: 'America/Toronto', timeZoneSource: 'COORDINATES' });
    expect(await storedZone(site.id)).toBeNull();
  });

  it('an unknown zone or a malformed body answers 400 and changes nothing', async () => {
    const site = harbourfront();
    await put(admin, site.id, 'Europe/Madrid');
    for (const bad of ['Mars/Olympus', 'SITE', 'x'.repeat(65), 5, true]) {
      const res = await put(admin, site.id, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
    const noId = await ctx.app.inject({
      method: 'PUT',
      url: '/api/tenants/groups/time_zone',
      headers: admin,
      payload: { timeZone: 'UTC' },
    });
    expect(noId.statusCode).toBe(400);
    expect(await storedZone(site.id)).toBe('Europe/Madrid');
    await put(admin, site.id, null);
  });

  it.each(['editor', 'viewer'])('%s may not change it (403), nothing changes', async (user) => {
    const { headers } = await signIn(ctx, user);
    const res = await put(headers, harbourfront().id, 'Asia/Tokyo');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(await storedZone(harbourfront().id)).toBeNull();
  });

  it("another company's site answers 404 and keeps its zone", async () => {
    const res = await put(admin, other.siteId, 'Asia/Tokyo');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect(await storedZone(other.siteId)).toBeNull();
    const missing = await put(admin, 2_000_000_000, 'Asia/Tokyo');
    expect(missing.statusCode).toBe(404);
  });
});
