/**
 * The service worker (built by vite.config.ts into dist/sw.js, registered by register.ts in production builds;
 * docs/decisions/web-push-offline.md):
 * - push: shows the alarm the server sent (`{title, body, url}`); a click focuses a Sitepulse window at that
 *   page, or opens one;
 * - offline: the app shell and its files from the cache (the shell precached at install, the pages' chunks kept
 *   as they load, one cache per release); reads
 *   of the API network first, each signed-in user's answers saved in their own cache, and the saved answer,
 *   marked with `x-sitepulse-offline: <saved at>`, when the network fails. GET /api/logout deletes the
 *   user's saved answers.
 */
import {
  API_CACHE_MAX_ENTRIES,
  API_CACHE_PREFIX,
  apiCacheName,
  CACHE_ASSETS_MAX,
  CACHE_ASSETS_MESSAGE,
  isKeepable,
  isUnreachable,
  notificationOf,
  OFFLINE_HEADER,
  SAVED_AT_HEADER,
  SHELL_CACHE_PREFIX,
  strategyOf,
} from './rules.ts';

/** Set by the build: a hash of the release's files, and the files to precache. */
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

// The worker's own types (the WebWorker library cannot be loaded beside the DOM one in this project).
interface SwExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface SwFetchEvent extends SwExtendableEvent {
  readonly request: Request;
  respondWith(answer: Response | Promise<Response>): void;
}
interface SwPushEvent extends SwExtendableEvent {
  readonly data: { text(): string } | null;
}
interface SwNotificationEvent extends SwExtendableEvent {
  readonly notification: Notification;
}
interface SwMessageEvent extends SwExtendableEvent {
  readonly data: unknown;
}
interface SwWindowClient {
  readonly url: string;
  focus(): Promise<SwWindowClient>;
  navigate(url: string): Promise<SwWindowClient | null>;
}
interface SwGlobal {
  readonly location: { origin: string };
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<SwWindowClient[]>;
    openWindow(url: string): Promise<SwWindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (e: SwExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: SwFetchEvent) => void): void;
  addEventListener(type: 'push', listener: (e: SwPushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (e: SwNotificationEvent) => void): void;
  addEventListener(type: 'message', listener: (e: SwMessageEvent) => void): void;
}

