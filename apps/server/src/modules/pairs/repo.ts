import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** A stored pair: compared as sensor_id_1 minus sensor_id_2. */
export interface PairRow {
  job_id: number;
  sensor_id_1: number;
  sensor_id_2: number;
}

/** Queries of the sensor pairs of maturity jobs (issue 14). */
export function createPairsRepo(db: Kysely<Database>) {
  return {
    /** A maturity or humidity job of the company on one of the sites. */
    async findJob(companyId: number, siteIds: readonly number[], id: number) {
      return db
        .selectFrom('job')
        .select(['id', 'kind', 'tenant_group_id', 'differential_limit_c'])
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .where('tenant_group_id', 'in', [...siteIds])
        .where('kind', 'in', ['MATURITY', 'HUMIDITY'])
        .executeTakeFirst();
    },

    /** The pairs of these jobs of the company on these sites, by job then in the order they were stored. */
    async pairsOf(
      companyId: number,
      siteIds: readonly number[],
      jobIds: readonly number[],
    ): Promise<PairRow[]> {
      if (jobIds.length === 0 || siteIds.length === 0) return [];
      return db
        .selectFrom('job_sensor_pair as p')
        .innerJoin('job as j', 'j.id', 'p.job_id')
        .select(['p.job_id', 'p.sensor_id_1', 'p.sensor_id_2'])
        .where('p.job_id', 'in', [...jobIds])
        .where('j.company_id', '=', companyId)
        .where('j.tenant_group_id', 'in', [...siteIds])
        .orderBy('p.job_id')
        .orderBy('p.id')
        .execute();
    },

    /** The differential limits (°C) set on these jobs of the company on these sites (jobs without one left out). */
    async limitsOf(
      companyId: number,
      siteIds: readonly number[],
      jobIds: readonly number[],
    ): Promise<number[]> {
      if (jobIds.length === 0 || siteIds.length === 0) return [];
      const rows = await db
        .selectFrom('job')
        .select('differential_limit_c')
        .where('id', 'in', [...jobIds])
        .where('company_id', '=', companyId)
        .where('tenant_group_id', 'in', [...siteIds])
        .where('differential_limit_c', 'is not', null)
        .execute();
      return rows.map((r) => Number(r.differential_limit_c));
    },

    /**
     * Replaces the job's pairs with these and, when `limitC` is given, sets its differential limit (null:
     * the default), in one transaction.
     */
    async replacePairs(v: {
      jobId: number;
      userId: number;
      now: number;
      pairs: readonly { sid1: number; sid2: number }[];
      limitC?: number | null;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (v.limitC !== undefined)
          await trx
            .updateTable('job')
            .set({ differential_limit_c: v.limitC })
            .where('id', '=', v.jobId)
            .execute();
        await trx.deleteFrom('job_sensor_pair').where('job_id', '=', v.jobId).execute();
        if (v.pairs.length === 0) return;
        await trx
          .insertInto('job_sensor_pair')
          .values(
            v.pairs.map((p) => ({
              job_id: v.jobId,
              sensor_id_1: p.sid1,
              sensor_id_2: p.sid2,
              created_at: v.now,
              created_by: v.userId,
            })),
          )
          .execute();
      });
    },
  };
}
export type PairsRepo = ReturnType<typeof createPairsRepo>;
