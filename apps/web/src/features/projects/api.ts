/**
 * The calls of the project job list. Every key starts with queryKeys.jobs.site(tenantGroupId); a live event
 * on the site naming maturity jobs refreshes the jobs and their forecasts, one naming nodes or channel jobs
 * the other jobs.
 */
import type {
  JobForecastSummary,
  LumimonNodeCard,
  LumimonOverview,
  MaturityJob,
  MaturityJobPagedBody,
  NodeBatteryValue,
  NodeSignalValue,
} from '@sitepulse/contracts';
import { FETCH_MORE_STEP, sortByJobType } from '@sitepulse/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

export interface MaturityJobPage {
  page: number;
  rpp: number;
  total: number;
  content: MaturityJob[];
}

/**
 * Rows per page the job list asks for: a multiple of the spec's fetch-more step (5), large enough that
 * one call holds a project's jobs, within the call's bound (500).
 */
export const JOB_LIST_PAGE_SIZE = FETCH_MORE_STEP * 20;

/** Every job of a project with a status, as one list: the server's total and the jobs, newest first. */
export interface ProjectJobs {
  total: number;
  content: MaturityJob[];
}

/**
 * Every maturity and humidity job of a project (with the status asked, or all), newest first: POST
 * .../maturity/jobs/paged, page 0, 1, ... of JOB_LIST_PAGE_SIZE until the server's total is in, so no
 * job hides behind a button and search and sort see them all (issue 13). A refresh (live event, filter
 * change) keeps the previous list shown until the new one is complete.
 */
export function useProjectJobs(
  tenantGroupId: number | undefined,
  tenantId: number,
  status: MaturityJobPagedBody['status'],
) {
  return useQuery({
    queryKey: queryKeys.jobs.projectPage(tenantGroupId ?? 0, tenantId, status ?? 'ALL', JOB_LIST_PAGE_SIZE),
    queryFn: async ({ signal }): Promise<ProjectJobs> => {
      const content: MaturityJob[] = [];
      let total = 0;
      for (let page = 0; ; page++) {
        const answer = await apiFetch<MaturityJobPage>('/analytics/concrete/maturity/jobs/paged', {
          method: 'POST',
          signal,
          query: { tenant: tenantId },
          body: {
            page,
            rpp: JOB_LIST_PAGE_SIZE,
            sortdir: 'DESC',
            tenant: tenantId,
            ...(status ? { status } : {}),
          },
        });
        total = answer.total;
        content.push(...answer.content);
        // Done when all are in, or the server has no more to give (the total moved meanwhile).
        if (content.length >= total || answer.content.length < JOB_LIST_PAGE_SIZE) break;
      }
      // A job that moved from one page to the next while paging shows once.
      const seen = new Set<number>();
      const unique = content.filter((j) => !seen.has(j.id) && seen.add(j.id));
      return { total: Math.max(total, unique.length), content: unique };
    },
    enabled: tenantGroupId !== undefined && Number.isInteger(tenantId) && tenantId > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * When the next strength target of each running maturity job of the project will be reached
 * (GET .../maturity/jobs/forecast?tenant=), by job id. The list shows no forecast while it loads or
 * when it fails.
 */
export function useProjectForecasts(tenantGroupId: number | undefined, tenantId: number) {
  return useQuery({
    queryKey: queryKeys.jobs.forecastList(tenantGroupId ?? 0, 'project', tenantId),
    queryFn: ({ signal }) =>
      apiFetch<JobForecastSummary[]>('/analytics/concrete/maturity/jobs/forecast', {
        signal,
        query: { tenant: tenantId },
      }),
    select: forecastsByJob,
    enabled: tenantGroupId !== undefined && Number.isInteger(tenantId) && tenantId > 0,
  });
}

/** Forecast summaries by job id. */
export type ForecastsByJob = ReadonlyMap<number, JobForecastSummary>;

function forecastsByJob(list: JobForecastSummary[]): ForecastsByJob {
  return new Map(list.map((s) => [s.jobId, s]));
}

/** One latest reading of another job: its sensor type, value (metric) and time. */
export interface OtherJobReading {
  sensorType: string;
  value: number | null;
  timestamp: number | null;
}

/** A microweather, data, GPS or power job of the project, as its card shows it. */
export interface OtherJob {
  key: string;
  id: number;
  kind: string;
  typeName: string;
  name: string;
  nodeId: number;
  tenantId: number;
  /** Display label (section 4): microweather jobs from their dates, the others from the server status. */
  statusLabel: string;
  terminated: boolean;
  jobAlarmTriggered: number | null;
  battery: NodeBatteryValue | null;
  signal: NodeSignalValue | null;
  batteryLevelType: number | null;
  readings: OtherJobReading[];
  /** GPS: the latest position. */
  location: { lat: number; longitude: number; timestamp: number } | null;
  /** The node's latest reading, position, battery or signal report. */
  lastSeen: number | null;
  creationDate: number;
}

/** A node card of the Lumimon overview as the project job list shows it. */
export function otherJobOf(card: LumimonNodeCard): OtherJob {
  return {
    key: `${card.kind}-${card.jobId}`,
    id: card.jobId,
    kind: card.kind,
    typeName: card.channelJobTypeName,
    name: card.channelJobName,
    nodeId: card.nodeId,
    tenantId: card.tenantId,
    statusLabel: card.statusLabel,
    terminated: card.statusLabel === 'STOPPED',
    jobAlarmTriggered: card.jobAlarmTriggered,
    battery: card.latestNodeBattery,
    signal: card.latestNodeSignal,
    batteryLevelType: card.batteryLevelType,
    readings: card.readings.map((r) => ({
      sensorType: r.sensorType,
      value: r.value,
      timestamp: r.timestamp,
    })),
    location: card.location,
    lastSeen: card.lastSeen,
    creationDate: card.creationDate,
  };
}

/**
 * The project's microweather, data (gas, liquid level, ...), GPS and power jobs, grouped or not, running
 * or stopped, in the job type order of section 2: the job site's Lumimon overview
 * (GET /analytics/lumimon/jobs/overview/by_tenant_group/{id}) narrowed to the project.
 */
export function useProjectOtherJobs(tenantGroupId: number | undefined, tenantId: number) {
  return useQuery({
    queryKey: queryKeys.jobs.projectOther(tenantGroupId ?? 0, tenantId),
    queryFn: async ({ signal }) => {
      const overview = await apiFetch<LumimonOverview>(
        `/analytics/lumimon/jobs/overview/by_tenant_group/${tenantGroupId}`,
        { signal, query: { tenantId } },
      );
      const mine = overview.nodes.filter((n) => n.tenantId === tenantId).map(otherJobOf);
      // Section 2 job type order; within a type the overview's order (alarming first) stays.
      return sortByJobType(mine, (j) => j.typeName);
    },
    enabled: tenantGroupId !== undefined && Number.isInteger(tenantId) && tenantId > 0,
  });
}
