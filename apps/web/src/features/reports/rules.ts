/**
 * Rules of the report screens: who may delete or
 * stop, file sizes in words, and the request and schedule bodies the generation form sends. Pure functions.
 */
import type {
  ReportRequestBody,
  ReportScheduleBody,
  ReportTypeInfo,
  TenantGroupMember,
  UserDetail,
} from '@sitepulse/contracts';
import {
  canManageMembers,
  canUseWebDashboard,
  DIFFERENTIAL_LIMIT_C,
  dateTimeFormatsOf,
  REPORT_RANGE_MAX_MS,
  type ScheduleFrequency,
  type UnitSystem,
} from '@sitepulse/domain';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * Whether the signed-in user may delete a request or stop a schedule: its owner, or an admin of the site
 * (site access 1, or a company admin). The server checks the same.
 */
export function canManageReport(
  user: Pick<UserDetail, 'username' | 'accountType' | 'userTenantGroupData'> | undefined,
  item: { ownerUsername: string; tenantGroupId: number },
): boolean {
  if (!user) return false;
  if (item.ownerUsername === user.username) return true;
  const access = user.userTenantGroupData?.find((g) => g.tenantGroupId === item.tenantGroupId)?.access;
  return canManageMembers(access, user.accountType);
}

/**
 * Whether a member may be offered as a report's e-mail recipient: active, and allowed on the web dashboard
 * of the site (not an inspector). The server refuses anyone else (deleted users are not listed at all).
 */
export function canReceiveReports(member: Pick<TenantGroupMember, 'access' | 'isActive'>): boolean {
  return member.isActive && canUseWebDashboard(member.access);
}

/** A size in bytes as people read it: '512 B', '1.5 KB', '12.3 MB' (1 KB = 1024 B), in the reader's digits. */
export function formatFileSize(bytes: number | null | undefined, language: string): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 1 : 0;
  const text = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  return `${text}\u00a0${units[unit]}`;
}

/** A schedule's time of day ('17:04', in its own zone) as the app writes times: '05:04 PM', Spanish '17:04'. */
export function scheduleTimeText(timeOfDay: string, language: string): string {
  // A wall-clock time of no particular day: read and written in UTC, so no zone or DST shifts it.
  const at = dayjs.utc(`2000-01-01T${timeOfDay}`);
  return at.isValid() ? at.format(dateTimeFormatsOf(language).time) : timeOfDay;
}

/** The week's days as the schedule counts them, Monday first as a work week reads. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** The differential limit the form starts with, in the reader's units (19.4 °C, 35 °F: ACI 301 practice). */
export const defaultLimit = (system: UnitSystem): string =>
  system === 'Imperial' ? '35' : String(DIFFERENTIAL_LIMIT_C);

/** A temperature difference typed in the reader's units, in °C (a difference: no 32° offset). */
export function limitToCelsius(text: string, system: UnitSystem): number | null {
  const n = Number(text.trim().replace(',', '.'));
  if (!text.trim() || !Number.isFinite(n) || n <= 0) return null;
  const c = system === 'Imperial' ? (n * 5) / 9 : n;
  return Math.round(c * 100) / 100;
}

/** What a raw data report covers: the sensors chosen one by one, or every sensor of the chosen nodes. */
export type RawDataChoice = 'sensors' | 'nodes';

/** The raw data types (readings of sensors, no pairs): they may cover chosen sensors or whole nodes. */
export const isRawData = (info: Pick<ReportTypeInfo, 'subject' | 'differential'> | undefined): boolean =>
  info?.subject === 'SENSORS' && !info.differential;

/** Whether the form sends nodes (attributes.nodeIds): a node type, or a raw data type on whole nodes. */
export const choosesNodes = (
  v: Pick<ReportFormValues, 'rawDataOf'>,
  info: Pick<ReportTypeInfo, 'subject' | 'differential'> | undefined,
): boolean => info?.subject === 'NODES' || (isRawData(info) && v.rawDataOf === 'nodes');

/** What the generation form holds. Ids are kept as strings (select values) until the body is built. */
export interface ReportFormValues {
  type: string;
  name: string;
  msjId: string;
  cjgId: string;
  /** raw data types only: what the user chooses from */
  rawDataOf: RawDataChoice;
  sensorIds: number[];
  nodeIds: number[];
  /** `row` keeps a pair's row on screen when another is removed */
  pairs: { row: number; sid1: string; sid2: string }[];
  limit: string;
  from: number | null;
  to: number | null;
  email: boolean;
  recipientIds: number[];
  schedule: boolean;
  frequency: ScheduleFrequency;
  weekDays: number[];
  monthDay: string;
  timeOfDay: string;
}

export interface BodyContext {
  info: ReportTypeInfo;
  system: UnitSystem;
  timeZone: string;
  tenantGroupId: number;
}

