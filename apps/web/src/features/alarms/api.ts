/**
 * The acknowledgement of an alarm (issue 15, contracts alarm-events.ts). The read of a site's alarm events is
 * shared with the job and sensor screens, so it lives in api/alarm-events.ts; the alarm e-mail subscriptions
 * of spec section 7 are in api/notifications.ts.
 */
import type { AlarmAckBody, AlarmEvent, NotificationMessage } from '@sitepulse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

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

/** While one of an alarm's messages is still on its way, its messages are read again this often. */
export const MESSAGES_REFRESH_MS = 15_000;

/**
 * GET /alarms/events/{id}/messages: who was told of an alarm, on which channel (asked and used), and
 * whether it arrived. Read only while `enabled` (the alarm's messages are open). Kept under the site's
 * alarm key, so each live `alarms` event of the site and each acknowledgement read it again; while a
 * message is PENDING, every MESSAGES_REFRESH_MS too.
 */
export function useAlarmMessages(tenantGroupId: number, alarmEventId: number, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.alarms.site(tenantGroupId), 'messages', alarmEventId] as const,
    queryFn: ({ signal }) =>
      apiFetch<NotificationMessage[]>(`/alarms/events/${alarmEventId}/messages`, { signal }),
    enabled: enabled && Number.isInteger(alarmEventId) && alarmEventId > 0,
    refetchInterval: (query) =>
      query.state.data?.some((m) => m.state === 'PENDING') ? MESSAGES_REFRESH_MS : false,
  });
}
