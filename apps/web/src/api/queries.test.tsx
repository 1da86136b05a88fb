import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { signInSession, stubServer } from '../components/test-utils.tsx';
import { useCompanyModules, useJobSites, useUserDetails } from './queries.ts';

function Polled() {
  useJobSites();
  useCompanyModules();
  useUserDetails();
  return null;
}

const callsTo = (fetchMock: ReturnType<typeof stubServer>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === `/api${path}`)
    .length;

beforeEach(() => {
  localStorage.clear();
  signInSession();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('polling (spec section 7)', () => {
  it('reloads job sites and modules every 300000 ms and user details every 120000 ms', async () => {
    const fetchMock = stubServer();
    render(
      <AppProviders client={createQueryClient()}>
        <Polled />
      </AppProviders>,
    );
    await vi.waitFor(() => expect(callsTo(fetchMock, '/tenants/groups/list/by_user')).toBe(1));
    expect(callsTo(fetchMock, '/companies/modules/by_companyId')).toBe(1);
    expect(callsTo(fetchMock, '/v2/users/details')).toBe(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    expect(callsTo(fetchMock, '/v2/users/details')).toBe(2);
    expect(callsTo(fetchMock, '/tenants/groups/list/by_user')).toBe(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(180_000);
    });
    expect(callsTo(fetchMock, '/tenants/groups/list/by_user')).toBe(2);
    expect(callsTo(fetchMock, '/companies/modules/by_companyId')).toBe(2);
    expect(callsTo(fetchMock, '/v2/users/details')).toBe(3);
  });
});
