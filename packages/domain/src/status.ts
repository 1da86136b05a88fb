import { type TimeInput, toEpochMs } from './time.ts';

/** Job status values the server sends (section 4). */
export const SERVER_JOB_STATUSES = ['NONE', 'NEW', 'RUNNING', 'TERMINATED', 'ERROR', 'MAINTENANCE'] as const;
export type ServerJobStatus = (typeof SERVER_JOB_STATUSES)[number];
/** Alias of SERVER_JOB_STATUSES: the job statuses of section 4. */
export const JOB_STATUSES = SERVER_JOB_STATUSES;

/** Display labels of job statuses (section 4). */
export type JobStatusLabel = 'NEW' | 'PENDING START' | 'STARTED' | 'STOPPED' | 'ERROR' | 'MAINTENANCE';

/** Server job status → display label (section 4 table). */
export const JOB_STATUS_LABELS: Readonly<Record<ServerJobStatus, JobStatusLabel>> = {
  NONE: 'NEW',
  NEW: 'PENDING START',
  RUNNING: 'STARTED',
  TERMINATED: 'STOPPED',
  ERROR: 'ERROR',
  MAINTENANCE: 'MAINTENANCE',
};

/**
 * Display label of a server job status (section 4 table). Anything else, including a missing
 * status, shows STARTED: the spec's "unknown status: STARTED by default" (section 8).
 */
export function jobStatusLabel(serverStatus: string | null | undefined): JobStatusLabel {
  if (typeof serverStatus === 'string' && Object.hasOwn(JOB_STATUS_LABELS, serverStatus)) {
    return JOB_STATUS_LABELS[serverStatus as ServerJobStatus];
  }
  return 'STARTED';
}

/** Empty text counts as no date: the server sends '' for an unset date in some payloads. */
function hasDate(d: TimeInput | null | undefined): boolean {
  return d !== null && d !== undefined && d !== '';
}

/**
 * Status of humidity and microweather jobs, derived from their dates (section 4):
 * a termination date means STOPPED, else a start date means STARTED, else NEW.
 */
export function dateDerivedStatus(job: {
  startDate?: TimeInput | null;
  terminationDate?: TimeInput | null;
}): 'STOPPED' | 'STARTED' | 'NEW' {
  if (hasDate(job.terminationDate)) return 'STOPPED';
  if (hasDate(job.startDate)) return 'STARTED';
  return 'NEW';
}

/** Colour and tooltip of a status chip. */
export interface StatusStyle {
  colour: 'red' | 'green' | 'blue' | 'black' | 'gray' | 'yellow' | 'white';
  tooltip: string;
}

const STYLES: Record<string, StatusStyle> = {
  ERROR: { colour: 'red', tooltip: 'Error' },
  STARTED: { colour: 'green', tooltip: 'Started' },
  MAINTENANCE: { colour: 'blue', tooltip: 'Updating' },
  NEW: { colour: 'black', tooltip: 'New' },
  STOPPED: { colour: 'gray', tooltip: 'Stopped' },
  'PENDING START': { colour: 'yellow', tooltip: 'Pending Start' },
};
const UNKNOWN_STYLE: StatusStyle = { colour: 'white', tooltip: 'Unknown' };

/** Colour and tooltip of a status label (section 4 table); unknown labels are white 'Unknown'. */
export function statusStyle(label: string | null | undefined): StatusStyle {
  const style = typeof label === 'string' && Object.hasOwn(STYLES, label) ? STYLES[label] : UNKNOWN_STYLE;
  return { ...style };
}

/** ERROR or TERMINATED counts as an ended job (section 4). */
export function isEndedJob(serverStatus: string | null | undefined): boolean {
  return serverStatus === 'ERROR' || serverStatus === 'TERMINATED';
}

/** Job sites and projects with state TERMINATED are archived (section 3, 4). */
export function isArchived(item: { state?: string | null } | null | undefined): boolean {
  return item?.state === 'TERMINATED';
}

/** Statuses of the "other lists", in their sort order (section 4). */
export const LIST_STATUS_ORDER = ['STARTED', 'STOPPED', 'ERROR'] as const;
export type ListStatus = (typeof LIST_STATUS_ORDER)[number];

