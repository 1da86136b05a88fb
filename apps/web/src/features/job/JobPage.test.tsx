import type { UserDetail } from '@sitepulse/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LocationProbe,
  renderRoutes,
  signInSession,
  stubServer,
  testUser,
} from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import JobPage from './JobPage.tsx';
import {
  curingJob,
  humidityJob,
  maturedJob,
  maturitySeries,
  measurementSeries,
  microweatherJob,
  NOW,
  otherProfile,
  profile,
  site,
  weatherSeries,
} from './test-fixtures.ts';

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
  localStorage.setItem('sitepulse.baseUrl', 'http://localhost/api');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  // The session's access token is valid for ten more minutes of the test's clock.
  localStorage.setItem('sitepulse.accessTokenExpiration', String(NOW + 600_000));
});
afterEach(async () => {
  media.phone = false;
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const editor = (overrides: Partial<UserDetail> = {}) =>
  testUser({ accountType: 'USER', userTenantGroupData: [{ tenantGroupId: 1, access: 2 }], ...overrides });
const viewer = () =>
  testUser({ accountType: 'USER', userTenantGroupData: [{ tenantGroupId: 1, access: 4 }] });
const imperial = (user: UserDetail): UserDetail => ({
  ...user,
  userSettingData: [{ type: 'SystemOfMeasurement', val: 'Imperial' }],
});

function serve(job = maturedJob(), user: UserDetail = editor(), extra: Record<string, unknown> = {}) {
  return stubServer({
    user,
    sites: [site],
    extra: {
      [`/analytics/concrete/maturity/jobs/details/${job.id}`]: job,
      '/data/analytics/concrete/maturity/time': maturitySeries(),
      '/data/analytics/concrete/maturity/time/by_sids': maturitySeries(),
      '/data/measurement/time': measurementSeries(),
      '/analytics/concrete/data/maturity/extremities': [
        {
          aggregateType: 'MIN',
          extremity: 1.57,
          timestamp: NOW - 86_400_000,
          sensorId: 3,
          sensorAlias: 'T3',
        },
        {
          aggregateType: 'MAX',
          extremity: 31.69,
          timestamp: NOW - 2 * 86_400_000,
          sensorId: 1,
          sensorAlias: 'T1',
        },
      ],
      '/data/warehouse/measurement/average/by_job': [],
      [`/alarms/by_msj/${job.id}`]: [],
      '/concrete/conprofiles/by_company': [profile, otherProfile],
      '/alarms': {},
      '/analytics/concrete/maturity/jobs/blacklist/sensors': [],
      '/analytics/concrete/maturity/jobs/cmd/stop': {},
      '/analytics/concrete/maturity/jobs/cmd/assign_profile': {},
      ...extra,
    },
  });
}

const open = (path: string) =>
  renderRoutes(
    [
      { path: '/job/:type/:jobsiteId/:tenantId/:id/', element: <JobPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  );

/** The JSON bodies the page POSTed to a path. */
function posted(fetchMock: ReturnType<typeof stubServer>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        new URL(String(input), 'http://localhost').pathname === `/api${path}` && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('JobPage: a maturity job', () => {
  it('answers whether the pour reached its target, since when, with the progress and the latest values', async () => {
    serve();
    open('/job/Maturity/1/3/1/');
    const answer = await screen.findByTestId('strength-answer');
    expect(answer.dataset.verdict).toBe('REACHED');
    expect(within(answer).getByText('Target strength reached')).toBeTruthy();
    expect(within(answer).getByTestId('strength-answer-detail').textContent).toBe(
      'Estimated strength 36.9\u00a0MPa: 148% of the 25.0\u00a0MPa target.',
    );
    // The average strength crosses 25 MPa in the fourth hourly bucket (24 → 30): reached by its end.
    expect(await within(answer).findByTestId('strength-reached-by')).toHaveProperty(
      'textContent',
      'Reached by 2026-11-11 04:00 PM UTC.',
    );
    expect(within(answer).getByTestId('strength-progress').dataset.value).toBe('148');
    expect(screen.getByTestId('latest-maturity-value').textContent).toBe('5741.6\u00a0°C.Hr');
    expect(screen.getByTestId('latest-elapsed-value').textContent).toBe('12 days 0 hours');
    expect(screen.getByTestId('latest-sensors-value').textContent).toBe('4 of 4');
    expect(screen.getByTestId('job-name').textContent).toBe('Level 3 Slab - Pour 1');
    expect(screen.getByText('Podium Slabs')).toBeTruthy();
    expect(await screen.findByTestId('extreme-max-value')).toHaveProperty('textContent', '31.7\u00a0°C');
    expect(screen.getAllByTestId('sensor-row')).toHaveLength(4);
  });

  it('shows strength in psi without decimals and temperature in °F for an Imperial user', async () => {
    serve(maturedJob(), imperial(editor()));
    open('/job/Maturity/1/3/1/');
    const detail = await screen.findByTestId('strength-answer-detail');
    await waitFor(() =>
      expect(detail.textContent).toBe('Estimated strength 5356\u00a0psi: 148% of the 3626\u00a0psi target.'),
    );
    expect(screen.getByTestId('latest-strength-value').textContent).toBe('5356\u00a0psi');
    expect(screen.getByTestId('latest-temperature-value').textContent).toBe('39.4\u00a0°F');
    expect(screen.getByTestId('latest-maturity-value').textContent).toBe('10334.9\u00a0°F.Hr');
  });

  it('says in Spanish when the pour has not reached its target yet', async () => {
    await i18n.changeLanguage('es');
    serve(curingJob());
    open('/job/Maturity/1/3/2/');
    const answer = await screen.findByTestId('strength-answer');
    expect(answer.dataset.verdict).toBe('NOT_REACHED');
    expect(within(answer).getByText('Aún no alcanza la resistencia objetivo')).toBeTruthy();
    expect(within(answer).getByTestId('strength-answer-detail').textContent).toBe(
      'Resistencia estimada 17.6\u00a0MPa: 70 % del objetivo de 25.0\u00a0MPa.',
    );
    expect(screen.getByTestId('latest-elapsed-value').textContent).toBe('1 día 2 horas');
  });

  it('lists each of low, medium and high targets with when it was reached', async () => {
    serve(
      maturedJob({
        singularTargetedStrength: null,
        lowTargetedStrength: 10,
        mediumTargetedStrength: 20,
        highTargetedStrength: 32,
        targetStrength: 32,
        progressBarValue: 115,
      }),
    );
    open('/job/Maturity/1/3/1/');
    const list = await screen.findByTestId('strength-targets');
    await waitFor(() => expect(within(list).getAllByText(/reached by/)).toHaveLength(3));
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Low target 10.0\u00a0MPa: reached by 2026-11-11 02:00 PM UTC',
      'Medium target 20.0\u00a0MPa: reached by 2026-11-11 03:00 PM UTC',
      'High target 32.0\u00a0MPa: reached by 2026-11-11 05:00 PM UTC',
    ]);
  });

  it('draws each sensor on asking, fetching the sensors the job no longer counts by their ids', async () => {
    const job = maturedJob();
    job.sensors[3] = { ...job.sensors[3], blacklisted: true, counted: false };
    const fetchMock = serve({ ...job, sensorCount: 3 });
    open('/job/Maturity/1/3/1/');
    expect(await screen.findByTestId('latest-sensors-value')).toHaveProperty('textContent', '3 of 4');
    expect(posted(fetchMock, '/data/analytics/concrete/maturity/time/by_sids')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Each sensor' }));
    await waitFor(() =>
      expect(posted(fetchMock, '/data/analytics/concrete/maturity/time/by_sids')).toEqual([
        { msjId: 1, sensorIds: [4] },
      ]),
    );
    const row = screen.getAllByTestId('sensor-row').find((r) => r.dataset.sensor === '4');
    expect(row?.querySelector('[data-state="blacklisted"]')).toBeTruthy();
    expect(within(row as HTMLElement).getByRole('button', { name: 'Restore' })).toBeTruthy();
  });

  it('asks for a concrete profile when the job has none', async () => {
    serve(maturedJob({ concreteProfileId: null, latestStrength: null, jobAlarmTriggered: 0 }));
    open('/job/Maturity/1/3/1/');
    expect((await screen.findByTestId('strength-answer')).dataset.verdict).toBe('NO_PROFILE');
  });
});

describe('JobPage: who may change the job', () => {
  it('shows a viewer no change action, only the download', async () => {
    serve(maturedJob(), viewer());
    open('/job/Maturity/1/3/1/');
    await screen.findAllByTestId('sensor-row');
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Alarms' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop job' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Concrete profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Blacklist' })).toBeNull();
  });

  it('lets an editor blacklist a sensor after confirming, and cancelling sends nothing', async () => {
    const fetchMock = serve();
    open('/job/Maturity/1/3/1/');
    fireEvent.click(await screen.findByTestId('blacklist-2'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Blacklist Level 3 Slab - Pour 1 - T2?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(fetchMock, '/analytics/concrete/maturity/jobs/blacklist/sensors')).toEqual([]);

    fireEvent.click(screen.getByTestId('blacklist-2'));
    fireEvent.click(await screen.findByTestId('confirm-blacklist'));
    await waitFor(() =>
      expect(posted(fetchMock, '/analytics/concrete/maturity/jobs/blacklist/sensors')).toEqual([
        { id: 1, sensorIds: [2], blacklisted: true },
      ]),
    );
  });

  it('stops a running job only after the confirmation', async () => {
    const fetchMock = serve();
    open('/job/Maturity/1/3/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Stop job' }));
    const dialog = await screen.findByTestId('command-dialog');
    expect(within(dialog).getByText('Stop Level 3 Slab - Pour 1?')).toBeTruthy();
    expect(posted(fetchMock, '/analytics/concrete/maturity/jobs/cmd/stop')).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('command-confirm'));
    await waitFor(() =>
      expect(posted(fetchMock, '/analytics/concrete/maturity/jobs/cmd/stop')).toEqual([{ id: 1 }]),
    );
  });

  it('changes the concrete profile of the job', async () => {
    const fetchMock = serve();
    open('/job/Maturity/1/3/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Concrete profile' }));
    const dialog = await screen.findByTestId('profile-dialog');
    fireEvent.mouseDown(await within(dialog).findByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'C40 Precast Mix' }));
    expect(within(dialog).getByTestId('profile-summary').textContent).toContain('R² 0.980');
    fireEvent.click(within(dialog).getByTestId('profile-save'));
    await waitFor(() =>
      expect(posted(fetchMock, '/analytics/concrete/maturity/jobs/cmd/assign_profile')).toEqual([
        { id: 1, concreteProfileId: 2 },
      ]),
    );
  });
});

