import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { NotificationMessageTable } from '../../db/types.ts';
import { createLeasedQueue } from '../../jobs/leased-queue.ts';

export type MessageRow = Selectable<NotificationMessageTable>;
export type NewMessage = Insertable<NotificationMessageTable>;
/** A message with its person's names (null once the person is gone). */
export type MessageWithName = MessageRow & {
  username: string | null;
  first_name: string | null;
  last_name: string | null;
};

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
  const queue = createLeasedQueue<MessageRow>(store, {
    table: 'notification_message',
    statusColumn: 'state',
    ready: 'PENDING',
    running: 'PENDING',
    failed: 'FAILED',
    dueColumn: 'next_attempt_at',
    orderBy: ['next_attempt_at', 'id'],
  });

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

    /** Messages (at most 1000, oldest first) with the names of their people. */
    async messages(f: {
      userId?: number;
      alarmEventId?: number;
      companyId?: number;
    }): Promise<MessageWithName[]> {
      let q = db
        .selectFrom('notification_message as m')
        .leftJoin('app_user as u', 'u.id', 'm.user_id')
        .selectAll('m')
        .select(['u.username', 'u.first_name', 'u.last_name']);
      if (f.userId !== undefined) q = q.where('m.user_id', '=', f.userId);
      if (f.alarmEventId !== undefined) q = q.where('m.alarm_event_id', '=', f.alarmEventId);
      if (f.companyId !== undefined) q = q.where('m.company_id', '=', f.companyId);
      return q.orderBy('m.id').limit(1000).execute();
    },

    /**
     * The outbox as a queue (jobs/leased-queue.ts): a PENDING message is claimed once its next attempt is
     * due (oldest due first); it stays PENDING while its lease marks the claim, then is SENT, FAILED, or
     * PENDING again for a later attempt.
     */
    queue,

    /** Changes how a claimed message goes (PUSH with no browser left: e-mail), while the claim holds. */
    async reroute(
      id: number,
      attempt: number,
      values: Pick<MessageRow, 'channel' | 'requested_channel' | 'to_address'>,
    ): Promise<void> {
      await queue.write(id, attempt, values);
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
