import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { renderRoutes, signedOutEnglishTests } from '../../components/test-utils.tsx';
import { accountServer } from './test-server.ts';

signedOutEnglishTests();

describe('account routes', () => {
  it.each([
    ['/reset_pwd?token=t', 'Reset Password', 'Reset Password | Sitepulse'],
    ['/create_pwd?token=t', 'Create password', 'Reset Password | Sitepulse'],
    ['/account-setup/1/sam/sam%40demo.example', 'Account Setup', 'Account Setup | Sitepulse'],
    // A user invited by phone only has no e-mail: the address ends after the username.
    ['/account-setup/1/sam/', 'Account Setup', 'Account Setup | Sitepulse'],
  ])('%s opens its page without signing in', async (path, heading, title) => {
    accountServer();
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(document.title).toBe(title);
  });
});
