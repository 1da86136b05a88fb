import { MATURED_BIT, SENSOR_THRESHOLD_BIT } from './alarms.ts';
import { FETCH_MORE_STEP } from './constants.ts';
import { isHumidityJob } from './jobs.ts';
import { paths } from './routes.ts';
import {
  dateDerivedStatus,
  isAlarmBitSet,
  type JobGroupFilter,
  type JobStatusLabel,
  jobAlarmStatus,
  jobStatusLabel,
  type ServerJobStatus,
} from './status.ts';
import { type TimeInput, toEpochMs } from './time.ts';

/**
 * Rules of the project job list and the dashboards (spec sections 2, 4, 9): what each filter asks the
 * server for, how far 'fetch more' reaches, where a job's row leads, the alarm badges of a job, and
 * whether a pour has reached its strength. Choices: docs/decisions/web-projects-and-dashboards.md.
 */

/**
 * The server status each job-list filter of section 4 asks for (ALL: every status). The filter names
 * read as the server statuses they are spelled like: None → NONE (shown as NEW), New → NEW (shown as
 * PENDING START), Running → RUNNING, Terminated → TERMINATED, Error → ERROR.
 */
export const JOB_LIST_FILTER_STATUS: Readonly<Record<JobGroupFilter, ServerJobStatus | undefined>> = {
  ALL: undefined,
  None: 'NONE',
  Terminated: 'TERMINATED',
  New: 'NEW',
  Running: 'RUNNING',
  Error: 'ERROR',
};

/** The server status a filter value asks for; unknown values read as ALL (undefined). */
export function jobListFilterStatus(filter: string | null | undefined): ServerJobStatus | undefined {
  return typeof filter === 'string' && Object.hasOwn(JOB_LIST_FILTER_STATUS, filter)
    ? JOB_LIST_FILTER_STATUS[filter as JobGroupFilter]
    : undefined;
}

/**
 * How many jobs the list asks for after `clicks` presses of 'fetch more' (section 9, fetch-more
 * multiplicand 5): 5 at first, 5 more per press. Negative or fractional presses count as whole presses ≥ 0.
 */
export function fetchMoreSize(clicks: number): number {
  const n = Number.isFinite(clicks) ? Math.max(0, Math.floor(clicks)) : 0;
  return FETCH_MORE_STEP * (n + 1);
}

/** Whether 'fetch more' has anything left to fetch: fewer shown than the server's total. */
export function hasMoreJobs(shown: number, total: number | null | undefined): boolean {
  return typeof total === 'number' && shown < total;
}

/** A job as the lists know it: enough to tell which screen shows it. */
export interface JobLink {
  id: number;
  /** Server kind: MATURITY, HUMIDITY, MICROWEATHER, DATA, GPS or POWER. */
  kind?: string | null;
  /** 'Maturity', 'Humidity', 'Microweather Node', 'Gas', 'GPS', 'Current Transformer', ... */
  channelJobTypeName?: string | null;
  /** The job's project. */
  tenantId: number;
}

/**
 * Where a job's row or card leads (section 2 route table): maturity, humidity and microweather jobs to
 * the job page (its {type} segment is the job type name); a GPS job to its GPS details; a current
 * transformer (POWER) to its CT details; any other data job (gas, liquid level, ...) to the job-site
 * sensor details, the screen that charts a data job's sensors.
 */
export function jobDetailHref(job: JobLink, jobsiteId: number | string): string {
  const type = job.channelJobTypeName ?? '';
  const kind = job.kind ?? '';
  if (kind === 'GPS' || type === 'GPS') return paths.gpsJobDetails.href(jobsiteId, job.tenantId, job.id);
  if (kind === 'POWER' || type === 'Current Transformer') {
    return paths.ctJobDetails.href(jobsiteId, job.tenantId, job.id);
  }
  if (kind === 'DATA') return paths.jobSiteSensorDetails.href(jobsiteId, job.tenantId, job.id);
  const jobType =
    type || (kind === 'HUMIDITY' ? 'Humidity' : kind === 'MICROWEATHER' ? 'Microweather Node' : 'Maturity');
  return paths.job.href(jobType, jobsiteId, job.tenantId, job.id);
}

/** A maturity or humidity job as the job list reads its status. */
export interface ListedJob {
  status?: string | null;
  sensorFlags?: number | string | null;
  startDate?: TimeInput | null;
  terminationDate?: TimeInput | null;
  jobAlarmTriggered?: number | null;
}

/**
 * The status label of a maturity or humidity job in the lists (section 4): humidity jobs derive it
 * from their dates (STOPPED, STARTED, NEW), maturity jobs map the server status.
 */
export function listedJobStatusLabel(job: ListedJob): JobStatusLabel {
  return isHumidityJob(job) ? dateDerivedStatus(job) : jobStatusLabel(job.status);
}

