import { JOB_GROUP_STATUSES, type JobGroupStatus } from './status.ts';

/**
 * A job group's status from the statuses of its jobs (section 4 lists NEW, RUNNING, TERMINATED,
 * MAINTENANCE and ERROR; how they derive is not shown). Our rule: any job in ERROR makes the group
 * ERROR, else any in MAINTENANCE makes it MAINTENANCE, else any RUNNING makes it RUNNING, else a
 * group whose jobs are all TERMINATED is TERMINATED; everything else (no jobs, only new jobs, new and
 * stopped jobs) is NEW. Unknown statuses count as RUNNING, as the status labels read them (STARTED).
 */
export function jobGroupStatus(jobStatuses: readonly (string | null | undefined)[]): JobGroupStatus {
  const known = new Set<string>(['NONE', 'NEW', 'RUNNING', 'TERMINATED', 'ERROR', 'MAINTENANCE']);
  const s = jobStatuses.map((x) => (typeof x === 'string' && known.has(x) ? x : 'RUNNING'));
  if (s.includes('ERROR')) return 'ERROR';
  if (s.includes('MAINTENANCE')) return 'MAINTENANCE';
  if (s.includes('RUNNING')) return 'RUNNING';
  if (s.length > 0 && s.every((x) => x === 'TERMINATED')) return 'TERMINATED';
  return 'NEW';
}

/** The key of each job-group status in the job group counts (section 3: terminatedJg, errorJg, ...). */
export const JOB_GROUP_COUNT_KEYS: Readonly<Record<JobGroupStatus, string>> = {
  NEW: 'newJg',
  RUNNING: 'runningJg',
  TERMINATED: 'terminatedJg',
  MAINTENANCE: 'maintenanceJg',
  ERROR: 'errorJg',
};

/** Whether a text is one of the job-group statuses. */
export function isJobGroupStatus(s: unknown): s is JobGroupStatus {
  return typeof s === 'string' && (JOB_GROUP_STATUSES as readonly string[]).includes(s);
}
