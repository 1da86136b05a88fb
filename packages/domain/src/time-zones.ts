import { DEFAULT_TIME_ZONE } from './constants.ts';
import { resolveLanguage } from './time-text.ts';

/**
 * The display time zone value meaning "the job site's time" (docs/decisions/site-time.md): on a job
 * site's screens times read in that site's zone; outside any site, in the browser's zone. The spec's
 * default stays UTC (DEFAULT_TIME_ZONE).
 */
export const SITE_TIME_ZONE = 'SITE';

/**
 * The user setting that records that the first-sign-in time zone offer was answered or dismissed, so it
 * never shows again (ours: docs/decisions/site-time.md). Its values are TIME_ZONE_OFFER_ANSWERS.
 */
export const TIME_ZONE_OFFERED_SETTING = 'TimeZoneOffered';
/** What the user did with the offer: kept their browser's zone, each site's time, or dismissed it. */
export const TIME_ZONE_OFFER_ANSWERS = ['BROWSER', 'SITE', 'DISMISSED'] as const;
export type TimeZoneOfferAnswer = (typeof TIME_ZONE_OFFER_ANSWERS)[number];

const validity = new Map<string, boolean>();

/** Whether `zone` is an IANA zone name this runtime knows ('UTC' included; 'SITE' is not a zone). */
export function isTimeZone(zone: string | null | undefined): zone is string {
  if (typeof zone !== 'string' || zone === '' || zone.length > 64) return false;
  let ok = validity.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    validity.set(zone, ok);
  }
  return ok;
}

/** The canonical name of a zone (Intl's: 'Etc/UTC' and 'GMT' are 'UTC'), or null when it is not a zone. */
export function canonicalTimeZone(zone: string | null | undefined): string | null {
  if (!isTimeZone(zone)) return null;
  return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
}

/**
 * Whether to offer, once, to leave the spec's default UTC (docs/decisions/site-time.md): the user still
 * shows times in UTC (no setting, or 'UTC'), has not answered the offer, and their browser's zone is another.
 */
export function shouldOfferTimeZone(input: {
  setting: string | null | undefined;
  offered: string | null | undefined;
  browserZone: string | null | undefined;
}): boolean {
  const { setting, offered, browserZone } = input;
  if ((TIME_ZONE_OFFER_ANSWERS as readonly string[]).includes(offered ?? '')) return false;
  if (setting && canonicalTimeZone(setting) !== DEFAULT_TIME_ZONE) return false;
  const browser = canonicalTimeZone(browserZone);
  return browser !== null && browser !== DEFAULT_TIME_ZONE;
}

/**
 * The zone times are shown in, from the user's DisplayTimeZone setting:
 * - a valid IANA zone: that zone;
 * - SITE: the zone of the job site being looked at, else (outside any site, or a site without a zone)
 *   the browser's zone, else UTC;
 * - missing: UTC (the spec's default); an invalid value: UTC (the screens flag it, spec section 8).
 */
export function resolveDisplayZone(input: {
  setting: string | null | undefined;
  siteZone?: string | null;
  browserZone?: string | null;
}): string {
  const { setting, siteZone, browserZone } = input;
  if (setting === SITE_TIME_ZONE) {
    if (isTimeZone(siteZone)) return siteZone;
    if (isTimeZone(browserZone)) return browserZone;
    return DEFAULT_TIME_ZONE;
  }
  return isTimeZone(setting) ? setting : DEFAULT_TIME_ZONE;
}

/** Whether a DisplayTimeZone value is one the app can use: an IANA zone or SITE (missing counts as valid). */
export function isUsableDisplayZone(setting: string | null | undefined): boolean {
  return !setting || setting === SITE_TIME_ZONE || isTimeZone(setting);
}

const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The short name of a zone at a moment, in the reader's language, as Intl gives it: 'EST' or 'EDT' for
 * Toronto in English, 'GMT-5' or 'GMT-4' in Spanish, 'UTC' for UTC, 'GMT+1' for Madrid in English.
 * An unknown zone reads as UTC.
 */
export function zoneShortName(ms: number, zone: string, language?: string | null): string {
  const lang = resolveLanguage(language);
  const tz = isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const key = `${lang}|${tz}`;
  let f = zoneNameFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { timeZone: tz, timeZoneName: 'short' });
    zoneNameFormats.set(key, f);
  }
  const at = Number.isFinite(ms) ? ms : 0;
  return f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? tz;
}

/**
 * Date and time formats per language (dayjs format strings): English keeps the spec's formats
 * (YYYY-MM-DD, hh:mm A); Spanish reads day first and on a 24-hour clock.
 */
export const DATE_TIME_FORMATS = {
  en: { dateTime: 'YYYY-MM-DD hh:mm A', date: 'YYYY-MM-DD', time: 'hh:mm A' },
  es: { dateTime: 'DD/MM/YYYY HH:mm', date: 'DD/MM/YYYY', time: 'HH:mm' },
} as const;
export type DateTimeFormatKind = keyof (typeof DATE_TIME_FORMATS)['en'];

/** The formats of a language (English for any other). */
export function dateTimeFormatsOf(
  language: string | null | undefined,
): (typeof DATE_TIME_FORMATS)['en' | 'es'] {
  return DATE_TIME_FORMATS[resolveLanguage(language)];
}
