import { PASSWORD_MIN_LENGTH, WEAK_PASSWORD_CODE } from '@sitepulse/domain';
import { ApiError } from '../../api/client.ts';
import { useTranslation } from '../../i18n/index.ts';

/** The text of a form field's message (an i18n key from validation.ts), or the blank line that keeps its place. */
export function useFieldMessage(): (key: string | undefined) => string {
  const { t } = useTranslation();
  return (key) => (key ? t(key, { min: PASSWORD_MIN_LENGTH }) : ' ');
}

/** The HTTP status of a failed call (undefined when the server did not answer). */
export const statusOf = (error: unknown): number | undefined =>
  error instanceof ApiError ? error.status : undefined;

/** Whether the server refused the new password as too easy to guess (400 WEAK_PASSWORD; the link still works). */
export const isWeakPassword = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 400 && error.code === WEAK_PASSWORD_CODE;

/** An e-mailed link the server refuses: unknown, used or expired (400; 404 or 410 would mean the same). */
export const isDeadLink = (error: unknown): boolean =>
  [400, 404, 410].includes(statusOf(error) ?? 0) && !isWeakPassword(error);

/**
 * The key of what a failed save says. The server's own texts are not shown (spec section 8): a weak new
 * password and a status the form knows get their own words, anything else the general 'try again'.
 */
export function failureKey(error: unknown, known: Partial<Record<number, string>> = {}): string {
  if (isWeakPassword(error)) return 'account.validation.weak';
  const status = statusOf(error);
  if (status !== undefined && known[status]) return known[status];
  if (status === 429) return 'account.errors.tooMany';
  return 'account.errors.generic';
}
