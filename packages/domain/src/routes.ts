import { FEATURE_FLAGS } from './constants.ts';
import { isAccessRestricted } from './roles.ts';

type Id = string | number;
/** Path segment, URL-encoded (names and e-mails can hold '/', '#', '?', ...). */
const seg = (v: Id | null | undefined): string => encodeURIComponent(String(v));

/** A route of the spec's route table (section 2). `path` uses React Router `:param` syntax. */
export interface RouteDef<A extends unknown[] = never[]> {
  path: string;
  href: (...args: A) => string;
  /** Page title (section 2). */
  title: string;
  /** Whether the route needs sign-in. */
  auth: boolean;
  /** true for the routes of the spec's route table; false for routes we added (docs/decisions/). */
  spec: boolean;
}

function route<A extends unknown[]>(
  path: string,
  title: string,
  auth: boolean,
  href: (...args: A) => string,
) {
  return { path, title, auth, href, spec: true } satisfies RouteDef<A>;
}

/** A signed-in route of ours, not in the spec's route table (`spec: false`). */
function ourRoute<A extends unknown[]>(path: string, title: string, href: (...args: A) => string) {
  return { path, title, auth: true, href, spec: false } satisfies RouteDef<A>;
}

/**
 * Every route of section 2 with its pattern, href builder and page title, then the routes we
 * added (`spec: false`). Titles not paired with a route in the spec are our mapping
 * (docs/decisions/domain-rules.md).
 */
