import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, JobSignoffTable } from '../../db/types.ts';

export type SignoffRow = Selectable<JobSignoffTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The sign-offs of maturity jobs (table job_signoff): rows are inserted, never updated or deleted. */
export function createSignoffsRepo(db: Kysely<Database>) {
  return {
    /** Every sign-off of a job of the company, newest first (ties: the later id first). */
    list(companyId: number, jobId: number): Promise<SignoffRow[]> {
      return db
        .selectFrom('job_signoff')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('job_id', '=', jobId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Runs `work` in one transaction. */
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /**
     * A sign-off of the company, row-locked until the transaction ends (PostgreSQL; SQLite runs one
     * write transaction at a time), so two callers cannot both supersede it. The no-op update is the
     * lock: it works on both dialects, where SELECT ... FOR UPDATE does not.
     */
    async lockOne(trx: Db, companyId: number, id: number): Promise<SignoffRow | undefined> {
      await trx
        .updateTable('job_signoff')
        .set((eb) => ({ supersedes_id: eb.ref('supersedes_id') }))
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
      return trx
        .selectFrom('job_signoff')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The sign-off that replaced this one, if any. */
    async supersededBy(trx: Db, id: number): Promise<number | null> {
      const row = await trx
        .selectFrom('job_signoff')
        .select('id')
        .where('supersedes_id', '=', id)
        .orderBy('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async insert(trx: Db, values: Insertable<JobSignoffTable>): Promise<SignoffRow> {
      return trx.insertInto('job_signoff').values(values).returningAll().executeTakeFirstOrThrow();
    },
  };
}
export type SignoffsRepo = ReturnType<typeof createSignoffsRepo>;
