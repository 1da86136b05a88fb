import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiFetch,
  createSseParser,
  failureText,
  type ServerSentEvent,
  setSessionLostHandler,
  subscribeEvents,
} from './client.ts';
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

  it('uses the tokens another tab stored meanwhile instead of refreshing a second time', async () => {
    // The server ends the session when one refresh token is used twice: two tabs must not both use it.
    let refreshes = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/auth/refresh_token') {
          refreshes++;
          return json(401, { error: { code: 'UNAUTHORIZED', message: 'reused' } });
        }
        const auth = (init.headers as Record<string, string>).Authorization;
        if (auth === 'Bearer old-access') {
          // Another tab refreshed while this call was on its way.
          writeSession({ accessToken: 'other-tab-access', refreshToken: 'other-tab-refresh' });
          return unauthorized();
        }
        return json(200, { auth });
      }),
    );
    await expect(apiFetch('/tenants')).resolves.toEqual({ auth: 'Bearer other-tab-access' });
    expect(refreshes).toBe(0);
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('takes the cross-tab refresh lock, so tabs refresh one at a time', async () => {
    const held: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (name: string, work: () => Promise<boolean>) => {
          held.push(name);
          return work();
        },
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/auth/refresh_token')
          return json(200, {
            accessToken: 'n',
            accessTokenExpiration: 1,
            refreshToken: 'r',
            refreshTokenExpiration: 1,
          });
        const auth = (init.headers as Record<string, string>).Authorization;
        return auth === 'Bearer n' ? json(200, {}) : unauthorized();
      }),
    );
    await apiFetch('/tenants');
    expect(held).toEqual(['sitepulse-token-refresh']);
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

/** A streamed response whose body is these chunks, then its end (or stays open without `end`). */
function eventStream(chunks: string[], end = true): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      if (end) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

/** A response that never ends until the request's signal aborts. */
const openStream = (init: RequestInit, chunks: string[] = []) => {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      init.signal?.addEventListener('abort', () =>
        controller.error(new DOMException('Aborted', 'AbortError')),
      );
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
};

describe('createSseParser (text/event-stream)', () => {
  it('dispatches events split across chunks anywhere, with any line ending', () => {
    const got: ServerSentEvent[] = [];
    const text =
      ': connected\n\nevent: readings\ndata: {"a":1}\n\nevent:alarms\r\ndata: x\r\ndata:y\r\n\r\n' +
      'data: plain\rid: 7\r\revent: empty\n\n';
    for (const size of [1, 2, 3, 7, text.length]) {
      got.length = 0;
      // The last event id persists from event to event (as the format says): a new parser per run.
      const feed = createSseParser((e) => got.push(e));
      for (let i = 0; i < text.length; i += size) feed(text.slice(i, i + size));
      expect(got).toEqual([
        { event: 'readings', data: '{"a":1}', id: undefined },
        { event: 'alarms', data: 'x\ny', id: undefined },
        { event: 'message', data: 'plain', id: '7' },
      ]);
    }
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const got: ServerSentEvent[] = [];
    const feed = createSseParser((e) => got.push(e));
    feed('event: readings\ndata: 1\n');
    expect(got).toEqual([]);
    feed('\n');
    expect(got).toEqual([{ event: 'readings', data: '1', id: undefined }]);
  });
});

describe('subscribeEvents (spec section 7: same headers, one refresh on 401; reconnection)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads events with the auth headers and reconnects when the stream ends', async () => {
    const controller = new AbortController();
    const got: ServerSentEvent[] = [];
    const fetchMock = vi
      .fn()
      .mockImplementationOnce(async () => eventStream(['event: readings\ndata: {"n":1}\n\n']))
      .mockImplementationOnce(async (_url: string, init: RequestInit) => {
        return openStream(init, ['event: alarms\ndata: {"n":2}\n\n']);
      });
    vi.stubGlobal('fetch', fetchMock);
    const done = subscribeEvents(
      '/events/stream',
      { tenantGroupId: 3 },
      (e) => {
        got.push(e);
        if (got.length === 2) controller.abort();
      },
      controller.signal,
      { initialDelayMs: 1 },
    );
    await done;
    expect(got.map((e) => [e.event, e.data])).toEqual([
      ['readings', '{"n":1}'],
      ['alarms', '{"n":2}'],
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/events/stream?tenantGroupId=3');
    expect(init.headers).toMatchObject({
      Accept: 'text/event-stream',
      Authorization: 'Bearer old-access',
      CompanyId: '7',
      Username: 'admin',
    });
  });

  it('waits longer after each failed attempt, up to 30 s, and starts over after a good connection', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const attempts: number[] = [];
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        attempts.push(Date.now());
        n++;
        if (n === 8) return eventStream([': hello\n\n']); // works, then ends
        if (n === 10) controller.abort();
        throw new TypeError('network down');
      }),
    );
    const done = subscribeEvents('/events/stream', {}, () => {}, controller.signal);
    while (n < 10) await vi.advanceTimersByTimeAsync(500);
    await done;
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i]);
    // 7 failures: 1, 2, 4, 8, 16, 30 (capped), 30 s; the 8th attempt delivers, ends, then 1 s again.
    expect(gaps.slice(0, 7).map((g) => Math.round(g / 500) * 500)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(Math.round(gaps[7] / 500) * 500).toBe(1000);
    expect(Math.round(gaps[8] / 500) * 500).toBe(2000);
  });

  it('refreshes the token once on 401 and reconnects with the new one', async () => {
    const controller = new AbortController();
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
      .mockImplementationOnce(async (_url: string, init: RequestInit) =>
        openStream(init, ['event: readings\ndata: {}\n\n']),
      );
    vi.stubGlobal('fetch', fetchMock);
    await subscribeEvents(
      '/events/stream',
      { tenantGroupId: 1 },
      () => controller.abort(),
      controller.signal,
    );
    expect(fetchMock.mock.calls[1][0]).toBe('/api/auth/refresh_token');
    expect(fetchMock.mock.calls[2][1].headers.Authorization).toBe('Bearer new-access');
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('ends the session when the refreshed token is refused too, and stops', async () => {
    const tokens = {
      accessToken: 'n',
      accessTokenExpiration: 1,
      refreshToken: 'r',
      refreshTokenExpiration: 1,
    };
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(json(200, tokens))
      .mockResolvedValueOnce(unauthorized());
    vi.stubGlobal('fetch', fetchMock);
    await subscribeEvents('/events/stream', {}, () => {}, new AbortController().signal);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sessionLost).toHaveBeenCalledTimes(1);
  });

  it('stops on a 404 (a job site not granted): retrying cannot help', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(404, { error: { code: 'NOT_FOUND', message: 'Job site not found' } }));
    vi.stubGlobal('fetch', fetchMock);
    await subscribeEvents('/events/stream', { tenantGroupId: 99 }, () => {}, new AbortController().signal);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('retries a server error, and stops at once when aborted while waiting', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const fetchMock = vi.fn().mockResolvedValue(json(503, { error: { code: 'X', message: 'busy' } }));
    vi.stubGlobal('fetch', fetchMock);
    const done = subscribeEvents('/events/stream', {}, () => {}, controller.signal);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    controller.abort();
    await done;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('failureText', () => {
  it("gives the server's message of a refused call, and the screen's own text for anything else", () => {
    expect(failureText(new ApiError('The target must be positive', 'BAD_REQUEST', 400), 'Failed')).toBe(
      'The target must be positive',
    );
    expect(failureText(new TypeError('Failed to fetch'), 'Could not save')).toBe('Could not save');
    expect(failureText(undefined, 'Could not save')).toBe('Could not save');
  });
});