export const paths = {
  home: route('/', 'Dashboard', true, () => '/'),
  login: route('/login', 'Login', false, () => '/login'),
  resetPassword: route('/reset_pwd', 'Reset Password', false, () => '/reset_pwd'),
  createPassword: route('/create_pwd', 'Reset Password', false, () => '/create_pwd'),
  accountSetup: route(
    '/account-setup/:companyId/:username/:email',
    'Account Setup',
    false,
    (companyId: Id, username: string, email: string) =>
      `/account-setup/${seg(companyId)}/${seg(username)}/${seg(email)}`,
  ),
  projectJobList: route(
    '/construction_job_list/:jobsiteId/:tenantId',
    'Project',
    true,
    (jobsiteId: Id, tenantId: Id) => `/construction_job_list/${seg(jobsiteId)}/${seg(tenantId)}`,
  ),
  constructionDashboard: route(
    '/construction_dashboard/:jobsiteId',
    'Dashboard',
    true,
    (jobsiteId: Id) => `/construction_dashboard/${seg(jobsiteId)}`,
  ),
  precastDashboard: route(
    '/precast_dashboard/:jobsiteId/:tenantId',
    'Dashboard',
    true,
    // The spec allows the literal word 'undefined' as tenantId (no project chosen yet).
    (jobsiteId: Id, tenantId?: Id | null) =>
      `/precast_dashboard/${seg(jobsiteId)}/${seg(tenantId ?? 'undefined')}`,
  ),
  job: route(
    '/job/:type/:jobsiteId/:tenantId/:id/',
    'Job',
    true,
    (type: string, jobsiteId: Id, tenantId: Id, id: Id) =>
      `/job/${seg(type)}/${seg(jobsiteId)}/${seg(tenantId)}/${seg(id)}/`,
  ),
  userSettings: route('/settings/user', 'Settings', true, () => '/settings/user'),
  jobSiteSensors: route(
    '/job-site-sensors/:jobsiteId/:tenantId',
    'Job Site Sensors',
    true,
    (jobsiteId: Id, tenantId: Id) => `/job-site-sensors/${seg(jobsiteId)}/${seg(tenantId)}`,
  ),
  jobSiteSensorDetails: route(
    '/job-site-details/:jobsiteId/:tenantId/:jobId',
    'Job Site Sensors',
    true,
    (jobsiteId: Id, tenantId: Id, jobId: Id) =>
      `/job-site-details/${seg(jobsiteId)}/${seg(tenantId)}/${seg(jobId)}`,
  ),
  grOneSensorDetails: route(
    '/job-site-gr-one-sensor-details/:jobsiteId/:tenantId/:jobId',
    'Job Site Sensors',
    true,
    (jobsiteId: Id, tenantId: Id, jobId: Id) =>
      `/job-site-gr-one-sensor-details/${seg(jobsiteId)}/${seg(tenantId)}/${seg(jobId)}`,
  ),
  grTwoSensorDetails: route(
    '/job-site-gr-two-sensor-details/:jobsiteId/:tenantId/:jobId',
    'Job Site Sensors',
    true,
    (jobsiteId: Id, tenantId: Id, jobId: Id) =>
      `/job-site-gr-two-sensor-details/${seg(jobsiteId)}/${seg(tenantId)}/${seg(jobId)}`,
  ),
  gpsJobDetails: route(
    '/job-site-gps-job-details/:jobsiteId/:tenantId/:jobId',
    'Job Site Sensors',
    true,
    (jobsiteId: Id, tenantId: Id, jobId: Id) =>
      `/job-site-gps-job-details/${seg(jobsiteId)}/${seg(tenantId)}/${seg(jobId)}`,
  ),
  ctJobDetails: route(
    '/job-site-ct-job-details/:jobsiteId/:tenantId/:jobId',
    'Job Site Sensors',
    true,
    (jobsiteId: Id, tenantId: Id, jobId: Id) =>
      `/job-site-ct-job-details/${seg(jobsiteId)}/${seg(tenantId)}/${seg(jobId)}`,
  ),
  myProfile: route('/my-profile', 'My Profile', true, () => '/my-profile'),
  jobSiteMembers: route(
    '/job-site-members/:jobsiteId',
    'JOB SITE MEMBERS',
    true,
    (jobsiteId: Id) => `/job-site-members/${seg(jobsiteId)}`,
  ),
  jobSiteMemberProfile: route(
    '/job-site-member-profile/:jobsiteId/:userId',
    'Job Site Member Profile',
    true,
    (jobsiteId: Id, userId: Id) => `/job-site-member-profile/${seg(jobsiteId)}/${seg(userId)}`,
  ),
  jobSiteMemberInvite: route(
    '/job-site-member-invite/:jobsiteId',
    'Invite User',
    true,
    (jobsiteId: Id) => `/job-site-member-invite/${seg(jobsiteId)}`,
  ),
  userManagement: route('/user-management', 'User Management', true, () => '/user-management'),
  addNewUser: route('/add-new-user', 'Add New User', true, () => '/add-new-user'),
  editUser: route('/edit-user/:userId', 'User Management', true, (userId: Id) => `/edit-user/${seg(userId)}`),
  reportGeneration: route(
    '/report-generation/:jobsiteId',
    'Report Generation',
    true,
    (jobsiteId: Id) => `/report-generation/${seg(jobsiteId)}`,
  ),
  reportList: route(
    '/report-list/:jobsiteId',
    'Reports',
    true,
    (jobsiteId: Id) => `/report-list/${seg(jobsiteId)}`,
  ),
  reports: route('/reports', 'Reports', true, () => '/reports'),
  materialsTracking: route('/materials-tracking', 'Material Tracking', true, () => '/materials-tracking'),
  trackingManager: route('/tracking-manager', 'Tracking Manager', true, () => '/tracking-manager'),
  noAccess: route('/no-access', 'No Access', true, () => '/no-access'),
  // Ours: the spec names the profile calls (GET /{product}/conprofiles/by_company) but no screen
  // (docs/decisions/web-concrete-profiles.md).
  concreteProfiles: ourRoute('/concrete-profiles', 'Concrete Profiles', () => '/concrete-profiles'),
  // Ours (issue 15): a job site's alarms, with acknowledge; behind the job-site guard like the spec's site pages.
  alarms: ourRoute('/alarms/:jobsiteId', 'Alarms', (jobsiteId: Id) => `/alarms/${seg(jobsiteId)}`),
  // Ours (issue 16): page views and events counted per page and day, for company admins (docs/decisions/usage-tracking.md).
  usage: ourRoute('/usage', 'Usage', () => '/usage'),
  // Ours (issue 16): a Lumitrack project's own screen (its IDs, GPS nodes, QR labels, latest checklists), one
  // ID with its checklists, and the company admins' checklist templates (docs/decisions/lumitrack-screens.md).
  lumitrackProject: ourRoute(
    '/lumitrack/:jobsiteId/:tenantId',
    'Project',
    (jobsiteId: Id, tenantId: Id) => `/lumitrack/${seg(jobsiteId)}/${seg(tenantId)}`,
  ),
  lumitrackId: ourRoute(
    '/lumitrack/:jobsiteId/:tenantId/id/:lumitrackId',
    'Lumitrack ID',
    (jobsiteId: Id, tenantId: Id, lumitrackId: string) =>
      `/lumitrack/${seg(jobsiteId)}/${seg(tenantId)}/id/${seg(lumitrackId)}`,
  ),
  checklists: ourRoute('/checklists', 'Checklist Templates', () => '/checklists'),
} as const;

