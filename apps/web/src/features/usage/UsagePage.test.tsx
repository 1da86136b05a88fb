import type { UsageCounts } from '@sitepulse/contracts';
import { defaultUsageRange } from '@sitepulse/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequireAdmin } from '../../app/guards.tsx';
import { renderRoutes, signedInEnglishTests, stubServer, testUser } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import UsagePage from './UsagePage.tsx';

// uPlot reads the pixel ratio through matchMedia when it loads; jsdom has none.
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

signedInEnglishTests();

const counts: UsageCounts = {
  from: '2025-03-01',
  to: '2025-03-03',
  totalViews: 9,
  days: [
    { day: '2025-03-01', views: 2 },
    { day: '2025-03-02', views: 0 },
    { day: '2025-03-03', views: 7 },
  ],
  pages: [
    { path: '/job/:type/:jobsiteId/:tenantId/:id', views: 5 },
    { path: '/', views: 3 },
    { path: '(other)', views: 1 },
  ],
  daily: [
    { day: '2025-03-01', path: '/', views: 2 },
    { day: '2025-03-03', path: '/job/:type/:jobsiteId/:tenantId/:id', views: 5 },
    { day: '2025-03-03', path: '/', views: 1 },
    { day: '2025-03-03', path: '(other)', views: 1 },
  ],
  events: [{ name: 'help_opened', count: 4 }],
};

const usageRoute = [
  {
    path: '/usage',
    element: (
      <RequireAdmin>
        <UsagePage />
      </RequireAdmin>
    ),
  },
];

const countCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname === '/api/usage/counts');

describe('UsagePage (/usage, company admins)', () => {
  it('asks for the last 30 days of the company and lists each page with its views, most viewed first', async () => {
    const fetchMock = stubServer({ extra: { '/usage/counts': counts } });
    renderRoutes(usageRoute, '/usage');
    const table = await screen.findByRole('table', { name: 'Page views per page' });
    const rows = within(table).getAllByTestId('usage-page');
    expect(rows.map((r) => r.getAttribute('data-path'))).toEqual([
      '/job/:type/:jobsiteId/:tenantId/:id',
      '/',
      '(other)',
    ]);
    expect(within(rows[0]).getByText('Job')).toBeTruthy();
    expect(within(rows[0]).getByTestId('usage-views').textContent).toBe('5');
    expect(within(rows[1]).getByText('Map (home)')).toBeTruthy();
    expect(within(rows[2]).getByText('Other addresses')).toBeTruthy();
    expect(screen.getByTestId('usage-total').textContent).toBe('9 page views in the range');
    expect(within(screen.getByRole('table', { name: 'Events' })).getByText('Help opened')).toBeTruthy();
    expect(screen.getByText('Page views per day')).toBeTruthy();

    const asked = countCalls(fetchMock)[0];
    const range = defaultUsageRange(Date.now());
    expect(asked.searchParams.get('companyId')).toBe('1');
    expect(asked.searchParams.get('from')).toBe(range.from);
    expect(asked.searchParams.get('to')).toBe(range.to);
  });

  it('asks again for a new range, and asks nothing for a range that ends before it starts', async () => {
    const fetchMock = stubServer({ extra: { '/usage/counts': counts } });
    renderRoutes(usageRoute, '/usage');
    await screen.findByRole('table', { name: 'Page views per page' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-03' } });
    await waitFor(() =>
      expect(countCalls(fetchMock).some((u) => u.searchParams.get('from') === '2025-03-01')).toBe(true),
    );
    const before = countCalls(fetchMock).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-09' } });
    expect(await screen.findByText('Choose a start before the end, at most 366 days apart.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Page views per page' })).toBeNull();
    expect(countCalls(fetchMock)).toHaveLength(before);
  });

  it('says so when nothing was viewed', async () => {
    const empty = { ...counts, totalViews: 0, days: [], pages: [], daily: [], events: [] };
    stubServer({ extra: { '/usage/counts': empty } });
    renderRoutes(usageRoute, '/usage');
    expect(await screen.findByText('No page views in this range.')).toBeTruthy();
    expect(screen.getByText('No events in this range.')).toBeTruthy();
  });

  it('is the no-access page for a user who is not a company admin, and asks for nothing', async () => {
    const fetchMock = stubServer({
      user: testUser({ accountType: 'USER' }),
      extra: { '/usage/counts': counts },
    });
    renderRoutes(usageRoute, '/usage');
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(countCalls(fetchMock)).toHaveLength(0);
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    stubServer({ extra: { '/usage/counts': counts } });
    renderRoutes(usageRoute, '/usage');
    const table = await screen.findByRole('table', { name: 'Visitas por página' });
    expect(within(table).getByText('Mapa (inicio)')).toBeTruthy();
    expect(screen.getByTestId('usage-total').textContent).toBe('9 visitas en el intervalo');
  });
});
