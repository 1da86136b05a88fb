import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, signedInEnglishTests } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import EditUserPage from './EditUserPage.tsx';
import { apiError, janeAudits, serveUsers } from './test-fixtures.ts';

const renderPage = (path: string) =>
  renderRoutes(
    [
      { path: '/edit-user/:userId', element: <EditUserPage /> },
      { path: '/user-management', element: <div data-testid="list-page" /> },
    ],
    path,
  );

type User = ReturnType<typeof userEvent.setup>;

const section = (name: string) => within(screen.getByRole('region', { name }));

async function choose(user: User, select: HTMLElement, option: string) {
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
}

signedInEnglishTests();

describe('the edit-user page: name and contact', () => {
  it("shows the user's details and sends only the changed name and e-mail", async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage('/edit-user/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeTruthy();
    const contact = section('Name and contact');
    expect(contact.getByRole('textbox', { name: 'E-mail' })).toHaveProperty('value', 'jane.doe@demo.example');
    expect(contact.getByRole('textbox', { name: 'Phone number' })).toHaveProperty('value', '(613) 555-0101');
    const first = contact.getByRole('textbox', { name: 'First name' });
    await user.clear(first);
    await user.type(first, 'Janet');
    const email = contact.getByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, 'janet.doe@demo.example');
    await user.click(contact.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/v2/users/details',
      body: { companyId: 1, username: 'jdoe', firstName: 'Janet', email: 'janet.doe@demo.example' },
    });
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
  });

  it('sends a new phone number with assign_phone, and null when it is emptied', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    const contact = section('Name and contact');
    const phone = contact.getByRole('textbox', { name: 'Phone number' });
    await user.clear(phone);
    await user.type(phone, '613 555 0199');
    await user.click(contact.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/v2/users/details/cmd/assign_phone',
      body: { companyId: 1, username: 'jdoe', phone: '+16135550199' },
    });

    await user.clear(phone);
    await user.click(contact.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].body).toEqual({ companyId: 1, username: 'jdoe', phone: null });
  });

  it('refuses an invalid phone, an emptied e-mail, and sends nothing when nothing changed', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    const contact = section('Name and contact');
    await user.click(contact.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing was changed.')).toBeTruthy();

    const phone = contact.getByRole('textbox', { name: 'Phone number' });
    await user.clear(phone);
    await user.type(phone, '555');
    await user.clear(contact.getByRole('textbox', { name: 'E-mail' }));
    await user.click(contact.getByRole('button', { name: 'Save changes' }));
    expect(await contact.findByText('Invalid phone number')).toBeTruthy();
    expect(contact.getByText('An e-mail cannot be removed; enter the new one')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal in the form", async () => {
    serveUsers({
      write: () => apiError(400, 'BAD_REQUEST', 'email is already used by another user'),
    });
    const user = userEvent.setup();
    renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    const contact = section('Name and contact');
    const email = contact.getByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, 'bob@demo.example');
    await user.click(contact.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByTestId('contact-error')).textContent).toBe(
      'The server refused the change: email is already used by another user',
    );
    expect(email).toHaveProperty('value', 'bob@demo.example');
  });
});

