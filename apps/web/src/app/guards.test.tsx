import { cleanup, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LocationProbe,
  renderRoutes,
  signInSession,
  stubServer,
  testConfig,
  testUser,
} from '../components/test-utils.tsx';
import { PublicOnly, RequireAdmin, RequireAuth, RequireFeature, RequireJobSite } from './guards.tsx';

const routes: RouteObject[] = [
  { path: '/login', element: <LocationProbe label="login" /> },
  { path: '/no-access', element: <p>no-access route</p> },
  { path: '/account-setup/:companyId/:username/:email', element: <LocationProbe label="setup" /> },
  {
    element: (
      <RequireAuth>
        <LocationProbe label="inside" />
      </RequireAuth>
    ),
    children: [],
    path: '/settings/user',
  },
  {
    path: '/job/:type/:jobsiteId/:tenantId/:id',
    element: (
      <RequireAuth>
        <p>job page</p>
      </RequireAuth>
    ),
  },
  {
    path: '/construction_dashboard/:jobsiteId',
    element: (
      <RequireAuth>
        <RequireJobSite>
          <p>dashboard content</p>
        </RequireJobSite>
      </RequireAuth>
    ),
  },
  {
    path: '/user-management',
    element: (
      <RequireAdmin>
        <p>user management content</p>
      </RequireAdmin>
    ),
  },
  {
    path: '/tracking-manager',
    element: (
      <RequireFeature feature="trackingManager">
        <p>tracking content</p>
      </RequireFeature>
    ),
  },
  {
    path: '/public',
    element: (
      <PublicOnly>
        <p>public content</p>
      </PublicOnly>
    ),
  },
  { path: '/', element: <p>home</p> },
];

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login and remembers where they came from', async () => {
    stubServer();
    renderRoutes(routes, '/settings/user');
    const probe = await screen.findByTestId('login');
    expect(probe.textContent).toBe('/login');
    expect(probe.dataset.from).toBe('/settings/user');
  });

  it('treats an expired refresh token as signed out', async () => {
    stubServer();
    signInSession();
    localStorage.setItem('sitepulse.refreshTokenExpiration', String(Date.now() - 1000));
    renderRoutes(routes, '/settings/user');
    expect((await screen.findByTestId('login')).textContent).toBe('/login');
  });

  it('lets a signed-in user through', async () => {
    stubServer();
    signInSession();
    renderRoutes(routes, '/settings/user');
    expect((await screen.findByTestId('inside')).textContent).toBe('/settings/user');
  });

  it('saves the address of a first visit to a job route as the landing URL', async () => {
    stubServer();
    renderRoutes(routes, '/job/concrete/1/31/99');
    await screen.findByTestId('login');
    expect(localStorage.getItem('sitepulse.landingUrl')).toBe('/job/concrete/1/31/99');
  });

  it('sends a user whose welcome e-mail invitation is pending to account setup', async () => {
    stubServer({
      user: testUser({
        username: 'newbie',
        email: 'newbie@demo.example',
        userInvitationData: { status: 'INVITATION_WELCOME_EMAIL_SENT' },
      }),
    });
    signInSession('newbie');
    renderRoutes(routes, '/settings/user');
    expect((await screen.findByTestId('setup')).textContent).toBe(
      '/account-setup/1/newbie/newbie%40demo.example',
    );
  });
});

describe('PublicOnly', () => {
  it('sends a signed-in user home', async () => {
    stubServer();
    signInSession();
    renderRoutes(routes, '/public');
    expect(await screen.findByText('home')).toBeTruthy();
    expect(screen.queryByText('public content')).toBeNull();
  });
});

describe('RequireJobSite', () => {
  it('redirects to /no-access for a job site outside the user list', async () => {
    stubServer();
    signInSession();
    renderRoutes(routes, '/construction_dashboard/999');
    expect(await screen.findByText('no-access route')).toBeTruthy();
    expect(screen.queryByText('dashboard content')).toBeNull();
  });

  it('shows Access Restricted to a user with inspector access (8) on the site', async () => {
    stubServer({
      user: testUser({
        username: 'inspector',
        accountType: 'USER',
        userTenantGroupData: [{ tenantGroupId: 1, access: 8 }],
      }),
    });
    signInSession('inspector');
    renderRoutes(routes, '/construction_dashboard/1');
    expect(await screen.findByRole('heading', { name: 'Access Restricted' })).toBeTruthy();
    expect(
      screen.getByText(
        'The web dashboard is not available for users with Inspector access type. Please use the mobile app.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('dashboard content')).toBeNull();
  });

  it('shows the page to an editor (access 2) on the site', async () => {
    stubServer({
      user: testUser({
        username: 'editor',
        accountType: 'USER',
        userTenantGroupData: [{ tenantGroupId: 1, access: 2 }],
      }),
    });
    signInSession('editor');
    renderRoutes(routes, '/construction_dashboard/1');
    expect(await screen.findByText('dashboard content')).toBeTruthy();
  });

  it('shows the error screen with a retry when the job sites cannot be loaded', async () => {
    const fetchMock = stubServer({ extra: {} });
    fetchMock.mockImplementation(async () => new Response('boom', { status: 500 }));
    signInSession();
    renderRoutes(routes, '/construction_dashboard/1');
    expect(await screen.findByText('Oops!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});

describe('RequireAdmin and RequireFeature', () => {
  it('shows the no-access page to a non-admin on an admin route', async () => {
    stubServer({ user: testUser({ accountType: 'USER' }) });
    signInSession();
    renderRoutes(routes, '/user-management');
    expect(await screen.findByRole('heading', { name: 'No Access' })).toBeTruthy();
    expect(screen.queryByText('user management content')).toBeNull();
  });

  it('lets ADMIN and AOMS accounts through', async () => {
    stubServer({ user: testUser({ accountType: 'AOMS_SUPPORT' }) });
    signInSession();
    renderRoutes(routes, '/user-management');
    expect(await screen.findByText('user management content')).toBeTruthy();
  });

  it('shows the no-access page when the build flag is off', async () => {
    stubServer();
    renderRoutes(routes, '/tracking-manager');
    expect(await screen.findByRole('heading', { name: 'No Access' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to homepage' }).getAttribute('href')).toBe('/');
  });

  it('shows the page when the build flag is on', async () => {
    stubServer({ config: { ...testConfig, features: { trackingManager: true, materialTracking: false } } });
    renderRoutes(routes, '/tracking-manager');
    await waitFor(() => expect(screen.getByText('tracking content')).toBeTruthy());
  });
});
