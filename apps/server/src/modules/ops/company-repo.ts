import { type Insertable, type Kysely, sql } from 'kysely';
import type {
  CompanyModuleTable,
  CompanyTable,
  Database,
  TenantGroupTable,
  TenantTable,
} from '../../db/types.ts';

/**
 * The queries of the operator's company command (docs/decisions/operator-company.md) that no module has:
 * making a company, its modules, its job sites and projects (the app makes none of these: only the demo seed
 * did), and the operator's list. The first admin goes through the users module's repo.
 * Each takes the transaction it runs in.
 */
export function createCompanyOpsRepo(db: Kysely<Database>) {
  return {
    /** Companies whose code equals `code` case ignored (the exact one included). */
    codesLike(code: string) {
      return db
        .selectFrom('company')
        .select(['id', 'name', 'auth_code'])
        .where(sql<string>`lower(auth_code)`, '=', code.toLowerCase())
        .orderBy('id')
        .execute();
    },
    async insertCompany(row: Insertable<CompanyTable>): Promise<number> {
      return (await db.insertInto('company').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },
    async insertModules(rows: Insertable<CompanyModuleTable>[]): Promise<void> {
      await db.insertInto('company_module').values(rows).execute();
    },
    async insertSite(row: Insertable<TenantGroupTable>): Promise<number> {
      return (await db.insertInto('tenant_group').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },
    /** A job site of the company with this name, case and surrounding spaces ignored. */
    siteNamed(companyId: number, name: string) {
      return db
        .selectFrom('tenant_group')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .where(sql<string>`lower(trim(name))`, '=', name.trim().toLowerCase())
        .executeTakeFirst();
    },
    async insertProjects(rows: Insertable<TenantTable>[]): Promise<void> {
      await db.insertInto('tenant').values(rows).execute();
    },
    /** Every company with its live users (deleted users left out), oldest first. */
    listWithUsers() {
      return db
        .selectFrom('company as c')
        .leftJoin('app_user as u', (j) => j.onRef('u.company_id', '=', 'c.id').on('u.deleted_at', 'is', null))
        .select(['c.id', 'c.name', 'c.auth_code', (eb) => eb.fn.count<number>('u.id').as('users')])
        .groupBy(['c.id', 'c.name', 'c.auth_code'])
        .orderBy('c.id')
        .execute();
    },
    /** What became of a queued message: handed to SMTP (sent_at), refused (error), or neither. */
    outboxState(id: number) {
      return db
        .selectFrom('mail_outbox')
        .select(['sent_at', 'error'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}
export type CompanyOpsRepo = ReturnType<typeof createCompanyOpsRepo>;
