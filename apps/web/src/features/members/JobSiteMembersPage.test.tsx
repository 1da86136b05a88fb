import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEnglishTests, stubPhoneWidth, testUser } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { membersServer, renderMembers, siteUser } from './test-fixtures.tsx';

const rows = () => screen.findAllByTestId('member-row');
const row = async (username: string) => {
  const all = await rows();
  const found = all.find((r) => r.getAttribute('data-username') === username);
  if (!found) throw new Error(`no row for ${username}`);
  return within(found);
};

signedInEnglishTests();

describe('the members list', () => {
  it('lists every member by name with username, contact, role label and badges', async () => {
    membersServer({ user: siteUser(4) });
    renderMembers('/job-site-members/1');
    const all = await rows();
    // Sorted by name as shown; a member without a name shows their username.
    expect(all.map((r) => r.getAttribute('data-username'))).toEqual([
      'admin',
      'bea',
      'carl',
      'dana',
      'eve.old',
    ]);
    expect(all.map((r) => within(r).getByTestId('member-role').textContent)).toEqual([
      'admin',
      'editor',
      'viewer',
      'inspector',
      'Unknown type',
    ]);
    const carl = await row('carl');
    expect(carl.getByRole('link', { name: 'Carl Cole' }).getAttribute('href')).toBe(
      '/job-site-member-profile/1/12',
    );
    // Formatted as My Profile shows it, not the stored +16135550142.
    expect(carl.getByText('(613) 555-0142')).toBeTruthy();
    expect(carl.getByText('--')).toBeTruthy();
    expect(carl.getByText('Invitation pending')).toBeTruthy();
    const dana = await row('dana');
    expect(dana.getByText('Inactive')).toBeTruthy();
    expect(dana.queryByText('Invitation pending')).toBeNull();
    expect((await row('bea')).getByText('You')).toBeTruthy();
    expect(screen.getByTestId('member-count').textContent).toBe('5 members');
    expect(screen.getByText('Harbourfront Tower')).toBeTruthy();
  });

  it('finds members by name, e-mail or phone, ignoring case and spacing', async () => {
    membersServer({ user: siteUser(4) });
    const user = userEvent.setup();
    renderMembers('/job-site-members/1');
    await rows();
    const search = screen.getByRole('searchbox', { name: 'Search members' });
    await user.type(search, 'COLE');
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(1));
    expect(screen.getByTestId('member-count').textContent).toBe('1 of 5 members');
    await user.clear(search);
    await user.type(search, '613 555 0101');
    await waitFor(() =>
      expect(screen.getAllByTestId('member-row').map((r) => r.getAttribute('data-username'))).toEqual([
        'bea',
      ]),
    );
    await user.clear(search);
    await user.type(search, 'dana@demo');
    await waitFor(() =>
      expect(screen.getAllByTestId('member-row').map((r) => r.getAttribute('data-username'))).toEqual([
        'dana',
      ]),
    );
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('No member matches “nobody”.')).toBeTruthy();
  });

  it('opens the member profile from their name', async () => {
    membersServer({ user: siteUser(4) });
    const user = userEvent.setup();
    const { router } = renderMembers('/job-site-members/1');
    await user.click((await row('dana')).getByRole('link', { name: 'Dana Diaz' }));
    expect(await screen.findByTestId('member-profile')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/job-site-member-profile/1/13');
  });

  it('shows cards instead of the table on a phone', async () => {
    stubPhoneWidth();
    membersServer();
    renderMembers('/job-site-members/1');
    const cards = await screen.findByTestId('member-cards');
    expect(within(cards).getAllByTestId('member-row')).toHaveLength(5);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards).getByText('(613) 555-0142')).toBeTruthy();
    // A manager still has every action on a card.
    expect(within(cards).getByRole('combobox', { name: 'Role of Bea Builder' })).toBeTruthy();
    expect(within(cards).getByRole('button', { name: 'Resend the invitation to Carl Cole' })).toBeTruthy();
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    membersServer({ user: siteUser(4) });
    renderMembers('/job-site-members/1');
    expect(await screen.findByRole('heading', { level: 1, name: /MIEMBROS DE LA OBRA/ })).toBeTruthy();
    expect((await row('carl')).getByText('lector')).toBeTruthy();
    expect((await row('carl')).getByText('Invitación pendiente')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Buscar miembros' })).toBeTruthy();
  });
});

