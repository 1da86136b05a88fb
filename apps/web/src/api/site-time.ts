/**
 * The calls of site time (docs/decisions/site-time.md): an admin sets a job site's zone, and a user answers
 * the first-sign-in time zone offer (their display zone and the answer, saved together).
 */
import type { OkResult, TenantGroup, TenantGroupTimeZoneBody, UserSettingType } from '@sitepulse/contracts';
import { TIME_ZONE_OFFERED_SETTING, type TimeZoneOfferAnswer, USER_SETTING_TYPES } from '@sitepulse/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { currentIdentity } from './queries.ts';
import { queryKeys } from './query-keys.ts';

/** PUT /tenants/groups/time_zone (company admins): a zone, or null to take it from the site's location. */
export function useSetSiteTimeZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantGroupTimeZoneBody) =>
      apiFetch<TenantGroup>('/tenants/groups/time_zone', { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tenantGroups.all }),
  });
}

/**
 * The answer to the time zone offer, with the display zone it chose (none when the user keeps UTC), in one
 * PUT /v2/users/settings: both are saved or neither.
 */
export function useAnswerTimeZoneOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ answer, zone }: { answer: TimeZoneOfferAnswer; zone: string | null }) => {
      const { companyId, username } = currentIdentity();
      const settings: { type: UserSettingType; val: string }[] = [
        { type: TIME_ZONE_OFFERED_SETTING, val: answer },
      ];
      if (zone) settings.unshift({ type: USER_SETTING_TYPES.displayTimeZone, val: zone });
      return apiFetch<OkResult>('/v2/users/settings', {
        method: 'PUT',
        body: { companyId: companyId ?? 0, username: username ?? '', settings },
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
