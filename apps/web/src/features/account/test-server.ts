/**
 * A fetch stub for the account screens' tests: answers by 'METHOD /path' (path under /api, no query) and
 * records every request with its parsed body, so a test can check what was sent and in which order. GET
 * calls of the shell (config, user details, job sites) answer from `shell` unless a route overrides them.
 */
import type { PublicConfig, TenantGroup, UserDetail } from '@sitepulse/contracts';
import { vi } from 'vitest';
import { type SeenRequest, testConfig, testSites, testUser } from '../../components/test-utils.tsx';

type Reply = unknown | ((req: SeenRequest) => Response | Promise<Response>);

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const apiError = (status: number, code: string, message: string) =>
  json(status, { error: { code, message } });

export function accountServer(
  routes: Record<string, Reply> = {},
  shell: { user?: UserDetail; sites?: TenantGroup[]; config?: PublicConfig } = {},
) {
  const requests: SeenRequest[] = [];
  const table: Record<string, Reply> = {
    'GET /config': shell.config ?? testConfig,
    'GET /v2/users/details': shell.user ?? testUser(),
    'GET /tenants/groups/list/by_user': shell.sites ?? testSites,
    'GET /tenants/groups/ids/by_application_type': (shell.sites ?? testSites).map((s) => s.id),
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const req: SeenRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(req);
    const key = `${req.method} ${req.path}`;
    if (!(key in table)) return apiError(404, 'NOT_FOUND', 'Not found');
    const reply = table[key];
    return typeof reply === 'function' ? reply(req) : json(200, reply);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The bodies sent to one call, in order. */
    bodies: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path).map((r) => r.body),
    /** 'METHOD /path' of every write, in order. */
    writes: () => requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
  };
}
