import type { JobGroupCounts, MaturityJob, Tenant, TenantGroup } from '@sitepulse/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acknowledged, alarmEvent } from '../../components/AlarmStateBadge.fixtures.ts';
import {
  renderAt,
  type ServerState,
  signInSession,
  stubServer,
  testUser,
} from '../../components/test-utils.tsx';
import { humidityJob, maturityJob, microweatherJob, nodeCard } from '../../test/job-answers.ts';
import ConstructionDashboardPage from './ConstructionDashboardPage.tsx';
import PrecastDashboardPage from './PrecastDashboardPage.tsx';
import { dashboardSummary } from './summary.ts';

const project = (
  id: number,
  name: string,
  type: Tenant['type'],
  tenantGroupId: number,
  state = 'ACTIVE',
): Tenant => ({
  id,
  name,
  type,
  state: state as Tenant['state'],
  creationDate: Date.UTC(2025, 0, id),
  tenantGroupId,
  companyId: 1,
});

const site = (id: number, name: string, type: TenantGroup['type'], projects: Tenant[]): TenantGroup => ({
  id,
  name,
  type,
  state: 'ACTIVE',
  companyId: 1,
  creationDate: 0,
  address: '',
  latitude: null,
  longitude: null,
  tenantMessages: projects,
  gateways: [],
});

const tower = site(1, 'Harbourfront Tower', 'Construction Site', [
  project(11, 'Default', 'Concrete', 1),
  project(12, 'Default', 'Lumimon', 1),
  project(13, 'Podium Slabs', 'Concrete', 1),
]);
const plant = site(2, 'North Yard Precast Plant', 'Precast Plant', [
  project(21, 'Double Tees', 'Concrete', 2),
  project(22, 'Hollow Core Line', 'Concrete', 2),
  project(23, 'Yard Asset Tags', 'Lumitrack', 2),
]);

const podium = { tenant: 13, tenantGroupId: 1 };
const towerJobs: MaturityJob[] = [
  maturityJob(3, 'Core Wall Lift 7', {
    ...podium,
    progressBarValue: 13,
    latestJobStrength: 2.6,
    targetStrength: 20,
  }),
  maturityJob(2, 'Level 4 Slab - Pour 2', { ...podium }),
  maturityJob(4, 'Column Line C', {
    ...podium,
    status: 'ERROR',
    jobAlarmTriggered: 1,
    latestJobStrength: 28.1,
    progressBarValue: 112,
  }),
  humidityJob(6, 'Level 2 Slab Moisture', { ...podium }),
  maturityJob(1, 'Level 3 Slab - Pour 1', {
    ...podium,
    jobAlarmTriggered: 1,
    latestJobStrength: 36.9,
    progressBarValue: 148,
  }),
  maturityJob(5, 'Transfer Beam T2', { ...podium, status: 'TERMINATED', terminationDate: Date.now() - 1000 }),
];
const plantJobs: MaturityJob[] = ['DT-104', 'DT-103', 'DT-102', 'DT-101'].map((name, i) =>
  maturityJob(101 + i, name, {
    tenant: 21,
    tenantGroupId: 2,
    latestJobStrength: 5 + i * 4,
    progressBarValue: 25 + i * 20,
  }),
);

const counts = (tenant: number, running: number): JobGroupCounts => ({
  tenant,
  terminatedJg: { count: 1 },
  errorJg: { count: 0 },
  newJg: { count: 0 },
  runningJg: { count: running },
  maintenanceJg: { count: 0 },
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The shell's answers; the site's jobs by tenantGroupId; job-group counts per project; the site's weather. */
function serve(state: ServerState & { weather?: unknown[] } = {}) {
  const fetchMock = stubServer({ sites: [tower, plant], ...state });
  const base = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    if (path === '/analytics/concrete/maturity/jobs/paged') {
      const body = JSON.parse(String(init?.body)) as { tenantGroupId: number; rpp: number };
      const jobs = [...towerJobs, ...plantJobs].filter((j) => j.tenantGroupId === body.tenantGroupId);
      return json({ page: 0, rpp: body.rpp, total: jobs.length, content: jobs });
    }
    if (path === '/analytics/microweather/node/jobs/paged') {
      const body = JSON.parse(String(init?.body)) as { tenantGroupId: number };
      const items =
        body.tenantGroupId === 1 ? (state.weather ?? [microweatherJob(7, 'Tower Crane Weather', 11)]) : [];
      return json({ page: 0, rpp: 10, total: items.length, items });
    }
    if (path === '/analytics/concrete/maturity/jobs/info/by_tenant') {
      const tenant = Number(url.searchParams.get('tenant'));
      return json(counts(tenant, tenant === 13 ? 2 : 0));
    }
    if (!base) throw new Error('no stub');
    return base(input, init);
  });
  return fetchMock;
}

