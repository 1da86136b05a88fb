import tzLookup from '@photostructure/tz-lookup';
import type { TimeZoneSource } from '@sitepulse/contracts';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@sitepulse/domain';

/**
 * A job site's time zone (docs/decisions/site-time.md): the IANA zone an admin set; else the zone at the
 * site's coordinates (`@photostructure/tz-lookup`, offline); else UTC. A stored zone this runtime no longer
 * knows, and coordinates the lookup refuses, fall through to the next rule, so a site always has a zone.
 */
export function siteTimeZone(site: {
  time_zone: string | null;
  latitude: number | null;
  longitude: number | null;
}): { timeZone: string; timeZoneSource: TimeZoneSource } {
  if (isTimeZone(site.time_zone)) return { timeZone: site.time_zone, timeZoneSource: 'SET' };
  const { latitude: lat, longitude: lon } = site;
  if (typeof lat === 'number' && typeof lon === 'number' && Number.isFinite(lat) && Number.isFinite(lon)) {
    try {
      const zone = tzLookup(lat, lon);
      if (isTimeZone(zone)) return { timeZone: zone, timeZoneSource: 'COORDINATES' };
    } catch {
      // Out-of-range coordinates: no zone from them.
    }
  }
  return { timeZone: DEFAULT_TIME_ZONE, timeZoneSource: 'DEFAULT' };
}
