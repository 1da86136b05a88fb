import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export function createCompaniesRepo(db: Kysely<Database>) {
  return {
    findByAuthCode(authCode: string) {
      return db.selectFrom('company').selectAll().where('auth_code', '=', authCode).executeTakeFirst();
    },
    findById(id: number) {
      return db.selectFrom('company').selectAll().where('id', '=', id).executeTakeFirst();
    },
    listModules(companyId: number, isActive?: boolean) {
      let q = db.selectFrom('company_module').selectAll().where('company_id', '=', companyId);
      if (isActive !== undefined) q = q.where('is_active', '=', isActive ? 1 : 0);
      return q.orderBy('id').execute();
    },
    findModule(companyId: number, moduleType: string) {
      return db
        .selectFrom('company_module')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('module_type', '=', moduleType as 'Concrete')
        .executeTakeFirst();
    },
    listAssets(companyId: number, type?: string) {
      let q = db.selectFrom('company_asset').selectAll().where('company_id', '=', companyId);
      if (type) q = q.where('type', '=', type as 'LOGO_IMG');
      return q.orderBy('id').execute();
    },
  };
}
export type CompaniesRepo = ReturnType<typeof createCompaniesRepo>;
