/**
 * When will a pour reach its strength? (issue 13) The forecast rule: written by the forecast work;
 * see docs/decisions/strength-forecast.md.
 */
export const FORECAST_STATES = [
  'FORECAST',
  'REACHED',
  'NO_PROFILE',
  'NOT_STARTED',
  'NO_DATA',
  'BELOW_DATUM',
  'FALLING_TEMPERATURE',
  'STOPPED',
] as const;
export type ForecastState = (typeof FORECAST_STATES)[number];
