import type { JobAlarmData } from '@sitepulse/contracts';
import { ALARM_TYPE_SENSOR_THRESHOLD, type ThresholdBounds } from '@sitepulse/domain';

/**
 * A job's alarms are stored on the job itself, one place each: the SENSOR_THRESHOLD in
 * job.alarm_data (JSON text), the strength threshold in job.singular_target (the target the maturity
 * engine raises MATURED against), the bits in job.job_alarm_triggered.
 */

/** The SENSOR_THRESHOLD a job carries (bounds null when it has none). */
export interface SensorThreshold extends ThresholdBounds {
  sensorType: string | null;
  lastModified: number | null;
  /** issue 15: its own hysteresis and minimum duration (null: the domain defaults) */
  hysteresis?: number | null;
  minDurationMs?: number | null;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Reads job.alarm_data; anything unreadable counts as no threshold. */
export function parseSensorThreshold(alarmData: string | null | undefined): SensorThreshold {
  try {
    const v = JSON.parse(alarmData ?? '') as Record<string, unknown> | null;
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
    return {
      sensorType: typeof v.sensorType === 'string' ? v.sensorType : null,
      high: num(v.mediumThresholdHBound),
      low: num(v.mediumThresholdLBound),
      lastModified: num(v.lastModified),
      hysteresis: num(v.hysteresis),
      minDurationMs: num(v.minDurationMs),
    };
  } catch {
    return {
      sensorType: null,
      high: null,
      low: null,
      lastModified: null,
      hysteresis: null,
      minDurationMs: null,
    };
  }
}

/** job.alarm_data for a threshold: '{}' when it has no bound left. */
export function sensorThresholdText(t: SensorThreshold): string {
  if (t.high === null && t.low === null) return '{}';
  return JSON.stringify({
    alarmType: ALARM_TYPE_SENSOR_THRESHOLD,
    sensorType: t.sensorType,
    mediumThresholdHBound: t.high,
    mediumThresholdLBound: t.low,
    lastModified: t.lastModified,
    ...(t.hysteresis != null ? { hysteresis: t.hysteresis } : {}),
    ...(t.minDurationMs != null ? { minDurationMs: t.minDurationMs } : {}),
  });
}

/** The `alarmData` every job answer carries. */
export function jobAlarmData(job: { alarm_data: string; singular_target: number | null }): JobAlarmData {
  const t = parseSensorThreshold(job.alarm_data);
  const any = t.high !== null || t.low !== null;
  return {
    singularThreshold: job.singular_target,
    sensorType: any ? t.sensorType : null,
    mediumThresholdHBound: t.high,
    mediumThresholdLBound: t.low,
  };
}
