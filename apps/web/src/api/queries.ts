/**
 * Shared data hooks of the shell: configuration, the signed-in user, their job sites and the
 * company modules. Every fetch passes the query's `signal`, so a cancelled request is dropped by
 * TanStack Query and never reaches the screen as an error (spec section 7).
 */
import type {
  Company,
  CompanyAsset,
  CompanyModule,
  LumimonOverview,
  PublicConfig,
  TenantGroup,
  UserDetail,
  UserSettingBody,
} from '@sitepulse/contracts';
import { DASHBOARD_APPLICATION_TYPE, filterByApplicationType } from '@sitepulse/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SITES_POLL_MS, USER_DETAILS_POLL_MS } from '../app/layout/rules.ts';
import { apiFetch } from './client.ts';
import { queryKeys } from './query-keys.ts';
import { readNumber, readSession } from './session.ts';

/** The signed-in user's company id and username, as stored at sign-in. */
export function currentIdentity(): { companyId: number | null; username: string | null } {
  return { companyId: readNumber('companyId'), username: readSession('username') };
}

/** GET /config: public settings (help and shop links, map tiles, feature flags). */
export function useConfig() {
  return useQuery({
    queryKey: queryKeys.config(),
    queryFn: ({ signal }) => apiFetch<PublicConfig>('/config', { signal, auth: 'none' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /v2/users/details for the signed-in user, reloaded every 120 s. */
export function useUserDetails() {
  const { companyId, username } = currentIdentity();
  return useQuery({
    queryKey: queryKeys.users.details(companyId ?? 0, username ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<UserDetail>('/v2/users/details', { signal, query: { username, companyId } }),
    enabled: companyId !== null && !!username,
    refetchInterval: USER_DETAILS_POLL_MS,
  });
}

/**
 * GET /tenants/groups/list/by_user: the job sites the user was granted, reloaded every 300 s, filtered by
 * the server's list of job sites for the application type '1' (spec section 6; GET
 * /tenants/groups/ids/by_application_type, docs/decisions/application-type.md). `enabled: false` reads the
 * cache without fetching.
 */
export function useJobSites({ enabled = true }: { enabled?: boolean } = {}) {
  const { companyId, username } = currentIdentity();
  return useQuery({
    queryKey: queryKeys.tenantGroups.byUser(companyId ?? 0, username ?? ''),
    queryFn: async ({ signal }) => {
      const query = { companyId, username };
      const [sites, ids] = await Promise.all([
        apiFetch<TenantGroup[]>('/tenants/groups/list/by_user', { signal, query }),
        apiFetch<number[]>('/tenants/groups/ids/by_application_type', {
          signal,
          query: { ...query, applicationType: DASHBOARD_APPLICATION_TYPE },
        }),
      ]);
      return filterByApplicationType(sites, ids);
    },
    enabled: enabled && companyId !== null && !!username,
    refetchInterval: SITES_POLL_MS,
  });
}

/** GET /companies/modules/by_companyId?isActive=true, reloaded every 300 s. */
export function useCompanyModules() {
  const { companyId } = currentIdentity();
  return useQuery({
    queryKey: queryKeys.company.modules(companyId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<CompanyModule[]>('/companies/modules/by_companyId', {
        signal,
        query: { companyId, isActive: true },
      }),
    enabled: companyId !== null,
    refetchInterval: SITES_POLL_MS,
  });
}

/** The job site of the route, looked up in the user's list (undefined while loading or when not granted). */
export function useCurrentJobSite(jobsiteId: string | number | null | undefined) {
  const query = useJobSites();
  const id = jobsiteId === null || jobsiteId === undefined ? Number.NaN : Number(jobsiteId);
  const jobSite = Number.isFinite(id) ? query.data?.find((s) => s.id === id) : undefined;
  return { ...query, jobSite };
}

/** GET /companies/{id}: the company's name when the session does not have it. */
export function useCompany() {
  const { companyId } = currentIdentity();
  return useQuery({
    queryKey: queryKeys.company.byId(companyId ?? 0),
    queryFn: ({ signal }) => apiFetch<Company>(`/companies/${companyId}`, { signal }),
    enabled: companyId !== null,
    staleTime: SITES_POLL_MS,
  });
}

/** The company logo as a data URL, or null. A failed load is ignored silently (spec section 8). */
export function useCompanyLogo() {
  const { companyId } = currentIdentity();
  return useQuery({
    queryKey: queryKeys.company.logo(companyId ?? 0),
    queryFn: async ({ signal }) => {
      try {
        const assets = await apiFetch<CompanyAsset[]>('/companies/assets/by_companyId', {
          signal,
          query: { companyId, type: 'LOGO_IMG' },
        });
        const logo = assets.find((a) => a.type === 'LOGO_IMG' && a.binVal);
        return logo ? `data:${logo.mimeType || 'image/png'};base64,${logo.binVal}` : null;
      } catch (err) {
        if (signal.aborted) throw err;
        return null;
      }
    },
    enabled: companyId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** PUT /settings/user for the signed-in user; refreshes the user details afterwards. */
export function useSaveUserSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (setting: Pick<UserSettingBody, 'userSettingType' | 'val'>) => {
      const { companyId, username } = currentIdentity();
      return apiFetch<unknown>('/settings/user', {
        method: 'PUT',
        body: { username: username ?? '', companyId: companyId ?? 0, ...setting },
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}

/**
 * GET /analytics/lumimon/jobs/overview/by_tenant_group/{id}: every sensor node of a job site as a card (the
 * job-site sensors screen, and the dashboards' sensor alarms). Refreshed by live events naming nodes or channel jobs.
 */
export function useLumimonOverview(tenantGroupId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.jobs.lumimonOverview(tenantGroupId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<LumimonOverview>(`/analytics/lumimon/jobs/overview/by_tenant_group/${tenantGroupId}`, {
        signal,
      }),
    enabled: tenantGroupId !== undefined && tenantGroupId > 0,
  });
}
