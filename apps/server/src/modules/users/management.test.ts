import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { basic, freshIp, signIn, useTestApp } from '../../test/test-app.ts';
import { addPerson, caller, expectUnchanged, sitesByName } from './people-fixtures.ts';

const HARBOUR = 'Harbourfront Tower';
const RIVERSIDE = 'Riverside Medical Centre Expansion';

describe('user management: lists, details, phone, settings, account type, toggle, delete, audit', () => {
  const ctx = useTestApp();
  let sites: Record<string, number>;
  let admin: ReturnType<typeof caller>;
  let editor: ReturnType<typeof caller>;
  let otherCompanyId: number;
  beforeAll(async () => {
    sites = await sitesByName(ctx.db.db, ctx.companyId);
    admin = caller(ctx, (await signIn(ctx, 'admin')).headers);
    editor = caller(ctx, (await signIn(ctx, 'editor')).headers);
    ({ companyId: otherCompanyId } = await seedOtherCompany(ctx.db.db));
  });
  const login = (user: string, password = DEMO.password) =>
    ctx.app.inject({
      url: '/api/login',
      headers: { authorization: basic(user, password), companyid: String(ctx.companyId) },
      remoteAddress: freshIp(),
    });
  const usernames = (res: { json(): { username: string }[] }) => res.json().map((u) => u.username);

  it("GET /v2/users/list: the company's users, for admins only", async () => {
    const res = await admin('GET', '/v2/users/list', { companyId: ctx.companyId });
    expect(res.statusCode).toBe(200);
    expect(usernames(res)).toEqual(['admin', 'editor', 'inspector', 'viewer']);
    const viewer = res.json().find((u: { username: string }) => u.username === 'viewer');
    expect(viewer).toMatchObject({
      companyId: ctx.companyId,
      accountType: 'READONLY_MEMBER',
      email: 'viewer@demo-construction.example',
      phone: '+14162345680',
      isActive: true,
      invitationStatus: 'ACCEPTED',
      language: 'en',
      tenantGroupAccess: [{ tenantGroupId: sites[HARBOUR], access: 4 }],
      invitedAt: null,
    });
    expect(JSON.stringify(res.json())).not.toContain('scrypt');
    expect((await editor('GET', '/v2/users/list', { companyId: ctx.companyId })).statusCode).toBe(403);
    expect((await admin('GET', '/v2/users/list', { companyId: otherCompanyId })).statusCode).toBe(403);
  });

  it("GET /v2/users/list/by_tenant_group: a site's members with their role; not for its inspectors", async () => {
    const query = { companyId: ctx.companyId, tenantGroupId: sites[HARBOUR] };
    const res = await admin('GET', '/v2/users/list/by_tenant_group', query);
    expect(res.statusCode).toBe(200);
    const roles = Object.fromEntries(
      res.json().map((m: { username: string; access: number }) => [m.username, m.access]),
    );
    expect(roles).toEqual({ admin: 1, editor: 2, viewer: 4, inspector: 8 });

    expect((await editor('GET', '/v2/users/list/by_tenant_group', query)).statusCode).toBe(200);
    const viewer = caller(ctx, (await signIn(ctx, 'viewer')).headers);
    expect((await viewer('GET', '/v2/users/list/by_tenant_group', query)).statusCode).toBe(200);
    const inspector = caller(ctx, (await signIn(ctx, 'inspector')).headers);
    expect((await inspector('GET', '/v2/users/list/by_tenant_group', query)).statusCode).toBe(403);
    // Not the editor's site, and not the company's site: 404.
    const riverside = { companyId: ctx.companyId, tenantGroupId: sites[RIVERSIDE] };
    expect((await editor('GET', '/v2/users/list/by_tenant_group', riverside)).statusCode).toBe(404);
    const unknown = { companyId: ctx.companyId, tenantGroupId: 987_654 };
    expect((await admin('GET', '/v2/users/list/by_tenant_group', unknown)).statusCode).toBe(404);
  });

  it('PUT /v2/users/details: oneself, or an admin for anyone; a taken e-mail is 409', async () => {
    const own = await editor('PUT', '/v2/users/details', {
      companyId: ctx.companyId,
      username: 'editor',
      firstName: 'Marcus',
      email: 'marcus@demo-construction.example',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      firstName: 'Marcus',
      lastName: 'Ruiz',
      email: 'marcus@demo-construction.example',
    });
    expect((await login('marcus@demo-construction.example')).statusCode).toBe(200);

    await expectUnchanged(ctx, async () => {
      const other = await editor('PUT', '/v2/users/details', {
        companyId: ctx.companyId,
        username: 'viewer',
        firstName: 'X',
      });
      expect(other.statusCode).toBe(403);
      const taken = await admin('PUT', '/v2/users/details', {
        companyId: ctx.companyId,
        username: 'viewer',
        email: 'ADMIN@demo-construction.example',
      });
      expect(taken.statusCode).toBe(409);
      const accepted = await editor('PUT', '/v2/users/details', {
        companyId: ctx.companyId,
        username: 'editor',
        completeSetup: true,
      });
      expect(accepted.statusCode).toBe(409);
      const badEmail = await editor('PUT', '/v2/users/details', {
        companyId: ctx.companyId,
        username: 'editor',
        email: 'not-an-email',
      });
      expect(badEmail.statusCode).toBe(400);
    });

    const byAdmin = await admin('PUT', '/v2/users/details', {
      companyId: ctx.companyId,
      username: 'viewer',
      lastName: 'N.',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().lastName).toBe('N.');
    const audits = await admin('GET', '/v2/users/audits', { companyId: ctx.companyId, username: 'editor' });
    expect(audits.json()[0]).toMatchObject({
      operation: 'UPDATE_DETAILS',
      actorUsername: 'editor',
      targetUsername: 'editor',
      detail: 'first name, e-mail editor@demo-construction.example → marcus@demo-construction.example',
    });
  });

  it('assign_phone: a valid number no one else has; null removes it', async () => {
    const assign = (who: ReturnType<typeof caller>, username: string, phone: string | null) =>
      who('PUT', '/v2/users/details/cmd/assign_phone', { companyId: ctx.companyId, username, phone });
    const ok = await assign(editor, 'editor', '+14165550142');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().phone).toBe('+14165550142');
    expect((await login('+14165550142')).statusCode).toBe(200);

    await expectUnchanged(ctx, async () => {
      const invalid = await assign(editor, 'editor', '+10000000000');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error.message).toBe('Invalid phone number');
      const malformed = await assign(editor, 'editor', '4165550142');
      expect(malformed.statusCode).toBe(400);
      const taken = await assign(editor, 'editor', '+14162345678');
      expect(taken.statusCode).toBe(409);
      const other = await assign(editor, 'viewer', '+14165550143');
      expect(other.statusCode).toBe(403);
    });

    const removed = await assign(admin, 'editor', null);
    expect(removed.json().phone).toBeNull();
    const audits = await admin('GET', '/v2/users/audits', { companyId: ctx.companyId, username: 'editor' });
    expect(
      audits
        .json()
        .slice(0, 2)
        .map((a: { detail: string }) => a.detail),
    ).toEqual(['+14165550142 → (none)', '+14162345679 → +14165550142']);
  });

  it('PUT /v2/users/settings: several own settings at once, validated as PUT /settings/user; all or none', async () => {
    const put = (username: string, settings: { type: string; val: string }[]) =>
      editor('PUT', '/v2/users/settings', { companyId: ctx.companyId, username, settings });
    const ok = await put('editor', [
      { type: 'Language', val: 'es' },
      { type: 'SystemOfMeasurement', val: 'Imperial' },
      { type: 'DisplayTimeZone', val: 'America/Toronto' },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    const details = await editor('GET', '/v2/users/details', { companyId: ctx.companyId });
    expect(details.json().userSettingData).toEqual(
      expect.arrayContaining([
        { type: 'Language', val: 'es' },
        { type: 'SystemOfMeasurement', val: 'Imperial' },
        { type: 'DisplayTimeZone', val: 'America/Toronto' },
      ]),
    );

    await expectUnchanged(ctx, async () => {
      const bad = await put('editor', [
        { type: 'DisplayTimeZone', val: 'UTC' },
        { type: 'Language', val: 'fr' },
      ]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe("'fr' is not a valid value for Language");
      const twice = await put('editor', [
        { type: 'Language', val: 'en' },
        { type: 'Language', val: 'es' },
      ]);
      expect(twice.statusCode).toBe(400);
      const long = await put('editor', [{ type: 'HelpOverlay', val: 'x'.repeat(201) }]);
      expect(long.statusCode).toBe(400);
      const other = await put('viewer', [{ type: 'Language', val: 'es' }]);
      expect(other.statusCode).toBe(403);
      const byAdmin = await admin('PUT', '/v2/users/settings', {
        companyId: ctx.companyId,
        username: 'editor',
        settings: [{ type: 'Language', val: 'en' }],
      });
      expect(byAdmin.statusCode).toBe(403);
    });
    const list = await admin('GET', '/v2/users/list', { companyId: ctx.companyId });
    expect(list.json().find((u: { username: string }) => u.username === 'editor').language).toBe('es');
  });

  it('assign_account_type: admins, not on themselves', async () => {
    await addPerson(ctx.db.db, { companyId: ctx.companyId, username: 'promoted' });
    const res = await admin('PUT', '/v2/users/cmd/assign_account_type', {
      companyId: ctx.companyId,
      username: 'promoted',
      accountType: 'ADMIN',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accountType).toBe('ADMIN');
    const promoted = caller(ctx, (await signIn(ctx, 'promoted')).headers);
    expect((await promoted('GET', '/v2/users/list', { companyId: ctx.companyId })).statusCode).toBe(200);

    await expectUnchanged(ctx, async () => {
      const self = await admin('PUT', '/v2/users/cmd/assign_account_type', {
        companyId: ctx.companyId,
        username: 'admin',
        accountType: 'USER',
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().error.message).toBe('You cannot change your own account type');
      const staff = await admin('PUT', '/v2/users/cmd/assign_account_type', {
        companyId: ctx.companyId,
        username: 'promoted',
        accountType: 'AOMS_MASTER',
      });
      expect(staff.statusCode).toBe(400);
    });
    // Demoted again, their next call is refused at once (no cached sign-in keeps the old type).
    await admin('PUT', '/v2/users/cmd/assign_account_type', {
      companyId: ctx.companyId,
      username: 'promoted',
      accountType: 'USER',
    });
    expect((await promoted('GET', '/v2/users/list', { companyId: ctx.companyId })).statusCode).toBe(403);
    const audits = await admin('GET', '/v2/users/audits', { companyId: ctx.companyId, username: 'promoted' });
    expect(audits.json().map((a: { detail: string }) => a.detail)).toEqual(['ADMIN → USER', 'USER → ADMIN']);
  });

  it("toggle: a deactivated user's token stops working and they cannot sign in; not on oneself", async () => {
    await addPerson(ctx.db.db, {
      companyId: ctx.companyId,
      username: 'seasonal',
      grants: [{ tenantGroupId: sites[HARBOUR], access: 2 }],
    });
    const seasonal = caller(ctx, (await signIn(ctx, 'seasonal')).headers);
    expect((await seasonal('GET', '/v2/users/details', { companyId: ctx.companyId })).statusCode).toBe(200);

    const off = await admin('PUT', '/v2/users/cmd/toggle', {
      companyId: ctx.companyId,
      username: 'seasonal',
      isActive: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().isActive).toBe(false);
    expect((await seasonal('GET', '/v2/users/details', { companyId: ctx.companyId })).statusCode).toBe(401);
    expect((await login('seasonal')).statusCode).toBe(401);

    await expectUnchanged(ctx, async () => {
      const self = await admin('PUT', '/v2/users/cmd/toggle', {
        companyId: ctx.companyId,
        username: 'admin',
        isActive: false,
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().error.message).toBe('You cannot activate or deactivate your own account');
    });

    const on = await admin('PUT', '/v2/users/cmd/toggle', {
      companyId: ctx.companyId,
      username: 'seasonal',
      isActive: true,
    });
    expect(on.json().isActive).toBe(true);
    expect((await login('seasonal')).statusCode).toBe(200);
    const audits = await admin('GET', '/v2/users/audits', { companyId: ctx.companyId, username: 'seasonal' });
    expect(audits.json().map((a: { operation: string }) => a.operation)).toEqual(['ACTIVATE', 'DEACTIVATE']);
  });

  it('delete: signed out for good, not listed, not found by e-mail or phone; the audit still names them', async () => {
    const id = await addPerson(ctx.db.db, {
      companyId: ctx.companyId,
      username: 'leaver',
      phone: '+14165550199',
      grants: [
        { tenantGroupId: sites[HARBOUR], access: 2 },
        { tenantGroupId: sites[RIVERSIDE], access: 4 },
      ],
    });
    const session = await signIn(ctx, 'leaver');
    const leaver = caller(ctx, session.headers);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/init_reset_pwd',
      payload: { companyId: ctx.companyId, username: 'leaver' },
    });

    await expectUnchanged(ctx, async () => {
      const self = await admin('DELETE', '/v2/users', { companyId: ctx.companyId, username: 'admin' });
      expect(self.statusCode).toBe(400);
      expect(self.json().error.message).toBe('You cannot delete your own account');
      const byEditor = await editor('DELETE', '/v2/users', { companyId: ctx.companyId, username: 'leaver' });
      expect(byEditor.statusCode).toBe(403);
    });

    const res = await admin('DELETE', '/v2/users', { companyId: ctx.companyId, username: 'leaver' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect((await leaver('GET', '/v2/users/details', { companyId: ctx.companyId })).statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      payload: { refreshToken: session.tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    for (const ref of ['leaver', 'leaver@people.example', '+14165550199']) {
      expect((await login(ref)).statusCode, ref).toBe(401);
    }
    expect(usernames(await admin('GET', '/v2/users/list', { companyId: ctx.companyId }))).not.toContain(
      'leaver',
    );
    const details = await admin('GET', '/v2/users/details', { companyId: ctx.companyId, username: 'leaver' });
    expect(details.statusCode).toBe(404);
    const again = await admin('DELETE', '/v2/users', { companyId: ctx.companyId, username: 'leaver' });
    expect(again.statusCode).toBe(404);

    const row = await ctx.db.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.is_active).toBe(0);
    expect(
      await ctx.db.db.selectFrom('user_tenant_group').selectAll().where('user_id', '=', id).execute(),
    ).toEqual([]);
    const links = await ctx.db.db
      .selectFrom('password_reset')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(links).toHaveLength(1);
    expect(links[0].used_at).not.toBeNull();

    const audits = await admin('GET', '/v2/users/audits', { companyId: ctx.companyId, username: 'leaver' });
    expect(audits.statusCode).toBe(200);
    expect(audits.json()[0]).toMatchObject({
      operation: 'DELETE',
      actorUsername: 'admin',
      targetUsername: 'leaver',
      targetDeleted: true,
      detail: `removed from job sites ${[sites[HARBOUR], sites[RIVERSIDE]].sort((a, b) => a - b).join(', ')}`,
    });
    const all = await admin('GET', '/v2/users/audits', { companyId: ctx.companyId, limit: 500 });
    expect(all.json().some((a: { targetUsername: string }) => a.targetUsername === 'leaver')).toBe(true);

    const verify = await admin('POST', '/v2/users/invite/cmd/verify_username', {
      companyId: ctx.companyId,
      username: 'leaver',
    });
    expect(verify.json()).toEqual({ username: 'leaver', available: false, reason: 'TAKEN' });
    // The e-mail is free again: inviting it makes a new user, with a new username.
    const invite = await admin('POST', '/v2/users/invite', {
      companyId: ctx.companyId,
      email: 'leaver@people.example',
      tenantGroupData: [],
    });
    expect(invite.statusCode, invite.body).toBe(200);
    expect(invite.json()).toMatchObject({ existing: false, user: { username: 'leaver2' } });
  });

  it('audits: admins only; an unknown username is 404', async () => {
    expect((await editor('GET', '/v2/users/audits', { companyId: ctx.companyId })).statusCode).toBe(403);
    expect((await admin('GET', '/v2/users/audits', { companyId: otherCompanyId })).statusCode).toBe(403);
    expect(
      (await admin('GET', '/v2/users/audits', { companyId: ctx.companyId, username: 'nobody' })).statusCode,
    ).toBe(404);
    const limited = await admin('GET', '/v2/users/audits', { companyId: ctx.companyId, limit: 2 });
    expect(limited.json()).toHaveLength(2);
    const [a, b] = limited.json();
    expect(a.createdAt).toBeGreaterThanOrEqual(b.createdAt);
  });
});
