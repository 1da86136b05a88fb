import { FORECAST_STATES } from '@sitepulse/domain';
import { describe, expect, it } from 'vitest';
import { displayPreferences } from '../../app/preferences.ts';
import i18n from '../../i18n/index.ts';
import { curingForecast, noForecast, target } from './forecast-fixtures.ts';
import {
  answerLine,
  enteredFigure,
  forecastTime,
  reasonText,
  sensorNextText,
  targetLine,
  targetStrengthText,
} from './forecast-text.ts';
import { NOW } from './test-fixtures.ts';

// NOW is Monday 2026-11-23 12:00 UTC; the display time zone is the spec's default, UTC.
const en = i18n.getFixedT('en');
const es = i18n.getFixedT('es');
const metric = displayPreferences({ language: 'en' });
const imperial = displayPreferences({ language: 'en', system: 'Imperial' });
const spanish = displayPreferences({ language: 'es' });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const [stripping, postTensioning, traffic, design] = curingForecast().targets;

describe('targetStrengthText: a target in the unit it was entered', () => {
  it('keeps a psi target as the round figure typed, with the metric reader’s figure in brackets', () => {
    expect(targetStrengthText(traffic, metric)).toBe(
      `4000 psi (${metric.withUnit('Strength', traffic.strengthMpa)})`,
    );
    expect(metric.withUnit('Strength', traffic.strengthMpa)).toMatch(/^27\.6\sMPa$/);
  });

  it('keeps an MPa target for an imperial reader, with the psi figure in brackets', () => {
    expect(targetStrengthText(postTensioning, imperial)).toMatch(/^25 MPa \(3626\spsi\)$/);
  });

  it('shows no brackets when the reader uses the unit it was entered in', () => {
    expect(targetStrengthText(postTensioning, metric)).toBe('25 MPa');
    expect(targetStrengthText(traffic, imperial)).toBe('4000 psi');
  });

  it('writes the figure as typed: no trailing zeros, at most two decimals', () => {
    expect([enteredFigure(25), enteredFigure(27.5), enteredFigure(3000), enteredFigure(20.684)]).toEqual([
      '25',
      '27.5',
      '3000',
      '20.68',
    ]);
  });
});

describe('forecastTime: day names within a week, dates beyond', () => {
  it('names today, tomorrow and the weekday, and gives the date a week or more away, with the zone', () => {
    expect(forecastTime(NOW - 8 * HOUR, en, metric, NOW)).toBe('today 04:00 AM UTC');
    expect(forecastTime(NOW + 26 * HOUR, en, metric, NOW)).toBe('tomorrow 02:00 PM UTC');
    expect(forecastTime(NOW + 3 * DAY, en, metric, NOW)).toBe('Thu 12:00 PM UTC');
    expect(forecastTime(NOW + 9 * DAY, en, metric, NOW)).toBe('2026-12-02 12:00 PM UTC');
    expect(forecastTime(NOW - 2 * DAY, en, metric, NOW)).toBe('Sat 12:00 PM UTC');
  });

  it('speaks Spanish with a 24-hour clock', () => {
    expect(forecastTime(NOW + 26 * HOUR, es, spanish, NOW)).toBe('mañana a las 14:00 UTC');
    expect(forecastTime(NOW + 3 * DAY, es, spanish, NOW)).toBe('el jue a las 12:00 UTC');
    expect(forecastTime(NOW + 9 * DAY, es, spanish, NOW)).toBe('el 02/12/2026 a las 12:00 UTC');
  });

  it('reads the display time zone: 14:00 UTC is 09:00 in Toronto', () => {
    const toronto = displayPreferences({ language: 'en', timeZone: 'America/Toronto' });
    expect(forecastTime(NOW + 26 * HOUR, en, toronto, NOW)).toBe('tomorrow 09:00 AM EST');
  });
});

