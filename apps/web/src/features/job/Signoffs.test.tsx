import type { JobSignoff, UserDetail } from '@sitepulse/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, signedInEnglishTests, stubServer, testUser } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { type SignoffJob, Signoffs } from './Signoffs.tsx';

signedInEnglishTests('editor');

const PATH = '/analytics/concrete/maturity/jobs/signoffs/1';
const T = Date.UTC(2026, 10, 12, 14, 30);

const signoff = (over: Partial<JobSignoff>): JobSignoff => ({
  id: 1,
  jobId: 1,
  decision: 'FORMS_STRIPPED',
  strengthMpa: 18.24,
  maturity: 1510,
  note: '',
  userId: 7,
  userName: 'Marco Ruiz',
  createdAt: T,
  supersedesId: null,
  supersededById: null,
  ...over,
});

/** An early decision (1) replaced by a correction (2), newest first as the server answers. */
const history: JobSignoff[] = [
  signoff({
    id: 2,
    decision: 'FORMS_STRIPPED',
    note: 'East bay stripped.\nWest bay tomorrow.',
    createdAt: T + 3_600_000,
    supersedesId: 1,
    strengthMpa: 20.5,
    userName: 'Dana Whitfield',
  }),
  signoff({ id: 1, decision: 'OPENED_TO_TRAFFIC', note: 'Wrong button', supersededById: 2 }),
];

const job: SignoffJob = { id: 1, kind: 'MATURITY', startDate: T - 86_400_000, latestStrength: 18.24 };
const imperial = (user: UserDetail): UserDetail => ({
  ...user,
  userSettingData: [{ type: 'SystemOfMeasurement', val: 'Imperial' }],
});

function show(list: JobSignoff[], opts: { canEdit?: boolean; user?: UserDetail; of?: SignoffJob } = {}) {
  const fetchMock = stubServer({ user: opts.user, extra: { [PATH]: list } });
  renderAt(<Signoffs job={opts.of ?? job} canEdit={opts.canEdit ?? true} />, '/job', '/job');
  return fetchMock;
}

