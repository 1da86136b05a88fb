/**
 * A sensor's alias (spec section 3, "Sensor message": sensorAlias; the display name is the alias, otherwise
 * 'Sensor {id}'). Set from the sensor manage dialog (issue 16) through PUT /channels/sensors/cmd/assign_alias.
 */

/** The longest alias kept (characters, after trimming). */
export const SENSOR_ALIAS_MAX_LENGTH = 64;

/** An alias as sent: trimmed; empty clears it (null). */
export function normalizeSensorAlias(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  return t === '' ? null : t;
}

/** Why an alias cannot be kept ('tooLong'), or null when it can. */
export function sensorAliasProblem(text: string | null | undefined): 'tooLong' | null {
  return (normalizeSensorAlias(text) ?? '').length > SENSOR_ALIAS_MAX_LENGTH ? 'tooLong' : null;
}
