import type { SensorLatest, SensorStats, SeriesResponse } from '@sitepulse/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acknowledged, alarmEvent } from '../../components/AlarmStateBadge.fixtures.ts';
import {
  LocationProbe,
  renderRoutes,
  signInSession,
  stubServer,
  testUser,
} from '../../components/test-utils.tsx';
import { changeLanguage } from '../../i18n/index.ts';
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
afterEach(async () => {
  await changeLanguage('en');
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
const series = (types: [number, string, number[]?][]): SeriesResponse => ({
  from: NOW - 86_400_000,
  to: NOW,
  bucket: '5min',
  bucketMs: 300_000,
  start: NOW - 86_400_000,
  points: 3,
  series: types.map(([sensorId, sensorType, values = [1, 2, 3]]) => ({
    sensorId,
    sensorType,
    sensorAlias: null,
    nodeId: 1,
    channelId: sensorId,
    avg: values,
    min: values,
    max: values,
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
    // The page's heading is the job's name, not 'Job Site Sensors'.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tower Crane Weather');
    expect(header.textContent).toContain('Microweather Node');
    expect(header.textContent).toContain('STARTED');
    expect(await latestTypes()).toEqual(['Temperature', 'Humidity', 'Wind Speed']);
    expect(screen.getAllByTestId('latest-reading')[0].textContent).toContain('Mast top');
    expect(screen.getAllByTestId('latest-reading')[0].textContent).toContain('20.0\u00a0°C');
    const charts = await screen.findAllByTestId('time-chart');
    expect(charts.map((c) => c.getAttribute('data-unit'))).toEqual(['°C', '%', 'km/hr']);
    const table = await screen.findByTestId('stats');
    expect(table.textContent).toContain('24.0\u00a0°C');
    expect(table.textContent).toContain('30.0\u00a0km/hr');
  });

  it('shows group one (the primary measurement) and group two (the others) on the GR variants', async () => {
    renderDetails('/job-site-gr-one-sensor-details/3/31/101', weatherAnswers);
    expect(await latestTypes()).toEqual(['Temperature']);
    expect((await screen.findByTestId('sensor-details')).getAttribute('data-types')).toBe('Temperature');
    cleanup();
    renderDetails('/job-site-gr-two-sensor-details/3/31/101', weatherAnswers);
    expect(await latestTypes()).toEqual(['Humidity', 'Wind Speed']);
    const tabs = within(await screen.findByRole('tablist'));
    expect(tabs.getByRole('tab', { selected: true }).textContent).toBe('Humidity & wind speed');
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All sensors',
      'Temperature',
      'Humidity & wind speed',
    ]);
  });

  it('has no group tabs for a node with one group, and names its sensors by what they measure', async () => {
    renderDetails('/job-site-gr-one-sensor-details/3/31/106', {
      [overviewPath]: overviewOf(allCards),
      '/data/warehouse/measurement/latest/by_job': [latest(9, 'Gas', 4)],
      '/data/warehouse/measurement/average/by_job': [stats(9, 'Gas', 1, 3, 5)],
      '/data/warehouse/measurement/time/by_job': series([[9, 'Gas']]),
    });
    expect(await latestTypes()).toEqual(['Gas']);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loading Dock CO');
    // 'Gas', with the spec's 'Sensor 9' beside it: not 'Sensor 9' alone.
    expect(screen.getByTestId('sensor-name').textContent).toBe('Gas · Sensor 9');
  });

  it('numbers several sensors of one type, the same on every part of the screen', async () => {
    renderDetails('/job-site-details/3/31/101', {
      ...weatherAnswers,
      '/data/warehouse/measurement/latest/by_job': [
        latest(31, 'Temperature', 20),
        latest(30, 'Temperature', 21),
        latest(2, 'Humidity', 55),
      ],
      '/data/warehouse/measurement/average/by_job': [
        stats(30, 'Temperature', 12, 18, 24),
        stats(31, 'Temperature', 11, 17, 23),
        stats(2, 'Humidity', 40, 50, 60),
      ],
    });
    await screen.findAllByTestId('latest-reading');
    expect(screen.getAllByTestId('sensor-name').map((n) => n.textContent)).toEqual([
      'Temperature 2 · Sensor 31',
      'Temperature 1 · Sensor 30',
      'Humidity · Sensor 2',
    ]);
    const table = await screen.findByTestId('stats');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual([
      'Temperature 1Sensor 30',
      'Temperature 2Sensor 31',
      'HumiditySensor 2',
    ]);
  });

  it('names the group tabs in Spanish', async () => {
    await changeLanguage('es');
    renderDetails('/job-site-gr-two-sensor-details/3/31/101', weatherAnswers);
    const tabs = within(await screen.findByRole('tablist'));
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Todos los sensores',
      'Temperatura',
      'Humedad y velocidad del viento',
    ]);
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
    expect(within(header).getByTestId('alarm-chip').textContent).toBe('ALARM · > 35.0\u00a0ppm');
    expect(await latestTypes()).toEqual(['Gas', 'Temperature']);
    expect(screen.getAllByTestId('latest-reading')[1].textContent).toContain('66.2\u00a0°F');
  });

  it('shows the alarms still active of the job and its node in the header, each opening the site’s alarms', async () => {
    const raisedAt = NOW - 2 * 3_600_000;
    renderDetails('/job-site-details/3/31/102', {
      ...weatherAnswers,
      '/data/warehouse/measurement/latest/by_job': [latest(7, 'Gas', 52)],
      '/alarms/events': [
        alarmEvent(1, {
          tenantGroupId: 3,
          jobId: 102,
          nodeId: 10102,
          sensorId: 7,
          sensorName: 'Sensor 7',
          quantity: 'Gas',
          raisedAt,
        }),
        // The node's battery, named on another job of the node; and another node's alarm.
        acknowledged(
          alarmEvent(2, { tenantGroupId: 3, kind: 'BATTERY_LOW', jobId: 555, nodeId: 10102, side: null }),
          'Marco Ruiz',
        ),
        alarmEvent(3, { tenantGroupId: 3, jobId: 106, nodeId: 10106 }),
      ],
    });
    const header = await screen.findByTestId('job-header');
    const state = await within(header).findByTestId('job-alarm-state');
    const items = within(state).getAllByRole('listitem');
    expect(items.map((li) => [li.dataset.kind, li.dataset.state])).toEqual([
      ['SENSOR_THRESHOLD', 'ACTIVE'],
      ['BATTERY_LOW', 'ACKNOWLEDGED'],
    ]);
    expect(within(items[0]).getByTestId('alarm-state-kind').textContent).toBe(
      'Sensor threshold high · Sensor 7',
    );
    expect(within(items[0]).getByTestId('alarm-state-detail').textContent).toBe(
      'Active since 2025-06-10 10:00 AM UTC',
    );
    expect(within(items[1]).getByTestId('alarm-state-detail').textContent).toMatch(
      /^Acknowledged by Marco Ruiz · active since /,
    );
    for (const link of within(state).getAllByRole('link'))
      expect(link.getAttribute('href')).toBe('/alarms/3');
    // The spec's alarm chip stays beside them.
    expect(within(header).getByTestId('alarm-chip')).toBeTruthy();
  });

  it('shows no alarm state for a job without an active alarm', async () => {
    const fetchMock = stubServer({ extra: { ...weatherAnswers, '/alarms/events': [] } });
    renderRoutes(
      [
        {
          path: '/job-site-details/:jobsiteId/:tenantId/:jobId',
          element: <SensorDetailsPage variant="details" />,
        },
      ],
      '/job-site-details/3/31/101',
    );
    await screen.findByTestId('job-header');
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u]) =>
          String(u).includes('/api/alarms/events?tenantGroupId=3&activeOnly=true'),
        ),
      ).toBe(true),
    );
    expect(screen.queryByTestId('job-alarm-state')).toBeNull();
  });

  it('sends a GPS or power job to its own screen, and says so for a job not on the site', async () => {
    renderDetails('/job-site-details/3/31/105', weatherAnswers);
    expect((await screen.findByTestId('location')).textContent).toBe('/job-site-gps-job-details/3/31/105');
    cleanup();
    renderDetails('/job-site-details/3/31/999', weatherAnswers);
    const notFound = await screen.findByTestId('not-found');
    expect(notFound.textContent).toContain(
      "This sensor node isn't on this job site, or you no longer have access.",
    );
    // The way back is the project the address names (the site's Lumimon project), not a Try again.
    const back = await within(notFound).findByRole('link', { name: 'Back to Job Site Sensors' });
    expect(back.getAttribute('href')).toBe('/job-site-sensors/3/31');
    expect(within(notFound).queryByRole('button', { name: /try again/i })).toBeNull();
  });
});

