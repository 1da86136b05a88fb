import { DEFAULT_DECIMALS } from './constants.ts';

/** Text shown for a missing value (section 2, 8). */
export const MISSING_VALUE = '--';

/** Whether a number is present: null, undefined, NaN and infinities are missing. */
export function isPresentNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/**
 * A number as text with a fixed number of decimals (default one, section 9), or '--' when
 * missing. Negative zero after rounding ('-0.0') shows as '0.0': a reading of -0.04 °C is
 * not "below zero" to a reader.
 */
export function formatNumber(v: number | null | undefined, decimals: number = DEFAULT_DECIMALS): string {
  if (!isPresentNumber(v)) return MISSING_VALUE;
  const text = v.toFixed(decimals);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/**
 * Any value as display text (section 2: missing values display '--'): numbers get the
 * default one decimal, non-empty text is shown as is, everything else is '--'.
 */
export function displayValue(
  v: number | string | null | undefined,
  decimals: number = DEFAULT_DECIMALS,
): string {
  if (typeof v === 'string') return v.trim() === '' ? MISSING_VALUE : v;
  return formatNumber(v, decimals);
}
