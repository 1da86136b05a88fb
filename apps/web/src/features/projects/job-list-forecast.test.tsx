import type { JobForecastSummary, MaturityJob } from '@sitepulse/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  renderAt,
  signedInEnglishTests,
  stubPhoneWidth,
  stubServer,
  testUser,
} from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { humidityJob, maturityJob } from '../../test/job-answers.ts';
import ProjectJobListPage from './ProjectJobListPage.tsx';

signedInEnglishTests();

/** An element's text with no-break spaces and hyphens read as plain ones (times and dates never wrap apart). */
const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ').replace(/\u2011/g, '-');

const PATTERN = '/construction_job_list/:jobsiteId/:tenantId';
const PAGED = '/api/analytics/concrete/maturity/jobs/paged';
const FORECAST = '/api/analytics/concrete/maturity/jobs/forecast';
const H = 3_600_000;
const tomorrow = Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000;
const now = Date.now();

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const jobs: MaturityJob[] = [
  maturityJob(6, 'Core Wall Lift 7', {
    startDate: now - 7 * H,
    progressBarValue: 13,
    latestJobStrength: 2.6,
  }),
  maturityJob(5, 'Level 4 Slab - Pour 2', {
    startDate: now - 26 * H,
    cableName: 'CBL-20002',
    nodeName: 'MAT-10002',
  }),
  maturityJob(4, 'Column Line C', { startDate: now - 120 * H, status: 'ERROR', progressBarValue: 112 }),
  humidityJob(3, 'Level 2 Slab Moisture', { startDate: now - 48 * H }),
  maturityJob(2, 'Level 3 Slab - Pour 1', { startDate: now - 288 * H, progressBarValue: 148 }),
  maturityJob(1, 'Transfer Beam T2', {
    startDate: now - 336 * H,
    status: 'TERMINATED',
    terminationDate: now - 192 * H,
  }),
];

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
const forecasts: JobForecastSummary[] = [
  summary(6, none('NO_PROFILE')),
  summary(5, {
    next: next({ kind: 'POST_TENSIONING', enteredValue: 3000, enteredUnit: 'psi', strengthMpa: 20.7 }),
    reachedCount: 1,
    targetCount: 3,
  }),
  summary(4, none('FALLING_TEMPERATURE')),
  summary(2, {
    state: 'REACHED',
    next: next({ state: 'REACHED', reachedAt: tomorrow - 2 * 86_400_000 + 9 * H, expectedAt: null }),
    reachedCount: 1,
  }),
];

/** The shell, a paged call that pages `list` as the server does, the project's forecasts and no other jobs. */
function serve(list: MaturityJob[] = jobs, user = testUser()) {
  const fetchMock = stubServer({
    user,
    extra: {
      '/resources/text/AOMS_MATURITY_STRENGTH_DISCLAIMER': { name: 'x', language: 'en', text: 'Estimates.' },
      '/analytics/lumimon/jobs/overview/by_tenant_group/3': { nodes: [] },
    },
  });
  const base = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === PAGED) {
      const body = JSON.parse(String(init?.body)) as { page: number; rpp: number; status?: string };
      const matching = list.filter((j) => !body.status || j.status === body.status);
      const from = body.page * body.rpp;
      return json({
        page: body.page,
        rpp: body.rpp,
        total: matching.length,
        content: matching.slice(from, from + body.rpp),
      });
    }
    if (url.pathname === FORECAST) return json(url.searchParams.get('tenant') === '32' ? forecasts : []);
    if (!base) throw new Error('no stub');
    return base(input, init);
  });
  return fetchMock;
}

const rowNames = () => screen.getAllByTestId('maturity-job').map((r) => r.getAttribute('data-job-name'));
const row = (name: string) =>
  screen.getAllByTestId('maturity-job').find((r) => r.getAttribute('data-job-name') === name) as HTMLElement;

async function open(path = '/construction_job_list/3/32') {
  const view = renderAt(<ProjectJobListPage />, PATTERN, path);
  await screen.findAllByTestId('maturity-job');
  await screen.findAllByTestId('job-forecast');
  return view;
}

describe('project job list: no hidden rows', () => {
  it('reads every page before showing the list, and shows the count', async () => {
    const many = Array.from({ length: 105 }, (_, i) =>
      maturityJob(1000 - i, `DT-${String(i + 1).padStart(3, '0')}`, { startDate: now - i * H }),
    );
    const fetchMock = serve(many);
    // Searched from the address, so the screen draws few rows (105 table rows are slow to draw in a test
    // DOM): the last page's jobs are found, and the count says all 105 are in.
    renderAt(<ProjectJobListPage />, PATTERN, '/construction_job_list/3/32?q=dt-10');
    await screen.findAllByTestId('maturity-job');
    expect(rowNames()).toEqual(Array.from({ length: 6 }, (_, i) => `DT-10${i}`));
    expect(screen.getByTestId('jobs-shown').textContent).toBe('6 of 105 jobs match');
    const bodies = fetchMock.mock.calls
      .filter(([input]) => new URL(String(input), 'http://localhost').pathname === PAGED)
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as { page: number; rpp: number });
    expect(bodies.map((b) => [b.page, b.rpp])).toEqual([
      [0, 100],
      [1, 100],
    ]);
    expect(screen.queryByRole('button', { name: /fetch more/i })).toBeNull();
  });
});

