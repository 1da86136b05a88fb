import type {
  Company,
  CompanyAsset,
  CompanyCodeResult,
  LoginTokens,
  ServerInfo,
  UserDetail,
} from '@sitepulse/contracts';
import {
  isForgotPasswordSuccess,
  LOGIN_TIMEOUT_MS,
  LOGO_ASSET_TYPE,
  LOGOUT_TIMEOUT_MS,
  RETRY_LIMIT,
} from '@sitepulse/domain';
import { ApiError, apiFetch } from './client.ts';
import {
  clearAllButSeenFlags,
  clearCredentials,
  clearForLogout,
  readSession,
  writeSession,
} from './session.ts';

/**
 * The sign-in calls of spec sections 4 and 7: company auth code, server info, login, logout, company
 * reset and the forgot-password request. Session values are written only through session.ts.
 */

/** Page navigation, in one object so tests can observe it (jsdom cannot navigate). */
export const browserNavigation = {
  assign: (url: string): void => window.location.assign(url),
  reload: (): void => window.location.reload(),
};

/** The server-info call kept failing after every retry: the login screen offers a retry screen. */
export class ServerInfoError extends Error {
  constructor(cause: unknown) {
    super('Server info unavailable', { cause });
    this.name = 'ServerInfoError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  /** Pause between attempts (ms). */
  retryDelayMs?: number;
  /** Told of every failed attempt (1-based) before the next one. */
  onAttemptFailed?: (attempt: number) => void;
}

/**
 * Fetches the company's server info, retrying up to RETRY_LIMIT times (spec section 8), and saves the data
 * server's base URL. Dashboard and data server share one origin (docs/decisions/web-session-and-origin.md),
 * so the base URL is this origin's /api once the server confirms the company's server.
 */
export async function loadServerInfo(companyId: number, options: RetryOptions = {}): Promise<string> {
  const { retryDelayMs = 500, onAttemptFailed } = options;
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_LIMIT; attempt++) {
    try {
      const servers = await apiFetch<ServerInfo[]>('/servers/alfred', {
        auth: 'company',
        query: { companyId },
      });
      if (!servers.some((s) => s.companyId === companyId))
        throw new ApiError('No server for company', 'NO_SERVER');
      const baseUrl = `${window.location.origin}/api`;
      writeSession({ baseUrl });
      return baseUrl;
    } catch (err) {
      lastError = err;
      if (attempt < RETRY_LIMIT) {
        onAttemptFailed?.(attempt + 1);
        await sleep(retryDelayMs);
      }
    }
  }
  throw new ServerInfoError(lastError);
}

/** The company's logo as a data URL, or null when it has none (a failed load is ignored: spec section 8). */
export async function fetchCompanyLogo(companyId: number, signal?: AbortSignal): Promise<string | null> {
  try {
    const assets = await apiFetch<Pick<CompanyAsset, 'binVal' | 'mimeType'>[]>(
      '/companies/assets/by_companyId',
      {
        auth: 'company',
        query: { companyId, type: LOGO_ASSET_TYPE },
        signal,
      },
    );
    const logo = assets.find((a) => a.binVal);
    return logo ? `data:${logo.mimeType || 'image/png'};base64,${logo.binVal}` : null;
  } catch {
    return null;
  }
}

/** The company's name, for the login screen's greeting; needs a signed-in user. A failure is ignored. */
async function saveCompanyName(companyId: number | string): Promise<void> {
  try {
    // Explicit headers (auth 'none'): a refusal here must not end the fresh session through the refresh path.
    const company = await apiFetch<Company>(`/companies/${companyId}`, {
      auth: 'none',
      headers: userHeaders(),
    });
    if (company?.name) writeSession({ companyName: company.name });
  } catch {
    /* the name is a nicety: the sign-in goes on without it */
  }
}

/**
 * The auth-code step: POST /auth/company_code, saves the company (login) token and company id, then the
 * server info with retries. A wrong code rejects with an ApiError (401; 429 when rate-limited); a server-info
 * failure after every retry rejects with ServerInfoError (the company token is kept so a retry can resume).
 */
export async function submitCompanyCode(
  code: string,
  options: RetryOptions & { signal?: AbortSignal } = {},
): Promise<CompanyCodeResult> {
  const result = await apiFetch<CompanyCodeResult>('/auth/company_code', {
    method: 'POST',
    auth: 'none',
    body: { authCode: code },
    signal: options.signal,
  });
  writeSession({ loginToken: result.token, companyId: result.companyId, authCode: code, baseUrl: null });
  await completeCompanySetup(result.companyId, options);
  return result;
}

