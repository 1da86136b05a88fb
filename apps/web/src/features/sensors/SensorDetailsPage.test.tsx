import type { SensorLatest, SensorStats, SeriesResponse } from '@sitepulse/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LocationProbe,
  renderRoutes,
  signInSession,
  stubServer,
  testUser,
} from '../../components/test-utils.tsx';
import CtJobDetailsPage from './CtJobDetailsPage.tsx';
import SensorDetailsPage from './SensorDetailsPage.tsx';
import { allCards, NOW, overviewOf, overviewPath } from './test-fixtures.ts';

// uPlot reads the pixel ratio through matchMedia when it loads; jsdom has none. Desktop width by default.
const media = vi.hoisted(() => {
  const state = { phone: false };
  window.matchMedia = ((query: string) => ({
    matches: state.phone && query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return state;
});

beforeEach(() => {
  signInSession();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  media.phone = false;
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const latest = (
  sensorId: number,
  sensorType: string,
  latestValue: number,
  sensorAlias: string | null = null,
) =>
  ({
    sensorId,
    sensorType,
    sensorAlias,
    latestValue,
    latestValueTimestamp: NOW - 300_000,
  }) satisfies SensorLatest;
const stats = (sensorId: number, sensorType: string, min: number, avg: number, max: number): SensorStats => ({
  sensorId,
  sensorType,
  sensorAlias: null,
  count: 10,
  averageMeasurementData: avg,
  min,
  max,
});
const series = (types: [number, string][]): SeriesResponse => ({
  from: NOW - 86_400_000,
  to: NOW,
  bucket: '5min',
  bucketMs: 300_000,
  start: NOW - 86_400_000,
  points: 3,
  series: types.map(([sensorId, sensorType]) => ({
    sensorId,
    sensorType,
    sensorAlias: null,
    nodeId: 1,
    channelId: sensorId,
    avg: [1, 2, 3],
    min: [1, 2, 3],
    max: [1, 2, 3],
  })),
});

const weatherAnswers = {
  [overviewPath]: overviewOf(allCards),
  '/data/warehouse/measurement/latest/by_job': [
    latest(1, 'Temperature', 20, 'Mast top'),
    latest(2, 'Humidity', 55),
    latest(3, 'Wind Speed', 10),
  ],
  '/data/warehouse/measurement/average/by_job': [
    stats(1, 'Temperature', 12, 18, 24),
    stats(2, 'Humidity', 40, 50, 60),
    stats(3, 'Wind Speed', 0, 5, 30),
  ],
  '/data/warehouse/measurement/time/by_job': series([
    [1, 'Temperature'],
    [2, 'Humidity'],
    [3, 'Wind Speed'],
  ]),
};

function renderDetails(path: string, answers: Record<string, unknown>, user = testUser()) {
  stubServer({ user, extra: answers });
  return renderRoutes(
    [
      {
        path: '/job-site-details/:jobsiteId/:tenantId/:jobId',
        element: <SensorDetailsPage variant="details" />,
      },
      {
        path: '/job-site-gr-one-sensor-details/:jobsiteId/:tenantId/:jobId',
        element: <SensorDetailsPage variant="grOne" />,
      },
      {
        path: '/job-site-gr-two-sensor-details/:jobsiteId/:tenantId/:jobId',
        element: <SensorDetailsPage variant="grTwo" />,
      },
      { path: '/job-site-ct-job-details/:jobsiteId/:tenantId/:jobId', element: <CtJobDetailsPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  );
}

const latestTypes = async () =>
  (await screen.findAllByTestId('latest-reading')).map((r) => r.getAttribute('data-sensor-type'));

describe('SensorDetailsPage', () => {
  it('shows the job header, the latest reading of every sensor, a chart per type and the range figures', async () => {
    renderDetails('/job-site-details/3/31/101', weatherAnswers);
    const header = await screen.findByTestId('job-header');
    expect(header.textContent).toContain('Tower Crane Weather');
    expect(header.textContent).toContain('STARTED');
    expect(await latestTypes()).toEqual(['Temperature', 'Humidity', 'Wind Speed']);
    expect(screen.getAllByTestId('latest-reading')[0].textContent).toContain('Mast top');
    expect(screen.getAllByTestId('latest-reading')[0].textContent).toContain('20.0 °C');
    const charts = await screen.findAllByTestId('time-chart');
    expect(charts.map((c) => c.getAttribute('data-unit'))).toEqual(['°C', '%', 'km/hr']);
    const table = await screen.findByTestId('stats');
    expect(table.textContent).toContain('24.0 °C');
    expect(table.textContent).toContain('30.0 km/hr');
  });

  it('shows group one (the primary measurement) and group two (the others) on the GR variants', async () => {
    renderDetails('/job-site-gr-one-sensor-details/3/31/101', weatherAnswers);
    expect(await latestTypes()).toEqual(['Temperature']);
    expect((await screen.findByTestId('sensor-details')).getAttribute('data-types')).toBe('Temperature');
    cleanup();
    renderDetails('/job-site-gr-two-sensor-details/3/31/101', weatherAnswers);
    expect(await latestTypes()).toEqual(['Humidity', 'Wind Speed']);
    expect(within(await screen.findByRole('tablist')).getByRole('tab', { selected: true }).textContent).toBe(
      'Group two',
    );
  });

  it('marks an alarming job and draws its threshold in the user’s units', async () => {
    renderDetails(
      '/job-site-details/3/31/102',
      {
        ...weatherAnswers,
        '/data/warehouse/measurement/latest/by_job': [latest(7, 'Gas', 52), latest(8, 'Temperature', 19)],
        '/data/warehouse/measurement/average/by_job': [stats(7, 'Gas', 3, 21.5, 52)],
        '/data/warehouse/measurement/time/by_job': series([[7, 'Gas']]),
      },
      testUser({ userSettingData: [{ type: 'SystemOfMeasurement', val: 'Imperial' }] }),
    );
    const header = await screen.findByTestId('job-header');
    expect(header.getAttribute('data-alarming')).toBe('true');
    expect(within(header).getByTestId('alarm-chip').textContent).toBe('ALARM · > 35.0 ppm');
    expect(await latestTypes()).toEqual(['Gas', 'Temperature']);
    expect(screen.getAllByTestId('latest-reading')[1].textContent).toContain('66.2 °F');
  });

  it('sends a GPS or power job to its own screen, and says so for a job not on the site', async () => {
    renderDetails('/job-site-details/3/31/105', weatherAnswers);
    expect((await screen.findByTestId('location')).textContent).toBe('/job-site-gps-job-details/3/31/105');
    cleanup();
    renderDetails('/job-site-details/3/31/999', weatherAnswers);
    expect(await screen.findByText('This sensor job is not on this job site.')).toBeTruthy();
  });
});

describe('CtJobDetailsPage', () => {
  it('shows the latest current, power and voltage, and a chart of each', async () => {
    renderDetails('/job-site-ct-job-details/3/31/104', {
      [overviewPath]: overviewOf(allCards),
      '/data/warehouse/analytics/latest/by_job': [
        latest(11, 'Current', 31.5),
        latest(12, 'Voltage', 600),
        latest(13, 'Power', 18900),
      ],
      '/data/warehouse/analytics/time/by_job': series([
        [11, 'Current'],
        [12, 'Voltage'],
        [13, 'Power'],
      ]),
      '/data/warehouse/measurement/average/by_job': [stats(11, 'Current', 0, 20, 40)],
    });
    const tiles = await screen.findAllByTestId('power-tile');
    expect(tiles.map((t) => t.textContent?.match(/[\d.]+ [AWV]/)?.[0])).toEqual([
      '31.5 A',
      '18900.0 W',
      '600.0 V',
    ]);
    const charts = await screen.findAllByTestId('time-chart');
    expect(charts.map((c) => c.getAttribute('data-unit'))).toEqual(['A', 'W', 'V']);
    expect((await screen.findByTestId('stats')).textContent).toContain('40.0 A');
  });

  it('shows the range figures as cards on a phone', async () => {
    media.phone = true;
    renderDetails('/job-site-details/3/31/101', weatherAnswers);
    const stats = await screen.findByTestId('stats');
    expect(stats.tagName).not.toBe('TABLE');
    expect(within(stats).queryByRole('table')).toBeNull();
    expect(stats.textContent).toContain('Min');
    expect(stats.textContent).toContain('24.0 °C');
  });
});
