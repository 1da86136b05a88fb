import { VALIDATION_MESSAGES, validatePassword, validateUsername } from '@sitepulse/domain';
import { z } from 'zod';
import type { PhoneValue } from '../../components/PhoneInput.tsx';
import { messageKey } from './messages.ts';
import { loadPhone } from './phone.ts';

/**
 * The login form's rules of spec section 5, from @sitepulse/domain. The domain gives the English message
 * ('Required', 'Too Long!', 'Invalid phone number', 'Invalid email'); the form shows it through i18next.
 * The phone rule needs libphonenumber-js, loaded on demand (phone.ts), so the check is asynchronous (the
 * form's zodResolver parses with parseAsync).
 */
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
  .superRefine(async (v, ctx) => {
    const issue = (path: string, message: string | null) => {
      if (message) ctx.addIssue({ code: 'custom', path: [path], message: messageKey(message) });
    };
    if (v.method === 'username') issue('username', validateUsername(v.username.trim()));
    else {
      const { isPhoneEmpty, isPhoneValid } = await loadPhone();
      if (isPhoneEmpty(v.phone)) issue('phone', VALIDATION_MESSAGES.required);
      else if (!isPhoneValid(v.phone)) issue('phone', VALIDATION_MESSAGES.invalidPhone);
    }
    issue('password', validatePassword(v.password));
  });
