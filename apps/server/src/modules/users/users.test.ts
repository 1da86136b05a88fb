import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { basic, freshIp, signIn, useTestApp } from '../../test/test-app.ts';

describe('users: details and password reset', () => {
  const ctx = useTestApp({ PUBLIC_URL: 'https://sitepulse.example' });
  let otherCompanyId: number;
  beforeAll(async () => {
    ({ companyId: otherCompanyId } = await seedOtherCompany(ctx.db.db));
  });

  it('details of the signed-in user', async () => {
    const { headers } = await signIn(ctx, 'inspector');
    const res = await ctx.app.inject({
      url: `/api/v2/users/details?username=inspector&companyId=${ctx.companyId}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      username: 'inspector',
      companyId: ctx.companyId,
      homeCompanyId: ctx.companyId,
      email: 'inspector@demo-construction.example',
      phone: '+14162345681',
      accountType: 'USER',
      roles: ['USER'],
      isActive: true,
      userInvitationData: { status: 'ACCEPTED' },
    });
    expect(d.userTenantGroupData).toEqual([{ tenantGroupId: expect.any(Number), access: 8 }]);
    expect(d.userSettingData).toEqual(
      expect.arrayContaining([
        { type: 'SystemOfMeasurement', val: 'Metric' },
        { type: 'DisplayTimeZone', val: 'UTC' },
        { type: 'Language', val: 'en' },
      ]),
    );
    expect(d).not.toHaveProperty('password_hash');
    expect(JSON.stringify(d)).not.toContain('scrypt');
  });

  it('a phone or e-mail given as username resolves to the signed-in user', async () => {
    const { headers } = await signIn(ctx, '+14162345679');
    const res = await ctx.app.inject({
      url: `/api/v2/users/details?username=${encodeURIComponent('+14162345679')}&companyId=${ctx.companyId}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('editor');
  });

  it('non-admins cannot read other users; admins can, within their company', async () => {
    const { headers } = await signIn(ctx, 'editor');
    const res = await ctx.app.inject({
      url: `/api/v2/users/details?username=admin&companyId=${ctx.companyId}`,
      headers,
    });
    expect(res.statusCode).toBe(403);
    const admin = await signIn(ctx, 'admin');
    const ok = await ctx.app.inject({
      url: `/api/v2/users/details?username=viewer&companyId=${ctx.companyId}`,
      headers: admin.headers,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().accountType).toBe('READONLY_MEMBER');
    const cross = await ctx.app.inject({
      url: `/api/v2/users/details?username=admin&companyId=${otherCompanyId}`,
      headers: admin.headers,
    });
    expect(cross.statusCode).toBe(403);
  });

  it('lists the job-site access types', async () => {
    const { headers } = await signIn(ctx, 'viewer');
    const res = await ctx.app.inject({ url: '/api/v2/users/tenant_groups/access_types', headers });
    expect(res.json().map((a: { code: number }) => a.code)).toEqual([1, 2, 4, 8]);
  });

  it('reset by e-mail: same answer for unknown addresses, an outbox e-mail with a single-use token', async () => {
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/init_reset_pwd/by_email',
      payload: { companyId: ctx.companyId, email: 'nobody@nowhere.example' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ok: true });
    expect(await ctx.db.db.selectFrom('mail_outbox').selectAll().execute()).toHaveLength(0);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/init_reset_pwd/by_email',
      payload: { companyId: ctx.companyId, email: 'viewer@demo-construction.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mails = await ctx.db.db.selectFrom('mail_outbox').selectAll().execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe('viewer@demo-construction.example');
    const m = mails[0].text.match(/https:\/\/sitepulse\.example\/reset_pwd\?token=([A-Za-z0-9_%-]+)/);
    expect(m).not.toBeNull();
    const token = decodeURIComponent(m![1]);
    const stored = await ctx.db.db.selectFrom('password_reset').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toBe(token);
    expect(stored[0].expires_at - Date.now()).toBeGreaterThan(59 * 60 * 1000);

    const confirm = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/users/cmd/reset_pwd_confirm',
        payload: { token, password },
      });
    expect((await confirm('new-password-1')).statusCode).toBe(200);
    expect((await confirm('new-password-2')).statusCode).toBe(400);
    const login = (pw: string) =>
      ctx.app.inject({
        url: '/api/login',
        headers: { authorization: basic('viewer', pw), companyid: String(ctx.companyId) },
        remoteAddress: freshIp(),
      });
    expect((await login(DEMO.password)).statusCode).toBe(401);
    expect((await login('new-password-1')).statusCode).toBe(200);
  });

  it('bad input to reset answers 400 and sends nothing', async () => {
    const before = await ctx.db.db.selectFrom('mail_outbox').selectAll().execute();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/init_reset_pwd/by_email',
      payload: { companyId: 'x', email: 'a' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
    expect(await ctx.db.db.selectFrom('mail_outbox').selectAll().execute()).toHaveLength(before.length);
  });
});
