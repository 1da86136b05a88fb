import type { UserDetail } from '@sitepulse/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateLive } from '../../api/live.ts';
import { acknowledged, alarmEvent } from '../../components/AlarmStateBadge.fixtures.ts';
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
      [`/analytics/concrete/maturity/jobs/targets/${job.id}`]: [
        { kind: 'STRIPPING', primary: true, strengthMpa: 25, enteredValue: 25, enteredUnit: 'MPa' },
        { kind: 'DESIGN', primary: false, strengthMpa: 35, enteredValue: 35, enteredUnit: 'MPa' },
      ],
      '/alarms/events': [],
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

/** The JSON bodies the page sent to a path with a method. */
function sent(fetchMock: ReturnType<typeof stubServer>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        new URL(String(input), 'http://localhost').pathname === `/api${path}` && init?.method === method,
    )
    .map(([, init]) => JSON.parse(String(init?.body)));
}

/** The GET /alarms/events calls (their query strings). */
const alarmReads = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/alarms/events')
    .map((u) => u.searchParams.toString());

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

  it('says a job in error has stopped reporting, with the help link for a cable error (section 8)', async () => {
    serve(maturedJob({ status: 'ERROR' }));
    open('/job/Maturity/1/3/1/');
    const alert = await screen.findByTestId('job-in-error');
    expect(alert.textContent).toContain('The node has stopped reporting (job in error).');
    const help = within(alert).getByRole('link', { name: 'Get help with a cable or node error' });
    expect(help.getAttribute('href')).toBe('https://help.example.com');
    expect(help.getAttribute('target')).toBe('_blank');
  });

  it('shows no error and no help link for a running job', async () => {
    serve();
    open('/job/Maturity/1/3/1/');
    await screen.findByTestId('strength-answer');
    expect(screen.queryByTestId('job-in-error')).toBeNull();
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

describe('JobPage: the job’s alarms now (issue 15)', () => {
  const raised = Date.UTC(2026, 10, 23, 9, 30);
  const siteAlarms = () => [
    alarmEvent(11, { raisedAt: raised, sensorName: 'Level 3 Slab - Pour 1 - T1' }),
    // The node went silent: named on its newest job, shown on every job of the node.
    acknowledged(
      alarmEvent(12, { kind: 'NODE_SILENT', jobId: 40, sensorId: null, sensorName: null, side: null }),
    ),
    // Another job's alarm, and one of this job already cleared: not shown here.
    alarmEvent(13, { jobId: 2, nodeId: 10002 }),
    alarmEvent(14, { state: 'CLEARED', clearedAt: raised + 3_600_000 }),
  ];

  it('shows the active and acknowledged alarms beside the alarm bits, each opening the site’s alarms', async () => {
    const fetchMock = serve(maturedJob({ jobAlarmTriggered: 3 }), editor(), {
      '/alarms/events': siteAlarms(),
    });
    open('/job/Maturity/1/3/1/');
    const state = await screen.findByTestId('job-alarm-state');
    const items = within(state).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.alarmId)).toEqual(['11', '12']);
    // The sensor without the job's name, which is the page's title.
    expect(within(items[0]).getByTestId('alarm-state-kind').textContent).toBe('Sensor threshold high · T1');
    expect(within(items[0]).getByTestId('alarm-state-detail').textContent).toBe(
      'Active since 2026-11-23 09:30 AM UTC',
    );
    expect(within(items[1]).getByTestId('alarm-state-kind').textContent).toBe('Node silent');
    expect(within(items[1]).getByTestId('alarm-state-detail').textContent).toMatch(
      /^Acknowledged by Sam Super · active since /,
    );
    for (const link of within(state).getAllByRole('link'))
      expect(link.getAttribute('href')).toBe('/alarms/1');
    // The spec's bits stay as they were: the threshold chip beside the status.
    expect(screen.getByTestId('job-meta').querySelector('[data-alarm="THRESHOLD"]')).toBeTruthy();
    // One read of the site's active alarms.
    expect(alarmReads(fetchMock)).toEqual(['tenantGroupId=1&activeOnly=true']);
  });

  it('shows nothing more for a job with no active alarm', async () => {
    const fetchMock = serve(maturedJob(), editor(), {
      '/alarms/events': [alarmEvent(13, { jobId: 2, nodeId: 10002 })],
    });
    open('/job/Maturity/1/3/1/');
    await screen.findAllByTestId('sensor-row');
    await waitFor(() => expect(alarmReads(fetchMock)).toHaveLength(1));
    expect(screen.queryByTestId('job-alarm-state')).toBeNull();
    expect(screen.queryByTestId('alarm-state')).toBeNull();
  });

  it('follows a live `alarms` event of the site: a new alarm appears, an acknowledgement says who', async () => {
    // The site's alarms as the server lists them at each read.
    let listed: unknown[] = [];
    const shell = serve().getMockImplementation();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        new URL(String(input), 'http://localhost').pathname === '/api/alarms/events'
          ? new Response(JSON.stringify(listed), { headers: { 'content-type': 'application/json' } })
          : (shell as typeof fetch)(input, init),
      ),
    );
    const { client } = open('/job/Maturity/1/3/1/');
    await screen.findAllByTestId('sensor-row');
    const event = {
      name: 'alarms' as const,
      data: { tenantGroupId: 1, nodeIds: [], maturityJobIds: [1], channelJobIds: [], at: NOW, version: 2 },
    };
    listed = [alarmEvent(11, { raisedAt: raised })];
    await invalidateLive(client, event);
    const item = await screen.findByText('Active since 2026-11-23 09:30 AM UTC');
    expect(item.closest('li')?.dataset.state).toBe('ACTIVE');
    listed = [acknowledged(alarmEvent(11, { raisedAt: raised }), 'Marco Ruiz')];
    await invalidateLive(client, { ...event, data: { ...event.data, version: 3 } });
    expect(
      await screen.findByText('Acknowledged by Marco Ruiz · active since 2026-11-23 09:30 AM UTC'),
    ).toBeTruthy();
  });

  it('shows a microweather job’s alarms too', async () => {
    stubServer({
      user: editor(),
      sites: [site],
      extra: {
        '/analytics/microweather/node/jobs/details/7': microweatherJob(),
        '/data/warehouse/measurement/time/by_job': weatherSeries(),
        '/analytics/microweather/node/jobs/average/by_job': [],
        '/analytics/microweather/node/jobs/extremities/by_job': [],
        '/alarms/events': [alarmEvent(21, { jobId: 7, sensorName: 'Wind', quantity: 'Speed' })],
      },
    });
    open('/job/Microweather%20Node/1/1/7/');
    const state = await screen.findByTestId('job-alarm-state');
    expect(within(state).getByTestId('alarm-state-kind').textContent).toBe('Sensor threshold high · Wind');
  });
});

