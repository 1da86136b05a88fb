import {
  PORTFOLIO_ATTENTION_MAX,
  type PortfolioAttentionItem,
  type PortfolioSite,
  type PortfolioStatus,
} from '@sitepulse/contracts';
import {
  batteryAttention,
  compareAttention,
  emptyStateCounts,
  isOutsideBounds,
  jobDetailHref,
  jobPortfolioState,
  latestTime,
  nodeSilentSince,
  type PourReadiness,
  pourReadiness,
  type StateCounts,
  worstSiteState,
} from '@sitepulse/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { parseSensorThreshold } from '../alarms/alarm-data.ts';
import type { JobsitesService } from '../jobsites/service.ts';
import type { MaturityService } from '../maturity/service.ts';
import { createPortfolioRepo, type PortfolioJobRow, type PortfolioSensorRow } from './repo.ts';

/** The reading past a job's threshold, among its node's counted sensors of the threshold's type. */
function alarmReading(
  job: PortfolioJobRow,
  sensors: readonly PortfolioSensorRow[],
): {
  sensorType: string | null;
  value: number | null;
  since: number | null;
  high: number | null;
  low: number | null;
} {
  const t = parseSensorThreshold(job.alarm_data);
  const outside = sensors.filter(
    (s) =>
      !s.excluded &&
      (t.sensorType === null || s.sensor_type === t.sensorType) &&
      s.latest_value_ts !== null &&
      (job.start_date === null || s.latest_value_ts >= job.start_date) &&
      isOutsideBounds(s.latest_value, t),
  );
  // The furthest past its bound: the highest above a high bound, else the lowest below the low one.
  const above = outside.filter((s) => t.high !== null && (s.latest_value as number) > t.high);
  const pick = above.length
    ? above.reduce((a, b) => ((b.latest_value as number) > (a.latest_value as number) ? b : a))
    : outside.length
      ? outside.reduce((a, b) => ((b.latest_value as number) < (a.latest_value as number) ? b : a))
      : null;
  return {
    sensorType: t.sensorType,
    value: pick?.latest_value ?? null,
    since: pick?.latest_value_ts ?? null,
    high: t.high,
    low: t.low,
  };
}

/**
 * The portfolio (issue 13): every job site the caller may read (as the job-site list: sites where they
 * are an inspector left out) with its worst state and counts, and what needs attention across them:
 * jobs in alarm or error, silent nodes, low batteries. Reads the sites through the job-sites service,
 * pour readiness through the maturity service (the dashboards' rule), and jobs, nodes and sensors in
 * two statements of its own: a fixed number of statements whatever the number of sites and jobs.
 */
export function createPortfolioService(deps: {
  db: Kysely<Database>;
  jobsites: JobsitesService;
  maturity: MaturityService;
}) {
  const repo = createPortfolioRepo(deps.db);

  /** Readiness of the caller's running pours (maturity service, as the dashboards read it). */
  async function readinessOf(actor: Actor): Promise<Map<number, PourReadiness>> {
    const groups = await deps.maturity.byGroupWithData(actor, { status: 'RUNNING' });
    const out = new Map<number, PourReadiness>();
    for (const g of groups)
      for (const j of g.jobs) if (j.kind === 'MATURITY') out.set(j.id, pourReadiness(j));
    return out;
  }

  return {
    async status(actor: Actor, now = Date.now()): Promise<PortfolioStatus> {
      const [access, groups] = await Promise.all([
        deps.jobsites.siteAccess(actor),
        deps.jobsites.listGroups(actor, actor.companyId),
      ]);
      const readable = new Set(access.readable);
      const sites = groups.filter((g) => readable.has(g.id));
      const siteIds = sites.map((s) => s.id);
      const [jobs, sensors, readiness] = siteIds.length
        ? await Promise.all([
            repo.liveJobs(actor.companyId, siteIds),
            repo.sensorsOfLiveJobs(actor.companyId, siteIds),
            readinessOf(actor),
          ])
        : [[], [], new Map<number, PourReadiness>()];

      const siteName = new Map(sites.map((s) => [s.id, s.name]));
      const counts = new Map<number, StateCounts>(siteIds.map((id) => [id, emptyStateCounts()]));
      const sensorsByNode = new Map<number, PortfolioSensorRow[]>();
      for (const s of sensors) {
        const list = sensorsByNode.get(s.node_id) ?? [];
        list.push(s);
        sensorsByNode.set(s.node_id, list);
      }
      const items: PortfolioAttentionItem[] = [];
      const nodesSeen = new Set<number>();

      for (const job of jobs) {
        const state = jobPortfolioState(
          {
            kind: job.kind,
            status: job.status,
            startDate: job.start_date,
            terminationDate: job.termination_date,
            jobAlarmTriggered: job.job_alarm_triggered,
          },
          now,
          readiness.get(job.id),
        );
        const siteCounts = counts.get(job.tenant_group_id);
        if (state === null || !siteCounts) continue;
        siteCounts[state] += 1;

        const nodeSensors = sensorsByNode.get(job.node_id) ?? [];
        const lastSeen = latestTime(
          ...nodeSensors.map((s) => s.latest_value_ts),
          job.latest_battery_ts,
          job.latest_signal_ts,
          job.latest_location_ts,
        );
        const base = {
          siteId: job.tenant_group_id,
          siteName: siteName.get(job.tenant_group_id) ?? '',
          jobId: job.id,
          jobName: job.name,
          jobTypeName: job.job_type_name,
          nodeId: job.node_id,
          nodeName: job.node_name,
          sensorType: null,
          value: null,
          high: null,
          low: null,
          battery: null,
          href: jobDetailHref(
            { id: job.id, kind: job.kind, channelJobTypeName: job.job_type_name, tenantId: job.tenant_id },
            job.tenant_group_id,
          ),
        };
        if (state === 'ALARM') items.push({ ...base, kind: 'ALARM', ...alarmReading(job, nodeSensors) });
        if (job.status === 'ERROR') items.push({ ...base, kind: 'ERROR', since: lastSeen });

        // A node's own troubles once, with the first of its jobs that counts.
        if (nodesSeen.has(job.node_id)) continue;
        nodesSeen.add(job.node_id);
        const silent = nodeSilentSince({ nodeType: job.node_type, lastSeen, jobStart: job.start_date }, now);
        if (silent !== null) items.push({ ...base, kind: 'SILENT', since: silent });
        const battery = batteryAttention(job.latest_battery, job.battery_level_type);
        if (battery !== null) {
          items.push({
            ...base,
            kind: 'BATTERY',
            battery,
            value: job.latest_battery,
            since: job.latest_battery_ts,
          });
        }
      }

      items.sort((a, b) => compareAttention({ ...a, what: a.jobName }, { ...b, what: b.jobName }));
      const perSite = new Map<number, number>();
      for (const i of items) perSite.set(i.siteId, (perSite.get(i.siteId) ?? 0) + 1);

      return {
        generatedAt: now,
        sites: sites.map((s): PortfolioSite => {
          const c = counts.get(s.id) ?? emptyStateCounts();
          return {
            siteId: s.id,
            siteName: s.name,
            ...worstSiteState(c),
            counts: c,
            attention: perSite.get(s.id) ?? 0,
          };
        }),
        attention: items.slice(0, PORTFOLIO_ATTENTION_MAX),
        attentionTotal: items.length,
      };
    },
  };
}
export type PortfolioService = ReturnType<typeof createPortfolioService>;
