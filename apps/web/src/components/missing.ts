import { MISSING_VALUE } from '@sitepulse/domain';

/** Missing values display '--' (spec section 2, 8). see also domain displayValue */
export function orMissing(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return MISSING_VALUE;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : MISSING_VALUE;
  return value.trim() === '' ? MISSING_VALUE : value;
}
