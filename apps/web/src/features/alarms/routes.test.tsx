import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { renderRoutes, signedInEnglishTests, signInSession, testUser } from '../../components/test-utils.tsx';
import { serveAlarms } from './test-server.tsx';

signedInEnglishTests();

// The shell and the page are lazy chunks: loaded once here, so each test waits only for its own screen.
beforeAll(async () => {
  await Promise.all([import('../../app/layout/AppLayout.tsx'), import('./AlarmsPage.tsx')]);
});

describe('/alarms/:jobsiteId', () => {
  it('is titled Alarms and is in the drawer while on the site', async () => {
    serveAlarms();
    renderRoutes(routes, '/alarms/1');
    expect(await screen.findByRole('heading', { name: /3 active alarms/ })).toBeTruthy();
    expect(document.title).toBe('Alarms | Sitepulse');
    const nav = screen
      .getAllByRole('navigation')
      .find((n) => within(n).queryByRole('link', { name: 'Alarms' }));
    expect(nav && within(nav).getByRole('link', { name: 'Alarms' }).getAttribute('href')).toBe('/alarms/1');
  });

  it('shows Access Restricted to an inspector (access 8) on the site', async () => {
    localStorage.clear();
    signInSession('inspector');
    const server = serveAlarms({
      user: testUser({
        username: 'inspector',
        accountType: 'USER',
        userTenantGroupData: [{ tenantGroupId: 1, access: 8 }],
      }),
    });
    renderRoutes(routes, '/alarms/1');
    expect(await screen.findByRole('heading', { name: 'Access Restricted' })).toBeTruthy();
    expect(server.sent('GET', '/alarms/events')).toEqual([]);
  });
});
