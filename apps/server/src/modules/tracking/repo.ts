import { LUMITRACK_PROJECT_TYPE } from '@sitepulse/domain';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database, MaterialEventTable, MaterialStageTable } from '../../db/types.ts';

type Q = Kysely<Database> | Transaction<Database>;

/** A stage with the name of its checklist template and how many events were recorded at it. */
export interface StageRow extends Selectable<MaterialStageTable> {
  checklist_template_name: string | null;
  event_count: number | string;
}

/** An active Lumitrack ID with its project and its latest stage event (null: none yet). */
export interface ElementRow {
  id: number;
  lumitrack_id: string;
  state: string;
  tenant_id: number | null;
  created_at: number | string;
  project_name: string | null;
  tenant_group_id: number | null;
  stage_id: number | null;
  stage_name: string | null;
  stage_position: number | null;
  stage_since: number | string | null;
  stage_username: string | null;
  stage_user_name: string | null;
}

/** An element of the tracking manager: also its GPS node and the node's last fix. */
export interface TrackedRow extends ElementRow {
  gps_node_id: number | null;
  node_name: string | null;
  latest_lat: number | null;
  latest_lng: number | null;
  latest_location_ts: number | string | null;
}

/** A stage event with its stage and the checklist that backs it. */
export interface EventRow extends Selectable<MaterialEventTable> {
  lumitrack_id: string;
  stage_name: string;
  stage_position: number;
  checklist_template_name: string | null;
}

/** Which elements a list holds: the company's active IDs in no project or on `siteIds`, of one project. */
export interface ElementScope {
  companyId: number;
  siteIds: readonly number[];
  tenantId?: number;
}

/** Which of them: at a stage, with no stage yet, or all. */
export type StageFilter = { stageId: number } | { notStarted: true } | Record<string, never>;

/**
 * Queries of material tracking and the tracking manager: the company's stages, the stage events of its
 * elements (Lumitrack IDs), and the reads joining IDs, GPS nodes, stage events and checklist fills. Every
 * query names the company.
 */
