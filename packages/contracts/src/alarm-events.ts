import {
  ACK_NOTE_MAX,
  ALARM_KINDS,
  ALARM_STATES,
  DELIVERY_CHANNELS,
  DELIVERY_STATES,
} from '@sitepulse/domain';
import Type from 'typebox';
import { EpochMs, id } from './common.ts';

/**
 * Issue 15: the life of each alarm (raised, acknowledged, cleared), the e-mail notification
 * subscriptions of spec section 7, and the delivery state of each message. Times epoch ms; values in
 * the reading's stored unit (°C, MPa, %, V).
 */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const AlarmKind = Type.Enum(ALARM_KINDS);
export const AlarmState = Type.Enum(ALARM_STATES);
export const DeliveryChannel = Type.Enum(DELIVERY_CHANNELS);
export const DeliveryState = Type.Enum(DELIVERY_STATES);

/** One alarm, from raised to cleared. */
export const AlarmEvent = Type.Object({
  id: id(),
  kind: AlarmKind,
  state: AlarmState,
  tenantGroupId: id(),
  siteName: Type.String(),
  jobId: Nullable(id()),
  jobName: Nullable(Type.String()),
  sensorId: Nullable(id()),
  sensorName: Nullable(Type.String()),
  nodeId: Nullable(id()),
  /** TEMPERATURE_DIFFERENTIAL: the pair's second sensor (sensorId/sensorName are its first) */
  secondSensorId: Nullable(id()),
  secondSensorName: Nullable(Type.String()),
  /** GATEWAY_OFFLINE: the gateway (its name null once the gateway was deleted) */
  gatewayId: Nullable(id()),
  gatewayName: Nullable(Type.String()),
  /** AVERAGE_STRENGTH: the job group whose every running job reached its threshold */
  jobGroupId: Nullable(id()),
  jobGroupName: Nullable(Type.String()),
  /** the quantity of value and bound (Temperature, Strength, Battery, ...) for the reader's units */
  quantity: Nullable(Type.String()),
  /** 'high' or 'low' bound, or null for kinds without one */
  side: Nullable(Type.Enum(['high', 'low'] as const)),
  value: Nullable(Type.Number()),
  bound: Nullable(Type.Number()),
  raisedAt: EpochMs,
  acknowledgedAt: Nullable(EpochMs),
  acknowledgedBy: Nullable(Type.String({ description: "the person's name" })),
  acknowledgedNote: Nullable(Type.String()),
  clearedAt: Nullable(EpochMs),
});
export type AlarmEvent = Type.Static<typeof AlarmEvent>;
export const AlarmEventList = Type.Array(AlarmEvent);

/** GET /alarms/events: a job site's active alarms and those cleared in the last RECENT_ALARMS_MS. */
export const AlarmEventsQuery = Type.Object({
  tenantGroupId: id(),
  /** only the active ones (raised or acknowledged, not cleared) */
  activeOnly: Type.Optional(Type.Boolean()),
});

/** POST /alarms/events/{id}/ack */
export const AlarmAckBody = Type.Object({
  note: Type.Optional(Type.String({ maxLength: ACK_NOTE_MAX })),
});
export type AlarmAckBody = Type.Static<typeof AlarmAckBody>;

/** GET /emailnotifications: the caller's alarm e-mails per job site they can see. */
export const EmailNotification = Type.Object({
  tenantGroupId: id(),
  name: Type.String(),
  enabled: Type.Boolean(),
});
export type EmailNotification = Type.Static<typeof EmailNotification>;
export const EmailNotificationList = Type.Array(EmailNotification);

/** POST /emailnotifications/cmd/toggle: the caller's (or, by a site admin, a member's) alarm e-mails of a site. */
export const EmailNotificationToggleBody = Type.Object({
  tenantGroupId: id(),
  enabled: Type.Boolean(),
  /** a member of the site, when a site admin sets it for them (members page); else the caller */
  userId: Type.Optional(id()),
});
export type EmailNotificationToggleBody = Type.Static<typeof EmailNotificationToggleBody>;

/** GET /tenant/groups/emailnotifications/by_tenant_group: who of the site gets its alarm e-mails. */
export const SiteEmailNotificationQuery = Type.Object({ tenantGroupId: id() });
export const SiteEmailNotification = Type.Object({
  userId: id(),
  name: Type.String(),
  email: Nullable(Type.String()),
  enabled: Type.Boolean(),
});
export type SiteEmailNotification = Type.Static<typeof SiteEmailNotification>;
export const SiteEmailNotificationList = Type.Array(SiteEmailNotification);

/**
 * Why a message was not delivered, as a code the screen says in words (the raw `error` stays beside it):
 * no SMS gateway configured, the SMS gateway / push service / mail server refused it or was not reached,
 * PUSH with no browser left and no e-mail address to fall back on, the worker died at every attempt.
 */
export const DELIVERY_ERROR_CODES = [
  'NO_SMS_GATEWAY',
  'SMS_GATEWAY',
  'PUSH_SERVICE',
  'MAIL_SERVER',
  'NO_ADDRESS',
  'WORKER_STOPPED',
  'OTHER',
] as const;
export type DeliveryErrorCode = (typeof DELIVERY_ERROR_CODES)[number];
export const DeliveryErrorCode = Type.Enum(DELIVERY_ERROR_CODES);

/** A message about an alarm to one person on one channel, with its delivery state. */
export const NotificationMessage = Type.Object({
  id: id(),
  alarmEventId: Nullable(id()),
  userId: id(),
  /** the person's name (never their address) */
  recipientName: Type.String(),
  /** what it tells: the alarm was raised, or cleared; DIGEST: the hourly digest */
  change: Type.Enum(['RAISED', 'CLEARED', 'DIGEST'] as const),
  /** the channel it goes by */
  channel: DeliveryChannel,
  /**
   * the channel the person asked for (their DefaultNotificationDelivery setting); differs from
   * `channel` when that one could not be used (PUSH without a subscribed browser, SMS without a phone:
   * e-mail; no e-mail address: SMS)
   */
  requestedChannel: DeliveryChannel,
  state: DeliveryState,
  attempts: Type.Integer({ minimum: 0 }),
  createdAt: EpochMs,
  sentAt: Nullable(EpochMs),
  /** PENDING: not tried (again) before this time; null otherwise */
  nextAttemptAt: Nullable(EpochMs),
  /** the last error as the sender said it (PENDING: the attempt before; FAILED: the last one) */
  error: Nullable(Type.String()),
  errorCode: Nullable(DeliveryErrorCode),
});
export type NotificationMessage = Type.Static<typeof NotificationMessage>;
export const NotificationMessageList = Type.Array(NotificationMessage);
