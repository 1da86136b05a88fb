import { LATITUDE_LIMIT } from './constants.ts';

/** Job types in the order job lists show them (section 2). */
export const JOB_TYPE_ORDER = [
  'Microweather Node',
  'Gas',
  'Lightning Detection',
  'Current Transformer',
  'Cameras',
  'Liquid Level',
  'Oil Debris',
  'Leak Detection',
  'Door Sensor',
  'Fire Extinguisher',
  'GPS',
  'Vibration',
] as const;
export type JobType = (typeof JOB_TYPE_ORDER)[number];

function typeRank(type: string | null | undefined): number {
  const i = JOB_TYPE_ORDER.indexOf(type as JobType);
  return i === -1 ? JOB_TYPE_ORDER.length : i;
}

/**
 * Comparator of job type names by JOB_TYPE_ORDER (section 2). Types not in the list go after
 * the known ones, alphabetically, so a new type the server adds still has a stable place.
 */
export function compareJobType(a: string | null | undefined, b: string | null | undefined): number {
  return typeRank(a) - typeRank(b) || (a ?? '').localeCompare(b ?? '');
}

/** A copy of the items sorted by their job type (section 2). */
export function sortByJobType<T>(items: readonly T[], typeOf: (item: T) => string | null | undefined): T[] {
  return [...items].sort((x, y) => compareJobType(typeOf(x), typeOf(y)));
}

/** sensorFlags value of a humidity job (section 3). */
export const HUMIDITY_SENSOR_FLAGS = 5;

/**
 * Whether a job is a humidity job (section 3). The spec's main rule is "5 means a humidity
 * job; other values mean maturity/strength", and a note says "humid if present and not 1".
 * Both agree on the values the server sends (5, 1, missing); we follow the main rule, so only
 * 5 (number or text) is humidity.
 */
export function isHumidityJob(job: { sensorFlags?: number | string | null } | null | undefined): boolean {
  const flags = job?.sensorFlags;
  if (flags === null || flags === undefined || flags === '') return false;
  return Number(flags) === HUMIDITY_SENSOR_FLAGS;
}

/** Latitude clamped to between -85 and 85 degrees, the limit of web map tiles (section 3, 9). */
export function clampLatitude(lat: number): number {
  return Math.min(LATITUDE_LIMIT, Math.max(-LATITUDE_LIMIT, lat));
}