describe('JobPage: alarm thresholds', () => {
  it('takes the thresholds in the user’s units and sends them back in metric', async () => {
    const fetchMock = serve(maturedJob(), imperial(editor()));
    open('/job/Maturity/1/3/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Alarms' }));
    const strength = await screen.findByTestId('threshold-strength');
    // The 25 MPa target shows in psi, without decimals.
    await waitFor(() => expect((strength as HTMLInputElement).value).toBe('3626'));
    fireEvent.change(strength, { target: { value: '4000' } });
    fireEvent.change(screen.getByTestId('threshold-high'), { target: { value: '86' } });
    fireEvent.click(screen.getByTestId('threshold-save'));
    await waitFor(() => expect(posted(fetchMock, '/alarms')).toHaveLength(2));
    const [target, bounds] = posted(fetchMock, '/alarms') as { alarmData: Record<string, unknown> }[];
    expect(target.alarmData).toMatchObject({ alarmType: 'MATURITY_STRENGTH_THRESHOLD', msjId: 1 });
    expect(target.alarmData.singularThreshold).toBeCloseTo(4000 / 145.037738, 6);
    expect(bounds.alarmData).toMatchObject({
      alarmType: 'SENSOR_THRESHOLD',
      msjId: 1,
      sensorType: 'Temperature',
      mediumThresholdLBound: null,
    });
    expect(bounds.alarmData.mediumThresholdHBound).toBeCloseTo(30, 9);
  });

  it('refuses a lower bound above the upper one and sends nothing', async () => {
    const fetchMock = serve();
    open('/job/Maturity/1/3/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Alarms' }));
    fireEvent.change(await screen.findByTestId('threshold-high'), { target: { value: '30' } });
    fireEvent.change(screen.getByTestId('threshold-low'), { target: { value: '35' } });
    fireEvent.click(screen.getByTestId('threshold-save'));
    expect((await screen.findByTestId('threshold-error')).textContent).toBe(
      'The lower bound must be below the upper bound.',
    );
    expect(posted(fetchMock, '/alarms')).toEqual([]);
  });
});

