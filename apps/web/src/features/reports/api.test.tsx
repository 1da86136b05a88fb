import { REPORT_CREATION_TIMEOUT_MS } from '@sitepulse/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { signInSession } from '../../components/test-utils.tsx';
import { useRequestReport, useScheduleReport } from './api.ts';

/** A server that never answers: each request fails only when it is aborted. */
function silentServer() {
  const signals: AbortSignal[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = init?.signal as AbortSignal;
          signals.push(signal);
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    ),
  );
  return signals;
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  localStorage.clear();
  signInSession();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('report creation calls', () => {
  it('use the spec timeout of 30 s', () => {
    expect(REPORT_CREATION_TIMEOUT_MS).toBe(30_000);
  });

  it.each([
    ['a report request', 'request'],
    ['a report schedule', 'schedule'],
  ] as const)('%s waits 30 s for the server, then gives up with an error', async (_name, which) => {
    const signals = silentServer();
    const { result } = renderHook(() => ({ request: useRequestReport(1), schedule: useScheduleReport() }), {
      wrapper,
    });
    let failure: unknown;
    act(() => {
      // The bodies' exact shapes do not matter to the timeout.
      const sent =
        which === 'request'
          ? result.current.request.mutateAsync({ type: 'CS_POUR_REPORT' } as never)
          : result.current.schedule.mutateAsync({ frequency: 'DAILY' } as never);
      sent.catch((e: unknown) => {
        failure = e;
      });
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(signals).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_999);
    });
    expect(signals[0].aborted).toBe(false);
    expect(failure).toBeUndefined();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(signals[0].aborted).toBe(true);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('NETWORK_ERROR');
    expect((failure as ApiError).message).toBe('timeout');
  });
});
