/**
 * Rules of the job-site sensor screens that are ours, not the spec's (docs/decisions/web-sensor-screens.md):
 * the card filter, the time ranges, which screen shows which job, and the sensor groups of the GR variants.
 */
import type { LumimonNodeCard } from '@sitepulse/contracts';
import { nodeCardReadings, smoothingTolerance } from '@sitepulse/domain';

/** Filters of the overview: every card, alarming ones, running ones (STARTED), ended ones (STOPPED or ERROR). */
export const NODE_FILTERS = ['ALL', 'ALARMING', 'STARTED', 'ENDED'] as const;
export type NodeFilter = (typeof NODE_FILTERS)[number];

export function matchesFilter(
  card: Pick<LumimonNodeCard, 'alarming' | 'statusLabel' | 'ended'>,
  filter: NodeFilter,
): boolean {
  if (filter === 'ALARMING') return card.alarming;
  if (filter === 'STARTED') return card.statusLabel === 'STARTED';
  if (filter === 'ENDED') return card.ended;
  return true;
}

/** Time ranges of the detail screens: shared with the job screen's charts (components/charts/time-range.ts). */
export { rangeFrom, TIME_RANGES, type TimeRange } from '../../components/charts/time-range.ts';

/** Which detail screen a job kind belongs on. */
export type DetailScreen = 'sensor' | 'gps' | 'ct';
export function screenOfKind(kind: string): DetailScreen {
  if (kind === 'GPS') return 'gps';
  if (kind === 'POWER') return 'ct';
  return 'sensor';
}

export type SensorVariant = 'details' | 'grOne' | 'grTwo';

/**
 * The sensor types a sensor-details variant shows. 'details': all of the job's types. The GR variants split
 * a node's sensors in two groups: group one is its primary measurement (the first reading its node card
 * shows: gas, temperature for a weather node, current, liquid level), group two every other type.
 */
export function sensorTypesOfVariant(
  nodeType: string,
  sensorTypes: readonly string[],
  variant: SensorVariant,
): string[] {
  const all = [...new Set(sensorTypes)];
  if (variant === 'details' || all.length === 0) return all;
  const primary = nodeCardReadings(
    nodeType,
    all.map((sensorType) => ({ sensorType })),
  )[0].sensorType;
  return variant === 'grOne' ? [primary] : all.filter((t) => t !== primary);
}

/**
 * Smoothing kind of a series line (section 9): microweather jobs draw every point; temperature and humidity
 * of other jobs use their own tolerances; other quantities (gas, level, current, ...) are drawn unsmoothed.
 */
export function lineTolerance(jobKind: string, sensorType: string, elapsedDays: number): number {
  if (jobKind === 'MICROWEATHER') return smoothingTolerance('Microweather', elapsedDays);
  if (sensorType === 'Temperature' || sensorType === 'Humidity')
    return smoothingTolerance(sensorType, elapsedDays);
  return 0;
}

/** Line colours of the charts, in order. */
export const LINE_COLOURS = [
  '#1565c0',
  '#ef6c00',
  '#2e7d32',
  '#6a1b9a',
  '#00838f',
  '#c62828',
  '#5d4037',
  '#455a64',
];
