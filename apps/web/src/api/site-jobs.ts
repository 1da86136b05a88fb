/**
 * The maturity jobs of a job site, read by the site dashboard and the report generation screen. Keyed
 * under queryKeys.jobs.site(tenantGroupId): a live event on the site refreshes it.
 */
import type { MaturityJob } from '@sitepulse/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Jobs a dashboard reads in one call: far more than a site runs at once. */
export const SITE_JOBS_LIMIT = 500;

interface MaturityJobPage {
  total: number;
  content: MaturityJob[];
}

/** Every maturity and humidity job of the site, newest first (POST .../maturity/jobs/paged by tenantGroupId). */
export function useSiteMaturityJobs(tenantGroupId: number) {
  return useQuery({
    queryKey: queryKeys.jobs.siteMaturity(tenantGroupId),
    queryFn: async ({ signal }) => {
      const page = await apiFetch<MaturityJobPage>('/analytics/concrete/maturity/jobs/paged', {
        method: 'POST',
        signal,
        body: { page: 0, rpp: SITE_JOBS_LIMIT, sortdir: 'DESC', tenantGroupId },
      });
      return page.content;
    },
  });
}