const posted = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input).endsWith(PATH) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('Signoffs', () => {
  it('lists the decisions with their strength, who and when, and the note; a superseded one is struck and named', async () => {
    show(history);
    const items = await screen.findAllByTestId('signoff-item');
    expect(items).toHaveLength(2);
    const [latest, old] = items;
    expect(within(latest).getByTestId('signoff-decision-text').textContent).toBe('Forms stripped');
    expect(within(latest).getByTestId('signoff-strength').textContent).toBe('at 20.5\u00a0MPa');
    // Times through the display formatter (UTC by default; it may add the zone's name).
    expect(within(latest).getByTestId('signoff-by').textContent).toMatch(
      /^Dana Whitfield · 2026-11-12 03:30 PM\b/,
    );
    expect(within(latest).getByTestId('signoff-note').textContent).toBe(
      'East bay stripped.\nWest bay tomorrow.',
    );
    expect(within(latest).getByTestId('signoff-replaces').textContent).toMatch(
      /^Replaces Opened to traffic · 2026-11-12 02:30 PM\b/,
    );
    expect(latest.dataset.superseded).toBe('false');

    expect(old.dataset.superseded).toBe('true');
    const oldText = within(old).getByTestId('signoff-decision-text');
    expect(oldText.textContent).toBe('Opened to traffic');
    expect(getComputedStyle(oldText).textDecoration).toContain('line-through');
    expect(within(old).getByText('Superseded')).toBeTruthy();
    expect(within(old).getByTestId('signoff-superseded-by').textContent).toMatch(
      /^Superseded by Forms stripped · 2026-11-12 03:30 PM.* \(Dana Whitfield\)$/,
    );
    expect(within(old).getByTestId('signoff-strength').textContent).toBe('at 18.2\u00a0MPa');
  });

  it('shows strengths in the user’s units', async () => {
    show(history, { user: imperial(testUser({ username: 'editor' })) });
    // The card alone asks for the user's settings when the list draws (in the app the shell has them).
    await waitFor(() => {
      const [latest] = screen.getAllByTestId('signoff-item');
      expect(within(latest).getByTestId('signoff-strength').textContent).toBe('at 2973\u00a0psi');
    });
  });

  it('says when nothing was recorded yet', async () => {
    show([]);
    expect((await screen.findByTestId('signoffs-empty')).textContent).toBe(
      'No decision has been recorded on this pour yet.',
    );
  });

  it('lets a writer record a decision after seeing the strength that will be kept', async () => {
    const fetchMock = show(history);
    await screen.findAllByTestId('signoff-item');
    fireEvent.click(screen.getByRole('button', { name: 'Record a decision' }));
    const dialog = await screen.findByTestId('signoff-dialog');
    expect(within(dialog).getByTestId('signoff-current-strength').textContent).toContain(
      'Current strength: 18.2\u00a0MPa',
    );

    // No decision chosen: nothing is sent.
    fireEvent.click(within(dialog).getByTestId('signoff-confirm'));
    expect(within(dialog).getByTestId('signoff-error').textContent).toBe('Choose a decision.');
    expect(posted(fetchMock)).toEqual([]);

    const [decision, replaces] = within(dialog).getAllByRole('combobox');
    fireEvent.mouseDown(decision);
    fireEvent.click(await screen.findByRole('option', { name: 'Tendons stressed' }));
    fireEvent.change(within(dialog).getByTestId('signoff-note-input'), {
      target: { value: '  Stressed after cylinder breaks.  ' },
    });
    // Only decisions not already superseded may be replaced.
    fireEvent.mouseDown(replaces);
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0].textContent).toBe('Nothing: a new decision');
    expect(options[1].textContent).toMatch(/^Forms stripped · 2026-11-12 03:30 PM.* · Dana Whitfield$/);
    fireEvent.click(options[1]);
    fireEvent.click(within(dialog).getByTestId('signoff-confirm'));
    await waitFor(() =>
      expect(posted(fetchMock)).toEqual([
        { decision: 'TENDONS_STRESSED', note: 'Stressed after cylinder breaks.', supersedesId: 2 },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('signoff-dialog')).toBeNull());
  });

  it('shows the strength in psi to an imperial writer, and says when there is none', async () => {
    show([], { user: imperial(testUser({ username: 'editor' })), of: { ...job, latestStrength: null } });
    fireEvent.click(await screen.findByRole('button', { name: 'Record a decision' }));
    const box = await screen.findByTestId('signoff-current-strength');
    expect(box.textContent).toContain('Current strength: --');
    expect(box.textContent).toContain('none will be recorded');
  });

  it('shows readers the list only', async () => {
    show(history, { canEdit: false });
    expect(await screen.findAllByTestId('signoff-item')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Record a decision' })).toBeNull();
    expect(screen.queryByTestId('signoff-record')).toBeNull();
  });

  it('offers no recording before the job starts', async () => {
    show([], { of: { ...job, startDate: null } });
    expect((await screen.findByTestId('signoffs-empty')).textContent).toBe(
      'Decisions can be recorded once the job has started.',
    );
    expect(screen.queryByTestId('signoff-record')).toBeNull();
  });

  it('renders nothing on a humidity job', () => {
    const fetchMock = show(history, { of: { ...job, kind: 'HUMIDITY' } });
    expect(screen.queryByTestId('signoffs')).toBeNull();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('signoffs'))).toEqual([]);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    show(history);
    const [latest] = await screen.findAllByTestId('signoff-item');
    expect(screen.getByText('Aprobaciones')).toBeTruthy();
    expect(within(latest).getByTestId('signoff-decision-text').textContent).toBe('Desencofrado');
    expect(screen.getByRole('button', { name: 'Registrar una decisión' })).toBeTruthy();
  });
});
