import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, signedInEnglishTests, testUser } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { report, serveReports } from '../../test/report-server.ts';
import { JobReportsCard } from './JobReportsCard.tsx';

signedInEnglishTests();

const JOB_LIST_PATH = '/analytics/report/requests/list/by_msjId/11';

const TORONTO = testUser({
  userTenantGroupData: [{ tenantGroupId: 1, access: 1 }],
  userSettingData: [{ type: 'DisplayTimeZone', val: 'America/Toronto' }],
});

/** The card of job 11 of site 1, with the form's route to follow New report to. */
const openCard = () =>
  renderRoutes(
    [
      { path: '/job/:jobId', element: <JobReportsCard msjId={11} tenantGroupId={1} /> },
      { path: '/report-generation/:jobsiteId', element: <p>report form</p> },
    ],
    '/job/11',
  );

const row = (id: number) =>
  screen.getAllByTestId('job-report-row').find((r) => r.dataset.report === String(id)) as HTMLElement;

describe("a maturity job's Reports card", () => {
  it("asks for the job's reports and lists each with its type, status, creation time and a download once ready", async () => {
    const { sent } = serveReports({
      user: TORONTO,
      routes: {
        [`POST ${JOB_LIST_PATH}`]: [
          report(3),
          report(2, { status: 'RUNNING', type: 'T_POUR_REPORT', name: 'Slab temperatures' }),
          report(1, { status: 'ERROR', type: 'MATURITY_STRENGTH_JOB_DIFFERENTIAL', error: 'No pairs' }),
        ],
      },
    });
    openCard();
    await screen.findAllByTestId('job-report-row');
    expect(sent('POST', JOB_LIST_PATH)).toHaveLength(1);
    // Only this job's list is asked for, not the site's.
    expect(sent('GET', '/analytics/report/requests/by_tenant_group')).toHaveLength(0);

    expect(screen.getAllByTestId('job-report-row').map((r) => r.dataset.report)).toEqual(['3', '2', '1']);
    expect(row(3).textContent).toContain('Report 3');
    expect(row(3).textContent).toContain('Pour report (PDF)');
    expect(row(3).textContent).toContain('Ready');
    // In the user's display zone (their settings arrive with the shell).
    await waitFor(() => expect(row(3).textContent).toContain('Created 2026-01-15 12:30 PM EST'));
    expect(row(2).textContent).toContain('Slab temperatures');
    expect(row(2).textContent).toContain('Temperature pour report (PDF)');
    expect(row(2).textContent).toContain('Being made');
    expect(row(1).textContent).toContain('Job temperature differential (PDF)');
    expect(row(1).textContent).toContain('Failed');
    expect(row(1).textContent).toContain('No pairs');

    // A download only when ready: a plain link to the file carrying the access token.
    const link = within(row(3)).getByTestId('job-report-download') as HTMLAnchorElement;
    const url = new URL(link.href);
    expect(url.pathname).toBe('/api/analytics/report/s3/file/report-3-cs-pour-report-2026-01-15.pdf');
    expect(url.searchParams.get('token')).toBe('access-token');
    expect(link.getAttribute('aria-label')).toBe('Download Report 3');
    expect(within(row(2)).queryByRole('button', { name: /Download/ })).toBeNull();
    expect(within(row(2)).queryByRole('link', { name: /Download/ })).toBeNull();
    expect(within(row(1)).queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it('says when the job has no reports yet, and New report opens the form of its job site', async () => {
    const { sent } = serveReports({ routes: { [`POST ${JOB_LIST_PATH}`]: [] } });
    const { router } = openCard();
    const card = await screen.findByTestId('job-reports');
    expect((await within(card).findByTestId('job-reports-empty')).textContent).toBe(
      'No reports of this job yet.',
    );
    expect(within(card).queryByTestId('job-report-row')).toBeNull();
    expect(sent('POST', JOB_LIST_PATH)).toHaveLength(1);
    const newReport = within(card).getByRole('link', { name: 'New report' });
    expect(newReport.getAttribute('href')).toBe('/report-generation/1');
    await userEvent.click(newReport);
    await waitFor(() => expect(router.state.location.pathname).toBe('/report-generation/1'));
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    serveReports({ routes: { [`POST ${JOB_LIST_PATH}`]: [] } });
    openCard();
    const card = await screen.findByTestId('job-reports');
    expect(within(card).getByRole('heading', { name: 'Informes' })).toBeTruthy();
    expect((await within(card).findByTestId('job-reports-empty')).textContent).toBe(
      'Aún no hay informes de este trabajo.',
    );
    expect(within(card).getByRole('link', { name: 'Nuevo informe' })).toBeTruthy();
  });
});
