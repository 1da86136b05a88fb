import type { ChannelSensor, NodeBatteryValue, NodeSignalValue } from '@sitepulse/contracts';
import { DAY_MS, INGEST_MAX_FUTURE_MS } from '@sitepulse/domain';
import type { Selectable } from 'kysely';
import type { SensorTable } from '../../db/types.ts';
import { badRequest } from '../../lib/errors.ts';
import { jobAlarmData } from '../alarms/alarm-data.ts';
import type { JobRow } from './repo.ts';

export type SensorRow = Selectable<SensorTable>;

/** The job's sensor types (its sensor_types JSON list); unreadable text counts as no list. */
export function jobSensorTypes(job: { sensor_types: string }): string[] {
  try {
    const v: unknown = JSON.parse(job.sensor_types);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A job's sensors: the sensors of its node whose type is in the job's sensor types (every sensor of
 * the node when the list is empty). `counted` leaves out blacklisted and decommissioned sensors, as
 * the job's figures do.
 */
export function sensorsOfJob(job: JobRow, nodeSensors: readonly SensorRow[], counted: boolean): SensorRow[] {
  const types = jobSensorTypes(job);
  return nodeSensors.filter(
    (s) =>
      s.node_id === job.node_id &&
      (types.length === 0 || types.includes(s.sensor_type)) &&
      (!counted || (s.blacklisted === 0 && s.decommissioned === 0)),
  );
}

/**
 * The time a job's readings count in, both ends included (as the maturity engine counts them):
 * from its start to its end; a running job up to now plus the clock skew ingest accepts. Null
 * before it started.
 */
export function jobWindow(job: JobRow, now: number): { from: number; to: number } | null {
  if (job.start_date === null) return null;
  return { from: job.start_date, to: job.termination_date ?? now + INGEST_MAX_FUTURE_MS };
}

/** Rejects a range whose start is after its end (400, nothing read). */
export function checkRange(q: { from?: number; to?: number }): void {
  if (q.from !== undefined && q.to !== undefined && q.from > q.to) {
    throw badRequest('`from` must not be after `to`');
  }
}

/** The longest range of one series (as the maturity reads): at most 3660 daily points per sensor. */
export const MAX_RANGE_MS = 3660 * DAY_MS;
/** A series is allocated point by point: a longer range would take the memory of the process. */
export function checkSpan(spanMs: number): void {
  if (spanMs > MAX_RANGE_MS) throw badRequest('The range must not span more than 10 years');
}

/**
 * The range a job read covers: the asked range within the job's window (defaults: the window).
 * Null when the job has not started.
 */
export function jobRange(job: JobRow, q: { from?: number; to?: number }, now: number) {
  checkRange(q);
  const w = jobWindow(job, now);
  if (!w) return null;
  return { from: Math.max(q.from ?? w.from, w.from), to: Math.min(q.to ?? w.to, w.to) };
}

export const toChannelSensor = (s: SensorRow): ChannelSensor => ({
  id: s.id,
  sensorId: s.id,
  nodeId: s.node_id,
  channelId: s.channel_id,
  sensorType: s.sensor_type,
  sensorAlias: s.alias,
  latestValue: s.latest_value,
  latestValueTimestamp: s.latest_value_ts,
  messageTimestamp: s.message_ts,
  decommissioned: s.decommissioned === 1,
  blacklisted: s.blacklisted === 1,
});

export const batteryOf = (n: {
  latest_battery: number | null;
  latest_battery_ts: number | null;
}): NodeBatteryValue => ({
  value: n.latest_battery,
  timestamp: n.latest_battery_ts,
});

export const signalOf = (n: {
  latest_signal: number | null;
  latest_signal_ts: number | null;
}): NodeSignalValue => ({
  signal: n.latest_signal,
  timestamp: n.latest_signal_ts,
});

/** The fields every job answer shares (spec section 3). */
export function jobBase(job: JobRow) {
  return {
    id: job.id,
    channelJobName: job.name,
    channelJobTypeName: job.job_type_name,
    channelGroupId: job.job_group_id,
    nodeId: job.node_id,
    nodeType: job.node_type,
    tenantId: job.tenant_id,
    tenantGroupId: job.tenant_group_id,
    startDate: job.start_date,
    terminationDate: job.termination_date,
    creationDate: job.created_at,
    sensorTypes: jobSensorTypes(job),
    jobAlarmTriggered: Number(job.job_alarm_triggered),
    alarmData: jobAlarmData(job),
  };
}

/** Sensor types in the order the microweather views show them, then the others alphabetically. */
export const MICROWEATHER_SENSOR_TYPES = ['Temperature', 'Humidity', 'Wind Speed'] as const;
export function compareSensorTypes(a: string, b: string): number {
  const ia = MICROWEATHER_SENSOR_TYPES.indexOf(a as (typeof MICROWEATHER_SENSOR_TYPES)[number]);
  const ib = MICROWEATHER_SENSOR_TYPES.indexOf(b as (typeof MICROWEATHER_SENSOR_TYPES)[number]);
  return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib) || a.localeCompare(b);
}
