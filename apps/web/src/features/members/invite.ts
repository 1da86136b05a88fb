/**
 * The invite form's rules (the contract's limits, checked before anything is sent) and the body it
 * posts. Messages are i18n keys under `members.validation`.
 */
import type { InviteBody } from '@sitepulse/contracts';
import { isEmail, MEMBER_ACCESS_CODES } from '@sitepulse/domain';
import { z } from 'zod';
import { isPhoneEmpty, isPhoneValid, type PhoneValue, phoneToE164 } from '../../components/PhoneInput.tsx';

export type InviteMethod = 'email' | 'phone';
export type InviteLanguage = 'en' | 'es';

export interface InviteFormValues {
  method: InviteMethod;
  email: string;
  phone: PhoneValue;
  firstName: string;
  lastName: string;
  /** The role on this site, as the select holds it ('1', '2', '4', '8'). */
  access: string;
  language: InviteLanguage;
}

/** The contract's limits (packages/contracts/src/people.ts). */
export const INVITE_LIMITS = { nameMax: 60, emailMax: 254 } as const;

const key = (name: string) => `members.validation.${name}`;

export const inviteSchema: z.ZodType<InviteFormValues, InviteFormValues> = z
  .object({
    method: z.enum(['email', 'phone']),
    email: z.string(),
    phone: z.object({ country: z.string(), national: z.string() }) as z.ZodType<PhoneValue, PhoneValue>,
    firstName: z.string(),
    lastName: z.string(),
    access: z.string(),
    language: z.enum(['en', 'es']),
  })
  .superRefine((v, ctx) => {
    const issue = (path: keyof InviteFormValues, name: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message: key(name) });
    if (v.method === 'email') {
      const email = v.email.trim();
      if (!email) issue('email', 'required');
      else if (email.length > INVITE_LIMITS.emailMax) issue('email', 'tooLong');
      else if (!isEmail(email)) issue('email', 'invalidEmail');
    } else if (isPhoneEmpty(v.phone)) issue('phone', 'required');
    else if (!isPhoneValid(v.phone)) issue('phone', 'invalidPhone');
    if (v.firstName.trim().length > INVITE_LIMITS.nameMax) issue('firstName', 'nameTooLong');
    if (v.lastName.trim().length > INVITE_LIMITS.nameMax) issue('lastName', 'nameTooLong');
    if (!MEMBER_ACCESS_CODES.includes(Number(v.access))) issue('access', 'required');
  });

/**
 * The body of POST /v2/users/invite for this site (without companyId, which the hook adds): the e-mail
 * or the phone in E.164, the names only when given, and no account type (the server's default, USER).
 */
export function toInviteBody(values: InviteFormValues, tenantGroupId: number): Omit<InviteBody, 'companyId'> {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const contact =
    values.method === 'email'
      ? { email: values.email.trim() }
      : { phone: phoneToE164(values.phone) ?? undefined };
  return {
    ...contact,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    language: values.language,
    tenantGroupData: [{ tenantGroupId, access: Number(values.access) as 1 | 2 | 4 | 8 }],
  };
}
