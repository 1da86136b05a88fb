import { describe, expect, it } from 'vitest';
import {
  DISCLAIMER_ROUTES,
  isRouteBlockedForAccess,
  isRouteEnabled,
  JOB_SITE_ROUTES,
  jobSiteBreadcrumbHref,
  matchRoute,
  OUR_ROUTE_KEYS,
  PAGE_TITLES,
  pageTitle,
  paths,
  projectBreadcrumbHref,
  ROUTE_KEYS,
  type RouteKey,
  SPEC_ROUTE_KEYS,
  sensorDetailsHref,
  showDisclaimer,
} from './routes.ts';

describe('route table (section 2)', () => {
  it.each([
    ['home', '/', 'Dashboard', true],
    ['login', '/login', 'Login', false],
    ['resetPassword', '/reset_pwd', 'Reset Password', false],
    ['createPassword', '/create_pwd', 'Reset Password', false],
    ['accountSetup', '/account-setup/:companyId/:username/:email', 'Account Setup', false],
    ['projectJobList', '/construction_job_list/:jobsiteId/:tenantId', 'Project', true],
    ['constructionDashboard', '/construction_dashboard/:jobsiteId', 'Dashboard', true],
    ['precastDashboard', '/precast_dashboard/:jobsiteId/:tenantId', 'Dashboard', true],
    ['job', '/job/:type/:jobsiteId/:tenantId/:id/', 'Job', true],
    ['userSettings', '/settings/user', 'Settings', true],
    ['jobSiteSensors', '/job-site-sensors/:jobsiteId/:tenantId', 'Job Site Sensors', true],
    ['jobSiteSensorDetails', '/job-site-details/:jobsiteId/:tenantId/:jobId', 'Job Site Sensors', true],
    [
      'grOneSensorDetails',
      '/job-site-gr-one-sensor-details/:jobsiteId/:tenantId/:jobId',
      'Job Site Sensors',
      true,
    ],
    [
      'grTwoSensorDetails',
      '/job-site-gr-two-sensor-details/:jobsiteId/:tenantId/:jobId',
      'Job Site Sensors',
      true,
    ],
    ['gpsJobDetails', '/job-site-gps-job-details/:jobsiteId/:tenantId/:jobId', 'Job Site Sensors', true],
    ['ctJobDetails', '/job-site-ct-job-details/:jobsiteId/:tenantId/:jobId', 'Job Site Sensors', true],
    ['myProfile', '/my-profile', 'My Profile', true],
    ['jobSiteMembers', '/job-site-members/:jobsiteId', 'JOB SITE MEMBERS', true],
    ['jobSiteMemberProfile', '/job-site-member-profile/:jobsiteId/:userId', 'Job Site Member Profile', true],
    ['jobSiteMemberInvite', '/job-site-member-invite/:jobsiteId', 'Invite User', true],
    ['userManagement', '/user-management', 'User Management', true],
    ['addNewUser', '/add-new-user', 'Add New User', true],
    ['editUser', '/edit-user/:userId', 'User Management', true],
    ['reportGeneration', '/report-generation/:jobsiteId', 'Report Generation', true],
    ['reportList', '/report-list/:jobsiteId', 'Reports', true],
    ['reports', '/reports', 'Reports', true],
    ['materialsTracking', '/materials-tracking', 'Material Tracking', true],
    ['trackingManager', '/tracking-manager', 'Tracking Manager', true],
    ['noAccess', '/no-access', 'No Access', true],
  ] as [RouteKey, string, string, boolean][])('%s is %s titled %s (sign-in %s)', (key, path, title, auth) => {
    expect(paths[key].path).toBe(path);
    expect(pageTitle(key)).toBe(title);
    expect(paths[key].auth).toBe(auth);
    expect(paths[key].spec).toBe(true);
  });

  it('has the 29 routes of the spec and every title of section 2 is used', () => {
    expect(SPEC_ROUTE_KEYS).toHaveLength(29);
    expect(new Set(SPEC_ROUTE_KEYS.map(pageTitle))).toEqual(new Set(PAGE_TITLES));
    expect(PAGE_TITLES).toHaveLength(19);
  });
});

