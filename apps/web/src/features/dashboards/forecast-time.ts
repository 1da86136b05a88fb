import type { ForecastWordTools } from '@sitepulse/domain';
import type { DisplayPreferences } from '../../app/preferences.ts';

/** A time of day kept on one line: '04:57 PM EST' never wraps before 'PM' or the zone. */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');
/** A date kept on one line: '2026-11-18' never wraps at a hyphen (a no-break hyphen looks the same). */
const unbrokenDate = (text: string) => unbroken(text).replace(/-/g, '\u2011');

/**
 * How the dashboards' forecast lines read a time, all through the user's time formatter
 * (app/preferences.ts): the display time zone (the job site's with the SITE setting) for the calendar
 * days; the line's own moment as the formatter's time of day with its zone ('02:00 PM EST', '14:00 GMT-5');
 * the ends of its range as the same time of day without the zone the line already names; a date for
 * moments a week or more away. Times of day are kept on one line.
 */
export function forecastClock(
  prefs: DisplayPreferences,
): Pick<ForecastWordTools, 'clock' | 'rangeClock' | 'date'> & { timeZone: string } {
  return {
    timeZone: prefs.timeZone,
    clock: (at) => unbroken(prefs.clock(at)),
    rangeClock: (at) => {
      const full = prefs.clock(at);
      const zone = ` ${prefs.zoneLabel(at)}`;
      return unbroken(full.endsWith(zone) ? full.slice(0, -zone.length) : full);
    },
    date: (at) => unbrokenDate(prefs.date(at)),
  };
}
