import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInSession, stubServer, testSites, testUser } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { useDisplayPreferences } from '../preferences.ts';
import { TimeZoneOffer } from './TimeZoneOffer.tsx';
import { ZoneIndicator } from './ZoneIndicator.tsx';

const RealDateTimeFormat = Intl.DateTimeFormat;

/** Makes the browser's own zone `zone`: a formatter made without a zone gets it (as in a browser there). */
function browserIn(zone: string) {
  const Fake = function DateTimeFormat(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    return new RealDateTimeFormat(locales, options?.timeZone ? options : { ...options, timeZone: zone });
  } as unknown as typeof Intl.DateTimeFormat;
  Object.assign(Fake, { supportedLocalesOf: RealDateTimeFormat.supportedLocalesOf });
  Intl.DateTimeFormat = Fake;
}

const zoneName = (ms: number, zone: string) =>
  new RealDateTimeFormat('en', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(ms)
    .find((p) => p.type === 'timeZoneName')?.value;

// Harbourfront Tower (site 1) is in Toronto; the browser reading it is in Madrid unless a test says otherwise.
const sites = testSites.map((s) =>
  s.id === 1
    ? { ...s, timeZone: 'America/Toronto', timeZoneSource: 'COORDINATES' as const }
    : { ...s, timeZone: 'UTC', timeZoneSource: 'DEFAULT' as const },
);
const AT = Date.UTC(2026, 10, 25, 19, 5);

function TimeProbe() {
  const prefs = useDisplayPreferences();
  return (
    <span data-testid="probe" data-zone={prefs.timeZone} data-source={prefs.timeZoneSource}>
      {prefs.time(AT)}
    </span>
  );
}

const userWith = (settings: { type: string; val: string }[]) =>
  testUser({ userSettingData: settings as ReturnType<typeof testUser>['userSettingData'] });

beforeEach(() => {
  localStorage.clear();
  signInSession();
  browserIn('Europe/Madrid');
});
afterEach(() => {
  cleanup();
  Intl.DateTimeFormat = RealDateTimeFormat;
  vi.unstubAllGlobals();
});

describe("the job site's time", () => {
  it("SITE shows a site's screens in the site's zone, found through the route's job site", async () => {
    stubServer({ user: userWith([{ type: 'DisplayTimeZone', val: 'SITE' }]), sites });
    renderAt(<TimeProbe />, '/construction_dashboard/:jobsiteId', '/construction_dashboard/1');
    const probe = await screen.findByTestId('probe');
    await waitFor(() => expect(probe.dataset.zone).toBe('America/Toronto'));
    expect(probe.dataset.source).toBe('site');
    expect(probe.textContent).toBe(`2026-11-25 02:05 PM ${zoneName(AT, 'America/Toronto')}`);
  });

  it("SITE shows the browser's zone outside any job site", async () => {
    stubServer({ user: userWith([{ type: 'DisplayTimeZone', val: 'SITE' }]), sites });
    renderAt(<TimeProbe />, '/settings/user', '/settings/user');
    const probe = await screen.findByTestId('probe');
    await waitFor(() => expect(probe.dataset.zone).toBe('Europe/Madrid'));
    expect(probe.dataset.source).toBe('browser');
    expect(probe.textContent).toBe(`2026-11-25 08:05 PM ${zoneName(AT, 'Europe/Madrid')}`);
  });

  it('a fixed zone is kept on every site, and Spanish reads it day first on a 24-hour clock', async () => {
    stubServer({
      user: userWith([
        { type: 'DisplayTimeZone', val: 'America/Toronto' },
        { type: 'Language', val: 'es' },
      ]),
      sites,
    });
    await i18n.changeLanguage('es');
    try {
      renderAt(<TimeProbe />, '/construction_dashboard/:jobsiteId', '/construction_dashboard/3');
      const probe = await screen.findByTestId('probe');
      await waitFor(() => expect(probe.textContent).toMatch(/^25\/11\/2026 14:05 /));
      expect(probe.dataset.source).toBe('fixed');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('the top bar names the zone in force, with why in its tooltip, and leads to the settings', async () => {
    stubServer({ user: userWith([{ type: 'DisplayTimeZone', val: 'SITE' }]), sites });
    renderAt(<ZoneIndicator />, '/construction_dashboard/:jobsiteId', '/construction_dashboard/1');
    const chip = await screen.findByTestId('zone-indicator');
    await waitFor(() => expect(chip.dataset.zone).toBe('America/Toronto'));
    expect(chip.textContent).toBe(zoneName(Date.now(), 'America/Toronto'));
    expect(chip.getAttribute('href')).toBe('/settings/user');
    fireEvent.mouseOver(chip);
    expect((await screen.findByRole('tooltip')).textContent).toContain('the time of Harbourfront Tower');
  });
});

describe('the first-sign-in time zone offer', () => {
  const settingsPuts = (fetchMock: ReturnType<typeof stubServer>) =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url).includes('/api/v2/users/settings') && init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init?.body)).settings);

  it("asks a UTC reader whose browser is elsewhere; 'Use my time' saves the browser's zone and the answer", async () => {
    browserIn('America/Toronto');
    const fetchMock = stubServer({
      user: userWith([{ type: 'DisplayTimeZone', val: 'UTC' }]),
      extra: { '/v2/users/settings': { ok: true } },
    });
    renderAt(<TimeZoneOffer />, '*', '/');
    const offer = await screen.findByTestId('time-zone-offer');
    expect(offer.textContent).toContain('Times are shown in UTC');
    expect(offer.textContent).toContain("Use your time (America/Toronto) or each job site's time?");
    fireEvent.click(screen.getByRole('button', { name: 'Use my time' }));
    expect(screen.queryByTestId('time-zone-offer')).toBeNull();
    await waitFor(() =>
      expect(settingsPuts(fetchMock)).toEqual([
        [
          { type: 'DisplayTimeZone', val: 'America/Toronto' },
          { type: 'TimeZoneOffered', val: 'BROWSER' },
        ],
      ]),
    );
  });

  it("'Each job site's time' saves SITE; closing saves only that it was answered", async () => {
    browserIn('America/Toronto');
    const fetchMock = stubServer({ user: testUser(), extra: { '/v2/users/settings': { ok: true } } });
    renderAt(<TimeZoneOffer />, '*', '/');
    fireEvent.click(await screen.findByRole('button', { name: "Each job site's time" }));
    await waitFor(() =>
      expect(settingsPuts(fetchMock)).toEqual([
        [
          { type: 'DisplayTimeZone', val: 'SITE' },
          { type: 'TimeZoneOffered', val: 'SITE' },
        ],
      ]),
    );
    cleanup();
    fetchMock.mockClear();
    renderAt(<TimeZoneOffer />, '*', '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(settingsPuts(fetchMock)).toEqual([[{ type: 'TimeZoneOffered', val: 'DISMISSED' }]]),
    );
  });

  it.each([
    ['once answered', [{ type: 'TimeZoneOffered', val: 'DISMISSED' }], 'America/Toronto'],
    ['with a zone already chosen', [{ type: 'DisplayTimeZone', val: 'SITE' }], 'America/Toronto'],
    ['when the browser is on UTC too', [{ type: 'DisplayTimeZone', val: 'UTC' }], 'Etc/UTC'],
  ])('is not shown %s', async (_case, settings, browser) => {
    browserIn(browser);
    const fetchMock = stubServer({ user: userWith(settings) });
    renderAt(
      <>
        <TimeZoneOffer />
        <span data-testid="rendered" />
      </>,
      '*',
      '/',
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/v2/users/details'))).toBe(true),
    );
    await screen.findByTestId('rendered');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('time-zone-offer')).toBeNull();
  });
});
