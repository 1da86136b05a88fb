import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInSession, stubServer } from '../../components/test-utils.tsx';
import JobSiteSensorsPage from './JobSiteSensorsPage.tsx';
import { NOW, overviewOf, overviewPath, weatherCard } from './test-fixtures.ts';

beforeEach(() => {
  signInSession();
  // The clock and the interval timers are faked: the page is left open for minutes without a reload.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('relative times tick', () => {
  it('"Seen N minutes ago" on a node card moves on while the page stays open', async () => {
    const fetchMock = stubServer({
      extra: { [overviewPath]: overviewOf([{ ...weatherCard, lastSeen: NOW }]) },
    });
    renderAt(<JobSiteSensorsPage />, '/job-site-sensors/:jobsiteId/:tenantId', '/job-site-sensors/3/31');
    const lastSeen = async () =>
      within((await screen.findAllByTestId('node-card'))[0]).getByTestId('last-seen');
    expect((await lastSeen()).textContent).toBe('Seen 0 minutes ago');
    const overviewCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes(overviewPath)).length;
    const before = overviewCalls();
    await act(async () => {
      vi.advanceTimersByTime(2 * 60_000 + 1_000);
    });
    expect((await lastSeen()).textContent).toBe('Seen 2 minutes ago');
    // Without fetching the overview again: the text follows the clock.
    expect(overviewCalls()).toBe(before);
  });
});
