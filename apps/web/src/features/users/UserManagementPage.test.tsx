import { accountTypeLabel, memberRoleLabel, ROLES } from '@sitepulse/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes, signedInEnglishTests, stubPhoneWidth } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { accountTypeText, memberRoleText } from './rules.ts';
import { maria, serveUsers } from './test-fixtures.ts';
import UserManagementPage from './UserManagementPage.tsx';

const renderPage = () =>
  renderRoutes(
    [
      { path: '/user-management', element: <UserManagementPage /> },
      { path: '/edit-user/:userId', element: <div data-testid="edit-page" /> },
      { path: '/add-new-user', element: <div data-testid="add-page" /> },
    ],
    '/user-management',
  );

/** The names of the rows (or cards), top to bottom. */
const names = () => screen.getAllByTestId('user-name').map((n) => n.textContent);

signedInEnglishTests();
beforeEach(() => {
  // The intro has its own test; the others look at the list.
  localStorage.setItem('sitepulse.seenUserManagementIntro', 'true');
});

describe('the labels', () => {
  it("are the domain's labels in English", () => {
    const t = i18n.getFixedT('en');
    for (const type of [...ROLES, 'SOMETHING_ELSE'])
      expect(accountTypeText(t, type)).toBe(accountTypeLabel(type));
    for (const code of [1, 2, 4, 8, 16]) expect(memberRoleText(t, code)).toBe(memberRoleLabel(code));
  });
});

