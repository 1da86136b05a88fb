import type { TenantGroup } from '@sitepulse/contracts';
import { clampLatitude } from '../../app/layout/rules.ts';

export interface SitePoint {
  site: TenantGroup;
  lat: number;
  lng: number;
}

/** Job sites with usable coordinates, latitude clamped to ±85 (spec section 3, 9). */
export function sitePoints(sites: readonly TenantGroup[]): SitePoint[] {
  return sites.flatMap((site) => {
    const { latitude, longitude } = site;
    if (typeof latitude !== 'number' || typeof longitude !== 'number') return [];
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return [];
    return [{ site, lat: clampLatitude(latitude), lng: longitude }];
  });
}

/** Marker colours, matching the drawer's site avatars. */
export const PIN_COLOURS = {
  construction: '#e07b00',
  precast: '#2f6fa8',
  archived: '#9aa5b1',
} as const;

export function pinColour(site: Pick<TenantGroup, 'type' | 'state'>): string {
  if (site.state === 'TERMINATED') return PIN_COLOURS.archived;
  return site.type === 'Construction Site' ? PIN_COLOURS.construction : PIN_COLOURS.precast;
}

/** The SVG of a map pin in a colour. */
export function pinSvg(colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="30" height="40" viewBox="0 0 30 40" aria-hidden="true"><path d="M15 39c0 0 13-14.2 13-24A13 13 0 0 0 2 15c0 9.8 13 24 13 24z" fill="${colour}" stroke="#fff" stroke-width="2"/><circle cx="15" cy="15" r="5" fill="#fff"/></svg>`;
}
