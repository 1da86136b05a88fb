import type { Kysely, Selectable } from 'kysely';
import type { Database, PushSubscriptionTable } from '../../db/types.ts';

export type PushSubscriptionRow = Selectable<PushSubscriptionTable>;

/** The app_secret row holding the VAPID key pair, as one JSON value so two first starts cannot mix pairs. */
export const VAPID_SECRET_KEY = 'vapid_keys';

/** Queries of the push module: the VAPID key pair and each person's browser subscriptions. */
export function createPushRepo(db: Kysely<Database>) {
  return {
    async getSecret(key: string): Promise<string | undefined> {
      const r = await db.selectFrom('app_secret').select('value').where('key', '=', key).executeTakeFirst();
      return r?.value;
    },

    /** Inserts the secret unless one exists; answers the one kept (first writer wins). */
    async putSecretOnce(key: string, value: string): Promise<string> {
      await db
        .insertInto('app_secret')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const r = await db
        .selectFrom('app_secret')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      return r.value;
    },

    /**
     * Keeps a browser's subscription for a person: a known endpoint gets the new keys and owner (the
     * browser is now signed in as them), else a new row. Answers its id.
     */
    async upsert(s: {
      userId: number;
      endpoint: string;
      p256dh: string;
      auth: string;
      userAgent: string | null;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('push_subscription')
        .values({
          user_id: s.userId,
          endpoint: s.endpoint,
          p256dh: s.p256dh,
          auth: s.auth,
          user_agent: s.userAgent,
          created_at: s.now,
        })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            user_id: s.userId,
            p256dh: s.p256dh,
            auth: s.auth,
            user_agent: s.userAgent,
            failed_at: null,
          }),
        )
        .execute();
    },

    /** A person's subscriptions, most recently working first. */
    async ofUser(userId: number): Promise<PushSubscriptionRow[]> {
      return db
        .selectFrom('push_subscription')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Which of these people have at least one subscription. */
    async usersWithSubscriptions(userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('push_subscription')
        .select('user_id')
        .distinct()
        .where('user_id', 'in', userIds)
        .execute();
      return new Set(rows.map((r) => r.user_id));
    },

    /** Removes a person's subscription of an endpoint; true when one was removed. */
    async remove(userId: number, endpoint: string): Promise<boolean> {
      const r = await db
        .deleteFrom('push_subscription')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Removes a subscription the push service says is gone (404/410). */
    async removeById(id: number): Promise<void> {
      await db.deleteFrom('push_subscription').where('id', '=', id).execute();
    },

    async markOk(id: number, now: number): Promise<void> {
      await db.updateTable('push_subscription').set({ last_ok_at: now }).where('id', '=', id).execute();
    },

    async markFailed(id: number, now: number): Promise<void> {
      await db.updateTable('push_subscription').set({ failed_at: now }).where('id', '=', id).execute();
    },
  };
}
export type PushRepo = ReturnType<typeof createPushRepo>;
