import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInSession, stubServer, testUser } from '../../components/test-utils.tsx';
import { AccountMenu } from './AccountMenu.tsx';

const logout = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../api/auth.ts', () => ({ logout }));

beforeEach(() => {
  localStorage.clear();
  signInSession();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  logout.mockClear();
});

async function openMenu(mobile: boolean) {
  renderAt(<AccountMenu mobile={mobile} />, '*', '/');
  // Wait until the user's details are in (the avatar shows their initials).
  await screen.findByText('AA');
  fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
  await screen.findByRole('menu');
  return screen.getAllByRole('menuitem').map((item) => item.textContent?.trim());
}

describe('AccountMenu', () => {
  it('lists My Profile, User Management, Usage (ours) and Logout for an admin', async () => {
    stubServer({ user: testUser({ accountType: 'ADMIN', firstName: 'Alex', lastName: 'Admin' }) });
    expect(await openMenu(false)).toEqual(['My Profile', 'User Management', 'Usage', 'Logout']);
  });

  it('goes to the usage screen (company admins)', async () => {
    stubServer({ user: testUser({ accountType: 'ADMIN' }) });
    const { router } = renderAt(<AccountMenu mobile={false} />, '*', '/');
    await screen.findByText('AA');
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Usage' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/usage'));
  });

  it('lists User Management for an AOMS account too', async () => {
    stubServer({ user: testUser({ accountType: 'AOMS_MASTER' }) });
    expect(await openMenu(false)).toContain('User Management');
  });

  it('does not list User Management for a USER or READONLY_MEMBER', async () => {
    stubServer({ user: testUser({ accountType: 'USER' }) });
    expect(await openMenu(false)).toEqual(['My Profile', 'Logout']);
    cleanup();
    stubServer({ user: testUser({ accountType: 'READONLY_MEMBER' }) });
    expect(await openMenu(false)).toEqual(['My Profile', 'Logout']);
  });

  it('has only My Profile and Logout on a phone, even for an admin', async () => {
    stubServer({ user: testUser({ accountType: 'ADMIN' }) });
    expect(await openMenu(true)).toEqual(['My Profile', 'Logout']);
  });

  it('logs out through the auth API', async () => {
    stubServer();
    await openMenu(false);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it('goes to My Profile', async () => {
    stubServer();
    const { router } = renderAt(<AccountMenu mobile={false} />, '*', '/');
    await screen.findByText('AA');
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'My Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-profile'));
  });
});

describe('AccountMenu display toggles', () => {
  afterEach(async () => {
    const { default: i18n } = await import('../../i18n/index.ts');
    await i18n.changeLanguage('en');
  });

  it('saves Imperial as the unit setting and keeps it for this session', async () => {
    const fetchMock = stubServer({ extra: { '/settings/user': {} } });
    await openMenu(true);
    fireEvent.click(screen.getByRole('button', { name: 'Imperial' }));
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(
        ([url, init]) => String(url).includes('/settings/user') && init?.method === 'PUT',
      );
      expect(put && JSON.parse(String(put[1]?.body))).toMatchObject({
        userSettingType: 'SystemOfMeasurement',
        val: 'Imperial',
      });
    });
    expect(localStorage.getItem('sitepulse.measurementUnits')).toBe('Imperial');
  });

  it('switches the screen to Spanish at once and saves the language', async () => {
    const fetchMock = stubServer({ extra: { '/settings/user': {} } });
    await openMenu(false);
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('menuitem', { name: 'Mi perfil' })).toBeTruthy();
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(
        ([url, init]) => String(url).includes('/settings/user') && init?.method === 'PUT',
      );
      expect(put && JSON.parse(String(put[1]?.body))).toMatchObject({
        userSettingType: 'Language',
        val: 'es',
      });
    });
  });
});
