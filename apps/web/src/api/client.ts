import type { ErrorBody, LoginTokens } from '@sitepulse/contracts';
import { noteAnswer } from './offline.ts';
import { clearCredentials, readSession, writeSession } from './session.ts';

/**
 * The one HTTP client of the web app. Every call to the server goes through `apiFetch`: it adds the
 * bearer token, CompanyId and Username headers (spec section 7), refreshes an expired access token once
 * and retries, and turns every failure into an `ApiError` carrying the HTTP status when the server answered.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What to tell a person about a failed call: the server's own message, or `fallback` when the call never got one. */
export function failureText(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.message : fallback;
}

export const API_BASE = '/api';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  /** sent as JSON; a Blob (a File) is sent as it is, with its own type (a checklist photo) */
  body?: unknown;
  signal?: AbortSignal;
  /** 'access' (default) sends the signed-in user's token; 'company' the login token; 'none' nothing. */
  auth?: 'access' | 'company' | 'none';
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** the request may outlive the page (fetch keepalive): usage sent as the page is hidden (api/usage.ts) */
  keepalive?: boolean;
}

export function buildUrl(path: string, query?: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** Called when the session cannot be recovered: credentials cleared, page reloaded (spec section 4). */
let onSessionLost: () => void = () => {
  clearCredentials();
  window.location.reload();
};
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

let refreshInFlight: Promise<boolean> | null = null;

/**
 * Runs `work` while no other tab of this site refreshes. The server ends the whole session when a
 * refresh token is used twice (docs/decisions/security.md), so tabs that share the stored tokens must
 * take turns, and a tab that waited uses what the other one stored.
 */
function withRefreshLock(work: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('sitepulse-token-refresh', work) : work();
}

/**
 * Refreshes the access token once, however many calls failed with 401 at the same moment, in this
 * tab or another. `failedToken` is the access token the failed call sent: when the stored one is
 * already another, a refresh happened meanwhile and its token is used without refreshing again.
 */
export function refreshAccessToken(failedToken?: string | null): Promise<boolean> {
  if (!refreshInFlight) {
    refreshInFlight = withRefreshLock(async () => {
      const current = readSession('accessToken');
      if (failedToken && current && current !== failedToken) return true;
      const refreshToken = readSession('refreshToken');
      if (!refreshToken) return false;
      try {
        const res = await fetch(buildUrl('/auth/refresh_token'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refreshToken }),
        });
        if (!res.ok) return false;
        const tokens = (await res.json()) as LoginTokens;
        writeSession(tokens);
        return true;
      } catch {
        return false;
      }
    }).finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

function authHeaders(auth: ApiRequest['auth']): Record<string, string> {
  const headers: Record<string, string> = {};
  const token =
    auth === 'company' ? readSession('loginToken') : auth === 'none' ? null : readSession('accessToken');
  if (token) headers.Authorization = `Bearer ${token}`;
  const companyId = readSession('companyId');
  if (companyId && auth !== 'none') headers.CompanyId = companyId;
  const username = readSession('username');
  if (username && auth === 'access') headers.Username = username;
  return headers;
}

async function send(path: string, req: ApiRequest): Promise<Response> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(req.signal?.reason);
  req.signal?.addEventListener('abort', onAbort);
  const timer = req.timeoutMs
    ? setTimeout(() => controller.abort(new Error('timeout')), req.timeoutMs)
    : null;
  const blob = typeof Blob !== 'undefined' && req.body instanceof Blob ? req.body : null;
  try {
    return await fetch(buildUrl(path, req.query), {
      method: req.method ?? 'GET',
      headers: {
        ...(req.body !== undefined
          ? { 'Content-Type': blob ? blob.type || 'application/octet-stream' : 'application/json' }
          : {}),
        ...authHeaders(req.auth ?? 'access'),
        ...req.headers,
      },
      body: blob ?? (req.body !== undefined ? JSON.stringify(req.body) : undefined),
      signal: controller.signal,
      ...(req.keepalive ? { keepalive: true } : {}),
    });
  } finally {
    req.signal?.removeEventListener('abort', onAbort);
    if (timer) clearTimeout(timer);
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as ErrorBody;
    return new ApiError(body.error.message, body.error.code, res.status);
  } catch {
    return new ApiError(res.statusText || 'Request failed', 'HTTP_ERROR', res.status);
  }
}

