/** Battery icon states (section 4). HIDE means no icon. */
export type BatteryState = 'HIDE' | 'EMPTY' | 'LOW' | 'MODERATE' | 'GOOD';

/** Lower edges (inclusive) of GOOD, MODERATE and LOW, in percent (section 4). */
export const BATTERY_THRESHOLDS = { good: 90, moderate: 50, low: 10 } as const;
/** Thresholds for jobs whose nodeOptions.batteryLevelType is 2 (section 4). */
export const BATTERY_THRESHOLDS_LEVEL_TYPE_2 = { good: 66, moderate: 33, low: 10 } as const;

/** Reads a number that may come as text (battery values and JSON job attributes). */
function readNumber(v: number | string | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' && v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * Battery state of a job's node (section 4): HIDE when the job is terminated or there is no
 * battery value; otherwise GOOD at 90 % or more, MODERATE at 50 or more, LOW at 10 or more,
 * else EMPTY. When the job's battery level type is 2 the edges are 66, 33 and 10.
 * `levelType` may be text, since it comes from the jobAttributes JSON.
 */
export function batteryState(
  percent: number | string | null | undefined,
  options: { terminated?: boolean | null; levelType?: number | string | null } = {},
): BatteryState {
  const value = readNumber(percent);
  if (options.terminated || value === null) return 'HIDE';
  const t = readNumber(options.levelType) === 2 ? BATTERY_THRESHOLDS_LEVEL_TYPE_2 : BATTERY_THRESHOLDS;
  if (value >= t.good) return 'GOOD';
  if (value >= t.moderate) return 'MODERATE';
  if (value >= t.low) return 'LOW';
  return 'EMPTY';
}