describe('CtJobDetailsPage', () => {
  it('shows the latest current, power and voltage, and a chart of each, power in kW from 1 kW', async () => {
    renderDetails('/job-site-ct-job-details/3/31/104', {
      [overviewPath]: overviewOf(allCards),
      '/data/warehouse/analytics/latest/by_job': [
        latest(11, 'Current', 31.5),
        latest(12, 'Voltage', 600),
        latest(13, 'Power', 18900),
      ],
      '/data/warehouse/analytics/time/by_job': series([
        [11, 'Current', [2, 40, 31.5]],
        [12, 'Voltage', [598, 603, 600]],
        [13, 'Power', [1200, 40000, 18900]],
      ]),
      '/data/warehouse/measurement/average/by_job': [
        stats(11, 'Current', 0, 20, 40),
        stats(13, 'Power', 1088, 22924.6, 54547),
        stats(12, 'Voltage', 594.2, 599.9, 605.8),
      ],
    });
    const tiles = await screen.findAllByTestId('power-tile');
    expect(tiles.map((t) => t.textContent?.match(/[\d.]+\u00a0k?[AWV]/)?.[0])).toEqual([
      '31.5\u00a0A',
      '18.9\u00a0kW',
      '600.0\u00a0V',
    ]);
    // Each chart's unit comes from what it draws: 40000 W reads 40 kW, so its ticks stay short.
    const charts = await screen.findAllByTestId('time-chart');
    expect(charts.map((c) => c.getAttribute('data-unit'))).toEqual(['A', 'kW', 'V']);
    const table = await screen.findByTestId('stats');
    expect(table.textContent).toContain('40.0\u00a0A');
    const power = within(table).getByText('Power').closest('tr') as HTMLElement;
    expect(power.textContent).toContain('1.1\u00a0kW');
    expect(power.textContent).toContain('22.9\u00a0kW');
    expect(power.textContent).toContain('54.5\u00a0kW');
    expect(within(table).getByText('Voltage').closest('tr')?.textContent).toContain('605.8\u00a0V');
  });

  it('keeps watts under 1 kW', async () => {
    renderDetails('/job-site-ct-job-details/3/31/104', {
      [overviewPath]: overviewOf(allCards),
      '/data/warehouse/analytics/latest/by_job': [latest(13, 'Power', 850)],
      '/data/warehouse/analytics/time/by_job': series([[13, 'Power', [120, 999.9, 850]]]),
      '/data/warehouse/measurement/average/by_job': [stats(13, 'Power', 120, 500, 999.9)],
    });
    const tile = (await screen.findAllByTestId('power-tile'))[1];
    expect(tile.textContent).toContain('850.0\u00a0W');
    expect((await screen.findByTestId('time-chart')).getAttribute('data-unit')).toBe('W');
    expect((await screen.findByTestId('stats')).textContent).toContain('999.9\u00a0W');
  });

  it('shows the range figures as cards on a phone', async () => {
    media.phone = true;
    renderDetails('/job-site-details/3/31/101', weatherAnswers);
    const stats = await screen.findByTestId('stats');
    expect(stats.tagName).not.toBe('TABLE');
    expect(within(stats).queryByRole('table')).toBeNull();
    expect(stats.textContent).toContain('Min');
    expect(stats.textContent).toContain('24.0\u00a0°C');
  });
});
