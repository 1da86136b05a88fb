/**
 * Sign-in through the API, for tests that need a signed-in user but are not about signing in.
 *
 * It makes the calls the login screen makes (apps/web/src/api/auth.ts) with fetch and returns the
 * local-storage values the web app then holds (apps/web/src/api/session.ts, keys prefixed
 * `sitepulse.`), so a fresh browser context can start already signed in. Tests of the login screen
 * itself keep using the UI (signIn in browser.ts).
 */
import type { Credentials } from './browser.ts';
import { demoCompany, demoPassword } from './demo.ts';

/** The prefix of every key the web app keeps in local storage. */
export const storagePrefix = 'sitepulse.';

/** Local storage of one origin, as Playwright's `storageState` takes it. */
export interface OriginStorage {
  origin: string;
  localStorage: { name: string; value: string }[];
}

interface CompanyCodeResult {
  token: string;
  companyId: number;
}
interface ServerInfo {
  companyId: number;
}
interface LoginTokens {
  accessToken: string;
  accessTokenExpiration: number;
  refreshToken: string;
  refreshTokenExpiration: number;
}
interface UserDetail {
  id: number;
  username?: string;
  roles?: unknown[];
}
interface Company {
  name?: string;
}

async function call<T>(what: string, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) {
    throw new Error(`e2e signInViaApi: ${what} answered ${res.status}: ${await res.text().catch(() => '')}`);
  }
  return (await res.json()) as T;
}

/** The username claim of the access token, as the web app reads it (usernameFromToken). */
function usernameFromToken(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { username?: unknown };
    return typeof claims.username === 'string' && claims.username ? claims.username : null;
  } catch {
    return null;
  }
}

/**
 * Signs in with the server's own calls, in the order the login screen makes them: company code, server
 * info, login (Basic auth and CompanyId), user details and company name. Returns the local storage the
 * web app has after a UI sign-in, privacy policy agreed included. Throws naming the call that failed.
 */
export async function signInViaApi(
  serverUrl: string,
  { code = demoCompany.code, username, password = demoPassword }: Credentials,
): Promise<OriginStorage> {
  const origin = new URL(serverUrl).origin;
  const api = `${origin}/api`;
  const json = { 'content-type': 'application/json' };

  const company = await call<CompanyCodeResult>('POST /auth/company_code', `${api}/auth/company_code`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ authCode: code }),
  });
  const companyId = String(company.companyId);
  const servers = await call<ServerInfo[]>(
    'GET /servers/alfred',
    `${api}/servers/alfred?companyId=${encodeURIComponent(companyId)}`,
    { headers: { Authorization: `Bearer ${company.token}`, CompanyId: companyId } },
  );
  if (!servers.some((s) => s.companyId === company.companyId)) {
    throw new Error(`e2e signInViaApi: GET /servers/alfred lists no server for company ${companyId}`);
  }

  const basic = Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
  const tokens = await call<LoginTokens>('GET /login', `${api}/login`, {
    headers: { Authorization: `Basic ${basic}`, CompanyId: companyId },
  });
  const tokenUsername = usernameFromToken(tokens.accessToken) ?? username;
  const userHeaders = { Authorization: `Bearer ${tokens.accessToken}`, CompanyId: companyId };
  const detail = await call<UserDetail>(
    'GET /v2/users/details',
    `${api}/v2/users/details?${new URLSearchParams({ username: tokenUsername, companyId })}`,
    { headers: { ...userHeaders, Username: tokenUsername } },
  );
  const companyInfo = await call<Company>('GET /companies/:id', `${api}/companies/${companyId}`, {
    headers: { ...userHeaders, Username: tokenUsername },
  });

  const values: Record<string, string | number | undefined> = {
    // Company step (submitCompanyCode, loadServerInfo).
    loginToken: company.token,
    companyId,
    authCode: code,
    baseUrl: api,
    // User step (login).
    accessToken: tokens.accessToken,
    accessTokenExpiration: tokens.accessTokenExpiration,
    refreshToken: tokens.refreshToken,
    refreshTokenExpiration: tokens.refreshTokenExpiration,
    username: detail.username || tokenUsername,
    userId: detail.id,
    roles: JSON.stringify(detail.roles ?? []),
    companyName: companyInfo.name,
    // The privacy policy is agreed before any sign-in through the UI.
    seenPrivacyPolicy: 'true',
  };
  return {
    origin,
    localStorage: Object.entries(values)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
      .map(([key, value]) => ({ name: storagePrefix + key, value: String(value) })),
  };
}
