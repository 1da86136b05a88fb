/**
 * The calls of alarms that reach people (issue 15, contracts alarm-events.ts): a job site's alarm events and
 * their acknowledgement. The alarm e-mail subscriptions of spec section 7 are in api/notifications.ts.
 */
import type { AlarmAckBody, AlarmEvent } from '@sitepulse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

/** Between live events the list is read again this often, so a missed event is caught within a minute. */
export const ALARMS_REFRESH_MS = 60_000;

/** GET /alarms/events: the site's active alarms, and those cleared recently unless `activeOnly`. */
export function useAlarmEvents(tenantGroupId: number, activeOnly = false) {
  return useQuery({
    queryKey: queryKeys.alarms.events(tenantGroupId, activeOnly),
    queryFn: ({ signal }) =>
      apiFetch<AlarmEvent[]>('/alarms/events', { query: { tenantGroupId, activeOnly }, signal }),
    enabled: Number.isInteger(tenantGroupId) && tenantGroupId > 0,
    refetchInterval: ALARMS_REFRESH_MS,
  });
}

/**
 * POST /alarms/events/{id}/ack. Whatever the answer (a 409 when someone else acknowledged it first), the
 * site's list is read again, so the screen shows who did.
 */
export function useAcknowledgeAlarm(tenantGroupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => {
      const trimmed = note.trim();
      const body: AlarmAckBody = trimmed ? { note: trimmed } : {};
      return apiFetch<AlarmEvent>(`/alarms/events/${id}/ack`, { method: 'POST', body });
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.alarms.site(tenantGroupId) }),
  });
}
