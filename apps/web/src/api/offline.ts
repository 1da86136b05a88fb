/**
 * Whether the screens show saved values (docs/decisions/web-push-offline.md): when the network fails, the
 * service worker answers an API read from its cache with `x-sitepulse-offline: <saved at>`; apiFetch
 * (client.ts) hands every answer here. The oldest saved time since the last answer from the network is
 * kept, so "values last seen at" never claims the values are newer than the oldest one on screen; the next
 * answer from the network clears it.
 */
import { useSyncExternalStore } from 'react';
import { OFFLINE_HEADER } from '../sw/rules.ts';

let savedAt: number | null = null;
const listeners = new Set<() => void>();

function set(next: number | null): void {
  if (next === savedAt) return;
  savedAt = next;
  for (const listener of listeners) listener();
}

/** Called by apiFetch with every answer of the server (or of the service worker in its place). */
export function noteAnswer(res: Pick<Response, 'headers'>): void {
  const header = res.headers.get(OFFLINE_HEADER);
  if (header === null) {
    set(null);
    return;
  }
  const at = Date.parse(header);
  // A saved answer without a readable time still means "offline": it counts as saved now.
  const time = Number.isFinite(at) ? at : Date.now();
  set(savedAt === null ? time : Math.min(savedAt, time));
}

/** When the oldest saved value on screen was saved (epoch ms), or null when the screens show live answers. */
export function offlineSavedAt(): number | null {
  return savedAt;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** offlineSavedAt, redrawn when it changes. */
export function useOfflineSavedAt(): number | null {
  return useSyncExternalStore(subscribe, offlineSavedAt, offlineSavedAt);
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** The browser's own word on the network (navigator.onLine), redrawn on its online and offline events. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