describe('who may manage members', () => {
  it.each([
    ['a viewer', siteUser(4)],
    ['an editor', siteUser(2)],
    ['a Read-Only account, even with admin access on the site', siteUser(1, 'READONLY_MEMBER')],
  ])('shows %s the list read-only, without a single action', async (_, user) => {
    membersServer({ user });
    renderMembers('/job-site-members/1');
    await rows();
    expect(await screen.findByTestId('members-read-only')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Invite member' })).toBeNull();
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('gives a job-site admin the invite link and every action but on their own row', async () => {
    membersServer({ user: siteUser(1) });
    renderMembers('/job-site-members/1');
    await rows();
    expect(screen.getByRole('link', { name: 'Invite member' }).getAttribute('href')).toBe(
      '/job-site-member-invite/1',
    );
    expect(screen.queryByTestId('members-read-only')).toBeNull();
    expect((await row('admin')).getByRole('combobox', { name: 'Role of Alex Admin' })).toBeTruthy();
    // Only the pending invitation can be sent again.
    expect(screen.getAllByRole('button', { name: /^Resend the invitation/ })).toHaveLength(1);
    // The signed-in site admin (bea) cannot change or remove themself.
    const me = await row('bea');
    expect(me.queryByRole('combobox')).toBeNull();
    expect(me.queryByRole('button')).toBeNull();
    expect(me.getByTestId('member-role').textContent).toBe('editor');
  });

  it('gives a company admin without a role on the site the actions too', async () => {
    membersServer({ user: testUser({ username: 'boss', accountType: 'ADMIN', userTenantGroupData: [] }) });
    renderMembers('/job-site-members/1');
    await rows();
    expect(screen.getByRole('link', { name: 'Invite member' })).toBeTruthy();
    expect(screen.getAllByRole('combobox')).toHaveLength(5);
  });
});

describe('managing members', () => {
  it('changes a role with PUT /v2/users/tenant_groups', async () => {
    const { sent } = membersServer();
    renderMembers('/job-site-members/1');
    const select = (await row('bea')).getByRole('combobox', {
      name: 'Role of Bea Builder',
    }) as HTMLSelectElement;
    expect(select.value).toBe('2');
    expect([...select.options].map((o) => o.textContent)).toEqual(['admin', 'editor', 'viewer', 'inspector']);
    fireEvent.change(select, { target: { value: '4' } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: '/v2/users/tenant_groups',
      query: {},
      body: { companyId: 1, username: 'bea', tenantGroupId: 1, access: 4 },
    });
    expect(await screen.findByText('Bea Builder is now viewer on this job site.')).toBeTruthy();
  });

  it('shows an unknown role as such and lets it be replaced', async () => {
    const { sent } = membersServer();
    renderMembers('/job-site-members/1');
    const select = (await row('eve.old')).getByRole('combobox', {
      name: 'Role of eve.old',
    }) as HTMLSelectElement;
    expect(select.selectedOptions[0].textContent).toBe('Unknown type');
    fireEvent.change(select, { target: { value: '8' } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ companyId: 1, username: 'eve.old', tenantGroupId: 1, access: 8 });
  });

  it("shows the server's refusal of a role change", async () => {
    membersServer({
      write: () =>
        new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'no' } }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    });
    renderMembers('/job-site-members/1');
    fireEvent.change((await row('bea')).getByRole('combobox', { name: 'Role of Bea Builder' }), {
      target: { value: '1' },
    });
    expect(await screen.findByText('Only job-site admins can do this.')).toBeTruthy();
  });

  it('removes a member after confirmation with DELETE and the query', async () => {
    const { sent } = membersServer();
    const user = userEvent.setup();
    renderMembers('/job-site-members/1');
    await user.click((await row('dana')).getByRole('button', { name: 'Remove Dana Diaz from this site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Dana Diaz?' });
    expect(within(dialog).getByText(/will no longer see Harbourfront Tower/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'DELETE',
      path: '/v2/users/tenant_groups',
      query: { companyId: '1', username: 'dana', tenantGroupId: '1' },
      body: undefined,
    });
    expect(await screen.findByText('Dana Diaz was removed from Harbourfront Tower.')).toBeTruthy();
  });

  it('sends nothing when the removal is cancelled', async () => {
    const { sent } = membersServer();
    const user = userEvent.setup();
    renderMembers('/job-site-members/1');
    await user.click((await row('dana')).getByRole('button', { name: 'Remove Dana Diaz from this site' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(0);
  });

  it('sends a pending invitation again with POST /v2/users/reinvite', async () => {
    const { sent } = membersServer();
    const user = userEvent.setup();
    renderMembers('/job-site-members/1');
    await user.click((await row('carl')).getByRole('button', { name: 'Resend the invitation to Carl Cole' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/v2/users/reinvite',
      query: {},
      body: { companyId: 1, username: 'carl' },
    });
    expect(await screen.findByText('A new invitation was sent to Carl Cole.')).toBeTruthy();
  });
});
