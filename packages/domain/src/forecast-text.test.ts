import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  compareReadyNext,
  type ForecastLine,
  forecastLine,
  forecastMoment,
  forecastWords,
  type ListedForecast,
  type ListedTargetForecast,
  readyNextKey,
  targetFigure,
} from './forecast-text.ts';

const H = 3_600_000;
const TORONTO = 'America/Toronto';
/** Wednesday 2026-01-14 12:30 in Toronto (EST, UTC-5) = 17:30 UTC. */
const NOW = Date.UTC(2026, 0, 14, 17, 30);
/** A Toronto wall-clock time of January 2026 (EST) as epoch ms. */
const est = (day: number, hour: number, minute = 0) => Date.UTC(2026, 0, day, hour + 5, minute);

function target(over: Partial<ListedTargetForecast> = {}): ListedTargetForecast {
  return {
    kind: 'STRIPPING',
    enteredValue: 25,
    enteredUnit: 'MPa',
    state: 'FORECAST',
    reachedAt: null,
    expectedAt: est(15, 14),
    earliestAt: est(15, 11),
    latestAt: est(15, 18),
    ...over,
  };
}

function summary(over: Partial<ListedForecast> = {}): ListedForecast {
  return { state: 'FORECAST', next: target(), reachedCount: 0, targetCount: 1, ...over };
}

const line = (s: ListedForecast, timeZone = TORONTO): ForecastLine => forecastLine(s, { now: NOW, timeZone });

describe('calendarDay', () => {
  it('reads the local date of the zone, not of UTC', () => {
    // 2026-01-15 03:00 UTC is still Wednesday 14 January, 22:00, in Toronto.
    const lateWednesday = Date.UTC(2026, 0, 15, 3);
    expect(calendarDay(lateWednesday, TORONTO)).toEqual({
      dayNumber: Date.UTC(2026, 0, 14) / 86_400_000,
      weekday: 3,
    });
    expect(calendarDay(lateWednesday, 'UTC')).toEqual({
      dayNumber: Date.UTC(2026, 0, 15) / 86_400_000,
      weekday: 4,
    });
  });

  it('reads an unknown zone as UTC', () => {
    expect(calendarDay(NOW, 'Not/AZone')).toEqual(calendarDay(NOW, 'UTC'));
  });
});

describe('forecastMoment', () => {
  it.each([
    [est(14, 23, 59), 'TODAY', 3],
    [est(15, 0, 0), 'TOMORROW', 4],
    [est(13, 9), 'YESTERDAY', 2],
    [est(16, 9), 'WEEKDAY', 5],
    [est(20, 9), 'WEEKDAY', 2],
    [est(21, 9), 'DATE', 3],
    [est(8, 9), 'WEEKDAY', 4],
    [est(7, 9), 'DATE', 3],
  ] as const)('names %s as %s (weekday %d)', (at, day, weekday) => {
    expect(forecastMoment(at, NOW, TORONTO)).toEqual({ at, day, weekday });
  });

  it('counts days across a daylight-saving change by the local date', () => {
    // Sunday 2026-03-08 02:00 EST → EDT. From Saturday 12:00 EST, Sunday 23:00 EDT is tomorrow.
    const saturdayNoon = Date.UTC(2026, 2, 7, 17);
    const sundayLate = Date.UTC(2026, 2, 9, 3);
    expect(forecastMoment(sundayLate, saturdayNoon, TORONTO).day).toBe('TOMORROW');
  });
});

describe('targetFigure', () => {
  it.each([
    [25, 'MPa', '25\u00a0MPa'],
    [25.5, 'MPa', '25.5\u00a0MPa'],
    [20.125, 'MPa', '20.13\u00a0MPa'],
    [3000, 'psi', '3000\u00a0psi'],
  ] as const)('shows %d %s as entered: %s', (value, unit, text) => {
    expect(targetFigure({ value, unit })).toBe(text);
  });
});

