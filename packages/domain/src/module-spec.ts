/**
 * The company module spec (spec section 3: "A module spec is JSON text that may contain
 * disable_maturity_strength") and the job-site application types (section 6, 7). One rule for the server
 * (which answers strength as null) and the web screens (which leave strength out).
 * docs/decisions/maturity-strength-switch.md, docs/decisions/application-type.md.
 */
import { PRODUCT_NAME } from './constants.ts';

/** A module spec's JSON text as an object; anything that is not a JSON object reads as {}. */
export function parseModuleSpec(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The largest positive whole number the tierSpecs of a company's active modules give `field` (section 3: a
 * tierSpec is JSON text such as {"storage_limit_in_mb": 10240}), or null when none gives one; a tierSpec that
 * is not a JSON object gives none. How a company-wide limit is read when several modules name it.
 */
export function largestTierSpecNumber(tierSpecs: readonly string[], field: string): number | null {
  let largest: number | null = null;
  for (const text of tierSpecs) {
    const v = parseModuleSpec(text)[field];
    if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && (largest === null || v > largest))
      largest = v;
  }
  return largest;
}

/** Whether a module spec turns strength off: `disable_maturity_strength` true (or the text 'true'). */
export function isMaturityStrengthDisabled(spec: string | null | undefined): boolean {
  const v = parseModuleSpec(spec).disable_maturity_strength;
  return v === true || v === 'true';
}

/**
 * Whether strength is shown for a company, from its modules: not when its {product} (Concrete) module's
 * spec has disable_maturity_strength. Maturity is shown either way. Unknown modules (still loading): shown.
 */
export function strengthShown(
  modules: readonly { moduleType: string; spec?: string | null }[] | null | undefined,
): boolean {
  const concrete = (modules ?? []).find((m) => m.moduleType === PRODUCT_NAME);
  return !concrete || !isMaturityStrengthDisabled(concrete.spec);
}

/**
 * Application types of the job-site list call (section 7: "Job sites by company, username and
 * application type '1'"): '1' is the web dashboard (the spec's), '2' the mobile app (ours).
 */
export const APPLICATION_TYPES = { WEB_DASHBOARD: '1', MOBILE_APP: '2' } as const;
export const APPLICATION_TYPE_CODES: readonly string[] = Object.values(APPLICATION_TYPES);

export function isApplicationType(code: unknown): code is string {
  return typeof code === 'string' && APPLICATION_TYPE_CODES.includes(code);
}

/**
 * The job sites a user sees (section 6): those of their granted list that are also in the server's list
 * for the application type. While that list is unknown (undefined) the granted list is kept.
 */
export function filterByApplicationType<T extends { id: number }>(
  sites: readonly T[],
  applicationTypeIds: readonly number[] | undefined,
): T[] {
  if (!applicationTypeIds) return [...sites];
  const ids = new Set(applicationTypeIds);
  return sites.filter((s) => ids.has(s.id));
}
