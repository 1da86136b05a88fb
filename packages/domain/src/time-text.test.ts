import { describe, expect, it } from 'vitest';
import { ageText, elapsedMsBetween, elapsedTimeText, resolveLanguage } from './time-text.ts';

const M = 60_000;
const H = 60 * M;
const D = 24 * H;

describe('elapsedTimeText (section 9)', () => {
  it.each([
    [0, '0 minutes', '0 minutos'],
    [59_999, '0 minutes', '0 minutos'],
    [M, '1 minute', '1 minuto'],
    [2 * M, '2 minutes', '2 minutos'],
    [59 * M + 59_999, '59 minutes', '59 minutos'],
    [H, '1 hour 0 minutes', '1 hora 0 minutos'],
    [H + M, '1 hour 1 minute', '1 hora 1 minuto'],
    [2 * H + 5 * M, '2 hours 5 minutes', '2 horas 5 minutos'],
    [D - 1, '23 hours 59 minutes', '23 horas 59 minutos'],
    [D, '1 day 0 hours', '1 día 0 horas'],
    [D + H, '1 day 1 hour', '1 día 1 hora'],
    [3 * D + 4 * H + 30 * M, '3 days 4 hours', '3 días 4 horas'],
    [28 * D, '28 days 0 hours', '28 días 0 horas'],
    [28 * D + 1, 'over 28 days', 'más de 28 días'],
    [28 * D + 23 * H, 'over 28 days', 'más de 28 días'],
    [29 * D, 'over 29 days', 'más de 29 días'],
    [400 * D, 'over 400 days', 'más de 400 días'],
    [-5 * M, '0 minutes', '0 minutos'],
  ])('%d ms → %j / %j', (ms, en, es) => {
    expect(elapsedTimeText(ms, 'en')).toBe(en);
    expect(elapsedTimeText(ms, 'es')).toBe(es);
  });

  it.each([[null], [undefined], [Number.NaN]])('missing (%j) → --', (ms) => {
    expect(elapsedTimeText(ms, 'en')).toBe('--');
  });

  it('falls back to English', () => {
    expect(elapsedTimeText(2 * H, 'fr')).toBe('2 hours 0 minutes');
    expect(elapsedTimeText(2 * H)).toBe('2 hours 0 minutes');
    expect(elapsedTimeText(2 * H, 'es-MX')).toBe('2 horas 0 minutos');
  });
});

describe('ageText (section 9)', () => {
  it.each([
    [0, '0 minutes', '0 minutos'],
    [M, '1 minute', '1 minuto'],
    [59 * M, '59 minutes', '59 minutos'],
    [H, '1 hour', '1 hora'],
    [2 * H + 59 * M, '2 hours', '2 horas'],
    [D, '1 day', '1 día'],
    [2 * D + 5 * H, '2 days', '2 días'],
    [40 * D, '40 days', '40 días'],
  ])('%d ms → %j / %j', (ms, en, es) => {
    expect(ageText(ms, 'en')).toBe(en);
    expect(ageText(ms, 'es')).toBe(es);
  });

  it('is -- when missing', () => {
    expect(ageText(undefined)).toBe('--');
  });
});

describe('resolveLanguage and elapsedMsBetween', () => {
  it.each([
    ['en', 'en'],
    ['es', 'es'],
    ['ES', 'es'],
    ['en-US', 'en'],
    ['de', 'en'],
    [null, 'en'],
  ])('%j → %s', (lang, resolved) => {
    expect(resolveLanguage(lang)).toBe(resolved);
  });

  it('measures from a start time to now', () => {
    expect(elapsedMsBetween('2024-01-01T00:00:00Z', Date.UTC(2024, 0, 1, 2))).toBe(2 * H);
    expect(elapsedMsBetween(null, 0)).toBeNull();
  });
});
