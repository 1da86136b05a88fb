import { convert, toMetric } from '@sitepulse/domain';

/**
 * A difference of a quantity (a hysteresis, a differential limit) between metric and the user's system:
 * the scale of the conversion without its offset, so 0.5 °C of difference reads 0.9 °F (×9/5, never +32)
 * and 35 °F of difference is 19.44 °C. Quantities without an offset convert as their values do.
 */
export function differenceToUser(
  quantity: string,
  metric: number,
  system: string | null | undefined,
): number {
  return convert(quantity, metric, system) - convert(quantity, 0, system);
}

/** The inverse of differenceToUser: a difference typed in the user's system back to metric. */
export function differenceToMetric(
  quantity: string,
  value: number,
  system: string | null | undefined,
): number {
  return toMetric(quantity, value, system) - toMetric(quantity, 0, system);
}