const sw = globalThis as unknown as SwGlobal;
const origin = sw.location.origin;
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__SW_VERSION__}`;
const SHELL = '/index.html';

// ---------------------------------------------------------------- life cycle

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(__SW_PRECACHE__))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // A new release drops the last one's files, and the saved answers too: their shape may have changed
      // with the release, and this worker only activates online, where the screens save them again.
      for (const name of await caches.keys()) {
        const oldShell = name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE;
        if (oldShell || name.startsWith(API_CACHE_PREFIX)) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

/**
 * The page tells the worker which of the app's files it loaded before the worker controlled it (the first
 * visit): they are kept too, so that visit's screens open offline. Only the app's own files are taken.
 */
sw.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type !== CACHE_ASSETS_MESSAGE || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .filter((u): u is string => typeof u === 'string')
    .slice(0, CACHE_ASSETS_MAX)
    .filter((u) => strategyOf({ url: u, method: 'GET', mode: 'cors', accept: null }, origin) === 'asset');
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      for (const url of urls) {
        if (await cache.match(url, { ignoreSearch: true })) continue;
        const res = await fetch(url).catch(() => null);
        if (res?.status === 200) await cache.put(url, res);
      }
    })(),
  );
});

// ---------------------------------------------------------------- fetch

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  const strategy = strategyOf(
    { url: req.url, method: req.method, mode: req.mode, accept: req.headers.get('accept') },
    origin,
  );
  if (strategy === 'api') {
    const cacheName = apiCacheName(req.headers);
    if (cacheName) event.respondWith(networkFirst(event, req, cacheName));
  } else if (strategy === 'asset') {
    event.respondWith(cacheFirst(event, req));
  } else if (strategy === 'navigation') {
    event.respondWith(pageLoad(req));
  } else if (strategy === 'logout') {
    event.respondWith(logout(req));
  }
});

/** How long logging out waits for the server to forget this browser's push subscription. */
const PUSH_DROP_TIMEOUT_MS = 5000;

/**
 * GET /api/logout: the user's saved answers are deleted, and this browser's push subscription is dropped
 * (the server is told with the user's own headers, then the browser unsubscribes), so the next person on a
 * shared screen neither reads the last one's values nor gets their alarms. Then the call goes on.
 */
async function logout(req: Request): Promise<Response> {
  const cacheName = apiCacheName(req.headers);
  await Promise.allSettled([
    cacheName?.startsWith(`${API_CACHE_PREFIX}user-`) ? caches.delete(cacheName) : Promise.resolve(false),
    dropPushSubscription(req.headers),
  ]);
  return fetch(req);
}

async function dropPushSubscription(userHeaders: Headers): Promise<void> {
  const sub = await sw.registration.pushManager?.getSubscription();
  if (!sub) return;
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const name of ['authorization', 'companyid', 'username']) {
    const value = userHeaders.get(name);
    if (value) headers.set(name, value);
  }
  await fetch('/api/push/subscriptions', {
    method: 'DELETE',
    headers,
    body: JSON.stringify({ endpoint: sub.endpoint }),
    signal: AbortSignal.timeout(PUSH_DROP_TIMEOUT_MS),
  }).catch(() => undefined);
  // Even when the server was not reached: the push service then answers 410 and the server drops it.
  await sub.unsubscribe().catch(() => false);
}

/** The network's answer (saved when keepable); when the network fails, the saved answer marked offline. */
async function networkFirst(event: SwFetchEvent, req: Request, cacheName: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(req);
  } catch (err) {
    const saved = await savedAnswer(req, cacheName);
    if (saved) return saved;
    throw err;
  }
  if (isUnreachable(res.status)) return (await savedAnswer(req, cacheName)) ?? res;
  if (isKeepable(res)) event.waitUntil(save(cacheName, req.url, res.clone()));
  return res;
}

async function save(cacheName: string, url: string, res: Response): Promise<void> {
  const headers = new Headers(res.headers);
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  const copy = new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers });
  const cache = await caches.open(cacheName);
  await cache.put(url, copy);
  // Oldest first (a replaced answer moves to the end): keep the newest API_CACHE_MAX_ENTRIES.
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - API_CACHE_MAX_ENTRIES))) await cache.delete(old);
}

async function savedAnswer(req: Request, cacheName: string): Promise<Response | undefined> {
  if (!(await caches.has(cacheName))) return undefined;
  const saved = await (await caches.open(cacheName)).match(req.url, { ignoreVary: true });
  if (!saved) return undefined;
  const headers = new Headers(saved.headers);
  headers.set(OFFLINE_HEADER, saved.headers.get(SAVED_AT_HEADER) ?? '');
  return new Response(saved.body, { status: saved.status, statusText: saved.statusText, headers });
}

/** A file of the app: from this release's cache, else fetched (and kept when it came whole). */
async function cacheFirst(event: SwFetchEvent, req: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const hit = await cache.match(req, { ignoreSearch: true });
  if (hit) return hit;
  const res = await fetch(req);
  if (res.status === 200) event.waitUntil(cache.put(req, res.clone()));
  return res;
}

/** A page load: the server's page (it carries the current release), else the cached app shell. */
async function pageLoad(req: Request): Promise<Response> {
  try {
    return await fetch(req);
  } catch (err) {
    const shell = await (await caches.open(SHELL_CACHE)).match(SHELL);
    if (shell) return shell;
    throw err;
  }
}

// ---------------------------------------------------------------- push

sw.addEventListener('push', (event) => {
  const shown = notificationOf(event.data?.text(), origin);
  event.waitUntil(
    sw.registration.showNotification(shown.title, {
      body: shown.body,
      icon: '/icons/icon-192.png',
      data: { url: shown.url },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = typeof data?.url === 'string' ? data.url : `${origin}/`;
  event.waitUntil(openPage(url));
});

/** Focuses a window of the app already at `url`, else takes one of the app's windows there, else opens one. */
async function openPage(url: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((w) => w.url === url);
  if (same) {
    await same.focus();
    return;
  }
  const mine = windows.find((w) => w.url.startsWith(`${origin}/`));
  if (mine) {
    const moved = await mine.navigate(url).catch(() => null);
    if (moved) {
      await moved.focus();
      return;
    }
  }
  await sw.clients.openWindow(url);
}
