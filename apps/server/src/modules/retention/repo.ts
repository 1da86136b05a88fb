import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

/** The raw time series a retention removes, and what each row belongs to. */
export const RAW_TABLES = [
  { table: 'reading', key: 'sensor_id', owner: 'sensor' },
  { table: 'node_status', key: 'node_id', owner: 'node' },
  { table: 'node_location', key: 'node_id', owner: 'node' },
] as const;
export type RawTable = (typeof RAW_TABLES)[number]['table'];

/** Queries of the retention: policies, marks, the once-across-processes task row, batched deletes. */
export function createRetentionRepo(db: Kysely<Database>) {
  return {
    /** The tierSpecs of every company's active modules. */
    async tierSpecs(): Promise<Map<number, string[]>> {
      const rows = await db
        .selectFrom('company_module')
        .select(['company_id', 'tier_spec'])
        .where('is_active', '=', 1)
        .execute();
      const out = new Map<number, string[]>();
      for (const r of rows) out.set(r.company_id, [...(out.get(r.company_id) ?? []), r.tier_spec]);
      return out;
    },

    /** Every company that owns a sensor (whose readings a partition may hold). */
    async sensorOwners(): Promise<number[]> {
      const rows = await db.selectFrom('sensor').select('company_id').distinct().execute();
      return rows.map((r) => r.company_id);
    },

    async marks(): Promise<Map<number, number>> {
      const rows = await db.selectFrom('retention_mark').select(['company_id', 'raw_before']).execute();
      return new Map(rows.map((r) => [r.company_id, Number(r.raw_before)]));
    },

    async mark(companyId: number): Promise<number | null> {
      const r = await db
        .selectFrom('retention_mark')
        .select('raw_before')
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return r ? Number(r.raw_before) : null;
    },

    /** Moves a company's mark to `before` unless it is already later (a mark never goes back). */
    async raiseMark(companyId: number, before: number, now: number): Promise<void> {
      await db
        .insertInto('retention_mark')
        .values({ company_id: companyId, raw_before: before, updated_at: now })
        .onConflict((oc) =>
          oc
            .column('company_id')
            .doUpdateSet({ raw_before: before, updated_at: now })
            .where('retention_mark.raw_before', '<', before),
        )
        .execute();
    },

    /**
     * Deletes at most `limit` raw rows of the company's sensors (or nodes) older than `before`; answers how
     * many went. One statement, its own transaction.
     */
    async deleteBatch(raw: RawTable, companyId: number, before: number, limit: number): Promise<number> {
      const t = RAW_TABLES.find((x) => x.table === raw);
      if (!t) throw new Error(`not a raw table: ${raw}`);
      const table = sql.table(t.table);
      const key = sql.ref(t.key);
      const owner = sql.table(t.owner);
      const res = await sql`DELETE FROM ${table} WHERE (${key}, ts) IN (
          SELECT ${key}, ts FROM ${table}
          WHERE ${key} IN (SELECT id FROM ${owner} WHERE company_id = ${companyId}) AND ts < ${before}
          LIMIT ${limit})`.execute(db);
      return Number(res.numAffectedRows ?? 0);
    },

    /**
     * Claims the task's run if it is due (compare-and-set on next_run_at, so one process of several runs
     * it), setting the next one `everyMs` later. Answers whether this caller runs it.
     */
    async claimTask(name: string, now: number, everyMs: number): Promise<boolean> {
      await db
        .insertInto('maintenance_task')
        .values({ name, next_run_at: 0, started_at: null, finished_at: null, error: null })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const res = await db
        .updateTable('maintenance_task')
        .set({ next_run_at: now + everyMs, started_at: now })
        .where('name', '=', name)
        .where('next_run_at', '<=', now)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async finishTask(name: string, now: number, error: string | null): Promise<void> {
      await db
        .updateTable('maintenance_task')
        .set({ finished_at: now, error: error === null ? null : error.slice(0, 2000) })
        .where('name', '=', name)
        .execute();
    },
  };
}
export type RetentionRepo = ReturnType<typeof createRetentionRepo>;
