/**
 * The shell's rules, taken from packages/domain (spec sections 2, 4, 6, 9), with the small
 * adapters the web app needs (i18n keys for display names, the build flag on the tracking manager).
 */
import type { Tenant, TenantGroup } from '@sitepulse/contracts';
import {
  jobSiteBreadcrumbHref,
  MEMBER_ROLES,
  projectBreadcrumbHref,
  showTrackingManager,
} from '@sitepulse/domain';

export {
  ALERT_AUTO_HIDE_MS,
  clampLatitude,
  DRAWER_TOOLTIP_MIN_LENGTH,
  DRAWER_WIDTH_CLOSED,
  DRAWER_WIDTH_OPEN,
  INVITATION_WELCOME_EMAIL_SENT,
  isAdminAccount,
  isArchived,
  isSignedIn,
  LATITUDE_LIMIT,
  LOADING_FADE_IN_MS,
  LOADING_FADE_OUT_MS,
  LOGOUT_TIMEOUT_MS,
  MISSING_VALUE,
  SITES_POLL_MS,
  USER_DETAILS_POLL_MS,
} from '@sitepulse/domain';

/** Per-job-site access value of an inspector (section 6). */
export const INSPECTOR_ACCESS = MEMBER_ROLES.INSPECTOR;

/** Where a job site's breadcrumb or drawer entry leads (section 2, "Breadcrumb clicks"). */
export function jobSitePath(
  site: Pick<TenantGroup, 'id' | 'type'>,
  tenantId?: string | number | null,
): string {
  return jobSiteBreadcrumbHref({ jobsiteId: site.id, jobsiteType: site.type, tenantId: tenantId ?? null });
}

/** Where a project leads: Lumimon to the job-site sensors, others to the project job list. */
export function projectPath(jobsiteId: number | string, project: Pick<Tenant, 'id' | 'type'>): string {
  return projectBreadcrumbHref({ jobsiteId, tenantId: project.id, projectType: project.type });
}

/**
 * The tracking-manager drawer entry: the domain rule alone (section 2, 6: the Lumitrack module and not
 * read-only). The build flag does not hide it: with the flag off (section 1) its route shows the no-access
 * page (RequireFeature). docs/decisions/tracking-entry.md.
 */
export function showsTrackingManager(input: {
  hasLumitrackModule: boolean;
  roles: readonly string[];
  accountType: string | null | undefined;
}): boolean {
  return showTrackingManager(input);
}
