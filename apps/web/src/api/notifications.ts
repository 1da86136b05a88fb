/**
 * The alarm e-mail subscriptions of spec section 7 (contracts alarm-events.ts): shown in the user settings
 * (the signed-in user's) and on the members page (a site's), so they live here, beside the other calls.
 */
import type {
  EmailNotification,
  EmailNotificationToggleBody,
  SiteEmailNotification,
} from '@sitepulse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { queryKeys } from './query-keys.ts';

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
