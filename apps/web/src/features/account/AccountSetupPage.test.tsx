import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  LocationProbe,
  renderRoutes,
  signedOutEnglishTests,
  signInSession,
  testUser,
} from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import AccountSetupPage from './AccountSetupPage.tsx';
import { accountServer, apiError } from './test-server.ts';

const values = {
  Language: ['en', 'es'],
  DisplayTimeZone: ['UTC', 'America/Toronto', 'America/Vancouver'],
  SystemOfMeasurement: ['Metric', 'Imperial'],
  DefaultNotificationDelivery: ['SMS', 'PUSH', 'EMAIL'],
};
const invited = testUser({
  firstName: 'Alex',
  lastName: '',
  accountType: 'USER',
  userSettingData: [],
  userInvitationData: { status: 'INVITATION_WELCOME_EMAIL_SENT' },
});

function serve(routes: Record<string, unknown> = {}, user = invited) {
  return accountServer(
    {
      'GET /v2/users/settings/values': values,
      'PUT /v2/users/settings': { ok: true },
      'PUT /v2/users/details/cmd/assign_phone': { ok: true },
      'PUT /v2/users/details': { ok: true },
      ...routes,
    },
    { user },
  );
}

function open(path = '/account-setup/1/admin/admin%40demo.example') {
  return renderRoutes(
    [
      { path: '/account-setup/:companyId/:username/:email?', element: <AccountSetupPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  );
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

signedOutEnglishTests();

describe('AccountSetupPage', () => {
  it('saves the settings, then the phone, then completes the setup, and goes home', async () => {
    signInSession('admin');
    const server = serve();
    open();
    const first = (await screen.findByLabelText('First name', { selector: 'input' })) as HTMLInputElement;
    expect(first.value).toBe('Alex');
    expect(field('E-mail').value).toBe('admin@demo.example');
    type('Last name', ' Admin ');
    type('Phone number (optional)', '613 236 0123');
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Units' })).getByRole('button', { name: 'Imperial' }),
    );
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Language' })).getByRole('button', { name: 'Español' }),
    );
    fireEvent.mouseDown(field('Display time zone'));
    fireEvent.click(await screen.findByRole('option', { name: 'America/Vancouver' }));
    save();

    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(server.writes()).toEqual([
      'PUT /v2/users/settings',
      'PUT /v2/users/details/cmd/assign_phone',
      'PUT /v2/users/details',
    ]);
    expect(server.bodies('PUT', '/v2/users/settings')).toEqual([
      {
        companyId: 1,
        username: 'admin',
        settings: [
          { type: 'Language', val: 'es' },
          { type: 'SystemOfMeasurement', val: 'Imperial' },
          { type: 'DisplayTimeZone', val: 'America/Vancouver' },
        ],
      },
    ]);
    expect(server.bodies('PUT', '/v2/users/details/cmd/assign_phone')).toEqual([
      { companyId: 1, username: 'admin', phone: '+16132360123' },
    ]);
    expect(server.bodies('PUT', '/v2/users/details')).toEqual([
      { companyId: 1, username: 'admin', firstName: 'Alex', lastName: 'Admin', completeSetup: true },
    ]);
    // The chosen language and units apply at once.
    expect(i18n.language).toBe('es');
    expect(localStorage.getItem('sitepulse.measurementUnits')).toBe('Imperial');
  });

  it('leaves the phone alone when none is given', async () => {
    signInSession('admin');
    const server = serve();
    open();
    await screen.findByLabelText('First name', { selector: 'input' });
    type('Last name', 'Admin');
    save();
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(server.writes()).toEqual(['PUT /v2/users/settings', 'PUT /v2/users/details']);
    expect(server.bodies('PUT', '/v2/users/settings')[0]).toMatchObject({
      settings: [
        { type: 'Language', val: 'en' },
        { type: 'SystemOfMeasurement', val: 'Metric' },
        { type: 'DisplayTimeZone', val: expect.any(String) },
      ],
    });
  });

  it('checks the name and the phone before sending anything', async () => {
    signInSession('admin');
    const server = serve();
    open();
    await screen.findByLabelText('First name', { selector: 'input' });
    type('First name', '   ');
    type('Phone number (optional)', '123');
    save();
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(screen.getByText('Invalid phone number')).toBeTruthy();
    expect(server.writes()).toEqual([]);
  });

  it('does not complete the setup when a step fails, and says why', async () => {
    signInSession('admin');
    const server = serve({
      'PUT /v2/users/details/cmd/assign_phone': () => apiError(409, 'CONFLICT', 'Phone already used'),
    });
    open();
    await screen.findByLabelText('First name', { selector: 'input' });
    type('Last name', 'Admin');
    type('Phone number (optional)', '613 236 0123');
    save();
    expect(
      await screen.findByText('Another user of your company already has this phone number.'),
    ).toBeTruthy();
    expect(server.writes()).toEqual(['PUT /v2/users/settings', 'PUT /v2/users/details/cmd/assign_phone']);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('works for a user invited by phone only (no e-mail in the address)', async () => {
    signInSession('admin');
    serve({}, { ...invited, email: '', phone: '+16132360123' });
    open('/account-setup/1/admin/');
    expect(await screen.findByLabelText('First name', { selector: 'input' })).toBeTruthy();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(field('Phone number (optional)').value).toBe('(613) 236-0123');
  });

  it('explains, to someone not signed in, that the account is waiting for its password', async () => {
    const server = serve();
    open();
    expect(await screen.findByText('This account is waiting for its password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    expect(server.requests.some((r) => r.path === '/v2/users/settings/values')).toBe(false);
  });

  it('does not set up another account than the signed-in one', async () => {
    signInSession('admin');
    serve();
    open('/account-setup/1/someone.else/x%40demo.example');
    expect(await screen.findByText('This setup is for another account')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
  });

  it('goes home when the account is already set up', async () => {
    signInSession('admin');
    serve({}, { ...invited, userInvitationData: { status: 'ACCEPTED' } });
    open();
    expect((await screen.findByTestId('location')).textContent).toBe('/');
  });

  it('speaks Spanish', async () => {
    signInSession('admin');
    serve();
    await i18n.changeLanguage('es');
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuración de la cuenta' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Guardar y continuar' })).toBeTruthy();
  });
});
