import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  ChecklistAuditTable,
  ChecklistFillTable,
  ChecklistPhotoTable,
  ChecklistTemplateTable,
  Database,
  TenantTable,
} from '../../db/types.ts';

export type TemplateRow = Selectable<ChecklistTemplateTable>;
export type AuditRow = Selectable<ChecklistAuditTable> & { template_name: string };
export type FillRow = Selectable<ChecklistFillTable>;
export type PhotoRow = Selectable<ChecklistPhotoTable>;
export type TenantRow = Selectable<TenantTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** How many entries of each template's audit the template itself carries (its CREATE entry among them). */
export const TEMPLATE_AUDITS_SHOWN = 50;

/**
 * Checklist templates, their projects and audit, filled checklists and photo rows (tables checklist_*).
 * Every query names the company.
 */
export function createChecklistsRepo(db: Kysely<Database>) {
  return {
    /** Runs `work` in one transaction. */
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** The company's templates by name (case ignored), or those of `ids` only. */
    templates(companyId: number, ids?: number[]): Promise<TemplateRow[]> {
      let q = db.selectFrom('checklist_template').selectAll().where('company_id', '=', companyId);
      if (ids) {
        if (ids.length === 0) return Promise.resolve([]);
        q = q.where('id', 'in', ids);
      }
      return q.orderBy(sql`lower(name)`).orderBy('id').execute();
    },

    async countTemplates(companyId: number): Promise<number> {
      const row = await db
        .selectFrom('checklist_template')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    findTemplate(companyId: number, id: number, trx: Db = db): Promise<TemplateRow | undefined> {
      return trx
        .selectFrom('checklist_template')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * A template of the company, row-locked until the transaction ends (PostgreSQL; SQLite runs one write
     * transaction at a time), so two changes of one template follow each other. The no-op update is the
     * lock: it works on both dialects, where SELECT ... FOR UPDATE does not.
     */
    async lockTemplate(trx: Db, companyId: number, id: number): Promise<TemplateRow | undefined> {
      await trx
        .updateTable('checklist_template')
        .set((eb) => ({ version: eb.ref('version') }))
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
      return trx
        .selectFrom('checklist_template')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    insertTemplate(trx: Db, values: Insertable<ChecklistTemplateTable>): Promise<TemplateRow> {
      return trx.insertInto('checklist_template').values(values).returningAll().executeTakeFirstOrThrow();
    },

    updateTemplate(
      trx: Db,
      id: number,
      set: Partial<Pick<TemplateRow, 'name' | 'template' | 'version' | 'is_active' | 'last_modified'>>,
    ): Promise<TemplateRow> {
      return trx
        .updateTable('checklist_template')
        .set(set)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The projects of each template, as (template, project) rows. */
    tenantsOf(templateIds: number[], trx: Db = db): Promise<{ template_id: number; tenant_id: number }[]> {
      if (templateIds.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('checklist_template_tenant')
        .select(['template_id', 'tenant_id'])
        .where('template_id', 'in', templateIds)
        .orderBy('template_id')
        .orderBy('tenant_id')
        .execute();
    },

    /** Replaces the projects of a template. */
    async setTenants(trx: Db, templateId: number, tenantIds: number[]): Promise<void> {
      await trx.deleteFrom('checklist_template_tenant').where('template_id', '=', templateId).execute();
      if (tenantIds.length > 0) {
        await trx
          .insertInto('checklist_template_tenant')
          .values(tenantIds.map((tenant_id) => ({ template_id: templateId, tenant_id })))
          .execute();
      }
    },

    /** Projects of the company among `ids`. */
    tenants(companyId: number, ids: number[], trx: Db = db): Promise<TenantRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('tenant')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
    },

    /** The ids of the projects of some job sites. */
    async tenantIdsOfSites(companyId: number, siteIds: number[]): Promise<number[]> {
      if (siteIds.length === 0) return [];
      const rows = await db
        .selectFrom('tenant')
        .select('id')
        .where('company_id', '=', companyId)
        .where('tenant_group_id', 'in', siteIds)
        .execute();
      return rows.map((r) => r.id);
    },

    insertAudit(trx: Db, values: Insertable<ChecklistAuditTable>): Promise<void> {
      return trx
        .insertInto('checklist_audit')
        .values(values)
        .execute()
        .then(() => undefined);
    },

    /**
     * What each template carries of its audit: its CREATE entry and its latest changes (fills left out),
     * TEMPLATE_AUDITS_SHOWN in all at most, oldest first.
     */
    async templateAudits(templateIds: number[], trx: Db = db): Promise<AuditRow[]> {
      if (templateIds.length === 0) return [];
      const ranked = trx
        .selectFrom('checklist_audit as a')
        .innerJoin('checklist_template as t', 't.id', 'a.template_id')
        .selectAll('a')
        .select('t.name as template_name')
        .select((eb) =>
          eb.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('a.template_id').orderBy('a.id', 'desc'))
            .as('rn'),
        )
        .where('a.template_id', 'in', templateIds)
        .where('a.operation', 'not in', ['CREATE', 'FILL']);
      const [created, latest] = await Promise.all([
        trx
          .selectFrom('checklist_audit as a')
          .innerJoin('checklist_template as t', 't.id', 'a.template_id')
          .selectAll('a')
          .select('t.name as template_name')
          .where('a.template_id', 'in', templateIds)
          .where('a.operation', '=', 'CREATE')
          .execute(),
        trx.selectFrom(ranked.as('r')).selectAll('r').where('r.rn', '<', TEMPLATE_AUDITS_SHOWN).execute(),
      ]);
      return [...created, ...latest.map(({ rn: _rn, ...row }) => row as AuditRow)].sort(
        (a, b) => a.id - b.id,
      );
    },

    /** The company's audit entries, newest first, optionally of one template or some usernames. */
    audits(
      companyId: number,
      filter: { templateId?: number; usernames?: string[] },
      limit: number,
    ): Promise<AuditRow[]> {
      let q = db
        .selectFrom('checklist_audit as a')
        .innerJoin('checklist_template as t', 't.id', 'a.template_id')
        .selectAll('a')
        .select('t.name as template_name')
        .where('a.company_id', '=', companyId);
      if (filter.templateId !== undefined) q = q.where('a.template_id', '=', filter.templateId);
      if (filter.usernames !== undefined) {
        if (filter.usernames.length === 0) return Promise.resolve([]);
        q = q.where('a.username', 'in', filter.usernames);
      }
      return q.orderBy('a.id', 'desc').limit(limit).execute();
    },

    insertFill(trx: Db, values: Insertable<ChecklistFillTable>): Promise<FillRow> {
      return trx.insertInto('checklist_fill').values(values).returningAll().executeTakeFirstOrThrow();
    },

    findFill(companyId: number, id: number): Promise<FillRow | undefined> {
      return db
        .selectFrom('checklist_fill')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The fills of a Lumitrack ID on some job sites, newest first. */
    fillsByLumitrackId(
      companyId: number,
      lumitrackId: string,
      siteIds: number[],
      limit: number,
    ): Promise<FillRow[]> {
      if (siteIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('checklist_fill')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('lumitrack_id', '=', lumitrackId)
        .where('tenant_group_id', 'in', siteIds)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The latest fill (the highest id) of each Lumitrack ID filled in a project, newest first. */
    latestFillsOfTenant(companyId: number, tenantId: number) {
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
            .where('tenant_id', '=', tenantId)
            .groupBy('lumitrack_id'),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    insertPhoto(values: Insertable<ChecklistPhotoTable>): Promise<void> {
      return db
        .insertInto('checklist_photo')
        .values(values)
        .execute()
        .then(() => undefined);
    },

    findPhoto(companyId: number, id: string): Promise<PhotoRow | undefined> {
      return db
        .selectFrom('checklist_photo')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** A user's photos that no fill took yet. */
    pendingPhotos(companyId: number, userId: number): Promise<PhotoRow[]> {
      return db
        .selectFrom('checklist_photo')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('fill_id', 'is', null)
        .orderBy('created_at')
        .execute();
    },

    /** Removes photo rows no fill took (their files are removed by the caller). */
    async deletePendingPhotos(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('checklist_photo').where('id', 'in', ids).where('fill_id', 'is', null).execute();
    },

    /** Gives a fill the user's pending photos; answers how many it took (fewer: one was taken meanwhile). */
    async attachPhotos(trx: Db, fillId: number, userId: number, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await trx
        .updateTable('checklist_photo')
        .set({ fill_id: fillId })
        .where('id', 'in', ids)
        .where('user_id', '=', userId)
        .where('fill_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
export type ChecklistsRepo = ReturnType<typeof createChecklistsRepo>;
