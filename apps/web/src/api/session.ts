/**
 * The session values of spec section 3, kept in localStorage under one prefix. This module is the only
 * place that reads or writes them.
 */
import { SEEN_FLAGS } from '@sitepulse/domain';

const PREFIX = 'sitepulse.';

export const SESSION_KEYS = {
  accessToken: 'accessToken',
  accessTokenExpiration: 'accessTokenExpiration',
  refreshToken: 'refreshToken',
  refreshTokenExpiration: 'refreshTokenExpiration',
  username: 'username',
  roles: 'roles',
  companyId: 'companyId',
  companyName: 'companyName',
  userId: 'userId',
  authCode: 'authCode',
  baseUrl: 'baseUrl',
  loginToken: 'loginToken',
  currentGroupId: 'currentGroupId',
  measurementUnits: 'measurementUnits',
  qrFormat: 'qrFormat',
  landingUrl: 'landingUrl',
} as const;
export type SessionKey = keyof typeof SESSION_KEYS;

/** 'Seen' flags (domain SEEN_FLAGS) survive a company-reset logout (spec section 4). */
export { SEEN_FLAGS };
export type SeenFlag = keyof typeof SEEN_FLAGS;

export function readSession(key: SessionKey): string | null {
  return localStorage.getItem(PREFIX + SESSION_KEYS[key]);
}

export function writeSession(values: Partial<Record<SessionKey, string | number | null | undefined>>): void {
  for (const [key, value] of Object.entries(values)) {
    const storageKey = PREFIX + SESSION_KEYS[key as SessionKey];
    if (value === null || value === undefined) localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, String(value));
  }
}

export function readNumber(key: SessionKey): number | null {
  const raw = readSession(key);
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

export function hasSeen(flag: SeenFlag): boolean {
  return localStorage.getItem(PREFIX + SEEN_FLAGS[flag]) === 'true';
}

export function markSeen(flag: SeenFlag): void {
  localStorage.setItem(PREFIX + SEEN_FLAGS[flag], 'true');
}

/** The signed-in user's credentials: what logout clears (spec section 4). */
const CREDENTIAL_KEYS: SessionKey[] = [
  'accessToken',
  'accessTokenExpiration',
  'refreshToken',
  'refreshTokenExpiration',
  'username',
  'roles',
  'userId',
];

export function clearCredentials(): void {
  for (const key of CREDENTIAL_KEYS) localStorage.removeItem(PREFIX + SESSION_KEYS[key]);
}

/** Company-reset logout: everything goes except the seen flags, back to the auth-code step. */
export function clearAllButSeenFlags(): void {
  const keep = new Set(Object.values(SEEN_FLAGS).map((k) => PREFIX + k));
  const toRemove: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k && !keep.has(k)) toRemove.push(k);
  }
  for (const k of toRemove) localStorage.removeItem(k);
}

/** Plain logout clears all of local storage (spec section 4: "It clears local storage and reloads"), keeping
 * the company token, server address and seen flags so the next sign-in starts at step 2. */
export function clearForLogout(): void {
  const keep = new Set<string>([
    ...Object.values(SEEN_FLAGS).map((k) => PREFIX + k),
    PREFIX + SESSION_KEYS.loginToken,
    PREFIX + SESSION_KEYS.baseUrl,
    PREFIX + SESSION_KEYS.companyId,
    PREFIX + SESSION_KEYS.companyName,
    PREFIX + SESSION_KEYS.authCode,
  ]);
  const toRemove: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k && !keep.has(k)) toRemove.push(k);
  }
  for (const k of toRemove) localStorage.removeItem(k);
}

export interface SessionSnapshot {
  loginToken: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  refreshTokenExpiration: number | null;
  accessTokenExpiration: number | null;
  username: string | null;
  companyId: number | null;
  roles: string[];
}

export function sessionSnapshot(): SessionSnapshot {
  let roles: string[] = [];
  try {
    roles = JSON.parse(readSession('roles') ?? '[]');
  } catch {
    roles = [];
  }
  return {
    loginToken: readSession('loginToken'),
    accessToken: readSession('accessToken'),
    refreshToken: readSession('refreshToken'),
    refreshTokenExpiration: readNumber('refreshTokenExpiration'),
    accessTokenExpiration: readNumber('accessTokenExpiration'),
    username: readSession('username'),
    companyId: readNumber('companyId'),
    roles,
  };
}
