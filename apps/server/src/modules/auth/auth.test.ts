import { describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { basic, freshIp, signIn, useTestApp } from '../../test/test-app.ts';
import { BAD_CREDENTIALS } from './service.ts';

describe('auth: company code, login, refresh, logout', () => {
  const ctx = useTestApp({ AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_S: '300' });

  const code = (authCode: string, ip = freshIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/company_code',
      payload: { authCode },
      remoteAddress: ip,
    });
  const login = (user: string, password: string, ip = freshIp(), companyId = ctx.companyId) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/login',
      headers: { authorization: basic(user, password), companyid: String(companyId) },
      remoteAddress: ip,
    });

  it('the right company code gives a company token and id', async () => {
    const res = await code('DEMO1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.companyId).toBe(ctx.companyId);
    const [, payload] = body.token.split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      typ: 'company',
      companyId: ctx.companyId,
    });
  });

  it('a wrong code and a wrong-case code answer 401 with one generic message', async () => {
    for (const c of ['WRONG', 'demo1', 'DEMO']) {
      const res = await code(c);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: BAD_CREDENTIALS } });
    }
  });

  it('signs in by username, e-mail and phone', async () => {
    for (const user of [
      'editor',
      'editor@demo-construction.example',
      'EDITOR@Demo-Construction.example',
      '+14162345679',
    ]) {
      const res = await login(user, DEMO.password);
      expect(res.statusCode, user).toBe(200);
      const t = res.json();
      expect(t.accessToken).toBeTypeOf('string');
      expect(t.refreshToken).toBeTypeOf('string');
      expect(t.accessTokenExpiration).toBeGreaterThan(Date.now());
      expect(t.refreshTokenExpiration).toBeGreaterThan(t.accessTokenExpiration);
      const claims = JSON.parse(Buffer.from(t.accessToken.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ typ: 'access', companyId: ctx.companyId, username: 'editor' });
      expect(claims.sid).toBeTypeOf('string');
    }
  });

  it('a wrong password, unknown user, wrong company or missing credentials answer 401 generically', async () => {
    const wrongPw = await login('admin', 'nope');
    const unknown = await login('nobody', DEMO.password);
    const otherCompany = await login('admin', DEMO.password, freshIp(), ctx.companyId + 999);
    const noCreds = await ctx.app.inject({
      url: '/api/login',
      headers: { companyid: String(ctx.companyId) },
      remoteAddress: freshIp(),
    });
    for (const r of [wrongPw, unknown, otherCompany, noCreds]) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: BAD_CREDENTIALS } });
    }
  });

  it('an inactive user cannot sign in', async () => {
    await ctx.db.db.updateTable('app_user').set({ is_active: 0 }).where('username', '=', 'viewer').execute();
    try {
      const res = await login('viewer', DEMO.password);
      expect(res.statusCode).toBe(401);
    } finally {
      await ctx.db.db
        .updateTable('app_user')
        .set({ is_active: 1 })
        .where('username', '=', 'viewer')
        .execute();
    }
  });

  it('answers 429 past the failure limit, even with the right code, for that address only', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await code('XXXXX', ip)).statusCode).toBe(401);
    const blocked = await code('DEMO1', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect((await code('DEMO1')).statusCode).toBe(200);

    const ip2 = freshIp();
    for (let i = 0; i < 3; i++) expect((await login('admin', 'bad', ip2)).statusCode).toBe(401);
    expect((await login('admin', DEMO.password, ip2)).statusCode).toBe(429);
    expect((await login('admin', DEMO.password)).statusCode).toBe(200);
  });

  it('refresh rotates: new tokens work, the old refresh token answers 401', async () => {
    const { tokens } = await signIn(ctx, 'admin');
    const r1 = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(r1.statusCode).toBe(200);
    const next = r1.json();
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    const me = await ctx.app.inject({
      url: `/api/companies/${ctx.companyId}`,
      headers: { authorization: `Bearer ${next.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    // Presenting the retired token again is refused (and ends the session: session.test.ts).
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('UNAUTHORIZED');
    const bogus = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      payload: { refreshToken: 'not-a-token' },
    });
    expect(bogus.statusCode).toBe(401);
  });

  it('an expired refresh token answers 401', async () => {
    const { tokens } = await signIn(ctx, 'editor');
    await ctx.db.db
      .updateTable('auth_session')
      .set({ expires_at: Date.now() - 1000 })
      .execute();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(res.statusCode).toBe(401);
  });

  it('logout revokes the session: access and refresh tokens stop working', async () => {
    const { tokens, headers } = await signIn(ctx, 'admin');
    const before = await ctx.app.inject({ url: `/api/companies/${ctx.companyId}`, headers });
    expect(before.statusCode).toBe(200);
    const out = await ctx.app.inject({ url: '/api/logout', headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    const after = await ctx.app.inject({ url: `/api/companies/${ctx.companyId}`, headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('SESSION_REVOKED');
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('protected calls answer 401 without a token, with a bad token, or with a company token', async () => {
    const none = await ctx.app.inject(`/api/tenants?companyId=${ctx.companyId}`);
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');
    const bad = await ctx.app.inject({
      url: `/api/tenants?companyId=${ctx.companyId}`,
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(bad.statusCode).toBe(401);
    const { token } = (await code('DEMO1')).json();
    const company = await ctx.app.inject({
      url: `/api/tenants?companyId=${ctx.companyId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(company.statusCode).toBe(401);
  });

  it('a CompanyId header naming another company answers 403', async () => {
    const { headers } = await signIn(ctx, 'admin');
    const res = await ctx.app.inject({
      url: `/api/tenants?companyId=${ctx.companyId}`,
      headers: { ...headers, companyid: String(ctx.companyId + 1) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('passwords are stored as salted scrypt hashes, never in clear', async () => {
    const rows = await ctx.db.db.selectFrom('app_user').select(['username', 'password_hash']).execute();
    const hashes = rows.map((r) => r.password_hash ?? '');
    for (const h of hashes) {
      expect(h).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      expect(h).not.toContain(DEMO.password);
    }
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('sessions keep only a hash of the refresh token', async () => {
    const { tokens } = await signIn(ctx, 'viewer');
    const rows = await ctx.db.db.selectFrom('auth_session').select('refresh_token_hash').execute();
    expect(rows.some((r) => r.refresh_token_hash === tokens.refreshToken)).toBe(false);
  });

  it('GET /api/servers/alfred describes this server, with or without the company token', async () => {
    const res = await ctx.app.inject({
      url: `/api/servers/alfred?companyId=${ctx.companyId}`,
      headers: { host: 'sp.example:8443' },
    });
    expect(res.statusCode).toBe(200);
    // The Host header is ignored: the default PUBLIC_URL is http://localhost:PORT.
    expect(res.json()).toEqual([{ host: 'localhost', port: ctx.config.port, companyId: ctx.companyId }]);
    const { token } = (await code('DEMO1')).json();
    const withToken = await ctx.app.inject({
      url: `/api/servers/alfred?companyId=${ctx.companyId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.statusCode).toBe(200);
  });

  it('the logo needs the company token (or an access token) of that company', async () => {
    const url = `/api/companies/assets/by_companyId?companyId=${ctx.companyId}&type=LOGO_IMG`;
    expect((await ctx.app.inject(url)).statusCode).toBe(401);
    const { token } = (await code('DEMO1')).json();
    const res = await ctx.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const [logo] = res.json();
    expect(logo).toMatchObject({ companyId: ctx.companyId, type: 'LOGO_IMG', mimeType: 'image/svg+xml' });
    expect(Buffer.from(logo.binVal, 'base64').toString()).toContain('<svg');
    const other = await seedOtherCompany(ctx.db.db);
    const cross = await ctx.app.inject({
      url: `/api/companies/assets/by_companyId?companyId=${other.companyId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cross.statusCode).toBe(403);
  });
});
