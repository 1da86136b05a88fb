import type { JobSensorPair, MaturityJobDetail, UserDetail } from '@sitepulse/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, signInSession, stubServer } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { editor, viewer } from './forecast-test-server.tsx';
import JobPage from './JobPage.tsx';
import { limitFigure, limitInput, pairProblem } from './PairsDialog.tsx';
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
  limitC = null as number | null,
}: {
  pairs?: JobSensorPair[];
  user?: UserDetail;
  job?: MaturityJobDetail;
  putAnswer?: Response;
  /** the job's own differential limit, °C (null: the default) */
  limitC?: number | null;
} = {}) {
  let stored = pairs;
  let ownLimit = limitC;
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
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === `${PAIRS}/limit`)
      return new Response(
        JSON.stringify({ limitC: ownLimit ?? 19.4, differentialLimitC: ownLimit, defaultLimitC: 19.4 }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    if (path !== PAIRS) return base(input, init);
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as {
        pairs: JobSensorPair[];
        differentialLimitC?: number | null;
      };
      puts.push(body);
      if (putAnswer) return putAnswer;
      stored = body.pairs;
      if (body.differentialLimitC !== undefined) ownLimit = body.differentialLimitC;
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

describe('the job’s differential limit (issue 15)', () => {
  const imperial = (user: UserDetail): UserDetail => ({
    ...user,
    userSettingData: [{ type: 'SystemOfMeasurement', val: 'Imperial' }],
  });
  const limitLine = async () => (await screen.findByTestId('pairs-limit')).textContent;

  it('shows a reader the default limit, in °F as a difference for an Imperial reader', async () => {
    serve({ user: viewer() });
    openJob();
    expect(await limitLine()).toBe('Differential limit: 19.4\u00a0°C (default)');
    cleanup();
    serve({ user: imperial(viewer()), limitC: 10 });
    openJob();
    // 10 °C of difference is 18 °F (×9/5, no +32).
    await waitFor(async () => expect(await limitLine()).toBe('Differential limit: 18\u00a0°F'));
  });

  it('a writer sets it in °F with the pairs; the server gets °C, and the card reads it back', async () => {
    const server = serve({ user: imperial(editor()), pairs: [{ sid1: 1, sid2: 4 }] });
    openJob();
    const dialog = await openDialog();
    const field = within(dialog).getByTestId('pairs-limit-input') as HTMLInputElement;
    // Empty: the default, named in the reader's unit.
    expect(field.value).toBe('');
    expect(within(dialog).getByText(/Empty: the default, 34\.9 °F\./)).toBeTruthy();
    fireEvent.change(field, { target: { value: '35' } });
    fireEvent.click(within(dialog).getByTestId('pairs-save'));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    const [body] = server.puts as { pairs: JobSensorPair[]; differentialLimitC: number }[];
    expect(body.pairs).toEqual([{ sid1: 1, sid2: 4 }]);
    expect(body.differentialLimitC).toBeCloseTo(35 / 1.8, 6);
    await waitFor(async () => expect(await limitLine()).toBe('Differential limit: 35\u00a0°F'));
  });

  it('an emptied field puts the default back; an untouched one sends no limit', async () => {
    const server = serve({ pairs: [{ sid1: 1, sid2: 4 }], limitC: 12.5 });
    openJob();
    expect(await limitLine()).toBe('Differential limit: 12.5\u00a0°C');
    let dialog = await openDialog();
    expect((within(dialog).getByTestId('pairs-limit-input') as HTMLInputElement).value).toBe('12.5');
    fireEvent.click(within(dialog).getByTestId('pairs-save'));
    await waitFor(() => expect(server.puts).toEqual([{ pairs: [{ sid1: 1, sid2: 4 }] }]));
    await waitFor(() => expect(screen.queryByTestId('pairs-dialog')).toBeNull());
    dialog = await openDialog();
    fireEvent.change(within(dialog).getByTestId('pairs-limit-input'), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByTestId('pairs-save'));
    await waitFor(() => expect(server.puts).toHaveLength(2));
    expect(server.puts[1]).toEqual({ pairs: [{ sid1: 1, sid2: 4 }], differentialLimitC: null });
    await waitFor(async () => expect(await limitLine()).toBe('Differential limit: 19.4\u00a0°C (default)'));
  });

  it.each([
    ['below the smallest', '0.8', 'The differential limit must be from 0.9 °F to 180 °F.'],
    ['above the largest', '181', 'The differential limit must be from 0.9 °F to 180 °F.'],
    ['not a number', 'warm', 'The differential limit must be from 0.9 °F to 180 °F.'],
  ])('refuses a limit %s with a clear message, sending nothing', async (_name, typed, message) => {
    // (The matcher reads the no-break space before each unit as a space.)
    const server = serve({ user: imperial(editor()) });
    openJob();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByTestId('pairs-limit-input'), { target: { value: typed } });
    fireEvent.click(within(dialog).getByTestId('pairs-save'));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(server.puts).toEqual([]);
    expect(screen.getByTestId('pairs-dialog')).toBeTruthy();
  });
});

describe('limitInput and limitFigure', () => {
  it('convert a difference without the offset and keep the bounds', () => {
    expect(limitFigure(19.4, 'Metric')).toBe('19.4');
    expect(limitFigure(19.4, 'Imperial')).toBe('34.9');
    expect(limitFigure(35 / 1.8, 'Imperial')).toBe('35');
    expect(limitInput('', 'Imperial')).toEqual({ ok: true, limitC: null });
    expect(limitInput('0,9', 'Imperial')).toEqual({ ok: true, limitC: 0.5 });
    expect(limitInput('180', 'Imperial')).toEqual({ ok: true, limitC: 100 });
    expect(limitInput('100', 'Metric')).toEqual({ ok: true, limitC: 100 });
    expect(limitInput('0.4', 'Metric')).toEqual({ ok: false, problem: 'pairs.dialog.limitRange' });
    expect(limitInput('100.1', 'Metric')).toEqual({ ok: false, problem: 'pairs.dialog.limitRange' });
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