describe('the user list', () => {
  it('shows each user with account type, contact, status, invitation and job-site access', async () => {
    serveUsers();
    renderPage();
    const rows = await screen.findAllByTestId('user-row');
    expect(names()).toEqual(['Alex Admin', 'Bob Smith', 'Jane Doe', 'legacy.ops', 'María López']);
    expect(rows.map((r) => within(r).getByTestId('user-type').textContent)).toEqual([
      'admin',
      'admin',
      'user',
      'Unknown type',
      'Read-Only',
    ]);
    const [, bobRow, janeRow, legacyRow, mariaRow] = rows.map((r) => within(r));
    expect(janeRow.getByText('jane.doe@demo.example')).toBeTruthy();
    expect(janeRow.getByText('(613) 555-0101')).toBeTruthy();
    expect(janeRow.getByText('Harbourfront Tower · admin')).toBeTruthy();
    expect(janeRow.getByText('North Yard Precast Plant · viewer')).toBeTruthy();
    expect(janeRow.getByText('Active')).toBeTruthy();
    expect(janeRow.queryByText('Invitation pending')).toBeNull();
    expect(bobRow.getByText('Inactive')).toBeTruthy();
    expect(bobRow.getByText('Riverside Medical Centre Expansion · editor')).toBeTruthy();
    expect(legacyRow.getByText('Old Depot · inspector')).toBeTruthy();
    expect(legacyRow.getByText('Job site 99 · Unknown type')).toBeTruthy();
    // Invited by phone only: no e-mail ('--'), the invitation still out.
    expect(mariaRow.getByText('--')).toBeTruthy();
    expect(mariaRow.getByText('Invitation pending')).toBeTruthy();
    expect(mariaRow.getByRole('button', { name: 'Resend invitation to María López' })).toBeTruthy();
    expect(screen.getByText('5 users')).toBeTruthy();
  });

  it('links each user to their edit page', async () => {
    serveUsers();
    const { router } = renderPage();
    await screen.findAllByTestId('user-row');
    expect(screen.getByRole('link', { name: 'Jane Doe' }).getAttribute('href')).toBe('/edit-user/11');
    fireEvent.click(screen.getAllByTestId('user-row')[1]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-user/13'));
  });

  it('opens the add form', async () => {
    serveUsers();
    const { router } = renderPage();
    fireEvent.click(await screen.findByRole('link', { name: 'Add new user' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/add-new-user'));
  });

  it('resends a pending invitation from the list, without opening the user', async () => {
    const { sent } = serveUsers();
    const { router } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend invitation to María López' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v2/users/reinvite',
      body: { companyId: 1, username: 'mlopez' },
    });
    expect(
      await screen.findByText(
        'A new invitation was sent to (613) 555-0123. The earlier links no longer work.',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user-management');
  });

  it('searches names (accents ignored), usernames, e-mails and phone numbers', async () => {
    serveUsers();
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('user-row');
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(search, 'lopez');
    expect(names()).toEqual(['María López']);
    expect(screen.getByText('1 of 5 users')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'legacy');
    expect(names()).toEqual(['legacy.ops']);
    await user.clear(search);
    await user.type(search, 'bob@demo');
    expect(names()).toEqual(['Bob Smith']);
    await user.clear(search);
    await user.type(search, '613 555-0101');
    expect(names()).toEqual(['Jane Doe']);
    await user.clear(search);
    await user.type(search, 'jane doe');
    expect(names()).toEqual(['Jane Doe']);
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No user matches “nobody”.')).toBeTruthy();
    expect(screen.queryAllByTestId('user-row')).toHaveLength(0);
  });

  it('sorts by the column headers, and turns the order round on a second click', async () => {
    serveUsers();
    renderPage();
    await screen.findAllByTestId('user-row');
    fireEvent.click(screen.getByRole('button', { name: 'Account type' }));
    expect(names()).toEqual(['Alex Admin', 'Bob Smith', 'Jane Doe', 'María López', 'legacy.ops']);
    fireEvent.click(screen.getByRole('button', { name: 'Account type' }));
    expect(names()).toEqual(['legacy.ops', 'María López', 'Jane Doe', 'Alex Admin', 'Bob Smith']);
    fireEvent.click(screen.getByRole('button', { name: 'Status' }));
    expect(names()).toEqual(['Alex Admin', 'Jane Doe', 'legacy.ops', 'María López', 'Bob Smith']);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Alex Admin', 'Bob Smith', 'Jane Doe', 'legacy.ops', 'María López']);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['María López', 'legacy.ops', 'Jane Doe', 'Bob Smith', 'Alex Admin']);
  });

  it('shows cards with a sort select on a phone', async () => {
    stubPhoneWidth();
    serveUsers();
    renderPage();
    const cards = await screen.findAllByTestId('user-card');
    expect(cards).toHaveLength(5);
    expect(screen.queryAllByTestId('user-row')).toHaveLength(0);
    const mariaCard = within(cards[4]);
    expect(mariaCard.getByText('Read-Only')).toBeTruthy();
    expect(mariaCard.getByText('Invitation pending')).toBeTruthy();
    expect(mariaCard.getByRole('button', { name: 'Resend invitation to María López' })).toBeTruthy();
    expect(within(cards[0]).getByRole('link').getAttribute('href')).toBe('/edit-user/7');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Status' }));
    expect(names()).toEqual(['Alex Admin', 'Jane Doe', 'legacy.ops', 'María López', 'Bob Smith']);
    fireEvent.click(screen.getByRole('button', { name: 'Ascending order' }));
    expect(names()).toEqual(['Bob Smith', 'María López', 'Alex Admin', 'Jane Doe', 'legacy.ops']);
  });

  it('shows an empty company with the way to add the first user', async () => {
    serveUsers({ users: [] });
    renderPage();
    expect(await screen.findByText('No users yet. Invite the first one.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Add new user' }).length).toBeGreaterThan(0);
  });

  it('reads in Spanish', async () => {
    serveUsers();
    await i18n.changeLanguage('es');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Gestión de usuarios' })).toBeTruthy();
    const rows = await screen.findAllByTestId('user-row');
    expect(screen.getByRole('button', { name: 'Tipo de cuenta' })).toBeTruthy();
    expect(within(rows[0]).getByTestId('user-type').textContent).toBe('administrador');
    expect(within(rows[4]).getByText('Invitación pendiente')).toBeTruthy();
    expect(within(rows[4]).getByText('Reenviar invitación')).toBeTruthy();
  });
});

describe('the user-management intro', () => {
  it('shows once, then stays dismissed', async () => {
    localStorage.removeItem('sitepulse.seenUserManagementIntro');
    serveUsers();
    renderPage();
    const intro = await screen.findByRole('region', { name: 'About user management' });
    expect(within(intro).getByText(/invite the people of your company/)).toBeTruthy();
    fireEvent.click(within(intro).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: 'About user management' })).toBeNull();
    expect(localStorage.getItem('sitepulse.seenUserManagementIntro')).toBe('true');

    cleanup();
    serveUsers();
    renderPage();
    await screen.findAllByTestId('user-row');
    expect(screen.queryByRole('region', { name: 'About user management' })).toBeNull();
  });

  it('can be closed with its close button', async () => {
    localStorage.removeItem('sitepulse.seenUserManagementIntro');
    serveUsers({ users: [maria] });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss the introduction' }));
    expect(screen.queryByRole('region', { name: 'About user management' })).toBeNull();
    expect(localStorage.getItem('sitepulse.seenUserManagementIntro')).toBe('true');
  });
});
