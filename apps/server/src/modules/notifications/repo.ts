import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { NotificationMessageTable } from '../../db/types.ts';

export type MessageRow = Selectable<NotificationMessageTable>;
export type NewMessage = Insertable<NotificationMessageTable>;

/** A member of a job site as alarm delivery reads them: contact, settings and subscription. */
export interface MemberRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  is_active: number;
  deleted_at: number | null;
  access: number;
  /** the email_subscription row's value, null when there is none (the default) */
  enabled: number | null;
}

/** Settings alarm messages are made with (user_setting rows; missing ones read as their defaults). */
export const DELIVERY_SETTINGS = [
  'Language',
  'SystemOfMeasurement',
  'DefaultNotificationDelivery',
  'DisplayTimeZone',
] as const;

/** Queries of the notifications module: subscriptions, who is on a site, and the message outbox. */
export function createNotificationsRepo(store: Db) {
  const { db } = store;

  return {
    async sites(companyId: number, siteIds: number[]): Promise<{ id: number; name: string }[]> {
      if (siteIds.length === 0) return [];
      return db
        .selectFrom('tenant_group')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .where('id', 'in', siteIds)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    async subscriptions(userId: number, siteIds: number[]): Promise<Map<number, boolean>> {
      if (siteIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('email_subscription')
        .select(['tenant_group_id', 'enabled'])
        .where('user_id', '=', userId)
        .where('tenant_group_id', 'in', siteIds)
        .execute();
      return new Map(rows.map((r) => [r.tenant_group_id, r.enabled === 1]));
    },

    async setSubscription(userId: number, siteId: number, enabled: boolean, now: number): Promise<void> {
      await db
        .insertInto('email_subscription')
        .values({ user_id: userId, tenant_group_id: siteId, enabled: enabled ? 1 : 0, updated_at: now })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'tenant_group_id'])
            .doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: now }),
        )
        .execute();
    },

    /** The people granted a job site of the company, with their subscription to it. */
    async members(companyId: number, siteId: number): Promise<MemberRow[]> {
      return db
        .selectFrom('user_tenant_group as g')
        .innerJoin('app_user as u', 'u.id', 'g.user_id')
        .leftJoin('email_subscription as s', (j) =>
          j.onRef('s.user_id', '=', 'u.id').onRef('s.tenant_group_id', '=', 'g.tenant_group_id'),
        )
        .select([
          'u.id',
          'u.username',
          'u.first_name',
          'u.last_name',
          'u.email',
          'u.phone',
          'u.is_active',
          'u.deleted_at',
          'g.access',
          's.enabled',
        ])
        .where('g.tenant_group_id', '=', siteId)
        .where('u.company_id', '=', companyId)
        .orderBy('u.first_name')
        .orderBy('u.last_name')
        .orderBy('u.id')
        .execute();
    },

    async settings(userIds: number[]): Promise<Map<number, Record<string, string>>> {
      const out = new Map<number, Record<string, string>>();
      if (userIds.length === 0) return out;
      const rows = await db
        .selectFrom('user_setting')
        .select(['user_id', 'type', 'val'])
        .where('user_id', 'in', userIds)
        .where('type', 'in', [...DELIVERY_SETTINGS])
        .execute();
      for (const r of rows) {
        const s = out.get(r.user_id) ?? {};
        s[r.type] = r.val;
        out.set(r.user_id, s);
      }
      return out;
    },

    async user(companyId: number, userId: number) {
      return db
        .selectFrom('app_user')
        .select(['id', 'username', 'first_name', 'last_name', 'email', 'phone', 'is_active', 'deleted_at'])
        .where('company_id', '=', companyId)
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** What the link to a job's page needs. */
    async job(companyId: number, jobId: number) {
      return db
        .selectFrom('job')
        .select(['id', 'tenant_id', 'tenant_group_id', 'job_type_name'])
        .where('company_id', '=', companyId)
        .where('id', '=', jobId)
        .executeTakeFirst();
    },

    /** Inserts a message unless one with its dedupe key exists; true when inserted. */
    async insertMessage(values: NewMessage): Promise<boolean> {
      const r = await db
        .insertInto('notification_message')
        .values(values)
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return r !== undefined;
    },

    /** Alarm messages (not digests) made for a person since `since` that count against the cap. */
    async countCapped(userId: number, since: number): Promise<number> {
      const row = await db
        .selectFrom('notification_message')
        .select(sql<number>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where('change', '!=', 'DIGEST')
        .where('state', '!=', 'DIGESTED')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The subjects of a person's messages held back in one hour, oldest first. */
    async digested(userId: number, from: number, to: number): Promise<string[]> {
      const rows = await db
        .selectFrom('notification_message')
        .select('subject')
        .where('user_id', '=', userId)
        .where('state', '=', 'DIGESTED')
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => r.subject);
    },

    async messages(f: { userId?: number; alarmEventId?: number; companyId?: number }): Promise<MessageRow[]> {
      let q = db.selectFrom('notification_message').selectAll();
      if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
      if (f.alarmEventId !== undefined) q = q.where('alarm_event_id', '=', f.alarmEventId);
      if (f.companyId !== undefined) q = q.where('company_id', '=', f.companyId);
      return q.orderBy('id').limit(1000).execute();
    },

    /** PENDING messages given up on: their last claim expired after the last attempt. */
    async failAbandoned(now: number, attemptsMax: number, reason: string): Promise<number> {
      const r = await db
        .updateTable('notification_message')
        .set({ state: 'FAILED', error: reason, lease_until: null })
        .where('state', '=', 'PENDING')
        .where('lease_until', '<', now)
        .where('attempts', '>=', attemptsMax)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /**
     * Claims the oldest due PENDING message not leased by a live worker: leased until `until`, one more
     * attempt. PostgreSQL: one UPDATE over a `FOR UPDATE SKIP LOCKED` pick, so workers of several
     * processes never claim one row together; SQLite (one process, one connection): the same pick and a
     * compare-and-set UPDATE in one transaction (the reports worker's pattern).
     */
    async claim(now: number, until: number): Promise<MessageRow | undefined> {
      if (store.dialect === 'postgres') {
        const r = await sql<MessageRow>`
          UPDATE notification_message
          SET lease_until = ${until}, attempts = attempts + 1
          WHERE id = (
            SELECT id FROM notification_message
            WHERE state = 'PENDING' AND next_attempt_at <= ${now}
              AND (lease_until IS NULL OR lease_until < ${now})
            ORDER BY next_attempt_at, id
            FOR UPDATE SKIP LOCKED
            LIMIT 1
          )
          RETURNING *`.execute(db);
        return r.rows[0];
      }
      return db.transaction().execute(async (trx) => {
        const pick = await trx
          .selectFrom('notification_message')
          .select(['id', 'attempts'])
          .where('state', '=', 'PENDING')
          .where('next_attempt_at', '<=', now)
          .where((e) => e.or([e('lease_until', 'is', null), e('lease_until', '<', now)]))
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (!pick) return undefined;
        return trx
          .updateTable('notification_message')
          .set({ lease_until: until, attempts: pick.attempts + 1 })
          .where('id', '=', pick.id)
          .where('attempts', '=', pick.attempts)
          .returningAll()
          .executeTakeFirst();
      });
    },

    /** Changes how a claimed message goes (PUSH with no browser left: e-mail), while the claim holds. */
    async reroute(
      id: number,
      attempt: number,
      values: Pick<MessageRow, 'channel' | 'requested_channel' | 'to_address'>,
    ): Promise<void> {
      await db
        .updateTable('notification_message')
        .set(values)
        .where('id', '=', id)
        .where('attempts', '=', attempt)
        .where('state', '=', 'PENDING')
        .execute();
    },

    /** Ends a claim still held (same attempt, still PENDING): SENT, FAILED, or PENDING again later. */
    async finish(
      id: number,
      attempt: number,
      values: Partial<Pick<MessageRow, 'state' | 'error' | 'sent_at' | 'next_attempt_at' | 'attempts'>>,
    ): Promise<boolean> {
      const r = await db
        .updateTable('notification_message')
        .set({ ...values, lease_until: null })
        .where('id', '=', id)
        .where('attempts', '=', attempt)
        .where('state', '=', 'PENDING')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
