/**
 * The report calls and rules shared by the report screens (features/reports) and the job screen's Reports
 * card (features/job): the request lists, how often they poll, and a ready file's link (spec section 7
 * "Reports"). Keys under queryKeys.reports.
 */
import type { ReportRequest, ReportSchedule } from '@sitepulse/contracts';
import { buildDownloadLink, type ReportStatus } from '@sitepulse/domain';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, apiFetch } from './client.ts';
import { queryKeys } from './query-keys.ts';
import { readSession } from './session.ts';

/** Path prefix of every report call. */
export const REPORT_API_BASE = '/analytics/report';
const BASE = REPORT_API_BASE;

/** How often a list with a report still queued or being made is read again. */
export const REPORT_POLL_MS = 3000;

/** A request still waiting for its file. */
export const isInFlight = (status: ReportStatus): boolean => status === 'NEW' || status === 'RUNNING';

/** TanStack refetchInterval: every 3 s while any request in the list is queued or being made, else never. */
export function pollWhileInFlight(
  requests: readonly Pick<ReportRequest, 'status'>[] | undefined,
): number | false {
  return requests?.some((r) => isInFlight(r.status)) ? REPORT_POLL_MS : false;
}

/** How often the lists of a site with an active schedule are read again: a schedule adds reports unseen. */
export const SCHEDULE_POLL_MS = 60_000;

/** Whether any of the schedules still makes reports. */
export const hasActiveSchedule = (
  schedules: readonly Pick<ReportSchedule, 'isActive'>[] | undefined,
): boolean => schedules?.some((s) => s.isActive) ?? false;

/**
 * TanStack refetchInterval of a report or schedule list: every 3 s while a listed request is queued or
 * being made; else every 60 s while a schedule of the site is active (it fires without this page knowing);
 * else never.
 */
export function listPollInterval(
  requests: readonly Pick<ReportRequest, 'status'>[] | undefined,
  scheduled: boolean,
): number | false {
  return pollWhileInFlight(requests) || (scheduled ? SCHEDULE_POLL_MS : false);
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

/**
 * POST .../requests/list/by_msjId/{id}: anyone's requests about one maturity job, newest first; read every
 * 3 s while one is queued or being made.
 */
export function useJobReports(msjId: number) {
  return useQuery({
    queryKey: queryKeys.reports.job(msjId),
    queryFn: ({ signal }) =>
      apiFetch<ReportRequest[]>(`${BASE}/requests/list/by_msjId/${msjId}`, { method: 'POST', signal }),
    refetchInterval: (query) => pollWhileInFlight(query.state.data),
  });
}

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
