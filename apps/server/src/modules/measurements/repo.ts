import type { Kysely, Selectable } from 'kysely';
import type { Database, JobTable, NodeTable, SensorTable } from '../../db/types.ts';

/** A job with the node fields its answers show. */
export type JobRow = Selectable<JobTable> & {
  node_type: string;
  battery_level_type: number;
  latest_battery: number | null;
  latest_battery_ts: number | null;
  latest_signal: number | null;
  latest_signal_ts: number | null;
};

/** What a job list is limited to. `siteIds` (the caller's granted job sites) is always applied. */
export interface JobFilter {
  companyId: number;
  siteIds: number[];
  kinds: readonly string[];
  ids?: number[];
  tenantId?: number;
  tenantGroupId?: number;
  groupId?: number;
  jobTypeName?: string;
  /** server status values */
  statuses?: readonly string[];
  /** date-derived status (microweather and humidity jobs) */
  dateStatus?: 'NEW' | 'STARTED' | 'STOPPED';
}

/** Jobs, job groups, projects, nodes and sensors, as the data calls read them. */
export function createMeasurementsRepo(db: Kysely<Database>) {
  function jobQuery(f: JobFilter) {
    let q = db
      .selectFrom('job')
      .innerJoin('node', 'node.id', 'job.node_id')
      .where('job.company_id', '=', f.companyId)
      .where('job.tenant_group_id', 'in', f.siteIds)
      .where('job.kind', 'in', [...f.kinds]);
    if (f.ids) q = q.where('job.id', 'in', f.ids);
    if (f.tenantId !== undefined) q = q.where('job.tenant_id', '=', f.tenantId);
    if (f.tenantGroupId !== undefined) q = q.where('job.tenant_group_id', '=', f.tenantGroupId);
    if (f.groupId !== undefined) q = q.where('job.job_group_id', '=', f.groupId);
    if (f.jobTypeName !== undefined) q = q.where('job.job_type_name', '=', f.jobTypeName);
    if (f.statuses) q = q.where('job.status', 'in', [...f.statuses]);
    if (f.dateStatus === 'STOPPED') q = q.where('job.termination_date', 'is not', null);
    if (f.dateStatus === 'STARTED') {
      q = q.where('job.termination_date', 'is', null).where('job.start_date', 'is not', null);
    }
    if (f.dateStatus === 'NEW')
      q = q.where('job.termination_date', 'is', null).where('job.start_date', 'is', null);
    return q;
  }

  const empty = (f: JobFilter) => f.siteIds.length === 0 || f.kinds.length === 0 || f.ids?.length === 0;

  return {
    /** Jobs matching the filter, newest first (or oldest first), one page when limit is given. */
    async listJobs(f: JobFilter, opts: { dir?: 'asc' | 'desc'; limit?: number; offset?: number } = {}) {
      if (empty(f)) return [] as JobRow[];
      let q = jobQuery(f)
        .selectAll('job')
        .select([
          'node.node_type',
          'node.battery_level_type',
          'node.latest_battery',
          'node.latest_battery_ts',
          'node.latest_signal',
          'node.latest_signal_ts',
        ])
        .orderBy('job.created_at', opts.dir ?? 'desc')
        .orderBy('job.id', opts.dir ?? 'desc');
      if (opts.limit !== undefined) q = q.limit(opts.limit).offset(opts.offset ?? 0);
      return (await q.execute()) as JobRow[];
    },

    async countJobs(f: JobFilter): Promise<number> {
      if (empty(f)) return 0;
      const r = await jobQuery(f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** One job of the company, whatever its site (the caller checks the grant). */
    async jobById(companyId: number, id: number): Promise<JobRow | undefined> {
      return (await db
        .selectFrom('job')
        .innerJoin('node', 'node.id', 'job.node_id')
        .selectAll('job')
        .select([
          'node.node_type',
          'node.battery_level_type',
          'node.latest_battery',
          'node.latest_battery_ts',
          'node.latest_signal',
          'node.latest_signal_ts',
        ])
        .where('job.company_id', '=', companyId)
        .where('job.id', '=', id)
        .executeTakeFirst()) as JobRow | undefined;
    },

    /** A job group with its project's job site. */
    groupById(companyId: number, id: number) {
      return db
        .selectFrom('job_group')
        .innerJoin('tenant', 'tenant.id', 'job_group.tenant_id')
        .select([
          'job_group.id',
          'job_group.name',
          'job_group.status',
          'job_group.tenant_id',
          'job_group.created_at',
          'tenant.tenant_group_id',
        ])
        .where('job_group.company_id', '=', companyId)
        .where('job_group.id', '=', id)
        .executeTakeFirst();
    },

    groupsOfTenant(tenantId: number) {
      return db
        .selectFrom('job_group')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    tenantById(companyId: number, id: number) {
      return db
        .selectFrom('tenant')
        .select(['id', 'tenant_group_id', 'company_id'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    nodeById(companyId: number, id: number): Promise<Selectable<NodeTable> | undefined> {
      return db
        .selectFrom('node')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    sensorById(companyId: number, id: number) {
      return db
        .selectFrom('sensor')
        .innerJoin('node', 'node.id', 'sensor.node_id')
        .selectAll('sensor')
        .select(['node.tenant_group_id'])
        .where('sensor.company_id', '=', companyId)
        .where('sensor.id', '=', id)
        .executeTakeFirst();
    },

    sensorsOfNodes(nodeIds: number[]): Promise<Selectable<SensorTable>[]> {
      if (nodeIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('sensor')
        .selectAll()
        .where('node_id', 'in', [...new Set(nodeIds)])
        .orderBy('node_id')
        .orderBy('channel_id')
        .orderBy('id')
        .execute();
    },

    /** The latest temperature time of a node (each sensor keeps its latest reading's time). */
    async latestTimestampOfNode(nodeId: number, sensorType: string): Promise<number | null> {
      const r = await db
        .selectFrom('sensor')
        .select((eb) => eb.fn.max('latest_value_ts').as('ts'))
        .where('node_id', '=', nodeId)
        .where('sensor_type', '=', sensorType)
        .executeTakeFirst();
      return r?.ts === null || r?.ts === undefined ? null : Number(r.ts);
    },
  };
}
export type MeasurementsRepo = ReturnType<typeof createMeasurementsRepo>;