describe('forecastLine', () => {
  it('gives the expected time with its range on the same day', () => {
    expect(line(summary())).toEqual({
      kind: 'EXPECTED',
      target: { kind: 'STRIPPING', value: 25, unit: 'MPa' },
      expected: { at: est(15, 14), day: 'TOMORROW', weekday: 4 },
      range: {
        earliest: { at: est(15, 11), day: 'TOMORROW', weekday: 4 },
        latest: { at: est(15, 18), day: 'TOMORROW', weekday: 4 },
        withDay: false,
      },
      reachedCount: 0,
      targetCount: 1,
    });
  });

  it('names the days of the range when an end falls on another day', () => {
    const l = line(
      summary({ next: target({ earliestAt: est(15, 22), expectedAt: est(16, 2), latestAt: est(16, 9) }) }),
    );
    expect(l.kind === 'EXPECTED' && l.range?.withDay).toBe(true);
    // The same moments seen in UTC all fall on the 16th: no day needed.
    const utc = line(
      summary({ next: target({ earliestAt: est(15, 22), expectedAt: est(16, 2), latestAt: est(16, 9) }) }),
      'UTC',
    );
    expect(utc.kind === 'EXPECTED' && utc.range?.withDay).toBe(false);
  });

  it('leaves the range out when an end is missing or does not hold the expected time', () => {
    const noLow = line(summary({ next: target({ earliestAt: null }) }));
    expect(noLow.kind === 'EXPECTED' && noLow.range).toBeNull();
    const wrong = line(summary({ next: target({ earliestAt: est(15, 15) }) }));
    expect(wrong.kind === 'EXPECTED' && wrong.range).toBeNull();
  });

  it('keeps the target as entered, e.g. 3000 psi for post-tensioning, with the targets reached so far', () => {
    const l = line(
      summary({
        next: target({ kind: 'POST_TENSIONING', enteredValue: 3000, enteredUnit: 'psi' }),
        reachedCount: 1,
        targetCount: 3,
      }),
    );
    expect(l).toMatchObject({
      kind: 'EXPECTED',
      target: { kind: 'POST_TENSIONING', value: 3000, unit: 'psi' },
      reachedCount: 1,
      targetCount: 3,
    });
  });

  it('says when the target was reached', () => {
    const l = line(
      summary({
        state: 'REACHED',
        next: target({ state: 'REACHED', reachedAt: est(13, 9, 12), expectedAt: null }),
        reachedCount: 1,
      }),
    );
    expect(l).toMatchObject({ kind: 'REACHED', reached: { at: est(13, 9, 12), day: 'YESTERDAY' } });
    const noTime = line(summary({ state: 'REACHED', next: target({ state: 'REACHED', reachedAt: null }) }));
    expect(noTime).toMatchObject({ kind: 'REACHED', reached: null });
  });

  it.each(['NO_PROFILE', 'NOT_STARTED', 'NO_DATA', 'BELOW_DATUM', 'FALLING_TEMPERATURE', 'STOPPED'] as const)(
    'says why there is no forecast: %s',
    (state) => {
      expect(line(summary({ state, next: target({ state, expectedAt: null }) }))).toMatchObject({
        kind: 'NONE',
        reason: state,
        target: { kind: 'STRIPPING', value: 25, unit: 'MPa' },
      });
      expect(line(summary({ state, next: null }))).toMatchObject({
        kind: 'NONE',
        reason: state,
        target: null,
      });
    },
  );

  it('reads a job without targets as NO_TARGET, a forecast without a time as the job state or NO_DATA', () => {
    expect(line(summary({ next: null, targetCount: 0 }))).toMatchObject({
      kind: 'NONE',
      reason: 'NO_TARGET',
    });
    expect(line(summary({ state: 'REACHED', next: null }))).toMatchObject({ reason: 'NO_TARGET' });
    expect(line(summary({ next: target({ expectedAt: null }) }))).toMatchObject({
      kind: 'NONE',
      reason: 'NO_DATA',
    });
    expect(line(summary({ state: 'FALLING_TEMPERATURE', next: target({ expectedAt: null }) }))).toMatchObject(
      { kind: 'NONE', reason: 'FALLING_TEMPERATURE' },
    );
  });
});

describe('ready next order', () => {
  const reached = (at: number) =>
    summary({ state: 'REACHED', next: target({ state: 'REACHED', reachedAt: at, expectedAt: null }) });
  const expected = (at: number) =>
    summary({ next: target({ expectedAt: at, earliestAt: null, latestAt: null }) });
  const none = summary({ state: 'NO_PROFILE', next: target({ state: 'NO_PROFILE', expectedAt: null }) });

  it('ranks reached, then expected, then no forecast, then no summary', () => {
    expect(readyNextKey(reached(NOW - H))).toEqual([0, NOW - H]);
    expect(readyNextKey(expected(NOW + H))).toEqual([1, NOW + H]);
    expect(readyNextKey(none)).toEqual([2, 0]);
    expect(readyNextKey(undefined)).toEqual([3, 0]);
  });

  it('sorts soonest first within a rank', () => {
    const jobs = [
      { name: 'none', f: none },
      { name: 'in 5 h', f: expected(NOW + 5 * H) },
      { name: 'missing', f: undefined },
      { name: 'reached 1 h ago', f: reached(NOW - H) },
      { name: 'in 1 h', f: expected(NOW + H) },
      { name: 'reached 3 h ago', f: reached(NOW - 3 * H) },
    ];
    expect(jobs.sort((a, b) => compareReadyNext(a.f, b.f)).map((j) => j.name)).toEqual([
      'reached 3 h ago',
      'reached 1 h ago',
      'in 1 h',
      'in 5 h',
      'none',
      'missing',
    ]);
  });
});

