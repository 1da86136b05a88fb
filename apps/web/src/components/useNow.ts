import { useSyncExternalStore } from 'react';

/** How often relative times ("Seen 3 minutes ago", elapsed times) are redrawn by default. */
export const NOW_TICK_MS = 30_000;

interface Ticker {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
}

/** One timer per interval, shared by every component that reads it (a page of 60 node cards runs one). */
const tickers = new Map<number, Ticker>();

function tickerOf(intervalMs: number): Ticker {
  let t = tickers.get(intervalMs);
  if (!t) {
    t = { now: Date.now(), listeners: new Set(), timer: null };
    tickers.set(intervalMs, t);
  }
  return t;
}

function subscribe(intervalMs: number, listener: () => void): () => void {
  const t = tickerOf(intervalMs);
  t.listeners.add(listener);
  if (t.timer === null) {
    t.timer = setInterval(() => {
      t.now = Date.now();
      for (const l of [...t.listeners]) l();
    }, intervalMs);
  }
  return () => {
    t.listeners.delete(listener);
    if (t.listeners.size === 0 && t.timer !== null) {
      clearInterval(t.timer);
      t.timer = null;
    }
  };
}

/**
 * The ticker's time: stable between ticks (as useSyncExternalStore requires). A ticker nobody listened to for
 * a while is brought up to date first, so a newly shown text does not start from an old time.
 */
function snapshot(intervalMs: number): number {
  const t = tickerOf(intervalMs);
  if (t.timer === null && Date.now() - t.now >= intervalMs) t.now = Date.now();
  return t.now;
}

/**
 * The current time (epoch ms), redrawn every `intervalMs`: what every relative-time text ("Seen 0 minutes
 * ago", "3 hours 5 minutes" elapsed) reads, so it moves on without a reload. Components that ask for the
 * same interval share one timer and tick together.
 */
export function useNow(intervalMs: number = NOW_TICK_MS): number {
  const interval = Math.max(1000, Math.round(intervalMs));
  return useSyncExternalStore(
    (listener) => subscribe(interval, listener),
    () => snapshot(interval),
    () => snapshot(interval),
  );
}
