import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasSeen } from '../../api/session.ts';
import { LocationProbe, renderRoutes, signedInEnglishTests, testUser } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import SecureYourAccountPrompt from './SecureYourAccountPrompt.tsx';
import { accountServer } from './test-server.ts';

/** The prompt above a page, as the shell mounts it. */
const open = (path = '/') =>
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <SecureYourAccountPrompt />
            <LocationProbe />
          </>
        ),
      },
    ],
    path,
  );
const prompt = () => screen.queryByRole('region', { name: 'Secure your account' });

signedInEnglishTests();

describe('SecureYourAccountPrompt', () => {
  it('asks a user without a phone number once: "Not now" hides it for good', async () => {
    accountServer({}, { user: testUser({ phone: null }) });
    open();
    expect(await screen.findByRole('region', { name: 'Secure your account' })).toBeTruthy();
    expect(prompt()?.textContent).toContain(
      'Add a phone number so you can sign in with it and recover your account.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(prompt()).toBeNull();
    expect(hasSeen('secureYourAccount')).toBe(true);

    // Another visit on this browser: not asked again.
    cleanup();
    const server = accountServer({}, { user: testUser({ phone: null }) });
    open();
    await waitFor(() => expect(server.requests.some((r) => r.path === '/v2/users/details')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(prompt()).toBeNull();
  });

  it('"Add phone" goes to my profile and is not asked again', async () => {
    accountServer({}, { user: testUser({ phone: null }) });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add phone' }));
    expect(screen.getByTestId('location').textContent).toBe('/my-profile');
    expect(prompt()).toBeNull();
    expect(hasSeen('secureYourAccount')).toBe(true);
  });

  it('never asks a user who has a phone number', async () => {
    const server = accountServer({}, { user: testUser({ phone: '+16132360123' }) });
    open();
    await waitFor(() => expect(server.requests.some((r) => r.path === '/v2/users/details')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(prompt()).toBeNull();
    expect(hasSeen('secureYourAccount')).toBe(false);
  });

  it('speaks Spanish', async () => {
    accountServer({}, { user: testUser({ phone: null }) });
    await i18n.changeLanguage('es');
    open();
    expect(await screen.findByRole('region', { name: 'Proteja su cuenta' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ahora no' })).toBeTruthy();
  });
});