export type RouteKey = keyof typeof paths;
export const ROUTE_KEYS = Object.keys(paths) as RouteKey[];
/** The routes of the spec's route table (section 2), in its order. */
export const SPEC_ROUTE_KEYS = ROUTE_KEYS.filter((k) => paths[k].spec);
/** The routes we added beside the spec's table. */
export const OUR_ROUTE_KEYS = ROUTE_KEYS.filter((k) => !paths[k].spec);

/** The page titles of section 2, in the spec's order. */
export const PAGE_TITLES = [
  'Dashboard',
  'Project',
  'Settings',
  'Login',
  'Job',
  'Reports',
  'Material Tracking',
  'Tracking Manager',
  'Job Site Sensors',
  'My Profile',
  'User Management',
  'Reset Password',
  'Add New User',
  'Account Setup',
  'JOB SITE MEMBERS',
  'Job Site Member Profile',
  'Invite User',
  'Report Generation',
  'No Access',
] as const;

/** Page title of a route (section 2). */
export function pageTitle(key: RouteKey): string {
  return paths[key].title;
}

function patternRegex(path: string): { re: RegExp; names: string[] } {
  const names: string[] = [];
  const body = path
    .replace(/\/$/, '')
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { re: new RegExp(`^${body}/?$`), names };
}

const MATCHERS = ROUTE_KEYS.map((key) => ({ key, ...patternRegex(paths[key].path) }));

/**
 * The route a pathname belongs to, with its decoded params, or null. A trailing slash is
 * optional on every route. Used to title pages and to decide access by route.
 */
