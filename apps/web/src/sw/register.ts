import { CACHE_ASSETS_MESSAGE } from './rules.ts';

/**
 * Registers the service worker (sw.ts, built into /sw.js) in production builds: the built app the server
 * serves, and so the end-to-end suite. Not in development (Vite serves no /sw.js) nor in Vitest (nothing
 * imports this file; index.html loads it). Registration waits for the page to load so it never delays the
 * first screen.
 *
 * The app files this page loads without the worker (before it controls the page: the first visit) are told
 * to it once it does, so that it keeps them and this visit's screens open offline too.
 */
export const SERVICE_WORKER_URL = '/sw.js';

if (import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
  const container = navigator.serviceWorker;
  const unkept = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (!container.controller || unkept.size === 0) return;
    container.controller.postMessage({ type: CACHE_ASSETS_MESSAGE, urls: [...unkept] });
    unkept.clear();
  };
  if (typeof PerformanceObserver !== 'undefined') {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        // workerStart 0: the worker did not see it.
        if (entry.workerStart === 0 && entry.name.startsWith(`${location.origin}/assets/`))
          unkept.add(entry.name);
      }
      clearTimeout(timer);
      timer = setTimeout(flush, 300);
    }).observe({ type: 'resource', buffered: true });
  }
  container.addEventListener('controllerchange', flush);

  const register = () => {
    container.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      /* no worker (private mode, blocked): the app works online as before */
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
