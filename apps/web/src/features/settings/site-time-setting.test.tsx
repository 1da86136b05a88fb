import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInSession, stubServer, testUser } from '../../components/test-utils.tsx';
import UserSettingsPage from './UserSettingsPage.tsx';

const values = {
  Language: ['en', 'es'],
  DisplayTimeZone: ['SITE', 'UTC', 'America/Toronto', 'America/Vancouver'],
  SystemOfMeasurement: ['Metric', 'Imperial'],
  DefaultNotificationDelivery: ['SMS', 'PUSH', 'EMAIL'],
};

function serve(zone: string) {
  return stubServer({
    user: testUser({ userSettingData: [{ type: 'DisplayTimeZone', val: zone }] }),
    extra: { '/v2/users/settings/values': values, '/settings/user': {} },
  });
}

beforeEach(() => {
  localStorage.clear();
  signInSession();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the display time zone setting offers the job site's time", () => {
  it('lists "Job site\'s time" first, then the fixed zones, and saves it as SITE', async () => {
    const fetchMock = serve('UTC');
    renderAt(<UserSettingsPage />, '/settings/user', '/settings/user');
    const zone = (await screen.findByRole('combobox', { name: 'Display time zone' })) as HTMLInputElement;
    await waitFor(() => expect(zone.value).toBe('UTC'));
    fireEvent.mouseDown(zone);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      "Job site's time",
      'UTC',
      'America/Toronto',
      'America/Vancouver',
    ]);
    expect(screen.getByText('Fixed zones')).toBeTruthy();
    fireEvent.click(options[0]);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([url, init]) => String(url).includes('/api/settings/user') && init?.method === 'PUT')
          .map(([, init]) => JSON.parse(String(init?.body))),
      ).toEqual([expect.objectContaining({ userSettingType: 'DisplayTimeZone', val: 'SITE' })]),
    );
  });

  it("shows a saved SITE by its name, and off any site says times read in the browser's zone", async () => {
    serve('SITE');
    renderAt(<UserSettingsPage />, '/settings/user', '/settings/user');
    const zone = (await screen.findByRole('combobox', { name: 'Display time zone' })) as HTMLInputElement;
    await waitFor(() => expect(zone.value).toBe("Job site's time"));
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByTestId('zone-help').textContent).toContain(`your browser's (${browser})`);
    expect(screen.getByTestId('zone-help').textContent).toContain(`Here, times read in ${browser}`);
  });
});
