import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../api/session.ts';
import {
  LocationProbe,
  renderRoutes,
  signedOutEnglishTests,
  testConfig,
  testUser,
} from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import CreatePasswordPage from './CreatePasswordPage.tsx';
import { accountServer, apiError, json } from './test-server.ts';

const CREATE = '/v2/users/cmd/change_temp_pwd';
const invitee = testUser({
  id: 42,
  username: 'sam.rivera',
  companyId: 7,
  homeCompanyId: 7,
  email: 'sam@demo.example',
  accountType: 'USER',
  userInvitationData: { status: 'INVITATION_WELCOME_EMAIL_SENT' },
});
const tokens = {
  accessToken: 'access-7',
  accessTokenExpiration: Date.now() + 600_000,
  refreshToken: 'refresh-7',
  refreshTokenExpiration: Date.now() + 3_600_000,
};

/** The create-password call and the sign-in calls of a server for company 7. */
function serve(created: object | ((req: unknown) => Response)) {
  return accountServer(
    {
      [`POST ${CREATE}`]: created,
      'GET /servers/alfred': [{ host: 'localhost', port: 8080, companyId: 7 }],
      'GET /login': tokens,
      'GET /companies/7': { id: 7, name: 'Demo Construction', creationDate: 0 },
    },
    { user: invitee },
  );
}

