import { describe, expect, it } from 'vitest';
import { isSignedIn, isTokenExpired } from './session.ts';

const NOW = Date.UTC(2024, 4, 1, 12);

describe('isTokenExpired (section 5)', () => {
  it.each([
    ['expiry before now', NOW - 1, true],
    ['expiry equal to now', NOW, true],
    ['expiry after now', NOW + 1, false],
    ['ISO expiry after now', new Date(NOW + 60_000).toISOString(), false],
    ['ISO expiry before now', new Date(NOW - 60_000).toISOString(), true],
    ['missing expiry', null, true],
    ['undefined expiry', undefined, true],
    ['unreadable expiry', 'soon', true],
  ])('%s', (_name, expiry, expired) => {
    expect(isTokenExpired(expiry, NOW)).toBe(expired);
  });

  it('accepts now as a Date or ISO text, and defaults it', () => {
    expect(isTokenExpired(NOW, new Date(NOW))).toBe(true);
    expect(isTokenExpired(NOW + 1, new Date(NOW).toISOString())).toBe(false);
    expect(isTokenExpired(Date.now() + 60_000)).toBe(false);
  });
});

describe('isSignedIn (section 4)', () => {
  const full = { loginToken: 'l', accessToken: 'a', refreshToken: 'r' };
  it.each([
    ['all tokens, no expiry', full, true],
    ['all tokens, null expiry', { ...full, refreshTokenExpiration: null }, true],
    ['all tokens, future expiry', { ...full, refreshTokenExpiration: NOW + 1 }, true],
    [
      'all tokens, future ISO expiry',
      { ...full, refreshTokenExpiration: new Date(NOW + 1000).toISOString() },
      true,
    ],
    ['expiry equal to now', { ...full, refreshTokenExpiration: NOW }, false],
    ['expiry in the past', { ...full, refreshTokenExpiration: NOW - 1 }, false],
    ['unreadable expiry', { ...full, refreshTokenExpiration: 'x' }, false],
    ['no login token', { accessToken: 'a', refreshToken: 'r' }, false],
    ['empty login token', { ...full, loginToken: '' }, false],
    ['no access token', { loginToken: 'l', refreshToken: 'r' }, false],
    ['no refresh token', { loginToken: 'l', accessToken: 'a' }, false],
    ['null refresh token', { ...full, refreshToken: null }, false],
    ['no session', null, false],
    ['undefined session', undefined, false],
  ])('%s → %s', (_name, session, signedIn) => {
    expect(isSignedIn(session, NOW)).toBe(signedIn);
  });
});