/** An alarm badge of a job: in error, strength target reached (MATURED), or a sensor threshold crossed. */
export type JobAlarmBadge = 'ERROR' | 'THRESHOLD' | 'MATURED';

/**
 * The alarm badges of a job (section 4 "Alarm status per job", plus the SENSOR_THRESHOLD bit of
 * jobAlarmTriggered): ERROR when the job is in error, THRESHOLD when a sensor crossed its threshold,
 * MATURED when the job alarm bit is set. Error and threshold come first; none when all is quiet.
 */
export function jobAlarmBadges(job: {
  status?: string | null;
  jobAlarmTriggered?: number | null;
}): JobAlarmBadge[] {
  const badges: JobAlarmBadge[] = [];
  const status = jobAlarmStatus(job, MATURED_BIT);
  if (status === 'ERROR') badges.push('ERROR');
  if (isAlarmBitSet(job.jobAlarmTriggered, SENSOR_THRESHOLD_BIT)) badges.push('THRESHOLD');
  if (isAlarmBitSet(job.jobAlarmTriggered, MATURED_BIT)) badges.push('MATURED');
  return badges;
}

/** Whether a pour has reached its strength target (the dashboards' question). */
export type PourReadiness = 'REACHED' | 'CURING' | 'NO_TARGET' | 'NO_DATA';

function num(v: number | null | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/**
 * A maturity job's readiness: NO_TARGET without a positive target; REACHED when its strength is at or
 * above the target (or, without a strength yet, when the MATURED bit says so); NO_DATA without a
 * strength; otherwise CURING.
 */
export function pourReadiness(job: {
  latestJobStrength?: number | null;
  targetStrength?: number | null;
  jobAlarmTriggered?: number | null;
}): PourReadiness {
  if (!num(job.targetStrength) || job.targetStrength <= 0) return 'NO_TARGET';
  if (!num(job.latestJobStrength)) {
    return isAlarmBitSet(job.jobAlarmTriggered, MATURED_BIT) ? 'REACHED' : 'NO_DATA';
  }
  return job.latestJobStrength >= job.targetStrength ? 'REACHED' : 'CURING';
}

/** A maturity job as the dashboards rank it. */
export interface RankedPour {
  status?: string | null;
  jobAlarmTriggered?: number | null;
  latestJobStrength?: number | null;
  targetStrength?: number | null;
  progressBarValue?: number | null;
  creationDate?: TimeInput | null;
}

/**
 * Urgency rank of a pour on the dashboards, lowest first: a job in error (its node went silent), then a
 * crossed sensor threshold, then pours that reached their target (forms can come off), then pours still
 * curing, then pours without a target or data, and stopped jobs last.
 */
export function pourUrgencyRank(job: RankedPour): number {
  if (job.status === 'TERMINATED') return 5;
  const badges = jobAlarmBadges(job);
  if (badges.includes('ERROR')) return 0;
  if (badges.includes('THRESHOLD')) return 1;
  const readiness = pourReadiness(job);
  if (readiness === 'REACHED') return 2;
  if (readiness === 'CURING') return 3;
  return 4;
}

/**
 * Dashboard order of pours: by urgency rank; curing pours closest to their target first (highest
 * progress); otherwise newest first.
 */
export function comparePourUrgency(a: RankedPour, b: RankedPour): number {
  const rank = pourUrgencyRank(a) - pourUrgencyRank(b);
  if (rank !== 0) return rank;
  if (pourUrgencyRank(a) === 3) {
    const progress = (b.progressBarValue ?? 0) - (a.progressBarValue ?? 0);
    if (progress !== 0) return progress;
  }
  return (toEpochMs(b.creationDate ?? null) ?? 0) - (toEpochMs(a.creationDate ?? null) ?? 0);
}

/** A copy of the pours in dashboard order (comparePourUrgency). */
export function sortPoursByUrgency<T extends RankedPour>(jobs: readonly T[]): T[] {
  return [...jobs].sort(comparePourUrgency);
}

/** How many jobs show each status label (labels with no job are left out). */
export function countByLabel<T>(
  jobs: readonly T[],
  labelOf: (job: T) => string,
): Partial<Record<string, number>> {
  const counts: Partial<Record<string, number>> = {};
  for (const job of jobs) {
    const label = labelOf(job);
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

/**
 * The precast dashboard's tenantId segment as a project id, or null for the whole plant: the route
 * allows the word 'undefined' (section 2), and anything that is not a positive whole number reads the same.
 */
export function precastTenantId(segment: string | null | undefined): number | null {
  if (!segment || segment === 'undefined') return null;
  const n = Number(segment);
  return Number.isInteger(n) && n > 0 ? n : null;
}
