import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, signedOutEnglishTests } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import ResetPasswordPage from './ResetPasswordPage.tsx';
import { accountServer, apiError } from './test-server.ts';

const RESET = '/v2/users/cmd/reset_pwd_confirm';
const WEAK =
  'This password is too easy to guess: it is a common password, a simple pattern like 12345678, or your own name, username or e-mail. Choose a longer, less predictable one.';
const open = (search: string) => renderAt(<ResetPasswordPage />, '/reset_pwd', `/reset_pwd${search}`);
const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

function fill(password: string, confirm: string) {
  fireEvent.change(field('New password'), { target: { value: password } });
  fireEvent.change(field('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
}

signedOutEnglishTests();

describe('ResetPasswordPage', () => {
  it('checks both fields before sending anything', async () => {
    const server = accountServer({ [`POST ${RESET}`]: { ok: true } });
    open('?token=tok-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Save new password' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);

    fill('short', 'short');
    expect(await screen.findByText('Use at least 8 characters')).toBeTruthy();

    fill('long-enough-1', 'long-enough-2');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(server.bodies('POST', RESET)).toEqual([]);
  });

  it('shows and hides the password', async () => {
    accountServer();
    open('?token=tok-1');
    await screen.findByRole('button', { name: 'Save new password' });
    expect(field('New password').type).toBe('password');
    fireEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0]);
    expect(field('New password').type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field('New password').type).toBe('password');
  });

  it('sends the token and the new password, then offers the sign-in', async () => {
    const server = accountServer({ [`POST ${RESET}`]: { ok: true } });
    open('?token=tok-1');
    await screen.findByRole('button', { name: 'Save new password' });
    fill('a new password', 'a new password');
    expect(await screen.findByText('Your password was changed')).toBeTruthy();
    expect(server.bodies('POST', RESET)).toEqual([{ token: 'tok-1', password: 'a new password' }]);
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    // No sign-in token is sent with the reset: the link is the credential.
    expect(server.requests.find((r) => r.path === RESET)?.headers.get('Authorization')).toBeNull();
  });

  it('says when the link was used or has expired, and where to ask again', async () => {
    accountServer({
      [`POST ${RESET}`]: () =>
        apiError(400, 'BAD_REQUEST', 'This password reset link is invalid or has expired'),
    });
    open('?token=used');
    await screen.findByRole('button', { name: 'Save new password' });
    fill('a new password', 'a new password');
    expect(await screen.findByText('This link no longer works')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Save new password' })).toBeNull();
    // The server's own text is not shown (spec section 8).
    expect(screen.queryByText(/invalid or has expired/)).toBeNull();
  });

  it('says a new password the server finds too easy to guess is weak, and keeps the form (the link still works)', async () => {
    const server = accountServer({
      [`POST ${RESET}`]: () => apiError(400, 'WEAK_PASSWORD', 'This password is too easy to guess'),
    });
    open('?token=tok-1');
    await screen.findByRole('button', { name: 'Save new password' });
    fill('password', 'password');
    expect(await screen.findByText(WEAK)).toBeTruthy();
    expect(screen.queryByText('This link no longer works')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeTruthy();
    expect(server.bodies('POST', RESET)).toEqual([{ token: 'tok-1', password: 'password' }]);
  });

  it('says it in Spanish too', async () => {
    accountServer({ [`POST ${RESET}`]: () => apiError(400, 'WEAK_PASSWORD', 'too easy') });
    await i18n.changeLanguage('es');
    open('?token=tok-1');
    await screen.findByRole('button', { name: 'Guardar la nueva contraseña' });
    fireEvent.change(field('Nueva contraseña'), { target: { value: '12345678' } });
    fireEvent.change(field('Confirmar la nueva contraseña'), { target: { value: '12345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar la nueva contraseña' }));
    expect(await screen.findByText(/^Esta contraseña es demasiado fácil de adivinar/)).toBeTruthy();
  });

  it('keeps the form for a failure that is not about the link', async () => {
    accountServer({ [`POST ${RESET}`]: () => apiError(500, 'INTERNAL_ERROR', 'boom') });
    open('?token=tok-1');
    await screen.findByRole('button', { name: 'Save new password' });
    fill('a new password', 'a new password');
    expect(await screen.findByText('Oops, something went wrong. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeTruthy();
  });

  it('without a token, says the link does not work and sends nothing', async () => {
    const server = accountServer();
    open('');
    expect(await screen.findByText('This link no longer works')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    await waitFor(() => expect(server.writes()).toEqual([]));
  });

  it('speaks Spanish', async () => {
    accountServer();
    await i18n.changeLanguage('es');
    open('?token=tok-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Restablecer contraseña' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar la nueva contraseña' })).toBeTruthy();
  });
});
