import type {
  AlarmEvent,
  EmailNotification,
  EmailNotificationToggleBody,
  NotificationMessage,
  SiteEmailNotification,
} from '@sitepulse/contracts';
import {
  canManageMembers,
  canManageUsers,
  canUseWebDashboard,
  type DeliveryChannel,
  type DeliveryState,
  formatMeasurementWithUnit,
  isTimeZone,
  NOTIFY_CAP_PER_HOUR,
  paths,
  personName,
} from '@sitepulse/domain';
import type { Config } from '../../config.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { JobsitesService } from '../jobsites/service.ts';
import type { MailService } from '../mail/service.ts';
import { alarmDigestMail, alarmDigestSms, alarmMail, alarmSms, mailLanguage } from '../mail/templates.ts';
import type { PushService } from '../push/service.ts';
import { deliveryErrorCode, NO_PUSH_NO_EMAIL, NO_SMS_GATEWAY } from './delivery-errors.ts';
import type { MemberRow, MessageRow, MessageWithName, NotificationsRepo } from './repo.ts';
import { createSmsGateway, type SmsGateway } from './sms.ts';

export type AlarmChange = 'RAISED' | 'CLEARED';
/** An alarm as the alarm-events module answers it, with its company. */
export type LoadedAlarmEvent = AlarmEvent & { companyId: number };

const HOUR_MS = 3_600_000;

export { NO_SMS_GATEWAY };

/** What a push message is addressed to (it goes to every browser the person subscribed). */
export const PUSH_ADDRESS = 'web-push';

/** A delivery that will fail the same way however often it is tried: FAILED at once, no retry. */
export class PermanentDeliveryError extends Error {}

export interface NotificationsDeps {
  repo: NotificationsRepo;
  jobsites: JobsitesService;
  mail: MailService;
  config: Config;
  /** the alarm of an id (services.ts: the alarm-events module); none: alarmChanged makes no message */
  loadEvent?: (eventId: number) => Promise<LoadedAlarmEvent | null | undefined>;
  /** Web Push; none: PUSH goes by e-mail */
  push?: PushService;
  /** default: from SMS_GATEWAY_URL, or none */
  sms?: SmsGateway | null;
  now?: () => number;
}

/** The default of a person without a subscription row: subscribed (docs/decisions/notifications.md). */
export const SUBSCRIBED_BY_DEFAULT = true;

/** Whether a member gets a site's alarm messages: active, using the web dashboard there, subscribed. */
export function receivesAlarms(m: MemberRow): boolean {
  return (
    m.is_active === 1 &&
    m.deleted_at === null &&
    canUseWebDashboard(m.access) &&
    (m.enabled === null ? SUBSCRIBED_BY_DEFAULT : m.enabled === 1)
  );
}

/**
 * The channel a message goes by, and where to: the person's DefaultNotificationDelivery when it can be
 * used (SMS needs a phone, PUSH a subscribed browser), else e-mail, else SMS. Null: no way to reach them.
 */
export function channelFor(
  setting: string | undefined,
  contact: { email: string; phone: string | null; hasPush?: boolean },
): { channel: DeliveryChannel; to: string } | null {
  const phone = contact.phone?.trim() || null;
  const email = contact.email?.trim() || null;
  if (setting === 'SMS' && phone) return { channel: 'SMS', to: phone };
  if (setting === 'PUSH' && contact.hasPush) return { channel: 'PUSH', to: PUSH_ADDRESS };
  if (email) return { channel: 'EMAIL', to: email };
  if (phone) return { channel: 'SMS', to: phone };
  return null;
}

