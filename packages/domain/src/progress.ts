/** Reads a present number; null, undefined, NaN and infinities are "no value". */
function present(v: number | null | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/**
 * Progress percentage (section 5): 100 when there is a current value but no target, 0 when
 * there is neither, else Math.round(current / target × 100). Choices: a target but no current
 * gives 0; a target of 0 counts as no target (it cannot divide); 0 is a current value; the
 * result is not capped at 100, so over-achievement stays visible.
 */
export function progressPercent(
  current: number | null | undefined,
  target: number | null | undefined,
): number {
  const hasCurrent = present(current);
  const hasTarget = present(target) && target !== 0;
  if (!hasTarget) return hasCurrent ? 100 : 0;
  if (!hasCurrent) return 0;
  return Math.round((current / target) * 100);
}
