/**
 * The add-user and edit-user forms: their values, their rules (checked before anything is sent; each
 * message is an i18n key under `users.validation`), and the bodies they send (packages/contracts people.ts).
 */
import type { InviteBody, UpdateUserDetailsBody, UserSummary } from '@sitepulse/contracts';
import { ACCOUNT_TYPES, isEmail, USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '@sitepulse/domain';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import {
  emptyPhone,
  isPhoneEmpty,
  isPhoneValid,
  type PhoneValue,
  phoneToE164,
} from '../../components/PhoneInput.tsx';

const key = (name: string) => `users.validation.${name}`;

/** The contract's limits (people.ts: Name, Email). */
export const NAME_MAX = 60;
export const EMAIL_MAX = 254;
export const LANGUAGES = ['en', 'es'] as const;
export type InvitationLanguage = (typeof LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<InvitationLanguage, string> = { en: 'English', es: 'Español' };

const usernameRegex = new RegExp(USERNAME_PATTERN);
/** Whether a username may be asked for (the pattern of domain roles.ts). */
export const isUsernameWellFormed = (username: string) => usernameRegex.test(username);

const name = (required: boolean) =>
  z
    .string()
    .trim()
    .max(NAME_MAX, key('tooLong'))
    .refine((v) => !required || v !== '', key('required'));

const email = z
  .string()
  .trim()
  .max(EMAIL_MAX, key('tooLong'))
  .refine((v) => v === '' || isEmail(v), key('invalidEmail'));

const phone = z
  .custom<PhoneValue>((v) => typeof v === 'object' && v !== null && 'national' in v)
  .refine((v) => isPhoneEmpty(v) || isPhoneValid(v), key('invalidPhone'));

/** An invitation needs an e-mail or a phone (400 otherwise): both fields say so. */
function requireContact(v: { email: string; phone: PhoneValue }, ctx: z.RefinementCtx) {
  if (v.email.trim() === '' && isPhoneEmpty(v.phone)) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: key('contactNeeded') });
    ctx.addIssue({ code: 'custom', path: ['phone'], message: key('contactNeeded') });
  }
}

export interface SiteAccessRow {
  /** '' until a job site is chosen. */
  tenantGroupId: number | '';
  access: number;
}

export const inviteFormSchema = z
  .object({
    firstName: name(true),
    lastName: name(true),
    username: z
      .string()
      .trim()
      .max(USERNAME_MAX_LENGTH, key('tooLong'))
      .refine((v) => v === '' || isUsernameWellFormed(v), key('usernameInvalid')),
    email,
    phone,
    accountType: z.enum(ACCOUNT_TYPES),
    language: z.enum(LANGUAGES),
    sites: z.array(
      z.object({
        // Typed `boolean`, not a type guard: the whole-form check below still sees rows without a site.
        tenantGroupId: z
          .union([z.number(), z.literal('')])
          .refine((v): boolean => v !== '', key('chooseSite')),
        access: z.number(),
      }),
    ),
  })
  .superRefine((v, ctx) => {
    requireContact(v, ctx);
    const seen = new Set<number>();
    v.sites.forEach((row, i) => {
      if (row.tenantGroupId === '') return;
      if (seen.has(row.tenantGroupId)) {
        ctx.addIssue({ code: 'custom', path: ['sites', i, 'tenantGroupId'], message: key('siteTwice') });
      }
      seen.add(row.tenantGroupId);
    });
  });

export type InviteFormValues = z.input<typeof inviteFormSchema>;

export function inviteDefaults(language: string): InviteFormValues {
  return {
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    phone: emptyPhone(),
    accountType: 'USER',
    language: language === 'es' ? 'es' : 'en',
    sites: [],
  };
}

/** POST /v2/users/invite without the company (the hook adds it): empty optional fields are left out. */
export function toInviteBody(v: InviteFormValues): Omit<InviteBody, 'companyId'> {
  const username = v.username.trim();
  const mail = v.email.trim();
  const e164 = isPhoneEmpty(v.phone) ? null : phoneToE164(v.phone);
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    ...(username ? { username } : {}),
    ...(mail ? { email: mail } : {}),
    ...(e164 ? { phone: e164 } : {}),
    accountType: v.accountType,
    language: v.language,
    tenantGroupData: v.sites.map((s) => ({
      tenantGroupId: Number(s.tenantGroupId),
      access: s.access as 1 | 2 | 4 | 8,
    })),
  };
}

/** A stored E.164 number as the phone input shows it (its country and national number). */
export function phoneFromE164(value: string | null | undefined): PhoneValue {
  if (!value) return emptyPhone();
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed?.country) return { ...emptyPhone(), national: value };
  return { country: parsed.country, national: parsed.formatNational() };
}

/** The edit form: name, e-mail and phone. An e-mail cannot be removed (only replaced), a phone can. */
export function contactFormSchema(user: Pick<UserSummary, 'email'>) {
  return z.object({ firstName: name(false), lastName: name(false), email, phone }).superRefine((v, ctx) => {
    if (user.email && v.email.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['email'], message: key('emailKept') });
    } else requireContact(v, ctx);
  });
}
export type ContactFormValues = z.input<ReturnType<typeof contactFormSchema>>;

export function contactDefaults(user: UserSummary): ContactFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: phoneFromE164(user.phone),
  };
}

/** What the edit form changes: the details body (changed fields only) and the new phone, each when changed. */
export function contactChanges(
  user: UserSummary,
  v: ContactFormValues,
): {
  details: Pick<UpdateUserDetailsBody, 'firstName' | 'lastName' | 'email'> | null;
  phone: { phone: string | null } | null;
} {
  const details: Pick<UpdateUserDetailsBody, 'firstName' | 'lastName' | 'email'> = {};
  const firstName = v.firstName.trim();
  const lastName = v.lastName.trim();
  const mail = v.email.trim();
  if (firstName !== user.firstName) details.firstName = firstName;
  if (lastName !== user.lastName) details.lastName = lastName;
  if (mail !== user.email) details.email = mail;
  const nextPhone = isPhoneEmpty(v.phone) ? null : phoneToE164(v.phone);
  return {
    details: Object.keys(details).length > 0 ? details : null,
    phone: nextPhone !== (user.phone || null) ? { phone: nextPhone } : null,
  };
}
