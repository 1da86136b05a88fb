import { DAY_MS, HOUR_MS } from '@sitepulse/domain';
import { describe, expect, it } from 'vitest';
import {
  estimateTextWidth,
  TIME_INCRS_MS,
  TIME_LABEL_GAP,
  timeAxisLabels,
  timeAxisStep,
  timeAxisZone,
} from './time-axis.ts';

// 2026-11-24 23:00 UTC = 18:00 in Toronto (EST), the evening of the 24th.
const EVENING = Date.UTC(2026, 10, 24, 23, 0);
const ticks = (from: number, step: number, n: number) => Array.from({ length: n }, (_, i) => from + i * step);

describe('time axis labels', () => {
  it("Spanish: 24-hour ticks and day-first dates in the site's zone, never US '6pm 11/24/26'", () => {
    const labels = timeAxisLabels(ticks(EVENING, 6 * HOUR_MS, 3), 6 * HOUR_MS, 'America/Toronto', 'es');
    expect(labels).toEqual(['18:00\n24 nov', '00:00\n25 nov', '06:00']);
    expect(labels.join(' ')).not.toMatch(/pm|am|\d+\/\d+\/\d+/i);
  });

  it('English: 12-hour ticks, the date on the first tick and where the day changes', () => {
    const labels = timeAxisLabels(ticks(EVENING, 6 * HOUR_MS, 3), 6 * HOUR_MS, 'America/Toronto', 'en');
    expect(labels).toEqual(['6:00 PM\nNov 24', '12:00 AM\nNov 25', '6:00 AM']);
  });

  it('follows the display zone: the same instants read five hours later in UTC', () => {
    const labels = timeAxisLabels(ticks(EVENING, 6 * HOUR_MS, 2), 6 * HOUR_MS, 'UTC', 'es');
    expect(labels).toEqual(['23:00\n24 nov', '05:00\n25 nov']);
  });

  it('daily ticks name the day, with the year where it changes; monthly ticks the month and year', () => {
    const newYear = timeAxisLabels(ticks(Date.UTC(2026, 11, 31, 12), DAY_MS, 2), DAY_MS, 'UTC', 'es');
    expect(newYear).toEqual(['31 dic', '1 ene\n2027']);
    expect(timeAxisLabels([Date.UTC(2026, 10, 15)], 30 * DAY_MS, 'UTC', 'en')).toEqual(['Nov 2026']);
    expect(timeAxisLabels([Date.UTC(2026, 10, 15)], 30 * DAY_MS, 'UTC', 'es')).toEqual(['nov 2026']);
  });

  it('ticks under a minute apart show seconds', () => {
    expect(timeAxisLabels([EVENING + 30_000], 10_000, 'UTC', 'es')).toEqual(['23:00:30\n24 nov']);
  });

  it("titles the axis with the zone's name, both names when daylight saving changes in the range", () => {
    const name = (ms: number) =>
      new Intl.DateTimeFormat('en', { timeZone: 'America/Toronto', timeZoneName: 'short' })
        .formatToParts(ms)
        .find((p) => p.type === 'timeZoneName')?.value;
    const winter = Date.UTC(2026, 0, 10);
    const summer = Date.UTC(2026, 6, 10);
    expect(timeAxisZone(winter, winter + DAY_MS, 'America/Toronto', 'en')).toBe(name(winter));
    expect(timeAxisZone(winter, summer, 'America/Toronto', 'en')).toBe(`${name(winter)}/${name(summer)}`);
    expect(timeAxisZone(undefined, undefined, 'UTC', 'es')).toBe('UTC');
  });
});

describe('time axis spacing', () => {
  const measure = estimateTextWidth(12);
  const widest = (label: string) => Math.max(...label.split('\n').map(measure));
  const zone = 'America/Toronto';
  // A 24 h window ending at 18:00 EST, ticks on the hour as uPlot lays them.
  const to = EVENING;
  const from = to - DAY_MS;
  /** Pairs of neighbouring labels that run into each other (less than the gap between them). */
  const crowded = (incrMs: number, plotWidthPx: number, language: string) => {
    const first = Math.ceil(from / incrMs) * incrMs;
    const splits = ticks(first, incrMs, Math.floor((to - first) / incrMs) + 1);
    const labels = timeAxisLabels(splits, incrMs, zone, language);
    const apart = (plotWidthPx * incrMs) / DAY_MS;
    return labels.slice(1).flatMap((label, i) => {
      const room = apart - (widest(labels[i]) + widest(label)) / 2;
      return room < TIME_LABEL_GAP ? [`${labels[i]}|${label}`] : [];
    });
  };
  /** uPlot's default: the smallest step whose ticks are 50 px apart, whatever the labels. */
  const uPlotDefault = (plotWidthPx: number) =>
    TIME_INCRS_MS.find((ms) => (plotWidthPx * ms) / DAY_MS >= 50) ?? DAY_MS;

  it("uPlot's fixed 50 px spacing runs 24 h labels together ('4:00 AM8:00 AM') on a narrow chart", () => {
    expect(uPlotDefault(330)).toBe(4 * HOUR_MS);
    expect(crowded(uPlotDefault(330), 330, 'en')).not.toEqual([]);
  });

  // Plot widths: a full-width chart at 1280 px, a chart beside another one, and a phone at 390 px.
  it.each([
    [1100, 'en'],
    [1100, 'es'],
    [560, 'en'],
    [330, 'en'],
    [330, 'es'],
    [290, 'en'],
    [290, 'es'],
  ])('a 24 h window %i px wide (%s): ticks stand further apart than their labels', (width, language) => {
    const { incrMs, spacePx } = timeAxisStep(DAY_MS, width, zone, language, measure);
    expect((width * incrMs) / DAY_MS).toBeGreaterThanOrEqual(spacePx);
    expect(crowded(incrMs, width, language)).toEqual([]);
    // Not sparser than needed: the next smaller step would crowd them.
    const smaller = TIME_INCRS_MS[TIME_INCRS_MS.indexOf(incrMs) - 1];
    expect((width * smaller) / DAY_MS).toBeLessThan(spacePx);
  });

  it('no width from 200 to 1600 px crowds 24 h, 7 day or 90 day labels, in either language', () => {
    for (const language of ['en', 'es']) {
      for (let width = 200; width <= 1600; width += 10) {
        const { incrMs } = timeAxisStep(DAY_MS, width, zone, language, measure);
        expect(crowded(incrMs, width, language)).toEqual([]);
        for (const days of [7, 90]) {
          const step = timeAxisStep(days * DAY_MS, width, zone, language, measure);
          expect((width * step.incrMs) / (days * DAY_MS)).toBeGreaterThanOrEqual(step.spacePx);
        }
      }
    }
  });

  it('wide English 12-hour labels need more room than Spanish 24-hour ones', () => {
    const en = timeAxisStep(DAY_MS, 420, zone, 'en', measure);
    const es = timeAxisStep(DAY_MS, 420, zone, 'es', measure);
    expect(en.spacePx).toBeGreaterThan(es.spacePx);
    expect(en.incrMs).toBe(6 * HOUR_MS);
    expect(es.incrMs).toBe(4 * HOUR_MS);
  });
});
