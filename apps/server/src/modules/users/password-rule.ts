import { PASSWORD_MIN_LENGTH, WEAK_PASSWORD_CODE } from '@sitepulse/domain';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../lib/errors.ts';

export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess: it is a common password, a simple pattern (like aaaaaaaa or ' +
  '12345678), or your own name, username or e-mail. Choose a longer, less predictable one.';

/**
 * zxcvbn's score (0–4): below 2 means fewer than about a million guesses (common passwords and their
 * variants, repeats, sequences, keyboard walks, dates, the user's own details).
 */
const MIN_SCORE = 2;
/** zxcvbn's cost grows fast with length (hundreds of ms at 200 characters): it judges this many. */
const JUDGED_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;
/** Built on first use: loading the 50,000-word list takes tens of milliseconds. */
const zxcvbn = () => {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
};

/** What the account's owner is called: a password made of these is refused. */
export interface PasswordOwner {
  username: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Whether `password` is acceptable as a new password of `owner` (the one rule of every path that sets one). */
export function isStrongPassword(password: string, owner: PasswordOwner): boolean {
  if ([...password].length < PASSWORD_MIN_LENGTH) return false;
  const personal = [owner.username, owner.email, owner.email?.split('@')[0], owner.firstName, owner.lastName]
    .filter((v): v is string => !!v)
    .map((v) => v.toLowerCase());
  const lower = password.toLowerCase();
  if (personal.includes(lower)) return false;
  return zxcvbn().check(password.slice(0, JUDGED_LENGTH), personal).score >= MIN_SCORE;
}

/** Refuses a weak new password: 400 WEAK_PASSWORD with a message that says why and what to do. */
export function assertStrongPassword(password: string, owner: PasswordOwner): void {
  if (!isStrongPassword(password, owner)) throw new AppError(400, WEAK_PASSWORD_CODE, WEAK_PASSWORD_MESSAGE);
}
