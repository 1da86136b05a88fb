/**
 * The service worker's rules, pure (docs/decisions/web-push-offline.md): which requests it answers and how,
 * which cache keeps a call's answer (one per signed-in user), how answers from the cache are marked, and
 * what a push message shows. Imported by the worker (sw.ts) and by the app (api/offline.ts reads the header).
 */

/** Set on an answer the worker gave from its cache because the network failed: when that answer was saved (ISO). */
export const OFFLINE_HEADER = 'x-sitepulse-offline';
/** Kept on every saved answer: when it was saved (ISO). */
export const SAVED_AT_HEADER = 'x-sitepulse-saved-at';

/** The app shell and its files, one cache per release (the worker's version). */
export const SHELL_CACHE_PREFIX = 'sitepulse-shell-';
/** Saved API answers: one cache per signed-in user, one for the calls made without a user. */
export const API_CACHE_PREFIX = 'sitepulse-api-';
export const PUBLIC_API_CACHE = `${API_CACHE_PREFIX}public`;
/** At most this many answers per cache; the least recently saved go first. */
export const API_CACHE_MAX_ENTRIES = 300;

/** The message a page sends the worker with the app files it loaded before the worker controlled it. */
export const CACHE_ASSETS_MESSAGE = 'sitepulse:cache-assets';
/** At most this many files per message. */
export const CACHE_ASSETS_MAX = 500;

/** What the worker does with a request. */
export type Strategy =
  /** a read of the API: network first, the saved answer when the network fails */
  | 'api'
  /** the app's files: from the cache, else the network (then kept) */
  | 'asset'
  /** a page load: network first, the cached app shell when the network fails */
  | 'navigation'
  /** GET /api/logout: passed on, and the user's saved answers are deleted */
  | 'logout'
  /** not touched: the browser does what it would without a worker */
  | 'pass';

export interface RequestFacts {
  url: string;
  method: string;
  /** Request.mode: 'navigate' for a page load */
  mode: string;
  /** the Accept header */
  accept: string | null;
}

/** Query parameters that carry a credential (download links carry the access token as `token`). */
const CREDENTIAL_PARAM =
  /^(token|access_?token|refresh_?token|id_?token|jwt|auth|authorization|password|secret|code|key|api_?key|signature|sig)$/i;

/** API calls never answered from a cache: signing in and out, documentation, metrics, health. */
const NEVER_SAVED = /^\/api\/(auth|login|logout|docs|metrics|health|servers)(\/|$)/;

/** Files of the app besides the hashed bundle (public/). */
const PUBLIC_FILES = /^\/(favicon\.svg|manifest\.webmanifest|icons\/[\w.-]+\.png)$/;

/** True when a URL's query names a credential (a download link with its token): never saved. */
export function hasCredentialInQuery(url: URL): boolean {
  for (const name of url.searchParams.keys()) if (CREDENTIAL_PARAM.test(name)) return true;
  return url.username !== '' || url.password !== '';
}

/** What the worker does with a request of a page of `origin`. */
export function strategyOf(req: RequestFacts, origin: string): Strategy {
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return 'pass';
  }
  if (url.origin !== origin || req.method !== 'GET') return 'pass';
  const path = url.pathname;
  if (path === '/api') return 'pass';
  if (path === '/api/logout') return 'logout';
  if (path.startsWith('/api/')) {
    if (NEVER_SAVED.test(path) || hasCredentialInQuery(url)) return 'pass';
    // Server-sent events (live updates) are a stream, not an answer to keep.
    if (req.accept?.includes('text/event-stream')) return 'pass';
    return 'api';
  }
  if (req.mode === 'navigate') return hasCredentialInQuery(url) ? 'pass' : 'navigation';
  if (path.startsWith('/assets/') || PUBLIC_FILES.test(path)) return 'asset';
  return 'pass';
}

/**
 * The cache of a signed-in user's saved answers, from the headers every signed-in call carries (CompanyId and
 * Username, spec section 7): another user on the same browser reads another cache. A call without a bearer
 * token (GET /config) goes to the public cache; one with a token but without a user (the company token of
 * the sign-in steps) is not saved (null).
 */
export function apiCacheName(headers: { get(name: string): string | null }): string | null {
  const authorization = headers.get('authorization');
  const companyId = headers.get('companyid');
  const username = headers.get('username');
  if (!authorization) return companyId || username ? null : PUBLIC_API_CACHE;
  if (!companyId || !username) return null;
  return `${API_CACHE_PREFIX}user-${encodeURIComponent(companyId)}/${encodeURIComponent(username)}`;
}

/** Whether an API answer may be kept: a 200 JSON answer the server did not mark `no-store`. */
export function isKeepable(res: { status: number; headers: { get(name: string): string | null } }): boolean {
  if (res.status !== 200) return false;
  const type = res.headers.get('content-type') ?? '';
  const cacheControl = res.headers.get('cache-control') ?? '';
  return type.includes('application/json') && !/\bno-store\b/i.test(cacheControl);
}

/** Answers that mean "the server cannot be reached" (a proxy in front of a stopped server): the cache answers. */
export function isUnreachable(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/** A push message as shown. */
export interface ShownNotification {
  title: string;
  body: string;
  /** where a click goes: always on the worker's own origin */
  url: string;
}

const TITLE_MAX = 200;
const BODY_MAX = 1000;

/**
 * The notification of a push message: the server sends JSON `{title, body, url}` (apps/server/src/modules/push,
 * `sendToUser`). The url is the alarm's job page or site dashboard, made from the server's PUBLIC_URL; the
 * click opens its path on the origin the browser subscribed from (so a PUBLIC_URL that names another host
 * still lands in this app, and a message can never send the reader to another site). Anything unreadable
 * shows as a plain "Sitepulse" notification opening the home page.
 */
export function notificationOf(data: string | null | undefined, origin: string): ShownNotification {
  let parsed: { title?: unknown; body?: unknown; url?: unknown } = {};
  try {
    const value = data ? (JSON.parse(data) as unknown) : null;
    if (value && typeof value === 'object') parsed = value as typeof parsed;
  } catch {
    parsed = { body: data ?? '' };
  }
  const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
  let url = `${origin}/`;
  if (typeof parsed.url === 'string') {
    try {
      const target = new URL(parsed.url, origin);
      if (target.protocol === 'https:' || target.protocol === 'http:')
        url = `${origin}${target.pathname}${target.search}${target.hash}`;
    } catch {
      /* not a URL: the home page */
    }
  }
  return { title: text(parsed.title, TITLE_MAX) || 'Sitepulse', body: text(parsed.body, BODY_MAX), url };
}
