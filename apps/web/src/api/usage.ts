/**
 * Usage tracking (spec section 1; issue 16, docs/decisions/usage-tracking.md): page views and named events
 * wait in a small queue and go to POST /usage/events in batches of at most USAGE_BATCH_MAX, every
 * USAGE_FLUSH_MS and when the page is hidden (fetch keepalive, through the one HTTP client, so the access
 * token goes with them). Only the path is sent, without its query or hash; the server keeps its route
 * pattern and takes the user from the session. Usage is best effort: a refused or failed batch is dropped.
 */
import type { UsageBatchResult, UsageCounts, UsageItem } from '@sitepulse/contracts';
import { USAGE_BATCH_MAX, USAGE_PATH_MAX, type UsageEventName } from '@sitepulse/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { currentIdentity } from './queries.ts';
import { queryKeys } from './query-keys.ts';
import { readSession } from './session.ts';

/** The most items kept waiting (a browser offline for long loses the oldest, never grows without bound). */
const QUEUE_MAX = USAGE_BATCH_MAX * 4;
let queue: UsageItem[] = [];

/** A path as sent: no query or hash, at most USAGE_PATH_MAX characters. */
export function usagePath(pathname: string): string {
  const clean = pathname.split(/[?#]/)[0] || '/';
  return clean.slice(0, USAGE_PATH_MAX);
}

function push(item: UsageItem): void {
  if (!readSession('accessToken')) return; // signed out: nothing is recorded
  queue.push(item);
  if (queue.length > QUEUE_MAX) queue = queue.slice(queue.length - QUEUE_MAX);
}

/** Records a page view of a path (its query and hash are never sent). */
export function recordPageView(pathname: string): void {
  push({ kind: 'page', path: usagePath(pathname) });
}

/** Records a named event (from the fixed list) on the page shown now. */
export function recordUsageEvent(name: UsageEventName, pathname = window.location.pathname): void {
  push({ kind: 'event', name, path: usagePath(pathname) });
}

/** What waits to be sent (tests). */
export function pendingUsage(): readonly UsageItem[] {
  return queue;
}

/** Drops what waits (sign-out, tests). */
export function clearUsage(): void {
  queue = [];
}

/**
 * Sends what waits, in batches of at most USAGE_BATCH_MAX. `keepalive` when the page is being hidden or
 * left, so the request outlives it. Never throws.
 */
export async function flushUsage({ keepalive = false }: { keepalive?: boolean } = {}): Promise<void> {
  while (queue.length > 0) {
    const batch = queue.slice(0, USAGE_BATCH_MAX);
    queue = queue.slice(batch.length);
    if (!readSession('accessToken')) return;
    try {
      await apiFetch<UsageBatchResult>('/usage/events', {
        method: 'POST',
        body: { items: batch },
        keepalive,
      });
    } catch {
      return; // refused (429) or failed: usage is best effort, the batch is dropped
    }
  }
}

/** GET /usage/counts: the company's page views per page and day from..to (company admins). */
export function useUsageCounts(from: string, to: string, enabled = true) {
  const { companyId } = currentIdentity();
  return useQuery({
    queryKey: queryKeys.usage.counts(companyId ?? 0, from, to),
    queryFn: ({ signal }) =>
      apiFetch<UsageCounts>('/usage/counts', { signal, query: { companyId, from, to } }),
    enabled: enabled && companyId !== null,
    placeholderData: keepPreviousData,
  });
}
