import { describe, expect, it } from 'vitest';
import { displayValue, formatNumber, isPresentNumber, MISSING_VALUE } from './display.ts';

describe('displayValue (section 2, 8)', () => {
  it.each([
    [21.46, '21.5'],
    [3, '3.0'],
    [0, '0.0'],
    [-0.04, '0.0'],
    [-1.25, '-1.3'],
    ['Sensor 4', 'Sensor 4'],
    ['', '--'],
    ['  ', '--'],
    [null, '--'],
    [undefined, '--'],
    [Number.NaN, '--'],
    [Number.POSITIVE_INFINITY, '--'],
  ])('%j → %j', (v, text) => {
    expect(displayValue(v)).toBe(text);
  });

  it('takes a decimals count', () => {
    expect(displayValue(1.23456, 3)).toBe('1.235');
    expect(displayValue(3.6, 0)).toBe('4');
  });

  it('has the missing-value text', () => {
    expect(MISSING_VALUE).toBe('--');
  });
});

describe('formatNumber', () => {
  it.each([
    [1.05, 2, '1.05'],
    [-0.4, 0, '0'],
    [-0.6, 0, '-1'],
    [null, 1, '--'],
  ])('%j with %d decimals → %j', (v, d, text) => {
    expect(formatNumber(v, d)).toBe(text);
  });
});

describe('isPresentNumber', () => {
  it.each([
    [0, true],
    [-2, true],
    [Number.NaN, false],
    [null, false],
    ['3', false],
  ])('%j → %s', (v, ok) => {
    expect(isPresentNumber(v)).toBe(ok);
  });
});
