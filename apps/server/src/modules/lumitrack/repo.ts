import { LUMITRACK_LIST_MAX, LUMITRACK_MODULE_TYPE, LUMITRACK_PROJECT_TYPE } from '@sitepulse/domain';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database, LumitrackFileRequestTable, LumitrackIdTable } from '../../db/types.ts';
import { createLeasedQueue } from '../../jobs/leased-queue.ts';

export type IdRow = Selectable<LumitrackIdTable>;
export type FileRequestRow = Selectable<LumitrackFileRequestTable>;
export type NewFileRequest = Insertable<LumitrackFileRequestTable>;
type Q = Kysely<Database> | Transaction<Database>;

/** An ID with its project and GPS node, as the calls answer it. */
export interface IdView extends IdRow {
  project_name: string | null;
  tenant_group_id: number | null;
  node_name: string | null;
  node_type: string | null;
  node_site_id: number | null;
  latest_lat: number | null;
  latest_lng: number | null;
  latest_location_ts: number | null;
}

/** One ID of a file request, in label order, with the job site of its project (null: none). */
export interface RequestItem {
  request_id: number;
  position: number;
  id_row: number;
  lumitrack_id: string;
  tenant_group_id: number | null;
}

/** Queries of the Lumitrack module: IDs, file requests (a leased queue), and label preferences. */
export function createLumitrackRepo(store: Db) {
  const { db } = store;
  const postgres = store.dialect === 'postgres';

  const idView = (q: Q) =>
    q
      .selectFrom('lumitrack_id as l')
      .leftJoin('tenant as t', 't.id', 'l.tenant_id')
      .leftJoin('node as n', 'n.id', 'l.gps_node_id')
      .selectAll('l')
      .select([
        't.name as project_name',
        't.tenant_group_id',
        'n.name as node_name',
        'n.node_type',
        'n.tenant_group_id as node_site_id',
        'n.latest_lat',
        'n.latest_lng',
        'n.latest_location_ts',
      ]);

  return {
    /** The queue of file requests: NEW, claimed RUNNING with a lease, then DONE or ERROR. */
    queue: createLeasedQueue<FileRequestRow>(store, {
      table: 'lumitrack_file_request',
      statusColumn: 'status',
      ready: 'NEW',
      running: 'RUNNING',
      failed: 'ERROR',
      onClaim: (now) => ({ started_at: sql`COALESCE(started_at, ${now})` }),
      onAbandoned: (now) => ({ finished_at: now }),
    }),

    transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    /**
     * The company's Lumitrack module, locked until the transaction ends on PostgreSQL (SQLite runs one
     * write transaction at a time): two calls making IDs at once count the year's IDs one after the other.
     */
    async lockModule(trx: Transaction<Database>, companyId: number) {
      let q = trx
        .selectFrom('company_module')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('module_type', '=', LUMITRACK_MODULE_TYPE);
      if (postgres) q = q.forUpdate();
      return q.executeTakeFirst();
    },

    async module(companyId: number) {
      return db
        .selectFrom('company_module')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('module_type', '=', LUMITRACK_MODULE_TYPE)
        .executeTakeFirst();
    },

    /** IDs the company made from `since` on, whatever their state (the annual limit counts deleted ones). */
    async countMadeSince(companyId: number, since: number, q: Q = db): Promise<number> {
      const r = await q
        .selectFrom('lumitrack_id')
        .select(sql<number>`count(*)`.as('n'))
        .where('company_id', '=', companyId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** Active IDs made from `from` to `to`. */
    async countActiveBetween(companyId: number, from: number, to: number): Promise<number> {
      const r = await db
        .selectFrom('lumitrack_id')
        .select(sql<number>`count(*)`.as('n'))
        .where('company_id', '=', companyId)
        .where('state', '=', 'Active')
        .where('created_at', '>=', from)
        .where('created_at', '<=', to)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** Which of these human IDs the company already has. */
    async taken(trx: Q, companyId: number, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await trx
        .selectFrom('lumitrack_id')
        .select('lumitrack_id')
        .where('company_id', '=', companyId)
        .where('lumitrack_id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.lumitrack_id));
    },

    async insertIds(trx: Q, rows: Insertable<LumitrackIdTable>[]): Promise<IdRow[]> {
      if (rows.length === 0) return [];
      return trx.insertInto('lumitrack_id').values(rows).returningAll().execute();
    },

    async findIds(companyId: number, ids: string[], q: Q = db): Promise<IdView[]> {
      if (ids.length === 0) return [];
      return idView(q)
        .where('l.company_id', '=', companyId)
        .where('l.lumitrack_id', 'in', ids)
        .execute() as Promise<IdView[]>;
    },

    async findIdRows(rowIds: number[]): Promise<IdView[]> {
      if (rowIds.length === 0) return [];
      return idView(db).where('l.id', 'in', rowIds).execute() as Promise<IdView[]>;
    },

    /**
     * Active IDs of the company, newest first (at most LUMITRACK_LIST_MAX): of one project, of one job
     * site's projects, or (company) those in no project and those on `siteIds`.
     */
    async listIds(
      f: { companyId: number } & (
        | { tenantId: number }
        | { siteId: number }
        | { siteIds: number[]; unassigned: true }
      ),
    ): Promise<IdView[]> {
      let q = idView(db).where('l.company_id', '=', f.companyId).where('l.state', '=', 'Active');
      if ('tenantId' in f) q = q.where('l.tenant_id', '=', f.tenantId);
      else if ('siteId' in f) q = q.where('t.tenant_group_id', '=', f.siteId);
      else {
        const sites = f.siteIds;
        q = q.where((e) =>
          sites.length > 0
            ? e.or([e('l.tenant_id', 'is', null), e('t.tenant_group_id', 'in', sites)])
            : e('l.tenant_id', 'is', null),
        );
      }
      return q
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(LUMITRACK_LIST_MAX)
        .execute() as Promise<IdView[]>;
    },

    async updateId(
      id: number,
      values: Partial<Pick<IdRow, 'tenant_id' | 'gps_node_id' | 'state' | 'deactivated_at' | 'updated_at'>>,
    ): Promise<void> {
      await db.updateTable('lumitrack_id').set(values).where('id', '=', id).execute();
    },

    /** A project of the company with its job site's state. */
    async project(companyId: number, tenantId: number) {
      return db
        .selectFrom('tenant as t')
        .innerJoin('tenant_group as g', 'g.id', 't.tenant_group_id')
        .select(['t.id', 't.name', 't.type', 't.state', 't.tenant_group_id', 'g.state as site_state'])
        .where('t.company_id', '=', companyId)
        .where('t.id', '=', tenantId)
        .executeTakeFirst();
    },

    /** A node of the company. */
    async node(companyId: number, nodeId: number) {
      return db
        .selectFrom('node')
        .select(['id', 'name', 'node_type', 'cable_id', 'tenant_id', 'tenant_group_id'])
        .where('company_id', '=', companyId)
        .where('id', '=', nodeId)
        .executeTakeFirst();
    },

    /** The ID a node tracks, if any. */
    async holderOfNode(nodeId: number) {
      return db
        .selectFrom('lumitrack_id')
        .select(['id', 'lumitrack_id', 'company_id'])
        .where('gps_node_id', '=', nodeId)
        .executeTakeFirst();
    },

    /** The job sites of the company that have a Lumitrack project (not archived). */
    async lumitrackSites(companyId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('tenant')
        .select('tenant_group_id')
        .distinct()
        .where('company_id', '=', companyId)
        .where('type', '=', LUMITRACK_PROJECT_TYPE as 'Lumitrack')
        .where('state', '!=', 'TERMINATED')
        .execute();
      return rows.map((r) => r.tenant_group_id);
    },

    async companyName(companyId: number): Promise<string | undefined> {
      const c = await db.selectFrom('company').select('name').where('id', '=', companyId).executeTakeFirst();
      return c?.name;
    },

    // ---------------------------------------------------------------- file requests

    /** A request and its IDs (row ids, in label order). */
    async insertRequest(trx: Q, values: NewFileRequest, idRows: number[]): Promise<FileRequestRow> {
      const row = await trx
        .insertInto('lumitrack_file_request')
        .values(values)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('lumitrack_file_request_item')
        .values(idRows.map((id, position) => ({ request_id: row.id, position, lumitrack_id_id: id })))
        .execute();
      return row;
    },

    async findRequests(companyId: number, ids: number[]): Promise<FileRequestRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('lumitrack_file_request')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async findRequest(id: number): Promise<FileRequestRow | undefined> {
      return db.selectFrom('lumitrack_file_request').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The IDs of these requests, in label order, each with its project's job site. */
    async itemsOf(requestIds: number[]): Promise<RequestItem[]> {
      if (requestIds.length === 0) return [];
      return db
        .selectFrom('lumitrack_file_request_item as i')
        .innerJoin('lumitrack_id as l', 'l.id', 'i.lumitrack_id_id')
        .leftJoin('tenant as t', 't.id', 'l.tenant_id')
        .select(['i.request_id', 'i.position', 'l.id as id_row', 'l.lumitrack_id', 't.tenant_group_id'])
        .where('i.request_id', 'in', requestIds)
        .orderBy('i.request_id')
        .orderBy('i.position')
        .execute();
    },

    /** Requests of the company holding any of these IDs (row ids), newest first. */
    async requestIdsHolding(
      companyId: number,
      idRows: number[],
      isUserDefined: boolean | undefined,
      limit: number,
    ): Promise<number[]> {
      if (idRows.length === 0) return [];
      let q = db
        .selectFrom('lumitrack_file_request as r')
        .select('r.id')
        .where('r.company_id', '=', companyId)
        .where((e) =>
          e.exists(
            e
              .selectFrom('lumitrack_file_request_item as i')
              .select('i.request_id')
              .whereRef('i.request_id', '=', 'r.id')
              .where('i.lumitrack_id_id', 'in', idRows),
          ),
        );
      if (isUserDefined !== undefined) q = q.where('r.is_user_defined', '=', isUserDefined ? 1 : 0);
      const rows = await q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
      return rows.map((r) => r.id);
    },

    /** The company's requests, newest first. */
    async requestIdsOfCompany(
      companyId: number,
      isUserDefined: boolean | undefined,
      limit: number,
    ): Promise<number[]> {
      let q = db.selectFrom('lumitrack_file_request').select('id').where('company_id', '=', companyId);
      if (isUserDefined !== undefined) q = q.where('is_user_defined', '=', isUserDefined ? 1 : 0);
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => r.id);
    },

    // ---------------------------------------------------------------- preferences

    async preference(userId: number): Promise<string | undefined> {
      const r = await db
        .selectFrom('lumitrack_label_preference')
        .select('file_format')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return r?.file_format;
    },

    async setPreference(userId: number, fileFormat: string, now: number): Promise<void> {
      await db
        .insertInto('lumitrack_label_preference')
        .values({ user_id: userId, file_format: fileFormat, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ file_format: fileFormat, updated_at: now }))
        .execute();
    },
  };
}
export type LumitrackRepo = ReturnType<typeof createLumitrackRepo>;
