import { describe, expect, it } from 'vitest';
import { displayPreferences } from './preferences.ts';

describe('displayPreferences', () => {
  it('shows strength in psi without decimals and temperature in °F for Imperial users', () => {
    const p = displayPreferences({ system: 'Imperial', timeZone: 'America/Toronto', language: 'en' });
    expect(p.withUnit('Strength', 21)).toBe('3046 psi');
    expect(p.withUnit('Temperature', 20)).toBe('68.0 °F');
    expect(p.unit('Maturity')).toBe('°F.Hr');
    expect(p.convert('Temperature', 100)).toBeCloseTo(212);
  });

  it('defaults to Metric and UTC, and shows -- for a missing value or time', () => {
    const p = displayPreferences({ language: 'en' });
    expect(p.system).toBe('Metric');
    expect(p.timeZone).toBe('UTC');
    expect(p.withUnit('Strength', 21)).toBe('21.0 MPa');
    expect(p.value('Temperature', null)).toBe('--');
    expect(p.time(null)).toBe('--');
  });

  it('flags a saved time zone or unit system it cannot use, for a warning (spec section 8)', () => {
    expect(
      displayPreferences({ timeZone: 'America/Toronto', system: 'Imperial', language: 'en' }).invalidSettings,
    ).toEqual([]);
    expect(displayPreferences({ language: 'en' }).invalidSettings).toEqual([]);
    const bad = displayPreferences({ timeZone: 'Mars/Olympus', system: 'Cubits', language: 'en' });
    expect(bad.invalidSettings).toEqual(['timeZone', 'system']);
    expect([bad.timeZone, bad.system]).toEqual(['UTC', 'Metric']);
  });

  it('shows a moment in the display time zone and falls back to UTC for an unknown zone', () => {
    const at = Date.UTC(2026, 0, 15, 17, 30);
    expect(displayPreferences({ timeZone: 'America/Toronto', language: 'en' }).time(at)).toBe(
      '2026-01-15 12:30 PM',
    );
    expect(displayPreferences({ timeZone: 'Not/AZone', language: 'en' }).time(at)).toBe(
      '2026-01-15 05:30 PM',
    );
  });
});
