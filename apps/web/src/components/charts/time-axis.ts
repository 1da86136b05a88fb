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

/** Widths of text in CSS pixels (a canvas' measureText, or `estimateTextWidth` where there is none). */
export type MeasureText = (text: string) => number;

/**
 * A generous estimate of a text's width at `fontPx` (about 0.62 em a character: digits and capitals of the
 * usual sans fonts, DejaVu Sans included, are no wider on average), for tests and canvases that cannot measure.
 */
export function estimateTextWidth(fontPx: number): MeasureText {
  return (text) => text.length * fontPx * 0.62;
}

/** Least clear space between two neighbouring tick labels, in CSS pixels. */
export const TIME_LABEL_GAP = 16;

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
/** The tick steps a time axis may take (ms), as uPlot's own: seconds up to centuries. */
export const TIME_INCRS_MS: readonly number[] = [
  S,
  5 * S,
  10 * S,
  15 * S,
  30 * S,
  MIN,
  5 * MIN,
  10 * MIN,
  15 * MIN,
  30 * MIN,
  H,
  2 * H,
  3 * H,
  4 * H,
  6 * H,
  8 * H,
  12 * H,
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15].map((d) => d * DAY_MS),
  ...[1, 2, 3, 4, 6].map((m) => m * 30 * DAY_MS),
  ...[1, 2, 5, 10, 25, 50, 100].map((y) => y * 365 * DAY_MS),
];

type LabelKind = 'seconds' | 'time' | 'day' | 'month';

function labelKind(incrMs: number): LabelKind {
  if (incrMs >= MONTH_MS) return 'month';
  if (incrMs >= DAY_MS) return 'day';
  return incrMs < MIN ? 'seconds' : 'time';
}

const samples = new Map<string, string[]>();

/**
 * Lines a label of this kind can read, across the hours of a day and the months of a year (2-digit days,
 * '12:59 PM', 'Sep 2026'), so the widest of them bounds every label the axis draws.
 */
function sampleLines(kind: LabelKind, zone: string, lang: string): string[] {
  const key = `${lang}|${zone}|${kind}`;
  let lines = samples.get(key);
  if (!lines) {
    const base = Date.UTC(2026, 0, 28, 0, 59, 59);
    const hours = Array.from({ length: 24 }, (_, h) => base + h * H);
    const months = Array.from({ length: 12 }, (_, m) => Date.UTC(2026, m, 28, 12));
    const list =
      kind === 'month'
        ? months.map((ms) => formatter(lang, zone, 'month').format(ms))
        : [
            ...(kind === 'day' ? [] : hours.map((ms) => formatter(lang, zone, kind).format(ms))),
            ...months.map((ms) => formatter(lang, zone, 'day').format(ms)),
            formatter(lang, zone, 'year').format(base),
          ];
    lines = [...new Set(list)];
    samples.set(key, lines);
  }
  return lines;
}

/** The width of the widest label `timeAxisLabels` can give ticks `incrMs` apart (each line of it). */
export function timeAxisLabelWidth(
  incrMs: number,
  zone: string,
  language: string | null | undefined,
  measure: MeasureText,
): number {
  return sampleLines(labelKind(incrMs), zone, resolveLanguage(language)).reduce(
    (w, line) => Math.max(w, measure(line)),
    0,
  );
}

/**
 * The tick step of a time axis `plotWidthPx` wide showing `rangeMs`: the smallest step whose ticks stand
 * further apart than their widest label and a gap, so labels never run together ('4:00 AM8:00 AM'); and
 * that least spacing (`spacePx`, uPlot's axis `space`). The widest step when even that one is crowded.
 */
export function timeAxisStep(
  rangeMs: number,
  plotWidthPx: number,
  zone: string,
  language: string | null | undefined,
  measure: MeasureText,
  gap = TIME_LABEL_GAP,
): { incrMs: number; spacePx: number } {
  const widths = new Map<LabelKind, number>();
  const spaceFor = (incrMs: number) => {
    const kind = labelKind(incrMs);
    let w = widths.get(kind);
    if (w === undefined) {
      w = timeAxisLabelWidth(incrMs, zone, language, measure);
      widths.set(kind, w);
    }
    return Math.ceil(w + gap);
  };
  const last = TIME_INCRS_MS[TIME_INCRS_MS.length - 1];
  if (!(rangeMs > 0) || !(plotWidthPx > 0)) return { incrMs: last, spacePx: spaceFor(last) };
  for (const incrMs of TIME_INCRS_MS) {
    const spacePx = spaceFor(incrMs);
    if ((plotWidthPx * incrMs) / rangeMs >= spacePx) return { incrMs, spacePx };
  }
  return { incrMs: last, spacePx: spaceFor(last) };
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
