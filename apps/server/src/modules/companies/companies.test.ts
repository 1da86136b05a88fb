import { beforeAll, describe, expect, it } from 'vitest';
import { DISCLAIMER_NAME } from '../../demo/seed.ts';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';

describe('company, modules and text resources', () => {
  const ctx = useTestApp();
  let headers: Record<string, string>;
  let otherCompanyId: number;
  beforeAll(async () => {
    ({ headers } = await signIn(ctx, 'viewer'));
    ({ companyId: otherCompanyId } = await seedOtherCompany(ctx.db.db));
  });
  const get = (url: string) => ctx.app.inject({ url, headers });

  it('GET /api/companies/{id}: own company only', async () => {
    const res = await get(`/api/companies/${ctx.companyId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ctx.companyId, name: 'Demo Construction' });
    expect((await get(`/api/companies/${otherCompanyId}`)).statusCode).toBe(404);
  });

  it('lists modules and finds one by type', async () => {
    const res = await get(`/api/companies/modules/by_companyId?companyId=${ctx.companyId}&isActive=true`);
    expect(res.statusCode).toBe(200);
    const modules = res.json();
    expect(modules.map((m: { moduleType: string }) => m.moduleType).sort()).toEqual([
      'Concrete',
      'Lumimon',
      'Lumitrack',
    ]);
    const lt = await get(
      `/api/companies/modules/by_companyId/by_module_type?companyId=${ctx.companyId}&moduleType=Lumitrack`,
    );
    expect(lt.statusCode).toBe(200);
    expect(lt.json()).toMatchObject({
      moduleType: 'Lumitrack',
      lumitrack: true,
      concrete: false,
      isActive: true,
    });
    expect(JSON.parse(lt.json().tierSpec)).toEqual({
      storage_limit_in_mb: 10240,
      lumitrack_id_annual_limit: 5000,
    });
    expect((await get(`/api/companies/modules/by_companyId?companyId=${otherCompanyId}`)).statusCode).toBe(
      403,
    );
    await ctx.db.db
      .updateTable('company_module')
      .set({ is_active: 0 })
      .where('module_type', '=', 'Lumimon')
      .execute();
    const active = await get(`/api/companies/modules/by_companyId?companyId=${ctx.companyId}&isActive=true`);
    expect(active.json()).toHaveLength(2);
    const none = await get(
      `/api/companies/modules/by_companyId/by_module_type?companyId=${otherCompanyId + 1000}&moduleType=Concrete`,
    );
    expect(none.statusCode).toBe(403);
  });

  it('the maturity-strength disclaimer in en and es, falling back to en', async () => {
    const en = await get(`/api/resources/text/${DISCLAIMER_NAME}?language=en`);
    expect(en.statusCode).toBe(200);
    expect(en.json().text).toMatch(/engineer of record/);
    const es = await get(`/api/resources/text/${DISCLAIMER_NAME}?language=es`);
    expect(es.json().language).toBe('es');
    expect(es.json().text).toMatch(/madurez/);
    const fr = await get(`/api/resources/text/${DISCLAIMER_NAME}?language=fr`);
    expect(fr.json().language).toBe('en');
    expect((await get('/api/resources/text/NO_SUCH_TEXT')).statusCode).toBe(404);
  });
});
