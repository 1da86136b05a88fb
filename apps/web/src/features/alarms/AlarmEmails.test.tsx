import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, signedInEnglishTests, testUser } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { renderMembers, siteMembers } from '../members/test-fixtures.tsx';
import UserSettingsPage from '../settings/UserSettingsPage.tsx';
import { AlarmEmailSettings } from './AlarmEmailSettings.tsx';
import { serveAlarms } from './test-server.tsx';

signedInEnglishTests();

const mine = [
  { tenantGroupId: 2, name: 'Riverside Medical Centre Expansion', enabled: false },
  { tenantGroupId: 1, name: 'Harbourfront Tower', enabled: true },
];
const siteList = [
  { userId: 11, name: 'Bea Builder', email: 'bea@demo.example', enabled: false },
  { userId: 7, name: 'Alex Admin', email: 'admin@demo.example', enabled: true },
  { userId: 12, name: 'Carl Cole', email: null, enabled: false },
];
const switchOf = (label: string) => screen.getByRole('switch', { name: label }) as HTMLInputElement;

describe('alarm e-mails in user settings', () => {
  it('shows a switch per job site and sends the toggle for the signed-in user', async () => {
    const server = serveAlarms({ mine: mine.map((n) => ({ ...n })) });
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
    serveAlarms({
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
    serveAlarms({ mine });
    renderAt(<AlarmEmailSettings />, '/settings/user', '/settings/user');
    expect(await screen.findByRole('heading', { name: 'Correos de alarma' })).toBeTruthy();
    expect(screen.getByText('Reciba un correo cuando se active una alarma en una obra.')).toBeTruthy();
  });
});

describe('alarm e-mails on the members page', () => {
  /** The members page's list, then ours; members' answers come from the members server, ours from serveAlarms. */
  function serveBoth(user = testUser({ userTenantGroupData: [{ tenantGroupId: 1, access: 1 }] })) {
    const alarms = serveAlarms({ user, site: siteList.map((m) => ({ ...m })) });
    const ours = alarms.fetchMock.getMockImplementation();
    if (!ours) throw new Error('no stub');
    alarms.fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/v2/users/list/by_tenant_group')
        return new Response(JSON.stringify(siteMembers), { headers: { 'content-type': 'application/json' } });
      return ours(input, init);
    });
    return alarms;
  }

  it('lets a site admin switch a member’s alarm e-mails, sending that member’s userId', async () => {
    const server = serveBoth();
    renderMembers('/job-site-members/1');
    const section = await screen.findByTestId('member-alarm-emails');
    const bea = within(section).getByRole('switch', {
      name: 'Bea Builder (bea@demo.example)',
    }) as HTMLInputElement;
    expect(bea.checked).toBe(false);
    expect(bea.disabled).toBe(false);
    // Without an e-mail address there is nothing to send to.
    expect(
      (within(section).getByRole('switch', { name: 'Carl Cole (no e-mail address)' }) as HTMLInputElement)
        .disabled,
    ).toBe(true);
    expect(
      server.sent('GET', '/tenant/groups/emailnotifications/by_tenant_group')[0].query.get('tenantGroupId'),
    ).toBe('1');
    fireEvent.click(bea);
    await waitFor(() =>
      expect(server.sent('POST', '/emailnotifications/cmd/toggle').map((r) => r.body)).toEqual([
        { tenantGroupId: 1, enabled: true, userId: 11 },
      ]),
    );
    await waitFor(() =>
      expect(
        (within(section).getByRole('switch', { name: 'Bea Builder (bea@demo.example)' }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
  });

  it('shows the switches read-only to a member who is not a site admin', async () => {
    const server = serveBoth(
      testUser({
        username: 'bea',
        accountType: 'USER',
        userTenantGroupData: [{ tenantGroupId: 1, access: 4 }],
      }),
    );
    renderMembers('/job-site-members/1');
    const section = await screen.findByTestId('member-alarm-emails');
    expect(within(section).getByText(/Only a site admin changes this/)).toBeTruthy();
    const alex = within(section).getByRole('switch', {
      name: 'Alex Admin (admin@demo.example)',
    }) as HTMLInputElement;
    expect(alex.checked).toBe(true);
    for (const s of within(section).getAllByRole('switch'))
      expect((s as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(alex);
    expect(server.sent('POST', '/emailnotifications/cmd/toggle')).toEqual([]);
  });
});
