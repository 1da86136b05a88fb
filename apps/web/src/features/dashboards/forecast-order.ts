import type { MaturityJob } from '@sitepulse/contracts';
import { compareReadyNext } from '@sitepulse/domain';
import type { ForecastsByJob } from './forecast-api.ts';

/** The orders of a dashboard's pours: most urgent first (the dashboards' own), or ready next. */
export const POUR_ORDERS = ['urgent', 'readyNext'] as const;
export type PourOrder = (typeof POUR_ORDERS)[number];

/** The order a dashboard starts with: a precast plant asks which element is ready next, a site what needs a look. */
export function defaultPourOrder(siteType: string): PourOrder {
  return siteType === 'Precast Plant' ? 'readyNext' : 'urgent';
}

/** An order named in the address, else the default. */
export function readPourOrder(value: string | null, fallback: PourOrder): PourOrder {
  return (POUR_ORDERS as readonly string[]).includes(value ?? '') ? (value as PourOrder) : fallback;
}

/**
 * Pours (given most urgent first) in the order asked: 'readyNext' puts those whose next target is reached
 * first, then the soonest expected, then those without a forecast (domain compareReadyNext); ties keep the
 * urgency order. Without forecasts the urgency order stays.
 */
export function orderPours(
  pours: readonly MaturityJob[],
  order: PourOrder,
  forecasts: ForecastsByJob | undefined,
): MaturityJob[] {
  if (order === 'urgent' || !forecasts) return [...pours];
  return [...pours].sort((a, b) => compareReadyNext(forecasts.get(a.id), forecasts.get(b.id)));
}
