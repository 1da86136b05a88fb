import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEnglishTests } from '../../components/test-utils.tsx';
import { membersServer, renderMembers, siteUser } from './test-fixtures.tsx';

signedInEnglishTests();

const field = (profile: HTMLElement, label: string) => {
  const term = within(profile).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('a member profile', () => {
  it("shows the member's details, role on this site and invitation state", async () => {
    membersServer({ user: siteUser(4) });
    renderMembers('/job-site-member-profile/1/12');
    const profile = await screen.findByTestId('member-profile');
    expect(within(profile).getByRole('heading', { name: 'Carl Cole' })).toBeTruthy();
    expect(within(profile).getByText('carl')).toBeTruthy();
    expect(field(profile, 'E-mail')).toBe('--');
    expect(field(profile, 'Phone')).toBe('(613) 555-0142');
    expect(field(profile, 'Role on Harbourfront Tower')).toBe('viewer');
    expect(field(profile, 'Account type')).toBe('user');
    expect(field(profile, 'Invitation')).toBe('Pending, sent 2025-01-05 12:00 PM UTC');
    expect(field(profile, 'Account')).toBe('Active');
    expect(within(profile).getByText('Invitation pending')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: /Job Site Member Profile/ })).toBeTruthy();
  });

  it('shows a viewer no manage actions', async () => {
    membersServer({ user: siteUser(4) });
    renderMembers('/job-site-member-profile/1/13');
    const profile = await screen.findByTestId('member-profile');
    expect(field(profile, 'Account')).toBe('Inactive');
    expect(field(profile, 'Invitation')).toBe('Accepted');
    expect(field(profile, 'Role on Harbourfront Tower')).toBe('inspector');
    expect(screen.queryByTestId('member-manage')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove|Resend/ })).toBeNull();
  });

  it('says so when the person is not a member of this site', async () => {
    membersServer({ user: siteUser(4) });
    renderMembers('/job-site-member-profile/1/404');
    expect(await screen.findByText('This person is not a member of this job site.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to members' })[0].getAttribute('href')).toBe(
      '/job-site-members/1',
    );
  });

  it('lets a manager change the role and send the invitation again', async () => {
    const { sent } = membersServer({ user: siteUser(1) });
    const user = userEvent.setup();
    renderMembers('/job-site-member-profile/1/12');
    const manage = within(await screen.findByTestId('member-manage'));
    await user.selectOptions(manage.getByRole('combobox', { name: 'Role of Carl Cole' }), 'editor');
    await user.click(manage.getByRole('button', { name: 'Resend the invitation to Carl Cole' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((s) => [s.method, s.path, s.body])).toEqual([
      ['PUT', '/v2/users/tenant_groups', { companyId: 1, username: 'carl', tenantGroupId: 1, access: 2 }],
      ['POST', '/v2/users/reinvite', { companyId: 1, username: 'carl' }],
    ]);
  });

  it('removes the member and goes back to the list', async () => {
    const { sent } = membersServer({ user: siteUser(1) });
    const user = userEvent.setup();
    const { router } = renderMembers('/job-site-member-profile/1/13');
    const manage = within(await screen.findByTestId('member-manage'));
    // Accepted: nothing to send again.
    expect(manage.queryByRole('button', { name: /Resend/ })).toBeNull();
    await user.click(manage.getByRole('button', { name: 'Remove Dana Diaz from this site' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/job-site-members/1'));
    expect(sent).toEqual([
      {
        method: 'DELETE',
        path: '/v2/users/tenant_groups',
        query: { companyId: '1', username: 'dana', tenantGroupId: '1' },
        body: undefined,
      },
    ]);
  });

  it('gives a manager no actions on their own profile', async () => {
    membersServer({ user: siteUser(1, 'USER', 'bea') });
    renderMembers('/job-site-member-profile/1/11');
    const profile = await screen.findByTestId('member-profile');
    expect(within(profile).getByText('You')).toBeTruthy();
    expect(screen.queryByTestId('member-manage')).toBeNull();
  });
});