describe('our routes, beside the spec table', () => {
  it('lists /concrete-profiles, signed in, titled Concrete Profiles', () => {
    expect(OUR_ROUTE_KEYS).toEqual([
      'concreteProfiles',
      'alarms',
      'usage',
      'lumitrackProject',
      'lumitrackId',
      'checklists',
    ]);
    expect(paths.concreteProfiles.path).toBe('/concrete-profiles');
    expect(paths.concreteProfiles.href()).toBe('/concrete-profiles');
    expect(pageTitle('concreteProfiles')).toBe('Concrete Profiles');
    expect(paths.concreteProfiles.auth).toBe(true);
    expect(paths.concreteProfiles.spec).toBe(false);
    expect(PAGE_TITLES as readonly string[]).not.toContain('Concrete Profiles');
  });

  it('keeps every route in one of the two lists', () => {
    expect([...SPEC_ROUTE_KEYS, ...OUR_ROUTE_KEYS].sort()).toEqual([...ROUTE_KEYS].sort());
    expect(ROUTE_KEYS).toHaveLength(35);
  });

  it('matches /concrete-profiles and is neither a job-site nor a disclaimer route', () => {
    expect(matchRoute('/concrete-profiles')).toEqual({ key: 'concreteProfiles', params: {} });
    expect(matchRoute('/concrete-profiles/')).toEqual({ key: 'concreteProfiles', params: {} });
    expect(JOB_SITE_ROUTES.has('concreteProfiles')).toBe(false);
    expect(isRouteBlockedForAccess('concreteProfiles', 8)).toBe(false);
    expect(showDisclaimer('concreteProfiles')).toBe(false);
    expect(isRouteEnabled('concreteProfiles')).toBe(true);
  });
});

describe('/alarms/:jobsiteId (ours)', () => {
  it('is a signed-in job-site route titled Alarms, outside the spec table', () => {
    expect(paths.alarms.path).toBe('/alarms/:jobsiteId');
    expect(paths.alarms.href(1)).toBe('/alarms/1');
    expect(paths.alarms.href('a/b')).toBe('/alarms/a%2Fb');
    expect(pageTitle('alarms')).toBe('Alarms');
    expect(paths.alarms.auth).toBe(true);
    expect(paths.alarms.spec).toBe(false);
    expect(SPEC_ROUTE_KEYS).not.toContain('alarms');
    expect(matchRoute('/alarms/1')).toEqual({ key: 'alarms', params: { jobsiteId: '1' } });
    expect(isRouteBlockedForAccess('alarms', 8)).toBe(true);
    expect(showDisclaimer('alarms')).toBe(false);
  });
});

describe('the Lumitrack screens and checklist templates (ours, issue 16)', () => {
  it('are signed-in routes outside the spec table; the Lumitrack two are job-site routes', () => {
    expect(paths.lumitrackProject.href(3, 33)).toBe('/lumitrack/3/33');
    expect(paths.lumitrackId.href(3, 33, 'LT-7K3M-Q9XP')).toBe('/lumitrack/3/33/id/LT-7K3M-Q9XP');
    expect(paths.checklists.href()).toBe('/checklists');
    expect(pageTitle('lumitrackProject')).toBe('Project');
    expect(pageTitle('lumitrackId')).toBe('Lumitrack ID');
    expect(pageTitle('checklists')).toBe('Checklist Templates');
    expect(matchRoute('/lumitrack/3/33')).toEqual({
      key: 'lumitrackProject',
      params: { jobsiteId: '3', tenantId: '33' },
    });
    expect(matchRoute('/lumitrack/3/33/id/LT-7K3M-Q9XP')).toEqual({
      key: 'lumitrackId',
      params: { jobsiteId: '3', tenantId: '33', lumitrackId: 'LT-7K3M-Q9XP' },
    });
    expect(matchRoute('/checklists')).toEqual({ key: 'checklists', params: {} });
    for (const key of ['lumitrackProject', 'lumitrackId', 'checklists'] as const) {
      expect(paths[key].auth).toBe(true);
      expect(paths[key].spec).toBe(false);
      expect(showDisclaimer(key)).toBe(false);
    }
    expect(isRouteBlockedForAccess('lumitrackProject', 8)).toBe(true);
    expect(isRouteBlockedForAccess('lumitrackId', 8)).toBe(true);
    expect(isRouteBlockedForAccess('checklists', 8)).toBe(false);
  });
});

