import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInSession, stubServer, testUser } from '../../components/test-utils.tsx';
import UserSettingsPage from './UserSettingsPage.tsx';

const values = {
  Language: ['en', 'es'],
  DisplayTimeZone: ['UTC', 'America/Toronto', 'America/Vancouver'],
  SystemOfMeasurement: ['Metric', 'Imperial'],
  DefaultNotificationDelivery: ['SMS', 'PUSH', 'EMAIL'],
};

function serve() {
  return stubServer({
    user: testUser({
      userSettingData: [
        { type: 'DisplayTimeZone', val: 'America/Toronto' },
        { type: 'DefaultNotificationDelivery', val: 'SMS' },
      ],
    }),
    extra: { '/v2/users/settings/values': values, '/settings/user': {} },
  });
}

const puts = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).includes('/api/settings/user') && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as { userSettingType: string; val: string });

beforeEach(() => {
  localStorage.clear();
  signInSession();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UserSettingsPage', () => {
  it('shows the saved settings and saves each change as it is made', async () => {
    const fetchMock = serve();
    renderAt(<UserSettingsPage />, '/settings/user', '/settings/user');
    const zone = (await screen.findByRole('combobox', { name: 'Display time zone' })) as HTMLInputElement;
    await waitFor(() => expect(zone.value).toBe('America/Toronto'));
    expect((screen.getByRole('radio', { name: 'SMS' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'E-mail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Imperial' }));
    fireEvent.mouseDown(zone);
    fireEvent.click(await screen.findByRole('option', { name: 'America/Vancouver' }));
    await waitFor(() =>
      expect(puts(fetchMock)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ userSettingType: 'DefaultNotificationDelivery', val: 'EMAIL' }),
          expect.objectContaining({ userSettingType: 'SystemOfMeasurement', val: 'Imperial' }),
          expect.objectContaining({ userSettingType: 'DisplayTimeZone', val: 'America/Vancouver' }),
        ]),
      ),
    );
  });

  it('offers only the time zones the server accepts', async () => {
    serve();
    renderAt(<UserSettingsPage />, '/settings/user', '/settings/user');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Display time zone' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(values.DisplayTimeZone);
  });
});
