import type { PortfolioAttentionItem, PortfolioSite, PortfolioStatus } from '@sitepulse/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  LocationProbe,
  renderRoutes,
  signedInEnglishTests,
  stubServer,
} from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { AttentionPanel } from './AttentionPanel.tsx';
import HomePage from './HomePage.tsx';
import { pinHtml, pinLook, pinZIndexOffset } from './mapRules.ts';

signedInEnglishTests();

const NOW = Date.now();
const counts = (c: Partial<PortfolioSite['counts']> = {}) => ({
  ALARM: 0,
  ERROR: 0,
  CURING: 0,
  AT_TARGET: 0,
  MONITORING: 0,
  ...c,
});
const siteOf = (siteId: number, siteName: string, over: Partial<PortfolioSite>): PortfolioSite => ({
  siteId,
  siteName,
  state: 'IDLE',
  count: 0,
  counts: counts(),
  attention: 0,
  ...over,
});
const item = (over: Partial<PortfolioAttentionItem>): PortfolioAttentionItem => ({
  kind: 'ALARM',
  siteId: 1,
  siteName: 'Harbourfront Tower',
  jobId: 8,
  jobName: 'Parkade Ramp CO',
  jobTypeName: 'Gas',
  nodeId: 10008,
  nodeName: 'GAS-10008',
  since: NOW - 3 * 60_000,
  sensorType: 'Gas',
  value: 38.2,
  high: 25,
  low: null,
  battery: null,
  href: '/job-site-details/1/12/8',
  ...over,
});

/** Harbourfront Tower in alarm with four items, the plant curing, Riverside at target, the depot idle. */
const demo: PortfolioStatus = {
  generatedAt: NOW,
  sites: [
    siteOf(1, 'Harbourfront Tower', {
      state: 'ALARM',
      count: 1,
      counts: counts({ ALARM: 1, ERROR: 1, CURING: 2, AT_TARGET: 1, MONITORING: 3 }),
      attention: 4,
    }),
    siteOf(2, 'Riverside Medical Centre Expansion', {
      state: 'AT_TARGET',
      count: 1,
      counts: counts({ AT_TARGET: 1 }),
    }),
    siteOf(3, 'North Yard Precast Plant', {
      state: 'CURING',
      count: 3,
      counts: counts({ CURING: 3, AT_TARGET: 1 }),
    }),
    siteOf(4, 'Old Depot', {}),
  ],
  attention: [
    item({}),
    item({
      kind: 'ERROR',
      jobId: 4,
      jobName: 'Column Line C',
      jobTypeName: 'Maturity',
      nodeId: 10004,
      nodeName: 'MAT-10004',
      since: NOW - 2 * 86_400_000,
      sensorType: null,
      value: null,
      high: null,
      href: '/job/Maturity/1/12/4/',
    }),
    item({
      kind: 'SILENT',
      jobId: 4,
      jobName: 'Column Line C',
      nodeId: 10004,
      nodeName: 'MAT-10004',
      since: NOW - 2 * 86_400_000,
      sensorType: null,
      value: null,
      high: null,
      href: '/job/Maturity/1/12/4/',
    }),
    item({
      kind: 'BATTERY',
      jobId: 4,
      jobName: 'Column Line C',
      nodeId: 10004,
      nodeName: 'MAT-10004',
      sensorType: null,
      value: 0.4,
      high: null,
      battery: 'EMPTY',
      href: '/job/Maturity/1/12/4/',
    }),
  ],
  attentionTotal: 4,
};

const allClear: PortfolioStatus = {
  ...demo,
  sites: demo.sites.map((s) => ({ ...s, state: s.state === 'ALARM' ? 'CURING' : s.state, attention: 0 })),
  attention: [],
  attentionTotal: 0,
};

/** jsdom has no layout: the map's resize observer only needs to exist. */
function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