export async function apiFetch<T>(path: string, req: ApiRequest = {}): Promise<T> {
  let res: Response;
  const sentToken = readSession('accessToken');
  try {
    res = await send(path, req);
  } catch (err) {
    if (req.signal?.aborted) throw err; // cancelled: the caller ignores it silently
    throw new ApiError(err instanceof Error ? err.message : 'Network error', 'NETWORK_ERROR');
  }
  if (res.status === 401 && (req.auth ?? 'access') === 'access') {
    const error = await toApiError(res);
    // A revoked session asks for logout; anything else gets one silent refresh and one retry.
    if (error.code !== 'SESSION_REVOKED' && (await refreshAccessToken(sentToken))) {
      res = await send(path, req);
      if (res.status !== 401) return parse<T>(res);
    }
    onSessionLost();
    throw error;
  }
  return parse<T>(res);
}

async function parse<T>(res: Response): Promise<T> {
  // A saved answer of the service worker (offline) or a live one: the offline banner follows (offline.ts).
  noteAnswer(res);
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? res.json() : res.text()) as Promise<T>;
}

// ---------------------------------------------------------------- server-sent events

/** One server-sent event: its name (`message` when the server gave none) and its data lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental parser of the `text/event-stream` format (WHATWG HTML, "server-sent events"):
 * feed it text as it arrives, in chunks of any size; it calls `onEvent` for each complete event.
 * Lines end with LF, CRLF or CR; `:` lines are comments; `data` lines accumulate; a blank line
 * dispatches (nothing when there was no data). `retry` is ignored: the client keeps its own delays.
 */
export function createSseParser(onEvent: (e: ServerSentEvent) => void): (chunk: string) => void {
  let buffer = '';
  let skipLf = false;
  let event = '';
  let data: string[] = [];
  let id: string | undefined;

  function line(text: string) {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n'), id });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  return (chunk: string) => {
    buffer += chunk;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const c = buffer[i];
      if (skipLf) {
        skipLf = false;
        if (c === '\n') {
          start = i + 1;
          continue;
        }
      }
      if (c === '\n' || c === '\r') {
        line(buffer.slice(start, i));
        skipLf = c === '\r';
        start = i + 1;
      }
    }
    buffer = buffer.slice(start);
  };
}

export interface SubscribeOptions {
  /** first reconnection delay; it doubles after each failed attempt (default 1 s) */
  initialDelayMs?: number;
  /** the longest delay between attempts (default 30 s) */
  maxDelayMs?: number;
  /** called each time the stream is open (a 2xx answer) */
  onOpen?: () => void;
}

/** Waits ms, or less if the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * Follows a server-sent event stream (`GET /api{path}?{query}`) with the same auth headers as
 * `apiFetch` (EventSource cannot send them), until `signal` aborts. A dropped or failed connection
 * is retried after a delay that grows from 1 s to 30 s (back to 1 s once a connection delivered
 * something). A 401 refreshes the access token once and reconnects; a second 401, a failed refresh
 * or a revoked session ends the session as `apiFetch` does. Other 4xx answers (such as 404, a job
 * site not granted) end the subscription: retrying cannot change them. Resolves when it stops.
 */
export async function subscribeEvents(
  path: string,
  query: ApiRequest['query'],
  onEvent: (e: ServerSentEvent) => void,
  signal: AbortSignal,
  options: SubscribeOptions = {},
): Promise<void> {
  const initial = options.initialDelayMs ?? 1000;
  const max = options.maxDelayMs ?? 30_000;
  let delay = initial;
  let refreshed = false;
  const backOff = async () => {
    await pause(delay, signal);
    delay = Math.min(delay * 2, max);
  };

  while (!signal.aborted) {
    let res: Response;
    const sentToken = readSession('accessToken');
    try {
      res = await fetch(buildUrl(path, query), {
        headers: { Accept: 'text/event-stream', ...authHeaders('access') },
        cache: 'no-store',
        signal,
      });
    } catch {
      if (signal.aborted) return;
      await backOff();
      continue;
    }
    if (res.status === 401) {
      const error = await toApiError(res);
      if (!refreshed && error.code !== 'SESSION_REVOKED' && (await refreshAccessToken(sentToken))) {
        refreshed = true;
        continue;
      }
      onSessionLost();
      return;
    }
    if (!res.ok || !res.body) {
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) return;
      await backOff();
      continue;
    }

    refreshed = false;
    options.onOpen?.();
    const parse = createSseParser(onEvent);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let received = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received = true;
        parse(decoder.decode(value, { stream: true }));
      }
    } catch {
      // the connection dropped (or the signal aborted: checked below)
    } finally {
      reader.releaseLock();
    }
    if (signal.aborted) return;
    if (received) delay = initial;
    await backOff();
  }
}
