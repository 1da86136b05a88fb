import type { JobForecastSummary, MaturityJob, Tenant, TenantGroup } from '@sitepulse/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  renderAt,
  type ServerState,
  signedInEnglishTests,
  stubServer,
  testUser,
} from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { maturityJob } from '../../test/job-answers.ts';
import ConstructionDashboardPage from './ConstructionDashboardPage.tsx';
import PrecastDashboardPage from './PrecastDashboardPage.tsx';

signedInEnglishTests();

/** An element's text with no-break spaces and hyphens read as plain ones (times and dates never wrap apart). */
const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ').replace(/\u2011/g, '-');

const H = 3_600_000;
/** Midnight UTC (the display zone of a user without the setting) of the day after today. */
const tomorrow = Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000;
const yesterday = tomorrow - 2 * 86_400_000;

const project = (id: number, name: string, tenantGroupId: number): Tenant => ({
  id,
  name,
  type: 'Concrete',
  state: 'ACTIVE',
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
const tower = site(1, 'Harbourfront Tower', 'Construction Site', [project(13, 'Podium Slabs', 1)]);
const plant = site(2, 'North Yard Precast Plant', 'Precast Plant', [project(21, 'Double Tees', 2)]);

const podium = { tenant: 13, tenantGroupId: 1 };
const towerJobs: MaturityJob[] = [
  maturityJob(1, 'Level 3 Slab - Pour 1', { ...podium, latestJobStrength: 36.9, progressBarValue: 148 }),
  maturityJob(2, 'Level 4 Slab - Pour 2', { ...podium }),
  maturityJob(3, 'Core Wall Lift 7', { ...podium, latestJobStrength: 2.6, progressBarValue: 13 }),
  maturityJob(4, 'Column Line C', { ...podium, latestJobStrength: 12, progressBarValue: 48 }),
  maturityJob(5, 'Ramp Pour', { ...podium, latestJobStrength: 1, progressBarValue: 4 }),
];
const plantJobs: MaturityJob[] = ['DT-101', 'DT-102', 'DT-103'].map((name, i) =>
  maturityJob(101 + i, name, {
    tenant: 21,
    tenantGroupId: 2,
    targetStrength: 20,
    latestJobStrength: 14 - i * 4,
    progressBarValue: 70 - i * 20,
  }),
);

type Next = NonNullable<JobForecastSummary['next']>;
const next = (over: Partial<Next> = {}): Next => ({
  kind: 'STRIPPING',
  primary: true,
  strengthMpa: 25,
  enteredValue: 25,
  enteredUnit: 'MPa',
  state: 'FORECAST',
  reachedAt: null,
  expectedAt: tomorrow + 14 * H,
  earliestAt: tomorrow + 11 * H,
  latestAt: tomorrow + 18 * H,
  ...over,
});
const summary = (jobId: number, over: Partial<JobForecastSummary> = {}): JobForecastSummary => ({
  jobId,
  state: 'FORECAST',
  strengthMpa: 17.6,
  next: next(),
  reachedCount: 0,
  targetCount: 1,
  ...over,
});
const none = (state: JobForecastSummary['state']) => ({
  state,
  next: next({ state, expectedAt: null, earliestAt: null, latestAt: null }),
});

const towerForecasts: JobForecastSummary[] = [
  summary(1, {
    state: 'REACHED',
    next: next({ state: 'REACHED', reachedAt: yesterday + 9 * H + 12 * 60_000, expectedAt: null }),
    reachedCount: 1,
  }),
  summary(2),
  summary(3, none('NO_PROFILE')),
  summary(4, none('FALLING_TEMPERATURE')),
  summary(5, none('BELOW_DATUM')),
];
const plantForecasts: JobForecastSummary[] = [
  summary(101, {
    next: next({
      enteredValue: 20,
      strengthMpa: 20,
      expectedAt: tomorrow + 6 * H,
      earliestAt: null,
      latestAt: null,
    }),
  }),
  summary(102, {
    next: next({
      enteredValue: 20,
      strengthMpa: 20,
      expectedAt: tomorrow + 3 * H,
      earliestAt: null,
      latestAt: null,
    }),
  }),
  summary(103, {
    next: next({
      enteredValue: 20,
      strengthMpa: 20,
      expectedAt: tomorrow + 9 * H,
      earliestAt: null,
      latestAt: null,
    }),
  }),
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The shell, the site's jobs and its forecasts (Harbourfront's from `tower` when given), or a failing
 * forecast call with `forecastStatus`.
 */
function serve(state: ServerState & { forecastStatus?: number; tower?: JobForecastSummary[] } = {}) {
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
    if (path === '/analytics/concrete/maturity/jobs/forecast') {
      if (state.forecastStatus) return json({ error: { code: 'X', message: 'x' } }, state.forecastStatus);
      const site = Number(url.searchParams.get('tenantGroupId'));
      return json(site === 1 ? (state.tower ?? towerForecasts) : site === 2 ? plantForecasts : []);
    }
    if (!base) throw new Error('no stub');
    return base(input, init);
  });
  return fetchMock;
}