describe('sensorDetailsHref', () => {
  it.each([
    ['GPS', '/job-site-gps-job-details/1/2/9'],
    ['POWER', '/job-site-ct-job-details/1/2/9'],
    ['DATA', '/job-site-details/1/2/9'],
    ['MICROWEATHER', '/job-site-details/1/2/9'],
  ])('%s → %s', (kind, href) => {
    expect(sensorDetailsHref(1, 2, { kind, jobId: 9 })).toBe(href);
  });
});

describe('href builders', () => {
  it.each([
    [paths.home.href(), '/'],
    [paths.login.href(), '/login'],
    [paths.accountSetup.href(7, 'jane', 'jane@example.com'), '/account-setup/7/jane/jane%40example.com'],
    [paths.projectJobList.href(1, 2), '/construction_job_list/1/2'],
    [paths.constructionDashboard.href('js1'), '/construction_dashboard/js1'],
    [paths.precastDashboard.href(1, 2), '/precast_dashboard/1/2'],
    [paths.precastDashboard.href(1), '/precast_dashboard/1/undefined'],
    [paths.precastDashboard.href(1, null), '/precast_dashboard/1/undefined'],
    [paths.job.href('Maturity', 1, 2, 3), '/job/Maturity/1/2/3/'],
    [paths.job.href('Liquid Level', 1, 2, 3), '/job/Liquid%20Level/1/2/3/'],
    [paths.jobSiteSensors.href(1, 2), '/job-site-sensors/1/2'],
    [paths.jobSiteSensorDetails.href(1, 2, 3), '/job-site-details/1/2/3'],
    [paths.grOneSensorDetails.href(1, 2, 3), '/job-site-gr-one-sensor-details/1/2/3'],
    [paths.grTwoSensorDetails.href(1, 2, 3), '/job-site-gr-two-sensor-details/1/2/3'],
    [paths.gpsJobDetails.href(1, 2, 3), '/job-site-gps-job-details/1/2/3'],
    [paths.ctJobDetails.href(1, 2, 3), '/job-site-ct-job-details/1/2/3'],
    [paths.jobSiteMembers.href(4), '/job-site-members/4'],
    [paths.jobSiteMemberProfile.href(4, 'u/1'), '/job-site-member-profile/4/u%2F1'],
    [paths.jobSiteMemberInvite.href(4), '/job-site-member-invite/4'],
    [paths.editUser.href(9), '/edit-user/9'],
    [paths.reportGeneration.href(4), '/report-generation/4'],
    [paths.reportList.href(4), '/report-list/4'],
  ])('%s', (href, expected) => {
    expect(href).toBe(expected);
  });
});

