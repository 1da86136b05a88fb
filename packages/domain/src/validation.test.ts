import { describe, expect, it } from 'vitest';
import {
  canSendForgotPassword,
  isEmail,
  isValidAuthCode,
  normalizeAuthCode,
  PHONE_INVALID_MESSAGE,
  phoneFieldError,
  phoneLoginUsername,
  shouldAutoSubmitAuthCode,
  VALIDATION_MESSAGES,
  validateForgotPasswordEmail,
  validatePassword,
  validateUsername,
} from './validation.ts';

describe('validateUsername (section 5)', () => {
  it.each([
    ['', 'Required'],
    [null, 'Required'],
    [undefined, 'Required'],
    ['a', null],
    ['jane.doe@example.com', null],
    ['a'.repeat(44), null],
    ['a'.repeat(45), null],
    ['a'.repeat(46), 'Too Long!'],
  ])('%j → %j', (u, msg) => {
    expect(validateUsername(u)).toBe(msg);
  });
});

describe('validatePassword (section 5)', () => {
  it.each([
    ['', 'Required'],
    [null, 'Required'],
    [undefined, 'Required'],
    ['x', null],
    [' ', null],
  ])('%j → %j', (p, msg) => {
    expect(validatePassword(p)).toBe(msg);
  });
});

describe('auth code (section 2, 5)', () => {
  it.each([
    ['ABCDE', true],
    ['abcde', true],
    ['AbC12', true],
    ['ABCD', false],
    ['ABCDEF', false],
    ['', false],
    [null, false],
  ])('%j valid %s', (code, ok) => {
    expect(isValidAuthCode(code)).toBe(ok);
    expect(shouldAutoSubmitAuthCode(code)).toBe(ok);
  });

  it.each([
    ['abcde', false, 'abcde'],
    ['abcde', true, 'ABCDE'],
    ['aBcDeFg', true, 'ABCDE'],
    ['aBcDeFg', false, 'aBcDe'],
    [null, true, ''],
  ])('normalizeAuthCode(%j, %s) → %j', (code, upper, out) => {
    expect(normalizeAuthCode(code, upper)).toBe(out);
  });
});

describe('forgot-password e-mail (section 5)', () => {
  it.each([
    ['jane@example.com', true, null],
    ['jane.doe+site@mail.example.co', true, null],
    [' jane@example.com ', true, null],
    ['jane@example', false, 'Invalid email'],
    ['jane.example.com', false, 'Invalid email'],
    ['jane@@example.com', false, 'Invalid email'],
    ['ja ne@example.com', false, 'Invalid email'],
    ['@example.com', false, 'Invalid email'],
    ['jane@.com', false, 'Invalid email'],
    ['', false, null],
    [null, false, null],
  ])('%j: looks like e-mail %s, message %j', (email, ok, msg) => {
    expect(isEmail(email)).toBe(ok);
    expect(validateForgotPasswordEmail(email)).toBe(msg);
  });

  it.each([
    ['jane@example.com', false, true],
    ['jane@example.com', true, false],
    ['', false, false],
    ['nope', false, false],
  ])('Send with %j, loading %s → enabled %s', (email, loading, enabled) => {
    expect(canSendForgotPassword(email, loading)).toBe(enabled);
  });
});

describe('phone (section 5)', () => {
  it.each([
    ['15551234567', '+15551234567'],
    ['+15551234567', '+15551234567'],
    [' 15551234567 ', '+15551234567'],
  ])('phoneLoginUsername(%j) → %j', (phone, username) => {
    expect(phoneLoginUsername(phone)).toBe(username);
  });

  it.each([
    ['', false, null],
    [null, false, null],
    ['+1 555', false, 'Invalid phone number'],
    ['+1 613 555 0100', true, null],
  ])('phoneFieldError(%j, valid %s) → %j', (value, valid, msg) => {
    expect(phoneFieldError(value, valid)).toBe(msg);
  });

  it('exports the messages', () => {
    expect(PHONE_INVALID_MESSAGE).toBe('Invalid phone number');
    expect(VALIDATION_MESSAGES).toEqual({
      required: 'Required',
      tooLong: 'Too Long!',
      invalidEmail: 'Invalid email',
      invalidPhone: 'Invalid phone number',
    });
  });
});
