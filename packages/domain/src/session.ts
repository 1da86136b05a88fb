import { type TimeInput, toEpochMs } from './time.ts';

/**
 * Whether a stored token has expired (section 5): expired when its expiry is at or before now.
 * A missing or unreadable expiry counts as expired, so no link is built from a token of unknown
 * age. `now` defaults to the current time.
 */
export function isTokenExpired(expiry: TimeInput | null | undefined, now: TimeInput = Date.now()): boolean {
  const e = toEpochMs(expiry);
  const n = toEpochMs(now);
  if (e === null || n === null) return true;
  return e <= n;
}

/**
 * The client session values the signed-in check reads (section 3 "session values", section 4
 * "signed-in check"). Field names follow the login result (accessToken, refreshToken,
 * refreshTokenExpiration) plus loginToken, the company token from the auth-code step.
 */
export interface SessionTokens {
  /** Company token from the auth-code step. */
  loginToken?: string | null;
  accessToken?: string | null;
  accessTokenExpiration?: TimeInput | null;
  refreshToken?: string | null;
  /** Epoch ms or ISO; missing means the refresh token does not expire. */
  refreshTokenExpiration?: TimeInput | null;
}

function present(v: string | null | undefined): boolean {
  return typeof v === 'string' && v !== '';
}

/**
 * Signed-in check (section 4): a login token, an access token and a refresh token exist, and
 * the refresh-token expiry is missing or strictly in the future. An expiry that is present but
 * unreadable is treated as expired.
 */
export function isSignedIn(session: SessionTokens | null | undefined, now: TimeInput = Date.now()): boolean {
  if (!session) return false;
  if (!present(session.loginToken) || !present(session.accessToken) || !present(session.refreshToken))
    return false;
  const exp = session.refreshTokenExpiration;
  if (exp === null || exp === undefined || exp === '') return true;
  return !isTokenExpired(exp, now);
}
