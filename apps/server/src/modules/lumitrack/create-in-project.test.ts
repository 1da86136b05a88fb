import type { LumitrackId } from '@sitepulse/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { addUser, OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';

/**
 * Ours beside the spec's bodies (issue 16, the Lumitrack project screen): type/standard and type/standard/list
 * take an optional tenantId and make the IDs in that Lumitrack project, by the rules of cmd/assign_tenant, in
 * the same transaction as the IDs themselves. A refused project makes nothing.
 */
const LT = '/api/lumitrack/lumitrackid';
type Who = 'admin' | 'yardEditor' | 'yardViewer' | 'towerEditor' | 'riversideEditor' | 'other';

describe('Lumitrack IDs made in a project (tenantId)', () => {
  const ctx = useTestApp();
  const h = {} as Record<Who, Record<string, string>>;
  const p = {
    yard: 0,
    yardSite: 0,
    towerSite: 0,
    riversideSite: 0,
    towerTags: 0,
    concrete: 0,
    archived: 0,
    theirs: 0,
  };

  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: h[who], ...(payload ? { payload } : {}) });

  /** Every Lumitrack ID row and file request: a refusal leaves them as they were. */
  const snapshot = async () =>
    JSON.stringify([
      await ctx.db.db.selectFrom('lumitrack_id').selectAll().orderBy('id').execute(),
      await ctx.db.db.selectFrom('lumitrack_file_request').selectAll().orderBy('id').execute(),
    ]);

  beforeAll(async () => {
    const q = ctx.db.db;
    const now = Date.now();
    const yard = await q
      .selectFrom('tenant')
      .select(['id', 'tenant_group_id'])
      .where('company_id', '=', ctx.companyId)
      .where('name', '=', 'Yard Asset Tags')
      .executeTakeFirstOrThrow();
    p.yard = yard.id;
    p.yardSite = yard.tenant_group_id;
    const site = async (name: string) =>
      (
        await q
          .selectFrom('tenant_group')
          .select('id')
          .where('company_id', '=', ctx.companyId)
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    p.towerSite = await site(DEMO.firstSiteName);
    p.riversideSite = await site('Riverside Medical Centre Expansion');
    p.concrete = (
      await q
        .selectFrom('tenant')
        .select('id')
        .where('company_id', '=', ctx.companyId)
        .where('type', '=', 'Concrete')
        .where('tenant_group_id', '=', p.yardSite)
        .executeTakeFirstOrThrow()
    ).id;
    const project = async (
      site: number,
      name: string,
      state: 'ACTIVE' | 'TERMINATED',
      company = ctx.companyId,
    ) =>
      (
        await q
          .insertInto('tenant')
          .values({
            tenant_group_id: site,
            company_id: company,
            name,
            type: 'Lumitrack',
            state,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    p.archived = await project(p.yardSite, 'Old Tags', 'TERMINATED');
    p.towerTags = await project(p.towerSite, 'Tower Tags', 'ACTIVE');
    const other = await seedOtherCompany(q);
    p.theirs = await project(other.siteId, 'Their Tags', 'ACTIVE', other.companyId);

    const user = (username: string, grants: { tenantGroupId: number; access: number }[]) =>
      addUser(q, {
        companyId: ctx.companyId,
        username,
        password: DEMO.password,
        accountType: 'USER',
        grants,
      });
    await user('yardeditor', [{ tenantGroupId: p.yardSite, access: 2 }]);
    await user('yardviewer', [{ tenantGroupId: p.yardSite, access: 4 }]);
    await user('towereditor', [{ tenantGroupId: p.towerSite, access: 2 }]);
    await user('riversideeditor', [{ tenantGroupId: p.riversideSite, access: 2 }]);
    h.admin = (await signIn(ctx)).headers;
    h.yardEditor = (await signIn(ctx, 'yardeditor')).headers;
    h.yardViewer = (await signIn(ctx, 'yardviewer')).headers;
    h.towerEditor = (await signIn(ctx, 'towereditor')).headers;
    h.riversideEditor = (await signIn(ctx, 'riversideeditor')).headers;
    h.other = (await signIn(ctx, OTHER.username, OTHER.password, other.companyId)).headers;
  });

  it('makes a list of IDs in the project: each tied to it (LUMITRACK_JOB) and listed with its IDs', async () => {
    const res = await call('admin', 'POST', `${LT}/type/standard/list`, {
      companyId: ctx.companyId,
      numLumitrackIds: 3,
      tenantId: p.yard,
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as LumitrackId[];
    expect(made).toHaveLength(3);
    for (const id of made) {
      expect(id).toMatchObject({
        tenant: p.yard,
        tenantGroupId: p.yardSite,
        projectName: 'Yard Asset Tags',
        state: 'Active',
        lumitrackIdAssociationData: [{ type: 'LUMITRACK_JOB', name: 'Yard Asset Tags', tenant: p.yard }],
      });
    }
    const listed = (
      await call('yardViewer', 'GET', `${LT}/by_tenant/list/${p.yard}`)
    ).json() as LumitrackId[];
    expect(listed.map((i) => i.lumitrackId)).toEqual(expect.arrayContaining(made.map((i) => i.lumitrackId)));
  });

  it('makes one ID in the project, by an editor of its site too; without tenantId in no project', async () => {
    const one = await call('yardEditor', 'POST', `${LT}/type/standard`, {
      companyId: ctx.companyId,
      tenantId: p.yard,
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({ tenant: p.yard, projectName: 'Yard Asset Tags' });
    const loose = await call('admin', 'POST', `${LT}/type/standard`, { companyId: ctx.companyId });
    expect(loose.statusCode, loose.body).toBe(201);
    expect(loose.json()).toMatchObject({ tenant: null, lumitrackIdAssociationData: [] });
  });

  it('refuses a project the IDs may not go to, and makes nothing', async () => {
    const cases: [Who, object, number, RegExp][] = [
      [
        'admin',
        { tenantId: p.concrete },
        400,
        /is a Concrete project: Lumitrack IDs go to Lumitrack projects/,
      ],
      ['admin', { tenantId: p.archived }, 409, /'Old Tags' is archived/],
      ['admin', { tenantId: p.theirs }, 404, /Project not found/],
      ['admin', { tenantId: 987_654 }, 404, /Project not found/],
      ['admin', { tenantId: 0 }, 400, /tenantId/],
      ['admin', { tenantId: 'yard' }, 400, /tenantId/],
      // A viewer of the yard may not make IDs at all; an editor of a site without a Lumitrack project neither.
      ['yardViewer', { tenantId: p.yard }, 403, /Only company admins/],
      ['riversideEditor', { tenantId: p.yard }, 403, /Only company admins/],
      // Editors of a site with a Lumitrack project make IDs, but not into a project of a site not granted to them.
      ['yardEditor', { tenantId: p.towerTags }, 404, /Project not found/],
      ['towerEditor', { tenantId: p.yard }, 404, /Project not found/],
    ];
    for (const [who, extra, status, message] of cases) {
      for (const [path, body] of [
        ['type/standard', { companyId: ctx.companyId, ...extra }],
        ['type/standard/list', { companyId: ctx.companyId, numLumitrackIds: 2, ...extra }],
      ] as const) {
        const before = await snapshot();
        const res = await call(who, 'POST', `${LT}/${path}`, body);
        expect(res.statusCode, `${who} ${path} ${JSON.stringify(extra)}: ${res.body}`).toBe(status);
        expect(res.json().error.message).toMatch(message);
        expect(await snapshot()).toBe(before);
      }
    }
    // Another company's user naming our project: 403 on the company id, nothing made.
    const before = await snapshot();
    const res = await call('other', 'POST', `${LT}/type/standard`, {
      companyId: ctx.companyId,
      tenantId: p.yard,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(await snapshot()).toBe(before);
  });
});
