/**
 * Live updates: job screens see new readings without a reload. One server-sent event stream per job
 * site (GET /api/events/stream), shared by every mounted screen that follows that site; each
 * `readings` or `alarms` event invalidates the TanStack queries of the jobs it names, and only the
 * site lists that show those kinds of job, so the active ones re-read through their usual calls
 * (events carry ids, never data). The server answers those re-reads from a cache shared by everyone
 * watching the site, and GETs an unchanged answer as a 304 (the browser sends If-None-Match itself).
 * With many viewers of a site the server merges events over a longer window and delivers each one to
 * the viewers spread over part of it, so re-reading at once here does not make a crowd arrive together.
 */
import type { LiveEventData, LiveEventName } from '@sitepulse/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ServerSentEvent, subscribeEvents } from './client.ts';
import { queryKeys } from './query-keys.ts';

export const LIVE_STREAM_PATH = '/events/stream';
const LIVE_EVENTS = new Set(['readings', 'alarms']);

/** A live event: its name and what it names. */
export interface LiveEvent {
  name: LiveEventName;
  data: LiveEventData;
}

/** A live event's name and ids, or null when it is not one (unknown event, unreadable data). */
export function parseLiveEvent(e: ServerSentEvent): LiveEvent | null {
  if (!LIVE_EVENTS.has(e.event)) return null;
  try {
    const d = JSON.parse(e.data) as Partial<LiveEventData>;
    if (typeof d.tenantGroupId !== 'number') return null;
    const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
    return {
      name: e.event as LiveEventName,
      data: {
        tenantGroupId: d.tenantGroupId,
        nodeIds: ids(d.nodeIds),
        maturityJobIds: ids(d.maturityJobIds),
        channelJobIds: ids(d.channelJobIds),
        at: typeof d.at === 'number' ? d.at : Date.now(),
        version: typeof d.version === 'number' ? d.version : 0,
      },
    };
  } catch {
    return null;
  }
}

/**
 * The query keys a live event makes stale: each job it names, and only the site lists that can show
 * what changed. Maturity and humidity jobs are in the dashboards' site job list and the project job
 * lists, and their forecasts in the forecast lists; microweather, data, GPS and power jobs, and the
 * battery, signal and position of nodes, in the sensor overview (node cards), the weather now and the
 * projects' other jobs. Job-group counts (jobs.groupCounts) change only when someone starts or stops a
 * job, never by a live event. An `alarms` event also makes the portfolio (every site's state) and the
 * site's alarm list stale.
 */
export function liveInvalidations({ name, data }: LiveEvent): readonly (readonly unknown[])[] {
  const site = data.tenantGroupId;
  const keys: (readonly unknown[])[] = [
    ...data.maturityJobIds.map((id) => queryKeys.jobs.maturity(id)),
    ...data.channelJobIds.map((id) => queryKeys.jobs.channel(id)),
  ];
  if (data.maturityJobIds.length > 0) {
    keys.push(
      queryKeys.jobs.siteMaturity(site),
      queryKeys.jobs.projectPages(site),
      queryKeys.jobs.forecastLists(site),
    );
  }
  if (data.channelJobIds.length > 0 || data.nodeIds.length > 0) {
    keys.push(queryKeys.jobs.lumimonOverview(site), queryKeys.jobs.projectOthers(site));
  }
  if (data.channelJobIds.length > 0) keys.push(queryKeys.jobs.siteWeather(site));
  // Alarm bits changed (a threshold crossed or cleared, a pour at its target): every site's state.
  if (name === 'alarms') keys.push(queryKeys.portfolio.all, queryKeys.alarms.site(site));
  return keys;
}

/** Invalidates what a live event touches (liveInvalidations): the mounted queries among them re-read. */
export function invalidateLive(queryClient: QueryClient, event: LiveEvent): Promise<unknown> {
  return Promise.all(liveInvalidations(event).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

type Listener = (event: LiveEvent) => void;
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
        const event = parseLiveEvent(e);
        if (!event) return;
        for (const l of site.listeners) l(event);
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
 * is undefined): every event invalidates what liveInvalidations names.
 */
export function useLiveReadings(tenantGroupId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (tenantGroupId === undefined || !Number.isInteger(tenantGroupId) || tenantGroupId <= 0) return;
    return follow(tenantGroupId, (event) => {
      void invalidateLive(queryClient, event);
    });
  }, [tenantGroupId, queryClient]);
}
