import { DAY_MS, HOUR_MS } from '@sitepulse/domain';
import { describe, expect, it } from 'vitest';
import { timeAxisLabels, timeAxisZone } from './time-axis.ts';

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