/** After a valid code: the server info, with retries. Also the retry screen's action. */
export async function completeCompanySetup(companyId: number, options: RetryOptions = {}): Promise<void> {
  await loadServerInfo(companyId, options);
}

/** base64 of the UTF-8 bytes, so a password with accents still makes a valid Basic header. */
export function basicAuth(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}

/** The username claim of our access token (a JWT), so an e-mail or phone sign-in keeps the real username. */
export function usernameFromToken(token: string): string | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
    return typeof claims.username === 'string' && claims.username ? claims.username : null;
  } catch {
    return null;
  }
}

export interface LoginInput {
  /** A username, an e-mail address, or a phone number in E.164 form ('+' prefixed). */
  username: string;
  password: string;
}

/**
 * GET /login with Basic auth and the CompanyId header (timeout 60 s), saves the tokens, then fetches the
 * user's details and saves username, user id and roles. Any failure leaves no half-signed-in session.
 */
export async function login({ username, password }: LoginInput): Promise<UserDetail> {
  const companyId = readSession('companyId');
  if (!companyId) throw new ApiError('No company selected', 'NO_COMPANY');
  const tokens = await apiFetch<LoginTokens>('/login', {
    auth: 'none',
    headers: { Authorization: basicAuth(username, password), CompanyId: companyId },
    timeoutMs: LOGIN_TIMEOUT_MS,
  });
  const name = usernameFromToken(tokens.accessToken) ?? username;
  writeSession({ ...tokens, username: name });
  try {
    const detail = await apiFetch<UserDetail>('/v2/users/details', {
      query: { username: name, companyId },
    });
    writeSession({
      username: detail.username || name,
      userId: detail.id,
      roles: JSON.stringify(detail.roles ?? []),
    });
    await saveCompanyName(companyId);
    return detail;
  } catch (err) {
    writeSession({
      accessToken: null,
      accessTokenExpiration: null,
      refreshToken: null,
      refreshTokenExpiration: null,
      username: null,
    });
    throw err;
  }
}

/**
 * Signs in on a browser that may never have gone through the company-code step (after /create_pwd): makes
 * `companyId` the stored company (another company's token and credentials go), stores its company token
 * when one is given, loads the server info, then logs in as login() does. The session counts as signed in
 * only if a company token is stored for that company in the end.
 */
export async function loginToCompany(
  companyId: number,
  input: LoginInput,
  companyToken?: string,
): Promise<UserDetail> {
  if (readSession('companyId') !== String(companyId)) {
    clearCredentials();
    writeSession({
      companyId,
      loginToken: null,
      authCode: null,
      companyName: null,
      baseUrl: null,
      currentGroupId: null,
      landingUrl: null,
    });
  }
  if (companyToken) writeSession({ loginToken: companyToken });
  await completeCompanySetup(companyId);
  return login(input);
}

/** Bearer, CompanyId and Username headers of the signed-in user (spec section 7). */
function userHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const accessToken = readSession('accessToken');
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const companyId = readSession('companyId');
  if (companyId) headers.CompanyId = companyId;
  const username = readSession('username');
  if (username) headers.Username = username;
  return headers;
}

/**
 * Logout (spec section 4): tells the server (GET /logout, 10 s), then clears the stored credentials and goes
 * to the login page, even when the call fails. The company token stays, so sign-in resumes at step 2.
 */
export async function logout(): Promise<void> {
  try {
    // auth 'none' with explicit headers: a logout must not trigger a token refresh.
    await apiFetch<unknown>('/logout', {
      auth: 'none',
      headers: userHeaders(),
      timeoutMs: LOGOUT_TIMEOUT_MS,
    });
  } catch {
    /* the session is ended locally whatever the server says */
  } finally {
    clearForLogout();
    browserNavigation.assign('/login');
  }
}

/** Company-reset logout: everything but the seen flags goes; reload, back at the auth-code step. */
export function resetCompany(): void {
  clearAllButSeenFlags();
  browserNavigation.reload();
}

/**
 * POST /v2/users/cmd/init_reset_pwd/by_email. A 401 means the address is unknown and is treated as success
 * (spec sections 4, 8), so the dialog does not reveal which addresses have accounts.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const companyId = Number(readSession('companyId'));
  try {
    await apiFetch<unknown>('/v2/users/cmd/init_reset_pwd/by_email', {
      method: 'POST',
      auth: 'company',
      body: { companyId, email },
    });
  } catch (err) {
    if (err instanceof ApiError && err.status !== undefined && isForgotPasswordSuccess(err.status)) return;
    throw err;
  }
}
