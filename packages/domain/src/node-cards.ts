import { compareJobType } from './jobs.ts';
import { nodeCardReadingCount, shortNodeId } from './names.ts';
import { EVENT_TYPES } from './sensors.ts';
import {
  dateDerivedStatus,
  eventTypeBitIndex,
  isAlarmBitSet,
  type JobStatusLabel,
  jobStatusLabel,
} from './status.ts';
import type { TimeInput } from './time.ts';

/**
 * The Lumimon overview (job site sensors, spec sections 1 and 2): which group a job's node card
 * sits in, which readings a card shows, how a node is named, and the order of the cards.
 */

/** The groups of the overview (section 1: "jobs, power, GPS and analytics"); analytics spans them all. */
export const LUMIMON_GROUPS = ['jobs', 'power', 'gps'] as const;
export type LumimonGroup = (typeof LUMIMON_GROUPS)[number];

/** Job kinds the overview shows: microweather and data jobs, power (current transformer) and GPS jobs. */
export const LUMIMON_JOB_KINDS = ['MICROWEATHER', 'DATA', 'POWER', 'GPS'] as const;

/**
 * The overview group of a job kind: POWER (current transformer) under power, GPS under GPS, and
 * microweather and data jobs (gas, liquid level, ...) under jobs. Kinds the overview does not show: null.
 */
export function lumimonGroupOf(kind: string | null | undefined): LumimonGroup | null {
  if (kind === 'POWER') return 'power';
  if (kind === 'GPS') return 'gps';
  if (kind === 'MICROWEATHER' || kind === 'DATA') return 'jobs';
  return null;
}

/**
 * Status label of an overview job (section 4): a microweather job's derives from its dates, every
 * other job's from its server status.
 */
export function lumimonStatusLabel(job: {
  kind: string;
  status?: string | null;
  startDate?: TimeInput | null;
  terminationDate?: TimeInput | null;
}): JobStatusLabel {
  return job.kind === 'MICROWEATHER' ? dateDerivedStatus(job) : jobStatusLabel(job.status);
}

/** Whether a status label means the job has ended: STOPPED or ERROR (section 4 "ended job"). */
export const isEndedLabel = (label: string | null | undefined): boolean =>
  label === 'STOPPED' || label === 'ERROR';

/** The sensor types of a weather node, in the order its card shows them. */
export const WEATHER_SENSOR_TYPES = ['Temperature', 'Humidity', 'Wind Speed'] as const;

/** The kind of node card a node type gets (section 2): gas and weather nodes have a fixed reading count. */
export function nodeCardKind(nodeType: string | null | undefined): 'gas' | 'weather' | null {
  if (nodeType === 'Gas') return 'gas';
  if (nodeType === 'Microweather Node') return 'weather';
  return null;
}

function weatherRank(sensorType: string): number {
  const i = (WEATHER_SENSOR_TYPES as readonly string[]).indexOf(sensorType);
  return i === -1 ? WEATHER_SENSOR_TYPES.length : i;
}

/**
 * The readings a node card shows (section 2): 1 for gas nodes (the Gas reading first), 3 for
 * weather nodes (temperature, humidity, wind speed), and every reading for other nodes (what they
 * measure). Readings are ordered weather types first, then alphabetically.
 */
export function nodeCardReadings<T extends { sensorType: string }>(
  nodeType: string | null | undefined,
  readings: readonly T[],
): T[] {
  const kind = nodeCardKind(nodeType);
  const ordered = [...readings].sort((a, b) => {
    if (kind === 'gas') return Number(b.sensorType === 'Gas') - Number(a.sensorType === 'Gas');
    return weatherRank(a.sensorType) - weatherRank(b.sensorType) || a.sensorType.localeCompare(b.sensorType);
  });
  return kind ? ordered.slice(0, nodeCardReadingCount(kind)) : ordered;
}

/**
 * The node id a card shows: a Lumitrack node (a node of a Lumitrack project) with its first 8
 * characters (section 2); any other node with its whole id.
 */
export function nodeIdShown(nodeId: string | number | null | undefined, projectType?: string | null): string {
  const id = nodeId === null || nodeId === undefined ? '' : String(nodeId);
  return projectType === 'Lumitrack' ? shortNodeId(id) : id;
}

/** Bit of jobAlarmTriggered a sensor threshold sets (event type SENSOR_THRESHOLD, section 3). */
export const SENSOR_THRESHOLD_EVENT_BIT = eventTypeBitIndex(EVENT_TYPES, 'SENSOR_THRESHOLD');

/** Whether a job's sensor-threshold alarm is raised: the SENSOR_THRESHOLD bit of its jobAlarmTriggered. */
export function isSensorAlarm(jobAlarmTriggered: number | null | undefined): boolean {
  return isAlarmBitSet(jobAlarmTriggered, SENSOR_THRESHOLD_EVENT_BIT);
}

/** What the order of node cards looks at. */
export interface NodeCardOrderItem {
  alarming: boolean;
  channelJobTypeName: string;
  /** the job has ended (stopped or in error) */
  ended: boolean;
  channelJobName: string;
}

/**
 * Order of node cards: alarming nodes first (so "which node is alarming?" is answered at the top),
 * then by job type (section 2 order), running before ended jobs, then by name.
 */
export function compareNodeCards(a: NodeCardOrderItem, b: NodeCardOrderItem): number {
  return (
    Number(b.alarming) - Number(a.alarming) ||
    compareJobType(a.channelJobTypeName, b.channelJobTypeName) ||
    Number(a.ended) - Number(b.ended) ||
    a.channelJobName.localeCompare(b.channelJobName)
  );
}

/** A sorted copy of node cards (compareNodeCards). */
export function sortNodeCards<T extends NodeCardOrderItem>(cards: readonly T[]): T[] {
  return [...cards].sort(compareNodeCards);
}

/** The latest of several times (epoch ms), or null when none is known: a node's "last seen". */
export function latestTime(...times: readonly (number | null | undefined)[]): number | null {
  let best: number | null = null;
  for (const t of times) {
    if (typeof t === 'number' && Number.isFinite(t) && (best === null || t > best)) best = t;
  }
  return best;
}
