import { FALLBACK_LANGUAGE, type Language } from './constants.ts';
import { MISSING_VALUE } from './display.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, type TimeInput, toEpochMs } from './time.ts';

/** Elapsed time above which the text reads 'over N days' (section 9). */
export const ELAPSED_OVER_DAYS = 28;

type Unit = 'day' | 'hour' | 'minute';

const WORDS: Record<Language, Record<Unit, [one: string, many: string]> & { over: string }> = {
  en: { day: ['day', 'days'], hour: ['hour', 'hours'], minute: ['minute', 'minutes'], over: 'over' },
  es: { day: ['día', 'días'], hour: ['hora', 'horas'], minute: ['minuto', 'minutos'], over: 'más de' },
};

/** A supported language, or the fallback (section 1: English). */
export function resolveLanguage(lang: string | null | undefined): Language {
  const base = (lang ?? '').toLowerCase().split(/[-_]/)[0];
  return base === 'en' || base === 'es' ? base : FALLBACK_LANGUAGE;
}

function count(n: number, unit: Unit, lang: Language): string {
  const [one, many] = WORDS[lang][unit];
  return `${n} ${n === 1 ? one : many}`;
}

function parts(ms: number): { days: number; hours: number; minutes: number } {
  const t = Math.max(0, ms);
  return {
    days: Math.floor(t / DAY_MS),
    hours: Math.floor((t % DAY_MS) / HOUR_MS),
    minutes: Math.floor((t % HOUR_MS) / MINUTE_MS),
  };
}

/**
 * Elapsed-time text (section 9), units truncated (not rounded): over 28 days (strictly more
 * than 28 × 24 h) 'over N days' with N the whole days elapsed; else, from one day, days and
 * hours ('3 days 4 hours'); else, from one hour, hours and minutes; else minutes. English or
 * Spanish ('es'), falling back to English. Missing input gives '--'; negative counts as 0.
 */
export function elapsedTimeText(elapsedMs: number | null | undefined, lang?: string | null): string {
  if (typeof elapsedMs !== 'number' || !Number.isFinite(elapsedMs)) return MISSING_VALUE;
  const l = resolveLanguage(lang);
  const { days, hours, minutes } = parts(elapsedMs);
  if (elapsedMs > ELAPSED_OVER_DAYS * DAY_MS) return `${WORDS[l].over} ${count(days, 'day', l)}`;
  if (days >= 1) return `${count(days, 'day', l)} ${count(hours, 'hour', l)}`;
  if (hours >= 1) return `${count(hours, 'hour', l)} ${count(minutes, 'minute', l)}`;
  return count(minutes, 'minute', l);
}

/**
 * Age text (section 9): the largest whole unit of day, hour, minute with its plural
 * ('1 day', '3 hours', '0 minutes'). Missing input gives '--'; negative counts as 0.
 */
export function ageText(elapsedMs: number | null | undefined, lang?: string | null): string {
  if (typeof elapsedMs !== 'number' || !Number.isFinite(elapsedMs)) return MISSING_VALUE;
  const l = resolveLanguage(lang);
  const { days, hours, minutes } = parts(elapsedMs);
  if (days >= 1) return count(days, 'day', l);
  if (hours >= 1) return count(hours, 'hour', l);
  return count(minutes, 'minute', l);
}

/** Milliseconds from `from` to `now`, or null when either is missing or unreadable. */
export function elapsedMsBetween(
  from: TimeInput | null | undefined,
  now: TimeInput = Date.now(),
): number | null {
  const a = toEpochMs(from);
  const b = toEpochMs(now);
  return a === null || b === null ? null : b - a;
}
