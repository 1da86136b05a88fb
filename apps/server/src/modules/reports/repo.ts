import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database, ReportRequestTable, ReportScheduleTable } from '../../db/types.ts';
import { createLeasedQueue } from '../../jobs/leased-queue.ts';

export type RequestRow = Selectable<ReportRequestTable>;
export type ScheduleRow = Selectable<ReportScheduleTable>;
export type NewRequest = Insertable<ReportRequestTable>;

/** The most rows one list answers (newest first): lists are of one site's or one user's reports. */
export const REPORT_LIST_MAX = 500;

/** Queries of the reports module: requests, schedules, and what a request may name on its site. */
export function createReportsRepo(store: Db) {
  const { db } = store;
  const queue = createLeasedQueue<RequestRow>(store, {
    table: 'report_request',
    statusColumn: 'status',
    ready: 'NEW',
    running: 'RUNNING',
    failed: 'ERROR',
    onClaim: (now) => ({ started_at: sql`COALESCE(started_at, ${now})` }),
    onAbandoned: (now) => ({ finished_at: now }),
  });

  return {
    transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    async insertRequest(values: NewRequest): Promise<RequestRow> {
      return db.insertInto('report_request').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async findRequest(companyId: number, id: number): Promise<RequestRow | undefined> {
      return db
        .selectFrom('report_request')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async findByFileName(companyId: number, fileName: string): Promise<RequestRow | undefined> {
      return db
        .selectFrom('report_request')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('file_name', '=', fileName)
        .where('status', '=', 'DONE')
        .executeTakeFirst();
    },

    async listRequests(f: {
      companyId: number;
      siteIds: number[];
      ownerUserId?: number;
      tenantGroupId?: number;
      status?: string;
      msjId?: number;
    }): Promise<RequestRow[]> {
      if (f.siteIds.length === 0) return [];
      let q = db
        .selectFrom('report_request')
        .selectAll()
        .where('company_id', '=', f.companyId)
        .where('tenant_group_id', 'in', f.siteIds);
      if (f.ownerUserId !== undefined) q = q.where('owner_user_id', '=', f.ownerUserId);
      if (f.tenantGroupId !== undefined) q = q.where('tenant_group_id', '=', f.tenantGroupId);
      if (f.status !== undefined) q = q.where('status', '=', f.status);
      if (f.msjId !== undefined) q = q.where('msj_id', '=', f.msjId);
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(REPORT_LIST_MAX).execute();
    },

    async latestOfSchedules(ids: number[]): Promise<Map<number, RequestRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('report_request')
        .selectAll()
        .where('schedule_id', 'in', ids)
        .where('id', 'in', (q) =>
          q
            .selectFrom('report_request')
            .select((e) => e.fn.max('id').as('id'))
            .groupBy('schedule_id'),
        )
        .execute();
      return new Map(rows.map((r) => [r.schedule_id as number, r]));
    },

    async deleteRequest(id: number): Promise<void> {
      await db.deleteFrom('report_request').where('id', '=', id).execute();
    },

    async setMdd(id: number, mddId: number): Promise<void> {
      await db.updateTable('report_request').set({ mdd_id: mddId }).where('id', '=', id).execute();
    },

    // ------------------------------------------------------------ the queue

    /** The queue of requests (jobs/leased-queue.ts): NEW, claimed RUNNING with a lease, then DONE or ERROR. */
    queue,

    /** Claims the oldest request as a worker does (queue.claim). */
    claim: queue.claim,

    // ------------------------------------------------------------ schedules

    async insertSchedule(values: Insertable<ReportScheduleTable>): Promise<ScheduleRow> {
      return db.insertInto('report_schedule').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async findSchedule(companyId: number, id: number): Promise<ScheduleRow | undefined> {
      return db
        .selectFrom('report_schedule')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async listSchedules(companyId: number, siteIds: number[]): Promise<ScheduleRow[]> {
      if (siteIds.length === 0) return [];
      return db
        .selectFrom('report_schedule')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('tenant_group_id', 'in', siteIds)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(REPORT_LIST_MAX)
        .execute();
    },

    async setScheduleActive(id: number, isActive: boolean, nextRunAt: number | null): Promise<void> {
      await db
        .updateTable('report_schedule')
        .set({ is_active: isActive ? 1 : 0, next_run_at: nextRunAt })
        .where('id', '=', id)
        .execute();
    },

    async dueSchedules(now: number, limit: number): Promise<ScheduleRow[]> {
      return db
        .selectFrom('report_schedule')
        .selectAll()
        .where('is_active', '=', 1)
        .where('next_run_at', '<=', now)
        .orderBy('next_run_at')
        .limit(limit)
        .execute();
    },

    /**
     * Fires one occurrence: moves next_run_at from `due` to `next` only if it is still `due`
     * (compare-and-set), and in the same transaction inserts the request. Answers the request, or
     * undefined when another scheduler fired this occurrence first.
     */
    async fire(
      schedule: ScheduleRow,
      due: number,
      next: number | null,
      now: number,
      request: NewRequest,
    ): Promise<RequestRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('report_schedule')
          .set({ next_run_at: next, last_run_at: now })
          .where('id', '=', schedule.id)
          .where('is_active', '=', 1)
          .where('next_run_at', '=', due)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return undefined;
        return trx.insertInto('report_request').values(request).returningAll().executeTakeFirstOrThrow();
      });
    },

    // ------------------------------------------------------------ what a request names

    async site(companyId: number, id: number) {
      return db
        .selectFrom('tenant_group as g')
        .innerJoin('company as c', 'c.id', 'g.company_id')
        .select(['g.id', 'g.name', 'c.name as companyName', 'g.company_id'])
        .where('g.company_id', '=', companyId)
        .where('g.id', '=', id)
        .executeTakeFirst();
    },

    async siteNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('tenant_group')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async job(companyId: number, id: number) {
      return db
        .selectFrom('job')
        .select([
          'id',
          'tenant_group_id',
          'name',
          'kind',
          'job_type_name',
          'job_group_id',
          'start_date',
          'termination_date',
          'created_at',
        ])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The job site a job group's project belongs to. */
    async jobGroupSite(companyId: number, id: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('job_group as jg')
        .innerJoin('tenant as t', 't.id', 'jg.tenant_id')
        .select('t.tenant_group_id')
        .where('jg.company_id', '=', companyId)
        .where('jg.id', '=', id)
        .executeTakeFirst();
      return row?.tenant_group_id;
    },

    /** Sensors of a site's nodes (optionally only those of one job group's jobs), with the job each is on. */
    async sensors(f: { companyId: number; siteId: number; jobGroupId?: number; blacklistedOnly?: boolean }) {
      let q = db
        .selectFrom('sensor as s')
        .innerJoin('node as n', 'n.id', 's.node_id')
        .leftJoin('job as j', (join) =>
          join
            .onRef('j.node_id', '=', 'n.id')
            .on('j.kind', '=', 'MATURITY')
            .on('j.tenant_group_id', '=', f.siteId),
        )
        .select([
          's.id as sensorId',
          's.alias',
          's.sensor_type',
          's.node_id',
          's.blacklisted',
          'j.id as jobId',
          'j.name as jobName',
          'j.job_group_id',
        ])
        .where('s.company_id', '=', f.companyId)
        .where('n.tenant_group_id', '=', f.siteId);
      if (f.jobGroupId !== undefined) q = q.where('j.job_group_id', '=', f.jobGroupId);
      if (f.blacklistedOnly) q = q.where('s.blacklisted', '=', 1);
      return q.orderBy('s.id').orderBy('j.id', 'desc').execute();
    },

    /** The ids among `ids` of sensors on the site's nodes. */
    async sensorIdsOnSite(companyId: number, siteId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('sensor as s')
        .innerJoin('node as n', 'n.id', 's.node_id')
        .select('s.id')
        .where('s.company_id', '=', companyId)
        .where('n.tenant_group_id', '=', siteId)
        .where('s.id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    async nodes(companyId: number, siteId: number) {
      return db
        .selectFrom('node as n')
        .leftJoin('sensor as s', 's.node_id', 'n.id')
        .select((e) => ['n.id', 'n.name', 'n.node_type', e.fn.count<number>('s.id').as('sensorCount')])
        .where('n.company_id', '=', companyId)
        .where('n.tenant_group_id', '=', siteId)
        .groupBy(['n.id', 'n.name', 'n.node_type'])
        .orderBy('n.id')
        .execute();
    },

    async nodeIdsOnSite(companyId: number, siteId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('node')
        .select('id')
        .where('company_id', '=', companyId)
        .where('tenant_group_id', '=', siteId)
        .where('id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    // ------------------------------------------------------------ people

    /** Live users of the company among `ids`, with their access to the site (null: not granted). */
    async people(companyId: number, siteId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('app_user as u')
        .leftJoin('user_tenant_group as g', (join) =>
          join.onRef('g.user_id', '=', 'u.id').on('g.tenant_group_id', '=', siteId),
        )
        .leftJoin('user_setting as l', (join) =>
          join.onRef('l.user_id', '=', 'u.id').on('l.type', '=', 'Language'),
        )
        .select([
          'u.id',
          'u.username',
          'u.email',
          'u.first_name',
          'u.last_name',
          'u.account_type',
          'u.roles',
          'u.is_active',
          'u.deleted_at',
          'g.access',
          'l.val as language',
        ])
        .where('u.company_id', '=', companyId)
        .where('u.id', 'in', ids)
        .execute();
    },

    /** A user's settings by type. */
    async settingsOf(userId: number): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('user_setting')
        .select(['type', 'val'])
        .where('user_id', '=', userId)
        .execute();
      return new Map(rows.map((r) => [r.type, r.val]));
    },
  };
}
export type ReportsRepo = ReturnType<typeof createReportsRepo>;