describe('matchRoute', () => {
  it.each([
    ['/', 'home', {}],
    ['/login', 'login', {}],
    ['/login/', 'login', {}],
    ['/job/Gas/1/2/3/', 'job', { type: 'Gas', jobsiteId: '1', tenantId: '2', id: '3' }],
    ['/job/Liquid%20Level/1/2/3', 'job', { type: 'Liquid Level', jobsiteId: '1', tenantId: '2', id: '3' }],
    ['/precast_dashboard/5/undefined', 'precastDashboard', { jobsiteId: '5', tenantId: 'undefined' }],
    [
      '/account-setup/7/jane/jane%40example.com',
      'accountSetup',
      { companyId: '7', username: 'jane', email: 'jane@example.com' },
    ],
    ['/report-list/4?x=1', 'reportList', { jobsiteId: '4' }],
  ])('%s → %s', (pathname, key, params) => {
    expect(matchRoute(pathname)).toEqual({ key, params });
  });

  it.each([['/nope'], ['/job/1/2'], ['/construction_dashboard/1/2']])('%s matches nothing', (pathname) => {
    expect(matchRoute(pathname)).toBeNull();
  });

  it('round-trips every href builder', () => {
    expect(matchRoute(paths.ctJobDetails.href('a', 'b', 'c'))?.key).toBe('ctJobDetails');
    expect(matchRoute(paths.reports.href())?.key).toBe('reports');
  });
});

describe('access 8 blocks job-site routes (section 2)', () => {
  const blocked: RouteKey[] = [
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
    'alarms',
    'lumitrackProject',
    'lumitrackId',
  ];
  it.each(ROUTE_KEYS)('%s', (key) => {
    const jobSite = blocked.includes(key);
    expect(JOB_SITE_ROUTES.has(key)).toBe(jobSite);
    expect(isRouteBlockedForAccess(key, 8)).toBe(jobSite);
    expect(isRouteBlockedForAccess(key, '8')).toBe(jobSite);
    for (const code of [1, 2, 4, null]) expect(isRouteBlockedForAccess(key, code)).toBe(false);
  });
});

describe('flag-gated routes (section 1)', () => {
  it.each([
    ['materialsTracking', false],
    ['trackingManager', false],
    ['home', true],
    ['reports', true],
  ] as [RouteKey, boolean][])('%s enabled %s with the product flags', (key, enabled) => {
    expect(isRouteEnabled(key)).toBe(enabled);
  });

  it('follows the flags given', () => {
    const on = { trackingManager: true, materialTracking: false };
    expect(isRouteEnabled('trackingManager', on)).toBe(true);
    expect(isRouteEnabled('materialsTracking', on)).toBe(false);
  });
});

describe('showDisclaimer (section 2)', () => {
  it.each(ROUTE_KEYS)('%s', (key) => {
    const onRoute = ['projectJobList', 'precastDashboard', 'job', 'constructionDashboard'].includes(key);
    expect(DISCLAIMER_ROUTES.has(key)).toBe(onRoute);
    expect(showDisclaimer(key, 'RUNNING')).toBe(onRoute);
    expect(showDisclaimer(key, undefined)).toBe(onRoute);
    expect(showDisclaimer(key, 'TERMINATED')).toBe(false);
  });
});

describe('breadcrumb targets (section 2)', () => {
  it.each([
    [{ jobsiteId: 1, tenantId: 2, projectType: 'Lumimon' }, '/job-site-sensors/1/2'],
    [{ jobsiteId: 1, tenantId: 2, projectType: 'Concrete' }, '/construction_job_list/1/2'],
    [{ jobsiteId: 1, tenantId: 2, projectType: 'Lumitrack' }, '/lumitrack/1/2'],
    [{ jobsiteId: 1, tenantId: 2 }, '/construction_job_list/1/2'],
  ])('project %j → %s', (input, href) => {
    expect(projectBreadcrumbHref(input)).toBe(href);
  });

  it.each([
    [{ jobsiteId: 1, jobsiteType: 'Construction Site', tenantId: 2 }, '/construction_dashboard/1'],
    [{ jobsiteId: 1, jobsiteType: 'Precast Plant', tenantId: 2 }, '/precast_dashboard/1/2'],
    [{ jobsiteId: 1, jobsiteType: 'Precast Plant' }, '/precast_dashboard/1/undefined'],
    [{ jobsiteId: 1 }, '/precast_dashboard/1/undefined'],
  ])('job site %j → %s', (input, href) => {
    expect(jobSiteBreadcrumbHref(input)).toBe(href);
  });
});
