/**
 * The report screens' routes for their tests; the stubbed report server and its fixtures are shared with the
 * job screen's Reports card, in test/report-server.ts.
 */
import { renderRoutes } from '../../components/test-utils.tsx';
import ReportGenerationPage from './ReportGenerationPage.tsx';
import ReportListPage from './ReportListPage.tsx';
import ReportsPage from './ReportsPage.tsx';

export * from '../../test/report-server.ts';

export const LIST_ROUTES = [
  { path: '/report-generation/:jobsiteId', element: <ReportGenerationPage /> },
  { path: '/report-list/:jobsiteId', element: <ReportListPage /> },
  { path: '/reports', element: <ReportsPage /> },
];

export const openAt = (path: string) => renderRoutes(LIST_ROUTES, path);
