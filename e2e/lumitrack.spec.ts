/**
 * Issue 16, "done means" (e2e): Lumitrack IDs, their QR labels and checklists in a real browser against the
 * real server. The demo admin opens Yard Asset Tags from the drawer (its own screen, not the concrete job
 * list), creates 20 IDs there, requests their labels as one PDF (A4), watches the file become ready without a
 * reload, downloads it, and reads it back: an A4 page (595 × 842 pt) with 20 labels whose codes scan to the 20
 * new IDs (the server tests' QR decoder, on the PDF rendered by pdftoppm). Then fills the demo's checklist for
 * one of them on its own page (a number out of bounds said on the item, a photo sent first) and reads it back
 * there and on the project's list. And each screen at 390 and 1280.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChecklistFill, IdFileRequest, LumitrackId } from '@sitepulse/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { scanSheets } from '../apps/server/src/modules/lumitrack/labels/scan.ts';
import { apiAs, demoSiteAs } from './support/api.ts';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoCompany, demoUsers } from './support/demo.ts';
import {
  demoSites,
  expectCount,
  expectNoHorizontalOverflow,
  expectPath,
  expectText,
  expectVisible,
  readText,
} from './support/ui.ts';

// Label files and photos go to a temp folder of this spec, not the working tree's ./data.
const filesDir = mkdtempSync(join(tmpdir(), 'sitepulse-e2e-lumitrack-'));
const e2e = useE2E({ env: { REPORTS_DIR: filesDir } });
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

const PROJECT = 'Yard Asset Tags';
const TEMPLATE = 'Precast element QA';
const LT = '/api/lumitrack/lumitrackid';
/** A 1 × 1 PNG, as a phone camera hands over a photo (the server reads its signature). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function yardProject() {
  const site = await demoSiteAs(e2e.server.url, demoSites.precast);
  const project = site.tenantMessages.find((p) => p.name === PROJECT);
  if (!project) throw new Error(`no demo project ${PROJECT}`);
  return { site, project, path: `/lumitrack/${site.id}/${project.id}` };
}

/** A POST's answer, once the click that sends it is made. */
async function posted<T>(page: Page, path: string, click: () => Promise<void>): Promise<T> {
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === path && r.request().method() === 'POST',
  );
  await click();
  const res = await answer;
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/** Run a poppler tool on PDF bytes; answers what it prints. */
function poppler(tool: 'pdfinfo' | 'pdftotext', pdf: Buffer, ...args: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitepulse-e2e-pdf-'));
  try {
    const path = join(dir, 'labels.pdf');
    writeFileSync(path, pdf);
    return execFileSync(`/usr/bin/${tool}`, [...args, path, ...(tool === 'pdftotext' ? ['-'] : [])], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

const item = (dialog: Locator, key: string) => dialog.getByTestId(`item-${key}`);

describe('Lumitrack IDs, QR labels and checklists', () => {
  it('the admin creates 20 IDs in Yard Asset Tags, prints them as one A4 PDF and every label scans to its ID', async () => {
    const { path } = await yardProject();
    const page = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: desktop });
    // The drawer's Lumitrack project opens its own screen, not the concrete job list.
    await page.getByRole('button', { name: `Show the projects of ${demoSites.precast}` }).click();
    await page.getByRole('link', { name: PROJECT, exact: true }).click();
    await expectPath(page, path);
    await expectVisible(page.getByRole('heading', { level: 1, name: new RegExp(PROJECT) }));
    await expectVisible(page.getByTestId('lumitrack-row'));
    expect(await page.getByText(/Estimates are not a substitute/).count()).toBe(0);
    // The demo's first ID is tracked by the spare GPS node, shown by its first 8 characters.
    await expectText(page.getByTestId('gps-node').first(), /^10110$/);
    await markDocument(page);

    await page.getByRole('button', { name: 'Create IDs' }).click();
    const create = page.getByRole('dialog', { name: `Create IDs in ${PROJECT}` });
    await expectText(create.getByTestId('annual-room'), /of the company's \d+ IDs a year are left/);
    await create.getByTestId('id-count').fill('20');
    const made = await posted<LumitrackId[]>(page, `${LT}/type/standard/list`, () =>
      create.getByRole('button', { name: 'Create', exact: true }).click(),
    );
    expect(made).toHaveLength(20);
    expect(made.every((i) => i.tenant !== null && i.projectName === PROJECT)).toBe(true);
    const ids = made.map((i) => i.lumitrackId);
    // The 20 new IDs are listed and selected, ready for their labels.
    await expectText(page.getByTestId('id-count'), / 20 selected$/);
    for (const id of ids) {
      await expectVisible(page.locator(`[data-testid="lumitrack-row"][data-id="${id}"]`));
      expect(await page.getByRole('checkbox', { name: `Select ${id}` }).isChecked()).toBe(true);
    }
    await screenshot(page, 'lumitrack-project-1280');

    await page.getByRole('button', { name: 'Labels (20)' }).click();
    const labels = page.getByRole('dialog', { name: 'QR labels of 20 IDs' });
    await labels.getByRole('radio', { name: /PDF A4/ }).check();
    await screenshot(page, 'lumitrack-labels-dialog-1280');
    const request = await posted<IdFileRequest>(page, `${LT}/files/requests`, () =>
      labels.getByRole('button', { name: 'Request labels' }).click(),
    );
    expect(request).toMatchObject({ status: 'NEW', payload: { fileFormat: 'PDF_A4', fileType: 'PDF' } });
    expect(request.lumitrackIds).toEqual(ids);

    // Made by the worker; the list shows it ready by itself, in the same document (no reload).
    const file = page.getByTestId('label-file').filter({ hasText: 'PDF A4 · 20 IDs' });
    await expectVisible(file.locator('[data-status="DONE"]'));
    expect(await readText(file)).toContain('Ready');
    expect(await sameDocument(page)).toBe(true);
    await file.scrollIntoViewIfNeeded();
    await screenshot(page, 'lumitrack-label-files-1280');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      file.getByTestId('label-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`lumitrack-labels-${request.id}-20-a4.pdf`);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // One A4 page: 595 × 842 pt.
    const info = poppler('pdfinfo', pdf);
    expect(info).toMatch(/^Pages:\s+1$/m);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
    expect(size?.slice(1).map((v) => Math.round(Number(v)))).toEqual([595, 842]);
    // 20 labels, in order, each scanning to its ID; the sheet's 21st slot is empty.
    const { codes, pagesMm } = await scanSheets(pdf, 'PDF_A4');
    expect(pagesMm).toHaveLength(1);
    expect(codes.slice(0, 20)).toEqual(ids);
    expect(codes[20]).toBeNull();
    const printed = poppler('pdftotext', pdf, '-layout');
    for (const id of ids) expect(printed).toContain(id);
    expect(printed).toContain(demoCompany.name);

    // Asked again, the labels dialog starts from the format kept.
    await page.getByRole('checkbox', { name: `Select ${ids[0]}` }).check();
    await page.getByRole('button', { name: 'Labels (1)' }).click();
    expect(
      await page
        .getByRole('dialog', { name: 'QR label of 1 ID' })
        .getByRole('radio', { name: /PDF A4/ })
        .isChecked(),
    ).toBe(true);
  });

  it('fills the demo checklist for one ID on its page, and reads it back there and on the project list', async () => {
    const { site, project, path } = await yardProject();
    const admin = await apiAs(e2e.server.url, demoUsers.admin.username);
    const [newest] = await admin.call<LumitrackId[]>(`/lumitrack/lumitrackid/by_tenant/list/${project.id}`);
    const id = newest.lumitrackId;
    const page = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: desktop, path });
    await page.getByRole('link', { name: id, exact: true }).click();
    await expectPath(page, `/lumitrack/${site.id}/${project.id}/id/${id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: new RegExp(id) }));
    await expectVisible(page.getByText('No checklist filled for this ID yet.'));

    await page.getByRole('button', { name: 'Fill a checklist' }).click();
    const dialog = page.getByRole('dialog', { name: `Checklist for ${id}` });
    // The project's only active template is chosen.
    await expectText(dialog.getByRole('combobox', { name: 'Checklist' }), new RegExp(TEMPLATE));
    await item(dialog, 'element_mark').getByRole('textbox').fill('DT-24-101');
    for (const key of ['dimensions', 'cover', 'surface', 'lifting_inserts'])
      await item(dialog, key).getByRole('radio', { name: 'Pass' }).check();
    await item(dialog, 'camber').getByRole('textbox').fill('60');
    await item(dialog, 'release_strength').getByRole('textbox').fill('31.5');
    await item(dialog, 'defect_photo')
      .getByTestId('photo-defect_photo')
      .setInputFiles({ name: 'defect.png', mimeType: 'image/png', buffer: PNG });
    await item(dialog, 'notes').getByRole('textbox').fill('Lifted to bay 4');
    // Out of its bounds, in its unit: said on the item, nothing sent.
    await dialog.getByRole('button', { name: 'Save checklist' }).click();
    await expectText(
      item(dialog, 'camber').getByTestId('item-error'),
      /Out of bounds: Between -50 and 50 mm/,
    );
    await screenshot(page, 'lumitrack-fill-1280');
    await item(dialog, 'camber').getByRole('textbox').fill('8');
    const photo = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/checklist/photos');
    const fill = await posted<ChecklistFill>(page, '/api/checklist/fills', () =>
      dialog.getByRole('button', { name: 'Save checklist' }).click(),
    );
    expect((await photo).status()).toBe(201);
    expect(fill).toMatchObject({
      lumitrackId: id,
      templateName: TEMPLATE,
      username: demoUsers.admin.username,
    });
    expect(fill.answers.find((a) => a.key === 'release_strength')?.value).toBe(31.5);
    const photoId = fill.answers.find((a) => a.key === 'defect_photo')?.value;
    expect(photoId).toMatch(/^[0-9a-f-]{36}$/);
    await expectVisible(page.getByText(`Checklist “${TEMPLATE}” saved for ${id}.`));

    // Kept with who and when, readable with the template it filled.
    const shown = page.getByTestId('fill').first();
    await expectText(shown, new RegExp(`${TEMPLATE} \\(version 1\\)`));
    await expectText(shown, new RegExp(`By ${fill.userName}, \\d{4}-\\d{2}-\\d{2}`));
    await expectText(shown, /Strength at release\s+31\.5 MPa/);
    await expectText(shown, /Camber at midspan\s+8 mm/);
    await expectText(shown, /Element mark\s+DT-24-101/);
    const img = shown.getByRole('img', { name: 'Photo: Photo of any defect' });
    await expectVisible(img);
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 1,
      await img.elementHandle(),
    );
    await screenshot(page, 'lumitrack-id-1280');
    const saved = await admin.call<ChecklistFill[]>(`/checklist/fills/by_lumitrack_id/${id}`);
    expect(saved[0].id).toBe(fill.id);

    // The project's list shows it as the ID's latest checklist.
    await page.getByRole('link', { name: `Back to ${PROJECT}` }).click();
    await expectPath(page, path);
    const row = page.locator(`[data-testid="lumitrack-row"][data-id="${id}"]`);
    await expectText(row, new RegExp(`${TEMPLATE}[\\s\\S]*${fill.userName}`));
  });

  it('shows each screen at 390 and 1280 without overflow, the templates for the admin with their audit', async () => {
    const { project, path } = await yardProject();
    const admin = await apiAs(e2e.server.url, demoUsers.admin.username);
    const [newest] = await admin.call<LumitrackId[]>(`/lumitrack/lumitrackid/by_tenant/list/${project.id}`);

    const desk = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: desktop });
    await desk.getByRole('link', { name: 'Checklist Templates' }).click();
    await expectPath(desk, '/checklists');
    const row = desk.locator(`[data-testid="template-row"][data-name="${TEMPLATE}"]`);
    await expectText(row, new RegExp(PROJECT));
    await expectVisible(desk.getByTestId('audit-entry').first());
    await expectText(desk.getByTestId('audit-list'), /Filled/);
    await expectText(desk.getByTestId('audit-list'), /Created/);
    await expectNoHorizontalOverflow(desk);
    await screenshot(desk, 'checklists-1280');
    await row.getByRole('button', { name: `Actions for ${TEMPLATE}` }).click();
    await desk.getByRole('menuitem', { name: 'Edit items' }).click();
    const editor = desk.getByRole('dialog', { name: `Items of ${TEMPLATE}` });
    await expectCount(editor.getByTestId('template-item'), 9);
    await screenshot(desk, 'checklists-editor-1280');
    await editor.getByRole('button', { name: 'Cancel' }).click();

    const mobile = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: phone, path });
    await expectVisible(mobile.getByTestId('lumitrack-row'));
    expect(await mobile.getByRole('table').count()).toBe(0);
    await expectNoHorizontalOverflow(mobile);
    await screenshot(mobile, 'lumitrack-project-390');
    await mobile.goto(`${path}/id/${newest.lumitrackId}`);
    await expectVisible(mobile.getByTestId('fill'));
    await expectNoHorizontalOverflow(mobile);
    await screenshot(mobile, 'lumitrack-id-390');
    await mobile.getByRole('button', { name: 'Fill a checklist' }).click();
    await expectVisible(mobile.getByRole('dialog').getByTestId('item-element_mark'));
    await screenshot(mobile, 'lumitrack-fill-390');
    await mobile.goto('/checklists');
    await expectVisible(mobile.locator(`[data-testid="template-row"][data-name="${TEMPLATE}"]`));
    await expectNoHorizontalOverflow(mobile);
    await screenshot(mobile, 'checklists-390');
  });
});
