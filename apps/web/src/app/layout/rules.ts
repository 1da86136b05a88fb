/**
 * Shell rules of the specification (sections 2, 4, 6, 9) the web app needs now. They belong in
 * packages/domain, which has no index yet: each carries a TODO to switch once it exports them.
 */
import type { Tenant, TenantGroup } from '@sitepulse/contracts';
import type { SessionSnapshot } from '../../api/session.ts';

// TODO(domain): use DRAWER_WIDTH_OPEN / DRAWER_WIDTH_CLOSED
export const DRAWER_WIDTH_OPEN = 328;
export const DRAWER_WIDTH_CLOSED = 52;
// TODO(domain): use DRAWER_TOOLTIP_MIN_LENGTH
export const DRAWER_TOOLTIP_MIN_LENGTH = 16;
// TODO(domain): use ALERT_AUTO_HIDE_MS
export const ALERT_AUTO_HIDE_MS = 7000;
// TODO(domain): use SITES_POLL_MS / USER_DETAILS_POLL_MS
export const SITES_POLL_MS = 300_000;
export const USER_DETAILS_POLL_MS = 120_000;
// TODO(domain): use LOGOUT_TIMEOUT_MS
export const LOGOUT_TIMEOUT_MS = 10_000;
// TODO(domain): use LOADING_FADE_IN_MS / LOADING_FADE_OUT_MS
export const LOADING_FADE_IN_MS = 100;
export const LOADING_FADE_OUT_MS = 500;
// TODO(domain): use LATITUDE_LIMIT
export const LATITUDE_LIMIT = 85;
// TODO(domain): use INVITATION_WELCOME_EMAIL_SENT
export const INVITATION_WELCOME_EMAIL_SENT = 'INVITATION_WELCOME_EMAIL_SENT';
// TODO(domain): use MISSING_VALUE
export const MISSING_VALUE = '--';
/** Per-job-site access value of an inspector (section 6). TODO(domain): use the member-role codes. */
export const INSPECTOR_ACCESS = 8;

/** Signed in: login, access and refresh tokens exist and the refresh token has not expired (section 4). */
// TODO(domain): use isSignedIn
export function isSignedIn(s: SessionSnapshot, now: number): boolean {
  if (!s.loginToken || !s.accessToken || !s.refreshToken) return false;
  return s.refreshTokenExpiration === null || s.refreshTokenExpiration > now;
}

/** ADMIN, or any account type containing AOMS, counts as admin (section 6). */
// TODO(domain): use isAdminAccount
export function isAdminAccount(accountType: string | null | undefined): boolean {
  return !!accountType && (accountType === 'ADMIN' || accountType.includes('AOMS'));
}

/** TERMINATED means archived (section 3, 4). */
// TODO(domain): use isArchived
export function isArchived(item: { state?: string | null } | null | undefined): boolean {
  return item?.state === 'TERMINATED';
}

/**
 * A project named Default shows as 'Job Site Sensors' when Lumimon, otherwise 'Concrete Sensors'
 * (section 2). Returns the i18n key for the two display names, or null to show the name itself.
 */
// TODO(domain): use projectDisplayName (this returns an i18n key so Spanish works)
export function defaultProjectNameKey(project: Pick<Tenant, 'name' | 'type'>): string | null {
  if (project.name !== 'Default') return null;
  return project.type === 'Lumimon' ? 'shell.projects.defaultLumimon' : 'shell.projects.defaultOther';
}

/** Where a job site's breadcrumb or drawer entry leads (section 2, "Breadcrumb clicks"). */
// TODO(domain): use the breadcrumb target builders
export function jobSitePath(
  site: Pick<TenantGroup, 'id' | 'type'>,
  tenantId?: string | number | null,
): string {
  return site.type === 'Construction Site'
    ? `/construction_dashboard/${site.id}`
    : `/precast_dashboard/${site.id}/${tenantId ?? 'undefined'}`;
}

/** Where a project leads: Lumimon to the job-site sensors, others to the project job list. */
export function projectPath(jobsiteId: number | string, project: Pick<Tenant, 'id' | 'type'>): string {
  return project.type === 'Lumimon'
    ? `/job-site-sensors/${jobsiteId}/${project.id}`
    : `/construction_job_list/${jobsiteId}/${project.id}`;
}

/** Latitude clamped to ±85 (section 3, 9). TODO(domain): use clampLatitude */
export function clampLatitude(lat: number): number {
  return Math.max(-LATITUDE_LIMIT, Math.min(LATITUDE_LIMIT, lat));
}

/** Read-only users do not get the tracking manager (section 6). */
const READ_ONLY_ROLES = ['READONLY_USER', 'AOMS_ADMIN_READONLY'];

/**
 * The tracking-manager drawer entry: the company has the Lumitrack module, the user is not
 * read-only (roles READONLY_USER / AOMS_ADMIN_READONLY, account type READONLY_MEMBER), and the
 * build flag is on (section 1, 2, 6). TODO(domain): use the tracking-manager rule if it lands there.
 */
export function showsTrackingManager(input: {
  hasLumitrackModule: boolean;
  roles: readonly string[];
  accountType: string | null | undefined;
  featureOn: boolean;
}): boolean {
  return (
    input.featureOn &&
    input.hasLumitrackModule &&
    !input.roles.some((r) => READ_ONLY_ROLES.includes(r)) &&
    input.accountType !== 'READONLY_MEMBER'
  );
}

/** Newest first (section 3). TODO(domain): use sortProjectsNewestFirst */
export function newestFirst<T extends { creationDate: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.creationDate - a.creationDate);
}