/** The i18n key of what is wrong with the form, or null when it can be sent. */
export function formProblem(
  v: ReportFormValues,
  info: ReportTypeInfo | undefined,
  system: UnitSystem,
): string | null {
  if (!info) return 'reports.form.errors.type';
  if (info.subject === 'JOB' && !v.msjId) return 'reports.form.errors.job';
  if (info.subject === 'JOB_GROUP' && !v.cjgId) return 'reports.form.errors.group';
  if (info.subject === 'SENSORS' && info.differential) {
    const pairs = v.pairs.filter((p) => p.sid1 || p.sid2);
    if (pairs.length === 0 || pairs.some((p) => !p.sid1 || !p.sid2)) return 'reports.form.errors.pairs';
    if (pairs.some((p) => p.sid1 === p.sid2)) return 'reports.form.errors.samePair';
  } else if (choosesNodes(v, info)) {
    if (v.nodeIds.length === 0) return 'reports.form.errors.nodes';
  } else if (info.subject === 'SENSORS' && v.sensorIds.length === 0) return 'reports.form.errors.sensors';
  if (info.differential) {
    const c = limitToCelsius(v.limit, system);
    if (c === null || c > 200) return 'reports.form.errors.limit';
  }
  if (!v.schedule) {
    if (v.from === null || v.to === null) return 'reports.form.errors.range';
    if (v.from >= v.to) return 'reports.form.errors.order';
    if (v.to - v.from > REPORT_RANGE_MAX_MS) return 'reports.form.errors.tooLong';
  }
  if (v.email && v.recipientIds.length === 0) return 'reports.form.errors.recipients';
  if (v.schedule) {
    if (v.frequency === 'WEEKLY' && v.weekDays.length === 0) return 'reports.form.errors.weekDays';
    if (!/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(v.timeOfDay)) return 'reports.form.errors.time';
  }
  return null;
}

/**
 * The body of POST .../requests/msj/by_job: the type, what it covers (by the type's subject), the range
 * (left out of a schedule's request: a scheduled report covers the period before it fires), the
 * differential limit, and the e-mail delivery. Units, language and zone are the requester's.
 */
export function toRequestBody(v: ReportFormValues, ctx: BodyContext): ReportRequestBody {
  const { info } = ctx;
  const attributes: NonNullable<ReportRequestBody['attributes']> = {
    units: ctx.system,
    timeZone: ctx.timeZone,
  };
  if (!v.schedule && v.from !== null && v.to !== null) {
    attributes.from = v.from;
    attributes.to = v.to;
  }
  const body: ReportRequestBody = { type: info.type };
  const name = v.name.trim();
  if (name) body.name = name;
  if (info.subject === 'JOB') body.msjId = Number(v.msjId);
  if (info.subject === 'JOB_GROUP') attributes.cjgId = Number(v.cjgId);
  if (choosesNodes(v, info)) attributes.nodeIds = [...v.nodeIds];
  else if (info.subject === 'SENSORS') {
    if (info.differential) {
      const pairs = v.pairs.filter((p) => p.sid1 && p.sid2);
      attributes.pairs = pairs.map((p) => ({ sid1: Number(p.sid1), sid2: Number(p.sid2) }));
      attributes.sensorIds = [...new Set(pairs.flatMap((p) => [Number(p.sid1), Number(p.sid2)]))];
    } else attributes.sensorIds = [...v.sensorIds];
  }
  if (info.differential) {
    const c = limitToCelsius(v.limit, ctx.system);
    if (c !== null) attributes.limitC = c;
  }
  if (v.email && v.recipientIds.length > 0) {
    body.deliveryMethods = ['email'];
    body.recipientIds = [...v.recipientIds];
  }
  body.attributes = attributes;
  return body;
}

/** The body of POST .../requests/schedules: the request, how often, at what time, in the reader's zone. */
export function toScheduleBody(v: ReportFormValues, ctx: BodyContext): ReportScheduleBody {
  const body: ReportScheduleBody = {
    tenantGroupId: ctx.tenantGroupId,
    request: toRequestBody(v, ctx),
    frequency: v.frequency,
    timeOfDay: v.timeOfDay,
    timeZone: ctx.timeZone,
  };
  if (v.frequency === 'WEEKLY') body.weekDays = [...v.weekDays].sort((a, b) => a - b);
  if (v.frequency === 'MONTHLY') body.monthDay = Number(v.monthDay);
  return body;
}

/** The range a report starts with: the job's run (start to end, or to now), else the last 24 hours. */
export function defaultRange(
  jobs: readonly { startDate: number | null; terminationDate: number | null }[],
  now: number,
): { from: number; to: number } {
  const starts = jobs.map((j) => j.startDate).filter((d): d is number => d !== null);
  if (starts.length === 0) return { from: now - 86_400_000, to: now };
  const from = Math.min(...starts);
  const running = jobs.some((j) => j.startDate !== null && j.terminationDate === null);
  const ends = jobs.map((j) => j.terminationDate).filter((d): d is number => d !== null);
  const to = running || ends.length === 0 ? now : Math.max(...ends);
  if (to <= from) return { from: now - 86_400_000, to: now };
  // One report covers at most REPORT_RANGE_MAX_MS: a longer run starts at its latest part.
  return { from: Math.max(from, to - REPORT_RANGE_MAX_MS), to };
}
