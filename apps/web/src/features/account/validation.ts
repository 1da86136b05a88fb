import { isEmail, PASSWORD_MIN_LENGTH } from '@sitepulse/domain';
import { z } from 'zod';

/**
 * The account forms' rules, checked before anything is sent. Each message is an i18n key: the spec's
 * messages ('Required', 'Too Long!', 'Invalid email', 'Invalid phone number') are the login screen's
 * (auth.validation), the password ones are ours (account.validation).
 */
export const MESSAGES = {
  required: 'auth.validation.required',
  tooLong: 'auth.validation.tooLong',
  invalidEmail: 'auth.validation.invalidEmail',
  invalidPhone: 'auth.validation.invalidPhone',
  tooShort: 'account.validation.tooShort',
  mismatch: 'account.validation.mismatch',
} as const;

/** The contracts' limits (packages/contracts/src/people.ts). */
export const LIMITS = { name: 60, email: 254, password: 200 } as const;

/** A new password: at least PASSWORD_MIN_LENGTH characters, spaces included (a password is not trimmed). */
const newPassword = z
  .string()
  .min(1, MESSAGES.required)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.tooShort)
  .max(LIMITS.password, MESSAGES.tooLong);

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/** Reset and create password: the new password twice. */
export const newPasswordSchema: z.ZodType<NewPasswordValues, NewPasswordValues> = z
  .object({ password: newPassword, confirm: z.string().min(1, MESSAGES.required) })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: MESSAGES.mismatch });

export interface ChangePasswordValues extends NewPasswordValues {
  current: string;
}

/** My profile: the current password, then the new one twice. */
export const changePasswordSchema: z.ZodType<ChangePasswordValues, ChangePasswordValues> = z
  .object({
    current: z.string().min(1, MESSAGES.required).max(LIMITS.password, MESSAGES.tooLong),
    password: newPassword,
    confirm: z.string().min(1, MESSAGES.required),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: MESSAGES.mismatch });

export const personName = z.string().trim().min(1, MESSAGES.required).max(LIMITS.name, MESSAGES.tooLong);

export interface DetailsValues {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * My profile's name and e-mail. A user invited by phone has no e-mail and may leave it empty; one who has
 * an address cannot remove it (the call only sets one).
 */
export function detailsSchema(emailRequired: boolean): z.ZodType<DetailsValues, DetailsValues> {
  return z.object({
    firstName: personName,
    lastName: personName,
    email: z
      .string()
      .trim()
      .max(LIMITS.email, MESSAGES.tooLong)
      .superRefine((email, ctx) => {
        if (email === '') {
          if (emailRequired) ctx.addIssue({ code: 'custom', message: MESSAGES.required });
        } else if (!isEmail(email)) ctx.addIssue({ code: 'custom', message: MESSAGES.invalidEmail });
      }),
  });
}
