import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUsage, flushUsage, pendingUsage } from '../../api/usage.ts';
import {
  allModules,
  moduleOf,
  renderAt,
  signInSession,
  stubServer,
  testConfig,
  testUser,
} from '../../components/test-utils.tsx';
import { DrawerNav } from './DrawerNav.tsx';
import { showsTrackingManager } from './rules.ts';

const flagOn = { ...testConfig, features: { trackingManager: true, materialTracking: false } };

beforeEach(() => {
  localStorage.clear();
  signInSession();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const drawer = () => renderAt(<DrawerNav collapsed={false} />, '*', '/');

describe('DrawerNav job sites', () => {
  it('lists active job sites and keeps archived ones behind the toggle', async () => {
    stubServer();
    drawer();
    expect(await screen.findByText('Harbourfront Tower')).toBeTruthy();
    expect(screen.getByText('North Yard Precast Plant')).toBeTruthy();
    expect(screen.queryByText('Old Depot')).toBeNull();

    const toggle = screen.getByRole('button', { name: /Show Archived Job Sites/ });
    fireEvent.click(toggle);
    expect(await screen.findByText('Old Depot')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Hide Archived Job Sites/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show Archived Job Sites/ })).toBeNull();
  });

  it('links construction sites to their dashboard and has Map and Help entries', async () => {
    stubServer();
    drawer();
    const site = await screen.findByRole('link', { name: 'Harbourfront Tower' });
    expect(site.getAttribute('href')).toBe('/construction_dashboard/1');
    const map = screen.getByRole('link', { name: 'Map' });
    expect(map.getAttribute('href')).toBe('/');
    expect(map.getAttribute('aria-current')).toBe('page');
    const help = await screen.findByRole('link', { name: 'Help' });
    expect(help.getAttribute('href')).toBe(testConfig.helpUrl);
    expect(help.getAttribute('target')).toBe('_blank');
  });

  it('shows a tooltip with the full name for names longer than 16 characters only', async () => {
    stubServer();
    const user = userEvent.setup();
    drawer();
    const longName = await screen.findByText('Riverside Medical Centre Expansion');
    await user.hover(longName);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Riverside Medical Centre Expansion');
    await user.unhover(longName);

    await user.hover(screen.getByText('Map'));
    await new Promise((r) => setTimeout(r, 400));
    const shortTips = screen.queryAllByRole('tooltip').filter((t) => t.textContent === 'Map');
    expect(shortTips).toHaveLength(0);
  });

  it('expands a precast plant into its projects with Default display names and an archived-projects toggle', async () => {
    stubServer();
    drawer();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Show the projects of North Yard Precast Plant' }),
    );
    const sensors = await screen.findByRole('link', { name: 'Job Site Sensors' });
    expect(sensors.getAttribute('href')).toBe('/job-site-sensors/3/31');
    expect(screen.getByRole('link', { name: 'Concrete Sensors' }).getAttribute('href')).toBe(
      '/construction_job_list/3/32',
    );
    expect(screen.getByRole('link', { name: 'Beam Line' })).toBeTruthy();
    expect(screen.queryByText('Old Pour')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Show Archived Projects/ }));
    expect(await screen.findByRole('link', { name: 'Old Pour' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Hide Archived Projects/ })).toBeTruthy();
  });

  it('hides projects whose module the company does not have', async () => {
    stubServer({ modules: [moduleOf('Concrete')] });
    drawer();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Show the projects of North Yard Precast Plant' }),
    );
    expect(await screen.findByRole('link', { name: 'Concrete Sensors' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Job Site Sensors' })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Beam Line' })).toBeNull();
  });

  it('opens the archived list by itself when the selected job site is archived', async () => {
    stubServer();
    renderAt(
      <DrawerNav collapsed={false} />,
      '/construction_dashboard/:jobsiteId',
      '/construction_dashboard/4',
    );
    const link = await screen.findByRole('link', { name: 'Old Depot' });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: /Hide Archived Job Sites/ })).toBeTruthy();
  });

  it('opens a plant and its archived projects when the selected project is archived', async () => {
    stubServer();
    renderAt(
      <DrawerNav collapsed={false} />,
      '/construction_job_list/:jobsiteId/:tenantId',
      '/construction_job_list/3/34',
    );
    const link = await screen.findByRole('link', { name: 'Old Pour' });
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('shows only icons with names in tooltips when collapsed', async () => {
    stubServer();
    renderAt(<DrawerNav collapsed />, '*', '/');
    const site = await screen.findByRole('link', { name: 'Harbourfront Tower' });
    expect(within(site).queryByText('Harbourfront Tower')).toBeNull();
    expect(within(site).getByText('HT')).toBeTruthy();
  });
});

