/**
 * The stubbed server of the alarm e-mail tests (settings and members features): the shell's calls, then the
 * e-mail notification calls of contracts alarm-events.ts, kept as state so a toggle shows on the next read.
 */
import type { EmailNotification, SiteEmailNotification, UserDetail } from '@sitepulse/contracts';
import { vi } from 'vitest';
import { stubServer, testSites, testUser } from '../components/test-utils.tsx';

export interface SeenCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Serves the shell (user, sites, `extra` GET answers by path without /api) and the e-mail subscriptions. */
export function serveNotifications({
  user = testUser({ userTenantGroupData: [{ tenantGroupId: 1, access: 1 }] }),
  mine = [] as EmailNotification[],
  site = [] as SiteEmailNotification[],
  extra,
}: {
  user?: UserDetail;
  mine?: EmailNotification[];
  site?: SiteEmailNotification[];
  extra?: Record<string, unknown>;
} = {}) {
  const state = { mine, site };
  const shell = stubServer({ user, sites: testSites, extra }).getMockImplementation();
  if (!shell) throw new Error('no stub');
  const seen: SeenCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    seen.push({ method, path, query: url.searchParams, body });
    const key = `${method} ${path}`;
    if (key === 'GET /emailnotifications') return json(state.mine);
    if (key === 'GET /tenant/groups/emailnotifications/by_tenant_group') return json(state.site);
    if (key === 'POST /emailnotifications/cmd/toggle') {
      const b = body as { tenantGroupId: number; enabled: boolean; userId?: number };
      if (b.userId === undefined)
        state.mine = state.mine.map((n) =>
          n.tenantGroupId === b.tenantGroupId ? { ...n, enabled: b.enabled } : n,
        );
      else state.site = state.site.map((m) => (m.userId === b.userId ? { ...m, enabled: b.enabled } : m));
      return json({ ok: true });
    }
    return shell(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    state,
    fetchMock,
    sent: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path),
  };
}
