/**
 * Issue 14, "done means" (e2e): reports in a real browser against the real server. An editor opens the
 * report list from the Harbourfront Tower dashboard, requests a pour report of 'Level 4 Slab - Pour 2' and a
 * raw-data CSV of chosen sensors, watches each go from Queued or Being made to Ready without a reload, and
 * downloads them from the list (the PDF read with pdftotext, the CSV parsed). A daily schedule created in the
 * browser is made due (its next_run_at put in the past in the server's SQLite file: the product has no "run
 * now" call) and its e-mail reaches the recipient through a real SMTP server, in the recipient's language, with
 * the PDF attached; the list shows its latest report, and Stop asks first. A viewer of another job site, and
 * the inspector of the report's own site, get no file bytes from the download link. And the screens in Spanish.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReportRequest, ReportSchedule, ReportSensor } from '@sitepulse/contracts';
import Database from 'better-sqlite3';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, startSmtpServer } from '../apps/server/src/test/smtp.ts';
import { apiAs, callAs, demoSiteAs } from './support/api.ts';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { restoreDisplayAfterEach, setLanguage } from './support/preferences.ts';
import { signInViaApi } from './support/session.ts';
import {
  demoSites,
  expectNoHorizontalOverflow,
  expectPath,
  expectText,
  expectVisible,
  readText,
} from './support/ui.ts';

// The SMTP server must be listening before the app starts, so the app gets its address (SMTP_URL). Report
// files go to a temp folder of this spec, not the default ./data/reports of the working tree.
const smtp = await startSmtpServer();
const reportsDir = mkdtempSync(join(tmpdir(), 'sitepulse-e2e-reports-'));
const e2e = useE2E({ env: { ...smtp.env, REPORTS_DIR: reportsDir } });
afterAll(async () => {
  await smtp.close();
  rmSync(reportsDir, { recursive: true, force: true });
});

const touched = restoreDisplayAfterEach();

const POUR_JOB = 'Level 4 Slab - Pour 2';
const MATURED_JOB = 'Level 3 Slab - Pour 1';
const RR = '/analytics/report/requests';

/**
 * Waits (polling; the test's own timeout is the only limit) until a message to `address` with `subject`
 * has arrived (the demo's members also get alarm e-mails).
 */
async function mailTo(address: string, subject: string): Promise<ReceivedMail> {
  for (;;) {
    const mail = smtp.to(address).find((m) => m.subject === subject);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Attachment {
  contentType: string;
  fileName: string;
  content: Buffer;
}

/** The attachments of a received message (base64 parts with Content-Disposition: attachment), read recursively. */
function attachmentsOf(raw: string): Attachment[] {
  const found: Attachment[] = [];
  const visit = (part: string) => {
    const normalized = part.replace(/\r\n/g, '\n');
    const end = normalized.indexOf('\n\n');
    const head = (end < 0 ? normalized : normalized.slice(0, end)).replace(/\n[ \t]+/g, ' ');
    const body = end < 0 ? '' : normalized.slice(end + 2);
    const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1] ?? '';
    const type = header('content-type');
    const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const piece of body.split(`--${boundary}`).slice(1))
        if (!piece.startsWith('--')) visit(piece.replace(/^\n/, ''));
      return;
    }
    const disposition = header('content-disposition');
    if (!/^attachment/i.test(disposition)) return;
    expect(header('content-transfer-encoding').toLowerCase()).toBe('base64');
    found.push({
      contentType: type.split(';')[0].trim(),
      fileName: disposition.match(/filename="?([^";]+)"?/i)?.[1] ?? '',
      content: Buffer.from(body.replace(/\s+/g, ''), 'base64'),
    });
  };
  visit(raw);
  return found;
}

