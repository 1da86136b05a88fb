import 'leaflet/dist/leaflet.css';
import { Box, Chip, Link, Typography } from '@mui/material';
import type { PortfolioSite, TenantGroup } from '@sitepulse/contracts';
import L, { type LatLngBoundsExpression } from 'leaflet';
import { useCallback, useEffect, useRef } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { Link as RouterLink } from 'react-router';
import { isArchived, jobSitePath } from '../../app/layout/rules.ts';
import { SITE_STATE_LOOK, siteStateLabel, siteStateText } from '../../components/site-state.ts';
import { useTranslation } from '../../i18n/index.ts';
import { type PinLook, pinColour, pinHtml, pinLook, pinZIndexOffset, type SitePoint } from './mapRules.ts';

const WORLD_CENTER: [number, number] = [30, 0];

const iconCache = new Map<string, L.DivIcon>();
function pinIcon(look: PinLook): L.DivIcon {
  const key = `${look.colour}|${look.glyph ?? ''}|${look.count ?? ''}`;
  let icon = iconCache.get(key);
  if (!icon) {
    icon = L.divIcon({
      className: 'sp-map-pin',
      html: pinHtml(look),
      iconSize: [30, 40],
      iconAnchor: [15, 39],
      popupAnchor: [0, -34],
    });
    iconCache.set(key, icon);
  }
  return icon;
}

/**
 * Fits the map to the sites, and keeps it fitted while the page resizes (drawer toggled, phone
 * turned) until the user moves the map themselves.
 */
function FitToSites({ points }: { points: SitePoint[] }) {
  const map = useMap();
  const userMoved = useRef(false);
  const latest = useRef(points);
  latest.current = points;
  const key = points.map((p) => `${p.site.id}:${p.lat}:${p.lng}`).join(',');

  const fit = useCallback(() => {
    const pts = latest.current;
    const { x, y } = map.getSize();
    if (pts.length === 0 || x === 0 || y === 0) return;
    if (pts.length === 1) {
      map.setView([pts[0].lat, pts[0].lng], 12, { animate: false });
      return;
    }
    const bounds: LatLngBoundsExpression = pts.map((p) => [p.lat, p.lng] as [number, number]);
    const pad = Math.min(64, Math.round(Math.min(x, y) / 8));
    // Nothing lies over the map (legend, welcome and attention list sit beside or below it): pad only
    // for the pins themselves, 40 px tall above their point, with their count badge.
    map.fitBounds(bounds, {
      paddingTopLeft: [pad, pad + 44],
      paddingBottomRight: [pad + 12, pad],
      maxZoom: 13,
      animate: false,
    });
  }, [map]);

  useEffect(() => {
    const moved = () => {
      userMoved.current = true;
    };
    map.on('dragstart', moved);
    const el = map.getContainer();
    el.addEventListener('wheel', moved, { passive: true });
    return () => {
      map.off('dragstart', moved);
      el.removeEventListener('wheel', moved);
    };
  }, [map]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refit when the set of sites changes
  useEffect(() => {
    userMoved.current = false;
    map.invalidateSize();
    fit();
  }, [key, fit, map]);

  useEffect(() => {
    const observer = new ResizeObserver(() => {
      map.invalidateSize();
      if (!userMoved.current) fit();
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, fit]);
  return null;
}

function SitePopup({ site, state }: { site: TenantGroup; state: PortfolioSite | undefined }) {
  const { t } = useTranslation();
  const projects = site.tenantMessages?.length ?? 0;
  return (
    <Box sx={{ minWidth: 200, maxWidth: 260 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3, mb: 0.5 }}>
        {site.name}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mb: 1 }}>
        <Chip
          size="small"
          label={t(
            site.type === 'Construction Site' ? 'shell.siteTypes.construction' : 'shell.siteTypes.precast',
          )}
          sx={{ bgcolor: pinColour({ ...site, state: 'ACTIVE' }), color: '#fff', fontWeight: 600 }}
        />
        {isArchived(site) ? <Chip size="small" label={t('shell.drawer.archived')} /> : null}
      </Box>
      {site.address ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {site.address}
        </Typography>
      ) : null}
      {state ? (
        <Typography
          variant="body2"
          data-testid="popup-state"
          sx={{ mb: 0.5, fontWeight: 600, color: SITE_STATE_LOOK[state.state].colour }}
        >
          {siteStateText(t, state)}
        </Typography>
      ) : null}
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('home.popup.projects', { count: projects })}
      </Typography>
      <Link component={RouterLink} to={jobSitePath(site)} variant="body2" sx={{ fontWeight: 600 }}>
        {t('home.popup.openDashboard')}
      </Link>
    </Box>
  );
}

/**
 * One site's pin, coloured and marked by its worst state with its count; its accessible name says the
 * state in words ("Harbourfront Tower: 1 in alarm"), as its tooltip does.
 */
function SiteMarker({ point, state }: { point: SitePoint; state: PortfolioSite | undefined }) {
  const { t } = useTranslation();
  const ref = useRef<L.Marker | null>(null);
  const label = state ? siteStateLabel(t, point.site.name, state) : point.site.name;
  const look = pinLook(point.site, state);
  // Leaflet names a div icon only by its title: give it a real accessible name, kept current.
  const name = useCallback(
    (marker: L.Marker | null) => {
      const el = marker?.getElement();
      if (!el) return;
      el.setAttribute('aria-label', label);
      el.setAttribute('data-site-id', String(point.site.id));
      el.setAttribute('data-state', state?.state ?? '');
    },
    [label, point.site.id, state?.state],
  );
  useEffect(() => name(ref.current), [name]);
  return (
    <Marker
      ref={ref}
      position={[point.lat, point.lng]}
      icon={pinIcon(look)}
      title={label}
      alt={label}
      opacity={isArchived(point.site) ? 0.8 : 1}
      zIndexOffset={pinZIndexOffset(point.site, state)}
      eventHandlers={{ add: (e) => name(e.target as L.Marker) }}
    >
      <Popup>
        <SitePopup site={point.site} state={state} />
      </Popup>
    </Marker>
  );
}

/** The Leaflet map of the job sites: one pin per site, in the colour of its worst state, each with a popup. */
export function SiteMap({
  points,
  states,
  tileUrl,
  attribution,
}: {
  points: SitePoint[];
  /** each readable site's portfolio state, by site id */
  states: ReadonlyMap<number, PortfolioSite>;
  tileUrl?: string;
  attribution?: string;
}) {
  const { t } = useTranslation();
  return (
    <MapContainer
      center={WORLD_CENTER}
      zoom={2}
      minZoom={2}
      worldCopyJump
      style={{ position: 'absolute', inset: 0, background: '#dfe3e8' }}
      aria-label={t('home.mapLabel')}
    >
      {tileUrl ? <TileLayer url={tileUrl} attribution={attribution} /> : null}
      <FitToSites points={points} />
      {points.map((p) => (
        <SiteMarker key={p.site.id} point={p} state={states.get(p.site.id)} />
      ))}
    </MapContainer>
  );
}
