import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionLostHandler } from './client.ts';
import { parseLiveEvent, useLiveReadings } from './live.ts';
import { queryKeys } from './query-keys.ts';
import { writeSession } from './session.ts';

/** A fake server: each stream request gets a body the test pushes event text into. */
function fakeServer() {
  const encoder = new TextEncoder();
  const streams: { url: string; push(text: string): void; aborted: boolean }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    let push: (text: string) => void = () => {};
    const entry = { url, push: (t: string) => push(t), aborted: false };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (t) => controller.enqueue(encoder.encode(t));
        init.signal?.addEventListener('abort', () => {
          entry.aborted = true;
          controller.error(new DOMException('Aborted', 'AbortError'));
        });
      },
    });
    streams.push(entry);
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  return { fetchMock, streams };
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

beforeEach(() => {
  localStorage.clear();
  writeSession({ accessToken: 'token', refreshToken: 'refresh', companyId: 7, username: 'admin' });
  setSessionLostHandler(() => {});
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('useLiveReadings', () => {
  it("invalidates the queries of each job an event names and the site's lists, and no others", async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    const keys = [
      [...queryKeys.jobs.maturity(11), 'detail'],
      [...queryKeys.jobs.maturity(12), 'series', { from: 1 }],
      [...queryKeys.jobs.channel(21), 'detail'],
      [...queryKeys.jobs.channel(22), 'detail'],
      [...queryKeys.jobs.site(5), 'maturity', 'paged'],
      [...queryKeys.jobs.site(6), 'maturity', 'paged'],
    ];
    for (const k of keys) queryClient.setQueryData(k, { v: 1 });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    const { unmount } = renderHook(() => useLiveReadings(5), { wrapper });
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.streams[0].url).toBe('/api/events/stream?tenantGroupId=5');

    server.streams[0].push(
      event('readings', { tenantGroupId: 5, nodeIds: [1], maturityJobIds: [11], channelJobIds: [21], at: 1 }),
    );
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(3));
    expect(invalidate.mock.calls.map((c) => c[0]?.queryKey)).toEqual([
      queryKeys.jobs.maturity(11),
      queryKeys.jobs.channel(21),
      queryKeys.jobs.site(5),
    ]);
    const stale = keys.filter((k) => queryClient.getQueryState(k)?.isInvalidated).map((k) => k.slice(0, 3));
    expect(stale).toEqual([queryKeys.jobs.maturity(11), queryKeys.jobs.channel(21), queryKeys.jobs.site(5)]);

    // An alarms event invalidates the same way; other events are ignored.
    server.streams[0].push(event('other', { tenantGroupId: 5, maturityJobIds: [12] }));
    server.streams[0].push(
      event('alarms', { tenantGroupId: 5, nodeIds: [], maturityJobIds: [12], channelJobIds: [], at: 2 }),
    );
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(5));
    expect(invalidate.mock.calls.slice(3).map((c) => c[0]?.queryKey)).toEqual([
      queryKeys.jobs.maturity(12),
      queryKeys.jobs.site(5),
    ]);

    unmount();
    await waitFor(() => expect(server.streams[0].aborted).toBe(true));
  });

  it('shares one stream per site between screens and closes it when the last one leaves', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    const a = renderHook(() => useLiveReadings(8), { wrapper });
    const b = renderHook(() => useLiveReadings(8), { wrapper });
    await waitFor(() => expect(server.streams).toHaveLength(1));
    a.unmount();
    expect(server.streams[0].aborted).toBe(false);
    b.unmount();
    await waitFor(() => expect(server.streams[0].aborted).toBe(true));
  });

  it('opens nothing without a job site, and follows the new site when it changes', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    const { rerender, unmount } = renderHook(({ id }: { id: number | undefined }) => useLiveReadings(id), {
      wrapper,
      initialProps: { id: undefined as number | undefined },
    });
    expect(server.fetchMock).not.toHaveBeenCalled();
    rerender({ id: 3 });
    await waitFor(() => expect(server.streams).toHaveLength(1));
    rerender({ id: 4 });
    await waitFor(() => expect(server.streams).toHaveLength(2));
    expect(server.streams[1].url).toBe('/api/events/stream?tenantGroupId=4');
    await waitFor(() => expect(server.streams[0].aborted).toBe(true));
    unmount();
  });
});

describe('parseLiveEvent', () => {
  it('reads the ids of readings and alarms events and refuses anything else', () => {
    expect(
      parseLiveEvent({
        event: 'readings',
        data: '{"tenantGroupId":2,"nodeIds":[1],"maturityJobIds":[3],"channelJobIds":[4],"at":9}',
      }),
    ).toEqual({ tenantGroupId: 2, nodeIds: [1], maturityJobIds: [3], channelJobIds: [4], at: 9 });
    expect(parseLiveEvent({ event: 'readings', data: 'not json' })).toBeNull();
    expect(parseLiveEvent({ event: 'readings', data: '{"nodeIds":[1]}' })).toBeNull();
    expect(parseLiveEvent({ event: 'message', data: '{"tenantGroupId":2}' })).toBeNull();
  });
});
