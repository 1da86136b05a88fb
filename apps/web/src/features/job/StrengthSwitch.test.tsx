import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  allModules,
  moduleOf,
  renderRoutes,
  signInSession,
  stubServer,
  testUser,
} from '../../components/test-utils.tsx';
import JobPage from './JobPage.tsx';
import { maturedJob, maturitySeries, measurementSeries, NOW, profile, site } from './test-fixtures.ts';

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

beforeEach(() => {
  signInSession();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.setItem('sitepulse.accessTokenExpiration', String(NOW + 600_000));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The company's modules, its Concrete module's spec as given (issue 16: disable_maturity_strength). */
const modulesWith = (spec: string) => [
  { ...moduleOf('Concrete'), spec },
  ...allModules.filter((m) => m.moduleType !== 'Concrete'),
];

function serve(spec: string) {
  const job = maturedJob();
  stubServer({
    user: testUser({ accountType: 'USER', userTenantGroupData: [{ tenantGroupId: 1, access: 2 }] }),
    sites: [site],
    modules: modulesWith(spec),
    extra: {
      [`/analytics/concrete/maturity/jobs/details/${job.id}`]: job,
      '/data/analytics/concrete/maturity/time': maturitySeries(),
      '/data/analytics/concrete/maturity/time/by_sids': maturitySeries(),
      '/data/measurement/time': measurementSeries(),
      '/analytics/concrete/data/maturity/extremities': [],
      [`/alarms/by_msj/${job.id}`]: [],
      [`/analytics/concrete/maturity/jobs/targets/${job.id}`]: [],
      '/alarms/events': [],
      '/concrete/conprofiles/by_company': [profile],
    },
  });
  renderRoutes(
    [{ path: '/job/:type/:jobsiteId/:tenantId/:id/', element: <JobPage /> }],
    '/job/Maturity/1/3/1/',
  );
}

describe('the job page under the module spec’s disable_maturity_strength', () => {
  it('shows strength when the Concrete module allows it', async () => {
    serve('{"disable_maturity_strength":false}');
    expect(await screen.findByTestId('latest-strength')).toBeTruthy();
    expect(screen.getByTestId('latest-maturity')).toBeTruthy();
    expect(screen.getByTestId('strength-answer-detail')).toBeTruthy();
  });

  it('shows maturity only when the Concrete module turns strength off', async () => {
    serve('{"disable_maturity_strength":true}');
    expect(await screen.findByTestId('chart-maturity')).toBeTruthy();
    expect(screen.getByTestId('latest-maturity')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('latest-strength')).toBeNull());
    expect(screen.queryByTestId('strength-answer')).toBeNull();
    expect(screen.queryByTestId('strength-answer-detail')).toBeNull();
    expect(screen.queryByTestId('chart-strength')).toBeNull();
  });
});