function listRank(status: string | null | undefined): number {
  const i = LIST_STATUS_ORDER.indexOf(status as ListStatus);
  // Unknown statuses go after ERROR so known ones stay on top.
  return i === -1 ? LIST_STATUS_ORDER.length : i;
}

/** Time of an item, newest first; items without a readable time go last. */
function compareNewestFirst(a: TimeInput | null | undefined, b: TimeInput | null | undefined): number {
  const ta = toEpochMs(a);
  const tb = toEpochMs(b);
  if (ta === null && tb === null) return 0;
  if (ta === null) return 1;
  if (tb === null) return -1;
  return tb - ta;
}

/** An item of a STARTED/STOPPED/ERROR list. */
export interface StatusListItem {
  status?: string | null;
  creationDate?: TimeInput | null;
}

/**
 * Comparator for lists using STARTED, STOPPED and ERROR (section 4): STARTED first, then
 * STOPPED, then ERROR, each group newest first by creationDate.
 */
export function compareStatusThenNewest(a: StatusListItem, b: StatusListItem): number {
  return listRank(a.status) - listRank(b.status) || compareNewestFirst(a.creationDate, b.creationDate);
}

/** A sorted copy of a STARTED/STOPPED/ERROR list (section 4). */
export function sortStatusThenNewest<T extends StatusListItem>(items: readonly T[]): T[] {
  return [...items].sort(compareStatusThenNewest);
}

/** Projects sort newest first by creationDate (section 3); undated projects go last. */
export function compareProjectsNewestFirst(
  a: { creationDate?: TimeInput | null },
  b: { creationDate?: TimeInput | null },
): number {
  return compareNewestFirst(a.creationDate, b.creationDate);
}

/** A copy of the projects, newest first (section 3). */
export function sortProjectsNewestFirst<T extends { creationDate?: TimeInput | null }>(
  projects: readonly T[],
): T[] {
  return [...projects].sort(compareProjectsNewestFirst);
}

/** Job-group statuses (section 4). */
export const JOB_GROUP_STATUSES = ['NEW', 'RUNNING', 'TERMINATED', 'MAINTENANCE', 'ERROR'] as const;
export type JobGroupStatus = (typeof JOB_GROUP_STATUSES)[number];
/** Job-group list filter values (section 4). */
export const JOB_GROUP_FILTERS = ['ALL', 'None', 'Terminated', 'New', 'Running', 'Error'] as const;
export type JobGroupFilter = (typeof JOB_GROUP_FILTERS)[number];

/** Alarm status of a job (section 4). */
export type AlarmStatus = 'ERROR' | 'MATURED' | 'NONE';

/** An event type as the server lists it (section 3). */
export interface EventType {
  name: string;
  bitIndex: number;
}

/** The bitIndex of the named event type, or -1 if there is none (section 3). */
export function eventTypeBitIndex(eventTypes: readonly EventType[] | null | undefined, name: string): number {
  const found = eventTypes?.find((e) => e.name === name);
  return found && Number.isInteger(found.bitIndex) ? found.bitIndex : -1;
}

/**
 * Whether bit `bitIndex` is set in the job's jobAlarmTriggered flags. Arithmetic rather than
 * `>>` so flags above 31 bits (up to 2^53) still read right. A negative index (event type not
 * found) is never set.
 */
export function isAlarmBitSet(flags: number | null | undefined, bitIndex: number): boolean {
  if (typeof flags !== 'number' || !Number.isFinite(flags) || flags < 0) return false;
  if (!Number.isInteger(bitIndex) || bitIndex < 0) return false;
  return Math.floor(flags / 2 ** bitIndex) % 2 === 1;
}

/**
 * Alarm status per job (section 4): ERROR if the job is in error, MATURED if the job alarm bit
 * (from the event type's bitIndex) is set in jobAlarmTriggered, otherwise NONE.
 */
export function jobAlarmStatus(
  job: { status?: string | null; jobAlarmTriggered?: number | null },
  bitIndex: number,
): AlarmStatus {
  if (job.status === 'ERROR') return 'ERROR';
  if (isAlarmBitSet(job.jobAlarmTriggered, bitIndex)) return 'MATURED';
  return 'NONE';
}
