import { VALIDATION_MESSAGES, validatePassword, validateUsername } from '@sitepulse/domain';
import { z } from 'zod';
import { isPhoneEmpty, isPhoneValid, type PhoneValue } from '../../components/PhoneInput.tsx';

/**
 * The login form's rules of spec section 5, from @sitepulse/domain. The domain gives the English message
 * ('Required', 'Too Long!', 'Invalid phone number', 'Invalid email'); the form shows it through i18next.
 */
type MessageName = keyof typeof VALIDATION_MESSAGES;

/** The i18n key of a domain validation message (an unknown text is shown as it is). */
export function messageKey(message: string): string {
  const name = (Object.keys(VALIDATION_MESSAGES) as MessageName[]).find(
    (k) => VALIDATION_MESSAGES[k] === message,
  );
  return name ? `auth.validation.${name}` : message;
}

export type LoginMethod = 'username' | 'phone';

export interface LoginFormValues {
  method: LoginMethod;
  username: string;
  phone: PhoneValue;
  password: string;
}

export const loginSchema: z.ZodType<LoginFormValues, LoginFormValues> = z
  .object({
    method: z.enum(['username', 'phone']),
    username: z.string(),
    phone: z.object({ country: z.string(), national: z.string() }) as z.ZodType<PhoneValue, PhoneValue>,
    password: z.string(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string | null) => {
      if (message) ctx.addIssue({ code: 'custom', path: [path], message: messageKey(message) });
    };
    if (v.method === 'username') issue('username', validateUsername(v.username.trim()));
    else if (isPhoneEmpty(v.phone)) issue('phone', VALIDATION_MESSAGES.required);
    else if (!isPhoneValid(v.phone)) issue('phone', VALIDATION_MESSAGES.invalidPhone);
    issue('password', validatePassword(v.password));
  });
