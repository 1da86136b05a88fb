import type { MaturityJob, TenantGroup } from '@sitepulse/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acknowledged, alarmEvent } from '../../components/AlarmStateBadge.fixtures.ts';
import {
  LocationProbe,
  renderAt,
  renderRoutes,
  type ServerState,
  signInSession,
  stubServer,
  testSites,
  testUser,
} from '../../components/test-utils.tsx';
import { humidityJob, maturityJob, nodeCard } from '../../test/job-answers.ts';
import { maturityJobView } from './MaturityJobs.tsx';
import ProjectJobListPage from './ProjectJobListPage.tsx';

const PATTERN = '/construction_job_list/:jobsiteId/:tenantId';
const PAGED = '/api/analytics/concrete/maturity/jobs/paged';
const DISCLAIMER = 'Estimates are not a substitute for cylinder tests.';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * The shell's answers plus a paged call that pages and filters `jobs` as the server does (status filter,
 * page `page` of `rpp` jobs, newest first as given), and the project's other jobs.
 */
function serve(jobs: MaturityJob[], state: ServerState = {}) {
  const fetchMock = stubServer({
    ...state,
    extra: {
      '/resources/text/AOMS_MATURITY_STRENGTH_DISCLAIMER': { name: 'x', language: 'en', text: DISCLAIMER },
      '/analytics/lumimon/jobs/overview/by_tenant_group/3': { nodes: [] },
      ...state.extra,
    },
  });
  const base = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === PAGED) {
      const body = JSON.parse(String(init?.body)) as { page: number; rpp: number; status?: string };
      const matching = jobs.filter((j) => !body.status || j.status === body.status);
      const from = body.page * body.rpp;
      return json({
        page: body.page,
        rpp: body.rpp,
        total: matching.length,
        content: matching.slice(from, from + body.rpp),
      });
    }
    if (!base) throw new Error('no stub');
    return base(input, init);
  });
  return fetchMock;
}

function pagedBodies(fetchMock: ReturnType<typeof stubServer>) {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === PAGED)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
}

const sixJobs = [
  maturityJob(6, 'Core Wall Lift 7', { progressBarValue: 13, latestJobStrength: 2.6, targetStrength: 20 }),
  maturityJob(5, 'Level 4 Slab - Pour 2'),
  maturityJob(4, 'Column Line C', {
    status: 'ERROR',
    jobAlarmTriggered: 1,
    latestJobStrength: 28.1,
    progressBarValue: 112,
  }),
  humidityJob(3, 'Level 2 Slab Moisture'),
  maturityJob(2, 'Level 3 Slab - Pour 1', {
    jobAlarmTriggered: 1,
    latestJobStrength: 36.9,
    progressBarValue: 148,
  }),
  maturityJob(1, 'Transfer Beam T2', { status: 'TERMINATED', terminationDate: Date.now() - 8 * 86_400_000 }),
];