export function matchRoute(pathname: string): { key: RouteKey; params: Record<string, string> } | null {
  const clean = pathname.split(/[?#]/)[0] || '/';
  for (const m of MATCHERS) {
    const found = m.re.exec(clean);
    if (!found) continue;
    const params: Record<string, string> = {};
    m.names.forEach((name, i) => {
      params[name] = decodeURIComponent(found[i + 1]);
    });
    return { key: m.key, params };
  }
  return null;
}

/**
 * Job-site routes that access 8 (inspector) blocks (section 2): project list, dashboards, job,
 * sensor pages, members pages and report pages, and our alarms page. /reports is not job-site
 * scoped, so it is not in the list.
 */
export const JOB_SITE_ROUTES: ReadonlySet<RouteKey> = new Set<RouteKey>([
  'projectJobList',
  'constructionDashboard',
  'precastDashboard',
  'job',
  'jobSiteSensors',
  'jobSiteSensorDetails',
  'grOneSensorDetails',
  'grTwoSensorDetails',
  'gpsJobDetails',
  'ctJobDetails',
  'jobSiteMembers',
  'jobSiteMemberProfile',
  'jobSiteMemberInvite',
  'reportGeneration',
  'reportList',
  // Ours, not the spec's: the site's alarms.
  'alarms',
  // Ours: a Lumitrack project's screen and one of its IDs (issue 16).
  'lumitrackProject',
  'lumitrackId',
]);

/** Whether the Access Restricted page replaces this route for this job-site access code (section 2). */
export function isRouteBlockedForAccess(
  key: RouteKey,
  accessCode: number | string | null | undefined,
): boolean {
  return JOB_SITE_ROUTES.has(key) && isAccessRestricted(accessCode);
}

/** Routes behind a build flag; when the flag is off they show the no-access page (section 1). */
export const FLAG_GATED_ROUTES: Partial<Record<RouteKey, keyof typeof FEATURE_FLAGS>> = {
  materialsTracking: 'materialTracking',
  trackingManager: 'trackingManager',
};

/** Whether a route is enabled under the given build flags (default: the product's flags). */
export function isRouteEnabled(
  key: RouteKey,
  flags: { trackingManager: boolean; materialTracking: boolean } = FEATURE_FLAGS,
): boolean {
  const flag = FLAG_GATED_ROUTES[key];
  return flag === undefined || flags[flag];
}

/** Routes that show the maturity-strength disclaimer (section 2). */
export const DISCLAIMER_ROUTES: ReadonlySet<RouteKey> = new Set<RouteKey>([
  'projectJobList',
  'precastDashboard',
  'job',
  'constructionDashboard',
]);

/** Whether the disclaimer shows on a route (section 2): the four routes, unless the job site is terminated. */
export function showDisclaimer(key: RouteKey, jobsiteState?: string | null): boolean {
  return DISCLAIMER_ROUTES.has(key) && jobsiteState !== 'TERMINATED';
}

/**
 * Breadcrumb target of a project (section 2): Lumimon projects go to job site sensors, others to the
 * project job list; ours (issue 16): a Lumitrack project goes to its own screen, where its IDs are
 * (docs/decisions/lumitrack-screens.md).
 */
export function projectBreadcrumbHref(input: {
  jobsiteId: Id;
  tenantId: Id;
  projectType?: string | null;
}): string {
  if (input.projectType === 'Lumimon') return paths.jobSiteSensors.href(input.jobsiteId, input.tenantId);
  if (input.projectType === 'Lumitrack') return paths.lumitrackProject.href(input.jobsiteId, input.tenantId);
  return paths.projectJobList.href(input.jobsiteId, input.tenantId);
}

/**
 * Breadcrumb target of a job site (section 2): a Construction Site goes to the construction
 * dashboard, anything else to the precast dashboard (tenantId 'undefined' when none).
 */
export function jobSiteBreadcrumbHref(input: {
  jobsiteId: Id;
  jobsiteType?: string | null;
  tenantId?: Id | null;
}): string {
  return input.jobsiteType === 'Construction Site'
    ? paths.constructionDashboard.href(input.jobsiteId)
    : paths.precastDashboard.href(input.jobsiteId, input.tenantId);
}

/**
 * The detail screen of a job-site sensor card (ours, docs/decisions/web-sensor-screens.md): GPS jobs on
 * the map, current transformers (POWER) on the power screen, every other kind on sensor details.
 */
export function sensorDetailsHref(jobsiteId: Id, tenantId: Id, card: { kind: string; jobId: Id }): string {
  if (card.kind === 'GPS') return paths.gpsJobDetails.href(jobsiteId, tenantId, card.jobId);
  if (card.kind === 'POWER') return paths.ctJobDetails.href(jobsiteId, tenantId, card.jobId);
  return paths.jobSiteSensorDetails.href(jobsiteId, tenantId, card.jobId);
}
