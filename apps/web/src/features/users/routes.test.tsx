import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { renderRoutes, signInSession, stubServer, testUser } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { serveUsers } from './test-fixtures.ts';

beforeEach(async () => {
  localStorage.clear();
  signInSession();
  localStorage.setItem('sitepulse.seenUserManagementIntro', 'true');
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('user-management routes', () => {
  it.each([
    ['/user-management', 'User Management'],
    ['/add-new-user', 'Add New User'],
    ['/edit-user/11', 'Jane Doe'],
  ])('%s opens its page for an admin', async (path, heading) => {
    serveUsers();
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it.each(['/user-management', '/add-new-user', '/edit-user/11'])(
    '%s shows the no-access page to a user who is not an admin',
    async (path) => {
      stubServer({ user: testUser({ accountType: 'USER' }) });
      renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { name: 'No Access' })).toBeTruthy();
      expect(screen.queryByRole('heading', { level: 1, name: 'Add New User' })).toBeNull();
    },
  );
});
