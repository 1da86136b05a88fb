import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocationProbe, renderRoutes, signInSession, stubServer } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import JobPage from './JobPage.tsx';
import { microweatherJob, NOW, site, weatherSeries } from './test-fixtures.ts';

/** The job screen when its job is not there, and its project named in the user's language. */

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
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const open = (path: string) =>
  renderRoutes(
    [
      { path: '/job/:type/:jobsiteId/:tenantId/:id/', element: <JobPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  );

describe('a job that is not there', () => {
  it('shows the not-found screen with a way back to its project, not a Try again (server 404)', async () => {
    // The stub answers 404 for the job's details: an unknown job, or one of a site no longer granted.
    stubServer({ sites: [site] });
    open('/job/Maturity/1/3/999/');
    const notFound = await screen.findByTestId('not-found');
    expect(notFound.textContent).toContain("This job doesn't exist or you no longer have access.");
    expect(notFound.textContent).not.toContain('(404)');
    expect(within(notFound).queryByRole('button', { name: /try again/i })).toBeNull();
    const back = await within(notFound).findByRole('link', { name: 'Back to Podium Slabs' });
    expect(back.getAttribute('href')).toBe('/construction_job_list/1/3');
  });

  it('leads back to the job site when the address names no project of it', async () => {
    stubServer({ sites: [site] });
    open('/job/Maturity/1/77/999/');
    const notFound = await screen.findByTestId('not-found');
    const back = await within(notFound).findByRole('link', { name: 'Back to Harbourfront Tower' });
    expect(back.getAttribute('href')).toBe('/construction_dashboard/1');
  });

  it('keeps Try again for a server failure', async () => {
    const fetchMock = stubServer({ sites: [site] });
    const base = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/maturity/jobs/details/')
        ? new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' } }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          })
        : (base as typeof fetch)(input, init),
    );
    open('/job/Maturity/1/3/12/');
    const error = await screen.findByRole('alert');
    expect(error.textContent).toContain('This could not be loaded. (503)');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByTestId('not-found')).toBeNull();
  });

  it('says not found for an address whose job id is not a number', async () => {
    stubServer({ sites: [site] });
    open('/job/Maturity/1/3/abc/');
    expect((await screen.findByTestId('not-found')).getAttribute('data-what')).toBe('job');
  });
});

describe('the project of a job', () => {
  it('reads "Sensores de hormigón" in Spanish for a project named Default, not "Concrete Sensors"', async () => {
    stubServer({
      sites: [site],
      extra: {
        '/analytics/microweather/node/jobs/details/7': microweatherJob(),
        '/data/warehouse/measurement/time/by_job': weatherSeries(),
        '/analytics/microweather/node/jobs/average/by_job': [],
        '/analytics/microweather/node/jobs/extremities/by_job': [],
      },
    });
    await i18n.changeLanguage('es');
    open('/job/Microweather%20Node/1/1/7/');
    await screen.findByTestId('latest-temperature-value');
    expect(screen.getByText('Sensores de hormigón')).toBeTruthy();
    expect(screen.queryByText('Concrete Sensors')).toBeNull();
  });
});
