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

/** The key that names one alarm: the same key is never active twice. */
export const alarmKey = {
  threshold: (jobId: number, sensorId: number, side: Side) =>
    `SENSOR_THRESHOLD:job:${jobId}:sensor:${sensorId}:${side}`,
  matured: (jobId: number) => `MATURED:job:${jobId}`,
  silent: (nodeId: number) => `NODE_SILENT:node:${nodeId}`,
  battery: (nodeId: number) => `BATTERY_LOW:node:${nodeId}`,
};
