import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, setSessionLostHandler } from './client.ts';
import { readSession, writeSession } from './session.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unauthorized = (code = 'UNAUTHORIZED') => json(401, { error: { code, message: 'Sign in again' } });

const sessionLost = vi.fn();

beforeEach(() => {
  localStorage.clear();
  writeSession({ accessToken: 'old-access', refreshToken: 'old-refresh', companyId: 7, username: 'admin' });
  sessionLost.mockReset();
  setSessionLostHandler(sessionLost);
});
afterEach(() => vi.unstubAllGlobals());

describe('apiFetch (spec section 7: headers, one refresh on 401)', () => {
  it('sends the bearer token, CompanyId and Username headers and the query', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/tenants', { query: { companyId: 7, tenant: undefined } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/tenants?companyId=7');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer old-access',
      CompanyId: '7',
      Username: 'admin',
    });
  });

  it('refreshes an expired access token once, stores the new tokens and retries', async () => {
    const tokens = {
      accessToken: 'new-access',
      accessTokenExpiration: 2_000_000_000_000,
      refreshToken: 'new-refresh',
      refreshTokenExpiration: 2_100_000_000_000,
    };
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(json(200, tokens))
      .mockResolvedValueOnce(json(200, [{ id: 1 }]));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiFetch('/tenants')).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[1][0]).toBe('/api/auth/refresh_token');
    expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({ refreshToken: 'old-refresh' });
    expect(fetchMock.mock.calls[2][1].headers.Authorization).toBe('Bearer new-access');
    expect(readSession('refreshToken')).toBe('new-refresh');
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('refreshes only once for calls that fail together', async () => {
    const tokens = {
      accessToken: 'n',
      accessTokenExpiration: 1,
      refreshToken: 'r',
      refreshTokenExpiration: 1,
    };
    let refreshes = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/auth/refresh_token') {
          refreshes++;
          return json(200, tokens);
        }
        const auth = (init.headers as Record<string, string>).Authorization;
        return auth === 'Bearer n' ? json(200, { url }) : unauthorized();
      }),
    );
    await Promise.all([apiFetch('/a'), apiFetch('/b'), apiFetch('/c')]);
    expect(refreshes).toBe(1);
  });

  it('clears the session when the refresh fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(unauthorized()),
    );
    await expect(apiFetch('/tenants')).rejects.toMatchObject({ status: 401 });
    expect(sessionLost).toHaveBeenCalledTimes(1);
  });

  it('does not try to refresh a revoked session: it is a logout', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(unauthorized('SESSION_REVOKED'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/tenants')).rejects.toMatchObject({ code: 'SESSION_REVOKED' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sessionLost).toHaveBeenCalledTimes(1);
  });

  it('turns an error body into an ApiError with the HTTP status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(json(400, { error: { code: 'BAD_REQUEST', message: 'bad' } })),
    );
    const error = await apiFetch('/tenants').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400, message: 'bad' });
  });

  it('lets a cancelled request fail as an abort, not as an API error', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = apiFetch('/tenants', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});
