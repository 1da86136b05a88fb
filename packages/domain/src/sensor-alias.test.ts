import { describe, expect, it } from 'vitest';
import { normalizeSensorAlias, SENSOR_ALIAS_MAX_LENGTH, sensorAliasProblem } from './sensor-alias.ts';

describe('sensor alias', () => {
  it('is trimmed, and empty clears it', () => {
    expect(normalizeSensorAlias('  Top mat ')).toBe('Top mat');
    expect(normalizeSensorAlias('   ')).toBeNull();
    expect(normalizeSensorAlias(null)).toBeNull();
  });

  it(`keeps at most ${SENSOR_ALIAS_MAX_LENGTH} characters after trimming`, () => {
    expect(sensorAliasProblem(`  ${'a'.repeat(SENSOR_ALIAS_MAX_LENGTH)}  `)).toBeNull();
    expect(sensorAliasProblem('a'.repeat(SENSOR_ALIAS_MAX_LENGTH + 1))).toBe('tooLong');
  });
});
