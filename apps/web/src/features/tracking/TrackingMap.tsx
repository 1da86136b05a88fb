import 'leaflet/dist/leaflet.css';
import { Box, Typography } from '@mui/material';
import L from 'leaflet';
import { useCallback, useEffect, useRef } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useTranslation } from '../../i18n/index.ts';
import type { MapPoint } from './rules.ts';

const WORLD_CENTER: [number, number] = [30, 0];

/** A round tag: blue, or orange for the ID chosen in the list. */
const icons = new Map<boolean, L.DivIcon>();
function tagIcon(chosen: boolean): L.DivIcon {
  let icon = icons.get(chosen);
  if (!icon) {
    const colour = chosen ? '#ef6c00' : '#1565c0';
    icon = L.divIcon({
      className: 'sp-tracking-tag',
      html: `<span style="display:block;width:18px;height:18px;border-radius:50%;background:${colour};border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45)"></span>`,
      iconSize: [24, 24],
      iconAnchor: [12, 12],
      popupAnchor: [0, -12],
    });
    icons.set(chosen, icon);
  }
  return icon;
}

/** Fits the map to the IDs when the set changes, flies to the chosen one, and keeps its size with its box. */
function FitToPoints({ points, chosen }: { points: MapPoint[]; chosen: string | null }) {
  const map = useMap();
  const key = points.map((p) => `${p.lumitrackId}:${p.lat}:${p.lng}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit when the set of positions (its key) changes
  useEffect(() => {
    map.invalidateSize();
    if (points.length === 1) map.setView([points[0].lat, points[0].lng], 15, { animate: false });
    else if (points.length > 1)
      map.fitBounds(
        points.map((p) => [p.lat, p.lng] as [number, number]),
        { padding: [40, 40], maxZoom: 16, animate: false },
      );
  }, [key, map]);
  useEffect(() => {
    const p = points.find((x) => x.lumitrackId === chosen);
    if (p) map.setView([p.lat, p.lng], Math.max(map.getZoom(), 15));
  }, [chosen, points, map]);
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** One ID's tag: named by its ID (for screen readers and tests), its last fix in the popup. */
function IdMarker({
  point,
  chosen,
  onChoose,
}: {
  point: MapPoint;
  chosen: boolean;
  onChoose: (id: string) => void;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const ref = useRef<L.Marker | null>(null);
  const name = useCallback(
    (marker: L.Marker | null) => {
      const el = marker?.getElement();
      if (!el) return;
      el.setAttribute('aria-label', point.lumitrackId);
      el.setAttribute('data-lumitrack-id', point.lumitrackId);
    },
    [point.lumitrackId],
  );
  useEffect(() => name(ref.current), [name]);
  const { item } = point;
  return (
    <Marker
      ref={ref}
      position={[point.lat, point.lng]}
      icon={tagIcon(chosen)}
      title={point.lumitrackId}
      alt={point.lumitrackId}
      zIndexOffset={chosen ? 1000 : 0}
      eventHandlers={{ add: (e) => name(e.target as L.Marker), click: () => onChoose(point.lumitrackId) }}
    >
      <Popup>
        <Box sx={{ minWidth: 180 }}>
          <Typography component="div" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
            {point.lumitrackId}
          </Typography>
          <Typography component="div" variant="body2">
            {item.projectName ?? t('tracking.noProject')}
          </Typography>
          <Typography component="div" variant="body2" color="text.secondary">
            {t('tracking.manager.fixAt', { when: prefs.time(item.location?.timestamp) })}
          </Typography>
          {item.stage ? (
            <Typography component="div" variant="body2">
              {t('tracking.manager.stageNow', { stage: item.stage.name })}
            </Typography>
          ) : null}
        </Box>
      </Popup>
    </Marker>
  );
}

/** The Leaflet map of the tracked IDs (the configurable tile URL), one tag at each ID's last GPS fix. */
export function TrackingMap({
  points,
  chosen,
  onChoose,
  tileUrl,
  attribution,
}: {
  points: MapPoint[];
  chosen: string | null;
  onChoose: (lumitrackId: string) => void;
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
      aria-label={t('tracking.manager.mapLabel')}
    >
      {tileUrl ? <TileLayer url={tileUrl} attribution={attribution} /> : null}
      <FitToPoints points={points} chosen={chosen} />
      {points.map((p) => (
        <IdMarker key={p.lumitrackId} point={p} chosen={p.lumitrackId === chosen} onChoose={onChoose} />
      ))}
    </MapContainer>
  );
}
