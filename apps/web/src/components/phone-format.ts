import { DEFAULT_PHONE_COUNTRY } from '@sitepulse/domain';
import { type CountryCode, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A stored phone number (E.164, '+16135550142') as every list and profile shows it: in the national format
 * when it shares the calling code of the default country (Canada and the US, +1: '(613) 555-0142', as My
 * Profile's phone input shows it), in the international format otherwise ('+44 20 7946 0958'). Text that
 * is not a phone number is shown as it is; nothing is ''.
 */
export function formatPhone(phone: string | null | undefined): string {
  const raw = phone?.trim() ?? '';
  if (raw === '') return '';
  const parsed = parsePhoneNumberFromString(raw, DEFAULT_PHONE_COUNTRY as CountryCode);
  if (!parsed?.isPossible()) return raw;
  const home = getCountryCallingCode(DEFAULT_PHONE_COUNTRY as CountryCode);
  return parsed.countryCallingCode === home ? parsed.formatNational() : parsed.formatInternational();
}
