import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInSession } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { openJob, serveForecastJob } from './forecast-test-server.tsx';
import { NOW } from './test-fixtures.ts';

// uPlot reads the pixel ratio through matchMedia when it loads. The charts draw on a canvas: jsdom has
// none, so a 2D context that draws nothing stands in, and uPlot builds its legend as in a browser.
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
  const noop = () => {};
  const context = new Proxy(
    {
      measureText: () => ({ width: 10 }),
      getLineDash: () => [],
      createLinearGradient: () => ({ addColorStop: noop }),
    },
    {
      get: (target, key) => (key in target ? target[key as keyof typeof target] : noop),
      set: () => true,
    },
  );
  HTMLCanvasElement.prototype.getContext = (() => context) as never;
  window.Path2D = function Path2D() {
    return new Proxy({}, { get: () => noop });
  } as never;
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as never;
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

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ranges = () => screen.getAllByTestId('time-chart').map((c) => c.dataset.range);

/** The legend rows of a chart: each series' label and the value it shows. */
function legend(testId: string) {
  const panel = screen.getByTestId(testId);
  return [...panel.querySelectorAll('.u-legend .u-series')].map((row) => [
    row.querySelector('.u-label')?.textContent,
    row.querySelector('.u-value')?.textContent,
  ]);
}

describe('the job screen’s charts', () => {
  it('show the whole job first, then the window of a preset on every chart, and pan it', async () => {
    serveForecastJob();
    openJob();
    await waitFor(() => expect(screen.getAllByTestId('time-chart')).toHaveLength(3));
    expect(ranges()).toEqual(['all', 'all', 'all']);
    const picker = screen.getByTestId('range-picker');
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['6 h', '24 h', '7 days', '30 days', 'Whole job']);
    expect(screen.getByTestId('chart-pan-earlier')).toHaveProperty('disabled', true);

    fireEvent.click(within(picker).getByRole('button', { name: '24 h' }));
    const day = `${NOW - DAY}-${NOW}`;
    expect(ranges()).toEqual([day, day, day]);
    expect(screen.getByTestId('chart-pan-later')).toHaveProperty('disabled', true);

    // Earlier by half the window (the job started 26 hours ago: as far as its start), then later again.
    fireEvent.click(screen.getByTestId('chart-pan-earlier'));
    expect(ranges()).toEqual(Array(3).fill(`${NOW - 26 * HOUR}-${NOW - 2 * HOUR}`));
    fireEvent.click(screen.getByTestId('chart-pan-later'));
    expect(ranges()[0]).toBe(day);
    expect(within(picker).getByRole('button', { name: '24 h' }).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(within(picker).getByRole('button', { name: '6 h' }));
    expect(ranges()[2]).toBe(`${NOW - 6 * HOUR}-${NOW}`);
    fireEvent.click(within(picker).getByRole('button', { name: 'Whole job' }));
    expect(ranges()).toEqual(['all', 'all', 'all']);
  });

  it('stop panning at the job’s start', async () => {
    serveForecastJob();
    openJob();
    const picker = await screen.findByTestId('range-picker');
    fireEvent.click(within(picker).getByRole('button', { name: '6 h' }));
    for (let i = 0; i < 10; i++) fireEvent.click(screen.getByTestId('chart-pan-earlier'));
    await waitFor(() => expect(ranges()[0]).toBe(`${NOW - 26 * HOUR}-${NOW - 20 * HOUR}`));
    expect(screen.getByTestId('chart-pan-earlier')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('chart-pan-later')).toHaveProperty('disabled', false);
  });

  it('show the latest values in the legend before the cursor is on a chart, sensors named without the job', async () => {
    serveForecastJob();
    openJob();
    await waitFor(() => expect(legend('chart-strength').length).toBeGreaterThan(0));
    const rows = legend('chart-strength');
    expect(rows.some(([, value]) => value === '--')).toBe(false);
    // The average's last bucket (36.9 MPa), and the time of that bucket.
    expect(rows.find(([label]) => label?.startsWith('Average'))?.[1]).toBe('36.9');
    expect(rows[0][1]).toBe('2026-11-11 04:00 PM UTC');
    // The forecast shows a value only under the cursor; the targets show theirs.
    expect(rows.find(([label]) => label === 'Forecast (MPa)')?.[1]).toBe('');
    expect(rows.find(([label]) => label === 'Post-tensioning (MPa)')?.[1]).toBe('25.0');

    fireEvent.click(screen.getByRole('button', { name: 'Each sensor' }));
    await waitFor(() => expect(legend('chart-maturity').map(([label]) => label)).toContain('T1 (°C.Hr)'));
    const labels = legend('chart-maturity').map(([label]) => label);
    expect(labels.filter((l) => l?.includes('Level 4 Slab'))).toEqual([]);
    expect(legend('chart-maturity').find(([label]) => label === 'T2 (°C.Hr)')?.[1]).toBe('5700.0');
  });

  it('draw the forecast as a band with its mid line, and the targets it crosses', async () => {
    serveForecastJob();
    openJob();
    await waitFor(() => expect(legend('chart-strength').length).toBeGreaterThan(0));
    const labels = legend('chart-strength').map(([label]) => label);
    expect(labels).toEqual(
      expect.arrayContaining(['Forecast (warm) (MPa)', 'Forecast (MPa)', 'Forecast (cold) (MPa)']),
    );
    // The band's edges are left out of the legend: its dashed middle line names it.
    const hidden = [...screen.getByTestId('chart-strength').querySelectorAll('.u-legend .u-legend-hidden')];
    expect(hidden.map((row) => row.querySelector('.u-label')?.textContent)).toEqual([
      'Forecast (warm) (MPa)',
      'Forecast (cold) (MPa)',
    ]);
    // Every target reached or crossed by the projection is drawn.
    expect(labels).toEqual(
      expect.arrayContaining([
        'Stripping (MPa)',
        'Post-tensioning (MPa)',
        'Opening to traffic (MPa)',
        'Design (28-day) (MPa)',
      ]),
    );
  });
});