/** The text of a PDF as poppler's pdftotext reads it. */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitepulse-e2e-pdf-'));
  try {
    const path = join(dir, 'report.pdf');
    writeFileSync(path, bytes);
    return execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(
      /\u00a0/g,
      ' ',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A CSV body (UTF-8 with a BOM) as rows of cells; quoted cells may hold commas, newlines and doubled quotes. */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** The bytes of a finished download. */
async function downloadedBytes(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

/** A report request of a site, by id, as the server answers it to `username`. */
async function reportOf(username: string, siteId: number, id: number): Promise<ReportRequest> {
  const list = await callAs<ReportRequest[]>(
    e2e.server.url,
    username,
    `${RR}/by_tenant_group?tenantGroupId=${siteId}`,
  );
  const report = list.find((r) => r.id === id);
  if (!report) throw new Error(`report ${id} is not on site ${siteId}'s list`);
  return report;
}

/** Polls the server until the request is made (DONE, or ERROR: the test then fails naming the reason). */
async function madeReport(username: string, siteId: number, id: number): Promise<ReportRequest> {
  for (;;) {
    const report = await reportOf(username, siteId, id);
    if (report.status === 'DONE') return report;
    if (report.status === 'ERROR') throw new Error(`report ${id} failed: ${report.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The report list of a site, opened the way a person gets there: the site dashboard's Reports button. */
async function openReportListFromDashboard(page: Page, siteId: number) {
  await page.goto(`/construction_dashboard/${siteId}`);
  await page.getByRole('main').getByRole('link', { name: 'Reports', exact: true }).click();
  await expectPath(page, `/report-list/${siteId}`);
  await expectVisible(page.getByRole('heading', { name: 'Report requests' }));
}

/** Submits the generation form; answers the request (or schedule) the server stored. */
async function submit<T>(page: Page, button: string, path: string): Promise<T> {
  const created = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api${path}` && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: button, exact: true }).click();
  const res = await created;
  expect(res.status()).toBe(201);
  return (await res.json()) as T;
}

/**
 * The list shows the new request Queued or Being made first, then Ready, by itself: the document is the same
 * one throughout (a marker set on window survives), so no reload happened.
 */
async function expectMadeWithoutReload(page: Page, row: Locator, shot?: string): Promise<void> {
  await expectVisible(row);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const chip = row.locator('[data-status]');
  expect(['NEW', 'RUNNING']).toContain(await chip.getAttribute('data-status'));
  expect(await readText(chip)).toMatch(/^(Queued|Being made)$/);
  if (shot) await screenshot(page, shot);
  await expectVisible(row.locator('[data-status="DONE"]'));
  expect(await readText(row.locator('[data-status]'))).toBe('Ready');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
}

const harbourfront = () => demoSiteAs(e2e.server.url, demoSites.first);

/**
 * Keeps the report worker busy for a moment. It makes one report at a time, oldest first, and a small report
 * is made in well under a second, before the list has even opened; so, to watch a request go from Queued to
 * Ready, the admin first asks for whole-range spreadsheets of every sensor of the precast plant (a site the
 * editor does not see, so they are not on the editor's list), and the editor's request waits behind them.
 */
async function keepWorkerBusy(count = 4): Promise<void> {
  const admin = await apiAs(e2e.server.url, demoUsers.admin.username);
  const plant = await demoSiteAs(e2e.server.url, demoSites.precast);
  const sensors = await admin.call<ReportSensor[]>(
    `/analytics/report/msj/sensors/by_tenant_group?tenantGroupId=${plant.id}&blacklistSensorsOnly=false`,
  );
  const to = Date.now();
  for (let i = 0; i < count; i++) {
    await admin.call<ReportRequest>(`${RR}/msj/by_job?tenant=${plant.id}`, {
      body: {
        type: 'RAW_DATA_EXCEL',
        name: `Plant backlog ${i + 1}`,
        attributes: { sensorIds: sensors.map((s) => s.sensorId), from: to - 365 * 86_400_000, to },
      },
    });
  }
}

describe('report generation and the report list', () => {
  it('an editor requests a pour report from the dashboard, sees it made without a reload, and downloads the PDF', async () => {
    const site = await harbourfront();
    const page = await e2e.signedInPage({ username: demoUsers.editor.username }, { viewport: desktop });
    await openReportListFromDashboard(page, site.id);

    // The list's "New report" opens the generation page.
    await page.getByRole('link', { name: 'New report' }).first().click();
    await expectPath(page, `/report-generation/${site.id}`);
    await expectVisible(page.getByRole('heading', { name: /Report Generation/ }));

    await page.getByLabel('Report type').selectOption({ label: 'Pour report (PDF)' });
    await expectVisible(page.getByText(/the strength forecast and the stripping and stressing sign-offs/));
    await page.getByLabel('Job', { exact: true }).selectOption({ label: POUR_JOB });
    // The range is filled in from the chosen job, start before end, as datetime-local values.
    const from = await page.getByTestId('report-from').inputValue();
    const to = await page.getByTestId('report-to').inputValue();
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(from < to).toBe(true);
    await expectText(page.getByTestId('report-zone'), /America\/Toronto/);
    await screenshot(page, 'reports-generation-1280');

    await keepWorkerBusy();
    const created = await submit<ReportRequest>(page, 'Request report', `${RR}/msj/by_job`);
    expect(created.type).toBe('CS_POUR_REPORT');
    expect(created.status).toBe('NEW');
    expect(created.ownerUsername).toBe(demoUsers.editor.username);
    await expectPath(page, `/report-list/${site.id}`);
    await expectVisible(page.getByText('Report requested'));

    const row = page.locator(`[data-testid="report-row"][data-report="${created.id}"]`);
    await expectMadeWithoutReload(page, row, 'reports-list-queued-1280');
    await expectText(row, new RegExp(`${created.name}[\\s\\S]*Pour report \\(PDF\\)[\\s\\S]*editor`));
    // The size column reads the file's size in words.
    await expectText(row, /\d+(\.\d)? (KB|MB)/);
    await screenshot(page, 'reports-list-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: `Download ${created.name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await downloadedBytes(download);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(POUR_JOB);
    expect(text).toContain(demoSites.first);
    const done = await reportOf(demoUsers.editor.username, site.id, created.id);
    expect(pdf.length).toBe(done.fileSize);

    // The same list and form on a phone: cards, nothing wider than the screen.
    await page.setViewportSize(phone);
    await expectVisible(page.getByTestId('report-cards'));
    await expectVisible(row.locator('[data-status="DONE"]'));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'reports-list-390');
    await page.getByRole('link', { name: 'New report' }).first().click();
    await page.getByLabel('Report type').selectOption({ label: 'Pour report (PDF)' });
    await page.getByLabel('Job', { exact: true }).selectOption({ label: POUR_JOB });
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'reports-generation-390');
  });

  it('a raw data CSV of chosen sensors downloads with units in its header and a row per reading', async () => {
    const site = await harbourfront();
    const sensors = await callAs<ReportSensor[]>(
      e2e.server.url,
      demoUsers.editor.username,
      `/analytics/report/msj/sensors/by_tenant_group?tenantGroupId=${site.id}&blacklistSensorsOnly=false`,
    );
    const chosen = sensors
      .filter((s) => s.jobName === MATURED_JOB && s.sensorType === 'Temperature' && !s.blacklisted)
      .slice(0, 2);
    expect(chosen).toHaveLength(2);

    const page = await e2e.signedInPage(
      { username: demoUsers.editor.username },
      { viewport: desktop, path: `/report-generation/${site.id}` },
    );
    await page.getByLabel('Report type').selectOption({ label: 'Raw data (CSV)' });
    const list = page.getByRole('group', { name: 'Sensors' });
    for (const s of chosen) {
      const label = s.sensorAlias || `Sensor ${s.sensorId}`;
      await list.getByRole('checkbox', { name: new RegExp(`^${label}\\b.*${MATURED_JOB}`) }).check();
    }
    await expectVisible(page.getByText(`2 chosen of ${sensors.length}`));
    await page.getByLabel('Report name (optional)').fill('Pour 1 raw temperatures');
    await screenshot(page, 'reports-raw-csv-1280');

    // Queued → Ready without a reload is the pour report's test; a two-sensor CSV can be made before the
    // list has opened, so this one only waits for it to be ready.
    const created = await submit<ReportRequest>(page, 'Request report', `${RR}/msj/by_job`);
    expect(created.type).toBe('RAW_DATA_CSV');
    expect([...(created.attributes.sensorIds ?? [])].sort()).toEqual(chosen.map((s) => s.sensorId).sort());
    await expectPath(page, `/report-list/${site.id}`);
    const row = page.locator(`[data-testid="report-row"][data-report="${created.id}"]`);
    await expectVisible(row.locator('[data-status="DONE"]'));
    await expectText(row, /^Pour 1 raw temperatures[\s\S]*Raw data \(CSV\)/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: 'Download Pour 1 raw temperatures' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const rows = parseCsv((await downloadedBytes(download)).toString('utf8'));
    // The editor reads the site's clock in Metric: times in America/Toronto, temperatures in °C.
    expect(rows[0]).toEqual(['Sensor', 'Sensor id', 'Node id', 'Time (America/Toronto)', 'Temperature (°C)']);
    const body = rows.slice(1);
    // The last 24 hours of two sensors read every 15 minutes.
    expect(body.length).toBeGreaterThanOrEqual(2 * 90);
    expect(new Set(body.map((r) => r[1]))).toEqual(new Set(chosen.map((s) => String(s.sensorId))));
    for (const r of body) {
      expect(r[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (AM|PM)$/);
      expect(Number.isFinite(Number(r[4]))).toBe(true);
      // A curing slab in a Toronto winter: well within what concrete and air read.
      expect(Number(r[4])).toBeGreaterThan(-40);
      expect(Number(r[4])).toBeLessThan(90);
    }
  });

  it('a daily schedule made in the browser e-mails its PDF to the chosen member in their language, then is stopped', async () => {
    const site = await harbourfront();
    const viewerApi = await apiAs(e2e.server.url, demoUsers.viewer.username);
    const setViewerLanguage = (val: 'en' | 'es') =>
      viewerApi.call('/settings/user', {
        method: 'PUT',
        body: {
          username: viewerApi.username,
          companyId: Number(viewerApi.companyId),
          userSettingType: 'Language',
          val,
        },
      });
    // The recipient reads Spanish; the editor who schedules reads English.
    await setViewerLanguage('es');
    try {
      const page = await e2e.signedInPage(
        { username: demoUsers.editor.username },
        { viewport: desktop, path: `/report-list/${site.id}` },
      );
      await page.getByRole('link', { name: 'New report' }).first().click();
      await expectPath(page, `/report-generation/${site.id}`);
      await page.getByLabel('Report type').selectOption({ label: 'Pour report (PDF)' });
      await page.getByLabel('Job', { exact: true }).selectOption({ label: POUR_JOB });
      const name = 'Pour 2 daily e2e';
      await page.getByLabel('Report name (optional)').fill(name);

      await page.getByLabel('Repeat on a schedule').check();
      const fields = page.getByTestId('schedule-fields');
      await expectVisible(fields);
      expect(await fields.getByRole('radio', { name: 'Daily' }).isChecked()).toBe(true);
      // Five minutes from now on the clock the form uses (the editor's display zone: the site's).
      const zone = 'America/Toronto';
      await expectText(page.getByTestId('report-zone'), new RegExp(zone.replace('/', '\\/')));
      const soon = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(Date.now() + 5 * 60_000));
      await page.getByTestId('schedule-time').fill(soon);
      // The period a scheduled report covers is said under Period, above the schedule's own fields.
      await expectVisible(page.getByText('Each report covers the day before it is made.'));

      await page.getByLabel('E-mail it to people of this job site').check();
      const recipients = page.getByRole('group', { name: 'Delivery' });
      await recipients.getByRole('checkbox', { name: /^Priya Nair\b/ }).check();
      await screenshot(page, 'reports-schedule-form-1280');

      const schedule = await submit<ReportSchedule>(page, 'Create schedule', `${RR}/schedules`);
      expect(schedule.isActive).toBe(true);
      expect(schedule.frequency).toBe('DAILY');
      expect(schedule.timeOfDay).toBe(soon);
      expect(schedule.timeZone).toBe(zone);
      // The next run is the time typed, read on the site's clock: within the next five minutes.
      const untilNext = (schedule.nextRunAt ?? 0) - Date.now();
      expect(untilNext).toBeGreaterThan(0);
      expect(untilNext).toBeLessThanOrEqual(5 * 60_000);
      await expectPath(page, `/report-list/${site.id}`);
      await expectVisible(page.getByText('Report scheduled'));
      const scheduleRow = page.locator(`[data-testid="schedule-row"][data-schedule="${schedule.id}"]`);
      // The list says the time as the app says times: 12-hour, 'hh:mm A'.
      const [hh, mm] = soon.split(':').map(Number);
      const soon12 = `${String(hh % 12 === 0 ? 12 : hh % 12).padStart(2, '0')}:${String(mm).padStart(2, '0')} ${hh < 12 ? 'AM' : 'PM'}`;
      await expectText(scheduleRow, new RegExp(`^${name}[\\s\\S]*Every day at ${soon12} \\(${zone}\\)`));

      // The product has no "run now" call: the schedule is made due by moving its next run into the past in
      // the server's own database (the e2e server's SQLite file), which the scheduler reads every tick.
      const db = new Database(e2e.server.dbPath);
      try {
        db.pragma('busy_timeout = 5000');
        const moved = db
          .prepare('UPDATE report_schedule SET next_run_at = ? WHERE id = ? AND is_active = 1')
          .run(Date.now() - 60_000, schedule.id);
        expect(moved.changes).toBe(1);
      } finally {
        db.close();
      }

      const mail = await mailTo(demoUsers.viewer.email, `Informe listo: ${name} (${demoSites.first})`);
      expect(mail.text).toContain('Hola Priya:');
      expect(mail.text).toContain('el informe programado por Marco Ruiz');
      expect(mail.text).toMatch(/Va adjunto: \S+\.pdf/);
      const [attachment, ...more] = attachmentsOf(mail.raw);
      expect(more).toHaveLength(0);
      expect(attachment.contentType).toBe('application/pdf');
      expect(attachment.fileName).toMatch(/\.pdf$/);
      expect(mail.text).toContain(attachment.fileName);
      expect(attachment.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdfText(attachment.content)).toContain(POUR_JOB);
      // Only the chosen member was e-mailed this report (the demo's own first report goes to the editor).
      expect(smtp.to(demoUsers.editor.email).filter((m) => m.subject.includes(name))).toEqual([]);

      // The schedule's latest report is the one mailed. A fired schedule does not make an open list read
      // again by itself (it polls only while a listed report is in flight), so the list is opened anew.
      await page.goto(`/report-list/${site.id}`);
      await expectVisible(scheduleRow.locator('[data-status="DONE"]'));
      await expectVisible(scheduleRow.getByRole('link', { name: `Download ${name}` }));
      const latest = (
        await callAs<ReportSchedule[]>(
          e2e.server.url,
          demoUsers.editor.username,
          `${RR}/schedules/by_tenant_group/with_latest_rr?tenantGroupId=${site.id}`,
        )
      ).find((s) => s.id === schedule.id)?.latestReport;
      expect(latest?.auto).toBe(true);
      expect(latest?.fileName).toBe(attachment.fileName);
      expect(latest?.fileSize).toBe(attachment.content.length);
      // The request it made is on the list too, marked as scheduled.
      await expectText(
        page.locator(`[data-testid="report-row"][data-report="${latest?.id}"]`),
        new RegExp(`^${name}\\s*Scheduled`),
      );
      await screenshot(page, 'reports-schedule-latest-1280');

      // Stop asks first; Cancel keeps it running.
      const stop = scheduleRow.getByRole('button', { name: `Stop ${name}` });
      await stop.click();
      const dialog = page.getByRole('dialog');
      await expectVisible(dialog.getByText(`Stop ${name}?`));
      await expectVisible(dialog.getByText(/No more reports will be made by this schedule/));
      await screenshot(page, 'reports-schedule-stop-1280');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expectVisible(stop);
      await stop.click();
      await dialog.getByRole('button', { name: 'Stop', exact: true }).click();
      await expectVisible(page.getByText(`${name} stopped`));
      await expectText(scheduleRow, /Stopped/);
      expect(await scheduleRow.getByRole('button', { name: `Stop ${name}` }).count()).toBe(0);
      const stopped = (
        await callAs<ReportSchedule[]>(
          e2e.server.url,
          demoUsers.editor.username,
          `${RR}/schedules/by_tenant_group/with_latest_rr?tenantGroupId=${site.id}`,
        )
      ).find((s) => s.id === schedule.id);
      expect(stopped?.isActive).toBe(false);
      expect(stopped?.nextRunAt).toBeNull();
    } finally {
      await setViewerLanguage('en');
    }
  });
});

describe('who may download a report', () => {
  it("a viewer of another job site, and the report site's inspector, get no file from the link", async () => {
    const admin = await apiAs(e2e.server.url, demoUsers.admin.username);
    const plant = await demoSiteAs(e2e.server.url, demoSites.precast);
    const tower = await harbourfront();
    /** An admin's raw-data CSV of one temperature sensor of a site, made. */
    const csvReportOn = async (siteId: number) => {
      const sensors = await admin.call<ReportSensor[]>(
        `/analytics/report/msj/sensors/by_tenant_group?tenantGroupId=${siteId}&blacklistSensorsOnly=false`,
      );
      const sensor = sensors.find((s) => s.sensorType === 'Temperature' && !s.blacklisted && s.jobName);
      if (!sensor) throw new Error(`no temperature sensor on site ${siteId}`);
      const created = await admin.call<ReportRequest>(`${RR}/msj/by_job?tenant=${siteId}`, {
        body: { type: 'RAW_DATA_CSV', attributes: { sensorIds: [sensor.sensorId] } },
      });
      return madeReport(demoUsers.admin.username, siteId, created.id);
    };
    const plantReport = await csvReportOn(plant.id);
    const towerReport = await csvReportOn(tower.id);

    const tokenOf = async (username: string) => {
      const storage = await signInViaApi(e2e.server.url, { username });
      return storage.localStorage.find((e) => e.name === 'sitepulse.accessToken')?.value ?? '';
    };
    const fileLink = (fileName: string | null, token: string) =>
      `${e2e.server.url}/api/analytics/report/s3/file/${encodeURIComponent(fileName ?? '')}?token=${encodeURIComponent(token)}`;
    const csvHeader = 'Sensor,Sensor id,Node id';

    // The admin (every site) gets the file: the link works.
    const adminFile = await fetch(fileLink(plantReport.fileName, await tokenOf(demoUsers.admin.username)));
    expect(adminFile.status).toBe(200);
    expect(adminFile.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(adminFile.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(await adminFile.text()).toContain(csvHeader);

    // The viewer is granted Harbourfront Tower only: the plant's report is not found, and no byte of it comes.
    const viewerToken = await tokenOf(demoUsers.viewer.username);
    const viewerPage = await e2e.signedInPage({ username: demoUsers.viewer.username }, { viewport: desktop });
    const refused = await viewerPage.request.get(fileLink(plantReport.fileName, viewerToken));
    expect(refused.status()).toBe(404);
    expect(refused.headers()['content-disposition']).toBeUndefined();
    const refusedBody = (await refused.text()) ?? '';
    expect(refusedBody).not.toContain(csvHeader);
    expect((JSON.parse(refusedBody) as { error: { code: string } }).error.code).toBeTruthy();
    // Her own site's report she may download (a viewer reads the site's reports).
    const own = await viewerPage.request.get(fileLink(towerReport.fileName, viewerToken));
    expect(own.status()).toBe(200);
    expect(await own.text()).toContain(csvHeader);

    // The inspector of Harbourfront Tower is refused every report call there, the file included.
    const inspector = await fetch(
      fileLink(towerReport.fileName, await tokenOf(demoUsers.inspector.username)),
    );
    expect(inspector.status).toBe(403);
    expect(inspector.headers.get('content-disposition')).toBeNull();
    expect(await inspector.text()).not.toContain(csvHeader);

    // Without a token the link is refused.
    const anonymous = await fetch(fileLink(towerReport.fileName, ''));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain(csvHeader);
  });
});

describe('reports in Spanish', () => {
  it('the generation page and the list read in Spanish on a phone', async () => {
    const site = await harbourfront();
    // A ready report of the editor's on the list (the test does not lean on the ones before it).
    const editor = await apiAs(e2e.server.url, demoUsers.editor.username);
    const sensors = await editor.call<ReportSensor[]>(
      `/analytics/report/msj/sensors/by_tenant_group?tenantGroupId=${site.id}&blacklistSensorsOnly=false`,
    );
    const sensorIds = sensors.filter((s) => s.jobName === POUR_JOB).map((s) => s.sensorId);
    const hourly = await editor.call<ReportRequest>(`${RR}/msj/by_job?tenant=${site.id}`, {
      body: { type: 'RAW_DATA_CSV_DW', name: 'Pour 2 hourly data', attributes: { sensorIds } },
    });
    await madeReport(demoUsers.editor.username, site.id, hourly.id);
    const page = await e2e.signedInPage(
      { username: demoUsers.editor.username },
      { viewport: phone, path: `/report-list/${site.id}` },
    );
    touched.add(page);
    await setLanguage(page, 'es');

    await expectVisible(page.getByRole('heading', { name: 'Solicitudes de informes' }));
    await expectVisible(page.getByRole('heading', { name: 'Programaciones' }));
    const row = page.locator(`[data-testid="report-row"][data-report="${hourly.id}"]`);
    await expectVisible(row);
    expect(await readText(row.locator('[data-status]'))).toBe('Listo');
    await expectText(row, /^Pour 2 hourly data\s*Datos por hora \(CSV\)/);
    await expectText(row, /Solicitado por\s*editor/);
    await expectVisible(row.getByRole('link', { name: 'Descargar Pour 2 hourly data' }));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'reports-list-es-390');

    await page.getByRole('link', { name: 'Nuevo informe' }).first().click();
    await expectPath(page, `/report-generation/${site.id}`);
    await expectVisible(page.getByRole('heading', { name: /Generación de informes/ }));
    await page.getByLabel('Tipo de informe').selectOption({ label: 'Informe de colada (PDF)' });
    await page.getByLabel('Trabajo', { exact: true }).selectOption({ label: POUR_JOB });
    await expectVisible(page.getByText('Periodo', { exact: true }));
    await expectVisible(page.getByText('Entrega', { exact: true }));
    await expectVisible(page.getByRole('button', { name: 'Solicitar informe' }));
    await page.getByLabel('Repetir según una programación').check();
    await expectVisible(page.getByRole('radio', { name: 'Diario' }));
    await expectVisible(page.getByRole('button', { name: 'Crear programación' }));
    await page.getByLabel('Repetir según una programación').uncheck();
    await expectNoHorizontalOverflow(page);
    // The page scrolls in its main area, not the window: back to the heading for the picture.
    await page.getByRole('heading', { name: /Generación de informes/ }).scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-generation-es-390');
  });
});
