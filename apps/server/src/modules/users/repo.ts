import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

export function createUsersRepo(db: Kysely<Database>) {
  const users = () => db.selectFrom('app_user').selectAll();
  return {
    findById(id: number) {
      return users().where('id', '=', id).executeTakeFirst();
    },
    findByUsername(companyId: number, username: string) {
      return users().where('company_id', '=', companyId).where('username', '=', username).executeTakeFirst();
    },
    findByEmail(companyId: number, email: string) {
      return users()
        .where('company_id', '=', companyId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .orderBy('id')
        .executeTakeFirst();
    },
    findByPhone(companyId: number, phone: string) {
      return users()
        .where('company_id', '=', companyId)
        .where('phone', '=', phone)
        .orderBy('id')
        .executeTakeFirst();
    },
    listGrants(userId: number) {
      return db
        .selectFrom('user_tenant_group')
        .innerJoin('tenant_group', 'tenant_group.id', 'user_tenant_group.tenant_group_id')
        .select(['user_tenant_group.tenant_group_id', 'user_tenant_group.access'])
        .where('user_tenant_group.user_id', '=', userId)
        .orderBy('user_tenant_group.tenant_group_id')
        .execute();
    },
    listSettings(userId: number) {
      return db.selectFrom('user_setting').select(['type', 'val']).where('user_id', '=', userId).execute();
    },
    insertPasswordReset(userId: number, tokenHash: string, expiresAt: number, now: number) {
      return db
        .insertInto('password_reset')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, created_at: now })
        .execute();
    },
    findPasswordReset(tokenHash: string) {
      return db
        .selectFrom('password_reset')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    /** Marks the reset used (only if still unused) and sets the password; false if already used. */
    async consumePasswordReset(resetId: number, userId: number, passwordHash: string, now: number) {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('password_reset')
          .set({ used_at: now })
          .where('id', '=', resetId)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('app_user')
          .set({ password_hash: passwordHash })
          .where('id', '=', userId)
          .execute();
        await trx
          .updateTable('auth_session')
          .set({ revoked_at: now })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        return true;
      });
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
