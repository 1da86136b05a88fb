/**
 * The module spec's disable_maturity_strength (spec section 3; issue 16, docs/decisions/maturity-strength-switch.md):
 * for a company whose Concrete module turns strength off, every strength the server answers is null, as
 * for a job without a concrete profile. Maturity is answered as ever.
 */

/** Whether strength is shown for a company (domain strengthShown over its modules). */
export type StrengthShown = (companyId: number) => Promise<boolean>;

/** Job rows with their strength curve taken away, so no strength is computed from them. */
export function withoutStrengthCurve<T extends { curve_a: number | null; curve_b: number | null }>(
  rows: readonly T[],
): T[] {
  return rows.map((r) => ({ ...r, curve_a: null, curve_b: null }));
}

/**
 * The rows as the company may see them: unchanged when strength is shown (or no rule is given), else
 * without their strength curve.
 */
export async function strengthRows<T extends { curve_a: number | null; curve_b: number | null }>(
  shown: StrengthShown | undefined,
  companyId: number,
  rows: T[],
): Promise<T[]> {
  if (rows.length === 0 || !shown || (await shown(companyId))) return rows;
  return withoutStrengthCurve(rows);
}