describe('targetLine: each target’s state in words', () => {
  const line = (x = stripping, prefs = metric, t = en) => targetLine(x, t, prefs, NOW, 'FORECAST');

  it('says when a reached target was reached', () => {
    expect(line()).toBe('10 MPa reached today 04:00 AM UTC');
    expect(line({ ...stripping, reachedAt: null })).toBe('10 MPa reached');
  });

  it('says when a target is expected, with the range from the recent low and high temperature', () => {
    expect(line(postTensioning)).toBe('25 MPa expected tomorrow 02:00 PM UTC, between 11:00 AM and 06:00 PM');
    expect(line(traffic)).toBe(
      `4000 psi (${metric.withUnit('Strength', traffic.strengthMpa)}) expected Thu 12:00 PM UTC, between 08:00 AM and 06:00 PM`,
    );
    // Ends on other days than the expected time carry their own day.
    expect(line(design)).toBe(
      '35 MPa expected 2026-12-02 12:00 PM UTC, between 2026-12-01 12:00 PM and 2026-12-03 12:00 PM',
    );
    // One end on another day: both ends carry their day.
    expect(line({ ...postTensioning, earliestAt: NOW + 9 * HOUR })).toBe(
      '25 MPa expected tomorrow 02:00 PM UTC, between today 09:00 PM and tomorrow 06:00 PM',
    );
    expect(line({ ...postTensioning, earliestAt: null, latestAt: null })).toBe(
      '25 MPa expected tomorrow 02:00 PM UTC',
    );
  });

  it('says it in Spanish', () => {
    expect(line(postTensioning, spanish, es)).toBe(
      '25 MPa previsto mañana a las 14:00 UTC, entre 11:00 y 18:00',
    );
    expect(line(stripping, spanish, es)).toBe('10 MPa alcanzado hoy a las 04:00 UTC');
  });

  it('says a target without a forecast is not reached yet, with its own reason when the job has another', () => {
    const falling = target({
      kind: 'DESIGN',
      strengthMpa: 35,
      enteredValue: 35,
      state: 'FALLING_TEMPERATURE',
    });
    expect(targetLine(falling, en, metric, NOW, 'FALLING_TEMPERATURE')).toBe('35 MPa not reached yet');
    expect(targetLine(falling, en, metric, NOW, 'FORECAST')).toBe(
      '35 MPa not reached yet: temperature falling',
    );
  });
});

describe('reasonText: why there is no forecast', () => {
  it('has a sentence for every state without a forecast, in both languages', () => {
    const reasons = FORECAST_STATES.filter((s) => s !== 'FORECAST' && s !== 'REACHED');
    for (const state of reasons) {
      for (const [t, prefs] of [
        [en, metric],
        [es, spanish],
      ] as const) {
        const text = reasonText(state, t, prefs, -10);
        expect(text, state).not.toMatch(/forecast\.reason|^$/);
      }
    }
    expect(reasonText('NO_PROFILE', en, metric, null)).toBe(
      'Assign a concrete profile to estimate strength.',
    );
    expect(reasonText('FALLING_TEMPERATURE', en, metric, null)).toBe(
      'Temperature is falling: no reliable forecast.',
    );
    expect(reasonText('BELOW_DATUM', en, metric, -10)).toBe(
      `Concrete is at or below the datum temperature (${metric.withUnit('Temperature', -10)}): it is not gaining strength.`,
    );
    expect(reasonText('BELOW_DATUM', en, imperial, -10)).toContain('14.0');
    expect(reasonText('BELOW_DATUM', en, metric, null)).toBe(
      'Concrete is too cold to gain strength: there is no forecast.',
    );
  });
});

describe('answerLine: what the "Can the forms come off?" answer adds', () => {
  it('says when the job’s own target is expected', () => {
    expect(answerLine(curingForecast(), en, metric, NOW, -10)).toBe(
      'Expected to reach 25 MPa tomorrow 02:00 PM UTC, between 11:00 AM and 06:00 PM.',
    );
  });

  it('says why there is none, and nothing once the target is reached', () => {
    expect(answerLine(noForecast('FALLING_TEMPERATURE'), en, metric, NOW, -10)).toBe(
      'Temperature is falling: no reliable forecast.',
    );
    expect(answerLine(noForecast('NO_PROFILE'), en, metric, NOW, -10)).toBe(
      'Assign a concrete profile to estimate strength.',
    );
    const reached = curingForecast();
    reached.targets[1] = { ...reached.targets[1], state: 'REACHED', reachedAt: NOW - HOUR };
    expect(answerLine(reached, en, metric, NOW, -10)).toBeNull();
  });
});

describe('sensorNextText: each sensor’s next target', () => {
  const [expecting, reached, falling] = curingForecast().sensors;
  it('names the next target and when, or that all are reached, or why there is no forecast', () => {
    expect(sensorNextText(expecting, en, metric, NOW)).toBe('Post-tensioning · tomorrow 04:00 PM UTC');
    expect(sensorNextText(reached, en, metric, NOW)).toBe('All targets reached');
    expect(sensorNextText(falling, en, metric, NOW)).toBe('Post-tensioning: temperature falling');
    expect(sensorNextText(falling, es, spanish, NOW)).toBe('Postensado: temperatura en descenso');
  });
});
