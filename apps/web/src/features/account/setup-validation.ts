import { z } from 'zod';
import { isPhoneEmpty, isPhoneValid, type PhoneValue } from '../../components/PhoneInput.tsx';
import { MESSAGES, personName } from './validation.ts';

/**
 * Account setup's rules. Apart from validation.ts because the phone rule needs libphonenumber-js, which
 * the password pages do not download.
 */

/** An optional phone number: empty, or valid for its country. */
const optionalPhone = (
  z.object({ country: z.string(), national: z.string() }) as z.ZodType<PhoneValue, PhoneValue>
).refine((p) => isPhoneEmpty(p) || isPhoneValid(p), MESSAGES.invalidPhone);

export interface SetupValues {
  firstName: string;
  lastName: string;
  phone: PhoneValue;
  language: string;
  system: string;
  timeZone: string;
}

/** Account setup: the name is confirmed, the phone is optional, the three settings are chosen. */
export const setupSchema: z.ZodType<SetupValues, SetupValues> = z.object({
  firstName: personName,
  lastName: personName,
  phone: optionalPhone,
  language: z.string().min(1, MESSAGES.required),
  system: z.string().min(1, MESSAGES.required),
  timeZone: z.string().min(1, MESSAGES.required),
});
