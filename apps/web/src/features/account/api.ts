import type { UserSettingValues } from '@sitepulse/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

/** GET /v2/users/settings/values: the languages, unit systems and time zones a user may choose. */
export function useSettingValues(enabled = true) {
  return useQuery({
    queryKey: queryKeys.users.settingValues(),
    queryFn: ({ signal }) => apiFetch<UserSettingValues>('/v2/users/settings/values', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