export function createTrackingRepo(store: Db) {
  const { db } = store;
  const postgres = store.dialect === 'postgres';

  /** The company's IDs, each with its project and the id of its latest stage event (the highest id). */
  const elementBase = (q: Q, companyId: number) =>
    q
      .selectFrom('lumitrack_id as l')
      .leftJoin('tenant as t', 't.id', 'l.tenant_id')
      .select([
        'l.id',
        'l.lumitrack_id',
        'l.state',
        'l.tenant_id',
        'l.created_at',
        'l.gps_node_id',
        't.name as project_name',
        't.tenant_group_id',
      ])
      .select((eb) =>
        eb
          .selectFrom('material_event as le')
          .select((e) => e.fn.max('le.id').as('m'))
          .whereRef('le.lumitrack_id_id', '=', 'l.id')
          .as('last_event_id'),
      )
      .where('l.company_id', '=', companyId);

  /** Those IDs (as `x`) with their latest stage event (`e`) and its stage (`s`). */
  const withStage = (q: Q, base: ReturnType<typeof elementBase>) =>
    q
      .selectFrom(base.as('x'))
      .leftJoin('material_event as e', 'e.id', 'x.last_event_id')
      .leftJoin('material_stage as s', 's.id', 'e.stage_id');

  /** The scope's active IDs with their latest stage event. */
  const scoped = (q: Q, scope: ElementScope) => {
    let base = elementBase(q, scope.companyId).where('l.state', '=', 'Active');
    const sites = [...scope.siteIds];
    base = base.where((e) =>
      sites.length > 0
        ? e.or([e('l.tenant_id', 'is', null), e('t.tenant_group_id', 'in', sites)])
        : e('l.tenant_id', 'is', null),
    );
    if (scope.tenantId !== undefined) base = base.where('l.tenant_id', '=', scope.tenantId);
    return withStage(q, base);
  };

  const elementColumns = [
    'x.id',
    'x.lumitrack_id',
    'x.state',
    'x.tenant_id',
    'x.created_at',
    'x.project_name',
    'x.tenant_group_id',
    'e.stage_id',
    's.name as stage_name',
    's.position as stage_position',
    'e.created_at as stage_since',
    'e.username as stage_username',
    'e.user_name as stage_user_name',
  ] as const;

  function filtered(q: ReturnType<typeof scoped>, f: StageFilter) {
    if ('stageId' in f) return q.where('e.stage_id', '=', f.stageId);
    if ('notStarted' in f) return q.where('x.last_event_id', 'is', null);
    return q;
  }

  async function countOf(q: ReturnType<typeof scoped>): Promise<number> {
    const r = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  return {
    transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    /**
     * Holds the company's stage list for this transaction on PostgreSQL (SQLite runs one write transaction at
     * a time): two admins saving stages, or two first reads writing the defaults, follow each other. NO KEY
     * UPDATE does not block rows that merely refer to the company.
     */
    async lockCompany(trx: Transaction<Database>, companyId: number): Promise<void> {
      let q = trx.selectFrom('company').select('id').where('id', '=', companyId);
      if (postgres) q = q.forNoKeyUpdate();
      await q.executeTakeFirst();
    },

    /** Holds an element until the transaction ends (PostgreSQL), so two scans of it are judged one after the other. */
    async lockElement(trx: Transaction<Database>, rowId: number): Promise<void> {
      let q = trx.selectFrom('lumitrack_id').select('id').where('id', '=', rowId);
      if (postgres) q = q.forNoKeyUpdate();
      await q.executeTakeFirst();
    },

    /** The company's stages in order, with their checklist template's name and their event count. */
    stages(companyId: number, q: Q = db): Promise<StageRow[]> {
      return q
        .selectFrom('material_stage as s')
        .leftJoin('checklist_template as c', 'c.id', 's.checklist_template_id')
        .selectAll('s')
        .select('c.name as checklist_template_name')
        .select((eb) =>
          eb
            .selectFrom('material_event as e')
            .select((e) => e.fn.countAll<number | string>().as('n'))
            .whereRef('e.stage_id', '=', 's.id')
            .as('event_count'),
        )
        .where('s.company_id', '=', companyId)
        .orderBy('s.position')
        .orderBy('s.id')
        .execute() as Promise<StageRow[]>;
    },

    async insertStages(trx: Q, rows: Insertable<MaterialStageTable>[]): Promise<void> {
      if (rows.length > 0) await trx.insertInto('material_stage').values(rows).execute();
    },

    async updateStage(
      trx: Q,
      id: number,
      set: Pick<Selectable<MaterialStageTable>, 'name' | 'position' | 'checklist_template_id' | 'updated_at'>,
    ): Promise<void> {
      await trx.updateTable('material_stage').set(set).where('id', '=', id).execute();
    },

    async deleteStages(trx: Q, ids: number[]): Promise<void> {
      if (ids.length > 0) await trx.deleteFrom('material_stage').where('id', 'in', ids).execute();
    },

    /** Checklist templates of the company among `ids`. */
    templates(companyId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('checklist_template')
        .select(['id', 'name', 'is_active'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
    },

    /** A project of the company (any type). */
    project(companyId: number, tenantId: number) {
      return db
        .selectFrom('tenant')
        .select(['id', 'name', 'type', 'tenant_group_id'])
        .where('company_id', '=', companyId)
        .where('id', '=', tenantId)
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

    // ---------------------------------------------------------------- elements

    /** Elements now at each stage (null: none yet) in the scope. */
    async countsByStage(scope: ElementScope): Promise<Map<number | null, number>> {
      const rows = await scoped(db, scope)
        .select(['e.stage_id', sql<number | string>`count(*)`.as('n')])
        .groupBy('e.stage_id')
        .execute();
      return new Map(rows.map((r) => [r.stage_id, Number(r.n)]));
    },

    /** One page of the scope's elements with a stage filter, newest first, and how many match in all. */
    async elements(
      scope: ElementScope,
      filter: StageFilter,
      page: number,
      rpp: number,
    ): Promise<{ total: number; rows: ElementRow[] }> {
      const q = filtered(scoped(db, scope), filter);
      const [total, rows] = await Promise.all([
        countOf(q),
        q
          .select([...elementColumns])
          .orderBy('x.created_at', 'desc')
          .orderBy('x.id', 'desc')
          .limit(rpp)
          .offset(page * rpp)
          .execute(),
      ]);
      return { total, rows: rows as ElementRow[] };
    },

    /** One element (by its row id, Active or not) with its latest stage event. */
    async element(companyId: number, rowId: number): Promise<ElementRow | undefined> {
      const row = await withStage(db, elementBase(db, companyId).where('l.id', '=', rowId))
        .select([...elementColumns])
        .executeTakeFirst();
      return row as ElementRow | undefined;
    },

    /** One page of the tracking manager: elements with their GPS node and its last fix, and the counts. */
    async tracked(
      scope: ElementScope,
      page: number,
      rpp: number,
    ): Promise<{ total: number; positioned: number; rows: TrackedRow[] }> {
      const q = scoped(db, scope).leftJoin('node as n', 'n.id', 'x.gps_node_id');
      const fixed = q
        .where('n.latest_lat', 'is not', null)
        .where('n.latest_lng', 'is not', null)
        .where('n.latest_location_ts', 'is not', null);
      const [total, positioned, rows] = await Promise.all([
        countOf(q),
        countOf(fixed),
        q
          .select([...elementColumns])
          .select([
            'x.gps_node_id',
            'n.name as node_name',
            'n.latest_lat',
            'n.latest_lng',
            'n.latest_location_ts',
          ])
          .orderBy('x.created_at', 'desc')
          .orderBy('x.id', 'desc')
          .limit(rpp)
          .offset(page * rpp)
          .execute(),
      ]);
      return { total, positioned, rows: rows as TrackedRow[] };
    },

    /** The latest checklist (highest id) of each of these IDs filled on `siteIds`. */
    latestFills(companyId: number, lumitrackIds: string[], siteIds: readonly number[]) {
      if (lumitrackIds.length === 0 || siteIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('checklist_fill')
        .select(['id', 'template_id', 'template_name', 'lumitrack_id', 'username', 'user_name', 'created_at'])
        .where(
          'id',
          'in',
          db
            .selectFrom('checklist_fill')
            .select((eb) => eb.fn.max('id').as('id'))
            .where('company_id', '=', companyId)
            .where('lumitrack_id', 'in', lumitrackIds)
            .where('tenant_group_id', 'in', [...siteIds])
            .groupBy('lumitrack_id'),
        )
        .execute();
    },

    // ---------------------------------------------------------------- events

    /** The latest event of an element with its stage's position now (in the transaction). */
    latestEvent(trx: Q, rowId: number) {
      return trx
        .selectFrom('material_event as e')
        .innerJoin('material_stage as s', 's.id', 'e.stage_id')
        .select(['e.id', 'e.stage_id', 's.name', 's.position'])
        .where('e.lumitrack_id_id', '=', rowId)
        .orderBy('e.id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async insertEvent(trx: Q, values: Insertable<MaterialEventTable>): Promise<number> {
      const r = await trx
        .insertInto('material_event')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    /** Events of an element (or one event by id), newest first, with their stage and checklist. */
    events(
      companyId: number,
      filter: { rowId: number; limit: number } | { id: number },
    ): Promise<EventRow[]> {
      let q = db
        .selectFrom('material_event as e')
        .innerJoin('material_stage as s', 's.id', 'e.stage_id')
        .innerJoin('lumitrack_id as l', 'l.id', 'e.lumitrack_id_id')
        .leftJoin('checklist_fill as f', 'f.id', 'e.checklist_fill_id')
        .selectAll('e')
        .select([
          'l.lumitrack_id',
          's.name as stage_name',
          's.position as stage_position',
          'f.template_name as checklist_template_name',
        ])
        .where('e.company_id', '=', companyId);
      q = 'id' in filter ? q.where('e.id', '=', filter.id) : q.where('e.lumitrack_id_id', '=', filter.rowId);
      return q
        .orderBy('e.id', 'desc')
        .limit('id' in filter ? 1 : filter.limit)
        .execute() as Promise<EventRow[]>;
    },
  };
}
export type TrackingRepo = ReturnType<typeof createTrackingRepo>;
