/**
 * The calls of the project job list. Every key starts with queryKeys.jobs.site(tenantGroupId); a live event
 * on the site naming maturity jobs refreshes the pages, one naming nodes or channel jobs the other jobs.
 */
import type {
  LumimonNodeCard,
  LumimonOverview,
  MaturityJob,
  MaturityJobPagedBody,
  NodeBatteryValue,
  NodeSignalValue,
} from '@sitepulse/contracts';
import { sortByJobType } from '@sitepulse/domain';
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
 * The first `rpp` maturity and humidity jobs of a project, newest first (POST .../maturity/jobs/paged,
 * page 0). 'Fetch more' asks again with a larger rpp; the previous answer stays shown meanwhile.
 */
export function useProjectJobsPage(
  tenantGroupId: number | undefined,
  tenantId: number,
  status: MaturityJobPagedBody['status'],
  rpp: number,
) {
  return useQuery({
    queryKey: queryKeys.jobs.projectPage(tenantGroupId ?? 0, tenantId, status ?? 'ALL', rpp),
    queryFn: ({ signal }) =>
      apiFetch<MaturityJobPage>('/analytics/concrete/maturity/jobs/paged', {
        method: 'POST',
        signal,
        query: { tenant: tenantId },
        body: { page: 0, rpp, sortdir: 'DESC', tenant: tenantId, ...(status ? { status } : {}) },
      }),
    enabled: tenantGroupId !== undefined && Number.isInteger(tenantId) && tenantId > 0,
    placeholderData: keepPreviousData,
  });
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
