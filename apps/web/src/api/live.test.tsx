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
  it('invalidates only the jobs an event names and the site lists that show them, never the rest of the site', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    const keys = {
      maturity11: [...queryKeys.jobs.maturity(11), 'detail'],
      maturity12: [...queryKeys.jobs.jobPage('maturity', 12, 'maturityTime', 1, 2)],
      channel21: [...queryKeys.jobs.channel(21), 'detail'],
      channel22: [...queryKeys.jobs.sensorPage(22, 'series', 1, 2)],
      siteMaturity: [...queryKeys.jobs.siteMaturity(5)],
      projectPage: [...queryKeys.jobs.projectPage(5, 9, 'ALL', 20)],
      siteWeather: [...queryKeys.jobs.siteWeather(5)],
      overview: [...queryKeys.jobs.lumimonOverview(5)],
      projectOther: [...queryKeys.jobs.projectOther(5, 9)],
      groupCounts: [...queryKeys.jobs.groupCounts(5, 9)],
      otherSite: [...queryKeys.jobs.siteMaturity(6)],
    };
    for (const k of Object.values(keys)) queryClient.setQueryData(k, { v: 1 });
    const stale = () =>
      Object.entries(keys)
        .filter(([, k]) => queryClient.getQueryState(k)?.isInvalidated)
        .map(([name]) => name)
        .sort();
    const reset = () => {
      for (const k of Object.values(keys)) queryClient.setQueryData(k, { v: 1 });
    };

    const { unmount } = renderHook(() => useLiveReadings(5), { wrapper });
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.streams[0].url).toBe('/api/events/stream?tenantGroupId=5');

    // New readings of a maturity job: that job, and the lists of maturity jobs.
    server.streams[0].push(
      event('readings', {
        tenantGroupId: 5,
        nodeIds: [],
        maturityJobIds: [11],
        channelJobIds: [],
        at: 1,
        version: 3,
      }),
    );
    await waitFor(() => expect(stale()).toEqual(['maturity11', 'projectPage', 'siteMaturity']));

    // New readings of a channel job (its node too): that job, the node cards and the weather.
    reset();
    server.streams[0].push(
      event('readings', {
        tenantGroupId: 5,
        nodeIds: [4],
        maturityJobIds: [],
        channelJobIds: [21],
        at: 2,
        version: 4,
      }),
    );
    await waitFor(() => expect(stale()).toEqual(['channel21', 'overview', 'projectOther', 'siteWeather']));

    // Only a node's battery or signal: the node cards, nothing of any job.
    reset();
    server.streams[0].push(
      event('readings', {
        tenantGroupId: 5,
        nodeIds: [4],
        maturityJobIds: [],
        channelJobIds: [],
        at: 3,
        version: 5,
      }),
    );
    await waitFor(() => expect(stale()).toEqual(['overview', 'projectOther']));

    // An alarms event invalidates the same way; other events are ignored.
    reset();
    server.streams[0].push(event('other', { tenantGroupId: 5, maturityJobIds: [12] }));
    server.streams[0].push(
      event('alarms', {
        tenantGroupId: 5,
        nodeIds: [],
        maturityJobIds: [12],
        channelJobIds: [],
        at: 4,
        version: 6,
      }),
    );
    await waitFor(() => expect(stale()).toEqual(['maturity12', 'projectPage', 'siteMaturity']));

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
    ).toEqual({
      name: 'readings',
      data: { tenantGroupId: 2, nodeIds: [1], maturityJobIds: [3], channelJobIds: [4], at: 9, version: 0 },
    });
    expect(
      parseLiveEvent({
        event: 'alarms',
        data: '{"tenantGroupId":2,"nodeIds":[],"maturityJobIds":[],"channelJobIds":[4],"at":9,"version":7}',
      }),
    ).toMatchObject({ name: 'alarms', data: { channelJobIds: [4], version: 7 } });
    expect(parseLiveEvent({ event: 'readings', data: 'not json' })).toBeNull();
    expect(parseLiveEvent({ event: 'readings', data: '{"nodeIds":[1]}' })).toBeNull();
    expect(parseLiveEvent({ event: 'message', data: '{"tenantGroupId":2}' })).toBeNull();
  });
});
