/**
 * The report calls (spec section 7 "Reports"; apps/server/src/modules/reports). Keys under
 * queryKeys.reports; every mutation invalidates queryKeys.reports.all, so each list reads again.
 */
import type {
  ReportNode,
  ReportRequest,
  ReportRequestBody,
  ReportSchedule,
  ReportScheduleBody,
  ReportSensor,
  ReportTypeInfo,
  ScheduleToggleBody,
} from '@sitepulse/contracts';
import { buildDownloadLink, REPORT_CREATION_TIMEOUT_MS } from '@sitepulse/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiFetch } from '../../api/client.ts';
import { currentIdentity } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { readSession } from '../../api/session.ts';
import { hasActiveSchedule, listPollInterval } from './rules.ts';

const BASE = '/analytics/report';

// Report creation waits at most REPORT_CREATION_TIMEOUT_MS (the spec's 30 s); the server answers at once
// and makes the file in the background.

/** GET .../requests/types/by_company_id: the types the company may use, with their format and subject. */
export function useReportTypes() {
  const companyId = currentIdentity().companyId ?? 0;
  return useQuery({
    queryKey: queryKeys.reports.types(companyId),
    queryFn: ({ signal }) =>
      apiFetch<ReportTypeInfo[]>(`${BASE}/requests/types/by_company_id`, { signal, query: { companyId } }),
    enabled: companyId > 0,
  });
}

/** The site's sensors (GET .../msj/sensors/by_tenant_group), or one job group's (GET .../msj/sensors/by_cjg). */
export function useReportSensors(tenantGroupId: number, cjgId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reports.sensors(tenantGroupId, cjgId),
    queryFn: ({ signal }) =>
      cjgId === null
        ? apiFetch<ReportSensor[]>(`${BASE}/msj/sensors/by_tenant_group`, {
            signal,
            query: { tenantGroupId, blacklistSensorsOnly: false },
          })
        : apiFetch<ReportSensor[]>(`${BASE}/msj/sensors/by_cjg`, { signal, query: { cjgId } }),
    enabled,
  });
}

/** GET .../nodes/by_tenant_group: the site's nodes. */
export function useReportNodes(tenantGroupId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reports.nodes(tenantGroupId),
    queryFn: ({ signal }) =>
      apiFetch<ReportNode[]>(`${BASE}/nodes/by_tenant_group`, { signal, query: { tenantGroupId } }),
    enabled,
  });
}

/**
 * GET .../requests/by_tenant_group: a site's requests, read every 3 s while one is queued or being made,
 * else every 60 s while `scheduled` (the site has an active schedule).
 */
export function useSiteReports(tenantGroupId: number, scheduled: boolean) {
  return useQuery({
    queryKey: queryKeys.reports.requests(tenantGroupId),
    queryFn: ({ signal }) =>
      apiFetch<ReportRequest[]>(`${BASE}/requests/by_tenant_group`, { signal, query: { tenantGroupId } }),
    refetchInterval: (query) => listPollInterval(query.state.data, scheduled),
  });
}

/** POST .../requests/list/by_user: the signed-in user's requests on every site, polled like a site's. */
export function useMyReports(scheduled: boolean) {
  return useQuery({
    queryKey: queryKeys.reports.mine(),
    queryFn: ({ signal }) =>
      apiFetch<ReportRequest[]>(`${BASE}/requests/list/by_user`, { method: 'POST', signal, body: {} }),
    refetchInterval: (query) => listPollInterval(query.state.data, scheduled),
  });
}

const latestReports = (schedules: readonly ReportSchedule[] | undefined) =>
  (schedules ?? []).flatMap((s) => (s.latestReport ? [s.latestReport] : []));

/** GET .../schedules/by_tenant_group/with_latest_rr: a site's schedules with their latest report. */
export function useSiteSchedules(tenantGroupId: number) {
  return useQuery({
    queryKey: queryKeys.reports.schedules(tenantGroupId),
    queryFn: ({ signal }) =>
      apiFetch<ReportSchedule[]>(`${BASE}/requests/schedules/by_tenant_group/with_latest_rr`, {
        signal,
        query: { tenantGroupId },
      }),
    refetchInterval: (query) =>
      listPollInterval(latestReports(query.state.data), hasActiveSchedule(query.state.data)),
  });
}

/** A site with active schedules (GET .../schedules/tenants/with_active_rrs). */
interface ScheduledSite {
  tenantGroupId: number;
  tenant: string;
  name: string;
  activeSchedules: number;
}

/**
 * The schedules of every site where the user has active ones, in one query: the sites from
 * GET .../schedules/tenants/with_active_rrs, then each site's schedules with their latest report.
 */
export function useAllSchedules() {
  return useQuery({
    queryKey: queryKeys.reports.allSchedules(),
    queryFn: async ({ signal }) => {
      const sites = await apiFetch<ScheduledSite[]>(`${BASE}/requests/schedules/tenants/with_active_rrs`, {
        signal,
        query: { tenantType: 'Concrete' },
      });
      const ids = [...new Set(sites.map((s) => s.tenantGroupId))];
      const lists = await Promise.all(
        ids.map((tenantGroupId) =>
          apiFetch<ReportSchedule[]>(`${BASE}/requests/schedules/by_tenant_group/with_latest_rr`, {
            signal,
            query: { tenantGroupId },
          }),
        ),
      );
      return lists.flat();
    },
    refetchInterval: (query) =>
      listPollInterval(latestReports(query.state.data), hasActiveSchedule(query.state.data)),
  });
}

function useReportMutation<TBody, TResult>(run: (body: TBody) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reports.all }),
  });
}

/** POST .../requests/msj/by_job?tenant={jobsiteId}: a new request, stored NEW (201). */
export const useRequestReport = (tenantGroupId: number) =>
  useReportMutation((body: ReportRequestBody) =>
    apiFetch<ReportRequest>(`${BASE}/requests/msj/by_job`, {
      method: 'POST',
      query: { tenant: tenantGroupId },
      body,
      timeoutMs: REPORT_CREATION_TIMEOUT_MS,
    }),
  );

/** POST .../requests/schedules: a request made again daily, weekly or monthly (201). */
export const useScheduleReport = () =>
  useReportMutation((body: ReportScheduleBody) =>
    apiFetch<ReportSchedule>(`${BASE}/requests/schedules`, {
      method: 'POST',
      body,
      timeoutMs: REPORT_CREATION_TIMEOUT_MS,
    }),
  );

/** DELETE .../requests/by_rrId/{id}: the request and its file. */
export const useDeleteReport = () =>
  useReportMutation((id: number) =>
    apiFetch<unknown>(`${BASE}/requests/by_rrId/${id}`, { method: 'DELETE' }),
  );

/** PUT .../schedules/cmd/toggle/by_id with isActive false: the schedule makes no more reports. */
export const useStopSchedule = () =>
  useReportMutation((id: number) =>
    apiFetch<unknown>(`${BASE}/requests/schedules/cmd/toggle/by_id`, {
      method: 'PUT',
      body: { id, isActive: false } satisfies ScheduleToggleBody,
    }),
  );

/**
 * The authenticated link of a report's file (GET /api/analytics/report/s3/file/{name}?token=), built like
 * the job screen's downloads (domain buildDownloadLink): '' while the access token is missing or expired.
 */
export function reportFileHref(fileName: string): string {
  return buildDownloadLink({
    baseUrl: readSession('baseUrl') || `${window.location.origin}${API_BASE}`,
    path: `${BASE}/s3/file/${encodeURIComponent(fileName)}`,
    token: readSession('accessToken'),
    tokenExpiry: readSession('accessTokenExpiration'),
  });
}