/** A time as the person reads it: their display zone when it is an IANA zone, else UTC. */
function timeText(ms: number, zoneSetting: string | undefined, lang: string): string {
  const timeZone = isTimeZone(zoneSetting) ? zoneSetting : 'UTC';
  const text = new Intl.DateTimeFormat(lang === 'es' ? 'es' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(ms);
  return `${text} (${timeZone})`;
}

/**
 * Alarm delivery (issue 15, docs/decisions/notifications.md): the per-site e-mail subscriptions of spec
 * section 7, and the messages of each raised or cleared alarm, written to notification_message and sent
 * by the notification worker.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const { repo, jobsites, mail, config } = deps;
  const now = deps.now ?? Date.now;
  const sms =
    deps.sms !== undefined
      ? deps.sms
      : config.smsGatewayUrl
        ? createSmsGateway({
            url: config.smsGatewayUrl,
            token: config.smsGatewayToken,
            sender: config.smsSender,
          })
        : null;
  const queuedListeners = new Set<() => void>();

  /** The site a subscription call names, and whether the caller manages its members. */
  async function siteFor(actor: Actor, tenantGroupId: number) {
    const access = await jobsites.siteAccess(actor);
    const companyAdmin = canManageUsers(actor.accountType);
    // Company admins manage every site of the company, granted or not (docs/decisions/people-and-access.md).
    if (!companyAdmin || access.granted.has(tenantGroupId)) access.check(tenantGroupId);
    const [site] = await repo.sites(actor.companyId, [tenantGroupId]);
    if (!site) throw notFound('Job site not found');
    const manages = companyAdmin || canManageMembers(access.granted.get(tenantGroupId), actor.accountType);
    return { site, manages };
  }

  async function linkOf(event: LoadedAlarmEvent): Promise<string> {
    if (event.jobId !== null) {
      const job = await repo.job(event.companyId, event.jobId);
      if (job) {
        return `${config.publicUrl}${paths.job.href(job.job_type_name, job.tenant_group_id, job.tenant_id, job.id)}`;
      }
    }
    return `${config.publicUrl}${paths.constructionDashboard.href(event.tenantGroupId)}`;
  }

  return {
    repo,

    /** Calls `fn` whenever messages were queued in this process (the worker wakes). Answers an unsubscribe. */
    onQueued(fn: () => void): () => void {
      queuedListeners.add(fn);
      return () => queuedListeners.delete(fn);
    },

    /** GET /emailnotifications: the caller's alarm e-mails for each job site whose data they may read. */
    async listMine(actor: Actor): Promise<EmailNotification[]> {
      const { readable } = await jobsites.siteAccess(actor);
      const sites = await repo.sites(actor.companyId, readable);
      const subs = await repo.subscriptions(actor.userId, readable);
      return sites.map((s) => ({
        tenantGroupId: s.id,
        name: s.name,
        enabled: subs.get(s.id) ?? SUBSCRIBED_BY_DEFAULT,
      }));
    },

    /**
     * POST /emailnotifications/cmd/toggle: one's own subscription to a site one may read, or (company
     * admin, site admin) a member's. 404 for a site or member not found, 403 for an inspector there or a
     * caller who does not manage the site's members.
     */
    async toggle(actor: Actor, body: EmailNotificationToggleBody): Promise<EmailNotification> {
      const { site, manages } = await siteFor(actor, body.tenantGroupId);
      const userId = body.userId ?? actor.userId;
      if (userId !== actor.userId) {
        if (!manages) throw forbidden("Only the job site's admins may change a member's alarm e-mails");
        const member = (await repo.members(actor.companyId, site.id)).find(
          (m) => m.id === userId && m.deleted_at === null,
        );
        if (!member) throw notFound('Member not found');
      }
      await repo.setSubscription(userId, site.id, body.enabled, now());
      return { tenantGroupId: site.id, name: site.name, enabled: body.enabled };
    },

    /**
     * GET /tenant/groups/emailnotifications/by_tenant_group: who of a site gets its alarm e-mails (the
     * members page). Names and e-mail addresses: those who manage the site's members only (403 others).
     */
    async bySite(actor: Actor, tenantGroupId: number): Promise<SiteEmailNotification[]> {
      const { site, manages } = await siteFor(actor, tenantGroupId);
      if (!manages) throw forbidden("Only the job site's admins may read its members' alarm e-mails");
      return (await repo.members(actor.companyId, site.id))
        .filter((m) => m.deleted_at === null)
        .map((m) => ({
          userId: m.id,
          name: personName({ firstName: m.first_name, lastName: m.last_name, username: m.username }),
          email: m.email || null,
          enabled: m.enabled === null ? SUBSCRIBED_BY_DEFAULT : m.enabled === 1,
        }));
    },

    /**
     * An alarm was raised or cleared: one message per subscribed member and channel, in their language
     * and units. The dedupe key (alarm, person, channel, change) makes a second call change nothing.
     * Beyond NOTIFY_CAP_PER_HOUR messages to a person in a clock hour, the rest are DIGESTED and one
     * digest is sent at the end of that hour. Answers how many messages were written.
     */
    async alarmChanged(eventId: number, change: AlarmChange): Promise<number> {
      const event = deps.loadEvent ? await deps.loadEvent(eventId) : null;
      if (!event) return 0;
      const members = (await repo.members(event.companyId, event.tenantGroupId)).filter(receivesAlarms);
      if (members.length === 0) return 0;
      const settings = await repo.settings(members.map((m) => m.id));
      const pushUsers = deps.push
        ? await deps.push.usersWithSubscriptions(members.map((m) => m.id))
        : new Set();
      const link = await linkOf(event);
      // An alarm its acknowledgement ended (cleared at that moment) is said to be acknowledged, not back to normal.
      const endedBy =
        event.clearedAt !== null && event.clearedAt === event.acknowledgedAt ? event.acknowledgedBy : null;
      const at = now();
      const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
      let written = 0;
      for (const m of members) {
        const s = settings.get(m.id) ?? {};
        const asked = s.DefaultNotificationDelivery;
        // The setting's default is EMAIL (settings module).
        const askedChannel: DeliveryChannel = asked === 'SMS' || asked === 'PUSH' ? asked : 'EMAIL';
        const route = channelFor(asked, { ...m, hasPush: pushUsers.has(m.id) });
        if (!route) continue;
        const lang = mailLanguage(s.Language);
        const system = s.SystemOfMeasurement ?? 'Metric';
        const q = event.quantity;
        const input = {
          lang,
          name: m.first_name || m.username,
          kind: event.kind,
          change,
          endedBy: change === 'CLEARED' ? endedBy : null,
          siteName: event.siteName,
          subjectName: event.jobName ?? event.sensorName ?? '',
          pair:
            event.secondSensorName !== null && event.sensorName !== null
              ? ([event.sensorName, event.secondSensorName] as const)
              : null,
          gatewayName: event.gatewayName ?? (event.gatewayId !== null ? `#${event.gatewayId}` : null),
          jobGroupName: event.jobGroupName,
          valueText: q && event.value !== null ? formatMeasurementWithUnit(q, event.value, system) : '',
          boundText: q && event.bound !== null ? formatMeasurementWithUnit(q, event.bound, system) : '',
          side: event.side,
          whenText: timeText(
            change === 'CLEARED' ? (event.clearedAt ?? at) : event.raisedAt,
            s.DisplayTimeZone,
            lang,
          ),
          link,
        };
        const rendered =
          route.channel === 'EMAIL'
            ? alarmMail(input)
            : route.channel === 'PUSH'
              ? { subject: alarmMail(input).subject, text: pushBody(input), html: null }
              : { ...alarmSms(input), html: null as string | null };
        const capped = (await repo.countCapped(m.id, hour)) >= NOTIFY_CAP_PER_HOUR;
        const base = {
          company_id: event.companyId,
          user_id: m.id,
          tenant_group_id: event.tenantGroupId,
          channel: route.channel,
          // Recorded when another channel had to be used (PUSH without a browser, SMS without a phone,
          // EMAIL without an address).
          requested_channel: askedChannel !== route.channel ? askedChannel : null,
          link: route.channel === 'PUSH' ? link : null,
          to_address: route.to,
          language: lang,
          created_at: at,
        };
        const inserted = await repo.insertMessage({
          ...base,
          alarm_event_id: event.id,
          change,
          state: capped ? ('DIGESTED' satisfies DeliveryState) : 'PENDING',
          next_attempt_at: at,
          subject: rendered.subject,
          body: rendered.text,
          html: rendered.html ?? null,
          dedupe_key: `${event.id}:${m.id}:${route.channel}:${change}`,
        });
        if (!inserted) continue;
        written++;
        if (capped) {
          // One digest per person and hour, due when the hour ends; rendered when sent.
          await repo.insertMessage({
            ...base,
            tenant_group_id: null,
            alarm_event_id: null,
            change: 'DIGEST',
            next_attempt_at: hour + HOUR_MS,
            subject: '',
            body: '',
            html: null,
            digest_hour: hour,
            dedupe_key: `digest:${m.id}:${hour}`,
          });
        }
      }
      if (written > 0) for (const fn of queuedListeners) fn();
      return written;
    },

    /**
     * Sends one claimed message; throws when it was not accepted (a PermanentDeliveryError: no retry).
     * Without an SMS gateway a text is written to the mail outbox unsent, as invitation texts are.
     */
    async deliver(row: MessageRow): Promise<void> {
      let subject = row.subject;
      let text = row.body;
      let html = row.html;
      if (row.change === 'DIGEST') {
        const hour = row.digest_hour ?? row.created_at;
        const subjects = await repo.digested(row.user_id, hour, hour + HOUR_MS);
        if (subjects.length === 0) return;
        const user = await repo.user(row.company_id, row.user_id);
        const input = {
          lang: mailLanguage(row.language),
          name: user ? user.first_name || user.username : '',
          subjects,
          link: `${config.publicUrl}${paths.home.href()}`,
        };
        const r = row.channel === 'EMAIL' ? alarmDigestMail(input) : { ...alarmDigestSms(input), html: null };
        subject = r.subject;
        text = r.text;
        html = r.html;
      }
      if (row.channel === 'PUSH') {
        const url = row.link ?? `${config.publicUrl}${paths.home.href()}`;
        const r = deps.push
          ? await deps.push.sendToUser(row.user_id, { title: subject, body: text, url })
          : null;
        if (r && r.sent > 0) return;
        if (r && r.errors.length > 0) throw new Error(r.errors.join('; '));
        // Every browser unsubscribed or gone (404/410) since the message was made: e-mail instead.
        const user = await repo.user(row.company_id, row.user_id);
        if (!user?.email) throw new PermanentDeliveryError(NO_PUSH_NO_EMAIL);
        await repo.reroute(row.id, row.attempts, {
          channel: 'EMAIL',
          requested_channel: 'PUSH',
          to_address: user.email,
        });
        const error = await mail.sendNow({
          to: user.email,
          subject,
          text: `${text}\n\n${url}`,
          companyId: row.company_id,
        });
        if (error) throw new Error(error);
        return;
      }
      if (row.channel === 'SMS') {
        if (!sms) {
          await mail.send({ to: row.to_address, subject, text, companyId: row.company_id, channel: 'sms' });
          throw new PermanentDeliveryError(NO_SMS_GATEWAY);
        }
        await sms.send(row.to_address, text);
        return;
      }
      const error = await mail.sendNow({
        to: row.to_address,
        subject,
        text,
        ...(html ? { html } : {}),
        companyId: row.company_id,
      });
      if (error) throw new Error(error);
    },

    /** The messages of one alarm (tests, and the delivery state an alarm's page may show). */
    async messagesOf(alarmEventId: number): Promise<NotificationMessage[]> {
      return (await repo.messages({ alarmEventId })).map(toMessage);
    },

    /**
     * GET /alarms/events/{id}/messages: who was told of an alarm, by which channel, and whether it
     * arrived, for readers of the alarm's site (as GET /alarms/events: another company's alarm or an
     * ungranted site 404, an inspector there 403).
     */
    async messagesFor(actor: Actor, alarmEventId: number): Promise<NotificationMessage[]> {
      const event = deps.loadEvent ? await deps.loadEvent(alarmEventId) : null;
      if (!event || event.companyId !== actor.companyId) throw notFound('Alarm not found');
      await jobsites.assertGranted(actor, event.tenantGroupId, 'read', 'Alarm');
      return (await repo.messages({ alarmEventId, companyId: actor.companyId })).map(toMessage);
    },
  };
}
/** A push notification's body: the value and when, in the reader's units and zone (the title says what). */
function pushBody(m: { valueText: string; boundText: string; whenText: string }): string {
  const value = m.valueText ? `${m.valueText}${m.boundText ? ` (${m.boundText})` : ''} · ` : '';
  return `${value}${m.whenText}`;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * An error as every reader of the site may see it: the message's own address and anything shaped like an
 * e-mail address (a mail server's answer may quote one) replaced by '…'.
 */
export function redactAddresses(error: string, address: string): string {
  const own = address && address !== PUSH_ADDRESS ? error.split(address).join('…') : error;
  return own.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '…');
}

/** A message as GET /alarms/events/{id}/messages answers it: no address, the person's name. */
export function toMessage(r: MessageWithName): NotificationMessage {
  const channel = r.channel as DeliveryChannel;
  return {
    id: r.id,
    alarmEventId: r.alarm_event_id,
    userId: r.user_id,
    recipientName: personName({ firstName: r.first_name, lastName: r.last_name, username: r.username ?? '' }),
    change: r.change as NotificationMessage['change'],
    channel,
    requestedChannel: (r.requested_channel as DeliveryChannel | null) ?? channel,
    state: r.state as DeliveryState,
    attempts: r.attempts,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    nextAttemptAt: r.state === 'PENDING' ? r.next_attempt_at : null,
    error: r.error === null ? null : redactAddresses(r.error, r.to_address),
    errorCode: deliveryErrorCode(r.error, channel),
  };
}
