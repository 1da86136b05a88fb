import {
  convert,
  DEFAULT_SYSTEM,
  DEFAULT_TIME_ZONE,
  dateTimeFormatsOf,
  formatMeasurement,
  formatMeasurementWithUnit,
  isUsableDisplayZone,
  MISSING_VALUE,
  resolveDisplayZone,
  SITE_TIME_ZONE,
  SYSTEMS,
  type TimeInput,
  toEpochMs,
  type UnitSystem,
  USER_SETTING_TYPES,
  unitLabel,
  zoneShortName,
} from '@sitepulse/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useJobSites, useUserDetails } from '../api/queries.ts';
import { readSession } from '../api/session.ts';
import { useTranslation } from '../i18n/index.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The screens' date and time formats, as names: `time()` shows each in the reader's language (English keeps
 * the spec's YYYY-MM-DD and hh:mm A; Spanish reads DD/MM/YYYY and 24-hour HH:mm, domain DATE_TIME_FORMATS)
 * and follows a time of day with its zone's short name. Any other dayjs format string is used as given.
 */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD hh:mm A';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'hh:mm A';

/** The browser's own IANA zone (UTC when it cannot tell). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The user's display preferences and the formatters every screen uses to show a value or a time. */
export interface DisplayPreferences {
  system: UnitSystem;
  /** The IANA zone times are shown in (the SITE setting resolved to the job site's or the browser's zone). */
  timeZone: string;
  /** The saved DisplayTimeZone value: an IANA zone, SITE ("the job site's time"), or UTC by default. */
  timeZoneSetting: string;
  /** Where `timeZone` comes from: a fixed zone, the job site of the route, or the browser (SITE off a site). */
  timeZoneSource: 'fixed' | 'site' | 'browser';
  language: string;
  /** A metric value converted and formatted without unit ('--' when missing). */
  value: (quantity: string, metricValue: number | null | undefined) => string;
  /** The same with its unit, e.g. '21.5 °C' or '3046 psi'. */
  withUnit: (quantity: string, metricValue: number | null | undefined) => string;
  unit: (quantity: string) => string;
  /** A metric value in the user's system, as a number (for charts and inputs). */
  convert: (quantity: string, metricValue: number | null | undefined) => number | null | undefined;
  /**
   * A moment in the display time zone, in the reader's language, with the zone's short name
   * ('2026-01-15 12:30 PM EST', '15/01/2026 12:30 GMT-5'); '--' when missing. `format` DATE_FORMAT gives the
   * date alone, TIME_FORMAT the time of day with its zone; any other dayjs format string is used as given.
   */
  time: (t: TimeInput | null | undefined, format?: string) => string;
  /** The date alone ('2026-01-15', '15/01/2026'), '--' when missing. */
  date: (t: TimeInput | null | undefined) => string;
  /** The time of day with its zone ('12:30 PM EST', '12:30 GMT-5'), '--' when missing. */
  clock: (t: TimeInput | null | undefined) => string;
  /** The display zone's short name at a moment (default now): 'EST' or 'EDT', 'GMT-5', 'UTC'. */
  zoneLabel: (t?: TimeInput | null) => string;
  /**
   * The saved settings this could not use (spec section 8: an invalid time zone or unit value sets a
   * configuration flag for a warning); the defaults stand in for them.
   */
  invalidSettings: ('timeZone' | 'system')[];
}

function settingOf(values: { type: string; val: string }[] | undefined, type: string): string | undefined {
  return values?.find((s) => s.type === type)?.val;
}

/**
 * Pure: the preferences from the user's settings (or the units stored at sign-in), with their formatters.
 * `timeZone` is the saved DisplayTimeZone; SITE resolves to `siteZone` (the job site of the route), else
 * to `browserZone`, else UTC (docs/decisions/site-time.md).
 */
export function displayPreferences(input: {
  system?: string | null;
  timeZone?: string | null;
  language: string;
  siteZone?: string | null;
  browserZone?: string | null;
}): DisplayPreferences {
  const system: UnitSystem = input.system === 'Imperial' ? 'Imperial' : DEFAULT_SYSTEM;
  const zoneValid = isUsableDisplayZone(input.timeZone);
  const timeZoneSetting = input.timeZone && zoneValid ? input.timeZone : DEFAULT_TIME_ZONE;
  const timeZone = resolveDisplayZone({
    setting: timeZoneSetting,
    siteZone: input.siteZone,
    browserZone: input.browserZone,
  });
  const timeZoneSource: DisplayPreferences['timeZoneSource'] =
    timeZoneSetting !== SITE_TIME_ZONE ? 'fixed' : timeZone === input.siteZone ? 'site' : 'browser';
  const invalidSettings: DisplayPreferences['invalidSettings'] = [];
  if (!zoneValid) invalidSettings.push('timeZone');
  if (input.system && !(SYSTEMS as readonly string[]).includes(input.system)) invalidSettings.push('system');
  const formats = dateTimeFormatsOf(input.language);
  const zoneLabel = (ms: number) => zoneShortName(ms, timeZone, input.language);
  const format = (t: TimeInput | null | undefined, pattern: string, withZone: boolean) => {
    const ms = toEpochMs(t ?? null);
    if (ms === null) return MISSING_VALUE;
    const text = dayjs(ms).tz(timeZone).format(pattern);
    return withZone ? `${text} ${zoneLabel(ms)}` : text;
  };
  return {
    invalidSettings,
    system,
    timeZone,
    timeZoneSetting,
    timeZoneSource,
    language: input.language,
    value: (q, v) => formatMeasurement(q, v, system),
    withUnit: (q, v) => formatMeasurementWithUnit(q, v, system),
    unit: (q) => unitLabel(q, system),
    convert: (q, v) => convert(q, v, system),
    time: (t, pattern = DATE_TIME_FORMAT) => {
      if (pattern === DATE_TIME_FORMAT) return format(t, formats.dateTime, true);
      if (pattern === DATE_FORMAT) return format(t, formats.date, false);
      if (pattern === TIME_FORMAT) return format(t, formats.time, true);
      return format(t, pattern, false);
    },
    date: (t) => format(t, formats.date, false),
    clock: (t) => format(t, formats.time, true),
    zoneLabel: (t) => zoneLabel(toEpochMs(t ?? null) ?? Date.now()),
  };
}

/**
 * The signed-in user's unit system, display time zone and language. Reads the user details (reloaded
 * every 120 s and after a setting is saved), so a change of unit system redraws every screen at once.
 * With the SITE time zone, the zone is that of the job site of the route (`:jobsiteId`, looked up in the
 * user's job sites), and the browser's outside any site.
 */
export function useDisplayPreferences(): DisplayPreferences {
  const { data: user } = useUserDetails();
  const { i18n } = useTranslation();
  const { jobsiteId } = useParams();
  const system =
    settingOf(user?.userSettingData, USER_SETTING_TYPES.systemOfMeasurement) ??
    readSession('measurementUnits');
  const timeZone = settingOf(user?.userSettingData, USER_SETTING_TYPES.displayTimeZone);
  const followsSite = timeZone === SITE_TIME_ZONE;
  // The job sites are already loaded by the shell; only a SITE reader needs them here.
  const { data: sites } = useJobSites({ enabled: followsSite });
  const siteId = jobsiteId === undefined ? Number.NaN : Number(jobsiteId);
  const siteZone = followsSite ? (sites?.find((s) => s.id === siteId)?.timeZone ?? null) : null;
  const browserZone = followsSite ? browserTimeZone() : null;
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () => displayPreferences({ system, timeZone, language, siteZone, browserZone }),
    [system, timeZone, language, siteZone, browserZone],
  );
}
