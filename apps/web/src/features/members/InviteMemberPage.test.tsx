import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEnglishTests } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { member, membersServer, renderMembers, siteUser } from './test-fixtures.tsx';

signedInEnglishTests();

const form = async () => within(await screen.findByRole('form', { name: 'Invite User' }));

describe('inviting a member', () => {
  it('invites by e-mail with the chosen role for this site, then goes back to the list', async () => {
    const { sent } = membersServer({ user: siteUser(1) });
    const user = userEvent.setup();
    const { router } = renderMembers('/job-site-member-invite/1');
    const f = await form();
    const role = f.getByRole('combobox', { name: 'Role on this site' }) as HTMLSelectElement;
    // Viewer is the default: it changes nothing until an admin gives more.
    expect(role.value).toBe('4');
    expect((f.getByRole('combobox', { name: 'Language of the invitation' }) as HTMLSelectElement).value).toBe(
      'en',
    );
    await user.type(f.getByRole('textbox', { name: /E-mail/ }), '  nina.north@demo.example ');
    await user.type(f.getByRole('textbox', { name: 'First name (optional)' }), 'Nina');
    await user.selectOptions(role, 'editor');
    expect(f.getByText(/Changes the site's jobs/)).toBeTruthy();
    await user.click(f.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/v2/users/invite',
      query: {},
      body: {
        companyId: 1,
        email: 'nina.north@demo.example',
        firstName: 'Nina',
        language: 'en',
        tenantGroupData: [{ tenantGroupId: 1, access: 2 }],
      },
    });
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/job-site-members/1'));
  });

  it('offers the roles the server names (GET /v2/users/tenant_groups/access_types)', async () => {
    membersServer({
      user: siteUser(1),
      accessTypes: [
        { code: 2, name: 'MEMBER', label: 'editor' },
        { code: 4, name: 'READONLY_MEMBER', label: 'viewer' },
      ],
    });
    renderMembers('/job-site-member-invite/1');
    const f = await form();
    const role = f.getByRole('combobox', { name: 'Role on this site' }) as HTMLSelectElement;
    await waitFor(() => expect([...role.options].map((o) => o.value)).toEqual(['2', '4']));
    expect([...role.options].map((o) => o.textContent)).toEqual(['editor', 'viewer']);
  });

  it('invites by phone (Canada by default) in Spanish', async () => {
    const { sent } = membersServer({ user: siteUser(1) });
    const user = userEvent.setup();
    renderMembers('/job-site-member-invite/1');
    const f = await form();
    await user.click(f.getByRole('button', { name: 'By phone' }));
    expect(f.getByRole('button', { name: 'Country: Canada' })).toBeTruthy();
    expect(f.queryByRole('textbox', { name: /E-mail/ })).toBeNull();
    await user.type(f.getByRole('textbox', { name: /Phone number/ }), '613 555 0199');
    await user.type(f.getByRole('textbox', { name: 'Last name (optional)' }), ' Ortiz ');
    await user.selectOptions(f.getByRole('combobox', { name: 'Language of the invitation' }), 'Español');
    await user.click(f.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({
      companyId: 1,
      phone: '+16135550199',
      lastName: 'Ortiz',
      language: 'es',
      tenantGroupData: [{ tenantGroupId: 1, access: 4 }],
    });
  });

  it('refuses an invalid e-mail, an empty one and an invalid phone number, and sends nothing', async () => {
    const { sent } = membersServer({ user: siteUser(1) });
    const user = userEvent.setup();
    renderMembers('/job-site-member-invite/1');
    const f = await form();
    await user.click(f.getByRole('button', { name: 'Send invitation' }));
    expect(await f.findByText('Required')).toBeTruthy();
    await user.type(f.getByRole('textbox', { name: /E-mail/ }), 'nina@demo');
    await user.click(f.getByRole('button', { name: 'Send invitation' }));
    expect(await f.findByText('Invalid email')).toBeTruthy();
    await user.type(f.getByRole('textbox', { name: 'First name (optional)' }), 'N'.repeat(61));
    await user.click(f.getByRole('button', { name: 'Send invitation' }));
    expect(await f.findByText('At most 60 characters')).toBeTruthy();
    await user.clear(f.getByRole('textbox', { name: 'First name (optional)' }));

    await user.click(f.getByRole('button', { name: 'By phone' }));
    await user.type(f.getByRole('textbox', { name: /Phone number/ }), '555 01');
    await user.click(f.getByRole('button', { name: 'Send invitation' }));
    expect(await f.findByText('Invalid phone number')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('says so when the person already had an account', async () => {
    membersServer({
      user: siteUser(1),
      write: () =>
        new Response(
          JSON.stringify({
            user: member({ id: 40, username: 'omar', firstName: 'Omar', lastName: 'Ortiz' }),
            existing: true,
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    });
    const user = userEvent.setup();
    renderMembers('/job-site-member-invite/1');
    const f = await form();
    await user.type(f.getByRole('textbox', { name: /E-mail/ }), 'omar@demo.example');
    await user.click(f.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Omar Ortiz already had an account and now has access')).toBeTruthy();
  });

  it("shows the server's refusal and keeps the form", async () => {
    membersServer({
      user: siteUser(1),
      write: () =>
        new Response(
          JSON.stringify({ error: { code: 'BAD_REQUEST', message: 'phone is not valid for CA' } }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        ),
    });
    const user = userEvent.setup();
    const { router } = renderMembers('/job-site-member-invite/1');
    const f = await form();
    await user.type(f.getByRole('textbox', { name: /E-mail/ }), 'x@demo.example');
    await user.click(f.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByTestId('invite-error')).textContent).toBe(
      'The server refused this: phone is not valid for CA',
    );
    expect(router.state.location.pathname).toBe('/job-site-member-invite/1');
  });

  it.each([
    ['a viewer', siteUser(4)],
    ['an editor', siteUser(2)],
    ['a Read-Only account', siteUser(1, 'READONLY_MEMBER')],
  ])('tells %s that only job-site admins can invite, without the form', async (_, user) => {
    membersServer({ user });
    renderMembers('/job-site-member-invite/1');
    expect((await screen.findByTestId('invite-not-allowed')).textContent).toBe(
      'Only job-site admins can invite members',
    );
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    membersServer({ user: siteUser(1) });
    renderMembers('/job-site-member-invite/1');
    expect(await screen.findByRole('heading', { level: 1, name: /Invitar usuario/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Por teléfono' })).toBeTruthy();
    expect(
      (screen.getByRole('combobox', { name: 'Idioma de la invitación' }) as HTMLSelectElement).value,
    ).toBe('es');
  });
});
