import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, signedInEnglishTests, testUser } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import MyProfilePage from './MyProfilePage.tsx';
import { accountServer, apiError } from './test-server.ts';

const member = testUser({
  accountType: 'USER',
  phone: '+16132360123',
  userTenantGroupData: [
    { tenantGroupId: 1, access: 1 },
    { tenantGroupId: 3, access: 4 },
    { tenantGroupId: 4, access: 2 },
    { tenantGroupId: 99, access: 16 },
  ],
});
const CHANGE_PWD = '/v2/users/cmd/init_change_pwd';

function serve(user = member, routes: Record<string, unknown> = {}) {
  return accountServer(
    {
      'PUT /v2/users/details': { ok: true },
      'PUT /v2/users/details/cmd/assign_phone': { ok: true },
      [`POST ${CHANGE_PWD}`]: { ok: true },
      ...routes,
    },
    { user },
  );
}

const open = () => renderAt(<MyProfilePage />, '/my-profile', '/my-profile');
const section = (name: string) => screen.getByRole('region', { name });
const input = (scope: HTMLElement, name: string) =>
  within(scope).getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
const type = (scope: HTMLElement, name: string, value: string) =>
  fireEvent.change(input(scope, name), { target: { value } });

signedInEnglishTests();

describe('MyProfilePage', () => {
  it('shows the account type and each job site with the role there, and links to the settings', async () => {
    serve();
    open();
    const details = await screen.findByRole('region', { name: 'Your details' });
    expect(details.textContent).toContain('Account type');
    expect(within(details).getByText('user')).toBeTruthy();
    const sites = within(section('Job sites')).getByRole('list');
    await within(sites).findByText('Harbourfront Tower');
    const rows = within(sites)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'Harbourfront Toweradmin',
      'North Yard Precast Plantviewer',
      'Old DepotArchivededitor',
      'Job site 99Unknown type',
    ]);
    expect(screen.getByRole('link', { name: 'Open settings' }).getAttribute('href')).toBe('/settings/user');
  });

  it('checks the name and e-mail, then saves exactly what changed in the form', async () => {
    const server = serve();
    open();
    const details = await screen.findByRole('region', { name: 'Your details' });
    await waitFor(() => expect(input(details, 'E-mail').value).toBe('admin@demo.example'));
    type(details, 'First name', ' ');
    type(details, 'E-mail', 'not-an-address');
    fireEvent.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await within(details).findByText('Required')).toBeTruthy();
    expect(within(details).getByText('Invalid email')).toBeTruthy();
    expect(server.writes()).toEqual([]);

    type(details, 'First name', ' Alexis ');
    type(details, 'E-mail', 'alexis@demo.example');
    fireEvent.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your details were saved.')).toBeTruthy();
    expect(server.bodies('PUT', '/v2/users/details')).toEqual([
      {
        companyId: 1,
        username: 'admin',
        firstName: 'Alexis',
        lastName: 'Admin',
        email: 'alexis@demo.example',
      },
    ]);
  });

  it('removes the phone number when the field is emptied', async () => {
    const server = serve();
    open();
    const phone = await screen.findByRole('region', { name: 'Phone number' });
    expect(input(phone, 'Phone number').value).toBe('(613) 236-0123');
    expect(
      (within(phone).getByRole('button', { name: 'Save phone number' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    type(phone, 'Phone number', '');
    fireEvent.click(within(phone).getByRole('button', { name: 'Remove phone number' }));
    expect(await screen.findByText('Your phone number was removed.')).toBeTruthy();
    expect(server.bodies('PUT', '/v2/users/details/cmd/assign_phone')).toEqual([
      { companyId: 1, username: 'admin', phone: null },
    ]);
  });

  it('adds a phone number in E.164 form, and refuses one that is not valid', async () => {
    const server = serve(testUser({ phone: null }));
    open();
    const phone = await screen.findByRole('region', { name: 'Phone number' });
    type(phone, 'Phone number', '123');
    fireEvent.click(within(phone).getByRole('button', { name: 'Save phone number' }));
    expect(await within(phone).findByText('Invalid phone number')).toBeTruthy();
    expect(server.writes()).toEqual([]);

    type(phone, 'Phone number', '613 236 0123');
    fireEvent.click(within(phone).getByRole('button', { name: 'Save phone number' }));
    expect(await screen.findByText('Your phone number was saved.')).toBeTruthy();
    expect(server.bodies('PUT', '/v2/users/details/cmd/assign_phone')).toEqual([
      { companyId: 1, username: 'admin', phone: '+16132360123' },
    ]);
  });

  it('says a wrong current password changed nothing', async () => {
    const server = serve(member, {
      [`POST ${CHANGE_PWD}`]: () => apiError(400, 'BAD_REQUEST', 'The current password is wrong'),
    });
    open();
    const password = await screen.findByRole('region', { name: 'Change password' });
    type(password, 'Current password', 'not-my-password');
    type(password, 'New password', 'brand new password');
    type(password, 'Confirm new password', 'brand new password');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(
      await within(password).findByText(
        'The current password is not correct. Your password was not changed.',
      ),
    ).toBeTruthy();
    expect(server.bodies('POST', CHANGE_PWD)).toEqual([
      { currentPassword: 'not-my-password', newPassword: 'brand new password' },
    ]);
  });

  it('says a new password the server finds too easy to guess is weak (not a wrong current one)', async () => {
    serve(member, {
      [`POST ${CHANGE_PWD}`]: () => apiError(400, 'WEAK_PASSWORD', 'This password is too easy to guess'),
    });
    open();
    const password = await screen.findByRole('region', { name: 'Change password' });
    type(password, 'Current password', 'old password');
    type(password, 'New password', 'password1');
    type(password, 'Confirm new password', 'password1');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText(/^This password is too easy to guess/)).toBeTruthy();
    expect(within(password).queryByText(/current password is not correct/)).toBeNull();
  });

  it('checks the new password, then changes it and clears the fields', async () => {
    const server = serve();
    open();
    const password = await screen.findByRole('region', { name: 'Change password' });
    type(password, 'New password', 'short');
    type(password, 'Confirm new password', 'short');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('Required')).toBeTruthy();
    expect(within(password).getByText('Use at least 8 characters')).toBeTruthy();
    expect(server.writes()).toEqual([]);

    type(password, 'Current password', 'old password');
    type(password, 'New password', 'brand new password');
    type(password, 'Confirm new password', 'brand new password');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed.')).toBeTruthy();
    expect(server.bodies('POST', CHANGE_PWD)).toEqual([
      { currentPassword: 'old password', newPassword: 'brand new password' },
    ]);
    await waitFor(() => expect(input(password, 'Current password').value).toBe(''));
  });

  it('speaks Spanish', async () => {
    serve();
    await i18n.changeLanguage('es');
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi perfil' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Cambiar la contraseña' })).toBeTruthy();
  });
});