beforeEach(() => {
  localStorage.clear();
  signInSession();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConstructionDashboardPage', () => {
  it('answers at a glance which pours reached their strength, with the weather now and each project', async () => {
    serve();
    renderAt(
      <ConstructionDashboardPage />,
      '/construction_dashboard/:jobsiteId',
      '/construction_dashboard/1',
    );

    expect(await screen.findByRole('heading', { level: 1, name: /Harbourfront Tower/ })).toBeTruthy();
    const pours = await screen.findAllByTestId('pour');
    // The site's pours, most urgent first; the humidity job and the stopped job are not pours.
    const sitePours = pours.filter((p) => !p.closest('[data-testid="project-summary"]'));
    expect(sitePours.map((p) => [p.getAttribute('data-job-name'), p.getAttribute('data-verdict')])).toEqual([
      ['Column Line C', 'ERROR'],
      ['Level 3 Slab - Pour 1', 'REACHED'],
      ['Level 4 Slab - Pour 2', 'CURING'],
      ['Core Wall Lift 7', 'CURING'],
    ]);
    expect(within(sitePours[1]).getByText('Target reached')).toBeTruthy();
    expect(within(sitePours[1]).getByTestId('pour-strength').textContent).toBe(
      '36.9\u00a0MPaof 25.0\u00a0MPa',
    );
    expect(within(sitePours[2]).getByText('Not yet')).toBeTruthy();

    expect(screen.getByTestId('tile-reached').textContent).toBe('1');
    expect(screen.getByTestId('tile-curing').textContent).toBe('2');
    expect(screen.getByTestId('tile-alarms').textContent).toBe('1');
    expect(screen.getByTestId('tile-stopped').textContent).toBe('1');

    expect((await screen.findByTestId('weather-temperature')).textContent).toBe('-1.8\u00a0°C');
    expect(screen.getByTestId('weather-humidity').textContent).toBe('83.4\u00a0%');
    expect(screen.getByTestId('weather-wind').textContent).toBe('16.4\u00a0km/hr');

    expect(screen.getByTestId('moisture-humidity').textContent).toBe('79.7\u00a0%');

    const summaries = screen.getAllByTestId('project-summary');
    expect(summaries.map((s) => s.getAttribute('data-project'))).toEqual([
      'Concrete Sensors',
      'Podium Slabs',
    ]);
    const podiumCard = within(summaries[1]);
    expect(podiumCard.getByText('6 concrete jobs')).toBeTruthy();
    await waitFor(() =>
      expect(podiumCard.getByTestId('group-counts').textContent).toBe(
        '3 job groups: new 0 · running 2 · stopped 1 · maintenance 0 · error 0',
      ),
    );
    expect(summaries[1].querySelector('[data-label="STARTED"]')?.textContent).toBe('STARTED4');
    expect(summaries[1].querySelector('[data-label="STOPPED"]')?.textContent).toBe('STOPPED1');
    expect(podiumCard.getByRole('link', { name: 'Open Podium Slabs' }).getAttribute('href')).toBe(
      '/construction_job_list/1/13',
    );
    expect(within(summaries[0]).getByText('0 concrete jobs')).toBeTruthy();
    // The site's alarms are one click away (our route, domain paths.alarms).
    expect(screen.getByRole('link', { name: 'Alarms' }).getAttribute('href')).toBe('/alarms/1');
  });

  it('shows each pour’s and moisture job’s alarms still active, each opening the site’s alarms', async () => {
    const fetchMock = serve({
      extra: {
        '/alarms/events': [
          alarmEvent(1, { jobId: 2, nodeId: 10002, sensorName: 'T3' }),
          acknowledged(alarmEvent(2, { jobId: 6, nodeId: 10006, quantity: 'Humidity', side: 'low' })),
        ],
      },
    });
    renderAt(
      <ConstructionDashboardPage />,
      '/construction_dashboard/:jobsiteId',
      '/construction_dashboard/1',
    );
    const pours = await screen.findAllByTestId('pour');
    const pour2 = pours.filter((p) => p.getAttribute('data-job-name') === 'Level 4 Slab - Pour 2');
    // The site's list of pours and the project card's "to look at first" both show it.
    expect(pour2.length).toBeGreaterThan(0);
    for (const p of pour2) {
      const state = await within(p).findByTestId('alarm-state');
      expect(within(state).getByTestId('alarm-state-kind').textContent).toBe('Sensor threshold high · T3');
      expect(within(state).getByRole('link').getAttribute('href')).toBe('/alarms/1');
    }
    const others = pours.filter((p) => p.getAttribute('data-job-name') !== 'Level 4 Slab - Pour 2');
    expect(others.every((p) => within(p).queryByTestId('alarm-state') === null)).toBe(true);
    const moisture = within(screen.getByTestId('moisture-job')).getByTestId('alarm-state');
    expect(within(moisture).getByTestId('alarm-state-kind').textContent).toBe('Sensor threshold low · T1');
    expect(within(moisture).getByTestId('alarm-state-detail').textContent).toMatch(
      /^Acknowledged by Sam Super/,
    );
    // One read of the site's active alarms for every list of the page.
    const reads = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname === '/api/alarms/events');
    expect(new Set(reads.map((u) => u.search))).toEqual(new Set(['?tenantGroupId=1&activeOnly=true']));
    expect(reads).toHaveLength(1);
  });

  it('shows the welcome note once', async () => {
    serve();
    const first = renderAt(
      <ConstructionDashboardPage />,
      '/construction_dashboard/:jobsiteId',
      '/construction_dashboard/1',
    );
    expect(await screen.findByRole('heading', { name: 'Welcome to your dashboard' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('heading', { name: 'Welcome to your dashboard' })).toBeNull();
    expect(localStorage.getItem('sitepulse.seenDashboardWelcome')).toBe('true');
    first.unmount();

    renderAt(
      <ConstructionDashboardPage />,
      '/construction_dashboard/:jobsiteId',
      '/construction_dashboard/1',
    );
    await screen.findAllByTestId('pour');
    expect(screen.queryByRole('heading', { name: 'Welcome to your dashboard' })).toBeNull();
  });

  it('shows strength in psi and the weather in °F and mph for an Imperial user', async () => {
    serve({ user: testUser({ userSettingData: [{ type: 'SystemOfMeasurement', val: 'Imperial' }] }) });
    renderAt(
      <ConstructionDashboardPage />,
      '/construction_dashboard/:jobsiteId',
      '/construction_dashboard/1',
    );
    const reached = (await screen.findAllByTestId('pour')).find(
      (p) => p.getAttribute('data-job-name') === 'Level 3 Slab - Pour 1',
    );
    // 36.9 MPa = 5351.9 psi; target 25 MPa = 3625.9 psi; -1.8 °C = 28.8 °F; 16.4 km/h = 10.2 mph.
    await waitFor(() =>
      expect(within(reached as HTMLElement).getByTestId('pour-strength').textContent).toBe(
        '5352\u00a0psiof 3626\u00a0psi',
      ),
    );
    expect((await screen.findByTestId('weather-temperature')).textContent).toBe('28.8\u00a0°F');
    expect(screen.getByTestId('weather-wind').textContent).toBe('10.2\u00a0mph');
  });

  it('names the sensors in alarm above the pours, with the way to the job-site sensors', async () => {
    serve({
      extra: {
        '/analytics/lumimon/jobs/overview/by_tenant_group/1': {
          nodes: [
            nodeCard(8, 'Parkade Ramp CO', 'Gas', 'DATA', { alarming: true, tenantId: 12 }),
            nodeCard(9, 'Telehandler 2', 'GPS', 'GPS', { alarming: false, tenantId: 12 }),
          ],
        },
      },
    });
    renderAt(
      <ConstructionDashboardPage />,
      '/construction_dashboard/:jobsiteId',
      '/construction_dashboard/1',
    );
    const alarms = await screen.findByTestId('sensor-alarms');
    expect(alarms.textContent).toContain('1 sensor is alarming');
    expect(alarms.textContent).toContain('Parkade Ramp CO (Gas)');
    expect(alarms.textContent).not.toContain('Telehandler 2');
    expect(within(alarms).getByRole('link', { name: 'Job Site Sensors' }).getAttribute('href')).toBe(
      '/job-site-sensors/1/12',
    );
  });

  it('says when the site has no weather station', async () => {
    serve({ weather: [] });
    renderAt(
      <ConstructionDashboardPage />,
      '/construction_dashboard/:jobsiteId',
      '/construction_dashboard/1',
    );
    expect(await screen.findByText('No weather station is running on this site.')).toBeTruthy();
  });
});

describe('PrecastDashboardPage', () => {
  it('shows the whole plant when tenantId is the word undefined', async () => {
    serve();
    renderAt(
      <PrecastDashboardPage />,
      '/precast_dashboard/:jobsiteId/:tenantId',
      '/precast_dashboard/2/undefined',
    );
    const pours = await screen.findAllByTestId('pour');
    expect(
      pours
        .filter((p) => !p.closest('[data-testid="project-summary"]'))
        .map((p) => p.getAttribute('data-job-name')),
    ).toEqual(['DT-101', 'DT-102', 'DT-103', 'DT-104']);
    expect(screen.getAllByTestId('project-summary').map((s) => s.getAttribute('data-project'))).toEqual([
      'Double Tees',
      'Hollow Core Line',
    ]);
    expect(await screen.findByText('No weather station is running on this site.')).toBeTruthy();
  });

  it('shows one project when tenantId names one', async () => {
    serve();
    renderAt(<PrecastDashboardPage />, '/precast_dashboard/:jobsiteId/:tenantId', '/precast_dashboard/2/22');
    expect(await screen.findByText('No pour is being monitored right now.')).toBeTruthy();
    expect(screen.getAllByTestId('project-summary').map((s) => s.getAttribute('data-project'))).toEqual([
      'Hollow Core Line',
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Hollow Core Line');
  });

  it('shows the maturity-strength disclaimer on a running plant', async () => {
    serve({
      extra: {
        '/resources/text/AOMS_MATURITY_STRENGTH_DISCLAIMER': {
          name: 'AOMS_MATURITY_STRENGTH_DISCLAIMER',
          language: 'en',
          text: 'Strength values are estimates.',
        },
      },
    });
    renderAt(
      <PrecastDashboardPage />,
      '/precast_dashboard/:jobsiteId/:tenantId',
      '/precast_dashboard/2/undefined',
    );
    expect((await screen.findByTestId('maturity-disclaimer')).textContent).toContain(
      'Strength values are estimates.',
    );
  });
});

describe('dashboardSummary', () => {
  it('leaves out archived and non-Concrete projects and their jobs', () => {
    const projects = [
      project(13, 'Podium Slabs', 'Concrete', 1),
      project(14, 'Old', 'Concrete', 1, 'TERMINATED'),
      project(12, 'Default', 'Lumimon', 1),
    ];
    const old = maturityJob(99, 'Old pour', { tenant: 14, latestJobStrength: 30 });
    const s = dashboardSummary([...towerJobs, old], projects);
    expect(s.projects.map((p) => p.project.id)).toEqual([13]);
    expect(s.pours.map((p) => p.channelJobName)).not.toContain('Old pour');
    expect(s.tiles).toEqual({ reached: 1, curing: 2, alarms: 1, stopped: 1 });
    expect(s.projects[0].urgent.map((j) => j.channelJobName)).toEqual([
      'Column Line C',
      'Level 3 Slab - Pour 1',
      'Level 4 Slab - Pour 2',
    ]);
  });
});
