import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

/** A page view or event as kept: the route pattern and event name only, with who (id) and when. */
export interface UsageRow {
  companyId: number;
  userId: number;
  kind: 'page' | 'event';
  path: string;
  /** '' for a page view */
  name: string;
  at: number;
  /** 'YYYY-MM-DD', UTC */
  day: string;
}

/** Queries of the usage module: single page views and events, and the daily counts. */
export function createUsageRepo(db: Kysely<Database>) {
  return {
    /** Page views and events of a user since a time (the rate limit). */
    async countSince(userId: number, since: number): Promise<number> {
      const r = await db
        .selectFrom('usage_event')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** Keeps the rows and adds them to the daily counts, in one transaction. */
    async record(rows: readonly UsageRow[]): Promise<void> {
      if (rows.length === 0) return;
      // One upsert per (company, day, kind, path, name): PostgreSQL refuses one statement touching a row twice.
      const counts = new Map<string, { row: UsageRow; n: number }>();
      for (const r of rows) {
        const key = JSON.stringify([r.companyId, r.day, r.kind, r.path, r.name]);
        const c = counts.get(key);
        if (c) c.n++;
        else counts.set(key, { row: r, n: 1 });
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('usage_event')
          .values(
            rows.map((r) => ({
              company_id: r.companyId,
              user_id: r.userId,
              kind: r.kind,
              path: r.path,
              name: r.name,
              at: r.at,
            })),
          )
          .execute();
        await trx
          .insertInto('usage_daily')
          .values(
            [...counts.values()].map(({ row, n }) => ({
              company_id: row.companyId,
              day: row.day,
              kind: row.kind,
              path: row.path,
              name: row.name,
              count: n,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['company_id', 'day', 'kind', 'path', 'name']).doUpdateSet({
              count: sql<number>`usage_daily.count + excluded.count`,
            }),
          )
          .execute();
      });
    },

    /** The daily counts of a company from..to (days, both included). */
    async daily(companyId: number, from: string, to: string) {
      return db
        .selectFrom('usage_daily')
        .select(['day', 'kind', 'path', 'name', 'count'])
        .where('company_id', '=', companyId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('day')
        .orderBy('path')
        .orderBy('name')
        .execute();
    },

    /** Removes single page views and events older than a time; answers how many. */
    async purgeBefore(before: number): Promise<number> {
      const r = await db.deleteFrom('usage_event').where('at', '<', before).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type UsageRepo = ReturnType<typeof createUsageRepo>;
