/**
 * Usage tracking (spec section 1: "A usage-tracking service records page views and events"). What is
 * kept is the route pattern of a page (never its ids, query or hash), the name of an event from a fixed
 * list, the day, and the signed-in user's id (from the session). docs/decisions/usage-tracking.md.
 */
import { matchRoute, paths } from './routes.ts';

/** At most this many page views and events in one call. */
export const USAGE_BATCH_MAX = 50;
/** The longest page path a call may carry (characters). */
export const USAGE_PATH_MAX = 200;
/** Page views and events one user may send per minute; beyond it the call answers 429 and keeps nothing. */
export const USAGE_ITEMS_PER_MINUTE_MAX = 300;
/** Single page views and events are kept this long; the daily counts are kept. */
export const USAGE_RAW_RETENTION_DAYS = 90;
/** The longest date range the company-admin view answers (days, both ends included). */
export const USAGE_RANGE_MAX_DAYS = 366;
/** The range the usage screen opens with (days, today included). */
export const USAGE_DEFAULT_RANGE_DAYS = 30;
/** How often the web app sends what it recorded (ms); also when the page is hidden. */
export const USAGE_FLUSH_MS = 10_000;
/** Where a path that is no route of the app is counted: its text is never kept. */
export const USAGE_OTHER_PATH = '(other)';

/**
 * The events the web app records, and nothing else (a call naming another answers 400). Each names an
 * action, never a person or a value.
 */
export const USAGE_EVENTS = [
  'help_opened',
  'help_centre_opened',
  'shop_opened',
  'sensor_alias_changed',
  'sensor_decommissioned',
  'sensor_recommissioned',
  'sensor_blacklisted',
  'sensor_unblacklisted',
] as const;
export type UsageEventName = (typeof USAGE_EVENTS)[number];

export function isUsageEvent(name: unknown): name is UsageEventName {
  return typeof name === 'string' && (USAGE_EVENTS as readonly string[]).includes(name);
}

/**
 * The route pattern a page path is counted under: the query and hash dropped, ids replaced by the
 * route table's parameters (`/job/Maturity/3/32/6` → `/job/:type/:jobsiteId/:tenantId/:id`), a trailing
 * slash dropped; a path of no route is USAGE_OTHER_PATH. A pattern itself maps to itself.
 */
export function usageRoutePattern(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '';
  if (!clean.startsWith('/')) return USAGE_OTHER_PATH;
  const match = matchRoute(clean);
  if (!match) return USAGE_OTHER_PATH;
  const pattern = paths[match.key].path;
  return pattern.length > 1 ? pattern.replace(/\/$/, '') : pattern;
}

/** The route key of a counted pattern (for its page title), or null for USAGE_OTHER_PATH. */
export function usageRouteKey(pattern: string): keyof typeof paths | null {
  return pattern === USAGE_OTHER_PATH ? null : (matchRoute(pattern)?.key ?? null);
}

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC day of a time, 'YYYY-MM-DD' (usage is counted by UTC day). */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Midnight UTC of a 'YYYY-MM-DD' day, or null when it is no real day. */
export function parseUtcDay(day: string): number | null {
  const m = DAY_PATTERN.exec(day);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isFinite(ms) && utcDay(ms) === day ? ms : null;
}

/**
 * Why a from..to range of days cannot be answered, or null when it can: both real days, from not after
 * to, at most USAGE_RANGE_MAX_DAYS days.
 */
export function usageRangeProblem(from: string, to: string): string | null {
  const a = parseUtcDay(from);
  const b = parseUtcDay(to);
  if (a === null) return `'${from}' is not a day (YYYY-MM-DD)`;
  if (b === null) return `'${to}' is not a day (YYYY-MM-DD)`;
  if (b < a) return 'The range ends before it starts';
  if ((b - a) / DAY_MS + 1 > USAGE_RANGE_MAX_DAYS) {
    return `The range is longer than ${USAGE_RANGE_MAX_DAYS} days`;
  }
  return null;
}

/** Every day from..to, both included ('YYYY-MM-DD'); empty when the range is not valid. */
export function daysBetween(from: string, to: string): string[] {
  if (usageRangeProblem(from, to) !== null) return [];
  const out: string[] = [];
  for (let t = parseUtcDay(from) as number; t <= (parseUtcDay(to) as number); t += DAY_MS)
    out.push(utcDay(t));
  return out;
}

/** The default range of the usage screen: the last USAGE_DEFAULT_RANGE_DAYS days up to today (UTC). */
export function defaultUsageRange(now: number): { from: string; to: string } {
  return { from: utcDay(now - (USAGE_DEFAULT_RANGE_DAYS - 1) * DAY_MS), to: utcDay(now) };
}
