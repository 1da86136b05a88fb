import { beforeAll, describe, expect, it } from 'vitest';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addPerson, caller, expectUnchanged, sitesByName } from './people-fixtures.ts';

const HARBOUR = 'Harbourfront Tower';
const RIVERSIDE = 'Riverside Medical Centre Expansion';
const PLANT = 'North Yard Precast Plant';

describe('who may manage people: every other role is refused and nothing changes', () => {
  const ctx = useTestApp();
  let sites: Record<string, number>;
  let admin: ReturnType<typeof caller>;
  let other: Awaited<ReturnType<typeof seedOtherCompany>>;
  beforeAll(async () => {
    sites = await sitesByName(ctx.db.db, ctx.companyId);
    admin = caller(ctx, (await signIn(ctx, 'admin')).headers);
    other = await seedOtherCompany(ctx.db.db);
    // A member of Harbourfront to act on, one with no site, and one invited and not yet set up.
    await addPerson(ctx.db.db, {
      companyId: ctx.companyId,
      username: 'crewmate',
      grants: [{ tenantGroupId: sites[HARBOUR], access: 4 }],
    });
    await addPerson(ctx.db.db, { companyId: ctx.companyId, username: 'outsider' });
    const invited = await admin('POST', '/v2/users/invite', {
      companyId: ctx.companyId,
      email: 'pending@people.example',
      username: 'pending',
      tenantGroupData: [{ tenantGroupId: sites[HARBOUR], access: 2 }],
    });
    expect(invited.statusCode, invited.body).toBe(200);
    // A Read-Only account that is admin (1) of a site still manages nothing.
    await addPerson(ctx.db.db, {
      companyId: ctx.companyId,
      username: 'readonly.lead',
      accountType: 'READONLY_MEMBER',
      grants: [{ tenantGroupId: sites[HARBOUR], access: 1 }],
    });
    await ctx.db.db
      .insertInto('app_user')
      .values({
        company_id: other.companyId,
        username: 'olive.only',
        email: 'olive.only@other-builders.example',
        first_name: 'Olive',
        last_name: 'Only',
        account_type: 'USER',
        roles: '[]',
        is_active: 1,
        invitation_status: 'ACCEPTED',
        created_at: Date.now(),
      })
      .execute();
  });

  /** Every people change that only admins (of the company or of the site) may make. */
  const adminCalls = (companyId: number, siteId: number) =>
    [
      ['GET', '/v2/users/list', { companyId }],
      ['GET', '/v2/users/audits', { companyId }],
      ['GET', '/mail/outbox', { companyId }],
      ['PUT', '/v2/users/cmd/assign_account_type', { companyId, username: 'crewmate', accountType: 'ADMIN' }],
      ['PUT', '/v2/users/cmd/toggle', { companyId, username: 'crewmate', isActive: false }],
      ['DELETE', '/v2/users', { companyId, username: 'crewmate' }],
      [
        'POST',
        '/v2/users/invite',
        { companyId, email: 'new@people.example', tenantGroupData: [{ tenantGroupId: siteId, access: 4 }] },
      ],
      [
        'POST',
        '/v2/users/invite/list',
        {
          companyId,
          invitations: [
            { email: 'new@people.example', tenantGroupData: [{ tenantGroupId: siteId, access: 4 }] },
          ],
        },
      ],
      ['POST', '/v2/users/reinvite', { companyId, username: 'pending' }],
      ['POST', '/v2/users/invite/cmd/verify_username', { companyId, username: 'someone' }],
      ['POST', '/v2/users/invite/cmd/verify_username/list', { companyId, usernames: ['someone'] }],
      [
        'POST',
        '/v2/users/tenant_groups',
        { companyId, username: 'outsider', tenantGroupId: siteId, access: 2 },
      ],
      [
        'PUT',
        '/v2/users/tenant_groups',
        { companyId, username: 'crewmate', tenantGroupId: siteId, access: 1 },
      ],
      ['DELETE', '/v2/users/tenant_groups', { companyId, username: 'crewmate', tenantGroupId: siteId }],
      ['PUT', '/v2/users/details', { companyId, username: 'crewmate', firstName: 'Changed' }],
      [
        'PUT',
        '/v2/users/details/cmd/assign_phone',
        { companyId, username: 'crewmate', phone: '+14165550177' },
      ],
      [
        'PUT',
        '/v2/users/settings',
        { companyId, username: 'crewmate', settings: [{ type: 'Language', val: 'es' }] },
      ],
    ] as const;

  for (const username of ['editor', 'viewer', 'inspector', 'readonly.lead']) {
    it(`${username}: 403 on every admin call of their own site, and the database is unchanged`, async () => {
      const call = caller(ctx, (await signIn(ctx, username)).headers);
      await expectUnchanged(ctx, async () => {
        for (const [method, url, data] of adminCalls(ctx.companyId, sites[HARBOUR])) {
          const res = await call(method, url, data);
          expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
          expect(res.json().error.code).toBe('FORBIDDEN');
        }
      });
    });
  }

  it('a job-site admin manages the members of their site only', async () => {
    await addPerson(ctx.db.db, {
      companyId: ctx.companyId,
      username: 'siteboss',
      grants: [
        { tenantGroupId: sites[RIVERSIDE], access: 1 },
        { tenantGroupId: sites[HARBOUR], access: 2 },
      ],
    });
    const boss = caller(ctx, (await signIn(ctx, 'siteboss')).headers);
    const ref = (username: string, site: string) => ({
      companyId: ctx.companyId,
      username,
      tenantGroupId: sites[site],
    });

    for (const access of [1, 2, 4, 8]) {
      const granted = await boss('POST', '/v2/users/tenant_groups', {
        ...ref('outsider', RIVERSIDE),
        access,
      });
      expect(granted.statusCode, granted.body).toBe(200);
      expect(granted.json().tenantGroupAccess).toEqual([{ tenantGroupId: sites[RIVERSIDE], access }]);
      expect((await boss('DELETE', '/v2/users/tenant_groups', ref('outsider', RIVERSIDE))).statusCode).toBe(
        200,
      );
    }
    const granted = await boss('POST', '/v2/users/tenant_groups', {
      ...ref('outsider', RIVERSIDE),
      access: 4,
    });
    expect(granted.statusCode).toBe(200);
    const notice = await ctx.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'outsider@people.example')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.subject).toBe('New job-site access at Demo Construction');
    expect(notice.text).toContain(`${RIVERSIDE} (viewer)`);
    const changed = await boss('PUT', '/v2/users/tenant_groups', {
      ...ref('outsider', RIVERSIDE),
      access: 2,
    });
    expect(changed.json().tenantGroupAccess).toEqual([{ tenantGroupId: sites[RIVERSIDE], access: 2 }]);
    const members = await boss('GET', '/v2/users/list/by_tenant_group', {
      companyId: ctx.companyId,
      tenantGroupId: sites[RIVERSIDE],
    });
    expect(members.json().map((m: { username: string }) => m.username)).toContain('outsider');

    await expectUnchanged(ctx, async () => {
      const twice = await boss('POST', '/v2/users/tenant_groups', {
        ...ref('outsider', RIVERSIDE),
        access: 4,
      });
      expect(twice.statusCode).toBe(409);
      // Harbourfront: the boss is an editor there.
      expect(
        (await boss('POST', '/v2/users/tenant_groups', { ...ref('outsider', HARBOUR), access: 4 }))
          .statusCode,
      ).toBe(403);
      expect(
        (await boss('PUT', '/v2/users/tenant_groups', { ...ref('crewmate', HARBOUR), access: 2 })).statusCode,
      ).toBe(403);
      expect((await boss('DELETE', '/v2/users/tenant_groups', ref('crewmate', HARBOUR))).statusCode).toBe(
        403,
      );
      // The plant is not one of theirs; the other company's site is not the company's.
      expect(
        (await boss('POST', '/v2/users/tenant_groups', { ...ref('outsider', PLANT), access: 4 })).statusCode,
      ).toBe(404);
      const otherSite = {
        companyId: ctx.companyId,
        username: 'outsider',
        tenantGroupId: other.siteId,
        access: 4,
      };
      expect((await boss('POST', '/v2/users/tenant_groups', otherSite)).statusCode).toBe(404);
      // crewmate is not a member of Riverside; nobody is not a user.
      expect(
        (await boss('PUT', '/v2/users/tenant_groups', { ...ref('crewmate', RIVERSIDE), access: 2 }))
          .statusCode,
      ).toBe(404);
      expect((await boss('DELETE', '/v2/users/tenant_groups', ref('crewmate', RIVERSIDE))).statusCode).toBe(
        404,
      );
      expect(
        (await boss('POST', '/v2/users/tenant_groups', { ...ref('nobody', RIVERSIDE), access: 4 }))
          .statusCode,
      ).toBe(404);
      // pending is a member of Harbourfront only: not theirs to re-invite.
      expect(
        (await boss('POST', '/v2/users/reinvite', { companyId: ctx.companyId, username: 'pending' }))
          .statusCode,
      ).toBe(403);
      // Company-wide calls stay with the company's admins.
      for (const [method, url, data] of adminCalls(ctx.companyId, sites[RIVERSIDE]).slice(0, 6)) {
        expect((await boss(method, url, data)).statusCode, url).toBe(403);
      }
    });
    expect((await boss('DELETE', '/v2/users/tenant_groups', ref('outsider', RIVERSIDE))).statusCode).toBe(
      200,
    );
    const audits = await admin('GET', '/v2/users/audits', { companyId: ctx.companyId, username: 'outsider' });
    expect(
      audits
        .json()
        .slice(0, 3)
        .map((a: { operation: string; actorUsername: string }) => [a.operation, a.actorUsername]),
    ).toEqual([
      ['REVOKE', 'siteboss'],
      ['CHANGE_ROLE', 'siteboss'],
      ['GRANT', 'siteboss'],
    ]);
  });

  it("another company's ids: 403 when naming the company, 404 for its users and sites; nothing changes", async () => {
    await expectUnchanged(ctx, async () => {
      for (const [method, url, data] of adminCalls(other.companyId, other.siteId)) {
        const res = await admin(method, url, data);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const theirs = [
        [
          'PUT',
          '/v2/users/cmd/toggle',
          { companyId: ctx.companyId, username: 'olive.only', isActive: false },
        ],
        ['DELETE', '/v2/users', { companyId: ctx.companyId, username: 'olive.only' }],
        ['PUT', '/v2/users/details', { companyId: ctx.companyId, username: 'olive.only', firstName: 'X' }],
        ['POST', '/v2/users/reinvite', { companyId: ctx.companyId, username: 'olive.only' }],
        ['GET', '/v2/users/details', { companyId: ctx.companyId, username: 'olive.only' }],
        ['GET', '/v2/users/audits', { companyId: ctx.companyId, username: 'olive.only' }],
        [
          'POST',
          '/v2/users/tenant_groups',
          { companyId: ctx.companyId, username: 'outsider', tenantGroupId: other.siteId, access: 2 },
        ],
        ['GET', '/v2/users/list/by_tenant_group', { companyId: ctx.companyId, tenantGroupId: other.siteId }],
        [
          'POST',
          '/v2/users/invite',
          {
            companyId: ctx.companyId,
            email: 'x@people.example',
            tenantGroupData: [{ tenantGroupId: other.siteId, access: 2 }],
          },
        ],
      ] as const;
      for (const [method, url, data] of theirs) {
        const res = await admin(method, url, data);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    });
    // The other company's admin sees only their own people.
    const otherAdmin = caller(
      ctx,
      (await signIn(ctx, OTHER.username, OTHER.password, other.companyId)).headers,
    );
    const list = await otherAdmin('GET', '/v2/users/list', { companyId: other.companyId });
    expect(list.json().map((u: { username: string }) => u.username)).toEqual(['admin', 'olive.only']);
  });
});
