import type { Tenant, TenantGroup } from '@sitepulse/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';

describe('job sites and projects', () => {
  const ctx = useTestApp();
  let other: Awaited<ReturnType<typeof seedOtherCompany>>;
  beforeAll(async () => {
    other = await seedOtherCompany(ctx.db.db);
  });

  const get = async (user: string, url: string) => {
    const { headers } = await signIn(ctx, user);
    return ctx.app.inject({ url, headers });
  };

  it('admin sees every job site of the company, with projects newest first and gateways', async () => {
    const res = await get(
      'admin',
      `/api/tenants/groups/by_companyId/list?companyId=${ctx.companyId}&tenant=x`,
    );
    expect(res.statusCode).toBe(200);
    const groups = res.json() as TenantGroup[];
    expect(groups.map((g) => g.name)).toEqual([
      'Harbourfront Tower',
      'Riverside Medical Centre Expansion',
      'North Yard Precast Plant',
      'Queens Quay Parking Garage',
    ]);
    expect(groups.some((g) => g.name === 'Other Secret Site')).toBe(false);
    const ht = groups[0];
    expect(ht).toMatchObject({ type: 'Construction Site', state: 'ACTIVE', companyId: ctx.companyId });
    expect(ht.latitude).toBeCloseTo(43.64, 1);
    expect(ht.gateways.length).toBeGreaterThan(0);
    for (const g of groups) {
      const dates = g.tenantMessages.map((t) => t.creationDate);
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    }
    expect(groups[3].state).toBe('TERMINATED');
    const types = new Set(groups.flatMap((g) => g.tenantMessages.map((t) => t.type)));
    expect(types).toEqual(new Set(['Concrete', 'Lumimon', 'Lumitrack']));
  });

  it.each(['editor', 'viewer'])('%s sees only Harbourfront Tower', async (user) => {
    const res = await get(user, `/api/tenants/groups/by_companyId/list?companyId=${ctx.companyId}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as TenantGroup[]).map((g) => g.name)).toEqual(['Harbourfront Tower']);
    const tenants = await get(user, `/api/tenants?companyId=${ctx.companyId}`);
    const names = (tenants.json() as Tenant[]).map((t) => t.name);
    expect(names).toEqual(['Default', 'Default', 'Podium Slabs']);
  });

  it("the inspector's site is listed (for Access Restricted) without its projects, which answer 403", async () => {
    const lists = [
      `/api/tenants/groups/by_companyId/list?companyId=${ctx.companyId}`,
      `/api/tenants/groups/list/by_user?companyId=${ctx.companyId}&username=inspector`,
    ];
    for (const url of lists) {
      const res = await get('inspector', url);
      expect(res.statusCode).toBe(200);
      const [site, ...more] = res.json() as TenantGroup[];
      expect(more).toEqual([]);
      expect(site).toMatchObject({ name: 'Harbourfront Tower', tenantMessages: [], gateways: [] });
      const one = await get('inspector', `/api/tenants/groups/${site.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ id: site.id, name: 'Harbourfront Tower', tenantMessages: [] });
      const projects = await get('inspector', `/api/tenants/by_tenant_group/list?tenantGroupId=${site.id}`);
      expect(projects.statusCode).toBe(403);
      expect(projects.json().error.message).toMatch(/Inspectors use the mobile app/);
    }
    expect((await get('inspector', `/api/tenants?companyId=${ctx.companyId}`)).json()).toEqual([]);
    // Others still see the site's projects.
    const byAdmin = await get(
      'admin',
      `/api/tenants/groups/list/by_user?companyId=${ctx.companyId}&username=inspector`,
    );
    expect((byAdmin.json() as TenantGroup[])[0].tenantMessages).toHaveLength(3);
  });

  it('a job site that was not granted answers 404, a granted one its detail', async () => {
    const admin = await get('admin', `/api/tenants/groups/by_companyId/list?companyId=${ctx.companyId}`);
    const [ht, riverside] = admin.json() as TenantGroup[];
    expect((await get('editor', `/api/tenants/groups/${ht.id}`)).statusCode).toBe(200);
    const hidden = await get('editor', `/api/tenants/groups/${riverside.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('NOT_FOUND');
    expect(
      (await get('editor', `/api/tenants/by_tenant_group/list?tenantGroupId=${riverside.id}`)).statusCode,
    ).toBe(404);
    const byType = await get(
      'admin',
      `/api/tenants/by_tenant_group_type/list?tenantGroupId=${riverside.id}&tenantType=Concrete`,
    );
    expect((byType.json() as Tenant[]).map((t) => t.name)).toEqual(['Default', 'Phase 1 Foundations']);
    expect((byType.json() as Tenant[])[1].state).toBe('TERMINATED');
  });

  it("another company's data cannot be read", async () => {
    expect((await get('admin', `/api/tenants/groups/${other.siteId}`)).statusCode).toBe(404);
    expect(
      (await get('admin', `/api/tenants/by_tenant_group/list?tenantGroupId=${other.siteId}`)).statusCode,
    ).toBe(404);
    expect((await get('admin', `/api/tenants?companyId=${other.companyId}`)).statusCode).toBe(403);
    expect(
      (await get('admin', `/api/tenants/groups/by_companyId/list?companyId=${other.companyId}`)).statusCode,
    ).toBe(403);
  });

  it('groups by user: self for everyone, others only for admins', async () => {
    const self = await get(
      'editor',
      `/api/tenants/groups/list/by_user?companyId=${ctx.companyId}&username=editor`,
    );
    expect(self.statusCode).toBe(200);
    expect((self.json() as TenantGroup[]).map((g) => g.name)).toEqual(['Harbourfront Tower']);
    const forbidden = await get(
      'editor',
      `/api/tenants/groups/list/by_user?companyId=${ctx.companyId}&username=admin`,
    );
    expect(forbidden.statusCode).toBe(403);
    const byAdmin = await get(
      'admin',
      `/api/tenants/groups/list/by_user?companyId=${ctx.companyId}&username=viewer`,
    );
    expect((byAdmin.json() as TenantGroup[]).map((g) => g.name)).toEqual(['Harbourfront Tower']);
  });

  it('job-site ids by application type', async () => {
    const res = await get(
      'admin',
      `/api/tenants/groups/ids/by_application_type?companyId=${ctx.companyId}&username=admin&applicationType=1`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(4);
    const mobile = await get(
      'admin',
      `/api/tenants/groups/ids/by_application_type?companyId=${ctx.companyId}&username=admin&applicationType=2`,
    );
    expect(mobile.json()).toEqual(res.json());
    const unknown = await get(
      'admin',
      `/api/tenants/groups/ids/by_application_type?companyId=${ctx.companyId}&username=admin&applicationType=3`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('BAD_REQUEST');
    // A user's own list only, unless an admin asks (403 for a viewer asking about the admin).
    const viewerOwn = await get(
      'viewer',
      `/api/tenants/groups/ids/by_application_type?companyId=${ctx.companyId}&username=viewer&applicationType=1`,
    );
    expect(viewerOwn.json()).toHaveLength(1);
    const viewerOther = await get(
      'viewer',
      `/api/tenants/groups/ids/by_application_type?companyId=${ctx.companyId}&username=admin&applicationType=1`,
    );
    expect(viewerOther.statusCode).toBe(403);
  });

  it('bad input answers 400 in the error shape', async () => {
    const res = await get('admin', '/api/tenants/groups/by_companyId/list?companyId=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
    expect(res.json().error.message).toMatch(/companyId/);
    const badType = await get(
      'admin',
      '/api/tenants/by_tenant_group_type/list?tenantGroupId=1&tenantType=Wood',
    );
    expect(badType.statusCode).toBe(400);
  });
});
