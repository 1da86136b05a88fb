import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ConcreteProfileTable, Database } from '../../db/types.ts';

export type ProfileRow = Selectable<ConcreteProfileTable> & { job_count: number };

/** Concrete profiles of a company, and the jobs that use them. */
export function createProfilesRepo(db: Kysely<Database>) {
  const withJobCount = () =>
    db
      .selectFrom('concrete_profile as p')
      .selectAll('p')
      .select((eb) =>
        eb
          .selectFrom('job')
          .select(eb.fn.countAll<number>().as('c'))
          .whereRef('job.concrete_profile_id', '=', 'p.id')
          .as('job_count'),
      );
  const normalize = (
    r: Selectable<ConcreteProfileTable> & { job_count: number | string | null },
  ): ProfileRow => ({
    ...r,
    job_count: Number(r.job_count ?? 0),
  });
  return {
    async listByCompany(companyId: number): Promise<ProfileRow[]> {
      const rows = await withJobCount()
        .where('p.company_id', '=', companyId)
        .orderBy('p.name')
        .orderBy('p.id')
        .execute();
      return rows.map(normalize);
    },
    async find(companyId: number, id: number): Promise<ProfileRow | undefined> {
      const r = await withJobCount()
        .where('p.company_id', '=', companyId)
        .where('p.id', '=', id)
        .executeTakeFirst();
      return r && normalize(r);
    },
    async insert(values: Insertable<ConcreteProfileTable>): Promise<number> {
      const { id } = await db
        .insertInto('concrete_profile')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async update(companyId: number, id: number, values: Updateable<ConcreteProfileTable>): Promise<void> {
      await db
        .updateTable('concrete_profile')
        .set(values)
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },
    /** Ids of the started jobs using a profile (their maturity and strength depend on it). */
    async startedJobIds(profileId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('job')
        .select('id')
        .where('concrete_profile_id', '=', profileId)
        .where('start_date', 'is not', null)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },
  };
}
export type ProfilesRepo = ReturnType<typeof createProfilesRepo>;
