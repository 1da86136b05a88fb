import type { JobSensorPair, MaturityJobDetail, UserDetail } from '@sitepulse/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, signInSession, stubServer } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { editor, viewer } from './forecast-test-server.tsx';
import JobPage from './JobPage.tsx';
import { pairProblem } from './PairsDialog.tsx';
import { maturedJob, maturitySeries, measurementSeries, NOW, profile, site } from './test-fixtures.ts';

vi.hoisted(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});

beforeEach(() => {
  signInSession();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const PAIRS = '/api/analytics/concrete/maturity/jobs/pairs/1';

/**
 * Job 1 ('Level 3 Slab - Pour 1', temperature sensors T1 to T4) with a pairs call that keeps what is put:
 * a PUT answers `putAnswer` (default: the pairs, stored) and the next GET reads them back.
 */
function serve({
  pairs = [] as JobSensorPair[],
  user = editor(),
  job = maturedJob(),
  putAnswer,
}: {
  pairs?: JobSensorPair[];
  user?: UserDetail;
  job?: MaturityJobDetail;
  putAnswer?: Response;
} = {}) {
  let stored = pairs;
  const puts: unknown[] = [];
  const fetchMock = stubServer({
    user,
    sites: [site],
    extra: {
      [`/analytics/concrete/maturity/jobs/details/${job.id}`]: job,
      '/data/analytics/concrete/maturity/time': maturitySeries(),
      '/data/measurement/time': measurementSeries(),
      '/analytics/concrete/data/maturity/extremities': [],
      '/data/warehouse/measurement/average/by_job': [],
      '/concrete/conprofiles/by_company': [profile],
      [`/analytics/concrete/maturity/jobs/signoffs/${job.id}`]: [],
      [`/analytics/concrete/maturity/jobs/targets/${job.id}`]: [],
    },
  });
  const base = fetchMock.getMockImplementation() as typeof fetch;
  fetchMock.mockImplementation(async (input, init) => {
    if (new URL(String(input), 'http://localhost').pathname !== PAIRS) return base(input, init);
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { pairs: JobSensorPair[] };
      puts.push(body);
      if (putAnswer) return putAnswer;
      stored = body.pairs;
    }
    return new Response(JSON.stringify(stored), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const gets = () =>
    fetchMock.mock.calls.filter(
      ([input, init]) =>
        new URL(String(input), 'http://localhost').pathname === PAIRS && (init?.method ?? 'GET') === 'GET',
    ).length;
  return { puts, gets };
}

const openJob = () =>
  renderRoutes(
    [{ path: '/job/:type/:jobsiteId/:tenantId/:id/', element: <JobPage /> }],
    '/job/Maturity/1/3/1/',
  );

const chips = async () => {
  const card = await screen.findByTestId('sensor-pairs');
  return within(card)
    .queryAllByTestId('pair-chip')
    .map((c) => c.textContent);
};

/** Picks an option of a MUI select by its hidden input's test id. */
async function choose(dialog: HTMLElement, testId: string, option: string) {
  const input = within(dialog).getByTestId(testId);
  const select = input.parentElement?.querySelector('[role="combobox"]') as HTMLElement;
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function openDialog() {
  const edit = await screen.findByTestId('pairs-edit');
  await waitFor(() => expect((edit as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(edit);
  return screen.findByTestId('pairs-dialog');
}

describe('the sensor pairs of a maturity job', () => {
  it('shows a reader the stored pairs by short sensor names, with no way to change them', async () => {
    serve({ user: viewer(), pairs: [{ sid1: 1, sid2: 4 }] });
    openJob();
    await waitFor(async () => expect(await chips()).toEqual(['T1 – T4']));
    expect(screen.queryByTestId('pairs-edit')).toBeNull();
  });

  it('says a job without pairs is paired with its coolest sensor', async () => {
    serve({ user: viewer() });
    openJob();
    expect((await screen.findByTestId('pairs-empty')).textContent).toBe(
      'No pairs are stored: differential reports pair each sensor with the coolest one.',
    );
  });

  it('a writer adds and removes pairs; the whole list is put and the card reads it again', async () => {
    const server = serve({ pairs: [{ sid1: 1, sid2: 4 }] });
    openJob();
    await waitFor(async () => expect(await chips()).toEqual(['T1 – T4']));
    const dialog = await openDialog();
    expect(
      within(dialog)
        .getAllByTestId('pair-row')
        .map((r) => r.textContent),
    ).toEqual(['T1 – T4']);

    await choose(dialog, 'pair-first', 'T2');
    await choose(dialog, 'pair-second', 'T3');
    fireEvent.click(within(dialog).getByTestId('pair-add'));
    fireEvent.click(within(dialog).getByTestId('pair-remove-0'));
    expect(
      within(dialog)
        .getAllByTestId('pair-row')
        .map((r) => r.textContent),
    ).toEqual(['T2 – T3']);

    const before = server.gets();
    fireEvent.click(within(dialog).getByTestId('pairs-save'));
    await waitFor(() => expect(server.puts).toEqual([{ pairs: [{ sid1: 2, sid2: 3 }] }]));
    await waitFor(() => expect(screen.queryByTestId('pairs-dialog')).toBeNull());
    await waitFor(() => expect(server.gets()).toBeGreaterThan(before));
    await waitFor(async () => expect(await chips()).toEqual(['T2 – T3']));
  });

  it('refuses a sensor paired with itself or two sensors paired twice, sending nothing', async () => {
    const server = serve({ pairs: [{ sid1: 1, sid2: 4 }] });
    openJob();
    const dialog = await openDialog();
    await choose(dialog, 'pair-first', 'T2');
    await choose(dialog, 'pair-second', 'T2');
    fireEvent.click(within(dialog).getByTestId('pair-add'));
    expect(within(dialog).getByTestId('pair-problem').textContent).toBe('Choose two different sensors.');

    await choose(dialog, 'pair-first', 'T4');
    await choose(dialog, 'pair-second', 'T1');
    fireEvent.click(within(dialog).getByTestId('pair-add'));
    expect(within(dialog).getByTestId('pair-problem').textContent).toBe(
      'These two sensors are already paired.',
    );
    expect(within(dialog).getAllByTestId('pair-row')).toHaveLength(1);
    expect(server.puts).toEqual([]);
  });

  it('says what the server refused and stays open', async () => {
    const server = serve({
      putAnswer: new Response(
        JSON.stringify({
          error: { code: 'BAD_REQUEST', message: 'Pair 1: sensor 3 is not a temperature sensor' },
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    });
    openJob();
    const dialog = await openDialog();
    await choose(dialog, 'pair-first', 'T1');
    await choose(dialog, 'pair-second', 'T3');
    fireEvent.click(within(dialog).getByTestId('pair-add'));
    fireEvent.click(within(dialog).getByTestId('pairs-save'));
    expect((await within(dialog).findByTestId('pairs-error')).textContent).toBe(
      'The pairs were not saved: Pair 1: sensor 3 is not a temperature sensor',
    );
    expect(server.puts).toHaveLength(1);
    expect(screen.getByTestId('pairs-dialog')).toBeTruthy();
  });

  it('offers only the job’s temperature sensors', async () => {
    const job = maturedJob();
    job.sensors[2] = { ...job.sensors[2], sensorType: 'Humidity' };
    serve({ job });
    openJob();
    const dialog = await openDialog();
    const select = within(dialog).getByTestId('pair-first').parentElement?.querySelector('[role="combobox"]');
    fireEvent.mouseDown(select as HTMLElement);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['T1', 'T2', 'T4']);
  });
});

describe('pairProblem', () => {
  it('refuses one sensor twice, a pair given again either way round, and more than 100 pairs', () => {
    const list = [{ sid1: 1, sid2: 2 }];
    expect(pairProblem(list, { sid1: 3, sid2: 3 })).toBe('pairs.dialog.sameSensor');
    expect(pairProblem(list, { sid1: 2, sid2: 1 })).toBe('pairs.dialog.duplicate');
    expect(pairProblem(list, { sid1: 1, sid2: 3 })).toBeNull();
    const full = Array.from({ length: 100 }, (_, i) => ({ sid1: i + 10, sid2: i + 200 }));
    expect(pairProblem(full, { sid1: 1, sid2: 3 })).toBe('pairs.dialog.max');
  });
});