describe('JobPage: alarm thresholds', () => {
  it('takes the thresholds in the user’s units and sends them back in metric; the target as typed, in psi', async () => {
    const fetchMock = serve(maturedJob(), imperial(editor()));
    open('/job/Maturity/1/3/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Alarms' }));
    const strength = await screen.findByTestId('threshold-strength');
    // The 25 MPa target shows in psi, without decimals.
    await waitFor(() => expect((strength as HTMLInputElement).value).toBe('3626'));
    fireEvent.change(strength, { target: { value: '4000' } });
    fireEvent.change(screen.getByTestId('threshold-high'), { target: { value: '86' } });
    fireEvent.click(screen.getByTestId('threshold-save'));
    await waitFor(() => expect(posted(fetchMock, '/alarms')).toHaveLength(1));
    // The target goes as typed, in the reader's unit, with the job's further targets as they were: it
    // reads back "4000 psi", not "27.58 MPa (4000 psi)".
    expect(sent(fetchMock, 'PUT', '/analytics/concrete/maturity/jobs/targets/1')).toEqual([
      {
        targets: [{ kind: 'DESIGN', enteredValue: 35, enteredUnit: 'MPa' }],
        primaryUnit: 'psi',
        primaryValue: 4000,
      },
    ]);
    const [bounds] = posted(fetchMock, '/alarms') as { alarmData: Record<string, unknown> }[];
    expect(bounds.alarmData).toMatchObject({
      alarmType: 'SENSOR_THRESHOLD',
      msjId: 1,
      sensorType: 'Temperature',
      mediumThresholdLBound: null,
      minDurationMs: 600_000,
    });
    expect(bounds.alarmData.mediumThresholdHBound).toBeCloseTo(30, 9);
    // The default 0.5 °C hysteresis, shown as 0.9 °F, goes back as 0.5 °C: a difference, no offset.
    expect(bounds.alarmData.hysteresis).toBeCloseTo(0.5, 9);
  });

  it('reads a target typed in psi back in psi, and clearing it posts no target', async () => {
    const fetchMock = serve(maturedJob({ singularTargetedStrength: 4000 / 145.037738 }), imperial(editor()), {
      '/analytics/concrete/maturity/jobs/targets/1': [
        {
          kind: 'STRIPPING',
          primary: true,
          strengthMpa: 4000 / 145.037738,
          enteredValue: 4000,
          enteredUnit: 'psi',
        },
      ],
      '/alarms/by_msj/1': [
        {
          alarmData: {
            alarmType: 'MATURITY_STRENGTH_THRESHOLD',
            msjId: 1,
            cjId: 1,
            cjgId: null,
            sensorType: null,
            mediumThresholdHBound: null,
            mediumThresholdLBound: null,
            singularThreshold: 4000 / 145.037738,
          },
          active: true,
        },
      ],
    });
    open('/job/Maturity/1/3/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Alarms' }));
    const strength = (await screen.findByTestId('threshold-strength')) as HTMLInputElement;
    await waitFor(() => expect(strength.value).toBe('4000'));
    fireEvent.change(strength, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('threshold-save'));
    await waitFor(() => expect(posted(fetchMock, '/alarms')).toHaveLength(1));
    expect((posted(fetchMock, '/alarms')[0] as { alarmData: unknown }).alarmData).toEqual({
      alarmType: 'MATURITY_STRENGTH_THRESHOLD',
      msjId: 1,
      singularThreshold: null,
    });
    expect(sent(fetchMock, 'PUT', '/analytics/concrete/maturity/jobs/targets/1')).toEqual([]);
  });

  it('shows the job’s hysteresis and minimum duration in °F and minutes, and sends changes in °C and ms', async () => {
    const fetchMock = serve(
      maturedJob({
        alarmData: {
          singularThreshold: 25,
          sensorType: 'Temperature',
          mediumThresholdHBound: 30,
          mediumThresholdLBound: 5,
        },
      }),
      imperial(editor()),
      {
        '/alarms/by_msj/1': [
          {
            alarmData: {
              alarmType: 'SENSOR_THRESHOLD',
              msjId: 1,
              cjId: 1,
              cjgId: null,
              sensorType: 'Temperature',
              mediumThresholdHBound: 30,
              mediumThresholdLBound: 5,
              singularThreshold: null,
              hysteresis: 1,
              minDurationMs: 1_800_000,
            },
            active: true,
          },
        ],
      },
    );
    open('/job/Maturity/1/3/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Alarms' }));
    const hysteresis = (await screen.findByTestId('threshold-hysteresis')) as HTMLInputElement;
    const duration = screen.getByTestId('threshold-min-duration') as HTMLInputElement;
    await waitFor(() => expect(hysteresis.value).toBe('1.8'));
    expect(duration.value).toBe('30');
    expect((screen.getByTestId('threshold-high') as HTMLInputElement).value).toBe('86');
    // The defaults are named beside the fields, in the reader's units (the matcher reads the no-break space
    // before the unit as a space).
    const dialog = screen.getByTestId('threshold-dialog');
    expect(within(dialog).getByText(/Empty: the default, 0\.9 °F\./)).toBeTruthy();
    expect(within(dialog).getByText(/Empty: the default, 10 minutes\./)).toBeTruthy();

    // Only the hysteresis and the duration change: the bounds go with them, as they were.
    fireEvent.change(hysteresis, { target: { value: '2.7' } });
    fireEvent.change(duration, { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('threshold-save'));
    await waitFor(() => expect(posted(fetchMock, '/alarms')).toHaveLength(1));
    const [body] = posted(fetchMock, '/alarms') as { alarmData: Record<string, number> }[];
    expect(body.alarmData.hysteresis).toBeCloseTo(1.5, 9);
    expect(body.alarmData.minDurationMs).toBe(900_000);
    expect(body.alarmData.mediumThresholdHBound).toBeCloseTo(30, 9);
    expect(body.alarmData.mediumThresholdLBound).toBeCloseTo(5, 9);
    expect(sent(fetchMock, 'PUT', '/analytics/concrete/maturity/jobs/targets/1')).toEqual([]);
  });

  it.each([
    ['a negative hysteresis', '-1', '10', 'The hysteresis must be from 0 to 100\u00a0°C.'],
    ['a hysteresis above 100 °C', '100.5', '10', 'The hysteresis must be from 0 to 100\u00a0°C.'],
    ['a negative duration', '0.5', '-2', 'The minimum duration must be from 0 to 1440 minutes.'],
    ['a duration above a day', '0.5', '1441', 'The minimum duration must be from 0 to 1440 minutes.'],
    ['a hysteresis that is not a number', 'half', '10', 'Enter numbers only.'],
  ])('refuses %s with a clear message and sends nothing', async (_name, hyst, minutes, message) => {
    const fetchMock = serve();
    open('/job/Maturity/1/3/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Alarms' }));
    fireEvent.change(await screen.findByTestId('threshold-high'), { target: { value: '30' } });
    fireEvent.change(screen.getByTestId('threshold-hysteresis'), { target: { value: hyst } });
    fireEvent.change(screen.getByTestId('threshold-min-duration'), { target: { value: minutes } });
    fireEvent.click(screen.getByTestId('threshold-save'));
    expect((await screen.findByTestId('threshold-error')).textContent).toBe(message);
    expect(posted(fetchMock, '/alarms')).toEqual([]);
    expect(sent(fetchMock, 'PUT', '/analytics/concrete/maturity/jobs/targets/1')).toEqual([]);
  });

  it('takes the limits themselves, and an empty field as the default (left out)', async () => {
    const fetchMock = serve();
    open('/job/Maturity/1/3/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Alarms' }));
    const hysteresis = (await screen.findByTestId('threshold-hysteresis')) as HTMLInputElement;
    // No bound yet: nothing for them to shape.
    expect(hysteresis.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('threshold-high'), { target: { value: '30' } });
    expect(hysteresis.disabled).toBe(false);
    expect(hysteresis.value).toBe('0.5');
    fireEvent.change(hysteresis, { target: { value: '100' } });
    fireEvent.change(screen.getByTestId('threshold-min-duration'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('threshold-save'));
    await waitFor(() => expect(posted(fetchMock, '/alarms')).toHaveLength(1));
    const [body] = posted(fetchMock, '/alarms') as { alarmData: Record<string, unknown> }[];
    expect(body.alarmData.hysteresis).toBe(100);
    expect('minDurationMs' in body.alarmData).toBe(false);
  });

  it('refuses a target of 0 or above the largest, and a lower bound above the upper one, sending nothing', async () => {
    const fetchMock = serve();
    open('/job/Maturity/1/3/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Alarms' }));
    const strength = await screen.findByTestId('threshold-strength');
    await waitFor(() => expect((strength as HTMLInputElement).value).toBe('25'));
    fireEvent.change(strength, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('threshold-save'));
    expect((await screen.findByTestId('threshold-error')).textContent).toBe(
      'Enter a target strength above 0 and at most 250 MPa.',
    );
    fireEvent.change(strength, { target: { value: '25' } });
    fireEvent.change(screen.getByTestId('threshold-high'), { target: { value: '30' } });
    fireEvent.change(screen.getByTestId('threshold-low'), { target: { value: '35' } });
    fireEvent.click(screen.getByTestId('threshold-save'));
    await waitFor(() =>
      expect(screen.getByTestId('threshold-error').textContent).toBe(
        'The lower bound must be below the upper bound.',
      ),
    );
    expect(posted(fetchMock, '/alarms')).toEqual([]);
    expect(sent(fetchMock, 'PUT', '/analytics/concrete/maturity/jobs/targets/1')).toEqual([]);
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