describe('project job list: forecasts', () => {
  it('shows each job’s forecast in its own column', async () => {
    const fetchMock = serve();
    await open();
    const forecastCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((u) => u.pathname === FORECAST);
    expect(forecastCall?.searchParams.get('tenant')).toBe('32');
    expect(screen.getByRole('columnheader', { name: 'Forecast' })).toBeTruthy();

    const expected = within(row('Level 4 Slab - Pour 2')).getByTestId('job-forecast');
    expect(expected.getAttribute('data-forecast')).toBe('EXPECTED');
    expect(text(within(expected).getByTestId('forecast-target'))).toBe('Post-tensioning 3000 psi');
    expect(text(within(expected).getByTestId('forecast-status'))).toBe('expected tomorrow 02:00 PM UTC');
    expect(text(within(expected).getByTestId('forecast-range'))).toBe('(11:00 AM–06:00 PM)');
    expect(expected.textContent).toContain('1 of 3 targets reached');

    const reached = within(row('Level 3 Slab - Pour 1')).getByTestId('job-forecast');
    expect(reached.getAttribute('data-forecast')).toBe('REACHED');
    expect(text(within(reached).getByTestId('forecast-status'))).toBe('reached yesterday 09:00 AM UTC');

    const noProfile = within(row('Core Wall Lift 7')).getByTestId('job-forecast');
    expect(noProfile.getAttribute('data-forecast')).toBe('NO_PROFILE');
    expect(text(within(noProfile).getByTestId('forecast-status'))).toBe('No profile');
    const falling = within(row('Column Line C')).getByTestId('job-forecast');
    expect(text(within(falling).getByTestId('forecast-status'))).toBe('Temperature falling');

    // The humidity job and the stopped job have no forecast.
    expect(within(row('Level 2 Slab Moisture')).queryByTestId('job-forecast')).toBeNull();
    expect(within(row('Transfer Beam T2')).queryByTestId('job-forecast')).toBeNull();
  });

  it('puts the forecast on each card at phone width, in Spanish', async () => {
    stubPhoneWidth();
    serve(jobs, testUser({ userSettingData: [{ type: 'Language', val: 'es' }] }));
    await i18n.changeLanguage('es');
    await open();
    expect(document.querySelector('table')).toBeNull();
    const card = within(row('Level 4 Slab - Pour 2')).getByTestId('job-forecast');
    expect(text(within(card).getByTestId('forecast-target'))).toBe('Postensado 3000 psi');
    expect(text(within(card).getByTestId('forecast-status'))).toBe('previsto mañana 14:00 UTC');
    expect(text(within(card).getByTestId('forecast-range'))).toBe('(11:00–18:00)');
    expect(
      within(within(row('Core Wall Lift 7')).getByTestId('job-forecast')).getByTestId('forecast-status')
        .textContent,
    ).toBe('Sin perfil');
    expect(screen.getByTestId('jobs-shown').textContent).toBe('6 trabajos');
  });
});

describe('project job list: search and sort', () => {
  it('finds jobs by name, node or cable id, says how many match, and clears', async () => {
    serve();
    const view = await open();
    const search = screen.getByTestId('job-search');
    fireEvent.change(search, { target: { value: 'slab' } });
    await waitFor(() =>
      expect(rowNames()).toEqual(['Level 4 Slab - Pour 2', 'Level 2 Slab Moisture', 'Level 3 Slab - Pour 1']),
    );
    expect(screen.getByTestId('jobs-shown').textContent).toBe('3 of 6 jobs match');
    expect(view.router.state.location.search).toBe('?q=slab');

    fireEvent.change(search, { target: { value: 'mat-10002' } });
    await waitFor(() => expect(rowNames()).toEqual(['Level 4 Slab - Pour 2']));
    fireEvent.change(search, { target: { value: '20004' } });
    await waitFor(() => expect(rowNames()).toEqual(['Column Line C']));

    fireEvent.change(search, { target: { value: 'basement' } });
    expect(await screen.findByText('No job matches “basement”.')).toBeTruthy();
    expect(screen.getByTestId('jobs-shown').textContent).toBe('0 of 6 jobs match');

    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(screen.getAllByTestId('maturity-job')).toHaveLength(6));
    expect(screen.getByTestId('jobs-shown').textContent).toBe('6 jobs');
  });

  it.each([
    [
      'start',
      [
        'Core Wall Lift 7',
        'Level 4 Slab - Pour 2',
        'Level 2 Slab Moisture',
        'Column Line C',
        'Level 3 Slab - Pour 1',
        'Transfer Beam T2',
      ],
    ],
    [
      'name',
      [
        'Column Line C',
        'Core Wall Lift 7',
        'Level 2 Slab Moisture',
        'Level 3 Slab - Pour 1',
        'Level 4 Slab - Pour 2',
        'Transfer Beam T2',
      ],
    ],
    [
      'strength',
      [
        'Level 3 Slab - Pour 1',
        'Column Line C',
        'Level 4 Slab - Pour 2',
        'Transfer Beam T2',
        'Core Wall Lift 7',
        'Level 2 Slab Moisture',
      ],
    ],
    [
      'expected',
      [
        'Level 3 Slab - Pour 1',
        'Level 4 Slab - Pour 2',
        'Core Wall Lift 7',
        'Column Line C',
        'Level 2 Slab Moisture',
        'Transfer Beam T2',
      ],
    ],
  ])('sorts by %s from the address', async (sort, order) => {
    serve();
    await open(`/construction_job_list/3/32?sort=${sort}`);
    await waitFor(() => expect(rowNames()).toEqual(order));
  });

  it('sorts on choosing, and keeps the choice in the address', async () => {
    serve();
    const view = await open();
    fireEvent.mouseDown(
      within(screen.getByTestId('job-sort').parentElement as HTMLElement).getByRole('combobox'),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Name' }));
    await waitFor(() => expect(rowNames()[0]).toBe('Column Line C'));
    expect(view.router.state.location.search).toBe('?sort=name');
  });
});
