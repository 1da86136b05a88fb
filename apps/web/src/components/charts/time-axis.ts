import { DAY_MS, resolveLanguage, zoneShortName } from '@sitepulse/domain';

/**
 * The labels of a chart's time axis, in the reader's language and the display time zone
 * (docs/decisions/site-time.md): a Spanish reader sees '18:00' and '24 nov', an English one '6:00 PM' and
 * 'Nov 24', never uPlot's US default '6pm 11/24/26'. Pure apart from Intl (formatters are cached).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, zone: string, kind: 'time' | 'seconds' | 'day' | 'month' | 'year') {
  const key = `${language}|${zone}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    // 24-hour times read '06:00' as in the Spanish HH:mm format; 12-hour ones '6:00 AM'.
    const hour24 = language === 'es';
    const clock: Intl.DateTimeFormatOptions = hour24
      ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' };
    const options: Intl.DateTimeFormatOptions =
      kind === 'time'
        ? clock
        : kind === 'seconds'
          ? { ...clock, second: '2-digit' }
          : kind === 'day'
            ? { day: 'numeric', month: 'short' }
            : kind === 'month'
              ? { month: 'short', year: 'numeric' }
              : { year: 'numeric' };
    f = new Intl.DateTimeFormat(language, { ...options, timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

/** About a month, in ms: ticks this far apart name months. */
const MONTH_MS = 28 * DAY_MS;

/**
 * Tick labels for ticks at `splitsMs` (epoch ms) `incrMs` apart:
 * - under a day apart: the time of day, with the date on a second line on the first tick and wherever the
 *   day changes;
 * - a day or more: the date, with the year on a second line where it changes;
 * - a month or more: the month and year.
 */
export function timeAxisLabels(
  splitsMs: readonly number[],
  incrMs: number,
  zone: string,
  language: string | null | undefined,
): string[] {
  const lang = resolveLanguage(language);
  if (incrMs >= MONTH_MS) return splitsMs.map((ms) => formatter(lang, zone, 'month').format(ms));
  if (incrMs >= DAY_MS) {
    const year = formatter(lang, zone, 'year');
    let last = '';
    return splitsMs.map((ms, i) => {
      const y = year.format(ms);
      const day = formatter(lang, zone, 'day').format(ms);
      const text = i > 0 && y !== last ? `${day}\n${y}` : day;
      last = y;
      return text;
    });
  }
  const clock = formatter(lang, zone, incrMs < 60_000 ? 'seconds' : 'time');
  const dayOf = formatter(lang, zone, 'day');
  let lastDay = '';
  return splitsMs.map((ms, i) => {
    const day = dayOf.format(ms);
    const text = i === 0 || day !== lastDay ? `${clock.format(ms)}\n${day}` : clock.format(ms);
    lastDay = day;
    return text;
  });
}

/**
 * The zone's short name over a time range, for the axis title: one name ('EST'), or both when daylight
 * saving changes inside the range ('EST/EDT').
 */
export function timeAxisZone(
  fromMs: number | undefined,
  toMs: number | undefined,
  zone: string,
  language: string | null | undefined,
): string {
  const now = Date.now();
  const a = zoneShortName(fromMs ?? toMs ?? now, zone, language);
  const b = zoneShortName(toMs ?? fromMs ?? now, zone, language);
  return a === b ? a : `${a}/${b}`;
}
