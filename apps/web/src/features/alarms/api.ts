/**
 * The calls of alarms that reach people (issue 15, contracts alarm-events.ts): a job site's alarm events and
 * their acknowledgement, and the alarm e-mail subscriptions of spec section 7.
 */
import type {
  AlarmAckBody,
  AlarmEvent,
  EmailNotification,
  EmailNotificationToggleBody,
  SiteEmailNotification,
} from '@sitepulse/contracts';
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

/** GET /emailnotifications: the signed-in user's alarm e-mails, one per job site they can see. */
export function useMyEmailNotifications() {
  return useQuery({
    queryKey: queryKeys.notifications.mine(),
    queryFn: ({ signal }) => apiFetch<EmailNotification[]>('/emailnotifications', { signal }),
  });
}

/** GET /tenant/groups/emailnotifications/by_tenant_group: who of the site gets its alarm e-mails. */
export function useSiteEmailNotifications(tenantGroupId: number) {
  return useQuery({
    queryKey: queryKeys.notifications.site(tenantGroupId),
    queryFn: ({ signal }) =>
      apiFetch<SiteEmailNotification[]>('/tenant/groups/emailnotifications/by_tenant_group', {
        query: { tenantGroupId },
        signal,
      }),
    enabled: Number.isInteger(tenantGroupId) && tenantGroupId > 0,
  });
}

/** POST /emailnotifications/cmd/toggle: the caller's alarm e-mails of a site, or a member's (userId, site admins). */
export function useToggleEmailNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailNotificationToggleBody) =>
      apiFetch<unknown>('/emailnotifications/cmd/toggle', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
