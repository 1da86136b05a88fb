import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, JobTable } from '../../db/types.ts';

/** Statuses of a job that holds its node: one such job per node. */
export const NODE_HOLDING_STATUSES = ['NONE', 'NEW', 'RUNNING', 'MAINTENANCE'];

type Conn = Kysely<Database> | Transaction<Database>;

/** Jobs of every kind, their job groups, and what creating a job checks. */
export function createJobsRepo(db: Kysely<Database>) {
  return {
    db,
    /** A project of the company with its job site's state. */
    findTenant(companyId: number, tenantId: number) {
      return db
        .selectFrom('tenant as t')
        .innerJoin('tenant_group as g', 'g.id', 't.tenant_group_id')
        .select(['t.id', 't.tenant_group_id', 't.type', 't.state', 'g.state as site_state'])
        .where('t.company_id', '=', companyId)
        .where('t.id', '=', tenantId)
        .executeTakeFirst();
    },
    findNode(companyId: number, nodeId: number) {
      return db
        .selectFrom('node')
        .select(['id', 'node_type', 'tenant_group_id', 'cable_id'])
        .where('company_id', '=', companyId)
        .where('id', '=', nodeId)
        .executeTakeFirst();
    },
    /** The job holding the node (new, running or in maintenance), if any. */
    holdingJob(nodeId: number) {
      return db
        .selectFrom('job')
        .select(['id', 'name'])
        .where('node_id', '=', nodeId)
        .where('status', 'in', NODE_HOLDING_STATUSES)
        .orderBy('id')
        .executeTakeFirst();
    },
    async nodeSensorTypes(nodeId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('sensor')
        .select('sensor_type')
        .distinct()
        .where('node_id', '=', nodeId)
        .orderBy('sensor_type')
        .execute();
      return rows.map((r) => r.sensor_type);
    },
    profileExists(companyId: number, id: number) {
      return db
        .selectFrom('concrete_profile')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    findGroup(companyId: number, tenantId: number, id: number) {
      return db
        .selectFrom('job_group')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async insertGroup(conn: Conn, companyId: number, tenantId: number, name: string, now: number) {
      const { id } = await conn
        .insertInto('job_group')
        .values({ company_id: companyId, tenant_id: tenantId, name, status: 'NEW', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async insertJob(conn: Conn, values: Insertable<JobTable>) {
      const { id } = await conn.insertInto('job').values(values).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    /** A job of the company (any kind), with its node's type. */
    findJob(companyId: number, id: number) {
      return db
        .selectFrom('job as j')
        .innerJoin('node as n', 'n.id', 'j.node_id')
        .selectAll('j')
        .select('n.node_type')
        .where('j.company_id', '=', companyId)
        .where('j.id', '=', id)
        .executeTakeFirst();
    },
    async setDates(
      id: number,
      values: { status: string; start_date?: number | null; termination_date?: number | null },
    ): Promise<void> {
      await db.updateTable('job').set(values).where('id', '=', id).execute();
    },
    async setProfile(id: number, concreteProfileId: number): Promise<void> {
      await db
        .updateTable('job')
        .set({ concrete_profile_id: concreteProfileId })
        .where('id', '=', id)
        .execute();
    },
    /** Sets a job group's status from its jobs' statuses (rule given by the caller). */
    async refreshGroupStatus(groupId: number, rule: (statuses: string[]) => string): Promise<void> {
      const rows = await db.selectFrom('job').select('status').where('job_group_id', '=', groupId).execute();
      await db
        .updateTable('job_group')
        .set({ status: rule(rows.map((r) => r.status)) })
        .where('id', '=', groupId)
        .execute();
    },
  };
}
export type JobsRepo = ReturnType<typeof createJobsRepo>;
