/**
 * Helpers for component tests: demo fixtures, a fetch stub that answers by path, a signed-in session,
 * and a render with the app's providers around a memory router.
 */
import type { CompanyModule, PublicConfig, TenantGroup, UserDetail } from '@sitepulse/contracts';
import { cleanup, configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import i18n from '../i18n/index.ts';

// The test machine can be slow and is shared: give async queries room (a failing assertion still fails,
// only later). A test's own time is the hang guard of vitest.config.ts.
configure({ asyncUtilTimeout: 30_000 });

export const testConfig: PublicConfig = {
  version: '6.2.3',
  environment: 'production',
  helpUrl: 'https://help.example.com',
  helpCentreUrl: 'https://help.example.com/centre',
  shopUrl: 'https://shop.example.com',
  supportPhone: '+1 613 555 0100',
  supportEmail: 'support@example.com',
  privacyPolicyUrl: 'https://example.com/privacy',
  mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
  mapAttribution: '© OpenStreetMap',
  features: { materialTracking: false, trackingManager: false },
};

const project = (
  id: number,
  name: string,
  type: 'Concrete' | 'Lumimon' | 'Lumitrack',
  state = 'ACTIVE',
  day = id,
) => ({
  id,
  name,
  type,
  state: state as 'ACTIVE' | 'TERMINATED',
  creationDate: Date.UTC(2025, 0, day),
  tenantGroupId: 3,
  companyId: 1,
});

const site = (
  id: number,
  name: string,
  type: TenantGroup['type'],
  state: TenantGroup['state'] = 'ACTIVE',
  tenantMessages: TenantGroup['tenantMessages'] = [],
): TenantGroup => ({
  id,
  name,
  type,
  state,
  companyId: 1,
  creationDate: Date.UTC(2024, 0, id),
  address: `${id} Main St`,
  latitude: 43.6 + id / 100,
  longitude: -79.4 + id / 100,
  tenantMessages,
  gateways: [],
});

export const testSites: TenantGroup[] = [
  site(1, 'Harbourfront Tower', 'Construction Site'),
  site(2, 'Riverside Medical Centre Expansion', 'Construction Site'),
  site(3, 'North Yard Precast Plant', 'Precast Plant', 'ACTIVE', [
    project(31, 'Default', 'Lumimon'),
    project(32, 'Default', 'Concrete'),
    project(33, 'Beam Line', 'Lumitrack'),
    project(34, 'Old Pour', 'Concrete', 'TERMINATED'),
  ]),
  site(4, 'Old Depot', 'Construction Site', 'TERMINATED'),
];

export const moduleOf = (moduleType: CompanyModule['moduleType']): CompanyModule => ({
  id: moduleType.length,
  companyId: 1,
  moduleType,
  isActive: true,
  companyTier: 'STANDARD',
  spec: '{}',
  tierSpec: '{}',
  concrete: moduleType === 'Concrete',
  lumimon: moduleType === 'Lumimon',
  lumitrack: moduleType === 'Lumitrack',
});
export const allModules = [moduleOf('Concrete'), moduleOf('Lumimon'), moduleOf('Lumitrack')];

export function testUser(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: 7,
    username: 'admin',
    companyId: 1,
    homeCompanyId: 1,
    email: 'admin@demo.example',
    phone: null,
    firstName: 'Alex',
    lastName: 'Admin',
    accountType: 'ADMIN',
    isActive: true,
    roles: [],
    userSettingData: [{ type: 'SystemOfMeasurement', val: 'Metric' }],
    userTenantGroupData: [],
    userInvitationData: { status: 'ACTIVE' },
    ...overrides,
  };
}

/** A request a recording fetch stub saw: its path under /api (no query), query, headers and parsed body. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface ServerState {
  config?: PublicConfig;
  user?: UserDetail;
  sites?: TenantGroup[];
  modules?: CompanyModule[];
  /** The server's job-site ids for application type '1' (default: every site of `sites`). */
  applicationTypeIds?: number[];
  /** Extra answers by path (without /api). */
  extra?: Record<string, unknown>;
}

/** Stubs global fetch: answers the shell's calls from `state`; anything else is a 404. */
export function stubServer(state: ServerState = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const answers: Record<string, unknown> = {
      '/config': state.config ?? testConfig,
      '/v2/users/details': state.user ?? testUser(),
      '/tenants/groups/list/by_user': state.sites ?? testSites,
      '/tenants/groups/ids/by_application_type':
        state.applicationTypeIds ?? (state.sites ?? testSites).map((s) => s.id),
      '/companies/modules/by_companyId': state.modules ?? allModules,
      '/companies/assets/by_companyId': [],
      '/companies/1': { id: 1, name: 'Demo Construction', creationDate: 0 },
      ...state.extra,
    };
    if (path in answers) {
      return new Response(JSON.stringify(answers[path]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Writes a signed-in session (the keys of session.ts). */
export function signInSession(username = 'admin'): void {
  const values: Record<string, string> = {
    loginToken: 'login-token',
    accessToken: 'access-token',
    refreshToken: 'refresh-token',
    refreshTokenExpiration: String(Date.now() + 3_600_000),
    accessTokenExpiration: String(Date.now() + 600_000),
    companyId: '1',
    companyName: 'Demo Construction',
    username,
    roles: '[]',
  };
  for (const [k, v] of Object.entries(values)) localStorage.setItem(`sitepulse.${k}`, v);
}

/**
 * For a test file's top level: every test starts in English with nothing stored but what `start` writes;
 * after each one the screen is unmounted, stubbed globals are restored and the language is English again.
 */
function englishTests(start: () => void): void {
  beforeEach(async () => {
    localStorage.clear();
    start();
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });
}

/** Every test of the file starts signed in as `username`, in English (see englishTests). */
export const signedInEnglishTests = (username = 'admin') => englishTests(() => signInSession(username));

/** Every test of the file starts signed out, in English (see englishTests). */
export const signedOutEnglishTests = () => englishTests(() => {});

/** A phone-width screen: every `max-width` media query matches (MUI's down('sm') and the like). */
export function stubPhoneWidth(): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  );
}

/** Shows the current path and the `from` state, so tests can assert redirects. */
export function LocationProbe({ label = 'location' }: { label?: string }) {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname ?? '';
  return (
    <div data-testid={label} data-from={from}>
      {location.pathname}
    </div>
  );
}

/** Renders routes inside the app's providers with a memory router starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const utils = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, client };
}

/** Renders one element at a route pattern, e.g. renderAt(<DrawerNav />, '/x/:jobsiteId', '/x/3'). */
export function renderAt(element: ReactNode, pattern: string, path: string) {
  return renderRoutes([{ path: pattern, element }], path);
}
