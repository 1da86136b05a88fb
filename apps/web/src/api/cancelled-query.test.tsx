import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryState } from '../components/QueryState.tsx';
import { renderRoutes, signInSession } from '../components/test-utils.tsx';
import { apiFetch } from './client.ts';

/** A fetch that never answers, and fails as the browser does when its request is aborted. */
function hangingServer() {
  const signals: AbortSignal[] = [];
  const fetchMock = vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal as AbortSignal;
        signals.push(signal);
        signal.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, signals };
}

function SlowList() {
  const query = useQuery({
    queryKey: ['cancel-test', 'jobs'],
    queryFn: ({ signal }) => apiFetch<string[]>('/analytics/concrete/maturity/jobs/list', { signal }),
  });
  return <QueryState query={query}>{(jobs) => <p>{jobs.join(', ')}</p>}</QueryState>;
}

const routes = [
  { path: '/jobs', element: <SlowList /> },
  { path: '/elsewhere', element: <p>Another screen</p> },
];

beforeEach(() => {
  localStorage.clear();
  signInSession();
});
afterEach(() => vi.unstubAllGlobals());

describe('a cancelled request', () => {
  it('shows no error when the user navigates away while it is on its way', async () => {
    const { signals } = hangingServer();
    const { router } = renderRoutes(routes, '/jobs');
    await waitFor(() => expect(signals).toHaveLength(1));
    await router.navigate('/elsewhere');
    await waitFor(() => expect(signals[0].aborted).toBe(true));
    expect(await screen.findByText('Another screen')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('[data-state="error"]')).toBeNull();
  });

  it('shows no error when the query is cancelled on the screen itself', async () => {
    const { signals } = hangingServer();
    const { client } = renderRoutes(routes, '/jobs');
    await waitFor(() => expect(signals).toHaveLength(1));
    await client.cancelQueries({ queryKey: ['cancel-test'] });
    expect(signals[0].aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('[data-state="error"]')).toBeNull();
    expect(client.getQueryState(['cancel-test', 'jobs'])?.status).not.toBe('error');
  });
});
