import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasSeen, markSeen, readSession, writeSession } from '../../api/session.ts';
import LoginPage from './LoginPage.tsx';
import { demoServer, json, renderAtLogin, testConfig } from './test-utils.tsx';

const WRONG_CODE = 'Incorrect code. Code is case-sensitive. Please try again.';
const LOGIN_FAILED = 'An error has occurred, please try again later.';

const tokens = {
  accessToken: 'header.eyJ1c2VybmFtZSI6ImFkbWluIn0.sig', // payload {"username":"admin"}
  accessTokenExpiration: Date.now() + 3_600_000,
  refreshToken: 'refresh-token',
  refreshTokenExpiration: Date.now() + 86_400_000,
};
const adminDetail = {
  id: 42,
  username: 'admin',
  companyId: 7,
  homeCompanyId: 7,
  email: 'admin@demo.example',
  phone: '+16135550101',
  firstName: 'Ada',
  lastName: 'Admin',
  accountType: 'ADMIN',
  isActive: true,
  roles: ['ADMIN'],
  userSettingData: [],
  userTenantGroupData: [],
  userInvitationData: { status: 'ACTIVE' },
};

/** A browser that already passed the code step: company token and server address stored. */
function storeCompany() {
  writeSession({
    loginToken: 'company-token',
    companyId: 7,
    baseUrl: 'http://localhost/api',
    companyName: 'Demo Construction',
  });
}

const codeInput = () => screen.getByLabelText('Company auth code');
const usernameInput = () => screen.queryByRole('textbox', { name: 'Username or Email' });

/**
 * The login screen at the user-login step, once that step's chunk has loaded (it is lazy: a first visit
 * starts at the code step and does not download it).
 */
async function renderAtUserStep(state?: unknown) {
  const rendered = renderAtLogin(<LoginPage />, state);
  await screen.findByRole('textbox', { name: 'Username or Email' });
  return rendered;
}

/** Chooses the phone tab and waits for the phone input (loaded with libphonenumber-js when needed). */
async function choosePhoneTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'phone' }));
  return screen.findByRole('textbox', { name: 'Phone number' });
}

