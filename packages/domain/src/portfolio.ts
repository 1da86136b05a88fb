import { MATURED_BIT, SENSOR_THRESHOLD_BIT } from './alarms.ts';
import { type BatteryState, batteryState } from './battery.ts';
import { SIGNAL_STALE_MS } from './constants.ts';
import type { PourReadiness } from './job-list.ts';
import { isAlarmBitSet } from './status.ts';
import { HOUR_MS } from './time.ts';

/**
 * The portfolio (issue 13): the state of each job site at a glance, for the home map's pins and the
 * drawer, and what needs attention across every site a user may read. Choices:
 * docs/decisions/portfolio.md.
 */

/**
 * A job site's states, worst first: a sensor threshold crossed (ALARM), a job in error (ERROR), pours
 * curing (CURING), every running pour at its target (AT_TARGET), only monitoring jobs running
 * (MONITORING: weather, gas, power, GPS, moisture; nothing to wait for), nothing running (IDLE).
 */
export const SITE_STATES = ['ALARM', 'ERROR', 'CURING', 'AT_TARGET', 'MONITORING', 'IDLE'] as const;
export type SiteState = (typeof SITE_STATES)[number];
/** The states a job can be in (every state but IDLE, which is a site's with no running job). */
export type JobState = Exclude<SiteState, 'IDLE'>;
export const JOB_STATES = SITE_STATES.filter((s): s is JobState => s !== 'IDLE');

/** Rank of a state, 0 the worst. */
export const siteStateRank = (state: SiteState): number => SITE_STATES.indexOf(state);

/** Kinds of "needs attention" items, in the order the list shows them. */
export const ATTENTION_KINDS = ['ALARM', 'ERROR', 'SILENT', 'BATTERY'] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

/** What the state of one job is read from. */
export interface PortfolioJob {
  kind: string;
  /** server status: NONE, NEW, RUNNING, TERMINATED, ERROR, MAINTENANCE */
  status: string;
  startDate: number | null;
  terminationDate: number | null;
  jobAlarmTriggered: number | null;
}

/**
 * Whether a job counts on its site: not stopped (no termination date, status not TERMINATED), and
 * either in error or started (status RUNNING or MAINTENANCE with a start date not in the future).
 * New jobs waiting for their start do not count.
 */
export function isLiveJob(job: PortfolioJob, now: number): boolean {
  if (job.terminationDate !== null || job.status === 'TERMINATED') return false;
  if (job.status === 'ERROR') return true;
  if (job.status !== 'RUNNING' && job.status !== 'MAINTENANCE') return false;
  return job.startDate !== null && job.startDate <= now;
}

/**
 * The state of a live job: ALARM while its SENSOR_THRESHOLD bit is set, else ERROR when its status is,
 * else, for a maturity job, AT_TARGET when its pour reached its strength target (the dashboards'
 * readiness, domain pourReadiness; without it, the MATURED bit) and CURING otherwise (no target, no
 * data yet or below it), and MONITORING for every other kind. Null for a job that does not count
 * (isLiveJob).
 */
export function jobPortfolioState(
  job: PortfolioJob,
  now: number,
  readiness?: PourReadiness | null,
): JobState | null {
  if (!isLiveJob(job, now)) return null;
  if (isAlarmBitSet(job.jobAlarmTriggered, SENSOR_THRESHOLD_BIT)) return 'ALARM';
  if (job.status === 'ERROR') return 'ERROR';
  if (job.kind !== 'MATURITY') return 'MONITORING';
  const reached = readiness ? readiness === 'REACHED' : isAlarmBitSet(job.jobAlarmTriggered, MATURED_BIT);
  return reached ? 'AT_TARGET' : 'CURING';
}

/** How many live jobs of a site are in each state. */
export type StateCounts = Record<JobState, number>;

export const emptyStateCounts = (): StateCounts => ({
  ALARM: 0,
  ERROR: 0,
  CURING: 0,
  AT_TARGET: 0,
  MONITORING: 0,
});

/** A site's worst state and how many of its jobs are in it (IDLE with 0 when none is live). */
export function worstSiteState(counts: StateCounts): { state: SiteState; count: number } {
  for (const state of JOB_STATES) if (counts[state] > 0) return { state, count: counts[state] };
  return { state: 'IDLE', count: 0 };
}

/**
 * How long a node may stay quiet before it is called silent, by node type. Nodes that stream
 * (maturity, weather, gas, power...) send every few minutes: silent after the 2 hours after which
 * the product already shows their signal as unknown (SIGNAL_STALE_MS). GPS trackers sleep while the
 * machine is parked; event sensors (doors, leaks, extinguishers, lightning) send a daily heartbeat.
 */
export const NODE_SILENT_AFTER_MS: Readonly<Record<string, number>> = {
  GPS: 12 * HOUR_MS,
  'Door Sensor': 26 * HOUR_MS,
  'Fire Extinguisher': 26 * HOUR_MS,
  'Leak Detection': 26 * HOUR_MS,
  'Lightning Detection': 26 * HOUR_MS,
};
export const DEFAULT_NODE_SILENT_AFTER_MS = SIGNAL_STALE_MS;

/** How long a node of this type may stay quiet (NODE_SILENT_AFTER_MS, else 2 hours). */
export function nodeSilentAfterMs(nodeType: string | null | undefined): number {
  return (nodeType && NODE_SILENT_AFTER_MS[nodeType]) || DEFAULT_NODE_SILENT_AFTER_MS;
}

/**
 * Since when a node of a live job has been silent, or null when it is not: its last message (reading,
 * battery, signal or position; before any, the job's start) is older than its type's interval. A
 * message time in the future (clock skew) counts as fresh.
 */
export function nodeSilentSince(
  node: { nodeType: string | null | undefined; lastSeen: number | null; jobStart: number | null },
  now: number,
): number | null {
  const since = node.lastSeen ?? node.jobStart;
  if (since === null) return null;
  return now - since > nodeSilentAfterMs(node.nodeType) ? since : null;
}

/**
 * The battery state that needs attention (section 4 battery rule): LOW or EMPTY, else null (good,
 * moderate, or no battery value).
 */
export function batteryAttention(
  percent: number | null | undefined,
  levelType?: number | string | null,
): Extract<BatteryState, 'LOW' | 'EMPTY'> | null {
  const state = batteryState(percent, { levelType });
  return state === 'LOW' || state === 'EMPTY' ? state : null;
}

/** What orders attention items: kind (ATTENTION_KINDS), an empty battery before a low one, site, name. */
export interface AttentionOrderItem {
  kind: AttentionKind;
  siteName: string;
  what: string;
  battery?: string | null;
}

/** Order of the attention list: by kind, an empty battery before a low one, then by site and name. */
export function compareAttention(a: AttentionOrderItem, b: AttentionOrderItem): number {
  return (
    ATTENTION_KINDS.indexOf(a.kind) - ATTENTION_KINDS.indexOf(b.kind) ||
    Number(b.battery === 'EMPTY') - Number(a.battery === 'EMPTY') ||
    a.siteName.localeCompare(b.siteName) ||
    a.what.localeCompare(b.what)
  );
}
