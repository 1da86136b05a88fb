import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInSession } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { editor, imperial, openJob, sent, serveForecastJob } from './forecast-test-server.tsx';
import { targetsBody, targetsFormSchema, targetsFormValues } from './TargetsDialog.tsx';
import { NOW } from './test-fixtures.ts';

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

const TARGETS = '/analytics/concrete/maturity/jobs/targets/2';
const FORECAST = '/analytics/concrete/maturity/jobs/forecast/2';

async function openDialog() {
  fireEvent.click(await screen.findByTestId('edit-targets'));
  const dialog = await screen.findByTestId('targets-dialog');
  await waitFor(() =>
    expect((within(dialog).getByTestId('primary-value') as HTMLInputElement).value).toBe('25'),
  );
  return dialog;
}

/** Picks an option of a MUI select by its hidden input's test id. */
async function choose(dialog: HTMLElement, testId: string, option: string) {
  const input = within(dialog).getByTestId(testId);
  const select = input.parentElement?.querySelector('[role="combobox"]') as HTMLElement;
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('TargetsDialog', () => {
  it('fills the form with the job’s targets as entered and puts the changes back, units kept', async () => {
    const fetchMock = serveForecastJob();
    openJob();
    const dialog = await openDialog();
    expect(within(dialog).getAllByTestId('target-row')).toHaveLength(3);
    expect((within(dialog).getByTestId('target-value-1') as HTMLInputElement).value).toBe('4000');
    expect((within(dialog).getByTestId('target-unit-1') as HTMLInputElement).value).toBe('psi');

    // The job's target: 3500 psi, as the engineer set it; the design target goes; traffic becomes 4500 psi.
    fireEvent.change(within(dialog).getByTestId('primary-value'), { target: { value: '3500' } });
    await choose(dialog, 'primary-unit', 'psi');
    fireEvent.change(within(dialog).getByTestId('target-value-1'), { target: { value: '4500' } });
    fireEvent.click(within(dialog).getByTestId('target-remove-2'));
    const forecastsBefore = sent(fetchMock, FORECAST).length;
    fireEvent.click(within(dialog).getByTestId('targets-save'));

    await waitFor(() => expect(sent(fetchMock, TARGETS, 'PUT')).toHaveLength(1));
    expect(sent(fetchMock, TARGETS, 'PUT')[0]).toEqual({
      targets: [
        { kind: 'STRIPPING', enteredValue: 10, enteredUnit: 'MPa' },
        { kind: 'OPEN_TO_TRAFFIC', enteredValue: 4500, enteredUnit: 'psi' },
      ],
      primaryKind: 'POST_TENSIONING',
      primaryUnit: 'psi',
      primaryValue: 3500,
    });
    // Saved: the dialog closes and the job's figures are read again.
    await waitFor(() => expect(screen.queryByTestId('targets-dialog')).toBeNull());
    await waitFor(() => expect(sent(fetchMock, FORECAST).length).toBeGreaterThan(forecastsBefore));
  });

  it('adds a target in the user’s unit, and refuses an empty, a wrong or a repeated one, sending nothing', async () => {
    const fetchMock = serveForecastJob({ targets: [], user: imperial(editor()) });
    openJob();
    fireEvent.click(await screen.findByTestId('edit-targets'));
    const dialog = await screen.findByTestId('targets-dialog');
    fireEvent.click(await within(dialog).findByTestId('target-add'));
    expect((within(dialog).getByTestId('target-unit-0') as HTMLInputElement).value).toBe('psi');
    expect((within(dialog).getByTestId('primary-unit') as HTMLInputElement).value).toBe('psi');
    // The first free kind: the job's target is a stripping target by default.
    expect((within(dialog).getByTestId('target-kind-0') as HTMLInputElement).value).toBe('POST_TENSIONING');

    fireEvent.click(within(dialog).getByTestId('targets-save'));
    expect(await within(dialog).findByText('Enter a strength.')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('target-value-0'), { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByTestId('targets-save'));
    expect(await within(dialog).findByText('Enter a number, e.g. 25 or 27.5.')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('target-value-0'), { target: { value: '99000' } });
    fireEvent.click(within(dialog).getByTestId('targets-save'));
    expect(await within(dialog).findByText('Enter a strength above 0 and at most 36000 psi.')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('target-value-0'), { target: { value: '3000' } });
    await choose(dialog, 'target-kind-0', 'Stripping');
    fireEvent.click(within(dialog).getByTestId('targets-save'));
    expect(await within(dialog).findByText('Each use has one target only.')).toBeTruthy();
    expect(sent(fetchMock, TARGETS, 'PUT')).toEqual([]);

    await choose(dialog, 'target-kind-0', 'Design (28-day)');
    fireEvent.click(within(dialog).getByTestId('targets-save'));
    await waitFor(() =>
      expect(sent(fetchMock, TARGETS, 'PUT')).toEqual([
        {
          targets: [{ kind: 'DESIGN', enteredValue: 3000, enteredUnit: 'psi' }],
          primaryKind: 'STRIPPING',
          primaryUnit: 'psi',
        },
      ]),
    );
  });

  it('says what the server refused and stays open', async () => {
    const fetchMock = serveForecastJob();
    const base = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT')
        return new Response(JSON.stringify({ error: { code: 'BAD_REQUEST', message: 'No profile' } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        });
      return (base as typeof fetch)(input, init);
    });
    openJob();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByTestId('targets-save'));
    expect((await within(dialog).findByTestId('targets-error')).textContent).toBe(
      'The targets were not saved: No profile',
    );
    expect(screen.getByTestId('targets-dialog')).toBeTruthy();
  });
});

