/**
 * Live updates: job screens see new readings without a reload. One server-sent event stream per job
 * site (GET /api/events/stream), shared by every mounted screen that follows that site; each
 * `readings` or `alarms` event invalidates the TanStack queries of the jobs it names, so the active
 * ones re-read through their usual calls (events carry ids, never data).
 */
import type { LiveEventData } from '@sitepulse/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ServerSentEvent, subscribeEvents } from './client.ts';
import { queryKeys } from './query-keys.ts';

export const LIVE_STREAM_PATH = '/events/stream';
const LIVE_EVENTS = new Set(['readings', 'alarms']);

/** The ids of a live event's data, or null when it is not one (unknown event, unreadable data). */
export function parseLiveEvent(e: ServerSentEvent): LiveEventData | null {
  if (!LIVE_EVENTS.has(e.event)) return null;
  try {
    const d = JSON.parse(e.data) as Partial<LiveEventData>;
    if (typeof d.tenantGroupId !== 'number') return null;
    const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
    return {
      tenantGroupId: d.tenantGroupId,
      nodeIds: ids(d.nodeIds),
      maturityJobIds: ids(d.maturityJobIds),
      channelJobIds: ids(d.channelJobIds),
      at: typeof d.at === 'number' ? d.at : Date.now(),
    };
  } catch {
    return null;
  }
}

/** Invalidates what a live event touches: each job's queries and the site's lists. */
export function invalidateLive(queryClient: QueryClient, data: LiveEventData): Promise<unknown> {
  return Promise.all([
    ...data.maturityJobIds.map((id) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.jobs.maturity(id) }),
    ),
    ...data.channelJobIds.map((id) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.jobs.channel(id) }),
    ),
    queryClient.invalidateQueries({ queryKey: queryKeys.jobs.site(data.tenantGroupId) }),
  ]);
}

type Listener = (data: LiveEventData) => void;
interface SiteStream {
  listeners: Set<Listener>;
  controller: AbortController;
}
/** One stream per job site, however many screens follow it; closed when the last one leaves. */
const streams = new Map<number, SiteStream>();

function follow(tenantGroupId: number, listener: Listener): () => void {
  let s = streams.get(tenantGroupId);
  if (!s) {
    const site: SiteStream = { listeners: new Set(), controller: new AbortController() };
    s = site;
    streams.set(tenantGroupId, site);
    void subscribeEvents(
      LIVE_STREAM_PATH,
      { tenantGroupId },
      (e) => {
        const data = parseLiveEvent(e);
        if (!data) return;
        for (const l of site.listeners) l(data);
      },
      site.controller.signal,
    ).finally(() => {
      // Stopped by itself (no access, session lost): a later screen may try again.
      if (streams.get(tenantGroupId) === site) streams.delete(tenantGroupId);
    });
  }
  const site = s;
  site.listeners.add(listener);
  return () => {
    site.listeners.delete(listener);
    if (site.listeners.size === 0) {
      site.controller.abort();
      if (streams.get(tenantGroupId) === site) streams.delete(tenantGroupId);
    }
  };
}

/**
 * Follows a job site's live updates while the calling component is mounted (nothing while the id
 * is undefined): every event invalidates queryKeys.jobs.maturity(id) of its maturity and humidity
 * jobs, queryKeys.jobs.channel(id) of its microweather, data, GPS and power jobs, and
 * queryKeys.jobs.site(tenantGroupId).
 */
export function useLiveReadings(tenantGroupId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (tenantGroupId === undefined || !Number.isInteger(tenantGroupId) || tenantGroupId <= 0) return;
    return follow(tenantGroupId, (data) => {
      void invalidateLive(queryClient, data);
    });
  }, [tenantGroupId, queryClient]);
}