beforeEach(() => {
  localStorage.clear();
  signInSession();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProjectJobListPage', () => {
  it('titles the page with the project and lists every job with status, alarm and strength, none hidden', async () => {
    const fetchMock = serve(sixJobs);
    renderAt(<ProjectJobListPage />, PATTERN, '/construction_job_list/3/32');

    expect(await screen.findByRole('heading', { level: 1, name: /Concrete Sensors/ })).toBeTruthy();
    const rows = await screen.findAllByTestId('maturity-job');
    // All six on first view, in the server's order (the same start date: newest created first).
    expect(rows.map((r) => r.getAttribute('data-job-name'))).toEqual([
      'Core Wall Lift 7',
      'Level 4 Slab - Pour 2',
      'Column Line C',
      'Level 2 Slab Moisture',
      'Level 3 Slab - Pour 1',
      'Transfer Beam T2',
    ]);
    expect(pagedBodies(fetchMock)).toHaveLength(1);
    expect(pagedBodies(fetchMock)[0]).toMatchObject({ page: 0, rpp: 100, tenant: 32, sortdir: 'DESC' });
    expect(pagedBodies(fetchMock)[0]).not.toHaveProperty('status');

    const error = within(rows[2]);
    expect(error.getByText('ERROR').closest('[data-status]')?.getAttribute('data-colour')).toBe('red');
    expect(rows[2].querySelector('[data-alarm="MATURED"]')).not.toBeNull();
    expect(error.getByTestId('job-strength').textContent).toContain('28.1\u00a0MPa');
    expect(error.getByText('112%')).toBeTruthy();
    // A humidity job: its status from its dates, its humidity instead of a strength.
    expect(within(rows[3]).getByText('STARTED')).toBeTruthy();
    expect(within(rows[3]).getByTestId('job-humidity').textContent).toBe('79.7\u00a0%');
    // Cable jobs: the job name, then the cable and node display names.
    expect(within(rows[0]).getByText('Cable 20006 · Node 10006')).toBeTruthy();
    expect(within(rows[0]).getByRole('link', { name: 'Core Wall Lift 7' }).getAttribute('href')).toBe(
      '/job/Maturity/3/32/6/',
    );

    expect(screen.getByTestId('jobs-shown').textContent).toBe('6 jobs');
    expect(screen.queryByRole('button', { name: 'Fetch more' })).toBeNull();
    const stopped = screen.getAllByTestId('maturity-job')[5];
    expect(within(stopped).getByText('STOPPED')).toBeTruthy();

    expect((await screen.findByTestId('maturity-disclaimer')).textContent).toContain(DISCLAIMER);
  });

  it('shows each job’s alarms still active in its row (one read of the site’s), and nothing for the others', async () => {
    const fetchMock = serve(sixJobs, {
      extra: {
        '/alarms/events': [
          alarmEvent(1, { tenantGroupId: 3, jobId: 5, nodeId: 10005, sensorName: 'T2', raisedAt: 2_000 }),
          alarmEvent(2, {
            tenantGroupId: 3,
            jobId: 5,
            nodeId: 10005,
            kind: 'TEMPERATURE_DIFFERENTIAL',
            raisedAt: 1_000,
          }),
          acknowledged(
            alarmEvent(3, {
              tenantGroupId: 3,
              jobId: 2,
              nodeId: 10002,
              kind: 'MATURED',
              sensorId: null,
              sensorName: null,
              side: null,
            }),
          ),
          alarmEvent(4, {
            tenantGroupId: 3,
            jobId: 5,
            nodeId: 10005,
            kind: 'NODE_SILENT',
            sensorName: null,
            raisedAt: 3_000,
          }),
        ],
      },
    });
    renderAt(<ProjectJobListPage />, PATTERN, '/construction_job_list/3/32');
    const rows = await screen.findAllByTestId('maturity-job');
    const row = (name: string) => rows.find((r) => r.getAttribute('data-job-name') === name) as HTMLElement;
    const pour2 = await within(row('Level 4 Slab - Pour 2')).findByTestId('alarm-state');
    // Two lines at most in a row, newest first, then how many more.
    expect(
      within(pour2)
        .getAllByTestId('alarm-state-kind')
        .map((k) => k.textContent),
    ).toEqual(['Node silent', 'Sensor threshold high · T2']);
    expect(within(pour2).getByTestId('alarm-state-more').textContent).toBe('1 more alarm');
    const pour1 = within(row('Level 3 Slab - Pour 1')).getByTestId('alarm-state');
    expect(within(pour1).getByTestId('alarm-state-kind').textContent).toBe('Target reached');
    expect(within(pour1).getByTestId('alarm-state-detail').textContent).toMatch(/^Acknowledged by Sam Super/);
    expect(within(pour1).getByRole('link').getAttribute('href')).toBe('/alarms/3');
    // The spec's MATURED bit stays beside it.
    expect(row('Level 3 Slab - Pour 1').querySelector('[data-alarm="MATURED"]')).not.toBeNull();
    for (const name of ['Core Wall Lift 7', 'Column Line C', 'Level 2 Slab Moisture', 'Transfer Beam T2'])
      expect(within(row(name)).queryByTestId('alarm-state')).toBeNull();
    const reads = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname === '/api/alarms/events');
    expect(reads.map((u) => u.search)).toEqual(['?tenantGroupId=3&activeOnly=true']);
  });

  it('asks the server for the status each filter names', async () => {
    const fetchMock = serve(sixJobs);
    renderAt(<ProjectJobListPage />, PATTERN, '/construction_job_list/3/32');
    await screen.findAllByTestId('maturity-job');

    fireEvent.click(screen.getByRole('button', { name: 'Stopped' }));
    await waitFor(() => expect(screen.getAllByTestId('maturity-job')).toHaveLength(1));
    expect(pagedBodies(fetchMock).at(-1)).toMatchObject({ page: 0, rpp: 100, status: 'TERMINATED' });

    fireEvent.click(screen.getByRole('button', { name: 'Error' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('maturity-job').map((r) => r.getAttribute('data-job-name'))).toEqual([
        'Column Line C',
      ]),
    );
    expect(pagedBodies(fetchMock).at(-1)).toMatchObject({ status: 'ERROR' });

    fireEvent.click(screen.getByRole('button', { name: 'Pending start' }));
    expect(await screen.findByText('No jobs with this status.')).toBeTruthy();
    expect(pagedBodies(fetchMock).at(-1)).toMatchObject({ status: 'NEW' });

    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    await screen.findByText('No jobs with this status.');
    await waitFor(() => expect(pagedBodies(fetchMock).at(-1)).toMatchObject({ status: 'NONE' }));

    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(screen.getAllByTestId('maturity-job')).toHaveLength(6));
    expect(pagedBodies(fetchMock).at(-1)).not.toHaveProperty('status');
  });

  it('shows strength in psi without decimals for an Imperial user', async () => {
    serve([maturityJob(5, 'Level 4 Slab - Pour 2')], {
      user: testUser({ userSettingData: [{ type: 'SystemOfMeasurement', val: 'Imperial' }] }),
    });
    renderAt(<ProjectJobListPage />, PATTERN, '/construction_job_list/3/32');
    const row = (await screen.findAllByTestId('maturity-job'))[0];
    // 17.6 MPa = 2552.7 psi, target 25 MPa = 3625.9 psi; 23 °C = 73.4 °F.
    await waitFor(() =>
      expect(within(row).getByTestId('job-strength').textContent).toContain('2553\u00a0psi'),
    );
    expect(within(row).getByTestId('job-strength').textContent).toContain('of 3626\u00a0psi');
    expect(within(row).getByTestId('job-temperature').textContent).toBe('73.4\u00a0°F');
  });

  it('lists the other sensors in the job type order, with 1 gas reading and 3 weather readings', async () => {
    const now = Date.now();
    const reading = (sensorType: string, value: number) => ({
      sensorType,
      value,
      timestamp: now - 60_000,
      sensors: 1,
    });
    const fetchMock = serve([], {
      extra: {
        '/analytics/lumimon/jobs/overview/by_tenant_group/3': {
          tenantGroupId: 3,
          tenantGroupName: 'North Yard Precast Plant',
          generatedAt: now,
          statsFrom: now - 86_400_000,
          statsTo: now,
          counts: {},
          // Alarming first, as the server orders them; another project's job is left out.
          nodes: [
            nodeCard(8, 'Parkade Ramp CO', 'Gas', 'DATA', {
              nodeId: 4_100_012_345,
              jobAlarmTriggered: 2,
              alarming: true,
              readings: [reading('Gas', 2.6), reading('Temperature', 4)],
            }),
            nodeCard(9, 'Telehandler 2', 'GPS', 'GPS', {
              location: { timestamp: now - 60_000, lat: 43.6415, longitude: -79.379 },
            }),
            nodeCard(12, 'Mixer Motor', 'Current Transformer', 'POWER', { tenantId: 33 }),
            nodeCard(7, 'Tower Crane Weather', 'Microweather Node', 'MICROWEATHER', {
              readings: [
                reading('Temperature', -1.8),
                reading('Humidity', 83.4),
                reading('Wind Speed', 16.4),
              ],
            }),
          ],
        },
      },
    });
    renderAt(<ProjectJobListPage />, PATTERN, '/construction_job_list/3/32');
    expect(await screen.findByText('No concrete jobs in this project yet.')).toBeTruthy();
    const cards = await screen.findAllByTestId('other-job');
    expect(cards.map((c) => c.getAttribute('data-job-type'))).toEqual(['Microweather Node', 'Gas', 'GPS']);
    const overview = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((u) => u.pathname.startsWith('/api/analytics/lumimon/'));
    expect(overview?.searchParams.get('tenantId')).toBe('32');

    const [weather, gas, gps] = cards;
    expect(within(weather).getByTestId('reading-Temperature').textContent).toBe('-1.8\u00a0°C');
    expect(within(weather).getByTestId('reading-Humidity').textContent).toBe('83.4\u00a0%');
    expect(within(weather).getByTestId('reading-Wind Speed').textContent).toBe('16.4\u00a0km/hr');
    expect(within(weather).getByRole('link', { name: 'Tower Crane Weather' }).getAttribute('href')).toBe(
      '/job/Microweather%20Node/3/32/7/',
    );
    expect(within(gas).getByTestId('reading-Gas').textContent).toBe('2.6\u00a0ppm');
    // Only a Lumitrack project's nodes are cut to 8 characters (section 2): this one shows whole.
    expect(within(gas).getByText('Node 4100012345')).toBeTruthy();
    expect(within(gas).queryByTestId('reading-Temperature')).toBeNull();
    expect(gas.querySelector('[data-alarm="THRESHOLD"]')).not.toBeNull();
    expect(within(gas).getByRole('link', { name: 'Parkade Ramp CO' }).getAttribute('href')).toBe(
      '/job-site-details/3/32/8',
    );
    expect(within(gps).getByRole('link', { name: 'Telehandler 2' }).getAttribute('href')).toBe(
      '/job-site-gps-job-details/3/32/9',
    );
    expect(within(gps).getByText('43.64150, -79.37900')).toBeTruthy();
  });

  it('shows an error with a retry when the jobs fail to load, and no disclaimer on a terminated site', async () => {
    const sites: TenantGroup[] = testSites.map((s) => (s.id === 3 ? { ...s, state: 'TERMINATED' } : s));
    const fetchMock = serve([], { sites });
    const base = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://localhost').pathname === PAGED) {
        return new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' } }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        });
      }
      if (!base) throw new Error('no stub');
      return base(input, init);
    });
    renderAt(<ProjectJobListPage />, PATTERN, '/construction_job_list/3/32');
    expect((await screen.findByRole('alert')).textContent).toContain('(500)');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await screen.findByText('No other sensors in this project.')).toBeTruthy();
    expect(screen.queryByTestId('maturity-disclaimer')).toBeNull();
  });

  it('says so when the project is not on the job site', async () => {
    serve([]);
    renderAt(<ProjectJobListPage />, PATTERN, '/construction_job_list/3/999');
    const notFound = await screen.findByTestId('not-found');
    expect(notFound.textContent).toContain(
      "This project isn't on this job site, or you no longer have access.",
    );
    // The way back is the job site the address names.
    expect(
      within(notFound).getByRole('link', { name: 'Back to North Yard Precast Plant' }).getAttribute('href'),
    ).toBe('/precast_dashboard/3/undefined');
  });

  it('sends a Lumitrack project to its own screen, with no concrete jobs asked for (issue 16)', async () => {
    const fetchMock = serve([]);
    renderRoutes(
      [
        { path: PATTERN, element: <ProjectJobListPage /> },
        { path: '/lumitrack/:jobsiteId/:tenantId', element: <LocationProbe /> },
      ],
      '/construction_job_list/3/33',
    );
    expect((await screen.findByTestId('location')).textContent).toBe('/lumitrack/3/33');
    expect(pagedBodies(fetchMock)).toEqual([]);
    expect(screen.queryByTestId('maturity-disclaimer')).toBeNull();
  });
});

describe('maturityJobView', () => {
  it('shows missing values as -- and no target without one', () => {
    const prefs = {
      system: 'Metric' as const,
      timeZone: 'UTC',
      language: 'en',
      value: () => '--',
      withUnit: (q: string, v: number | null | undefined) =>
        v === null || v === undefined ? '--' : `${v} ${q}`,
      unit: () => '',
      convert: (_q: string, v: number | null | undefined) => v,
      time: (t: unknown) => (t === null || t === undefined ? '--' : 'T'),
      date: (t: unknown) => (t === null || t === undefined ? '--' : 'D'),
      clock: (t: unknown) => (t === null || t === undefined ? '--' : 'C'),
      zoneLabel: () => 'UTC',
      timeZoneSetting: 'UTC',
      timeZoneSource: 'fixed' as const,
      invalidSettings: [],
    };
    const v = maturityJobView(
      maturityJob(1, 'X', { latestJobStrength: null, targetStrength: null, latestTimestamp: null }),
      3,
      prefs,
    );
    expect(v.strength).toBe('--');
    expect(v.target).toBeNull();
    expect(v.lastReading).toBe('--');
    expect(v.lastReadingTime).toBe('');
  });
});
