/**
 * A job site's alarm events (issue 15, contracts alarm-events.ts). The site's alarms page lists them all;
 * the job, sensor, project and dashboard screens show beside each job or node its alarms still active
 * (ACTIVE or ACKNOWLEDGED). Every screen of a site shares one call per list (all, or active only), keyed
 * under queryKeys.alarms.site(tenantGroupId): each live `alarms` event of the site reads it again
 * (api/live.ts), and so does ALARMS_REFRESH_MS between events.
 */
import type { AlarmEvent } from '@sitepulse/contracts';
import type { AlarmKind } from '@sitepulse/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { apiFetch } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Between live events the list is read again this often, so a missed event is caught within a minute. */
export const ALARMS_REFRESH_MS = 60_000;

const validSite = (id: number | undefined): id is number => Number.isInteger(id) && (id as number) > 0;

/** GET /alarms/events: the site's active alarms, and those cleared recently unless `activeOnly`. */
export function useAlarmEvents(tenantGroupId: number, activeOnly = false) {
  return useQuery({
    queryKey: queryKeys.alarms.events(tenantGroupId, activeOnly),
    queryFn: ({ signal }) =>
      apiFetch<AlarmEvent[]>('/alarms/events', { query: { tenantGroupId, activeOnly }, signal }),
    enabled: validSite(tenantGroupId),
    refetchInterval: ALARMS_REFRESH_MS,
  });
}

/** What a screen shows the alarms of: a job (its own alarms) and its node (the node's alarms). */
export interface AlarmSubject {
  jobId?: number | null;
  nodeId?: number | null;
}

/** Kinds that concern a node rather than a job: a job's screen shows those of its node, whichever job they name. */
const NODE_KINDS: ReadonlySet<AlarmKind> = new Set(['NODE_SILENT', 'BATTERY_LOW']);

/**
 * Whether an alarm still active belongs on the screen of `subject`: one naming the job, or a node alarm
 * (silent, battery) of the job's node. Cleared alarms never do; site-wide ones (a gateway offline, a job
 * group's average strength) name no job and stay on the alarms page.
 */
export function isActiveAlarmOf(e: AlarmEvent, subject: AlarmSubject): boolean {
  if (e.state === 'CLEARED') return false;
  if (subject.jobId != null && e.jobId === subject.jobId) return true;
  return subject.nodeId != null && e.nodeId === subject.nodeId && NODE_KINDS.has(e.kind);
}

/** Alarms nobody acknowledged first, then acknowledged ones; newest raised first in each. */
export function activeAlarmOrder(a: AlarmEvent, b: AlarmEvent): number {
  const rank = (e: AlarmEvent) => (e.state === 'ACTIVE' ? 0 : 1);
  return rank(a) - rank(b) || b.raisedAt - a.raisedAt || b.id - a.id;
}

/**
 * The site's active alarms, for screens that show them beside several jobs or nodes: a function from a
 * job or node to its alarms (none while the list loads or cannot be read; the alarms page says why).
 */
export function useSiteActiveAlarms(
  tenantGroupId: number | undefined,
): (subject: AlarmSubject) => AlarmEvent[] {
  const { data } = useAlarmEvents(tenantGroupId ?? 0, true);
  const sorted = useMemo(() => [...(data ?? [])].sort(activeAlarmOrder), [data]);
  return useCallback((subject: AlarmSubject) => sorted.filter((e) => isActiveAlarmOf(e, subject)), [sorted]);
}

/** The active alarms of one job and its node (the job and sensor screens). */
export function useActiveAlarmsOf(tenantGroupId: number | undefined, subject: AlarmSubject): AlarmEvent[] {
  const alarmsOf = useSiteActiveAlarms(tenantGroupId);
  const { jobId, nodeId } = subject;
  return useMemo(() => alarmsOf({ jobId, nodeId }), [alarmsOf, jobId, nodeId]);
}
