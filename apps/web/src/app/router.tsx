import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { PublicOnly, RequireAdmin, RequireAuth, RequireFeature, RequireJobSite } from './guards.tsx';
import { RouteErrorBoundary } from './RouteErrorScreen.tsx';
import { TitledPage } from './TitledPage.tsx';

// The signed-in shell is its own chunk, so /login does not download it (docs/decisions/web-bundle.md).
// Every lazy page comes with the strings its code shows (the build wraps each `import()` in `withStrings`,
// build/string-areas.ts), so no screen ever shows a key.
const AppLayout = lazy(() => import('./layout/AppLayout.tsx').then((m) => ({ default: m.AppLayout })));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const HomePage = lazy(() => import('../features/home/HomePage.tsx'));
const NoAccessPage = lazy(() => import('../features/no-access/NoAccessPage.tsx'));
const NotFoundPage = lazy(() => import('../features/no-access/NotFoundPage.tsx'));
const ProjectJobListPage = lazy(() => import('../features/projects/ProjectJobListPage.tsx'));
const ConstructionDashboardPage = lazy(() => import('../features/dashboards/ConstructionDashboardPage.tsx'));
const PrecastDashboardPage = lazy(() => import('../features/dashboards/PrecastDashboardPage.tsx'));
const JobPage = lazy(() => import('../features/job/JobPage.tsx'));
const JobSiteSensorsPage = lazy(() => import('../features/sensors/JobSiteSensorsPage.tsx'));
const SensorDetailsPage = lazy(() => import('../features/sensors/SensorDetailsPage.tsx'));
const GpsJobDetailsPage = lazy(() => import('../features/sensors/GpsJobDetailsPage.tsx'));
const CtJobDetailsPage = lazy(() => import('../features/sensors/CtJobDetailsPage.tsx'));
const ConcreteProfilesPage = lazy(() => import('../features/profiles/ConcreteProfilesPage.tsx'));
const UserSettingsPage = lazy(() => import('../features/settings/UserSettingsPage.tsx'));
const UserManagementPage = lazy(() => import('../features/users/UserManagementPage.tsx'));
const AddUserPage = lazy(() => import('../features/users/AddUserPage.tsx'));
const EditUserPage = lazy(() => import('../features/users/EditUserPage.tsx'));
const MyProfilePage = lazy(() => import('../features/account/MyProfilePage.tsx'));
const ResetPasswordPage = lazy(() => import('../features/account/ResetPasswordPage.tsx'));
const CreatePasswordPage = lazy(() => import('../features/account/CreatePasswordPage.tsx'));
const AccountSetupPage = lazy(() => import('../features/account/AccountSetupPage.tsx'));
const JobSiteMembersPage = lazy(() => import('../features/members/JobSiteMembersPage.tsx'));
const MemberProfilePage = lazy(() => import('../features/members/MemberProfilePage.tsx'));
const InviteMemberPage = lazy(() => import('../features/members/InviteMemberPage.tsx'));
const ReportGenerationPage = lazy(() => import('../features/reports/ReportGenerationPage.tsx'));
const ReportListPage = lazy(() => import('../features/reports/ReportListPage.tsx'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage.tsx'));
const AlarmsPage = lazy(() => import('../features/alarms/AlarmsPage.tsx'));
const UsagePage = lazy(() => import('../features/usage/UsagePage.tsx'));
const LumitrackProjectPage = lazy(() => import('../features/lumitrack/LumitrackProjectPage.tsx'));
const LumitrackIdPage = lazy(() => import('../features/lumitrack/LumitrackIdPage.tsx'));
const ChecklistTemplatesPage = lazy(() => import('../features/checklists/ChecklistTemplatesPage.tsx'));
// Behind their build flags (issue 16): material tracking and the tracking manager (docs/decisions/material-tracking.md).
const MaterialTrackingPage = lazy(() => import('../features/tracking/MaterialTrackingPage.tsx'));
const TrackingManagerPage = lazy(() => import('../features/tracking/TrackingManagerPage.tsx'));

const page = (titleKey: string, element: React.ReactNode) => (
  <TitledPage titleKey={titleKey}>
    <Suspense fallback={<PageSpinner />}>{element}</Suspense>
  </TitledPage>
);

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    children: [
      { path: '/login', element: <PublicOnly>{page('titles.login', <LoginPage />)}</PublicOnly> },
      { path: '/reset_pwd', element: page('titles.resetPassword', <ResetPasswordPage />) },
      { path: '/create_pwd', element: page('titles.resetPassword', <CreatePasswordPage />) },
      {
        // The e-mail is empty for a user invited by phone only.
        path: '/account-setup/:companyId/:username/:email?',
        element: page('titles.accountSetup', <AccountSetupPage />),
      },
      {
        element: (
          <RequireAuth>
            <Suspense fallback={<PageSpinner />}>
              <AppLayout />
            </Suspense>
          </RequireAuth>
        ),
        children: [
          { path: '/', element: page('titles.dashboard', <HomePage />) },
          { path: '/settings/user', element: page('titles.settings', <UserSettingsPage />) },
          { path: '/my-profile', element: page('titles.myProfile', <MyProfilePage />) },
          // Not behind RequireJobSite: it names no job site (docs/decisions/domain-rules.md).
          { path: '/reports', element: page('titles.reports', <ReportsPage />) },
          { path: '/no-access', element: page('titles.noAccess', <NoAccessPage />) },
          // Ours, not in the spec's table: company-wide, so not behind RequireJobSite (docs/decisions/web-concrete-profiles.md).
          { path: '/concrete-profiles', element: page('titles.concreteProfiles', <ConcreteProfilesPage />) },
          {
            path: '/user-management',
            element: <RequireAdmin>{page('titles.userManagement', <UserManagementPage />)}</RequireAdmin>,
          },
          {
            path: '/add-new-user',
            element: <RequireAdmin>{page('titles.addNewUser', <AddUserPage />)}</RequireAdmin>,
          },
          {
            path: '/edit-user/:userId',
            element: <RequireAdmin>{page('titles.userManagement', <EditUserPage />)}</RequireAdmin>,
          },
          // Ours (issue 16): page views per page and day, for company admins (docs/decisions/usage-tracking.md).
          { path: '/usage', element: <RequireAdmin>{page('titles.usage', <UsagePage />)}</RequireAdmin> },
          // Ours (issue 16): the company admins' checklist templates (docs/decisions/lumitrack-screens.md).
          {
            path: '/checklists',
            element: <RequireAdmin>{page('titles.checklists', <ChecklistTemplatesPage />)}</RequireAdmin>,
          },
          {
            path: '/materials-tracking',
            element: (
              <RequireFeature feature="materialTracking">
                {page('titles.materialTracking', <MaterialTrackingPage />)}
              </RequireFeature>
            ),
          },
          {
            path: '/tracking-manager',
            element: (
              <RequireFeature feature="trackingManager">
                {page('titles.trackingManager', <TrackingManagerPage />)}
              </RequireFeature>
            ),
          },
          {
            // Every job-site route: the site must be in the user's list, and access 8 is refused.
            element: (
              <RequireJobSite>
                <Outlet />
              </RequireJobSite>
            ),
            children: [
              {
                path: '/construction_job_list/:jobsiteId/:tenantId',
                element: page('titles.project', <ProjectJobListPage />),
              },
              {
                path: '/construction_dashboard/:jobsiteId',
                element: page('titles.dashboard', <ConstructionDashboardPage />),
              },
              {
                path: '/precast_dashboard/:jobsiteId/:tenantId',
                element: page('titles.dashboard', <PrecastDashboardPage />),
              },
              {
                path: '/job/:type/:jobsiteId/:tenantId/:id',
                element: page('titles.job', <JobPage />),
              },
              {
                path: '/job-site-sensors/:jobsiteId/:tenantId',
                element: page('titles.jobSiteSensors', <JobSiteSensorsPage />),
              },
              {
                path: '/job-site-details/:jobsiteId/:tenantId/:jobId',
                element: page('titles.jobSiteSensors', <SensorDetailsPage variant="details" />),
              },
              {
                path: '/job-site-gr-one-sensor-details/:jobsiteId/:tenantId/:jobId',
                element: page('titles.jobSiteSensors', <SensorDetailsPage variant="grOne" />),
              },
              {
                path: '/job-site-gr-two-sensor-details/:jobsiteId/:tenantId/:jobId',
                element: page('titles.jobSiteSensors', <SensorDetailsPage variant="grTwo" />),
              },
              {
                path: '/job-site-gps-job-details/:jobsiteId/:tenantId/:jobId',
                element: page('titles.jobSiteSensors', <GpsJobDetailsPage />),
              },
              {
                path: '/job-site-ct-job-details/:jobsiteId/:tenantId/:jobId',
                element: page('titles.jobSiteSensors', <CtJobDetailsPage />),
              },
              {
                path: '/job-site-members/:jobsiteId',
                element: page('titles.jobSiteMembers', <JobSiteMembersPage />),
              },
              {
                path: '/job-site-member-profile/:jobsiteId/:userId',
                element: page('titles.jobSiteMemberProfile', <MemberProfilePage />),
              },
              {
                path: '/job-site-member-invite/:jobsiteId',
                element: page('titles.inviteUser', <InviteMemberPage />),
              },
              {
                path: '/report-generation/:jobsiteId',
                element: page('titles.reportGeneration', <ReportGenerationPage />),
              },
              { path: '/report-list/:jobsiteId', element: page('titles.reports', <ReportListPage />) },
              // Ours (issue 15): the site's alarms, with acknowledge.
              { path: '/alarms/:jobsiteId', element: page('titles.alarms', <AlarmsPage />) },
              // Ours (issue 16): a Lumitrack project's screen and one of its IDs (docs/decisions/lumitrack-screens.md).
              {
                path: '/lumitrack/:jobsiteId/:tenantId',
                element: page('titles.lumitrackProject', <LumitrackProjectPage />),
              },
              {
                path: '/lumitrack/:jobsiteId/:tenantId/id/:lumitrackId',
                element: page('titles.lumitrackId', <LumitrackIdPage />),
              },
            ],
          },
          // An address the app does not know (ours: the spec names none): 'Not found' with a way back.
          { path: '*', element: page('titles.notFound', <NotFoundPage />) },
        ],
      },
    ],
  },
];

/**
 * The route table under the declarative router (BrowserRouter in main.tsx): the data router
 * (createBrowserRouter) would add about 17 kB gzipped to every first visit, and no page uses loaders,
 * actions or blockers (docs/decisions/web-bundle.md). A page that fails to render or to load shows the
 * 'Oops!' screen until the user goes elsewhere.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}
