/**
 * The forecast call of the dashboards: when the next strength target of each running maturity job of a
 * site will be reached (GET .../maturity/jobs/forecast?tenantGroupId=). Under queryKeys.jobs.site, so a
 * live event naming maturity jobs reads it again (api/live.ts).
 */
import type { JobForecastSummary } from '@sitepulse/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

export const FORECAST_LIST_PATH = '/analytics/concrete/maturity/jobs/forecast';

/** Forecast summaries by job id. */
export type ForecastsByJob = ReadonlyMap<number, JobForecastSummary>;

function byJob(list: JobForecastSummary[]): ForecastsByJob {
  return new Map(list.map((s) => [s.jobId, s]));
}

/**
 * The forecast summaries of the site's running maturity jobs, by job id. A failed call leaves the pour
 * cards as they were, without a forecast line.
 */
export function useSiteForecasts(tenantGroupId: number) {
  return useQuery({
    queryKey: queryKeys.jobs.forecastList(tenantGroupId, 'site', tenantGroupId),
    queryFn: ({ signal }) =>
      apiFetch<JobForecastSummary[]>(FORECAST_LIST_PATH, { signal, query: { tenantGroupId } }),
    select: byJob,
  });
}
