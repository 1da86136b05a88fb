/** The stubbed server and page of the forecast tests: job 2 ('Level 4 Slab - Pour 2') with its forecast. */
import type { JobForecast, JobTarget, MaturityJobDetail, UserDetail } from '@sitepulse/contracts';
import { renderRoutes, stubServer, testUser } from '../../components/test-utils.tsx';
import { curingForecast, curingTargets } from './forecast-fixtures.ts';
import JobPage from './JobPage.tsx';
import { curingJob, maturitySeries, measurementSeries, profile, site } from './test-fixtures.ts';

export const editor = (overrides: Partial<UserDetail> = {}) =>
  testUser({ accountType: 'USER', userTenantGroupData: [{ tenantGroupId: 1, access: 2 }], ...overrides });
export const viewer = () =>
  testUser({ accountType: 'USER', userTenantGroupData: [{ tenantGroupId: 1, access: 4 }] });
export const imperial = (user: UserDetail): UserDetail => ({
  ...user,
  userSettingData: [{ type: 'SystemOfMeasurement', val: 'Imperial' }],
});

/** Serves job 2 with a forecast (null: the forecast call answers 404) and its targets. */
export function serveForecastJob({
  job = curingJob(),
  forecast = curingForecast(),
  targets = curingTargets(),
  user = editor(),
}: {
  job?: MaturityJobDetail;
  forecast?: JobForecast | null;
  targets?: JobTarget[];
  user?: UserDetail;
} = {}) {
  return stubServer({
    user,
    sites: [site],
    extra: {
      [`/analytics/concrete/maturity/jobs/details/${job.id}`]: job,
      '/data/analytics/concrete/maturity/time': {
        ...maturitySeries(),
        series: maturitySeries().series.map((x) => ({
          ...x,
          sensorAlias: `${job.channelJobName} - T${x.sensorId}`,
        })),
      },
      '/data/measurement/time': measurementSeries(),
      '/analytics/concrete/data/maturity/extremities': [],
      '/data/warehouse/measurement/average/by_job': [],
      '/concrete/conprofiles/by_company': [profile],
      [`/analytics/concrete/maturity/jobs/signoffs/${job.id}`]: [],
      [`/analytics/concrete/maturity/jobs/targets/${job.id}`]: targets,
      ...(forecast ? { [`/analytics/concrete/maturity/jobs/forecast/${job.id}`]: forecast } : {}),
    },
  });
}

export const openJob = (id = 2) =>
  renderRoutes(
    [{ path: '/job/:type/:jobsiteId/:tenantId/:id/', element: <JobPage /> }],
    `/job/Maturity/1/3/${id}/`,
  );

/** The requests the page sent to a path with a method, with their JSON bodies. */
export function sent(fetchMock: ReturnType<typeof stubServer>, path: string, method = 'GET'): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        new URL(String(input), 'http://localhost').pathname === `/api${path}` &&
        (init?.method ?? 'GET') === method,
    )
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : null));
}
