import type { InferResult, Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

const sessionWithUserQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('auth_session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.revoked_at',
      'u.company_id',
      'u.username',
      'u.account_type',
      'u.roles',
      'u.is_active',
      'u.deleted_at',
    ])
    .where('s.id', '=', '?');
type SessionWithUser = InferResult<ReturnType<typeof sessionWithUserQuery>>[number];

export function createAuthRepo(db: Kysely<Database>) {
  // Compiled once: building a query costs more than running this one; only its parameter changes.
  const sessionWithUser = sessionWithUserQuery(db).compile();
  return {
    async getSecret(key: string) {
      const r = await db.selectFrom('app_secret').select('value').where('key', '=', key).executeTakeFirst();
      return r?.value;
    },
    /** Inserts the secret unless one exists; returns the one kept (first writer wins). */
    async putSecretOnce(key: string, value: string) {
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
    createSession(s: { id: string; userId: number; refreshHash: string; expiresAt: number; now: number }) {
      return db
        .insertInto('auth_session')
        .values({
          id: s.id,
          user_id: s.userId,
          refresh_token_hash: s.refreshHash,
          expires_at: s.expiresAt,
          created_at: s.now,
        })
        .execute();
    },
    /** A session with what authentication needs of its user, in one query (every signed-in call runs it). */
    async findSessionWithUser(id: string) {
      const { rows } = await db.executeQuery<SessionWithUser>({ ...sessionWithUser, parameters: [id] });
      return rows[0];
    },
    findSession(id: string) {
      return db.selectFrom('auth_session').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Swaps the refresh token hash only if the old one is still current (one winner per token). */
    async rotateRefresh(id: string, oldHash: string, newHash: string, expiresAt: number) {
      const r = await db
        .updateTable('auth_session')
        .set({ refresh_token_hash: newHash, expires_at: expiresAt })
        .where('id', '=', id)
        .where('refresh_token_hash', '=', oldHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    revokeSession(id: string, now: number) {
      return db
        .updateTable('auth_session')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
