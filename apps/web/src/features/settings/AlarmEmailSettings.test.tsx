import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, signedInEnglishTests } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { serveNotifications } from '../../test/notification-server.ts';
import { AlarmEmailSettings } from './AlarmEmailSettings.tsx';
import UserSettingsPage from './UserSettingsPage.tsx';

signedInEnglishTests();

const mine = [
  { tenantGroupId: 2, name: 'Riverside Medical Centre Expansion', enabled: false },
  { tenantGroupId: 1, name: 'Harbourfront Tower', enabled: true },
];
const switchOf = (label: string) => screen.getByRole('switch', { name: label }) as HTMLInputElement;

describe('alarm e-mails in user settings', () => {
  it('shows a switch per job site and sends the toggle for the signed-in user', async () => {
    const server = serveNotifications({ mine: mine.map((n) => ({ ...n })) });
    renderAt(<AlarmEmailSettings />, '/settings/user', '/settings/user');
    await screen.findByRole('heading', { name: 'Alarm e-mails' });
    await waitFor(() => expect(switchOf('Harbourfront Tower').checked).toBe(true));
    expect(switchOf('Riverside Medical Centre Expansion').checked).toBe(false);
    fireEvent.click(switchOf('Riverside Medical Centre Expansion'));
    await waitFor(() =>
      expect(server.sent('POST', '/emailnotifications/cmd/toggle').map((r) => r.body)).toEqual([
        { tenantGroupId: 2, enabled: true },
      ]),
    );
    await waitFor(() => expect(switchOf('Riverside Medical Centre Expansion').checked).toBe(true));
    expect(await screen.findByText('Alarm e-mails of Riverside Medical Centre Expansion on')).toBeTruthy();
    fireEvent.click(switchOf('Harbourfront Tower'));
    await waitFor(() =>
      expect(server.sent('POST', '/emailnotifications/cmd/toggle').map((r) => r.body)).toContainEqual({
        tenantGroupId: 1,
        enabled: false,
      }),
    );
    await waitFor(() => expect(switchOf('Harbourfront Tower').checked).toBe(false));
  });

  it('is a section of the user settings page', async () => {
    serveNotifications({
      mine,
      extra: {
        '/v2/users/settings/values': {
          Language: ['en', 'es'],
          DisplayTimeZone: ['UTC'],
          SystemOfMeasurement: ['Metric', 'Imperial'],
          DefaultNotificationDelivery: ['SMS', 'PUSH', 'EMAIL'],
        },
      },
    });
    renderAt(<UserSettingsPage />, '/settings/user', '/settings/user');
    const section = await screen.findByTestId('alarm-email-settings');
    await waitFor(() =>
      expect(
        (within(section).getByRole('switch', { name: 'Harbourfront Tower' }) as HTMLInputElement).checked,
      ).toBe(true),
    );
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    serveNotifications({ mine });
    renderAt(<AlarmEmailSettings />, '/settings/user', '/settings/user');
    expect(await screen.findByRole('heading', { name: 'Correos de alarma' })).toBeTruthy();
    expect(screen.getByText('Reciba un correo cuando se active una alarma en una obra.')).toBeTruthy();
  });
});