describe('JobPage: downloads', () => {
  it('builds CSV and Excel links with the token, the range, the time zone and the units', async () => {
    serve(maturedJob(), {
      ...editor(),
      userSettingData: [
        { type: 'SystemOfMeasurement', val: 'Imperial' },
        { type: 'DisplayTimeZone', val: 'America/Toronto' },
      ],
    });
    open('/job/Maturity/1/3/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Download' }));
    const dialog = await screen.findByTestId('download-dialog');
    // The job's whole time by default, in the display time zone (UTC-5 in November).
    await waitFor(() =>
      expect((within(dialog).getByTestId('download-from') as HTMLInputElement).value).toBe(
        '2026-11-11T07:00',
      ),
    );
    fireEvent.click(within(dialog).getByLabelText('Excel'));
    const links = within(dialog)
      .getAllByRole('link')
      .map((a) => new URL((a as HTMLAnchorElement).href));
    expect(links.map((u) => u.pathname)).toEqual([
      '/api/analytics/concrete/data/maturity/file',
      '/api/data/measurement/temperature/file',
    ]);
    const q = links[1].searchParams;
    expect(q.get('token')).toBe('access-token');
    expect(q.get('jobId')).toBe('1');
    expect(q.get('format')).toBe('xlsx');
    expect(q.get('timezone')).toBe('America/Toronto');
    expect(q.get('system')).toBe('Imperial');
    expect(Number(q.get('from'))).toBe(maturedJob().startDate);
    expect(q.get('customFilename')).toBe('Level 3 Slab - Pour 1 Temperature 2026-11-11_2026-11-23');
  });

  it('builds no link while the access token is expired and cannot be renewed', async () => {
    localStorage.setItem('sitepulse.accessTokenExpiration', String(NOW - 1000));
    serve();
    open('/job/Maturity/1/3/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Download' }));
    const dialog = await screen.findByTestId('download-dialog');
    expect(
      await within(dialog).findByText('Your session has expired: sign in again to download files.'),
    ).toBeTruthy();
    expect(within(dialog).queryAllByRole('link')).toEqual([]);
  });
});

