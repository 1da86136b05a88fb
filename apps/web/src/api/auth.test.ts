import { RETRY_LIMIT } from '@sitepulse/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoServer, json, stubFetch } from '../features/auth/test-utils.tsx';
import {
  basicAuth,
  browserNavigation,
  loadServerInfo,
  login,
  logout,
  requestPasswordReset,
  resetCompany,
  ServerInfoError,
  submitCompanyCode,
  usernameFromToken,
} from './auth.ts';
import { ApiError } from './client.ts';
import { hasSeen, markSeen, readSession, writeSession } from './session.ts';

const signedIn = () =>
  writeSession({
    loginToken: 'company-token',
    companyId: 7,
    baseUrl: 'http://localhost/api',
    accessToken: 'access-token',
    accessTokenExpiration: Date.now() + 60_000,
    refreshToken: 'refresh-token',
    refreshTokenExpiration: Date.now() + 600_000,
    username: 'admin',
    userId: 42,
    roles: '["ADMIN"]',
    currentGroupId: 3,
  });

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('submitCompanyCode', () => {
  it('saves the company token, company id, code and base URL', async () => {
    demoServer();
    await expect(submitCompanyCode('DEMO1', { retryDelayMs: 0 })).resolves.toEqual({
      token: 'company-token',
      companyId: 7,
    });
    expect(readSession('loginToken')).toBe('company-token');
    expect(readSession('companyId')).toBe('7');
    expect(readSession('authCode')).toBe('DEMO1');
    expect(readSession('baseUrl')).toBe(`${window.location.origin}/api`);
  });

  it('rejects a wrong code with the 401 and saves nothing', async () => {
    demoServer();
    const err = await submitCompanyCode('demo1').catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(readSession('loginToken')).toBeNull();
  });
});

describe('loadServerInfo', () => {
  it(`retries up to ${RETRY_LIMIT} times, then fails with ServerInfoError and no base URL`, async () => {
    const server = demoServer({
      'GET /servers/alfred': () => json(503, { error: { code: 'DOWN', message: 'down' } }),
    });
    writeSession({ loginToken: 'company-token', companyId: 7 });
    const failed: number[] = [];
    const err = await loadServerInfo(7, { retryDelayMs: 0, onAttemptFailed: (n) => failed.push(n) }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(ServerInfoError);
    expect(server.calls('GET', '/servers/alfred')).toHaveLength(1 + RETRY_LIMIT);
    expect(failed).toEqual(Array.from({ length: RETRY_LIMIT }, (_, i) => i + 1));
    expect(readSession('baseUrl')).toBeNull();
  });

  it('succeeds on a later attempt', async () => {
    let n = 0;
    stubFetch({
      'GET /servers/alfred': () =>
        ++n < 3
          ? json(500, { error: { code: 'X', message: 'x' } })
          : json(200, [{ host: 'h', port: 1, companyId: 7 }]),
    });
    await expect(loadServerInfo(7, { retryDelayMs: 0 })).resolves.toBe(`${window.location.origin}/api`);
    expect(n).toBe(3);
  });
});

describe('login', () => {
  it('sends Basic auth of UTF-8 credentials with the CompanyId header and no bearer token', async () => {
    writeSession({ loginToken: 'company-token', companyId: 7 });
    const server = stubFetch({
      'GET /login': json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } }),
    });
    await expect(login({ username: 'josé', password: 'pässword' })).rejects.toBeInstanceOf(ApiError);
    const req = server.calls('GET', '/login')[0];
    expect(req.headers.get('Authorization')).toBe(basicAuth('josé', 'pässword'));
    expect(
      new TextDecoder().decode(
        Uint8Array.from(atob(basicAuth('josé', 'pässword').slice(6)), (c) => c.charCodeAt(0)),
      ),
    ).toBe('josé:pässword');
    expect(req.headers.get('CompanyId')).toBe('7');
    expect(readSession('accessToken')).toBeNull();
  });

  it('leaves no half-signed-in session when the user details call fails', async () => {
    writeSession({ loginToken: 'company-token', companyId: 7 });
    stubFetch({
      'GET /login': json(200, {
        accessToken: 'a',
        accessTokenExpiration: Date.now() + 1000,
        refreshToken: 'r',
        refreshTokenExpiration: Date.now() + 1000,
      }),
      'GET /v2/users/details': json(500, { error: { code: 'X', message: 'x' } }),
    });
    await expect(login({ username: 'admin', password: 'demo1234' })).rejects.toBeInstanceOf(ApiError);
    expect(readSession('accessToken')).toBeNull();
    expect(readSession('refreshToken')).toBeNull();
    expect(readSession('username')).toBeNull();
    expect(readSession('loginToken')).toBe('company-token');
  });

  it('reads the username claim of the access token', () => {
    const payload = btoa(JSON.stringify({ username: 'editor', sub: '3' })).replace(/=+$/, '');
    expect(usernameFromToken(`h.${payload}.s`)).toBe('editor');
    expect(usernameFromToken('not-a-jwt')).toBeNull();
  });
});

