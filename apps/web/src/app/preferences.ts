import {
  convert,
  DEFAULT_SYSTEM,
  DEFAULT_TIME_ZONE,
  formatMeasurement,
  formatMeasurementWithUnit,
  MISSING_VALUE,
  SYSTEMS,
  type TimeInput,
  toEpochMs,
  type UnitSystem,
  USER_SETTING_TYPES,
  unitLabel,
} from '@sitepulse/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserDetails } from '../api/queries.ts';
import { readSession } from '../api/session.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Date and time formats of the screens (dayjs format strings; the report formats are in the domain). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD hh:mm A';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** The user's display preferences and the formatters every screen uses to show a value or a time. */
export interface DisplayPreferences {
  system: UnitSystem;
  timeZone: string;
  language: string;
  /** A metric value converted and formatted without unit ('--' when missing). */
  value: (quantity: string, metricValue: number | null | undefined) => string;
  /** The same with its unit, e.g. '21.5 °C' or '3046 psi'. */
  withUnit: (quantity: string, metricValue: number | null | undefined) => string;
  unit: (quantity: string) => string;
  /** A metric value in the user's system, as a number (for charts and inputs). */
  convert: (quantity: string, metricValue: number | null | undefined) => number | null | undefined;
  /** A moment in the display time zone ('--' when missing). */
  time: (t: TimeInput | null | undefined, format?: string) => string;
  /**
   * The saved settings this could not use (spec section 8: an invalid time zone or unit value sets a
   * configuration flag for a warning); the defaults stand in for them.
   */
  invalidSettings: ('timeZone' | 'system')[];
}

function settingOf(values: { type: string; val: string }[] | undefined, type: string): string | undefined {
  return values?.find((s) => s.type === type)?.val;
}

function isValidZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Pure: the preferences from the user's settings (or the units stored at sign-in), with their formatters. */
export function displayPreferences(input: {
  system?: string | null;
  timeZone?: string | null;
  language: string;
}): DisplayPreferences {
  const system: UnitSystem = input.system === 'Imperial' ? 'Imperial' : DEFAULT_SYSTEM;
  const zoneValid = !input.timeZone || isValidZone(input.timeZone);
  const timeZone = input.timeZone && zoneValid ? input.timeZone : DEFAULT_TIME_ZONE;
  const invalidSettings: DisplayPreferences['invalidSettings'] = [];
  if (!zoneValid) invalidSettings.push('timeZone');
  if (input.system && !(SYSTEMS as readonly string[]).includes(input.system)) invalidSettings.push('system');
  return {
    invalidSettings,
    system,
    timeZone,
    language: input.language,
    value: (q, v) => formatMeasurement(q, v, system),
    withUnit: (q, v) => formatMeasurementWithUnit(q, v, system),
    unit: (q) => unitLabel(q, system),
    convert: (q, v) => convert(q, v, system),
    time: (t, format = DATE_TIME_FORMAT) => {
      const ms = toEpochMs(t ?? null);
      return ms === null ? MISSING_VALUE : dayjs(ms).tz(timeZone).format(format);
    },
  };
}

/**
 * The signed-in user's unit system, display time zone and language. Reads the user details (reloaded
 * every 120 s and after a setting is saved), so a change of unit system redraws every screen at once.
 */
export function useDisplayPreferences(): DisplayPreferences {
  const { data: user } = useUserDetails();
  const { i18n } = useTranslation();
  const system =
    settingOf(user?.userSettingData, USER_SETTING_TYPES.systemOfMeasurement) ??
    readSession('measurementUnits');
  const timeZone = settingOf(user?.userSettingData, USER_SETTING_TYPES.displayTimeZone);
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => displayPreferences({ system, timeZone, language }), [system, timeZone, language]);
}
