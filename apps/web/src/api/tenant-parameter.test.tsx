import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInSession } from '../components/test-utils.tsx';
import { useGroupCounts } from '../features/dashboards/api.ts';
import { useProjectForecasts, useProjectJobs, useProjectOtherJobs } from '../features/projects/api.ts';
import { useRequestReport } from '../features/reports/api.ts';
import { useChecklistTemplates } from './checklists.ts';

/**
 * Spec section 7: "nearly every call carries a tenant query parameter". The calls about one project name
 * it in their query (tenant, or tenantId on the Lumimon overview and the checklist templates); a report
 * request names its job site as tenant. Job and site-wide calls name their thing in the path instead.
 */
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function server() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    if (path.endsWith('/maturity/jobs/paged')) return json({ page: 0, rpp: 100, total: 0, content: [] });
    if (path.includes('/lumimon/jobs/overview/')) return json({ nodes: [] });
    if (path.endsWith('/info/by_tenant')) return json({});
    if (path.endsWith('/msj/by_job')) return json({ id: 1 });
    return json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function urls(fetchMock: ReturnType<typeof server>) {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  localStorage.clear();
  signInSession();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the tenant query parameter', () => {
  it('is sent by every call the web app makes about one project', async () => {
    const fetchMock = server();
    renderHook(
      () => {
        useProjectJobs(3, 32, undefined);
        useProjectForecasts(3, 32);
        useProjectOtherJobs(3, 32);
        useGroupCounts(3, [32, 33]);
        useChecklistTemplates(32);
      },
      { wrapper },
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(6));
    const sent = urls(fetchMock).map((u) => [
      u.pathname.replace(/^\/api/, ''),
      u.searchParams.get('tenant') ?? u.searchParams.get('tenantId'),
    ]);
    expect(sent).toEqual(
      expect.arrayContaining([
        ['/analytics/concrete/maturity/jobs/paged', '32'],
        ['/analytics/concrete/maturity/jobs/forecast', '32'],
        ['/analytics/lumimon/jobs/overview/by_tenant_group/3', '32'],
        ['/analytics/concrete/maturity/jobs/info/by_tenant', '32'],
        ['/analytics/concrete/maturity/jobs/info/by_tenant', '33'],
      ]),
    );
    expect(sent.some(([path, t]) => path?.startsWith('/checklist/templates/by_company/') && t === '32')).toBe(
      true,
    );
    // Every one of them names its project; none goes without.
    expect(sent.every(([, tenant]) => tenant === '32' || tenant === '33')).toBe(true);
    // The paged body names the project too.
    const paged = fetchMock.mock.calls.find(([input]) => String(input).includes('/jobs/paged'));
    expect(JSON.parse(String(paged?.[1]?.body))).toMatchObject({ tenant: 32 });
  });

  it('names the job site as tenant on a report request', async () => {
    const fetchMock = server();
    const { result } = renderHook(() => useRequestReport(3), { wrapper });
    await act(async () => {
      // The body's shape does not matter to the query.
      await result.current.mutateAsync({ type: 'CS_POUR_REPORT' } as never);
    });
    const [url] = urls(fetchMock);
    expect(url.pathname).toBe('/api/analytics/report/requests/msj/by_job');
    expect(url.searchParams.get('tenant')).toBe('3');
  });
});
