import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * react-leaflet stands in as plain elements that keep the positions they are given, so the test reads
 * what the map would draw (jsdom cannot lay out Leaflet's panes).
 */
const map = vi.hoisted(() => ({
  invalidateSize: vi.fn(),
  setView: vi.fn(),
  fitBounds: vi.fn(),
  getContainer: () => document.createElement('div'),
}));
vi.mock('react-leaflet', () => ({
  MapContainer: ({ children, center }: { children: ReactNode; center: unknown }) => (
    <div data-testid="map" data-center={JSON.stringify(center)}>
      {children}
    </div>
  ),
  TileLayer: () => null,
  Tooltip: ({ children }: { children: ReactNode }) => <span>{children}</span>,
  Polyline: ({ positions }: { positions: unknown }) => (
    <div data-testid="track" data-positions={JSON.stringify(positions)} />
  ),
  CircleMarker: ({ center, children }: { center: unknown; children: ReactNode }) => (
    <div data-testid="marker" data-center={JSON.stringify(center)}>
      {children}
    </div>
  ),
  useMap: () => map,
}));

const { GpsTrackMap } = await import('./GpsTrackMap.tsx');

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const point = (lat: number, longitude: number, timestamp: number) => ({ lat, longitude, timestamp });
const read = (el: Element | null | undefined) => JSON.parse(el?.getAttribute('data-positions') ?? 'null');
const centre = (el: Element | null | undefined) => JSON.parse(el?.getAttribute('data-center') ?? 'null');

describe('GpsTrackMap', () => {
  it('clamps every latitude of the track to ±85 degrees, the limit of web map tiles', () => {
    const { getByTestId, getAllByTestId } = render(
      <GpsTrackMap
        track={[point(89.9, 10, 1), point(43.64, -79.38, 2), point(-87, 20, 3)]}
        startLabel="Start"
        endLabel="Latest position"
      />,
    );
    expect(read(getByTestId('track'))).toEqual([
      [85, 10],
      [43.64, -79.38],
      [-85, 20],
    ]);
    const [start, latest] = getAllByTestId('marker');
    expect(centre(start)).toEqual([85, 10]);
    expect(start.textContent).toBe('Start');
    expect(centre(latest)).toEqual([-85, 20]);
    expect(latest.textContent).toBe('Latest position');
    expect(centre(getByTestId('map'))).toEqual([-85, 20]);
    expect(map.fitBounds).toHaveBeenCalledWith(
      [
        [85, 10],
        [43.64, -79.38],
        [-85, 20],
      ],
      expect.anything(),
    );
  });

  it('centres a single position, clamped, with no track line', () => {
    const { queryByTestId, getAllByTestId } = render(
      <GpsTrackMap track={[point(86, 5, 1)]} startLabel="Start" endLabel="Latest position" />,
    );
    expect(queryByTestId('track')).toBeNull();
    expect(getAllByTestId('marker').map(centre)).toEqual([[85, 5]]);
    expect(map.setView).toHaveBeenCalledWith([85, 5], 16, { animate: false });
  });
});
