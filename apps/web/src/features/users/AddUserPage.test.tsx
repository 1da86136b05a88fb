import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, signedInEnglishTests } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import AddUserPage from './AddUserPage.tsx';
import { apiError, jane, json, serveUsers } from './test-fixtures.ts';

const renderPage = () =>
  renderRoutes(
    [
      { path: '/add-new-user', element: <AddUserPage /> },
      { path: '/edit-user/:userId', element: <div data-testid="edit-page" /> },
      { path: '/user-management', element: <div data-testid="list-page" /> },
    ],
    '/add-new-user',
  );

type User = ReturnType<typeof userEvent.setup>;

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Send invitation' }));
const invites = (sent: ReturnType<typeof serveUsers>['sent']) =>
  sent.filter((s) => s.path === '/v2/users/invite');

/** Chooses an option of a select (MUI's listbox). */
async function choose(user: User, select: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillName(user: User, first = 'John', last = 'Smith') {
  await user.type(await screen.findByRole('textbox', { name: /^First name/ }), first);
  await user.type(field(/^Last name/), last);
}

signedInEnglishTests();

describe('the add-user form', () => {
  it('says what is required and sends nothing', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('textbox', { name: /^First name/ });
    await submit(user);
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    // An e-mail or a phone: both fields say so.
    expect(screen.getAllByText('Enter an e-mail or a phone number')).toHaveLength(2);
    expect(sent).toHaveLength(0);
  });

  it('refuses an invalid e-mail and an invalid phone number', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage();
    await fillName(user);
    await user.type(field('E-mail'), 'john@');
    const phone = field('Phone number');
    await user.type(phone, '123');
    await user.tab();
    expect(await screen.findByText('Invalid phone number')).toBeTruthy();
    await submit(user);
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Invalid phone number')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('checks the username as it is typed, once typing pauses, and refuses a taken one', async () => {
    const { sent, verified } = serveUsers({
      verify: (username) =>
        username === 'jdoe' ? { username, available: false, reason: 'TAKEN' } : { username, available: true },
    });
    const user = userEvent.setup();
    renderPage();
    await fillName(user, 'Jane', 'Doe');
    await user.type(field('E-mail'), 'jane2@demo.example');
    await user.type(field('Username'), 'jdoe');
    expect(await screen.findByText('This username is taken')).toBeTruthy();
    expect(verified).toEqual(['jdoe']);
    await submit(user);
    expect(invites(sent)).toHaveLength(0);
    expect(screen.getByText('This username is taken')).toBeTruthy();

    await user.clear(field('Username'));
    await user.type(field('Username'), 'jdoe2');
    expect(await screen.findByText('This username is available.')).toBeTruthy();
    expect(verified).toEqual(['jdoe', 'jdoe2']);
  });

  it('refuses a username that breaks the pattern without asking the server', async () => {
    const { verified, sent } = serveUsers();
    const user = userEvent.setup();
    renderPage();
    await fillName(user);
    await user.type(field('E-mail'), 'john@demo.example');
    await user.type(field('Username'), 'john smith');
    const message = 'Use letters, digits and . _ @ - only, starting with a letter or digit';
    expect(await screen.findByText(message)).toBeTruthy();
    await submit(user);
    expect(invites(sent)).toHaveLength(0);
    expect(verified).toEqual([]);
  });

  it('posts the invitation as typed, then opens the new user', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    const { router } = renderPage();
    await fillName(user);
    await user.type(field('Username'), 'jsmith');
    await user.type(field('E-mail'), 'john.smith@demo.example');
    await user.type(field('Phone number'), '613 555 0188');
    await choose(user, 'Account type', 'Read-Only');
    await choose(user, 'Language of the invitation', 'Español');
    await user.click(screen.getByRole('button', { name: 'Add a job site' }));
    await choose(user, 'Job site 1', 'Harbourfront Tower');
    await choose(user, 'Role 1', 'editor');
    await user.click(screen.getByRole('button', { name: 'Add a job site' }));
    // Archived job sites are offered too (marked), but not one already in the list.
    await user.click(screen.getByRole('combobox', { name: 'Job site 2' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByRole('option', { name: /Harbourfront Tower/ })).toBeNull();
    await user.click(within(listbox).getByRole('option', { name: /Old Depot/ }));
    await choose(user, 'Role 2', 'inspector');
    expect(screen.getByText('This username is available.')).toBeTruthy();
    await submit(user);

    await waitFor(() => expect(invites(sent)).toHaveLength(1));
    expect(invites(sent)[0]).toMatchObject({ method: 'POST' });
    expect(invites(sent)[0].body).toEqual({
      companyId: 1,
      firstName: 'John',
      lastName: 'Smith',
      username: 'jsmith',
      email: 'john.smith@demo.example',
      phone: '+16135550188',
      accountType: 'READONLY_MEMBER',
      language: 'es',
      tenantGroupData: [
        { tenantGroupId: 1, access: 2 },
        { tenantGroupId: 4, access: 8 },
      ],
    });
    expect(await screen.findByText('Invitation sent to john.smith@demo.example.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-user/99'));
  });

  it('invites by phone only, leaving out what was not typed', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage();
    await fillName(user, 'Ana', 'Ruiz');
    await user.type(field('Phone number'), '(613) 555-0144');
    await submit(user);
    await waitFor(() => expect(invites(sent)).toHaveLength(1));
    expect(invites(sent)[0].body).toEqual({
      companyId: 1,
      firstName: 'Ana',
      lastName: 'Ruiz',
      phone: '+16135550144',
      accountType: 'USER',
      language: 'en',
      tenantGroupData: [],
    });
    expect(await screen.findByText('Invitation sent to (613) 555-0144.')).toBeTruthy();
  });

  it('removes a job-site row and asks for a job site in an empty one', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage();
    await fillName(user);
    await user.type(field('E-mail'), 'john@demo.example');
    await user.click(screen.getByRole('button', { name: 'Add a job site' }));
    await user.click(screen.getByRole('button', { name: 'Add a job site' }));
    expect(screen.getAllByTestId('site-row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove job site 2' }));
    expect(screen.getAllByTestId('site-row')).toHaveLength(1);
    await submit(user);
    expect(await screen.findByText('Choose a job site')).toBeTruthy();
    expect(invites(sent)).toHaveLength(0);
  });

  it('tells the admin when the person already had an account', async () => {
    serveUsers({
      write: (s) => (s.path === '/v2/users/invite' ? json({ user: jane, existing: true }) : undefined),
    });
    const user = userEvent.setup();
    const { router } = renderPage();
    await fillName(user, 'Jane', 'Doe');
    await user.type(field('E-mail'), 'jane.doe@demo.example');
    await submit(user);
    expect(
      await screen.findByText(
        'Jane Doe already had an account. They were given the job-site access and told by e-mail.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-user/11'));
  });

  it("shows the server's 409 next to the username and keeps everything typed", async () => {
    serveUsers({
      write: (s) =>
        s.path === '/v2/users/invite' ? apiError(409, 'CONFLICT', 'Username jsmith is taken') : undefined,
    });
    const user = userEvent.setup();
    const { router } = renderPage();
    await fillName(user);
    await user.type(field('Username'), 'jsmith');
    await user.type(field('E-mail'), 'john.smith@demo.example');
    await submit(user);
    expect(await screen.findByText('This username is taken')).toBeTruthy();
    expect(screen.getByTestId('invite-error').textContent).toBe(
      'This conflicts with what is already saved: Username jsmith is taken',
    );
    expect(field('Username')).toHaveProperty('value', 'jsmith');
    expect(field('E-mail')).toHaveProperty('value', 'john.smith@demo.example');
    expect(field(/^First name/)).toHaveProperty('value', 'John');
    expect(router.state.location.pathname).toBe('/add-new-user');
  });

  it("shows the server's 400 and stays", async () => {
    serveUsers({
      write: (s) =>
        s.path === '/v2/users/invite'
          ? apiError(400, 'BAD_REQUEST', 'phone is not a valid number')
          : undefined,
    });
    const user = userEvent.setup();
    const { router } = renderPage();
    await fillName(user);
    await user.type(field('E-mail'), 'john@demo.example');
    await submit(user);
    expect((await screen.findByTestId('invite-error')).textContent).toBe(
      'The server refused the change: phone is not a valid number',
    );
    expect(field('E-mail')).toHaveProperty('value', 'john@demo.example');
    expect(router.state.location.pathname).toBe('/add-new-user');
  });

  it('reads in Spanish', async () => {
    serveUsers();
    const user = userEvent.setup();
    await i18n.changeLanguage('es');
    const { router } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Acceso a obras' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findAllByText('Obligatorio')).toHaveLength(2);
    expect(screen.getAllByText('Indique un correo electrónico o un número de teléfono')).toHaveLength(2);
    // The invitation's language follows the admin's.
    expect(screen.getByRole('combobox', { name: 'Idioma de la invitación' }).textContent).toBe('Español');
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-management'));
  });
});
