import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

const exported = new Map<string, unknown>(Object.entries(domain));

// The fixed public interface of issue 3: every name must be exported from the entry point.
const PUBLIC_FUNCTIONS = [
  'jobStatusLabel',
  'dateDerivedStatus',
  'statusStyle',
  'isEndedJob',
  'batteryState',
  'signalValue',
  'progressPercent',
  'convert',
  'unitLabel',
  'formatMeasurement',
  'smoothingTolerance',
  'memberRoleLabel',
  'accountTypeLabel',
  'isAdminAccount',
  'projectDisplayName',
  'sensorDisplayName',
  'clampLatitude',
  'isArchived',
  'isHumidityJob',
  'isTokenExpired',
  'isSignedIn',
  'nurseSaulMaturity',
  'equivalentAge',
  'strengthFromMaturity',
] as const;

describe('public interface (issue 3)', () => {
  it.each(PUBLIC_FUNCTIONS)('exports %s as a function', (name) => {
    expect(typeof exported.get(name)).toBe('function');
  });

  it('exports JOB_TYPE_ORDER with twelve types', () => {
    expect(domain.JOB_TYPE_ORDER).toHaveLength(12);
  });

  it('answers the examples of the brief through the entry point', () => {
    expect(domain.formatMeasurement('Temperature', 21.46, 'Metric')).toBe('21.5');
    expect(domain.formatMeasurement('Strength', 21, 'Imperial')).toBe('3046');
    expect(domain.formatMeasurement('Strength', null, 'Imperial')).toBe('--');
  });
});
