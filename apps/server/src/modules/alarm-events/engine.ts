import { BATTERY_THRESHOLDS, BATTERY_THRESHOLDS_LEVEL_TYPE_2, batteryState } from '@sitepulse/domain';

/**
 * Pure rules of an alarm's life (docs/decisions/alarm-life.md): the step of one threshold side per
 * reading, and the battery rule. The service feeds them readings in time order and stores what they say.
 */

export type Side = 'high' | 'low';

/** One side of a threshold as the engine carries it from reading to reading. */
export interface SideState {
  /** an alarm of this side is raised and not cleared */
  active: boolean;
  /** reading time the pending breach began (null: none pending) */
  since: number | null;
}

export interface SideRule {
  side: Side;
  bound: number;
  hysteresis: number;
  minDurationMs: number;
}

/**
 * One reading's effect on one side of a threshold. Beyond the bound starts a pending breach; it raises
 * once the value has stayed beyond for minDurationMs by reading times, judged on a reading beyond the
 * bound. The hysteresis band (inside the bound by less than the hysteresis) neither ends a pending breach
 * nor clears a raised alarm: only a value back inside by the hysteresis does. So a value hovering at a
 * bound raises one alarm and keeps it.
 */
export function stepSide(
  state: SideState,
  rule: SideRule,
  r: { ts: number; value: number },
): SideState & { change: 'RAISED' | 'CLEARED' | null } {
  const beyond = rule.side === 'high' ? r.value > rule.bound : r.value < rule.bound;
  const backInside =
    rule.side === 'high' ? r.value <= rule.bound - rule.hysteresis : r.value >= rule.bound + rule.hysteresis;
  if (state.active) {
    return backInside ? { active: false, since: null, change: 'CLEARED' } : { ...state, change: null };
  }
  if (beyond) {
    const since = state.since ?? r.ts;
    if (r.ts - since >= rule.minDurationMs) return { active: true, since: null, change: 'RAISED' };
    return { active: false, since, change: null };
  }
  if (backInside) return { active: false, since: null, change: null };
  return { ...state, change: null };
}

/** Battery points above the LOW edge a battery must show before its BATTERY_LOW alarm clears (a fresh battery). */
export const BATTERY_CLEAR_MARGIN = 5;

/**
 * BATTERY_LOW: raised while the battery state of section 4 is LOW or EMPTY; cleared once it is back
 * above the MODERATE edge by BATTERY_CLEAR_MARGIN points, so a battery wavering at the edge stays one alarm.
 */
export function batteryRule(percent: number | null, levelType: number) {
  const edges = levelType === 2 ? BATTERY_THRESHOLDS_LEVEL_TYPE_2 : BATTERY_THRESHOLDS;
  const state = batteryState(percent, { levelType });
  return {
    low: state === 'LOW' || state === 'EMPTY',
    recovered: percent !== null && percent >= edges.moderate + BATTERY_CLEAR_MARGIN,
    bound: edges.moderate,
  };
}

export interface TimedValue {
  ts: number;
  value: number;
}

/**
 * TEMPERATURE_DIFFERENTIAL: the pair's comparisons over its sensors' new readings, oldest first. At each
 * new reading time of either sensor, each sensor's newest reading stands (as in the differential report,
 * reports/generators/differential/compute.ts); the two are compared when they lie at most `windowMs`
 * apart (the report's BRIDGE_MS: sensors report at different minutes, a missed uplink is bridged).
 * The value is |first − second| rounded to 1e-6 °C, as the report rounds it.
 */
export function pairComparisons(
  standing: readonly [TimedValue | null, TimedValue | null],
  fresh: readonly [readonly TimedValue[], readonly TimedValue[]],
  windowMs: number,
): TimedValue[] {
  const cur: [TimedValue | null, TimedValue | null] = [standing[0], standing[1]];
  const times = [...new Set([...fresh[0], ...fresh[1]].map((r) => r.ts))].sort((a, b) => a - b);
  const at: [Map<number, TimedValue>, Map<number, TimedValue>] = [
    new Map(fresh[0].map((r) => [r.ts, r])),
    new Map(fresh[1].map((r) => [r.ts, r])),
  ];
  const out: TimedValue[] = [];
  for (const ts of times) {
    cur[0] = at[0].get(ts) ?? cur[0];
    cur[1] = at[1].get(ts) ?? cur[1];
    const [a, b] = cur;
    if (a === null || b === null || Math.abs(a.ts - b.ts) > windowMs) continue;
    out.push({ ts, value: Math.round(Math.abs(a.value - b.value) * 1e6) / 1e6 });
  }
  return out;
}

/** The job group an AVERAGE_STRENGTH key names, the gateway a GATEWAY_OFFLINE key names. */
export const idOfKey = (key: string): number => Number(key.slice(key.lastIndexOf(':') + 1));

/** The key that names one alarm: the same key is never active twice. */
export const alarmKey = {
  differential: (jobId: number, sensorId1: number, sensorId2: number) =>
    `TEMPERATURE_DIFFERENTIAL:job:${jobId}:pair:${sensorId1}:${sensorId2}`,
  averageStrength: (jobGroupId: number) => `AVERAGE_STRENGTH:group:${jobGroupId}`,
  gatewayOffline: (gatewayId: number) => `GATEWAY_OFFLINE:gateway:${gatewayId}`,
  threshold: (jobId: number, sensorId: number, side: Side) =>
    `SENSOR_THRESHOLD:job:${jobId}:sensor:${sensorId}:${side}`,
  matured: (jobId: number) => `MATURED:job:${jobId}`,
  silent: (nodeId: number) => `NODE_SILENT:node:${nodeId}`,
  battery: (nodeId: number) => `BATTERY_LOW:node:${nodeId}`,
};
