import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../api/client.ts';
import { noteAnswer, offlineSavedAt } from '../api/offline.ts';
import i18n from '../i18n/index.ts';
import { OFFLINE_HEADER } from '../sw/rules.ts';
import { OfflineBanner } from './OfflineBanner.tsx';
import { renderAt, signedInEnglishTests, stubServer, testUser } from './test-utils.tsx';

signedInEnglishTests();

// 2026-01-15 15:30 UTC = 10:30 AM in Toronto (EST).
const NOW = Date.UTC(2026, 0, 15, 15, 30);
const toronto = testUser({
  userSettingData: [
    { type: 'SystemOfMeasurement', val: 'Metric' },
    { type: 'DisplayTimeZone', val: 'America/Toronto' },
  ],
});

/** The server stub, plus calls answered as the service worker answers from its cache (saved at `savedAt`). */
function serve(saved: Record<string, number> = {}) {
  const fetchMock = stubServer({ user: toronto, extra: { '/job/a': { v: 1 }, '/job/b': { v: 2 } } });
  const answer = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const res = answer ? await answer(input, init) : new Response(null, { status: 500 });
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    if (!(path in saved)) return res;
    const headers = new Headers(res.headers);
    headers.set(OFFLINE_HEADER, new Date(saved[path]).toISOString());
    return new Response(await res.text(), { status: res.status, headers });
  });
}

const banner = () => screen.queryByTestId('offline-banner');
let online = true;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  // Each test starts with live answers on screen.
  noteAnswer(new Response('{}'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const goOffline = () =>
  act(() => {
    online = false;
    window.dispatchEvent(new Event('offline'));
  });
const goOnline = () =>
  act(() => {
    online = true;
    window.dispatchEvent(new Event('online'));
  });

describe('the offline banner', () => {
  it('shows nothing while the answers are live', async () => {
    serve();
    renderAt(<OfflineBanner />, '/', '/');
    await act(() => apiFetch('/job/a'));
    expect(banner()).toBeNull();
  });

  it('says when the values on screen were last seen, in the user’s zone and time form', async () => {
    serve({ '/job/a': NOW - 12 * 60_000 });
    renderAt(<OfflineBanner />, '/', '/');
    await act(() => apiFetch('/job/a'));
    await waitFor(() =>
      expect(banner()?.textContent).toBe('Offline — showing values last seen at 10:18 AM EST'),
    );
    expect(banner()?.getAttribute('role')).toBe('status');
  });

  it('keeps the oldest saved time on screen, and goes when a live answer comes', async () => {
    serve({ '/job/a': NOW - 30 * 60_000, '/job/b': NOW - 5 * 60_000 });
    renderAt(<OfflineBanner />, '/', '/');
    await act(() => apiFetch('/job/a'));
    await act(() => apiFetch('/job/b'));
    // The job b values are newer, but job a's are on screen too: the banner does not claim more than it knows.
    await waitFor(() =>
      expect(banner()?.textContent).toBe('Offline — showing values last seen at 10:00 AM EST'),
    );
    expect(offlineSavedAt()).toBe(NOW - 30 * 60_000);
    await act(() => apiFetch('/config', { auth: 'none' }));
    await waitFor(() => expect(banner()).toBeNull());
  });

  it('gives the date when the values were seen on another day', async () => {
    serve({ '/job/a': Date.UTC(2026, 0, 13, 22, 5) });
    renderAt(<OfflineBanner />, '/', '/');
    await act(() => apiFetch('/job/a'));
    await waitFor(() =>
      expect(banner()?.textContent).toBe('Offline — showing values last seen on 2026-01-13 at 05:05 PM EST'),
    );
  });

  it('shows while the browser is offline, and goes when it is back', async () => {
    serve();
    renderAt(<OfflineBanner />, '/', '/');
    goOffline();
    await waitFor(() =>
      expect(banner()?.textContent).toBe(
        'Offline — the values on screen may be out of date until the connection is back.',
      ),
    );
    goOnline();
    await waitFor(() => expect(banner()).toBeNull());
  });

  it('reads in Spanish, in 24-hour time', async () => {
    await i18n.changeLanguage('es');
    serve({ '/job/a': NOW - 12 * 60_000 });
    renderAt(<OfflineBanner />, '/', '/');
    await act(() => apiFetch('/job/a'));
    await waitFor(() =>
      expect(banner()?.textContent).toMatch(
        /^Sin conexión — se muestran los valores vistos por última vez a las 10:18 /,
      ),
    );
  });
});
