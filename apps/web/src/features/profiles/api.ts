/**
 * The concrete profile calls (apps/server/src/modules/profiles) and the maturity function types. Every
 * fetch passes the query's signal, so a cancelled request never shows as an error.
 */
import type {
  ConcreteProfile,
  CreateConcreteProfileBody,
  UpdateConcreteProfileBody,
} from '@sitepulse/contracts';
import type { MaturityFunction } from '@sitepulse/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { currentIdentity } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';

export interface MaturityFunctionType {
  name: MaturityFunction;
  label: string;
  unit: string;
}

/** GET /concrete/conprofiles/by_company: the company's profiles, by name. */
export function useConcreteProfiles() {
  const { companyId } = currentIdentity();
  return useQuery({
    queryKey: queryKeys.profiles.byCompany(companyId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<ConcreteProfile[]>('/concrete/conprofiles/by_company', { signal, query: { companyId } }),
    enabled: companyId !== null,
  });
}

/** GET /analytics/concrete/maturity/function/types: the functions a profile may use. */
export function useMaturityFunctionTypes() {
  return useQuery({
    queryKey: queryKeys.profiles.functionTypes(),
    queryFn: ({ signal }) =>
      apiFetch<MaturityFunctionType[]>('/analytics/concrete/maturity/function/types', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type SaveProfileInput =
  | { id?: undefined; body: CreateConcreteProfileBody }
  | { id: number; body: UpdateConcreteProfileBody };

/**
 * POST a new profile, or PUT the changed fields of one. Afterwards the profile list reloads, and so do
 * the jobs: the server recomputes the maturity and strength of every started job using an edited profile.
 */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveProfileInput) =>
      input.id === undefined
        ? apiFetch<ConcreteProfile>('/concrete/conprofiles', { method: 'POST', body: input.body })
        : apiFetch<ConcreteProfile>(`/concrete/conprofiles/${input.id}`, { method: 'PUT', body: input.body }),
    onSuccess: async (_profile, input) => {
      await client.invalidateQueries({ queryKey: queryKeys.profiles.all });
      if (input.id !== undefined) await client.invalidateQueries({ queryKey: queryKeys.jobs.all });
    },
  });
}
