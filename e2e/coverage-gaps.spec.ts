/**
 * Rows of docs/spec-coverage.md that had no end-to-end test, against the real server and the demo company:
 * my profile (account type, job sites with the role on each, a name change kept by the server); the
 * inspector (access 8) on the report generation and report list routes; /reports opened from the drawer
 * with the user's reports of several sites; the job page's Reports card with the demo's pour report and its
 * download; deleting one's own report from the report list after confirming; and the first job address
 * visited while signed out, opened 3 s after signing in.
 */
import { readFileSync } from 'node:fs';
import type { ReportRequest, ReportSensor } from '@sitepulse/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, callAs, demoSiteAs } from './support/api.ts';
import { desktop, signIn, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { demoSites, expectHidden, expectPath, expectText, expectVisible, texts, ui } from './support/ui.ts';

const e2e = useE2E();

const RR = '/analytics/report/requests';
const POUR_JOB = 'Level 4 Slab - Pour 2';

const harbourfront = () => demoSiteAs(e2e.server.url, demoSites.first);

/** A maturity job of Harbourfront Tower by name: its id, site and project (tenant). */
async function harbourfrontJob(name: string): Promise<{ id: number; tenantGroupId: number; tenant: number }> {
  const site = await harbourfront();
  const admin = await apiAs(e2e.server.url, demoUsers.admin.username);
  const groups = await admin.call<{ jobs: { id: number; channelJobName: string }[] }[]>(
    `/analytics/concrete/maturity/jobs/by_group/with_data?tenantGroupId=${site.id}`,
  );
  const job = groups.flatMap((g) => g.jobs).find((j) => j.channelJobName === name);
  if (!job) throw new Error(`no demo job ${name}`);
  return admin.call<{ id: number; tenantGroupId: number; tenant: number }>(
    `/analytics/concrete/maturity/jobs/details/${job.id}`,
  );
}

const jobPath = (job: { id: number; tenantGroupId: number; tenant: number }) =>
  `/job/Maturity/${job.tenantGroupId}/${job.tenant}/${job.id}/`;

/** A site's report requests as the server answers them to `username`. */
const siteReports = (username: string, siteId: number) =>
  callAs<ReportRequest[]>(e2e.server.url, username, `${RR}/by_tenant_group?tenantGroupId=${siteId}`);

/** Polls the server until the request is made (DONE; ERROR fails the test with its reason). */
async function madeReport(username: string, siteId: number, id: number): Promise<ReportRequest> {
  for (;;) {
    const report = (await siteReports(username, siteId)).find((r) => r.id === id);
    if (!report) throw new Error(`report ${id} is not on site ${siteId}'s list`);
    if (report.status === 'DONE') return report;
    if (report.status === 'ERROR') throw new Error(`report ${id} failed: ${report.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A raw-data CSV of every sensor of a site over the last week, requested through the API as `username`. */
async function requestCsv(username: string, siteId: number, name: string): Promise<ReportRequest> {
  const api = await apiAs(e2e.server.url, username);
  const sensors = await api.call<ReportSensor[]>(
    `/analytics/report/msj/sensors/by_tenant_group?tenantGroupId=${siteId}&blacklistSensorsOnly=false`,
  );
  expect(sensors.length).toBeGreaterThan(0);
  const to = Date.now();
  return api.call<ReportRequest>(`${RR}/msj/by_job?tenant=${siteId}`, {
    body: {
      type: 'RAW_DATA_CSV',
      name,
      attributes: { sensorIds: sensors.map((s) => s.sensorId), from: to - 7 * 86_400_000, to },
    },
  });
}

/** The status of a call as `username` (no throw: refusals are what some tests check). */
async function statusOf(username: string, path: string, method: string): Promise<string> {
  const api = await apiAs(e2e.server.url, username);
  return api.call<unknown>(path, { method }).then(
    () => '2xx',
    (err: Error) => err.message.match(/answered (\d{3})/)?.[1] ?? err.message,
  );
}

/** Text as a pattern that matches it literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

describe('my profile', () => {
  it('shows the account type and the job sites with the role on each, and saves a name change', async () => {
    const site = await harbourfront();
    const page = await e2e.signedInPage(demoUsers.viewer, { viewport: desktop, path: '/' });
    await ui.accountMenuButton(page).click();
    await ui.menuItem(page, /my profile/i).click();
    await expectPath(page, '/my-profile');

    const details = page.locator('dl').first();
    await expectText(details, /Username\s*viewer/);
    await expectText(details, /Account type\s*Read-Only/);
    const sites = page.getByRole('list', { name: 'Job sites' });
    const items = sites.getByRole('listitem');
    await expectVisible(items);
    expect(await items.count()).toBe(1);
    await expectText(items.first(), new RegExp(`${site.name}[\\s\\S]*viewer`));

    const firstName = page.getByRole('textbox', { name: /^first name/i });
    expect(await firstName.inputValue()).toBe('Priya');
    await firstName.fill('Priyanka');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectVisible(page.getByText('Your details were saved.'));

    const viewer = await apiAs(e2e.server.url, demoUsers.viewer.username);
    const stored = await viewer.call<{ firstName: string; lastName: string; email: string }>(
      `/v2/users/details?companyId=${viewer.companyId}&username=${viewer.username}`,
    );
    expect(stored).toMatchObject({ firstName: 'Priyanka', lastName: 'Nair', email: demoUsers.viewer.email });

    await page.reload();
    await expectPath(page, '/my-profile');
    await page.waitForFunction(
      () =>
        (document.querySelector('input[name="firstName"]') as HTMLInputElement | null)?.value === 'Priyanka',
    );
  });
});

describe('reports', () => {
  it('shows Access Restricted to the inspector (access 8) on report generation and the report list', async () => {
    const site = await harbourfront();
    const page = await e2e.signedInPage(demoUsers.inspector, { viewport: desktop });
    for (const path of [`/report-generation/${site.id}`, `/report-list/${site.id}`]) {
      await page.goto(path);
      await expectVisible(heading(page, texts.accessRestricted));
      await expectVisible(page.getByText(/not available for users with Inspector access type/i));
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.getByRole('button', { name: 'Request report' }).count()).toBe(0);
      expect(await heading(page, 'Report requests').count()).toBe(0);
    }
    // The server refuses the inspector the site's reports as well.
    expect(await statusOf('inspector', `${RR}/by_tenant_group?tenantGroupId=${site.id}`, 'GET')).toBe('403');
  });

  it("opens /reports from the drawer with the user's reports of every job site, each with its site", async () => {
    const first = await harbourfront();
    const plant = await demoSiteAs(e2e.server.url, demoSites.precast);
    const mine = [
      { report: await requestCsv('admin', first.id, 'Gaps tower readings'), site: first.name },
      { report: await requestCsv('admin', plant.id, 'Gaps plant readings'), site: plant.name },
    ];
    // The editor's seeded pour report is on the first site, but it is not the admin's.
    const seeded = (await siteReports('admin', first.id)).find((r) => r.ownerUsername === 'editor');
    expect(seeded).toBeDefined();

    const page = await e2e.signedInPage(demoUsers.admin, { viewport: desktop });
    await expectVisible(ui.map(page));
    await ui.drawer(page).getByRole('link', { name: 'Reports', exact: true }).click();
    await expectPath(page, '/reports');
    await expectVisible(page.getByText('The reports you requested on every job site.'));
    await expectVisible(heading(page, 'Report requests'));
    for (const { report, site } of mine) {
      const row = page.locator(`[data-testid="report-row"][data-report="${report.id}"]`);
      await expectVisible(row);
      await expectText(row, new RegExp(`${literal(report.name)}[\\s\\S]*${site}[\\s\\S]*Raw data \\(CSV\\)`));
    }
    expect(await page.locator(`[data-testid="report-row"][data-report="${seeded?.id}"]`).count()).toBe(0);
    // Both become ready on the page by themselves.
    for (const { report } of mine) {
      await expectVisible(page.locator(`[data-report="${report.id}"] [data-status="DONE"]`));
    }
  });

  it("lists the job's reports on the job page's Reports card, with the demo pour report to download", async () => {
    const job = await harbourfrontJob(POUR_JOB);
    const editor = await apiAs(e2e.server.url, demoUsers.editor.username);
    const listed = await editor.call<ReportRequest[]>(`${RR}/list/by_msjId/${job.id}`, { method: 'POST' });
    const pour = listed.find((r) => r.type === 'CS_POUR_REPORT' && r.ownerUsername === 'editor');
    if (!pour) throw new Error(`the demo's pour report of ${POUR_JOB} is not listed`);
    const done = await madeReport('editor', job.tenantGroupId, pour.id);

    const page = await e2e.signedInPage(demoUsers.viewer, { viewport: desktop, path: jobPath(job) });
    const card = page.getByTestId('job-reports');
    await expectVisible(card.getByRole('heading', { name: 'Reports' }));
    const row = card.locator(`[data-testid="job-report-row"][data-report="${pour.id}"]`);
    await expectVisible(row);
    await expectText(row, new RegExp(`${literal(pour.name)}[\\s\\S]*Pour report[\\s\\S]*Created`));
    await expectText(row.locator('[data-status]'), /^Ready$/);
    expect(await card.getByTestId('job-report-row').count()).toBe(listed.length);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: `Download ${pour.name}` }).click(),
    ]);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(done.fileSize);
  });

  it('a user deletes their own report from the report list after confirming; the server no longer has it', async () => {
    const site = await harbourfront();
    const created = await requestCsv('editor', site.id, 'Gaps report to delete');
    await madeReport('editor', site.id, created.id);
    const before = await siteReports('editor', site.id);

    const page = await e2e.signedInPage(demoUsers.editor, {
      viewport: desktop,
      path: `/report-list/${site.id}`,
    });
    const row = page.locator(`[data-testid="report-row"][data-report="${created.id}"]`);
    await expectVisible(row);
    const dialog = page.getByRole('dialog').filter({ hasText: `Delete ${created.name}?` });

    // Cancel first: nothing is deleted.
    await row.getByRole('button', { name: `Delete ${created.name}` }).click();
    await expectVisible(
      dialog.getByText('The report and its file are deleted for everyone.', { exact: false }),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);
    await expectVisible(row);
    expect((await siteReports('editor', site.id)).some((r) => r.id === created.id)).toBe(true);

    await row.getByRole('button', { name: `Delete ${created.name}` }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectVisible(page.getByText(`${created.name} deleted`));
    await expectHidden(row);

    const after = await siteReports('editor', site.id);
    expect(after.map((r) => r.id).sort()).toEqual(
      before
        .map((r) => r.id)
        .filter((id) => id !== created.id)
        .sort(),
    );
    expect(await statusOf('editor', `${RR}/by_rrId/${created.id}`, 'DELETE')).toBe('404');
    await page.reload();
    await expectVisible(heading(page, 'Report requests'));
    await expectVisible(page.locator('[data-testid="report-row"]'));
    expect(await row.count()).toBe(0);
  });
});

describe('job address kept for after sign-in', () => {
  it('opens the first job address visited while signed out 3 s after a sign-in that lands home', async () => {
    const job = await harbourfrontJob(POUR_JOB);
    const other = await harbourfrontJob('Level 3 Slab - Pour 1');
    const page = await e2e.newPage({ viewport: desktop });

    // Signed out: the job routes send to the login screen; the first one is remembered, not the second.
    await page.goto(jobPath(job));
    await expectPath(page, '/login');
    await page.goto(jobPath(other));
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('sitepulse.landingUrl'))).toBe(jobPath(job));

    // Then a visit home, signed out: the login screen sends back home, and 3 s later the saved job opens.
    await page.goto('/');
    await expectPath(page, '/login');
    await signIn(page, { username: demoUsers.editor.username });
    // Taken just after the click: the timer starts once the sign-in calls have answered, later still.
    const clicked = Date.now();
    await expectPath(page, '/');
    await expectVisible(ui.map(page));
    await expectPath(page, jobPath(job));
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(3_000);
    await expectVisible(page.getByTestId('job-reports'));
  });
});
