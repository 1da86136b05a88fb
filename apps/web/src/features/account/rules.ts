import type { UserDetail } from '@sitepulse/contracts';
import {
  ACCOUNT_TYPES,
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_TIME_ZONE,
  memberRoleLabel,
  STAFF_ROLES,
} from '@sitepulse/domain';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { PhoneValue } from '../../components/PhoneInput.tsx';

/**
 * Rules of the account screens: labels of roles and account types, the stored phone number as the phone
 * input shows it, and the starting values of account setup. Pure functions, tested beside them.
 */

/** The i18n key of a job-site role: account.roles.admin/editor/viewer/inspector, or .unknown ('Unknown type'). */
export function roleKey(access: number | string | null | undefined): string {
  const label = memberRoleLabel(access);
  return ['admin', 'editor', 'viewer', 'inspector'].includes(label)
    ? `account.roles.${label}`
    : 'account.roles.unknown';
}

const KNOWN_ACCOUNT_TYPES: readonly string[] = [...ACCOUNT_TYPES, ...STAFF_ROLES];

/** The i18n key of an account type (admin, user, Read-Only, the AOMS staff types), or .unknown. */
export function accountTypeKey(type: string | null | undefined): string {
  return type && KNOWN_ACCOUNT_TYPES.includes(type)
    ? `account.accountTypes.${type}`
    : 'account.accountTypes.unknown';
}

/** A stored E.164 number as the phone input shows it (its country and national number); empty when none. */
export function phoneFromE164(phone: string | null | undefined): PhoneValue {
  const parsed = phone ? parsePhoneNumberFromString(phone) : undefined;
  if (!parsed) {
    return { country: DEFAULT_PHONE_COUNTRY as PhoneValue['country'], national: phone ?? '' };
  }
  return {
    country: parsed.country ?? (DEFAULT_PHONE_COUNTRY as PhoneValue['country']),
    national: parsed.formatNational(),
  };
}

/** A saved setting of the user, or undefined. */
export const settingOf = (user: Pick<UserDetail, 'userSettingData'> | undefined, type: string) =>
  user?.userSettingData?.find((s) => s.type === type)?.val;

/** This browser's time zone (the likeliest one for a person setting up their account). */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * Account setup's starting choice of each setting: the user's saved value when the server offers it, else
 * the screen's language, Metric, and this browser's time zone (UTC when the server does not offer it).
 */
export function setupDefaults(
  user: Pick<UserDetail, 'userSettingData'>,
  offered: { Language: string[]; SystemOfMeasurement: string[]; DisplayTimeZone: string[] },
  screenLanguage: string,
): { language: string; system: string; timeZone: string } {
  const pick = (choices: string[], ...candidates: (string | undefined)[]) =>
    candidates.find((c): c is string => c !== undefined && choices.includes(c)) ?? choices[0] ?? '';
  return {
    language: pick(offered.Language, settingOf(user, 'Language'), screenLanguage, 'en'),
    system: pick(offered.SystemOfMeasurement, settingOf(user, 'SystemOfMeasurement'), 'Metric'),
    timeZone: pick(
      offered.DisplayTimeZone,
      settingOf(user, 'DisplayTimeZone'),
      browserTimeZone(),
      DEFAULT_TIME_ZONE,
    ),
  };
}
