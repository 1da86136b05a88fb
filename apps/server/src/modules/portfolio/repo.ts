import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** Statuses of the jobs that may count on a site (domain isLiveJob decides, on these rows). */
const LIVE_STATUSES = ['RUNNING', 'ERROR', 'MAINTENANCE'];

/** A job that may count on its site, with its node's last battery, signal and position. */
export interface PortfolioJobRow {
  id: number;
  tenant_group_id: number;
  tenant_id: number;
  kind: string;
  job_type_name: string;
  name: string;
  node_id: number;
  status: string;
  start_date: number | null;
  termination_date: number | null;
  alarm_data: string;
  job_alarm_triggered: number;
  sensor_types: string;
  node_name: string;
  node_type: string;
  battery_level_type: number;
  latest_battery: number | null;
  latest_battery_ts: number | null;
  latest_signal_ts: number | null;
  latest_location_ts: number | null;
}

/** A sensor of a node of such a job, with its latest reading. */
export interface PortfolioSensorRow {
  node_id: number;
  sensor_type: string;
  /** left out of the job's figures (blacklisted or decommissioned) */
  excluded: boolean;
  latest_value: number | null;
  latest_value_ts: number | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The portfolio's own reads, two statements whatever the number of sites and jobs: the jobs of the
 * given sites that are not stopped (with their nodes), and the sensors of those jobs' nodes. The
 * caller passes the sites the user may read (jobsites service); the company is always applied too.
 */
export function createPortfolioRepo(db: Kysely<Database>) {
  function liveJobIds(companyId: number, siteIds: number[]) {
    return db
      .selectFrom('job')
      .where('job.company_id', '=', companyId)
      .where('job.tenant_group_id', 'in', siteIds)
      .where('job.termination_date', 'is', null)
      .where('job.status', 'in', LIVE_STATUSES);
  }

  return {
    async liveJobs(companyId: number, siteIds: number[]): Promise<PortfolioJobRow[]> {
      if (siteIds.length === 0) return [];
      const rows = await liveJobIds(companyId, siteIds)
        .innerJoin('node', 'node.id', 'job.node_id')
        .select([
          'job.id',
          'job.tenant_group_id',
          'job.tenant_id',
          'job.kind',
          'job.job_type_name',
          'job.name',
          'job.node_id',
          'job.status',
          'job.start_date',
          'job.termination_date',
          'job.alarm_data',
          'job.job_alarm_triggered',
          'job.sensor_types',
          'node.name as node_name',
          'node.node_type',
          'node.battery_level_type',
          'node.latest_battery',
          'node.latest_battery_ts',
          'node.latest_signal_ts',
          'node.latest_location_ts',
        ])
        .where('node.company_id', '=', companyId)
        .orderBy('job.id')
        .execute();
      // PostgreSQL hands bigint columns back as text.
      return rows.map((r) => ({
        ...r,
        start_date: num(r.start_date),
        termination_date: num(r.termination_date),
        job_alarm_triggered: Number(r.job_alarm_triggered) || 0,
        battery_level_type: Number(r.battery_level_type),
        latest_battery: num(r.latest_battery),
        latest_battery_ts: num(r.latest_battery_ts),
        latest_signal_ts: num(r.latest_signal_ts),
        latest_location_ts: num(r.latest_location_ts),
      }));
    },

    async sensorsOfLiveJobs(companyId: number, siteIds: number[]): Promise<PortfolioSensorRow[]> {
      if (siteIds.length === 0) return [];
      const rows = await db
        .selectFrom('sensor')
        .select([
          'sensor.node_id',
          'sensor.sensor_type',
          'sensor.blacklisted',
          'sensor.decommissioned',
          'sensor.latest_value',
          'sensor.latest_value_ts',
        ])
        .where('sensor.company_id', '=', companyId)
        .where('sensor.node_id', 'in', liveJobIds(companyId, siteIds).select('job.node_id'))
        .orderBy('sensor.id')
        .execute();
      return rows.map((r) => ({
        node_id: r.node_id,
        sensor_type: r.sensor_type,
        excluded: Number(r.blacklisted) !== 0 || Number(r.decommissioned) !== 0,
        latest_value: num(r.latest_value),
        latest_value_ts: num(r.latest_value_ts),
      }));
    },
  };
}
export type PortfolioRepo = ReturnType<typeof createPortfolioRepo>;