describe('Tracking Manager entry (docs/decisions/tracking-entry.md)', () => {
  it('shows for a user with the Lumitrack module when the flag is on', async () => {
    stubServer({ config: flagOn });
    drawer();
    const entry = await screen.findByRole('link', { name: 'Tracking Manager' });
    expect(entry.getAttribute('href')).toBe('/tracking-manager');
  });

  it('shows with the build flag off too (the default): the route itself then says no access', async () => {
    stubServer();
    drawer();
    const entry = await screen.findByRole('link', { name: 'Tracking Manager' });
    expect(entry.getAttribute('href')).toBe('/tracking-manager');
  });

  it.each([
    ['an editor (USER)', true, testUser({ accountType: 'USER' })],
    ['a Read-Only account', false, testUser({ accountType: 'READONLY_MEMBER' })],
    ['an AOMS_ADMIN_READONLY role', false, testUser({ roles: ['AOMS_ADMIN_READONLY'] })],
  ])('for %s: shown %s', async (_who, shown, user) => {
    stubServer({ user });
    drawer();
    await screen.findByRole('link', { name: 'Help' });
    await screen.findByText('Harbourfront Tower');
    if (shown) expect(await screen.findByRole('link', { name: 'Tracking Manager' })).toBeTruthy();
    else {
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('link', { name: 'Tracking Manager' })).toBeNull();
    }
  });

  it('is hidden for a READONLY_USER role even with the flag on', async () => {
    stubServer({ config: flagOn, user: testUser({ roles: ['READONLY_USER'] }) });
    drawer();
    await screen.findByRole('link', { name: 'Help' });
    await screen.findByText('Harbourfront Tower');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: 'Tracking Manager' })).toBeNull();
  });

  it('follows the rule: the Lumitrack module and not read-only', () => {
    const base = { hasLumitrackModule: true, roles: [], accountType: 'ADMIN' };
    expect(showsTrackingManager(base)).toBe(true);
    expect(showsTrackingManager({ ...base, hasLumitrackModule: false })).toBe(false);
    expect(showsTrackingManager({ ...base, roles: ['AOMS_ADMIN_READONLY'] })).toBe(false);
    expect(showsTrackingManager({ ...base, roles: ['READONLY_USER'] })).toBe(false);
    expect(showsTrackingManager({ ...base, accountType: 'READONLY_MEMBER' })).toBe(false);
  });

  it('needs the Lumitrack module in the company', async () => {
    stubServer({ config: flagOn, modules: allModules.filter((m) => m.moduleType !== 'Lumitrack') });
    drawer();
    await screen.findByRole('link', { name: 'Help' });
    await screen.findByText('Harbourfront Tower');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: 'Tracking Manager' })).toBeNull();
  });
});

describe('Concrete Profiles entry (ours)', () => {
  it('links to /concrete-profiles when the company has the Concrete module, marked when there', async () => {
    stubServer();
    renderAt(<DrawerNav collapsed={false} />, '*', '/concrete-profiles');
    const entry = await screen.findByRole('link', { name: 'Concrete Profiles' });
    expect(entry.getAttribute('href')).toBe('/concrete-profiles');
    expect(entry.getAttribute('aria-current')).toBe('page');
  });

  it('is hidden without the Concrete module', async () => {
    stubServer({ modules: allModules.filter((m) => m.moduleType !== 'Concrete') });
    drawer();
    // The modules have loaded once the plant's Concrete project is filtered out of its list.
    fireEvent.click(
      await screen.findByRole('button', { name: 'Show the projects of North Yard Precast Plant' }),
    );
    await screen.findByRole('link', { name: 'Job Site Sensors' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Concrete Sensors' })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Concrete Profiles' })).toBeNull();
  });
});

describe('Help centre and shop links (spec section 1)', () => {
  it('opens the help centre and the shop of the public config in a new tab, and counts each click', async () => {
    const fetchMock = stubServer();
    drawer();
    const centre = await screen.findByRole('link', { name: 'Help Centre' });
    expect(centre.getAttribute('href')).toBe(testConfig.helpCentreUrl);
    expect(centre.getAttribute('target')).toBe('_blank');
    const shop = screen.getByRole('link', { name: 'Shop' });
    expect(shop.getAttribute('href')).toBe(testConfig.shopUrl);
    expect(shop.getAttribute('rel')).toContain('noopener');

    clearUsage();
    fireEvent.click(shop);
    fireEvent.click(centre);
    expect(pendingUsage().map((i) => i.name)).toEqual(['shop_opened', 'help_centre_opened']);
    await flushUsage();
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/usage/events'));
    expect(sent).toHaveLength(1);
    const body = JSON.parse(String(sent[0][1]?.body));
    expect(body.items.map((i: { name: string }) => i.name)).toEqual(['shop_opened', 'help_centre_opened']);
  });

  it('leaves out a link the config does not give', async () => {
    stubServer({ config: { ...testConfig, shopUrl: '' } });
    drawer();
    await screen.findByRole('link', { name: 'Help Centre' });
    expect(screen.queryByRole('link', { name: 'Shop' })).toBeNull();
  });
});

describe("job sites of the application type '1' (spec section 6)", () => {
  it("shows only the granted sites that the server lists for application type '1'", async () => {
    const fetchMock = stubServer({ applicationTypeIds: [1, 3] });
    drawer();
    expect(await screen.findByText('Harbourfront Tower')).toBeTruthy();
    expect(screen.getByText('North Yard Precast Plant')).toBeTruthy();
    expect(screen.queryByText('Riverside Medical Centre Expansion')).toBeNull();
    const asked = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((u) => u.pathname === '/api/tenants/groups/ids/by_application_type');
    expect(asked?.searchParams.get('applicationType')).toBe('1');
    expect(asked?.searchParams.get('username')).toBe('admin');
  });
});
