import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

const JOB_COLUMNS = [
  'id',
  'company_id',
  'tenant_group_id',
  'tenant_id',
  'job_group_id',
  'kind',
  'job_type_name',
  'name',
  'node_id',
  'status',
  'sensor_types',
  'start_date',
  'termination_date',
  'alarm_data',
  'job_alarm_triggered',
  'singular_target',
] as const;

/** A job as alarms read it. */
export interface AlarmJobRow {
  id: number;
  company_id: number;
  tenant_group_id: number;
  tenant_id: number;
  job_group_id: number | null;
  kind: string;
  job_type_name: string;
  name: string;
  node_id: number;
  status: string;
  sensor_types: string;
  start_date: number | null;
  termination_date: number | null;
  alarm_data: string;
  job_alarm_triggered: number;
  singular_target: number | null;
}

/** PostgreSQL hands bigint times back as text: numbers here. */
const toRow = (r: AlarmJobRow): AlarmJobRow => ({
  ...r,
  start_date: r.start_date === null ? null : Number(r.start_date),
  termination_date: r.termination_date === null ? null : Number(r.termination_date),
  job_alarm_triggered: Number(r.job_alarm_triggered),
});

/** Queries of the alarms module: jobs of a company, job groups, latest readings, alarm bits. */
export function createAlarmsRepo(db: Kysely<Database>) {
  return {
    async jobById(companyId: number, id: number): Promise<AlarmJobRow | undefined> {
      const r = await db
        .selectFrom('job')
        .select(JOB_COLUMNS)
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return r ? toRow(r) : undefined;
    },

    /** A job group of the company, with the job site of its project. */
    async groupById(companyId: number, id: number) {
      return db
        .selectFrom('job_group as g')
        .innerJoin('tenant as t', 't.id', 'g.tenant_id')
        .select(['g.id', 'g.name', 't.tenant_group_id'])
        .where('g.company_id', '=', companyId)
        .where('g.id', '=', id)
        .executeTakeFirst();
    },

    /** The jobs of a job group, newest first. */
    async jobsOfGroup(companyId: number, groupId: number): Promise<AlarmJobRow[]> {
      const rows = await db
        .selectFrom('job')
        .select(JOB_COLUMNS)
        .where('company_id', '=', companyId)
        .where('job_group_id', '=', groupId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toRow);
    },

    /** The started jobs of these nodes (their sensor thresholds are evaluated after new readings). */
    async startedJobsOfNodes(companyId: number, nodeIds: number[]): Promise<AlarmJobRow[]> {
      if (nodeIds.length === 0) return [];
      const rows = await db
        .selectFrom('job')
        .select(JOB_COLUMNS)
        .where('company_id', '=', companyId)
        .where('node_id', 'in', nodeIds)
        .where('start_date', 'is not', null)
        .execute();
      return rows.map(toRow);
    },

    /**
     * The latest reading within [from, to] of each counted sensor (not blacklisted, not
     * decommissioned) of a node and type: one index seek per sensor. Sensors without one are left out.
     */
    async latestValues(nodeId: number, sensorType: string, from: number, to: number): Promise<number[]> {
      const rows = await db
        .selectFrom('sensor as s')
        .select((eb) => [
          's.id',
          eb
            .selectFrom('reading as r')
            .select('r.value')
            .whereRef('r.sensor_id', '=', 's.id')
            .where('r.ts', '>=', from)
            .where('r.ts', '<=', to)
            .orderBy('r.ts', 'desc')
            .limit(1)
            .as('value'),
        ])
        .where('s.node_id', '=', nodeId)
        .where('s.sensor_type', '=', sensorType)
        .where('s.blacklisted', '=', 0)
        .where('s.decommissioned', '=', 0)
        .execute();
      return rows.filter((r) => r.value !== null).map((r) => Number(r.value));
    },

    async setAlarmData(jobId: number, alarmData: string): Promise<void> {
      await db.updateTable('job').set({ alarm_data: alarmData }).where('id', '=', jobId).execute();
    },

    async setSingularTarget(jobId: number, value: number | null, alarmData: string): Promise<void> {
      await db
        .updateTable('job')
        .set({ singular_target: value, alarm_data: alarmData })
        .where('id', '=', jobId)
        .execute();
    },

    /** Sets or clears one bit of jobAlarmTriggered in SQL (atomic beside the engine's own updates). */
    async setAlarmBit(jobId: number, bitIndex: number, on: boolean): Promise<void> {
      const bit = 2 ** bitIndex;
      await db
        .updateTable('job')
        .set({
          job_alarm_triggered: on ? sql`job_alarm_triggered | ${bit}` : sql`job_alarm_triggered & ${~bit}`,
        })
        .where('id', '=', jobId)
        .execute();
    },

    async flagsOf(jobId: number): Promise<number> {
      const r = await db
        .selectFrom('job')
        .select('job_alarm_triggered')
        .where('id', '=', jobId)
        .executeTakeFirst();
      return Number(r?.job_alarm_triggered ?? 0);
    },
  };
}
export type AlarmsRepo = ReturnType<typeof createAlarmsRepo>;
