/**
 * The report calls of the report screens (spec section 7 "Reports"; apps/server/src/modules/reports); the
 * request lists, their polling and the file link are shared with the job screen, in api/reports.ts. Keys
 * under queryKeys.reports; every mutation invalidates queryKeys.reports.all, so each list reads again.
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
import { REPORT_CREATION_TIMEOUT_MS } from '@sitepulse/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { currentIdentity } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { hasActiveSchedule, listPollInterval, REPORT_API_BASE } from '../../api/reports.ts';

const BASE = REPORT_API_BASE;

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
