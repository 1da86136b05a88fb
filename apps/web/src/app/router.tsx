import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { RoutePlaceholder } from '../components/RoutePlaceholder.tsx';
import { PublicOnly, RequireAdmin, RequireAuth, RequireFeature, RequireJobSite } from './guards.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';
import { TitledPage } from './TitledPage.tsx';

const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const HomePage = lazy(() => import('../features/home/HomePage.tsx'));
const NoAccessPage = lazy(() => import('../features/no-access/NoAccessPage.tsx'));

/** A page that later issues fill in: registered now with its title and guard. */
const pending = (titleKey: string) => <RoutePlaceholder titleKey={titleKey} />;

const page = (titleKey: string, element: React.ReactNode) => (
  <TitledPage titleKey={titleKey}>
    <Suspense fallback={<PageSpinner />}>{element}</Suspense>
  </TitledPage>
);

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/login', element: <PublicOnly>{page('titles.login', <LoginPage />)}</PublicOnly> },
      { path: '/reset_pwd', element: page('titles.resetPassword', pending('titles.resetPassword')) },
      { path: '/create_pwd', element: page('titles.resetPassword', pending('titles.resetPassword')) },
      {
        path: '/account-setup/:companyId/:username/:email',
        element: page('titles.accountSetup', pending('titles.accountSetup')),
      },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { path: '/', element: page('titles.dashboard', <HomePage />) },
          { path: '/settings/user', element: page('titles.settings', pending('titles.settings')) },
          { path: '/my-profile', element: page('titles.myProfile', pending('titles.myProfile')) },
          { path: '/reports', element: page('titles.reports', pending('titles.reports')) },
          { path: '/no-access', element: page('titles.noAccess', <NoAccessPage />) },
          {
            path: '/user-management',
            element: (
              <RequireAdmin>{page('titles.userManagement', pending('titles.userManagement'))}</RequireAdmin>
            ),
          },
          { path: '/add-new-user', element: page('titles.addNewUser', pending('titles.addNewUser')) },
          {
            path: '/edit-user/:userId',
            element: page('titles.userManagement', pending('titles.userManagement')),
          },
          {
            path: '/materials-tracking',
            element: (
              <RequireFeature feature="materialTracking">
                {page('titles.materialTracking', pending('titles.materialTracking'))}
              </RequireFeature>
            ),
          },
          {
            path: '/tracking-manager',
            element: (
              <RequireFeature feature="trackingManager">
                {page('titles.trackingManager', pending('titles.trackingManager'))}
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
                element: page('titles.project', pending('titles.project')),
              },
              {
                path: '/construction_dashboard/:jobsiteId',
                element: page('titles.dashboard', pending('titles.dashboard')),
              },
              {
                path: '/precast_dashboard/:jobsiteId/:tenantId',
                element: page('titles.dashboard', pending('titles.dashboard')),
              },
              {
                path: '/job/:type/:jobsiteId/:tenantId/:id',
                element: page('titles.job', pending('titles.job')),
              },
              {
                path: '/job-site-sensors/:jobsiteId/:tenantId',
                element: page('titles.jobSiteSensors', pending('titles.jobSiteSensors')),
              },
              {
                path: '/job-site-details/:jobsiteId/:tenantId/:jobId',
                element: page('titles.jobSiteSensors', pending('titles.jobSiteSensors')),
              },
              {
                path: '/job-site-gr-one-sensor-details/:jobsiteId/:tenantId/:jobId',
                element: page('titles.jobSiteSensors', pending('titles.jobSiteSensors')),
              },
              {
                path: '/job-site-gr-two-sensor-details/:jobsiteId/:tenantId/:jobId',
                element: page('titles.jobSiteSensors', pending('titles.jobSiteSensors')),
              },
              {
                path: '/job-site-gps-job-details/:jobsiteId/:tenantId/:jobId',
                element: page('titles.jobSiteSensors', pending('titles.jobSiteSensors')),
              },
              {
                path: '/job-site-ct-job-details/:jobsiteId/:tenantId/:jobId',
                element: page('titles.jobSiteSensors', pending('titles.jobSiteSensors')),
              },
              {
                path: '/job-site-members/:jobsiteId',
                element: page('titles.jobSiteMembers', pending('titles.jobSiteMembers')),
              },
              {
                path: '/job-site-member-profile/:jobsiteId/:userId',
                element: page('titles.jobSiteMemberProfile', pending('titles.jobSiteMemberProfile')),
              },
              {
                path: '/job-site-member-invite/:jobsiteId',
                element: page('titles.inviteUser', pending('titles.inviteUser')),
              },
              {
                path: '/report-generation/:jobsiteId',
                element: page('titles.reportGeneration', pending('titles.reportGeneration')),
              },
              { path: '/report-list/:jobsiteId', element: page('titles.reports', pending('titles.reports')) },
            ],
          },
          { path: '*', element: page('titles.noAccess', <NoAccessPage />) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
