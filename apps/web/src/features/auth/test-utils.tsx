import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
// Type only: the shared helpers' module sets other timeouts when it loads.
import type { SeenRequest } from '../../components/test-utils.tsx';

/**
 * MUI screens in jsdom are slow to query by role, and CI machines are shared: give async queries and tests
 * room (a failing assertion still fails, only later).
 */
configure({ asyncUtilTimeout: 30_000 });

/** A JSON response, as the server sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Reply = Response | Error | ((req: SeenRequest) => Response | Promise<Response>);

export const testConfig = {
  version: '6.2.3',
  environment: 'production',
  helpUrl: 'https://help.example.com/desk',
  shopUrl: 'https://shop.example.com',
  supportPhone: '+1 613 555 0199',
  supportEmail: 'support@example.com',
  privacyPolicyUrl: 'https://example.com/privacy',
  mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
  mapAttribution: 'Tiles',
  features: { materialTracking: false, trackingManager: false },
};

/**
 * Replaces fetch with a table of replies keyed 'METHOD /path' (path under /api, no query). Every request
 * is recorded; an unlisted one answers 404. A reply may be a function of the request.
 */
export function stubFetch(routes: Record<string, Reply>) {
  const requests: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const req: SeenRequest = {
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(req);
    const reply = routes[`${method} ${path}`];
    if (reply === undefined) return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'function') return reply(req);
    return reply.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

/** The replies of a working demo server for the sign-in calls. */
export function demoServer(overrides: Record<string, Reply> = {}) {
  return stubFetch({
    'GET /config': () => json(200, testConfig),
    'POST /auth/company_code': (req) =>
      (req.body as { authCode: string }).authCode === 'DEMO1'
        ? json(200, { token: 'company-token', companyId: 7 })
        : json(401, { error: { code: 'UNAUTHORIZED', message: 'Unauthorized' } }),
    'GET /servers/alfred': () => json(200, [{ host: 'localhost', port: 8080, companyId: 7 }]),
    'GET /companies/7': () => json(200, { id: 7, name: 'Demo Construction', creationDate: 0 }),
    'GET /companies/assets/by_companyId': () => json(200, []),
    ...overrides,
  });
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

/** Renders a screen at /login inside a memory router and a fresh query client; other paths show their path. */
export function renderAtLogin(element: ReactNode, state?: unknown) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/login', element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [{ pathname: '/login', state }] },
  );
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}