describe('logout', () => {
  it('informs the server with bearer, CompanyId and Username headers, then clears credentials and goes to /login', async () => {
    signedIn();
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const server = stubFetch({ 'GET /logout': json(204, null) });
    await logout();
    const req = server.calls('GET', '/logout')[0];
    expect(req.headers.get('Authorization')).toBe('Bearer access-token');
    expect(req.headers.get('CompanyId')).toBe('7');
    expect(req.headers.get('Username')).toBe('admin');
    expect(readSession('accessToken')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('clears credentials and user id and goes to /login even when the call fails', async () => {
    signedIn();
    markSeen('mapWelcome');
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    stubFetch({ 'GET /logout': new TypeError('Failed to fetch') });
    await expect(logout()).resolves.toBeUndefined();
    for (const key of [
      'accessToken',
      'refreshToken',
      'username',
      'userId',
      'roles',
      'currentGroupId',
    ] as const) {
      expect(readSession(key), key).toBeNull();
    }
    // The company stays known, so the next sign-in starts at the user-login step; seen flags survive.
    expect(readSession('loginToken')).toBe('company-token');
    expect(readSession('baseUrl')).toBe('http://localhost/api');
    expect(hasSeen('mapWelcome')).toBe(true);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('also ends the session when the server answers 500', async () => {
    signedIn();
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    stubFetch({ 'GET /logout': json(500, { error: { code: 'X', message: 'x' } }) });
    await logout();
    expect(readSession('refreshToken')).toBeNull();
    expect(assign).toHaveBeenCalledTimes(1);
  });
});

describe('resetCompany', () => {
  it('clears everything but the seen flags and reloads', () => {
    signedIn();
    markSeen('privacyPolicy');
    const reload = vi.spyOn(browserNavigation, 'reload').mockImplementation(() => {});
    resetCompany();
    expect(readSession('loginToken')).toBeNull();
    expect(readSession('baseUrl')).toBeNull();
    expect(readSession('companyId')).toBeNull();
    expect(readSession('accessToken')).toBeNull();
    expect(hasSeen('privacyPolicy')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('requestPasswordReset', () => {
  beforeEach(() => writeSession({ loginToken: 'company-token', companyId: 7 }));

  it('posts companyId and email with the company token', async () => {
    const server = stubFetch({ 'POST /v2/users/cmd/init_reset_pwd/by_email': json(200, { ok: true }) });
    await requestPasswordReset('admin@demo.example');
    const req = server.calls('POST', '/v2/users/cmd/init_reset_pwd/by_email')[0];
    expect(req.body).toEqual({ companyId: 7, email: 'admin@demo.example' });
    expect(req.headers.get('Authorization')).toBe('Bearer company-token');
  });

  it('treats 401 as success', async () => {
    stubFetch({
      'POST /v2/users/cmd/init_reset_pwd/by_email': json(401, { error: { code: 'U', message: 'u' } }),
    });
    await expect(requestPasswordReset('nobody@example.com')).resolves.toBeUndefined();
  });

  it('rejects other failures', async () => {
    stubFetch({
      'POST /v2/users/cmd/init_reset_pwd/by_email': json(500, { error: { code: 'X', message: 'x' } }),
    });
    await expect(requestPasswordReset('admin@demo.example')).rejects.toMatchObject({ status: 500 });
  });
});
