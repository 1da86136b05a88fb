/**
 * The sensor-pair calls of a maturity job (GET and PUT .../maturity/jobs/pairs/{id}, module pairs on the
 * server): the pairs its differential reports compare when a request names none, and (issue 15) the job's
 * differential limit, set with its pairs and read by GET .../pairs/{id}/limit. Keyed under
 * queryKeys.jobs.maturity(id), so every change of the job refreshes them too.
 */
import type { JobDifferentialLimit, JobSensorPair, JobSensorPairsBody } from '@sitepulse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

const PAIRS = '/analytics/concrete/maturity/jobs/pairs';

/** GET .../pairs/{id}: the job's pairs, in the order they were given. */
export function useJobPairs(jobId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.jobs.jobPage('maturity', jobId, 'pairs'),
    queryFn: ({ signal }) => apiFetch<JobSensorPair[]>(`${PAIRS}/${jobId}`, { signal }),
    enabled,
  });
}

/** GET .../pairs/{id}/limit: the job's differential limit (°C): its own, else the default. */
export function useJobDifferentialLimit(jobId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.jobs.jobPage('maturity', jobId, 'pairsLimit'),
    queryFn: ({ signal }) => apiFetch<JobDifferentialLimit>(`${PAIRS}/${jobId}/limit`, { signal }),
    enabled,
  });
}

/**
 * PUT .../pairs/{id}: replaces the job's pairs (an empty list removes them) and, when the body has
 * `differentialLimitC`, sets its differential limit (null: the default).
 */
export function useSavePairs(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: JobSensorPairsBody) =>
      apiFetch<JobSensorPair[]>(`${PAIRS}/${jobId}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.jobs.maturity(jobId) }),
  });
}
