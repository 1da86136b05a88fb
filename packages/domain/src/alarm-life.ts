/**
 * Alarms that reach people (issue 15): the kinds of alarm, the life of one (raised, acknowledged,
 * cleared), the defaults that keep a value hovering at a bound from raising fifty alarms, and the
 * delivery rules. Pure rules; the server's alarm-events and notifications modules read them here.
 */

export const ALARM_KINDS = [
  'MATURED',
  'SENSOR_THRESHOLD',
  'AVERAGE_STRENGTH',
  'TEMPERATURE_DIFFERENTIAL',
  'NODE_SILENT',
  'BATTERY_LOW',
  'GATEWAY_OFFLINE',
] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/** An alarm is active from raised until cleared; acknowledging records who saw it, it stays active. */
export const ALARM_STATES = ['ACTIVE', 'ACKNOWLEDGED', 'CLEARED'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/**
 * Hysteresis: once raised at a bound, the value must come back inside it by this much before the alarm
 * clears (°C for temperatures, the reading's own unit otherwise); a threshold may set its own.
 */
export const DEFAULT_HYSTERESIS = 0.5;
/** A value must stay beyond its bound this long before the alarm is raised (a threshold may set its own). */
export const DEFAULT_MIN_DURATION_MS = 10 * 60_000;
export const HYSTERESIS_MAX = 100;
export const MIN_DURATION_MAX_MS = 24 * 3_600_000;

/** A node is silent when it has not reported for this long (the spec's stale signal: 2 hours). */
export const NODE_SILENT_MS = 2 * 3_600_000;
/** A gateway is offline when none of its nodes' uplinks came through it for this long. */
export const GATEWAY_OFFLINE_MS = 30 * 60_000;

/** Longest acknowledgement note. */
export const ACK_NOTE_MAX = 500;
/** How far back the per-site list shows cleared alarms. */
export const RECENT_ALARMS_MS = 7 * 86_400_000;

export const DELIVERY_CHANNELS = ['EMAIL', 'SMS', 'PUSH'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/**
 * A message's delivery: waiting (PENDING), handed to the mail server, SMS gateway or push service
 * (SENT), given up after its retries (FAILED), or folded into the hourly digest (DIGESTED) because the
 * recipient reached NOTIFY_CAP_PER_HOUR.
 */
export const DELIVERY_STATES = ['PENDING', 'SENT', 'FAILED', 'DIGESTED'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Alarm messages one person gets in an hour; the rest go into one digest at the end of the hour. */
export const NOTIFY_CAP_PER_HOUR = 10;
/** Attempts at one message before it is FAILED. */
export const DELIVERY_ATTEMPTS_MAX = 5;
