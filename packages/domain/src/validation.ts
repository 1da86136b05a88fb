import { AUTH_CODE_LENGTH, USERNAME_MAX_LENGTH } from './constants.ts';

/** Validation messages of section 5, exactly as the user sees them. */
export const VALIDATION_MESSAGES = {
  required: 'Required',
  tooLong: 'Too Long!',
  invalidEmail: 'Invalid email',
  invalidPhone: 'Invalid phone number',
} as const;
/** Phone input message (section 5, 8); validity is checked with libphonenumber in the web app. */
export const PHONE_INVALID_MESSAGE = VALIDATION_MESSAGES.invalidPhone;

/** Login username (section 5): required ('Required'), at most 45 characters ('Too Long!'). null when valid. */
export function validateUsername(username: string | null | undefined): string | null {
  if (!username) return VALIDATION_MESSAGES.required;
  if (username.length > USERNAME_MAX_LENGTH) return VALIDATION_MESSAGES.tooLong;
  return null;
}

/** Login password (section 5): required ('Required'). null when valid. Not trimmed: spaces are characters. */
export function validatePassword(password: string | null | undefined): string | null {
  return password ? null : VALIDATION_MESSAGES.required;
}

/** Auth code (section 5): exactly 5 characters. Case-sensitive, so no case folding here. */
export function isValidAuthCode(code: string | null | undefined): boolean {
  return typeof code === 'string' && code.length === AUTH_CODE_LENGTH;
}

/**
 * The auth-code entry as typed, forced to uppercase when requested (section 2) and cut to 5
 * characters, since the entry holds no more.
 */
export function normalizeAuthCode(code: string | null | undefined, forceUppercase = false): string {
  const text = (code ?? '').slice(0, AUTH_CODE_LENGTH);
  return forceUppercase ? text.toUpperCase() : text;
}

/** Whether the code step submits by itself: once all 5 characters are entered (section 2). */
export function shouldAutoSubmitAuthCode(code: string | null | undefined): boolean {
  return isValidAuthCode(code);
}

// One "@", something on both sides, a dot in the domain, no spaces: "looks like an e-mail".
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Whether a text looks like an e-mail address (section 5). */
export function isEmail(email: string | null | undefined): boolean {
  return typeof email === 'string' && EMAIL_PATTERN.test(email.trim());
}

/**
 * Forgot-password e-mail (section 5): 'Invalid email' when it does not look like an e-mail.
 * Empty gives no message: the Send button is disabled instead.
 */
export function validateForgotPasswordEmail(email: string | null | undefined): string | null {
  if (!email || email.trim() === '') return null;
  return isEmail(email) ? null : VALIDATION_MESSAGES.invalidEmail;
}

/** Send is disabled when the e-mail is empty, invalid, or a send is in progress (section 5). */
export function canSendForgotPassword(email: string | null | undefined, loading: boolean): boolean {
  return !loading && isEmail(email);
}

/**
 * Username for the phone login tab (section 5): a plus sign is prefixed. A number already
 * starting with '+' is not prefixed twice.
 */
export function phoneLoginUsername(phone: string): string {
  const p = phone.trim();
  return p.startsWith('+') ? p : `+${p}`;
}

/**
 * Phone field error (section 5): empty clears the error; a non-empty value that the caller's
 * validator (libphonenumber, for the chosen country) rejects sets 'Invalid phone number'.
 */
export function phoneFieldError(value: string | null | undefined, isValidForCountry: boolean): string | null {
  if (!value || value.trim() === '') return null;
  return isValidForCountry ? null : PHONE_INVALID_MESSAGE;
}
