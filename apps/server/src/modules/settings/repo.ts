import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export function createSettingsRepo(db: Kysely<Database>) {
  return {
    async get(userId: number, type: string) {
      return db
        .selectFrom('user_setting')
        .select(['type', 'val'])
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .executeTakeFirst();
    },
    async upsert(userId: number, type: string, val: string) {
      await db
        .insertInto('user_setting')
        .values({ user_id: userId, type, val })
        .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ val }))
        .execute();
    },
    /** Several settings of one user, in one transaction: all are saved or none. */
    async upsertMany(userId: number, settings: { type: string; val: string }[]) {
      await db.transaction().execute(async (trx) => {
        for (const { type, val } of settings) {
          await trx
            .insertInto('user_setting')
            .values({ user_id: userId, type, val })
            .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ val }))
            .execute();
        }
      });
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
