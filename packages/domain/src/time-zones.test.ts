import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  dateTimeFormatsOf,
  isTimeZone,
  isUsableDisplayZone,
  resolveDisplayZone,
  SITE_TIME_ZONE,
  shouldOfferTimeZone,
  zoneShortName,
} from './time-zones.ts';

const WINTER = Date.UTC(2026, 0, 15, 17, 30);
const SUMMER = Date.UTC(2026, 6, 15, 17, 30);

describe('time zones', () => {
  it('knows IANA zone names and refuses anything else, SITE included', () => {
    expect(isTimeZone('America/Toronto')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['Mars/Olympus', '', SITE_TIME_ZONE, null, undefined, 'x'.repeat(80)]) {
      expect(isTimeZone(bad), String(bad)).toBe(false);
    }
    expect(isUsableDisplayZone(SITE_TIME_ZONE)).toBe(true);
    expect(isUsableDisplayZone(null)).toBe(true);
    expect(isUsableDisplayZone('Mars/Olympus')).toBe(false);
  });

  it("SITE resolves to the site's zone, outside a site to the browser's, and to UTC without either", () => {
    const site = 'America/Toronto';
    const browser = 'Europe/Madrid';
    expect(resolveDisplayZone({ setting: SITE_TIME_ZONE, siteZone: site, browserZone: browser })).toBe(site);
    expect(resolveDisplayZone({ setting: SITE_TIME_ZONE, siteZone: null, browserZone: browser })).toBe(
      browser,
    );
    expect(resolveDisplayZone({ setting: SITE_TIME_ZONE, siteZone: 'Nope/Nope', browserZone: browser })).toBe(
      browser,
    );
    expect(resolveDisplayZone({ setting: SITE_TIME_ZONE })).toBe('UTC');
  });

  it('a fixed zone wins over the site; missing or unknown settings read as the spec default UTC', () => {
    expect(resolveDisplayZone({ setting: 'Asia/Tokyo', siteZone: 'America/Toronto' })).toBe('Asia/Tokyo');
    expect(
      resolveDisplayZone({ setting: null, siteZone: 'America/Toronto', browserZone: 'Asia/Tokyo' }),
    ).toBe('UTC');
    expect(resolveDisplayZone({ setting: 'Mars/Olympus', browserZone: 'Asia/Tokyo' })).toBe('UTC');
  });

  it("names a zone the way the reader's language does, with daylight saving per date", () => {
    const intlName = (ms: number, zone: string, lang: string) =>
      new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName: 'short' })
        .formatToParts(ms)
        .find((p) => p.type === 'timeZoneName')?.value;
    expect(zoneShortName(WINTER, 'America/Toronto', 'en')).toBe(intlName(WINTER, 'America/Toronto', 'en'));
    expect(zoneShortName(SUMMER, 'America/Toronto', 'en')).toBe(intlName(SUMMER, 'America/Toronto', 'en'));
    // Winter and summer differ in Toronto: the label follows the date, not today.
    expect(zoneShortName(WINTER, 'America/Toronto', 'en')).not.toBe(
      zoneShortName(SUMMER, 'America/Toronto', 'en'),
    );
    expect(zoneShortName(WINTER, 'America/Toronto', 'es')).toBe(intlName(WINTER, 'America/Toronto', 'es'));
    expect(zoneShortName(WINTER, 'UTC', 'en')).toBe('UTC');
    expect(zoneShortName(WINTER, 'UTC', 'es')).toBe('UTC');
    // An unknown zone and an unsupported language fall back to UTC and English.
    expect(zoneShortName(WINTER, 'Mars/Olympus', 'fr')).toBe('UTC');
  });

  it('keeps the spec formats in English and reads day first on a 24-hour clock in Spanish', () => {
    expect(dateTimeFormatsOf('en')).toEqual({
      dateTime: 'YYYY-MM-DD hh:mm A',
      date: 'YYYY-MM-DD',
      time: 'hh:mm A',
    });
    expect(dateTimeFormatsOf('es-MX')).toEqual({
      dateTime: 'DD/MM/YYYY HH:mm',
      date: 'DD/MM/YYYY',
      time: 'HH:mm',
    });
    expect(dateTimeFormatsOf('fr')).toEqual(dateTimeFormatsOf('en'));
  });

  it('offers to leave UTC once: only to a UTC reader who has not answered and whose browser is elsewhere', () => {
    const toronto = 'America/Toronto';
    expect(shouldOfferTimeZone({ setting: 'UTC', offered: null, browserZone: toronto })).toBe(true);
    expect(shouldOfferTimeZone({ setting: null, offered: 'PENDING', browserZone: toronto })).toBe(true);
    expect(shouldOfferTimeZone({ setting: 'Etc/UTC', offered: undefined, browserZone: toronto })).toBe(true);
    // Answered, in any way: never again.
    for (const offered of ['BROWSER', 'SITE', 'DISMISSED']) {
      expect(shouldOfferTimeZone({ setting: 'UTC', offered, browserZone: toronto }), offered).toBe(false);
    }
    // Already chose a zone, or the site's time.
    expect(shouldOfferTimeZone({ setting: toronto, offered: null, browserZone: toronto })).toBe(false);
    expect(shouldOfferTimeZone({ setting: SITE_TIME_ZONE, offered: null, browserZone: toronto })).toBe(false);
    // A browser on UTC (under any of its names) has nothing to offer.
    for (const browserZone of ['UTC', 'Etc/UTC', 'GMT', null, 'Nope/Nope']) {
      expect(shouldOfferTimeZone({ setting: 'UTC', offered: null, browserZone }), String(browserZone)).toBe(
        false,
      );
    }
    expect(canonicalTimeZone('Etc/GMT')).toBe('UTC');
    expect(canonicalTimeZone('Europe/London')).toBe('Europe/London');
  });
});
