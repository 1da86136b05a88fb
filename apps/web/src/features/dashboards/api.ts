/**
 * The calls of the two dashboards. Every key starts with queryKeys.jobs.site(tenantGroupId); a live event
 * on the site (api/live.ts liveInvalidations) refreshes the lists that show what it names.
 */
import type { JobGroupCounts, MicroweatherJobPage } from '@sitepulse/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

/**
 * The site's started microweather jobs with their latest temperature, humidity and wind speed, newest
 * first (POST /analytics/microweather/node/jobs/paged by tenantGroupId and status STARTED).
 */
export function useSiteWeather(tenantGroupId: number) {
  return useQuery({
    queryKey: queryKeys.jobs.siteWeather(tenantGroupId),
    queryFn: async ({ signal }) => {
      const page = await apiFetch<MicroweatherJobPage>('/analytics/microweather/node/jobs/paged', {
        method: 'POST',
        signal,
        body: { page: 0, rpp: 10, sordir: 'desc', tenantGroupId, status: 'STARTED' },
      });
      return page.items;
    },
  });
}

/** Job-group counts by status of each project (GET .../maturity/jobs/info/by_tenant), in the order given. */
export function useGroupCounts(tenantGroupId: number, tenantIds: readonly number[]) {
  return useQueries({
    queries: tenantIds.map((tenant) => ({
      queryKey: queryKeys.jobs.groupCounts(tenantGroupId, tenant),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch<JobGroupCounts>('/analytics/concrete/maturity/jobs/info/by_tenant', {
          signal,
          query: { tenant },
        }),
    })),
  });
}
