import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInSession } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { curingForecast, noForecast } from './forecast-fixtures.ts';
import { editor, imperial, openJob, serveForecastJob, viewer } from './forecast-test-server.tsx';
import { curingJob, NOW } from './test-fixtures.ts';

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
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  media.phone = false;
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const HOUR = 3_600_000;
const texts = (card: HTMLElement) =>
  within(card)
    .getAllByTestId('forecast-target')
    .map((row) => [row.dataset.kind, within(row).getByTestId('forecast-target-text').textContent]);

describe('the forecast card of a maturity job', () => {
  it('lists each target in order, as entered, with when it was reached or is expected', async () => {
    serveForecastJob();
    openJob();
    const card = await screen.findByTestId('job-forecast');
    await waitFor(() => expect(within(card).getAllByTestId('forecast-target')).toHaveLength(4));
    expect(within(card).getByText('When will it be ready?')).toBeTruthy();
    const traffic = within(card).getAllByTestId('forecast-target-text')[2].textContent ?? '';
    expect(texts(card)).toEqual([
      ['STRIPPING', '10 MPa reached today 04:00 AM UTC'],
      ['POST_TENSIONING', '25 MPa expected tomorrow 02:00 PM UTC, between 11:00 AM and 06:00 PM'],
      ['OPEN_TO_TRAFFIC', traffic],
      [
        'DESIGN',
        '35 MPa expected 2026-12-02 12:00 PM UTC, between 2026-12-01 12:00 PM and 2026-12-03 12:00 PM',
      ],
    ]);
    // The 4000 psi target stays 4000 psi, with the metric reader's figure in brackets.
    expect(traffic).toMatch(
      /^4000 psi \(27\.6\sMPa\) expected Thu 12:00 PM UTC, between 08:00 AM and 06:00 PM$/,
    );
    expect(within(card).getByText('Opening to traffic')).toBeTruthy();
    expect(within(card).getByText('Job target')).toBeTruthy();
    expect(within(card).getByTestId('forecast-recent').textContent).toMatch(
      /^Forecast from the last 6 h: 22\.7/,
    );
  });

  it('adds to the answer when the job’s target is expected, naming the target as entered', async () => {
    serveForecastJob({ user: imperial(editor()) });
    openJob();
    const answer = await screen.findByTestId('strength-answer');
    expect((await within(answer).findByTestId('strength-answer-forecast')).textContent).toMatch(
      /^Expected to reach 25 MPa \(3626\spsi\) tomorrow 02:00 PM UTC, between 11:00 AM and 06:00 PM\.$/,
    );
    // The 25 MPa target is named as it was entered, not as a converted '3626 psi' alone.
    expect(within(answer).getByTestId('strength-answer-detail').textContent).toMatch(
      /of the 25 MPa \(3626\spsi\) target\.$/,
    );
  });

  it('says why there is no forecast, for each reason', async () => {
    const cases = [
      ['NO_PROFILE', 'Assign a concrete profile to estimate strength.'],
      ['FALLING_TEMPERATURE', 'Temperature is falling: no reliable forecast.'],
      ['NOT_STARTED', 'The job has not started: there is no forecast yet.'],
      ['NO_DATA', 'No temperature readings yet: there is no forecast.'],
      ['STOPPED', 'The job has stopped: there is no forecast.'],
    ] as const;
    for (const [state, reason] of cases) {
      serveForecastJob({ forecast: noForecast(state) });
      openJob();
      expect((await screen.findByTestId('forecast-reason')).textContent, state).toBe(reason);
      const card = screen.getByTestId('job-forecast');
      expect(texts(card)[1]).toEqual(['POST_TENSIONING', '25 MPa not reached yet']);
      expect((await screen.findByTestId('strength-answer-forecast')).textContent).toBe(reason);
      cleanup();
    }
  });

  it('names the profile’s datum when the concrete is too cold', async () => {
    serveForecastJob({ forecast: noForecast('BELOW_DATUM') });
    openJob();
    expect((await screen.findByTestId('forecast-reason')).textContent).toMatch(
      /^Concrete is at or below the datum temperature \(-10\.0\s°C\): it is not gaining strength\.$/,
    );
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    serveForecastJob();
    openJob();
    const card = await screen.findByTestId('job-forecast');
    await waitFor(() => expect(within(card).getAllByTestId('forecast-target')).toHaveLength(4));
    expect(within(card).getByText('¿Cuándo estará listo?')).toBeTruthy();
    expect(texts(card)[1]).toEqual([
      'POST_TENSIONING',
      '25 MPa previsto mañana a las 14:00 UTC, entre 11:00 y 18:00',
    ]);
    expect(within(card).getByText('Postensado')).toBeTruthy();
  });

  it('shows each sensor’s next target in the sensor table, sensors named without the job', async () => {
    const job = curingJob();
    job.sensors = job.sensors.map((x) => ({ ...x, sensorAlias: `Level 4 Slab - Pour 2 - T${x.sensorId}` }));
    serveForecastJob({ job });
    openJob();
    await screen.findByTestId('sensor-table');
    expect(
      screen.getAllByTestId('sensor-row').map((r) => within(r).getAllByRole('cell')[0].textContent),
    ).toEqual(['T1', 'T2', 'T3', 'T4']);
    expect(within(screen.getByTestId('sensor-table')).getByText('Next target expected')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('sensor-next-target').map((c) => c.textContent)).toEqual([
        'Post-tensioningtomorrow 04:00 PM UTC',
        'All targets reached',
        'Post-tensioningtemperature falling',
        '--',
      ]),
    );
  });

  it('shows it on the sensor cards of a phone', async () => {
    media.phone = true;
    serveForecastJob();
    openJob();
    await screen.findByTestId('sensor-cards');
    await waitFor(() =>
      expect(screen.getAllByTestId('sensor-next-target')[0].textContent).toBe(
        'Next target expectedPost-tensioning · tomorrow 04:00 PM UTC',
      ),
    );
  });

  it('lets a writer edit the targets and shows a reader the targets only', async () => {
    serveForecastJob();
    openJob();
    expect(await screen.findByTestId('edit-targets')).toBeTruthy();
    cleanup();
    serveForecastJob({ user: viewer() });
    openJob();
    const card = await screen.findByTestId('job-forecast');
    await waitFor(() => expect(within(card).getAllByTestId('forecast-target')).toHaveLength(4));
    expect(within(card).queryByTestId('edit-targets')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit targets' })).toBeNull();
  });

  it('says so when the forecast cannot be loaded, and the page still works', async () => {
    serveForecastJob({ forecast: null });
    openJob();
    expect(await screen.findByTestId('forecast-unavailable')).toBeTruthy();
    expect(screen.getByTestId('strength-answer').dataset.verdict).toBe('NOT_REACHED');
    expect(screen.queryByTestId('strength-answer-forecast')).toBeNull();
  });

  it('says the targets are reached when they are, and adds nothing to a reached answer', async () => {
    const reached = curingForecast();
    reached.state = 'REACHED';
    reached.targets = reached.targets.map((x) => ({ ...x, state: 'REACHED', reachedAt: NOW - HOUR }));
    serveForecastJob({ job: { ...curingJob(), jobAlarmTriggered: 1 }, forecast: reached });
    openJob();
    const card = await screen.findByTestId('job-forecast');
    await waitFor(() =>
      expect(texts(card).map(([, text]) => text?.replace(/ reached.*/, ' reached'))).toEqual([
        '10 MPa reached',
        '25 MPa reached',
        expect.stringMatching(/^4000 psi/),
        '35 MPa reached',
      ]),
    );
    expect(screen.queryByTestId('strength-answer-forecast')).toBeNull();
    fireEvent.click(screen.getByTestId('edit-targets'));
    expect(await screen.findByTestId('targets-dialog')).toBeTruthy();
  });
});
