import 'leaflet/dist/leaflet.css';
import type { LocationPoint } from '@sitepulse/contracts';
import { clampLatitude } from '@sitepulse/domain';
import type { LatLngTuple } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { useTranslation } from '../../i18n/index.ts';

/** Fits the map to the track whenever the track changes, and keeps it sized to its box. */
function FitToTrack({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  const key = points.length ? `${points.length}:${points[0].join()}:${points[points.length - 1].join()}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit when the track (its key) changes
  useEffect(() => {
    map.invalidateSize();
    if (points.length === 1) map.setView(points[0], 16, { animate: false });
    else if (points.length > 1) map.fitBounds(points, { padding: [32, 32], maxZoom: 17, animate: false });
  }, [key, map]);
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * A GPS job's track on a Leaflet map: the path, a green start marker and a red marker at the latest
 * position. Latitudes are clamped to ±85 (spec sections 3 and 9), the limit of web map tiles.
 */
export function GpsTrackMap({
  track,
  tileUrl,
  attribution,
  startLabel,
  endLabel,
}: {
  track: LocationPoint[];
  tileUrl?: string;
  attribution?: string;
  startLabel: string;
  endLabel: string;
}) {
  const { t } = useTranslation();
  const points = useMemo<LatLngTuple[]>(() => track.map((p) => [clampLatitude(p.lat), p.longitude]), [track]);
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <MapContainer
      center={last ?? [30, 0]}
      zoom={last ? 15 : 2}
      minZoom={2}
      worldCopyJump
      style={{ position: 'absolute', inset: 0, background: '#dfe3e8' }}
      aria-label={t('sensors.gps.mapLabel')}
    >
      {tileUrl ? <TileLayer url={tileUrl} attribution={attribution} /> : null}
      <FitToTrack points={points} />
      {points.length > 1 ? (
        <Polyline positions={points} pathOptions={{ color: '#1565c0', weight: 4, opacity: 0.85 }} />
      ) : null}
      {first && points.length > 1 ? (
        <CircleMarker
          center={first}
          radius={7}
          pathOptions={{ color: '#fff', weight: 2, fillColor: '#2e7d32', fillOpacity: 1 }}
        >
          <Tooltip>{startLabel}</Tooltip>
        </CircleMarker>
      ) : null}
      {last ? (
        <CircleMarker
          center={last}
          radius={9}
          pathOptions={{ color: '#fff', weight: 3, fillColor: '#d32f2f', fillOpacity: 1 }}
        >
          <Tooltip>{endLabel}</Tooltip>
        </CircleMarker>
      ) : null}
    </MapContainer>
  );
}
