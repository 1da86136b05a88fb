import type { LoginTokens } from '@sitepulse/contracts';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { basic, freshIp, signIn, type TestContext, useTestApp } from '../../test/test-app.ts';

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

const refresh = (ctx: TestContext, refreshToken: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh_token', payload: { refreshToken } });
const companyCall = (ctx: TestContext, accessToken: string) =>
  ctx.app.inject({
    url: `/api/companies/${ctx.companyId}`,
    headers: { authorization: `Bearer ${accessToken}` },
  });

describe('auth sessions: refresh-token reuse ends the session', () => {
  const ctx = useTestApp();

  it('a retired refresh token presented again revokes every token of its session', async () => {
    const { tokens } = await signIn(ctx, 'admin');
    const first = await refresh(ctx, tokens.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json() as LoginTokens;
    // Checked once, so it sits in the 5 s trust cache: revocation must clear it.
    expect((await companyCall(ctx, next.accessToken)).statusCode).toBe(200);

    const replay = await refresh(ctx, tokens.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('UNAUTHORIZED');

    const after = await companyCall(ctx, next.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('SESSION_REVOKED');
    expect((await companyCall(ctx, tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(ctx, next.refreshToken)).statusCode).toBe(401);
    const row = await ctx.db.db
      .selectFrom('auth_session')
      .select('revoked_at')
      .where('id', '=', claimsOf(tokens.accessToken).sid)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeTypeOf('number');
  });

  it('two concurrent refreshes with one token: one wins, the loser is reuse and ends the session', async () => {
    const { tokens } = await signIn(ctx, 'editor');
    const answers = await Promise.all([refresh(ctx, tokens.refreshToken), refresh(ctx, tokens.refreshToken)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const winner = answers.find((r) => r.statusCode === 200)?.json() as LoginTokens;
    expect((await companyCall(ctx, winner.accessToken)).statusCode).toBe(401);
    expect((await refresh(ctx, winner.refreshToken)).statusCode).toBe(401);
  });

  it('a forged or foreign refresh token naming a session revokes nothing', async () => {
    const { tokens } = await signIn(ctx, 'viewer');
    const sid = claimsOf(tokens.accessToken).sid;
    const forged = await new SignJWT({ typ: 'refresh', sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti('forged')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ typ: 'refresh', sid, jti: 'x' }),
    ).toString('base64url')}.`;
    // An access token is signed by the server and names the session, but is no refresh token.
    for (const bad of [forged, unsigned, tokens.accessToken, 'not-a-token']) {
      expect((await refresh(ctx, bad)).statusCode).toBe(401);
    }
    expect((await companyCall(ctx, tokens.accessToken)).statusCode).toBe(200);
    expect((await refresh(ctx, tokens.refreshToken)).statusCode).toBe(200);
  });

  it('a refresh token is not accepted as a bearer token', async () => {
    const { tokens } = await signIn(ctx, 'admin');
    const res = await companyCall(ctx, tokens.refreshToken);
    expect(res.statusCode).toBe(401);
  });
});

describe('auth sessions: absolute lifetime (SESSION_MAX_AGE_S)', () => {
  const maxAgeS = 3600;
  const ctx = useTestApp({ SESSION_MAX_AGE_S: String(maxAgeS) });
  const ageSession = (sid: string, createdAt: number) =>
    ctx.db.db.updateTable('auth_session').set({ created_at: createdAt }).where('id', '=', sid).execute();

  it('no token outlives the session end, and refresh past it answers 401', async () => {
    const before = Date.now();
    const { tokens } = await signIn(ctx, 'admin');
    expect(tokens.refreshTokenExpiration).toBeLessThanOrEqual(Date.now() + maxAgeS * 1000);
    expect(tokens.refreshTokenExpiration).toBeGreaterThan(before + (maxAgeS - 5) * 1000);
    const sid = claimsOf(tokens.accessToken).sid;

    // Signed in 3000 s ago: a refresh may only run to created_at + max age, not 30 days on.
    const createdAt = Date.now() - 3000 * 1000;
    await ageSession(sid, createdAt);
    const res = await refresh(ctx, tokens.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json() as LoginTokens;
    const end = createdAt + maxAgeS * 1000;
    expect(next.refreshTokenExpiration).toBeLessThanOrEqual(end);
    expect(next.refreshTokenExpiration).toBeGreaterThan(end - 2000);
    expect(next.accessTokenExpiration).toBeLessThanOrEqual(end);
    expect(claimsOf(next.refreshToken).exp * 1000).toBe(next.refreshTokenExpiration);

    // Past the absolute end, even though the stored refresh expiry is still ahead.
    await ageSession(sid, Date.now() - (maxAgeS + 1) * 1000);
    await ctx.db.db
      .updateTable('auth_session')
      .set({ expires_at: Date.now() + 3600 * 1000 })
      .where('id', '=', sid)
      .execute();
    const late = await refresh(ctx, next.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('auth answers are never cached', () => {
  const ctx = useTestApp();
  const expectNoStore = (res: { headers: Record<string, unknown> }) => {
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.pragma).toBe('no-cache');
  };

  it('company code, login, refresh and logout answer Cache-Control: no-store', async () => {
    const code = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/company_code',
      payload: { authCode: 'DEMO1' },
      remoteAddress: freshIp(),
    });
    expect(code.statusCode).toBe(200);
    expectNoStore(code);

    const login = await ctx.app.inject({
      url: '/api/login',
      headers: { authorization: basic('admin', DEMO.password), companyid: String(ctx.companyId) },
      remoteAddress: freshIp(),
    });
    expect(login.statusCode).toBe(200);
    expectNoStore(login);
    const failed = await ctx.app.inject({
      url: '/api/login',
      headers: { authorization: basic('admin', 'wrong'), companyid: String(ctx.companyId) },
      remoteAddress: freshIp(),
    });
    expect(failed.statusCode).toBe(401);
    expectNoStore(failed);

    const refreshed = await refresh(ctx, login.json().refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expectNoStore(refreshed);

    const logout = await ctx.app.inject({
      url: '/api/logout',
      headers: { authorization: `Bearer ${refreshed.json().accessToken}` },
    });
    expect(logout.statusCode).toBe(200);
    expectNoStore(logout);
  });
});