const sitePour = (name: string) =>
  screen
    .getAllByTestId('pour')
    .find((p) => !p.closest('[data-testid="project-summary"]') && p.getAttribute('data-job-name') === name) as
    | HTMLElement
    | undefined;

async function openTower() {
  renderAt(<ConstructionDashboardPage />, '/construction_dashboard/:jobsiteId', '/construction_dashboard/1');
  await screen.findAllByTestId('pour-forecast');
}

describe('forecasts on the construction dashboard pour cards', () => {
  it('shows the next target and when it is expected, with its range, in the display time zone', async () => {
    const fetchMock = serve();
    await openTower();
    const card = sitePour('Level 4 Slab - Pour 2') as HTMLElement;
    const f = within(card).getByTestId('pour-forecast');
    expect(f.getAttribute('data-forecast')).toBe('EXPECTED');
    expect(text(within(f).getByTestId('forecast-target'))).toBe('Stripping 25 MPa');
    expect(text(within(f).getByTestId('forecast-status'))).toBe('expected tomorrow 02:00 PM UTC');
    expect(text(within(f).getByTestId('forecast-range'))).toBe('(11:00 AM–06:00 PM)');
    // The card still leads to the job page.
    expect(within(card).getByRole('link', { name: 'Level 4 Slab - Pour 2' }).getAttribute('href')).toBe(
      '/job/Maturity/1/13/2/',
    );
    const call = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((u) => u.pathname.endsWith('/maturity/jobs/forecast'));
    expect(call?.searchParams.get('tenantGroupId')).toBe('1');
  });

  it('says when the target was reached', async () => {
    serve();
    await openTower();
    const f = within(sitePour('Level 3 Slab - Pour 1') as HTMLElement).getByTestId('pour-forecast');
    expect(f.getAttribute('data-forecast')).toBe('REACHED');
    expect(text(within(f).getByTestId('forecast-status'))).toBe('reached yesterday 09:12 AM UTC');
  });

  it.each([
    ['Core Wall Lift 7', 'NO_PROFILE', 'No profile'],
    ['Column Line C', 'FALLING_TEMPERATURE', 'Temperature falling'],
    ['Ramp Pour', 'BELOW_DATUM', 'Below datum'],
  ])('says why %s has no forecast: %s', async (name, state, reason) => {
    serve();
    await openTower();
    const f = within(sitePour(name) as HTMLElement).getByTestId('pour-forecast');
    expect(f.getAttribute('data-forecast')).toBe(state);
    expect(text(within(f).getByTestId('forecast-status'))).toBe(reason);
    expect(text(within(f).getByTestId('forecast-target'))).toBe('Stripping 25 MPa:');
    expect(within(f).queryByTestId('forecast-range')).toBeNull();
  });

  it('reads in Spanish on a 24-hour clock', async () => {
    serve({ user: testUser({ userSettingData: [{ type: 'Language', val: 'es' }] }) });
    await i18n.changeLanguage('es');
    await openTower();
    const f = within(sitePour('Level 4 Slab - Pour 2') as HTMLElement).getByTestId('pour-forecast');
    expect(text(within(f).getByTestId('forecast-target'))).toBe('Desencofrado 25 MPa');
    expect(text(within(f).getByTestId('forecast-status'))).toBe('previsto mañana 14:00 UTC');
    expect(text(within(f).getByTestId('forecast-range'))).toBe('(11:00–18:00)');
    const none = within(sitePour('Column Line C') as HTMLElement).getByTestId('forecast-status');
    expect(none.textContent).toBe('Temperatura en descenso');
  });

  it('reads the calendar day and the zone of the display time zone (Toronto: EST or EDT)', async () => {
    // A month ahead: the day is a date, the Toronto date of that moment.
    const at = Date.now() + 30 * 86_400_000;
    serve({
      tower: [summary(2, { next: next({ expectedAt: at, earliestAt: null, latestAt: null }) })],
      user: testUser({
        userSettingData: [
          { type: 'SystemOfMeasurement', val: 'Metric' },
          { type: 'DisplayTimeZone', val: 'America/Toronto' },
        ],
      }),
    });
    await openTower();
    const zone = new Intl.DateTimeFormat('en', { timeZone: 'America/Toronto', timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    expect(zone).toMatch(/^E[SD]T$/);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(at);
    await waitFor(() =>
      expect(
        text(within(sitePour('Level 4 Slab - Pour 2') as HTMLElement).getByTestId('forecast-status')),
      ).toMatch(new RegExp(`^expected ${day} \\d{2}:\\d{2} [AP]M ${zone}$`)),
    );
  });

  it('orders the pours ready next on asking', async () => {
    serve();
    await openTower();
    const names = () =>
      screen
        .getAllByTestId('pour')
        .filter((p) => !p.closest('[data-testid="project-summary"]'))
        .map((p) => p.getAttribute('data-job-name'));
    expect(names()[0]).toBe('Level 3 Slab - Pour 1');
    fireEvent.click(screen.getByRole('button', { name: 'Ready next' }));
    await waitFor(() =>
      expect(names()).toEqual([
        'Level 3 Slab - Pour 1',
        'Level 4 Slab - Pour 2',
        // No forecast: the most urgent order stays among them (closest to target first).
        'Column Line C',
        'Core Wall Lift 7',
        'Ramp Pour',
      ]),
    );
  });

  it('keeps the pour cards without a forecast line when the forecast call fails', async () => {
    serve({ forecastStatus: 500 });
    renderAt(
      <ConstructionDashboardPage />,
      '/construction_dashboard/:jobsiteId',
      '/construction_dashboard/1',
    );
    await screen.findAllByTestId('pour');
    expect(sitePour('Level 4 Slab - Pour 2')).toBeDefined();
    expect(screen.queryAllByTestId('pour-forecast')).toHaveLength(0);
  });
});

describe('forecasts on the precast dashboard', () => {
  it('lists the elements compact, ready next first, and most urgent on asking', async () => {
    serve();
    renderAt(
      <PrecastDashboardPage />,
      '/precast_dashboard/:jobsiteId/:tenantId',
      '/precast_dashboard/2/undefined',
    );
    await screen.findAllByTestId('pour-forecast');
    const names = () =>
      screen
        .getAllByTestId('pour')
        .filter((p) => !p.closest('[data-testid="project-summary"]'))
        .map((p) => p.getAttribute('data-job-name'));
    expect(names()).toEqual(['DT-102', 'DT-101', 'DT-103']);
    const dt102 = sitePour('DT-102') as HTMLElement;
    expect(text(within(dt102).getByTestId('forecast-status'))).toBe('expected tomorrow 03:00 AM UTC');
    expect(text(within(dt102).getByTestId('forecast-target'))).toBe('Stripping 20 MPa');
    expect(screen.getByRole('button', { name: 'Ready next' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Most urgent' }));
    await waitFor(() => expect(names()).toEqual(['DT-101', 'DT-102', 'DT-103']));
  });
});
