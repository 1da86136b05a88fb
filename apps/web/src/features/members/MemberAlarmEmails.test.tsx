import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInEnglishTests, testUser } from '../../components/test-utils.tsx';
import { serveNotifications } from '../../test/notification-server.ts';
import { renderMembers, siteMembers } from './test-fixtures.tsx';

signedInEnglishTests();

const siteList = [
  { userId: 11, name: 'Bea Builder', email: 'bea@demo.example', enabled: false },
  { userId: 7, name: 'Alex Admin', email: 'admin@demo.example', enabled: true },
  { userId: 12, name: 'Carl Cole', email: null, enabled: false },
];

describe('alarm e-mails on the members page', () => {
  /** The members page's list (GET /v2/users/list/by_tenant_group) and the site's alarm e-mails. */
  const serveBoth = (user = testUser({ userTenantGroupData: [{ tenantGroupId: 1, access: 1 }] })) =>
    serveNotifications({
      user,
      site: siteList.map((m) => ({ ...m })),
      extra: { '/v2/users/list/by_tenant_group': siteMembers },
    });

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

  it('shows no alarm e-mail section to a member who is not a site admin: the server refuses them the list', async () => {
    const server = serveBoth(
      testUser({
        username: 'bea',
        accountType: 'USER',
        userTenantGroupData: [{ tenantGroupId: 1, access: 2 }],
      }),
    );
    // What the server answers an editor or viewer (notifications service bySite): 403, the list is the
    // site admins' (it holds other people's e-mail addresses and choices).
    const answer = server.fetchMock.getMockImplementation();
    if (!answer) throw new Error('no stub');
    server.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await answer(input, init);
      if (new URL(String(input), 'http://localhost').pathname.endsWith('/emailnotifications/by_tenant_group'))
        return new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Only site admins' } }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        });
      return res;
    });
    renderMembers('/job-site-members/1');
    // The members list stands alone.
    expect(await screen.findByText(/Bea Builder/)).toBeTruthy();
    await waitFor(() =>
      expect(server.sent('GET', '/tenant/groups/emailnotifications/by_tenant_group')).not.toHaveLength(0),
    );
    expect(screen.queryByTestId('member-alarm-emails')).toBeNull();
    expect(screen.queryByText(/Only a site admin changes this/)).toBeNull();
    expect(server.sent('POST', '/emailnotifications/cmd/toggle')).toEqual([]);
  });
});
