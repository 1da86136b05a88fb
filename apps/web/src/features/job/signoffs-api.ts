/**
 * The sign-off calls of a maturity job (GET and POST .../maturity/jobs/signoffs/{id}). Their query key sits
 * under the job page's keys (queryKeys.jobs.jobPage('maturity', id, 'signoffs')), so a live event naming the
 * job, and every change of the job, refresh the list with the rest of the page.
 */
import type { JobSignoff, JobSignoffBody } from '@sitepulse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

const SIGNOFFS = '/analytics/concrete/maturity/jobs/signoffs';

/** The query key of a job's sign-offs. */
export const signoffsKey = (jobId: number) => queryKeys.jobs.jobPage('maturity', jobId, 'signoffs');

/** GET .../signoffs/{id}: the job's sign-offs, newest first. */
export function useSignoffs(jobId: number) {
  return useQuery({
    queryKey: signoffsKey(jobId),
    queryFn: ({ signal }) => apiFetch<JobSignoff[]>(`${SIGNOFFS}/${jobId}`, { signal }),
  });
}

/** POST .../signoffs/{id}: records a decision; the server reads the job's strength itself. */
export function useRecordSignoff(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: JobSignoffBody) =>
      apiFetch<JobSignoff>(`${SIGNOFFS}/${jobId}`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: signoffsKey(jobId) }),
  });
}
