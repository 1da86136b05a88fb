import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, displayPreferences, TIME_FORMAT } from './preferences.ts';

/** The zone's short name as Intl gives it in that language (EST/EDT, GMT-5, ...): never hard-coded. */
const zoneName = (ms: number, zone: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(ms)
    .find((p) => p.type === 'timeZoneName')?.value;

describe('displayPreferences', () => {
  it('shows strength in psi without decimals and temperature in °F for Imperial users', () => {
    const p = displayPreferences({ system: 'Imperial', timeZone: 'America/Toronto', language: 'en' });
    expect(p.withUnit('Strength', 21)).toBe('3046\u00a0psi');
    expect(p.withUnit('Temperature', 20)).toBe('68.0\u00a0°F');
    expect(p.unit('Maturity')).toBe('°F.Hr');
    expect(p.convert('Temperature', 100)).toBeCloseTo(212);
  });

  it('defaults to Metric and UTC, and shows -- for a missing value or time', () => {
    const p = displayPreferences({ language: 'en' });
    expect(p.system).toBe('Metric');
    expect(p.timeZone).toBe('UTC');
    expect(p.withUnit('Strength', 21)).toBe('21.0\u00a0MPa');
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

  it('shows a moment in the display time zone, with its zone, and falls back to UTC for an unknown zone', () => {
    const at = Date.UTC(2026, 0, 15, 17, 30);
    expect(displayPreferences({ timeZone: 'America/Toronto', language: 'en' }).time(at)).toBe(
      `2026-01-15 12:30 PM ${zoneName(at, 'America/Toronto', 'en')}`,
    );
    expect(displayPreferences({ timeZone: 'Not/AZone', language: 'en' }).time(at)).toBe(
      '2026-01-15 05:30 PM UTC',
    );
  });

  it('labels each time with the zone in force on its own date (EST in January, EDT in July)', () => {
    const p = displayPreferences({ timeZone: 'America/Toronto', language: 'en' });
    const winter = Date.UTC(2026, 0, 15, 17, 30);
    const summer = Date.UTC(2026, 6, 15, 17, 30);
    expect(p.time(winter).endsWith(` ${zoneName(winter, 'America/Toronto', 'en')}`)).toBe(true);
    expect(p.time(summer)).toBe(`2026-07-15 01:30 PM ${zoneName(summer, 'America/Toronto', 'en')}`);
    expect(p.zoneLabel(winter)).not.toBe(p.zoneLabel(summer));
    expect(p.clock(summer)).toBe(`01:30 PM ${zoneName(summer, 'America/Toronto', 'en')}`);
    expect(p.date(summer)).toBe('2026-07-15');
    // The screens' named formats: the date alone has no zone, the time of day has one.
    expect(p.time(summer, DATE_FORMAT)).toBe('2026-07-15');
    expect(p.time(summer, TIME_FORMAT)).toBe(p.clock(summer));
    // Any other dayjs format is used as given.
    expect(p.time(summer, 'YYYY')).toBe('2026');
  });

  it('reads day first on a 24-hour clock in Spanish, with the zone as Spanish names it', () => {
    const at = Date.UTC(2026, 10, 25, 19, 5);
    const p = displayPreferences({ timeZone: 'America/Toronto', language: 'es' });
    expect(p.time(at)).toBe(`25/11/2026 14:05 ${zoneName(at, 'America/Toronto', 'es')}`);
    expect(p.time(at)).not.toMatch(/AM|PM/);
    expect(p.date(at)).toBe('25/11/2026');
    expect(p.clock(at)).toBe(`14:05 ${zoneName(at, 'America/Toronto', 'es')}`);
    expect(displayPreferences({ language: 'es' }).time(at)).toBe('25/11/2026 19:05 UTC');
  });

  it("SITE shows the job site's time on a site's screens and the browser's elsewhere", () => {
    const at = Date.UTC(2026, 0, 15, 17, 30);
    const onSite = displayPreferences({
      timeZone: 'SITE',
      language: 'en',
      siteZone: 'America/Toronto',
      browserZone: 'Europe/Madrid',
    });
    expect(onSite).toMatchObject({
      timeZone: 'America/Toronto',
      timeZoneSetting: 'SITE',
      timeZoneSource: 'site',
    });
    expect(onSite.time(at)).toBe(`2026-01-15 12:30 PM ${zoneName(at, 'America/Toronto', 'en')}`);
    expect(onSite.invalidSettings).toEqual([]);
    const offSite = displayPreferences({ timeZone: 'SITE', language: 'en', browserZone: 'Europe/Madrid' });
    expect(offSite).toMatchObject({ timeZone: 'Europe/Madrid', timeZoneSource: 'browser' });
    expect(offSite.time(at)).toBe(`2026-01-15 06:30 PM ${zoneName(at, 'Europe/Madrid', 'en')}`);
    const fixed = displayPreferences({ timeZone: 'Asia/Tokyo', language: 'en', siteZone: 'America/Toronto' });
    expect(fixed).toMatchObject({
      timeZone: 'Asia/Tokyo',
      timeZoneSetting: 'Asia/Tokyo',
      timeZoneSource: 'fixed',
    });
  });
});
