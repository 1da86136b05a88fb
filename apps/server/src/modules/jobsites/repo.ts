import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export function createJobsitesRepo(db: Kysely<Database>) {
  return {
    /** The job sites of a company granted to a user, with the user's access code. */
    listGranted(companyId: number, userId: number) {
      return db
        .selectFrom('tenant_group as g')
        .innerJoin('user_tenant_group as u', 'u.tenant_group_id', 'g.id')
        .selectAll('g')
        .select('u.access')
        .where('g.company_id', '=', companyId)
        .where('u.user_id', '=', userId)
        .orderBy('g.id')
        .execute();
    },
    /** Projects of the given job sites, newest first. */
    async tenantsOf(groupIds: number[]) {
      if (groupIds.length === 0) return [];
      return db
        .selectFrom('tenant')
        .selectAll()
        .where('tenant_group_id', 'in', groupIds)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    async gatewaysOf(groupIds: number[]) {
      if (groupIds.length === 0) return [];
      return db
        .selectFrom('gateway')
        .select(['id', 'name', 'tenant_group_id'])
        .where('tenant_group_id', 'in', groupIds)
        .orderBy('id')
        .execute();
    },
    /** One job site of a company (any state), or undefined. */
    findInCompany(companyId: number, id: number) {
      return db
        .selectFrom('tenant_group')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Sets (or, with null, clears) the zone an admin chose for a job site of the company. */
    async setTimeZone(companyId: number, id: number, timeZone: string | null) {
      await db
        .updateTable('tenant_group')
        .set({ time_zone: timeZone })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },
  };
}
export type JobsitesRepo = ReturnType<typeof createJobsitesRepo>;
