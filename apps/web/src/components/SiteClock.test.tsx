import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteClock } from './SiteClock.tsx';
import { renderAt, signInSession, stubServer, testSites, testUser } from './test-utils.tsx';

const site = { ...testSites[0], timeZone: 'America/Toronto', timeZoneSource: 'COORDINATES' as const };
const values = {
  Language: ['en', 'es'],
  DisplayTimeZone: ['SITE', 'UTC', 'America/Toronto', 'Europe/Madrid'],
  SystemOfMeasurement: ['Metric', 'Imperial'],
  DefaultNotificationDelivery: ['SMS', 'PUSH', 'EMAIL'],
};

beforeEach(() => {
  localStorage.clear();
  signInSession();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const zonePuts = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).includes('/api/tenants/groups/time_zone') && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('SiteClock', () => {
  it("shows the site's time now with its zone and where the zone comes from", async () => {
    stubServer({ user: testUser({ accountType: 'USER' }) });
    renderAt(<SiteClock jobSite={site} />, '*', '/');
    const clock = await screen.findByTestId('site-clock');
    const label = new Intl.DateTimeFormat('en', { timeZone: 'America/Toronto', timeZoneName: 'short' })
      .formatToParts(Date.now())
      .find((p) => p.type === 'timeZoneName')?.value;
    expect(clock.textContent).toMatch(new RegExp(`\\d{2}:\\d{2} (AM|PM) ${label} · America/Toronto`));
    expect(clock.textContent).toContain("(from the site's location)");
    await waitFor(() => expect(screen.queryByTestId('site-zone-edit')).toBeNull());
  });

  it('lets a company admin set the zone, or take it from the location again', async () => {
    const fetchMock = stubServer({
      user: testUser({ accountType: 'ADMIN' }),
      extra: { '/v2/users/settings/values': values, '/tenants/groups/time_zone': site },
    });
    renderAt(<SiteClock jobSite={site} />, '*', '/');
    fireEvent.click(await screen.findByTestId('site-zone-edit'));
    const dialog = await screen.findByTestId('site-zone-dialog');
    const input = within(dialog).getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;
    expect(input.value).toBe("From the site's location");
    fireEvent.mouseDown(input);
    // The reader setting SITE is not a zone a site can have.
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        "From the site's location",
        'UTC',
        'America/Toronto',
        'Europe/Madrid',
      ]),
    );
    fireEvent.click(screen.getByRole('option', { name: 'Europe/Madrid' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(zonePuts(fetchMock)).toEqual([{ tenantGroupId: 1, timeZone: 'Europe/Madrid' }]),
    );
    await waitFor(() => expect(screen.queryByTestId('site-zone-dialog')).toBeNull());

    cleanup();
    renderAt(<SiteClock jobSite={{ ...site, timeZone: 'Europe/Madrid', timeZoneSource: 'SET' }} />, '*', '/');
    fireEvent.click(await screen.findByTestId('site-zone-edit'));
    const again = await screen.findByTestId('site-zone-dialog');
    const zone = within(again).getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;
    expect(zone.value).toBe('Europe/Madrid');
    fireEvent.mouseDown(zone);
    fireEvent.click(await screen.findByRole('option', { name: "From the site's location" }));
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(zonePuts(fetchMock)[1]).toEqual({ tenantGroupId: 1, timeZone: null }));
  });
});