describe('the targets form’s rules', () => {
  it('reads the targets into the form in kind order and writes the body back', () => {
    const values = targetsFormValues(
      [
        { kind: 'DESIGN', primary: false, strengthMpa: 35, enteredValue: 35, enteredUnit: 'MPa' },
        { kind: 'STRIPPING', primary: true, strengthMpa: 20.68, enteredValue: 3000, enteredUnit: 'psi' },
        { kind: 'POST_TENSIONING', primary: false, strengthMpa: 25, enteredValue: 25, enteredUnit: 'MPa' },
      ],
      'Metric',
    );
    expect(values).toEqual({
      primaryKind: 'STRIPPING',
      primaryUnit: 'psi',
      primaryValue: '3000',
      targets: [
        { kind: 'POST_TENSIONING', unit: 'MPa', value: '25' },
        { kind: 'DESIGN', unit: 'MPa', value: '35' },
      ],
    });
    expect(targetsFormSchema.safeParse(values).success).toBe(true);
    expect(targetsBody({ ...values, primaryValue: '' })).toEqual({
      targets: [
        { kind: 'POST_TENSIONING', enteredValue: 25, enteredUnit: 'MPa' },
        { kind: 'DESIGN', enteredValue: 35, enteredUnit: 'MPa' },
      ],
      primaryKind: 'STRIPPING',
      primaryUnit: 'psi',
    });
    expect(targetsBody({ ...values, primaryValue: '27,5', primaryUnit: 'MPa' }).primaryValue).toBe(27.5);
  });

  it('refuses a figure of 0, above the unit’s limit, or a kind twice', () => {
    const base = { primaryKind: 'STRIPPING', primaryUnit: 'MPa', primaryValue: '25' } as const;
    const issues = (v: object) =>
      targetsFormSchema.safeParse({ ...base, targets: [], ...v }).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ primaryValue: '0' })).toEqual(['forecast.dialog.outOfRange']);
    expect(issues({ primaryValue: '251' })).toEqual(['forecast.dialog.outOfRange']);
    expect(issues({ primaryValue: '' })).toEqual([]);
    expect(issues({ targets: [{ kind: 'STRIPPING', unit: 'MPa', value: '10' }] })).toEqual([
      'forecast.dialog.duplicate',
    ]);
    expect(issues({ targets: [{ kind: 'DESIGN', unit: 'psi', value: '36001' }] })).toEqual([
      'forecast.dialog.outOfRange',
    ]);
  });
});
