import type { TrackingManagerPage as ManagerPage, TrackedId } from '@sitepulse/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequireFeature } from '../../app/guards.tsx';
import { renderRoutes, signedInEnglishTests, stubServer, testConfig } from '../../components/test-utils.tsx';
import TrackingManagerPage from './TrackingManagerPage.tsx';

signedInEnglishTests();

const NOW = Date.now();
const flagOn = { ...testConfig, features: { trackingManager: true, materialTracking: false } };

const item = (over: Partial<TrackedId>): TrackedId => ({
  lumitrackId: 'LT-7K3M-Q9XP',
  state: 'Active',
  tenant: 33,
  projectName: 'Beam Line',
  tenantGroupId: 3,
  creationDate: NOW - 86_400_000,
  gpsNodeId: null,
  gpsNodeName: null,
  location: null,
  latestChecklist: null,
  stage: null,
  ...over,
});

const page: ManagerPage = {
  total: 2,
  positioned: 1,
  page: 0,
  rpp: 200,
  items: [
    item({
      lumitrackId: 'LT-AAAA-BBBB',
      gpsNodeId: 123456789012,
      gpsNodeName: 'GPS-123456789012',
      location: { lat: 43.27185, lng: -79.83642, timestamp: NOW - 10 * 60_000 },
      latestChecklist: {
        fillId: 4,
        templateId: 2,
        templateName: 'Precast element QA',
        username: 'admin',
        userName: 'Dana Whitfield',
        creationDate: Date.UTC(2025, 2, 1, 14, 30),
      },
      stage: {
        stageId: 1,
        name: 'Cast',
        position: 1,
        since: NOW,
        username: 'admin',
        userName: 'Dana Whitfield',
      },
    }),
    item({ lumitrackId: 'LT-CCCC-DDDD', tenant: null, projectName: null, tenantGroupId: null }),
  ],
};

const route = [
  {
    path: '/tracking-manager',
    element: (
      <RequireFeature feature="trackingManager">
        <TrackingManagerPage />
      </RequireFeature>
    ),
  },
];

const managerCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname === '/api/tracking/manager');

describe('TrackingManagerPage (/tracking-manager, flag on)', () => {
  it('lists each ID with its project, state, GPS node, position and latest checklist, from one call', async () => {
    const fetchMock = stubServer({ config: flagOn, extra: { '/tracking/manager': page } });
    renderRoutes(route, '/tracking-manager');
    const list = await screen.findByRole('list', { name: 'Tracked IDs' });
    const rows = within(list).getAllByTestId('tracked-id');
    expect(rows.map((r) => r.getAttribute('data-lumitrack-id'))).toEqual(['LT-AAAA-BBBB', 'LT-CCCC-DDDD']);
    expect(screen.getByTestId('manager-summary').textContent).toBe('2 IDs, 1 with a position');

    const tracked = within(rows[0]);
    expect(tracked.getByText('Beam Line')).toBeTruthy();
    expect(tracked.getByText('Active')).toBeTruthy();
    // A Lumitrack node is shown with its first 8 characters (spec section 2).
    expect(tracked.getByText('GPS node 12345678')).toBeTruthy();
    expect(tracked.getByTestId('tracked-location').textContent).toBe('43.27185, -79.83642 · 10 minutes ago');
    expect(tracked.getByTestId('tracked-checklist').textContent).toMatch(
      /^Precast element QA · Dana Whitfield · /,
    );
    expect(tracked.getByTestId('tracked-stage').textContent).toBe('Cast');
    expect(tracked.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(
      '/lumitrack/3/33/id/LT-AAAA-BBBB',
    );

    const loose = within(rows[1]);
    expect(loose.getByText('No project')).toBeTruthy();
    expect(loose.getByTestId('tracked-location').textContent).toBe('No position');
    expect(loose.getByText('No GPS node')).toBeTruthy();
    expect(loose.getByTestId('tracked-checklist').textContent).toBe('No checklist yet');
    expect(loose.queryByRole('link', { name: 'Open' })).toBeNull();

    // The positioned ID is a tag on the map, named by its ID.
    await waitFor(() =>
      expect(document.querySelector('.leaflet-marker-icon[data-lumitrack-id="LT-AAAA-BBBB"]')).not.toBeNull(),
    );
    expect(document.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1);

    const calls = managerCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0].searchParams)).toEqual({ companyId: '1', page: '0', rpp: '200' });
  });

  it('asks again for one project when one is chosen', async () => {
    const fetchMock = stubServer({ config: flagOn, extra: { '/tracking/manager': page } });
    renderRoutes(route, '/tracking-manager');
    await screen.findByRole('list', { name: 'Tracked IDs' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Project' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Beam Line (North Yard Precast Plant)' }));
    await waitFor(() => expect(managerCalls(fetchMock).at(-1)?.searchParams.get('tenantId')).toBe('33'));
  });

  it('says so when the company has no ID yet', async () => {
    stubServer({
      config: flagOn,
      extra: { '/tracking/manager': { ...page, total: 0, positioned: 0, items: [] } },
    });
    renderRoutes(route, '/tracking-manager');
    expect(
      await screen.findByText("No Lumitrack IDs yet. Make them on a Lumitrack project's page."),
    ).toBeTruthy();
  });

  it('is the no-access page with the flag off, and asks for nothing', async () => {
    const fetchMock = stubServer({ extra: { '/tracking/manager': page } });
    renderRoutes(route, '/tracking-manager');
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(managerCalls(fetchMock)).toHaveLength(0);
  });
});