function renderHome(status: PortfolioStatus | null) {
  stubResizeObserver();
  localStorage.setItem('sitepulse.seenMapWelcome', 'true');
  stubServer({ extra: status ? { '/portfolio/status': status } : {} });
  return renderRoutes(
    [
      { path: '/', element: <HomePage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    '/',
  );
}

const pins = () => [...document.querySelectorAll<HTMLElement>('.sp-map-pin')];

describe('home map pins', () => {
  it('colours and marks each pin by its worst state, with its count and a label that says it', async () => {
    renderHome(demo);
    await waitFor(() => expect(pins().some((p) => p.getAttribute('data-state') === 'ALARM')).toBe(true));
    const byLabel = new Map(pins().map((p) => [p.getAttribute('aria-label'), p]));
    const ht = byLabel.get('Harbourfront Tower: 1 in alarm');
    expect(ht).toBeTruthy();
    expect(ht?.getAttribute('title')).toBe('Harbourfront Tower: 1 in alarm');
    expect(ht?.querySelector('.sp-map-pin-count')?.textContent).toBe('1');
    expect(ht?.innerHTML).toContain('#d32f2f');
    expect(byLabel.has('North Yard Precast Plant: 3 pours curing')).toBe(true);
    expect(byLabel.has('Riverside Medical Centre Expansion: 1 pour at target')).toBe(true);
    // The archived depot is off the map until asked for.
    expect(pins()).toHaveLength(3);
    // The pin in alarm is drawn above its quieter neighbours.
    const z = (p: HTMLElement | undefined) => Number(p?.style.zIndex);
    expect(z(ht)).toBeGreaterThan(z(byLabel.get('North Yard Precast Plant: 3 pours curing')));
  });

  it('keeps the type colour on pins whose state is unknown (the call failed)', async () => {
    renderHome(null);
    await waitFor(() => expect(pins()).toHaveLength(3));
    expect(pins().map((p) => p.getAttribute('aria-label'))).toContain('Harbourfront Tower');
    expect(await screen.findByText('The state of your job sites could not be loaded.')).toBeTruthy();
  });

  it('draws the welcome note beside the map, never over it', async () => {
    stubResizeObserver();
    stubServer({ extra: { '/portfolio/status': demo } });
    renderRoutes([{ path: '/', element: <HomePage /> }], '/');
    const welcome = await screen.findByTestId('welcome-card');
    expect(screen.getByTestId('home-side').contains(welcome)).toBe(true);
    expect(screen.getByTestId('map-area').contains(welcome)).toBe(false);
  });
});

describe('needs attention', () => {
  it('lists the items by site, worst first, each one click from its screen', async () => {
    const user = userEvent.setup();
    renderHome(demo);
    const panel = await screen.findByTestId('attention');
    const rows = await within(panel).findAllByTestId('attention-item');
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['ALARM', 'ERROR', 'SILENT', 'BATTERY']);
    expect(within(panel).getByRole('heading', { name: 'Harbourfront Tower: 1 in alarm' })).toBeTruthy();
    expect(within(panel).getByTestId('attention-total').textContent).toBe('4');

    const alarm = within(panel).getByRole('link', { name: 'Parkade Ramp CO: Threshold crossed' });
    expect(alarm.getAttribute('href')).toBe('/job-site-details/1/12/8');
    expect(alarm.textContent).toMatch(/38\.2\sppm, above 25\.0\sppm/);
    const error = within(panel).getByRole('link', { name: 'Column Line C: Job in error' });
    expect(error.textContent).toContain('Last message 2 days ago');
    expect(
      within(panel).getByRole('link', { name: 'Column Line C (MAT-10004): Node silent' }).textContent,
    ).toContain('No message for 2 days');
    expect(
      within(panel).getByRole('link', { name: 'Column Line C (MAT-10004): Battery low' }).textContent,
    ).toMatch(/Battery empty \(0\s%\)/);

    await user.click(error);
    expect((await screen.findByTestId('location')).textContent).toBe('/job/Maturity/1/12/4/');
  });

  it('says "All clear" when nothing needs attention', async () => {
    renderHome(allClear);
    expect(await screen.findByText('All clear')).toBeTruthy();
    expect(screen.getByTestId('all-clear').textContent).toContain(
      'No alarms, errors, silent nodes or low batteries',
    );
    expect(screen.queryAllByTestId('attention-item')).toHaveLength(0);
  });

  it('reads in Spanish, and says when the list is cut', async () => {
    await i18n.changeLanguage('es');
    stubServer();
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <AttentionPanel
              status={{ ...demo, attention: demo.attention.slice(0, 2), attentionTotal: 240 }}
              pending={false}
              failed={false}
              onRetry={() => {}}
            />
          ),
        },
      ],
      '/',
    );
    expect(await screen.findByRole('heading', { name: 'Requiere atención' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Column Line C: Trabajo con error' }).textContent).toContain(
      'Último mensaje hace 2 días',
    );
    expect(screen.getByText('Se muestran los 2 más urgentes de 240')).toBeTruthy();
  });
});

describe('pin rules', () => {
  it('greys archived sites, shows counts only for states about jobs, and stacks the worst on top', () => {
    const active = { type: 'Construction Site' as const, state: 'ACTIVE' as const };
    const alarm = siteOf(1, 'x', { state: 'ALARM', count: 2 });
    expect(pinLook(active, alarm)).toEqual({ colour: '#d32f2f', glyph: '!', count: 2 });
    expect(pinLook({ ...active, state: 'TERMINATED' }, alarm).colour).toBe('#9aa5b1');
    expect(pinLook(active, siteOf(1, 'x', { state: 'MONITORING', count: 3 })).count).toBeNull();
    expect(pinLook(active, undefined)).toEqual({ colour: '#e07b00', count: null });
    expect(pinHtml(pinLook(active, alarm))).toContain('>2</span>');
    expect(pinZIndexOffset(active, alarm)).toBeGreaterThan(pinZIndexOffset(active, siteOf(1, 'x', {})));
    expect(pinZIndexOffset({ state: 'TERMINATED' }, alarm)).toBeLessThan(pinZIndexOffset(active, undefined));
  });
});
