import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { isUniqueViolation } from '../../lib/errors.ts';

/** PostgreSQL hands bigint columns back as text: numbers here. */
const n = (v: unknown): number => Number(v);
const nn = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A job as the alarm engine reads it. */
export interface EngineJob {
  id: number;
  company_id: number;
  tenant_group_id: number;
  node_id: number;
  alarm_data: string;
  start_date: number | null;
  termination_date: number | null;
  singular_target: number | null;
  job_alarm_triggered: number;
  /** the job's own differential limit, °C (null: DIFFERENTIAL_LIMIT_C) */
  differential_limit_c: number | null;
}

const toJob = (r: EngineJob): EngineJob => ({
  ...r,
  start_date: nn(r.start_date),
  termination_date: nn(r.termination_date),
  singular_target: nn(r.singular_target),
  job_alarm_triggered: n(r.job_alarm_triggered),
  differential_limit_c: nn(r.differential_limit_c),
});

const JOB_COLUMNS = [
  'job.id',
  'job.company_id',
  'job.tenant_group_id',
  'job.node_id',
  'job.alarm_data',
  'job.start_date',
  'job.termination_date',
  'job.singular_target',
  'job.job_alarm_triggered',
  'job.differential_limit_c',
] as const;

/** What a new alarm carries. */
export interface NewAlarm {
  company_id: number;
  tenant_group_id: number;
  kind: string;
  alarm_key: string;
  job_id: number | null;
  sensor_id: number | null;
  node_id: number | null;
  /** GATEWAY_OFFLINE only */
  gateway_id?: number | null;
  /** TEMPERATURE_DIFFERENTIAL only: the pair's second sensor */
  second_sensor_id?: number | null;
  /** AVERAGE_STRENGTH only */
  job_group_id?: number | null;
  side: 'high' | 'low' | null;
  quantity: string | null;
  value: number | null;
  bound: number | null;
  raised_at: number;
}

/** A running maturity job of a job group, as AVERAGE_STRENGTH reads it. */
export interface GroupJob {
  id: number;
  company_id: number;
  tenant_group_id: number;
  job_group_id: number;
  singular_target: number | null;
  high_target: number | null;
  medium_target: number | null;
  low_target: number | null;
  job_alarm_triggered: number;
}

/** One alarm with the names the calls show. */
export interface AlarmEventRow {
  id: number;
  company_id: number;
  tenant_group_id: number;
  kind: string;
  job_id: number | null;
  sensor_id: number | null;
  node_id: number | null;
  second_sensor_id: number | null;
  gateway_id: number | null;
  job_group_id: number | null;
  side: 'high' | 'low' | null;
  quantity: string | null;
  value: number | null;
  bound: number | null;
  raised_at: number;
  acknowledged_at: number | null;
  ack_note: string | null;
  cleared_at: number | null;
  site_name: string;
  job_name: string | null;
  sensor_alias: string | null;
  second_sensor_alias: string | null;
  gateway_name: string | null;
  job_group_name: string | null;
  ack_username: string | null;
  ack_first_name: string | null;
  ack_last_name: string | null;
}

