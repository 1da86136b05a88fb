/**
 * The calls of a maturity job's forecast and strength targets (issue 13, module forecast on the server):
 * keyed under queryKeys.jobs.maturity(id), so live readings and every change of the job refresh them too.
 */
import type { JobForecast, JobTarget, JobTargetsBody } from '@sitepulse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import type { JobRef } from './api.ts';

const MATURITY_JOBS = '/analytics/concrete/maturity/jobs';

/** GET .../maturity/jobs/forecast/{id}: each target's strength and when it is (or was) reached. */
export function useJobForecast(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.jobs.jobPage('maturity', id, 'forecast'),
    queryFn: ({ signal }) => apiFetch<JobForecast>(`${MATURITY_JOBS}/forecast/${id}`, { signal }),
    enabled,
  });
}

/** GET .../maturity/jobs/targets/{id}: the job's targets, the spec's first, each as entered. */
export function useJobTargets(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.jobs.jobPage('maturity', id, 'targets'),
    queryFn: ({ signal }) => apiFetch<JobTarget[]>(`${MATURITY_JOBS}/targets/${id}`, { signal }),
    enabled,
  });
}

/**
 * The body of PUT .../targets/{id}: the further targets, and the kind, unit and figure of the spec's target
 * as the writer typed it (`primaryValue`, in primaryUnit), so a round 3000 psi is kept as 3000 psi.
 */
export type SaveTargetsBody = JobTargetsBody;

/** PUT .../maturity/jobs/targets/{id}: sets the further targets (and the unit and kind of the first). */
export function useSaveTargets(job: JobRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveTargetsBody) =>
      apiFetch<JobTarget[]>(`${MATURITY_JOBS}/targets/${job.id}`, { method: 'PUT', body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.jobs.maturity(job.id) }),
        client.invalidateQueries({ queryKey: queryKeys.jobs.site(job.tenantGroupId) }),
      ]),
  });
}
