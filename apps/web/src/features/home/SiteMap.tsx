import 'leaflet/dist/leaflet.css';
import { Box, Chip, Link, Typography } from '@mui/material';
import type { TenantGroup } from '@sitepulse/contracts';
import L, { type LatLngBoundsExpression } from 'leaflet';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { Link as RouterLink } from 'react-router';
import { isArchived, jobSitePath } from '../../app/layout/rules.ts';
import { pinColour, pinSvg, type SitePoint } from './mapRules.ts';

const WORLD_CENTER: [number, number] = [30, 0];

const iconCache = new Map<string, L.DivIcon>();
function pinIcon(colour: string): L.DivIcon {
  let icon = iconCache.get(colour);
  if (!icon) {
    icon = L.divIcon({
      className: 'sp-map-pin',
      html: pinSvg(colour),
      iconSize: [30, 40],
      iconAnchor: [15, 39],
      popupAnchor: [0, -34],
    });
    iconCache.set(colour, icon);
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
    // The legend sits over the top of the map: keep the pins below it.
    map.fitBounds(bounds, {
      paddingTopLeft: [pad, Math.min(150, Math.round(y / 4))],
      paddingBottomRight: [pad, pad],
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

function SitePopup({ site }: { site: TenantGroup }) {
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
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('home.popup.projects', { count: projects })}
      </Typography>
      <Link component={RouterLink} to={jobSitePath(site)} variant="body2" sx={{ fontWeight: 600 }}>
        {t('home.popup.openDashboard')}
      </Link>
    </Box>
  );
}

/** The Leaflet map of the job sites: one coloured pin per site, each with a popup. */
export function SiteMap({
  points,
  tileUrl,
  attribution,
}: {
  points: SitePoint[];
  tileUrl?: string;
  attribution?: string;
}) {
  const { t } = useTranslation();
  const ordered = useMemo(
    // Archived pins under active ones.
    () => [...points].sort((a, b) => Number(isArchived(b.site)) - Number(isArchived(a.site))),
    [points],
  );
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
      {ordered.map((p) => (
        <Marker
          key={p.site.id}
          position={[p.lat, p.lng]}
          icon={pinIcon(pinColour(p.site))}
          title={p.site.name}
          alt={p.site.name}
          opacity={isArchived(p.site) ? 0.8 : 1}
        >
          <Popup>
            <SitePopup site={p.site} />
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