/** Queries of alarm_event and alarm_breach, and the job, sensor and node reads the engine needs. */
export function createAlarmEventsRepo(db: Kysely<Database>) {
  const withNames = () =>
    db
      .selectFrom('alarm_event as e')
      .innerJoin('tenant_group as g', 'g.id', 'e.tenant_group_id')
      .leftJoin('job as j', 'j.id', 'e.job_id')
      .leftJoin('sensor as s', 's.id', 'e.sensor_id')
      .leftJoin('sensor as s2', 's2.id', 'e.second_sensor_id')
      .leftJoin('gateway as gw', 'gw.id', 'e.gateway_id')
      .leftJoin('job_group as jg', 'jg.id', 'e.job_group_id')
      .leftJoin('app_user as u', 'u.id', 'e.acknowledged_by')
      .select([
        'e.id',
        'e.company_id',
        'e.tenant_group_id',
        'e.kind',
        'e.job_id',
        'e.sensor_id',
        'e.node_id',
        'e.second_sensor_id',
        'e.gateway_id',
        'e.job_group_id',
        'e.side',
        'e.quantity',
        'e.value',
        'e.bound',
        'e.raised_at',
        'e.acknowledged_at',
        'e.ack_note',
        'e.cleared_at',
        'g.name as site_name',
        'j.name as job_name',
        's.alias as sensor_alias',
        's2.alias as second_sensor_alias',
        'gw.name as gateway_name',
        'jg.name as job_group_name',
        'u.username as ack_username',
        'u.first_name as ack_first_name',
        'u.last_name as ack_last_name',
      ]);
  const toEvent = (r: AlarmEventRow): AlarmEventRow => ({
    ...r,
    value: nn(r.value),
    bound: nn(r.bound),
    raised_at: n(r.raised_at),
    acknowledged_at: nn(r.acknowledged_at),
    cleared_at: nn(r.cleared_at),
  });

  return {
    /** Started jobs of these nodes (each judged up to its termination). */
    async startedJobsOfNodes(companyId: number, nodeIds: number[]): Promise<EngineJob[]> {
      if (nodeIds.length === 0) return [];
      const rows = await db
        .selectFrom('job')
        .select(JOB_COLUMNS)
        .where('company_id', '=', companyId)
        .where('node_id', 'in', nodeIds)
        .where('start_date', 'is not', null)
        .execute();
      return rows.map(toJob);
    },

    async jobsByIds(ids: number[]): Promise<EngineJob[]> {
      if (ids.length === 0) return [];
      return (await db.selectFrom('job').select(JOB_COLUMNS).where('id', 'in', ids).execute()).map(toJob);
    },

    /** Running jobs (started by now, not terminated by now) whose MATURED bit is set. */
    async maturedRunningJobs(now: number): Promise<EngineJob[]> {
      const rows = await db
        .selectFrom('job')
        .select(JOB_COLUMNS)
        .where('start_date', '<=', now)
        .where((eb) => eb.or([eb('termination_date', 'is', null), eb('termination_date', '>', now)]))
        .where('singular_target', 'is not', null)
        .where(sql<boolean>`(job_alarm_triggered & 1) = 1`)
        .execute();
      return rows.map(toJob);
    },

    /** The counted sensors (not blacklisted, not decommissioned) of a node and type. */
    async countedSensors(nodeId: number, sensorType: string): Promise<number[]> {
      const rows = await db
        .selectFrom('sensor')
        .select('id')
        .where('node_id', '=', nodeId)
        .where('sensor_type', '=', sensorType)
        .where('blacklisted', '=', 0)
        .where('decommissioned', '=', 0)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Readings of a sensor in (after, to], oldest first, at most `limit`. */
    async readingsAfter(sensorId: number, after: number, to: number, limit: number) {
      const rows = await db
        .selectFrom('reading')
        .select(['ts', 'value'])
        .where('sensor_id', '=', sensorId)
        .where('ts', '>', after)
        .where('ts', '<=', to)
        .orderBy('ts')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ts: n(r.ts), value: n(r.value) }));
    },

    async breach(key: string) {
      const r = await db
        .selectFrom('alarm_breach')
        .selectAll()
        .where('alarm_key', '=', key)
        .executeTakeFirst();
      return r ? { since: nn(r.since), lastTs: n(r.last_ts) } : undefined;
    },

    async saveBreach(
      companyId: number,
      key: string,
      since: number | null,
      lastTs: number,
      lastValue: number | null,
    ) {
      await db
        .insertInto('alarm_breach')
        .values({ alarm_key: key, company_id: companyId, since, last_ts: lastTs, last_value: lastValue })
        .onConflict((oc) =>
          oc.column('alarm_key').doUpdateSet({ since, last_ts: lastTs, last_value: lastValue }),
        )
        .execute();
    },

    /** The uncleared alarm of a key. */
    async activeByKey(key: string) {
      return db
        .selectFrom('alarm_event')
        .select(['id', 'job_id'])
        .where('alarm_key', '=', key)
        .where('cleared_at', 'is', null)
        .executeTakeFirst();
    },

    /** Whether an alarm of this key with this bound was ever raised. */
    async raisedWithBound(key: string, bound: number): Promise<boolean> {
      const r = await db
        .selectFrom('alarm_event')
        .select('id')
        .where('alarm_key', '=', key)
        .where('bound', '=', bound)
        .executeTakeFirst();
      return r !== undefined;
    },

    /** Inserts an alarm; undefined when one of its key is already active (the partial unique index). */
    async insert(a: NewAlarm): Promise<number | undefined> {
      try {
        const r = await db.insertInto('alarm_event').values(a).returning('id').executeTakeFirstOrThrow();
        return r.id;
      } catch (e) {
        if (isUniqueViolation(e)) return undefined;
        throw e;
      }
    },

    /** Clears an uncleared alarm; false when it was cleared already. */
    async clear(id: number, at: number): Promise<boolean> {
      const r = await db
        .updateTable('alarm_event')
        .set({ cleared_at: at })
        .where('id', '=', id)
        .where('cleared_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Active alarms of these kinds (the sweep re-judges them). */
    async activeOfKinds(kinds: string[]) {
      const rows = await db
        .selectFrom('alarm_event')
        .select([
          'id',
          'company_id',
          'tenant_group_id',
          'kind',
          'job_id',
          'node_id',
          'gateway_id',
          'side',
          'alarm_key',
        ])
        .where('kind', 'in', kinds)
        .where('cleared_at', 'is', null)
        .execute();
      return rows;
    },

    /**
     * Nodes in a running job (started by now, not terminated): the newest such job, its site, the
     * node's battery and the time it last reported anything (readings, battery or signal).
     */
    async runningNodes(now: number) {
      const rows = await db
        .selectFrom('job')
        .innerJoin('node', 'node.id', 'job.node_id')
        .select((eb) => [
          'job.id as job_id',
          'job.company_id',
          'job.tenant_group_id',
          'job.start_date',
          'node.id as node_id',
          'node.latest_battery',
          'node.latest_battery_ts',
          'node.latest_signal_ts',
          'node.battery_level_type',
          eb
            .selectFrom('sensor')
            .select((s) => s.fn.max('sensor.latest_value_ts').as('m'))
            .whereRef('sensor.node_id', '=', 'node.id')
            .as('latest_reading_ts'),
        ])
        .where('job.start_date', '<=', now)
        .where((eb) => eb.or([eb('job.termination_date', 'is', null), eb('job.termination_date', '>', now)]))
        .orderBy('job.start_date', 'desc')
        .orderBy('job.id', 'desc')
        .execute();
      const byNode = new Map<number, (typeof rows)[number]>();
      for (const r of rows) if (!byNode.has(r.node_id)) byNode.set(r.node_id, r);
      return [...byNode.values()].map((r) => ({
        jobId: r.job_id,
        companyId: r.company_id,
        tenantGroupId: r.tenant_group_id,
        nodeId: r.node_id,
        startDate: n(r.start_date),
        battery: nn(r.latest_battery),
        batteryTs: nn(r.latest_battery_ts),
        batteryLevelType: n(r.battery_level_type),
        lastReport: Math.max(
          nn(r.latest_reading_ts) ?? 0,
          nn(r.latest_battery_ts) ?? 0,
          nn(r.latest_signal_ts) ?? 0,
        ),
      }));
    },

    /** The newest reading of a sensor in [from, at] (the value standing when judging resumes). */
    async readingAtOrBefore(sensorId: number, from: number, at: number) {
      const r = await db
        .selectFrom('reading')
        .select(['ts', 'value'])
        .where('sensor_id', '=', sensorId)
        .where('ts', '>=', from)
        .where('ts', '<=', at)
        .orderBy('ts', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r ? { ts: n(r.ts), value: n(r.value) } : null;
    },

    /** The stored sensor pairs of these jobs whose two sensors both count (not blacklisted, not decommissioned). */
    async countedPairsOf(jobIds: number[]) {
      if (jobIds.length === 0) return [];
      return db
        .selectFrom('job_sensor_pair as p')
        .innerJoin('sensor as s1', 's1.id', 'p.sensor_id_1')
        .innerJoin('sensor as s2', 's2.id', 'p.sensor_id_2')
        .select(['p.job_id', 'p.sensor_id_1', 'p.sensor_id_2'])
        .where('p.job_id', 'in', jobIds)
        .where('s1.blacklisted', '=', 0)
        .where('s1.decommissioned', '=', 0)
        .where('s2.blacklisted', '=', 0)
        .where('s2.decommissioned', '=', 0)
        .orderBy('p.job_id')
        .orderBy('p.id')
        .execute();
    },

    /** The job groups of these jobs. */
    async groupsOfJobs(jobIds: number[]): Promise<number[]> {
      if (jobIds.length === 0) return [];
      const rows = await db
        .selectFrom('job')
        .select('job_group_id')
        .distinct()
        .where('id', 'in', jobIds)
        .where('job_group_id', 'is not', null)
        .execute();
      return rows.map((r) => n(r.job_group_id));
    },

    /** Job groups with a running maturity job whose MATURED bit is set (the sweep judges them). */
    async groupsWithMaturedRunningJob(now: number): Promise<number[]> {
      const rows = await db
        .selectFrom('job')
        .select('job_group_id')
        .distinct()
        .where('job_group_id', 'is not', null)
        .where('kind', '=', 'MATURITY')
        .where('start_date', '<=', now)
        .where((eb) => eb.or([eb('termination_date', 'is', null), eb('termination_date', '>', now)]))
        .where(sql<boolean>`(job_alarm_triggered & 1) = 1`)
        .execute();
      return rows.map((r) => n(r.job_group_id));
    },

    /** The running maturity jobs (started by now, not terminated) of these job groups, by id. */
    async runningJobsOfGroups(groupIds: number[], now: number): Promise<GroupJob[]> {
      if (groupIds.length === 0) return [];
      const rows = await db
        .selectFrom('job')
        .select([
          'id',
          'company_id',
          'tenant_group_id',
          'job_group_id',
          'singular_target',
          'high_target',
          'medium_target',
          'low_target',
          'job_alarm_triggered',
        ])
        .where('job_group_id', 'in', groupIds)
        .where('kind', '=', 'MATURITY')
        .where('start_date', '<=', now)
        .where((eb) => eb.or([eb('termination_date', 'is', null), eb('termination_date', '>', now)]))
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        ...r,
        job_group_id: n(r.job_group_id),
        singular_target: nn(r.singular_target),
        high_target: nn(r.high_target),
        medium_target: nn(r.medium_target),
        low_target: nn(r.low_target),
        job_alarm_triggered: n(r.job_alarm_triggered),
      }));
    },

    /**
     * Gateways of a site with a running job (started by now, not terminated): when each was made, last
     * heard from, and when the site's earliest running job started.
     */
    async gatewaysOfRunningSites(now: number) {
      const rows = await db
        .selectFrom('gateway')
        .innerJoin('job', (j) =>
          j
            .onRef('job.tenant_group_id', '=', 'gateway.tenant_group_id')
            .onRef('job.company_id', '=', 'gateway.company_id'),
        )
        .select((eb) => [
          'gateway.id',
          'gateway.company_id',
          'gateway.tenant_group_id',
          'gateway.created_at',
          'gateway.last_uplink_at',
          eb.fn.min('job.start_date').as('site_start'),
        ])
        .where('job.start_date', '<=', now)
        .where((eb) => eb.or([eb('job.termination_date', 'is', null), eb('job.termination_date', '>', now)]))
        .groupBy([
          'gateway.id',
          'gateway.company_id',
          'gateway.tenant_group_id',
          'gateway.created_at',
          'gateway.last_uplink_at',
        ])
        .execute();
      return rows.map((r) => ({
        id: r.id,
        companyId: r.company_id,
        tenantGroupId: n(r.tenant_group_id),
        createdAt: n(r.created_at),
        lastUplinkAt: nn(r.last_uplink_at),
        siteStart: n(r.site_start),
      }));
    },

    async byId(companyId: number, id: number): Promise<AlarmEventRow | undefined> {
      const r = await withNames()
        .where('e.company_id', '=', companyId)
        .where('e.id', '=', id)
        .executeTakeFirst();
      return r ? toEvent(r as AlarmEventRow) : undefined;
    },

    async byIdAnyCompany(id: number): Promise<AlarmEventRow | undefined> {
      const r = await withNames().where('e.id', '=', id).executeTakeFirst();
      return r ? toEvent(r as AlarmEventRow) : undefined;
    },

    /** A site's active alarms, then those cleared since `clearedSince`; newest raised first in each part. */
    async ofSite(companyId: number, siteId: number, clearedSince: number | null, limit: number) {
      const base = () =>
        withNames().where('e.company_id', '=', companyId).where('e.tenant_group_id', '=', siteId);
      const active = await base()
        .where('e.cleared_at', 'is', null)
        .orderBy('e.raised_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute();
      const cleared =
        clearedSince === null
          ? []
          : await base()
              .where('e.cleared_at', '>=', clearedSince)
              .orderBy('e.raised_at', 'desc')
              .orderBy('e.id', 'desc')
              .limit(limit)
              .execute();
      return [...active, ...cleared].slice(0, limit).map((r) => toEvent(r as AlarmEventRow));
    },

    /** Records an acknowledgement (and, for kinds that end there, the clearing); false when already acknowledged. */
    async acknowledge(id: number, userId: number, at: number, note: string | null, clear: boolean) {
      const r = await db
        .updateTable('alarm_event')
        .set({
          acknowledged_at: at,
          acknowledged_by: userId,
          ack_note: note,
          ...(clear ? { cleared_at: sql<number>`coalesce(cleared_at, ${at})` } : {}),
        })
        .where('id', '=', id)
        .where('acknowledged_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
export type AlarmEventsRepo = ReturnType<typeof createAlarmEventsRepo>;
