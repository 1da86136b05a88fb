import type { PortfolioSite, TenantGroup } from '@sitepulse/contracts';
import { siteStateRank } from '@sitepulse/domain';
import { clampLatitude } from '../../app/layout/rules.ts';
import { SITE_STATE_LOOK, showsCount } from '../../components/site-state.ts';

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

/** Marker colours of a site without a known state, matching the drawer's site avatars. */
export const PIN_COLOURS = {
  construction: '#e07b00',
  precast: '#2f6fa8',
  archived: '#9aa5b1',
} as const;

export function pinColour(site: Pick<TenantGroup, 'type' | 'state'>): string {
  if (site.state === 'TERMINATED') return PIN_COLOURS.archived;
  return site.type === 'Construction Site' ? PIN_COLOURS.construction : PIN_COLOURS.precast;
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SVG of a map pin in a colour, with a glyph in its head (none: a plain white dot). */
export function pinSvg(colour: string, glyph?: string): string {
  const head = glyph
    ? `<circle cx="15" cy="15" r="8" fill="#fff"/><text x="15" y="19.5" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="13" font-weight="700" fill="${colour}">${escapeXml(glyph)}</text>`
    : '<circle cx="15" cy="15" r="5" fill="#fff"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="30" height="40" viewBox="0 0 30 40" aria-hidden="true"><path d="M15 39c0 0 13-14.2 13-24A13 13 0 0 0 2 15c0 9.8 13 24 13 24z" fill="${colour}" stroke="#fff" stroke-width="2"/>${head}</svg>`;
}

/** How a site's pin looks: its state's colour and glyph, and the count badge when the state has one. */
export interface PinLook {
  colour: string;
  glyph?: string;
  count: number | null;
}

/**
 * A site's pin: coloured and marked by its worst state (issue 13) with the count of jobs in it; a site
 * without a known state (not loaded yet, or one where the user is an inspector) keeps the colour of
 * its type. Archived sites are grey whatever their state.
 */
export function pinLook(
  site: Pick<TenantGroup, 'type' | 'state'>,
  state: PortfolioSite | undefined,
): PinLook {
  if (!state) return { colour: pinColour(site), count: null };
  const look = SITE_STATE_LOOK[state.state];
  return {
    colour: site.state === 'TERMINATED' ? PIN_COLOURS.archived : look.colour,
    glyph: look.glyph,
    count: showsCount(state.state) && state.count > 0 ? state.count : null,
  };
}

/** The HTML of a pin (Leaflet divIcon): the pin, and its count in a badge on its shoulder. */
export function pinHtml(look: PinLook): string {
  const badge =
    look.count === null
      ? ''
      : `<span class="sp-map-pin-count" style="position:absolute;top:-6px;left:20px;min-width:18px;height:18px;padding:0 4px;box-sizing:border-box;border-radius:9px;background:#fff;color:${look.colour};border:2px solid ${look.colour};font:700 11px/14px Arial,Helvetica,sans-serif;text-align:center">${look.count}</span>`;
  return `<span style="position:relative;display:block;width:30px;height:40px" aria-hidden="true">${pinSvg(look.colour, look.glyph)}${badge}</span>`;
}

/**
 * How far up a pin is drawn (Leaflet's zIndexOffset; it otherwise stacks pins by latitude): active
 * sites above archived ones, and the worse a site's state the higher, so a pin in alarm is never
 * hidden under a quiet neighbour.
 */
export function pinZIndexOffset(
  site: Pick<TenantGroup, 'state'>,
  state: Pick<PortfolioSite, 'state'> | undefined,
): number {
  const severity = state ? 10 - siteStateRank(state.state) : 0;
  return (site.state === 'TERMINATED' ? -1_000_000 : 0) + severity * 10_000;
}