describe('JobPage: other kinds of job', () => {
  it('shows a humidity job with its humidity and temperature, without a strength answer', async () => {
    serve(humidityJob());
    open('/job/Humidity/1/3/6/');
    expect(await screen.findByTestId('latest-humidity-value')).toHaveProperty('textContent', '79.7\u00a0%');
    expect(screen.getByTestId('latest-temperature-value').textContent).toBe('-1.7\u00a0°C');
    expect(screen.queryByTestId('strength-answer')).toBeNull();
    expect(screen.getByText('Humidity job')).toBeTruthy();
    expect(
      screen.getAllByTestId('sensor-row').map((r) => within(r).getAllByRole('cell')[0].textContent),
    ).toEqual(['Sensor 18', 'Sensor 19']);
  });

  it('shows a microweather job’s latest conditions in the user’s units', async () => {
    stubServer({
      user: imperial(editor()),
      sites: [site],
      extra: {
        '/analytics/microweather/node/jobs/details/7': microweatherJob(),
        '/data/warehouse/measurement/time/by_job': weatherSeries(),
        '/analytics/microweather/node/jobs/average/by_job': [],
        '/analytics/microweather/node/jobs/extremities/by_job': [],
      },
    });
    open('/job/Microweather%20Node/1/1/7/');
    expect(await screen.findByTestId('latest-temperature-value')).toHaveProperty(
      'textContent',
      '28.8\u00a0°F',
    );
    expect(screen.getByTestId('latest-humidity-value').textContent).toBe('83.4\u00a0%');
    expect(screen.getByTestId('latest-wind-speed-value').textContent).toBe('10.2\u00a0mph');
    expect(screen.getByText('Concrete Sensors')).toBeTruthy();
  });

  it('edits a microweather job’s wind-speed alarm in mph and sends it in km/hr, by its channel job id', async () => {
    const fetchMock = stubServer({
      user: imperial(editor()),
      sites: [site],
      extra: {
        '/analytics/microweather/node/jobs/details/7': microweatherJob(),
        '/data/warehouse/measurement/time/by_job': weatherSeries(),
        '/analytics/microweather/node/jobs/average/by_job': [],
        '/analytics/microweather/node/jobs/extremities/by_job': [],
        '/alarms/by_cj/7': [],
        '/alarms': {},
      },
    });
    open('/job/Microweather%20Node/1/1/7/');
    fireEvent.click(await screen.findByRole('button', { name: 'Alarms' }));
    await screen.findByTestId('threshold-dialog');
    expect(screen.queryByTestId('threshold-strength')).toBeNull();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/alarms/by_cj/7'))).toBe(true),
    );
    fireEvent.change(screen.getByTestId('threshold-type'), { target: { value: 'Wind Speed' } });
    fireEvent.change(screen.getByTestId('threshold-high'), { target: { value: '31' } });
    fireEvent.click(screen.getByTestId('threshold-save'));
    await waitFor(() => expect(posted(fetchMock, '/alarms')).toHaveLength(1));
    const [bounds] = posted(fetchMock, '/alarms') as { alarmData: Record<string, unknown> }[];
    expect(bounds.alarmData).toMatchObject({
      alarmType: 'SENSOR_THRESHOLD',
      cjId: 7,
      sensorType: 'Wind Speed',
      mediumThresholdLBound: null,
    });
    expect(bounds.alarmData.mediumThresholdHBound).toBeCloseTo(31 / 0.621371, 6);
  });

  it('sends GPS, current-transformer and gas jobs to their own screens', async () => {
    stubServer({ sites: [site] });
    open('/job/GPS/1/2/9/');
    expect((await screen.findByTestId('location')).textContent).toBe('/job-site-gps-job-details/1/2/9');
    cleanup();
    open('/job/Current%20Transformer/1/2/11/');
    expect((await screen.findByTestId('location')).textContent).toBe('/job-site-ct-job-details/1/2/11');
    cleanup();
    open('/job/Gas/1/2/8/');
    expect((await screen.findByTestId('location')).textContent).toBe('/job-site-details/1/2/8');
  });
});

describe('JobPage on a phone', () => {
  it('shows the sensors as cards', async () => {
    media.phone = true;
    serve();
    open('/job/Maturity/1/3/1/');
    expect(await screen.findByTestId('sensor-cards')).toBeTruthy();
    expect(screen.queryByTestId('sensor-table')).toBeNull();
  });
});