describe('forecastWords', () => {
  /** A small English dictionary in the shape of the web app's forecastLists strings. */
  const en: Record<string, string> = {
    'forecastLists.target': '{{kind}} {{figure}}',
    'forecastLists.kind.STRIPPING': 'Stripping',
    'forecastLists.kind.POST_TENSIONING': 'Post-tensioning',
    'forecastLists.expected': 'expected {{time}}',
    'forecastLists.range': '({{from}}–{{to}})',
    'forecastLists.reached': 'reached {{time}}',
    'forecastLists.reachedNoTime': 'reached',
    'forecastLists.targetsReached': '{{reached}} of {{total}} targets reached',
    'forecastLists.day.TODAY': 'today {{time}}',
    'forecastLists.day.TOMORROW': 'tomorrow {{time}}',
    'forecastLists.day.YESTERDAY': 'yesterday {{time}}',
    'forecastLists.day.WEEKDAY': '{{weekday}} {{time}}',
    'forecastLists.day.DATE': '{{date}} {{time}}',
    'forecastLists.weekday.4': 'Thu',
    'forecastLists.weekday.5': 'Fri',
    'forecastLists.weekday.3': 'Wed',
    'forecastLists.reason.NO_PROFILE': 'No profile',
    'forecastLists.why.NO_PROFILE': 'No forecast: no concrete profile.',
    'forecastLists.reason.BELOW_DATUM': 'Below datum',
    'forecastLists.why.BELOW_DATUM': 'No forecast: below the datum temperature.',
    'forecastLists.reason.FALLING_TEMPERATURE': 'Temperature falling',
    'forecastLists.why.FALLING_TEMPERATURE': 'No forecast: falling temperature.',
  };
  const t = (key: string, values: Record<string, string | number> = {}) =>
    (en[key] ?? `!${key}`).replace(/{{(\w+)}}/g, (_m, k: string) => String(values[k]));
  /** Toronto wall-clock times, 24-hour; the line's own moment with its zone. */
  const rangeClock = (at: number) => {
    const d = new Date(at - 5 * H);
    return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  };
  const clock = (at: number) => `${rangeClock(at)} EST`;
  const date = (at: number) => `Jan ${new Date(at - 5 * H).getUTCDate()}`;
  const words = (s: ListedForecast) => forecastWords(line(s), { t, clock, rangeClock, date });

  it('says "expected tomorrow 14:00 EST (11:00–18:00)" for a forecast a day ahead', () => {
    expect(words(summary())).toEqual({
      target: 'Stripping 25\u00a0MPa',
      status: 'expected tomorrow 14:00 EST',
      range: '(11:00–18:00)',
      why: null,
      progress: null,
    });
  });

  it('names the weekday two days ahead, and the days of a range across midnight', () => {
    const w = words(
      summary({ next: target({ earliestAt: est(15, 22), expectedAt: est(16, 2), latestAt: est(16, 9) }) }),
    );
    expect(w.status).toBe('expected Fri 02:00 EST');
    expect(w.range).toBe('(tomorrow 22:00–Fri 09:00)');
  });

  it('gives a date for a design target three weeks away', () => {
    const w = words(summary({ next: target({ expectedAt: est(28, 8), earliestAt: null, latestAt: null }) }));
    expect(w.status).toBe('expected Jan 28 08:00 EST');
    expect(w.range).toBeNull();
  });

  it('says when the target was reached and how many of several targets are', () => {
    expect(
      words(
        summary({
          state: 'REACHED',
          next: target({ state: 'REACHED', reachedAt: est(13, 9, 12) }),
          reachedCount: 3,
          targetCount: 3,
        }),
      ),
    ).toMatchObject({ status: 'reached yesterday 09:12 EST', progress: '3 of 3 targets reached' });
    expect(
      words(summary({ state: 'REACHED', next: target({ state: 'REACHED', reachedAt: null }) })).status,
    ).toBe('reached');
    expect(
      words(
        summary({
          next: target({ kind: 'POST_TENSIONING', enteredValue: 3000, enteredUnit: 'psi' }),
          reachedCount: 1,
          targetCount: 2,
        }),
      ),
    ).toMatchObject({ target: 'Post-tensioning 3000\u00a0psi', progress: '1 of 2 targets reached' });
  });

  it.each([
    ['NO_PROFILE', 'No profile', 'No forecast: no concrete profile.'],
    ['BELOW_DATUM', 'Below datum', 'No forecast: below the datum temperature.'],
    ['FALLING_TEMPERATURE', 'Temperature falling', 'No forecast: falling temperature.'],
  ] as const)('says why there is none: %s', (state, status, why) => {
    expect(words(summary({ state, next: target({ state, expectedAt: null }) }))).toEqual({
      target: 'Stripping 25\u00a0MPa',
      status,
      range: null,
      why,
      progress: null,
    });
  });
});
