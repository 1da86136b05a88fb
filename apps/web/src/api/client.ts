import type { ErrorBody, LoginTokens } from '@sitepulse/contracts';
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

export const API_BASE = '/api';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** 'access' (default) sends the signed-in user's token; 'company' the login token; 'none' nothing. */
  auth?: 'access' | 'company' | 'none';
  headers?: Record<string, string>;
  timeoutMs?: number;
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

/** Refreshes the access token once, however many calls failed with 401 at the same moment. */
export function refreshAccessToken(): Promise<boolean> {
  if (!refreshInFlight) {
    refreshInFlight = (async () => {
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
    })().finally(() => {
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
  try {
    return await fetch(buildUrl(path, req.query), {
      method: req.method ?? 'GET',
      headers: {
        ...(req.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...authHeaders(req.auth ?? 'access'),
        ...req.headers,
      },
      body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
      signal: controller.signal,
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
  try {
    res = await send(path, req);
  } catch (err) {
    if (req.signal?.aborted) throw err; // cancelled: the caller ignores it silently
    throw new ApiError(err instanceof Error ? err.message : 'Network error', 'NETWORK_ERROR');
  }
  if (res.status === 401 && (req.auth ?? 'access') === 'access') {
    const error = await toApiError(res);
    // A revoked session asks for logout; anything else gets one silent refresh and one retry.
    if (error.code !== 'SESSION_REVOKED' && (await refreshAccessToken())) {
      res = await send(path, req);
      if (res.status !== 401) return parse<T>(res);
    }
    onSessionLost();
    throw error;
  }
  return parse<T>(res);
}

async function parse<T>(res: Response): Promise<T> {
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? res.json() : res.text()) as Promise<T>;
}