function open(search = '?token=invite-1') {
  return renderRoutes(
    [
      { path: '/create_pwd', element: <CreatePasswordPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    `/create_pwd${search}`,
  );
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
function fill(password: string, confirm = password) {
  fireEvent.change(field('New password'), { target: { value: password } });
  fireEvent.change(field('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Create password' }));
}

signedOutEnglishTests();

describe('CreatePasswordPage', () => {
  it('checks the password before sending it', async () => {
    const server = serve({ companyId: 7, username: 'sam.rivera', email: '' });
    open();
    await screen.findByRole('button', { name: 'Create password' });
    fill('1234567');
    expect(await screen.findByText('Use at least 8 characters')).toBeTruthy();
    fill('12345678', '12345679');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(server.writes()).toEqual([]);
  });

  it('on a fresh browser, sets the password, signs in with it and goes home', async () => {
    const server = serve({
      companyId: 7,
      username: 'sam.rivera',
      email: 'sam@demo.example',
      companyToken: 'company-token-7',
    });
    open();
    await screen.findByRole('button', { name: 'Create password' });
    fill('my first password');

    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(server.bodies('POST', CREATE)).toEqual([{ token: 'invite-1', password: 'my first password' }]);
    const login = server.requests.find((r) => r.path === '/login');
    expect(login?.headers.get('CompanyId')).toBe('7');
    expect(login?.headers.get('Authorization')).toBe(`Basic ${btoa('sam.rivera:my first password')}`);
    // A full session for company 7: the guards count it as signed in and send the invitee to account setup.
    expect(readSession('companyId')).toBe('7');
    expect(readSession('loginToken')).toBe('company-token-7');
    expect(readSession('accessToken')).toBe('access-7');
    expect(readSession('username')).toBe('sam.rivera');
  });

  it('uses the company token already stored for that company', async () => {
    localStorage.setItem('sitepulse.companyId', '7');
    localStorage.setItem('sitepulse.loginToken', 'stored-token-7');
    const server = serve({ companyId: 7, username: 'sam.rivera', email: '' });
    open();
    await screen.findByRole('button', { name: 'Create password' });
    fill('my first password');
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(server.requests.some((r) => r.path === '/login')).toBe(true);
    expect(readSession('loginToken')).toBe('stored-token-7');
  });

  it("replaces another company's session on this browser", async () => {
    for (const [k, v] of Object.entries({
      companyId: '3',
      loginToken: 'token-of-company-3',
      authCode: 'OTHER',
      accessToken: 'access-of-someone-else',
      username: 'someone.else',
      currentGroupId: '12',
    }))
      localStorage.setItem(`sitepulse.${k}`, v);
    serve({ companyId: 7, username: 'sam.rivera', email: '', companyToken: 'company-token-7' });
    open();
    await screen.findByRole('button', { name: 'Create password' });
    fill('my first password');
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(readSession('companyId')).toBe('7');
    expect(readSession('loginToken')).toBe('company-token-7');
    expect(readSession('accessToken')).toBe('access-7');
    expect(readSession('username')).toBe('sam.rivera');
    expect(readSession('authCode')).toBeNull();
    expect(readSession('currentGroupId')).toBeNull();
  });

  it("asks for a sign-in when no company token is known for the invitee's company", async () => {
    localStorage.setItem('sitepulse.companyId', '3');
    localStorage.setItem('sitepulse.loginToken', 'token-of-company-3');
    const server = serve({ companyId: 7, username: 'sam.rivera', email: '' });
    open();
    await screen.findByRole('button', { name: 'Create password' });
    fill('my first password');
    expect(await screen.findByText('Your password is set')).toBeTruthy();
    expect(screen.getByText(/your username sam\.rivera and your new password/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    // Company 3's token cannot sign in to company 7: no login was tried.
    expect(server.requests.some((r) => r.path === '/login')).toBe(false);
  });

  it('when the sign-in fails after the password is set, says so and offers the sign-in', async () => {
    const server = accountServer(
      {
        [`POST ${CREATE}`]: {
          companyId: 7,
          username: 'sam.rivera',
          email: '',
          companyToken: 'company-token-7',
        },
        'GET /servers/alfred': [{ host: 'localhost', port: 8080, companyId: 7 }],
        'GET /login': () => apiError(401, 'UNAUTHORIZED', 'Wrong username or password'),
      },
      { user: invitee },
    );
    open();
    await screen.findByRole('button', { name: 'Create password' });
    fill('my first password');
    expect(await screen.findByText('Your password is set')).toBeTruthy();
    expect(server.requests.filter((r) => r.path === '/login')).toHaveLength(1);
    expect(readSession('accessToken')).toBeNull();
  });

  it('an expired or used link shows the help link and asks for a new invitation', async () => {
    const server = serve(() =>
      apiError(400, 'BAD_REQUEST', 'This invitation link is invalid or has expired'),
    );
    open();
    await screen.findByRole('button', { name: 'Create password' });
    fill('my first password');
    expect(await screen.findByText('This invitation link no longer works')).toBeTruthy();
    expect(screen.getByText('Ask your administrator to resend the invitation.')).toBeTruthy();
    const help = await screen.findByRole('link', { name: 'Help with an expired link' });
    expect(help.getAttribute('href')).toBe(testConfig.helpUrl);
    expect(server.requests.some((r) => r.path === '/login')).toBe(false);
  });

  it('a password the server finds too easy to guess keeps the form and says why', async () => {
    const server = serve(() => apiError(400, 'WEAK_PASSWORD', 'This password is too easy to guess'));
    open();
    await screen.findByRole('button', { name: 'Create password' });
    fill('iloveyou');
    expect(await screen.findByText(/^This password is too easy to guess/)).toBeTruthy();
    expect(screen.queryByText('This invitation link no longer works')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create password' })).toBeTruthy();
    expect(server.requests.some((r) => r.path === '/login')).toBe(false);
  });

  it('without a token, shows the same help and sends nothing', async () => {
    const server = serve(() => json(200, {}));
    open('');
    expect(await screen.findByText('This invitation link no longer works')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Help with an expired link' })).toBeTruthy();
    expect(server.writes()).toEqual([]);
  });

  it('speaks Spanish', async () => {
    serve({ companyId: 7, username: 'sam.rivera', email: '' });
    await i18n.changeLanguage('es');
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Crear contraseña' })).toBeTruthy();
  });
});