describe('the edit-user page: account', () => {
  it('changes the account type', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    await choose(user, section('Account').getByRole('combobox', { name: 'Account type' }), 'admin');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/v2/users/cmd/assign_account_type',
      body: { companyId: 1, username: 'jdoe', accountType: 'ADMIN' },
    });
    expect(await screen.findByText('Jane Doe is now admin.')).toBeTruthy();
  });

  it('asks before deactivating, and activates at once', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    await user.click(section('Account').getByRole('switch', { name: 'Active' }));
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate Jane Doe?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(0);

    await user.click(section('Account').getByRole('switch', { name: 'Active' }));
    dialog = await screen.findByRole('dialog', { name: 'Deactivate Jane Doe?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/v2/users/cmd/toggle',
      body: { companyId: 1, username: 'jdoe', isActive: false },
    });

    cleanup();
    const again = serveUsers();
    renderPage('/edit-user/13');
    await screen.findByRole('heading', { level: 1, name: 'Bob Smith' });
    await user.click(section('Account').getByRole('switch', { name: 'Active' }));
    await waitFor(() => expect(again.sent).toHaveLength(1));
    expect(again.sent[0].body).toEqual({ companyId: 1, username: 'bsmith', isActive: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes after a confirmation naming the user, then goes back to the list', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    const { router } = renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    await user.click(section('Account').getByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Jane Doe?' });
    expect(within(dialog).getByText(/Jane Doe \(jdoe\) will be deleted/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-management'));
    expect(sent).toEqual([
      { method: 'DELETE', path: '/v2/users', query: { companyId: '1', username: 'jdoe' }, body: null },
    ]);
    expect(await screen.findByText('Jane Doe was deleted.')).toBeTruthy();
  });

  it('resends a pending invitation', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage('/edit-user/12');
    await screen.findByRole('heading', { level: 1, name: 'María López' });
    const pending = within(screen.getByTestId('invitation-pending'));
    await user.click(pending.getByRole('button', { name: 'Resend invitation to María López' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v2/users/reinvite',
      body: { companyId: 1, username: 'mlopez' },
    });
  });

  it('does not offer a set-up user an invitation', async () => {
    serveUsers();
    renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    expect(screen.queryByTestId('invitation-pending')).toBeNull();
    expect(screen.queryByRole('button', { name: /Resend invitation/ })).toBeNull();
  });

  it('keeps an admin from changing their own type, deactivating or deleting themself', async () => {
    serveUsers();
    renderPage('/edit-user/7');
    await screen.findByRole('heading', { level: 1, name: 'Alex Admin' });
    const account = section('Account');
    expect(account.getByTestId('self-note').textContent).toContain('This is your own account');
    expect(account.getByRole('combobox', { name: 'Account type' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(account.getByRole('switch', { name: 'Active' })).toHaveProperty('disabled', true);
    expect(account.getByRole('button', { name: 'Delete user' })).toHaveProperty('disabled', true);
    // Their name and contact stay editable.
    expect(section('Name and contact').getByRole('button', { name: 'Save changes' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('lets another user be changed: nothing is disabled', async () => {
    serveUsers();
    renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    const account = section('Account');
    expect(account.queryByTestId('self-note')).toBeNull();
    expect(account.getByRole('switch', { name: 'Active' })).toHaveProperty('disabled', false);
    expect(account.getByRole('button', { name: 'Delete user' })).toHaveProperty('disabled', false);
  });

  it('shows "User not found" for an id that is not a user of the company', async () => {
    serveUsers();
    renderPage('/edit-user/999');
    expect(await screen.findByTestId('user-not-found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'User not found' })).toBeTruthy();
  });
});

describe('the edit-user page: job-site access', () => {
  it("lists the user's job sites with their role", async () => {
    serveUsers();
    renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    const rows = screen.getAllByTestId('access-row');
    expect(rows.map((r) => within(r).getByRole('combobox').textContent)).toEqual(['admin', 'viewer']);
    expect(within(rows[0]).getByText('Harbourfront Tower')).toBeTruthy();
    expect(within(rows[1]).getByText('North Yard Precast Plant')).toBeTruthy();
  });

  it('changes a role', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    await choose(user, screen.getByRole('combobox', { name: 'Role at Harbourfront Tower' }), 'editor');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/v2/users/tenant_groups',
      body: { companyId: 1, username: 'jdoe', tenantGroupId: 1, access: 2 },
    });
    expect(await screen.findByText('Jane Doe is now editor at Harbourfront Tower.')).toBeTruthy();
  });

  it('removes a job site after confirming', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    await user.click(screen.getByRole('button', { name: 'Remove access to North Yard Precast Plant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove access to North Yard Precast Plant?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove access' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'DELETE',
      path: '/v2/users/tenant_groups',
      query: { companyId: '1', username: 'jdoe', tenantGroupId: '3' },
      body: null,
    });
  });

  it('gives access to a job site not yet given', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    const grant = within(screen.getByRole('group', { name: 'Give access to another job site' }));
    expect(grant.getByRole('button', { name: 'Give access' })).toHaveProperty('disabled', true);
    await user.click(grant.getByRole('combobox', { name: 'Give access to' }));
    const listbox = await screen.findByRole('listbox');
    // Sites already given are not offered again.
    expect(within(listbox).queryByRole('option', { name: /Harbourfront Tower/ })).toBeNull();
    await user.click(within(listbox).getByRole('option', { name: 'Riverside Medical Centre Expansion' }));
    await choose(user, grant.getByRole('combobox', { name: 'With the role' }), 'inspector');
    await user.click(grant.getByRole('button', { name: 'Give access' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v2/users/tenant_groups',
      body: { companyId: 1, username: 'jdoe', tenantGroupId: 2, access: 8 },
    });
  });

  it("shows the server's refusal of a change", async () => {
    serveUsers({ write: () => apiError(403, 'FORBIDDEN', 'no') });
    const user = userEvent.setup();
    renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    await choose(user, screen.getByRole('combobox', { name: 'Role at Harbourfront Tower' }), 'viewer');
    expect(await screen.findByText('You are not allowed to do this.')).toBeTruthy();
  });
});

describe('the edit-user page: history', () => {
  it('lists what was done to the user, with readable operations, who and what', async () => {
    const { fetchMock } = serveUsers({ audits: janeAudits });
    renderPage('/edit-user/11');
    const entries = await screen.findAllByTestId('history-entry');
    expect(entries.map((e) => e.firstChild?.firstChild?.textContent)).toEqual([
      'Job-site role changed',
      'Account set up',
      'Invited',
    ]);
    expect(entries[0].textContent).toContain('By admin · Harbourfront Tower · access 4 → 1');
    expect(entries[1].textContent).toContain('By the user (e-mailed link)');
    expect(entries[2].textContent).toContain('jane.doe@demo.example');
    const audits = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((u) => u.includes('/v2/users/audits'));
    expect(audits).toContain('username=jdoe');
  });

  it('says when nothing was recorded', async () => {
    serveUsers();
    renderPage('/edit-user/11');
    expect(await screen.findByText('Nothing recorded yet.')).toBeTruthy();
  });
});

describe('the edit-user page in Spanish', () => {
  it('translates its headings and labels', async () => {
    serveUsers({ audits: janeAudits });
    await i18n.changeLanguage('es');
    renderPage('/edit-user/11');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    expect(screen.getByRole('heading', { name: 'Acceso a obras' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Historial' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Nombre y contacto' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar usuario' })).toBeTruthy();
    expect(await screen.findByText('Rol en la obra cambiado')).toBeTruthy();
  });
});
