import { DAY_MS, largestTierSpecNumber } from '@sitepulse/domain';

/** Fewest days of raw readings a retention keeps: a smaller raw_retention_days counts as this. */
export const RAW_RETENTION_MIN_DAYS = 30;
/** Most days a retention names (about 100 years); a larger raw_retention_days means keep forever. */
export const RAW_RETENTION_MAX_DAYS = 36_500;

/**
 * How many days of raw readings a company keeps (docs/decisions/data-retention.md): the largest positive
 * whole `raw_retention_days` among the tierSpecs of its active modules (domain largestTierSpecNumber, as
 * `storage_limit_in_mb` is read), at least RAW_RETENTION_MIN_DAYS. null (keep forever) when none names one, when
 * a tierSpec is not JSON, or when the largest is past RAW_RETENTION_MAX_DAYS.
 */
export function rawRetentionDays(tierSpecs: readonly string[]): number | null {
  const days = largestTierSpecNumber(tierSpecs, 'raw_retention_days');
  if (days === null || days > RAW_RETENTION_MAX_DAYS) return null;
  return Math.max(days, RAW_RETENTION_MIN_DAYS);
}

/**
 * The time before which a retention of `days` removes raw readings at `now`: the start of the UTC day
 * `days` days ago. A whole day, so whole hours of the rollups lie on either side of it.
 */
export function rawHorizon(days: number, now: number): number {
  return Math.floor((now - days * DAY_MS) / DAY_MS) * DAY_MS;
}