beforeEach(() => {
  localStorage.clear();
  markSeen('privacyPolicy');
  window.dataLayer = undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('login: company auth code step', () => {
  it('submits by itself once the 5th character is typed, saves the company and moves to user login', async () => {
    const server = demoServer();
    const user = userEvent.setup();
    renderAtLogin(<LoginPage />);
    await user.type(codeInput(), 'DEMO');
    expect(server.calls('POST', '/auth/company_code')).toHaveLength(0);
    await user.type(codeInput(), '1');
    expect(await screen.findByRole('textbox', { name: 'Username or Email' })).toBeTruthy();
    expect(server.calls('POST', '/auth/company_code').map((r) => r.body)).toEqual([{ authCode: 'DEMO1' }]);
    expect(server.calls('GET', '/servers/alfred')[0].headers.get('Authorization')).toBe(
      'Bearer company-token',
    );
    expect(readSession('loginToken')).toBe('company-token');
    expect(readSession('companyId')).toBe('7');
    expect(readSession('baseUrl')).toBe(`${window.location.origin}/api`);
  });

  it('shows the wrong-code message word for word, the firewall note with the help link, and records the event', async () => {
    demoServer();
    const user = userEvent.setup();
    renderAtLogin(<LoginPage />);
    await user.type(codeInput(), 'demo1');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(WRONG_CODE)).toBeTruthy();
    expect(alert.textContent).toMatch(/network firewall may be blocking the connection/);
    await waitFor(() =>
      expect(within(alert).getByRole('link', { name: 'Get help' }).getAttribute('href')).toBe(
        testConfig.helpUrl,
      ),
    );
    expect(window.dataLayer).toEqual([{ event: 'auth_code_failed' }]);
    expect(usernameInput()).toBeNull();
    expect(readSession('loginToken')).toBeNull();
  });

  it("forces uppercase when 'Force uppercase' is on", async () => {
    const server = demoServer();
    const user = userEvent.setup();
    renderAtLogin(<LoginPage />);
    await user.click(screen.getByRole('switch', { name: 'Force uppercase' }));
    await user.type(codeInput(), 'demo1');
    expect(await screen.findByRole('textbox', { name: 'Username or Email' })).toBeTruthy();
    expect(server.calls('POST', '/auth/company_code')[0].body).toEqual({ authCode: 'DEMO1' });
  });

  it("says 'Too many attempts' when the server rate-limits (429)", async () => {
    demoServer({
      'POST /auth/company_code': json(429, { error: { code: 'RATE_LIMITED', message: 'Slow down' } }),
    });
    const user = userEvent.setup();
    renderAtLogin(<LoginPage />);
    await user.type(codeInput(), 'DEMO1');
    expect(
      await screen.findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeTruthy();
    expect(screen.queryByText(WRONG_CODE)).toBeNull();
    expect(window.dataLayer).toBeUndefined();
  });

  it('starts at the user-login step when a company token and server address are stored', async () => {
    storeCompany();
    demoServer();
    await renderAtUserStep();
    expect(usernameInput()).toBeTruthy();
    expect(screen.queryByLabelText('Company auth code')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Username or Email' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'phone' })).toBeTruthy();
    expect(screen.getByText('Sign in to Demo Construction')).toBeTruthy();
  });

  it('starts at the code step when only a company token is stored (no server address)', () => {
    writeSession({ loginToken: 'company-token', companyId: 7 });
    demoServer();
    renderAtLogin(<LoginPage />);
    expect(codeInput()).toBeTruthy();
    expect(usernameInput()).toBeNull();
  });

  it('shows the company logo from its asset, and the generic logo when it fails to load', async () => {
    storeCompany();
    demoServer({
      'GET /companies/assets/by_companyId': json(200, [{ binVal: 'aGVsbG8=', mimeType: 'image/png' }]),
    });
    renderAtLogin(<LoginPage />);
    const logo = (await screen.findByRole('img', { name: 'Company logo' })) as HTMLImageElement;
    expect(logo.src).toBe('data:image/png;base64,aGVsbG8=');
    logo.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('img', { name: 'Sitepulse logo' })).toBeTruthy();
  });
});

describe('login: user step', () => {
  beforeEach(storeCompany);

  it("shows 'Required' under an empty username and password and calls nothing", async () => {
    const server = demoServer();
    const user = userEvent.setup();
    await renderAtUserStep();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(server.calls('GET', '/login')).toHaveLength(0);
  });

  it('after a refused submit, puts the cursor in the first field to fix and takes each message away once fixed', async () => {
    const server = demoServer();
    const user = userEvent.setup();
    await renderAtUserStep();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(usernameInput()));
    await user.type(usernameInput()!, 'admin');
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(1));
    expect(server.calls('GET', '/login')).toHaveLength(0);
  });

  it("shows 'Too Long!' for a 46-character username, not for 45", async () => {
    demoServer({ 'GET /login': json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } }) });
    const user = userEvent.setup();
    await renderAtUserStep();
    await user.type(usernameInput()!, 'u'.repeat(46));
    await user.type(screen.getByLabelText(/^Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Too Long!')).toBeTruthy();
    await user.type(usernameInput()!, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(LOGIN_FAILED)).toBeTruthy();
    expect(screen.queryByText('Too Long!')).toBeNull();
  });

  it('shows the login failure message when the server refuses the password', async () => {
    demoServer({ 'GET /login': json(401, { error: { code: 'UNAUTHORIZED', message: 'Unauthorized' } }) });
    const user = userEvent.setup();
    await renderAtUserStep();
    await user.type(usernameInput()!, 'admin');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(LOGIN_FAILED)).toBeTruthy();
    expect(readSession('accessToken')).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('toggles the password between hidden and shown', async () => {
    demoServer();
    const user = userEvent.setup();
    await renderAtUserStep();
    const password = screen.getByLabelText(/^Password/) as HTMLInputElement;
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('signs in with Basic auth and the CompanyId header, saves the session and returns to where the user came from', async () => {
    const server = demoServer({
      'GET /login': json(200, tokens),
      'GET /v2/users/details': json(200, adminDetail),
    });
    writeSession({ companyName: null });
    const user = userEvent.setup();
    await renderAtUserStep({ from: { pathname: '/reports', search: '?x=1' } });
    await user.type(usernameInput()!, 'admin');
    await user.type(screen.getByLabelText(/^Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/reports');
    const [loginCall] = server.calls('GET', '/login');
    expect(loginCall.headers.get('Authorization')).toBe(`Basic ${btoa('admin:demo1234')}`);
    expect(loginCall.headers.get('CompanyId')).toBe('7');
    expect(readSession('accessToken')).toBe(tokens.accessToken);
    expect(readSession('refreshToken')).toBe('refresh-token');
    expect(readSession('username')).toBe('admin');
    expect(readSession('userId')).toBe('42');
    expect(JSON.parse(readSession('roles') ?? 'null')).toEqual(['ADMIN']);
    expect(readSession('companyName')).toBe('Demo Construction');
    expect(server.calls('GET', '/v2/users/details')[0].headers.get('Authorization')).toBe(
      `Bearer ${tokens.accessToken}`,
    );
  });
});

describe('login: phone tab', () => {
  beforeEach(storeCompany);

  it('defaults to Canada and has a country search', async () => {
    demoServer();
    const user = userEvent.setup();
    await renderAtUserStep();
    await choosePhoneTab(user);
    const country = screen.getByRole('button', { name: /country/i });
    expect(country.getAttribute('aria-label')).toBe('Country: Canada');
    expect(country.textContent).toContain('+1');
    await user.click(country);
    await user.type(screen.getByRole('searchbox', { name: 'Search country' }), 'Mexi');
    expect(screen.getByRole('option', { name: /Mexico/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Germany/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: /Mexico/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /country/i }).getAttribute('aria-label')).toBe(
        'Country: Mexico',
      ),
    );
  });

  it("shows 'Invalid phone number' for a bad number and clears it when emptied", async () => {
    demoServer();
    const user = userEvent.setup();
    await renderAtUserStep();
    const phone = await choosePhoneTab(user);
    await user.type(phone, '12345');
    await user.tab();
    expect(screen.getByText('Invalid phone number')).toBeTruthy();
    await user.clear(phone);
    await user.tab();
    expect(screen.queryByText('Invalid phone number')).toBeNull();
  });

  it("signs in with the E.164 number ('+' prefixed) as the username", async () => {
    const server = demoServer({
      'GET /login': json(200, tokens),
      'GET /v2/users/details': json(200, adminDetail),
    });
    const user = userEvent.setup();
    await renderAtUserStep();
    await user.type(await choosePhoneTab(user), '613 555 0101');
    await user.type(screen.getByLabelText(/^Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    const auth = server.calls('GET', '/login')[0].headers.get('Authorization') ?? '';
    expect(atob(auth.replace('Basic ', ''))).toBe('+16135550101:demo1234');
    // The session keeps the account's username (from the token), not the phone number.
    expect(readSession('username')).toBe('admin');
  });
});

describe('login: privacy-policy overlay', () => {
  it('stays open on Escape, closes on Agree, and is never shown again', async () => {
    localStorage.clear();
    demoServer();
    const user = userEvent.setup();
    const first = renderAtLogin(<LoginPage />);
    const dialog = screen.getByRole('dialog', { name: 'Privacy Policy' });
    expect(within(dialog).getByText(/I have read and agree with the/)).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe(
        testConfig.privacyPolicyUrl,
      ),
    );
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Privacy Policy' })).toBeTruthy();
    expect(hasSeen('privacyPolicy')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Agree' }));
    expect(hasSeen('privacyPolicy')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Privacy Policy' })).toBeNull());
    first.unmount();
    renderAtLogin(<LoginPage />);
    expect(screen.queryByRole('dialog', { name: 'Privacy Policy' })).toBeNull();
  });
});

describe('login: forgot password', () => {
  beforeEach(storeCompany);

  it('opens the forgot-password dialog from the user step (loaded on first use)', async () => {
    demoServer();
    const user = userEvent.setup();
    await renderAtUserStep();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password?' });
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
