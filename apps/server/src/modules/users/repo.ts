import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { AppUserTable, Database, PasswordTokenPurpose, UserAuditOperationName } from '../../db/types.ts';

export interface AuditRow {
  companyId: number;
  actorUserId: number | null;
  targetUserId: number;
  operation: UserAuditOperationName;
  tenantGroupId?: number | null;
  detail?: string;
}

/** The people tables' queries, on the database or on a transaction. */
function peopleQueries(db: Kysely<Database>) {
  const users = () => db.selectFrom('app_user').selectAll();
  const live = () => users().where('deleted_at', 'is', null);
  return {
    /** Any user by id, deleted ones included. */
    findById(id: number) {
      return users().where('id', '=', id).executeTakeFirst();
    },
    findByUsername(companyId: number, username: string) {
      return live().where('company_id', '=', companyId).where('username', '=', username).executeTakeFirst();
    },
    /** Deleted users included (the audit still names them). */
    findAnyByUsername(companyId: number, username: string) {
      return users().where('company_id', '=', companyId).where('username', '=', username).executeTakeFirst();
    },
    findByEmail(companyId: number, email: string) {
      return live()
        .where('company_id', '=', companyId)
        .where('email', '<>', '')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .orderBy('id')
        .executeTakeFirst();
    },
    findByPhone(companyId: number, phone: string) {
      return live()
        .where('company_id', '=', companyId)
        .where('phone', '=', phone)
        .orderBy('id')
        .executeTakeFirst();
    },
    /** Which of these usernames a user of the company has, deleted users included (lower case). */
    async takenUsernames(companyId: number, usernames: string[]): Promise<Set<string>> {
      if (usernames.length === 0) return new Set();
      const rows = await db
        .selectFrom('app_user')
        .select(sql<string>`lower(username)`.as('name'))
        .where('company_id', '=', companyId)
        .where(
          sql<string>`lower(username)`,
          'in',
          usernames.map((u) => u.toLowerCase()),
        )
        .execute();
      return new Set(rows.map((r) => r.name));
    },
    listLive(companyId: number) {
      return live().where('company_id', '=', companyId).orderBy('username').execute();
    },
    liveByIds(companyId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return live().where('company_id', '=', companyId).where('id', 'in', ids).orderBy('username').execute();
    },
    insertUser(values: Insertable<AppUserTable>) {
      return db.insertInto('app_user').values(values).returning('id').executeTakeFirstOrThrow();
    },
    updateUser(id: number, set: Updateable<AppUserTable>) {
      return db.updateTable('app_user').set(set).where('id', '=', id).execute();
    },

    company(companyId: number) {
      return db.selectFrom('company').select(['id', 'name']).where('id', '=', companyId).executeTakeFirst();
    },

    /** A user's grants on job sites (of their company). */
    listGrants(userId: number) {
      return db
        .selectFrom('user_tenant_group')
        .innerJoin('tenant_group', 'tenant_group.id', 'user_tenant_group.tenant_group_id')
        .select(['user_tenant_group.tenant_group_id', 'user_tenant_group.access'])
        .where('user_tenant_group.user_id', '=', userId)
        .orderBy('user_tenant_group.tenant_group_id')
        .execute();
    },
    /** The grants of several users, for their summaries. */
    grantsOf(userIds: number[]) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('user_tenant_group')
        .select(['user_id', 'tenant_group_id', 'access'])
        .where('user_id', 'in', userIds)
        .orderBy('tenant_group_id')
        .execute();
    },
    /** Live users with a grant on a job site, with their access there. */
    memberIds(tenantGroupId: number) {
      return db
        .selectFrom('user_tenant_group')
        .innerJoin('app_user', 'app_user.id', 'user_tenant_group.user_id')
        .select(['app_user.id', 'user_tenant_group.access'])
        .where('user_tenant_group.tenant_group_id', '=', tenantGroupId)
        .where('app_user.deleted_at', 'is', null)
        .execute();
    },
    grantOf(userId: number, tenantGroupId: number) {
      return db
        .selectFrom('user_tenant_group')
        .select('access')
        .where('user_id', '=', userId)
        .where('tenant_group_id', '=', tenantGroupId)
        .executeTakeFirst();
    },
    insertGrant(userId: number, tenantGroupId: number, access: number) {
      return db
        .insertInto('user_tenant_group')
        .values({ user_id: userId, tenant_group_id: tenantGroupId, access })
        .execute();
    },
    updateGrant(userId: number, tenantGroupId: number, access: number) {
      return db
        .updateTable('user_tenant_group')
        .set({ access })
        .where('user_id', '=', userId)
        .where('tenant_group_id', '=', tenantGroupId)
        .execute();
    },
    deleteGrant(userId: number, tenantGroupId: number) {
      return db
        .deleteFrom('user_tenant_group')
        .where('user_id', '=', userId)
        .where('tenant_group_id', '=', tenantGroupId)
        .execute();
    },
    deleteAllGrants(userId: number) {
      return db.deleteFrom('user_tenant_group').where('user_id', '=', userId).execute();
    },

    /** Job sites of the company among these ids. */
    sitesOf(companyId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('tenant_group')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
    },

    listSettings(userId: number) {
      return db.selectFrom('user_setting').select(['type', 'val']).where('user_id', '=', userId).execute();
    },
    /** The Language setting of several users (absent: not set). */
    languagesOf(userIds: number[]) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('user_setting')
        .select(['user_id', 'val'])
        .where('type', '=', 'Language')
        .where('user_id', 'in', userIds)
        .execute();
    },
    upsertSetting(userId: number, type: string, val: string) {
      return db
        .insertInto('user_setting')
        .values({ user_id: userId, type, val })
        .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ val }))
        .execute();
    },

    /** Ends the user's sessions (all, or all but one). */
    revokeSessions(userId: number, now: number, exceptSessionId?: string) {
      let q = db
        .updateTable('auth_session')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptSessionId !== undefined) q = q.where('id', '<>', exceptSessionId);
      return q.execute();
    },

    insertToken(
      userId: number,
      purpose: PasswordTokenPurpose,
      tokenHash: string,
      expiresAt: number,
      now: number,
    ) {
      return db
        .insertInto('password_reset')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, created_at: now, purpose })
        .execute();
    },
    /** Voids the user's unused links (of one purpose, or all): they stop working. */
    voidTokens(userId: number, now: number, purpose?: PasswordTokenPurpose) {
      let q = db
        .updateTable('password_reset')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null);
      if (purpose) q = q.where('purpose', '=', purpose);
      return q.execute();
    },
    findToken(tokenHash: string) {
      return db
        .selectFrom('password_reset')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    /** Marks a link used if it still is unused; false when another call used it first. */
    async useToken(id: number, now: number): Promise<boolean> {
      const r = await db
        .updateTable('password_reset')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    audit(rows: AuditRow[], now: number) {
      if (rows.length === 0) return Promise.resolve();
      return db
        .insertInto('user_audit')
        .values(
          rows.map((r) => ({
            company_id: r.companyId,
            actor_user_id: r.actorUserId,
            target_user_id: r.targetUserId,
            operation: r.operation,
            tenant_group_id: r.tenantGroupId ?? null,
            detail: r.detail ?? '',
            created_at: now,
          })),
        )
        .execute()
        .then(() => undefined);
    },
    /** The company's audit, newest first, with both users' usernames (deleted users included). */
    listAudits(companyId: number, targetUserId: number | undefined, limit: number) {
      let q = db
        .selectFrom('user_audit as a')
        .innerJoin('app_user as t', 't.id', 'a.target_user_id')
        .leftJoin('app_user as by', 'by.id', 'a.actor_user_id')
        .select([
          'a.id',
          'a.created_at',
          'a.operation',
          'a.tenant_group_id',
          'a.detail',
          't.username as target_username',
          't.deleted_at as target_deleted_at',
          'by.username as actor_username',
        ])
        .where('a.company_id', '=', companyId);
      if (targetUserId !== undefined) q = q.where('a.target_user_id', '=', targetUserId);
      return q.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
    },
  };
}
export type UsersQueries = ReturnType<typeof peopleQueries>;

/**
 * The people tables: users, their settings and job-site grants, password and invitation links, the
 * user audit. Lookups by username, e-mail or phone see live users only; deleted users are kept for the
 * audit. `transaction` runs writes that commit together or not at all.
 */
export function createUsersRepo(db: Kysely<Database>) {
  return {
    ...peopleQueries(db),
    transaction<T>(fn: (trx: UsersQueries, executor: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => fn(peopleQueries(trx), trx));
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
