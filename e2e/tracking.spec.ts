/**
 * The tracking manager and material tracking (issue 16), with both build flags on for this server
 * (FEATURE_TRACKING_MANAGER, FEATURE_MATERIAL_TRACKING): the demo's GPS-tracked Lumitrack ID is on the
 * tracking manager's map at its node's last fix; a stage recorded for an ID typed by hand shows on the
 * material-tracking board. Both screens at 1280 and 390 pixels wide.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MaterialElementsPage, TrackingManagerPage } from '@sitepulse/contracts';
import { chromium, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { apiAs } from './support/api.ts';
import { desktop, launchOptions, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { signInViaApi } from './support/session.ts';
import { expectNoHorizontalOverflow, expectText, expectVisible } from './support/ui.ts';

const e2e = useE2E({ env: { FEATURE_TRACKING_MANAGER: 'true', FEATURE_MATERIAL_TRACKING: 'true' } });

/** The demo's Lumitrack IDs are made just after the server starts listening: wait for them. */
async function demoTracking() {
  const admin = await apiAs(e2e.server.url, demoUsers.admin.username);
  for (let i = 0; i < 120; i++) {
    const manager = await admin.call<TrackingManagerPage>(`/tracking/manager?companyId=${admin.companyId}`);
    const tracked = manager.items.find((item) => item.location !== null);
    const board = await admin.call<MaterialElementsPage>(
      `/tracking/material/elements?companyId=${admin.companyId}`,
    );
    if (tracked && board.stages.some((s) => s.count > 0)) return { admin, manager, tracked };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the demo Lumitrack IDs and stage events did not appear');
}

/**
 * A camera that films a label: a Y4M video (4:2:0, the format Chromium's fake camera plays in a loop) of the
 * QR code of `text`, black modules on white, as a label held in front of the phone.
 */
function labelVideo(text: string, dir: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'Q' });
  const side = 480;
  const scale = Math.floor(side / (modules.size + 8));
  const offset = Math.floor((side - modules.size * scale) / 2);
  const y = Buffer.alloc(side * side, 235);
  for (let row = 0; row < modules.size * scale; row++) {
    for (let col = 0; col < modules.size * scale; col++) {
      if (modules.get(Math.floor(row / scale), Math.floor(col / scale)))
        y[(row + offset) * side + col + offset] = 16;
    }
  }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const file = join(dir, 'label.y4m');
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-state="loading"]').length === 0);
}

describe('tracking manager and material tracking (flags on)', () => {
  it("shows the demo's GPS-tracked ID on the tracking manager's map, with its position and checklist", async () => {
    const { tracked } = await demoTracking();
    for (const viewport of [desktop, phone]) {
      const page = await e2e.signedInPage(
        { username: demoUsers.admin.username },
        { path: '/tracking-manager', viewport },
      );
      await expectVisible(page.getByRole('heading', { name: 'Tracking Manager' }));
      const marker = page.locator(`.leaflet-marker-icon[data-lumitrack-id="${tracked.lumitrackId}"]`);
      await expectVisible(marker);
      const row = page.locator(`[data-testid="tracked-id"][data-lumitrack-id="${tracked.lumitrackId}"]`);
      await expectText(
        row.getByTestId('tracked-location'),
        new RegExp(`^${tracked.location?.lat.toFixed(5)}, ${tracked.location?.lng.toFixed(5)} · `),
      );
      await expectText(row.getByTestId('tracked-checklist'), /^Precast element QA · /);
      // The marker's popup names the ID.
      await marker.click();
      await expectVisible(page.locator('.leaflet-popup-content').getByText(tracked.lumitrackId));
      await settled(page);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `tracking-manager-${viewport.width}`);
    }
  });

  it('records a stage for an ID typed by hand, and shows it on the board', async () => {
    const { admin } = await demoTracking();
    const waiting = await admin.call<MaterialElementsPage>(
      `/tracking/material/elements?companyId=${admin.companyId}&notStarted=true`,
    );
    const target = waiting.items.find((e) => e.projectName === 'Yard Asset Tags');
    if (!target) throw new Error('no demo element without a stage');
    const castBefore = waiting.stages.find((s) => s.name === 'Cast')?.count ?? -1;

    const page = await e2e.signedInPage(
      { username: demoUsers.admin.username },
      { path: '/materials-tracking', viewport: desktop },
    );
    const board = page.getByRole('group', { name: 'Elements per stage' });
    const cast = board.locator('[data-stage="Cast"]');
    await expectText(cast.getByTestId('stage-count-value'), new RegExp(`^${castBefore}$`));
    await settled(page);
    await screenshot(page, 'materials-tracking-1280');

    await page.getByRole('button', { name: 'Record a stage', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a stage' });
    // Typed as a person reads a label: lower case, no hyphens.
    await dialog.getByLabel('Type the ID').fill(target.lumitrackId.toLowerCase().replaceAll('-', ''));
    await dialog.getByRole('button', { name: 'Find' }).click();
    await expectText(dialog.getByTestId('record-current'), /^No stage recorded yet$/);
    expect(await dialog.getByRole('radio', { name: '1. Cast' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Record', exact: true }).click();
    await expectVisible(page.getByText(`Cast recorded for ${target.lumitrackId}.`));
    await dialog.waitFor({ state: 'hidden' });

    await expectText(cast.getByTestId('stage-count-value'), new RegExp(`^${castBefore + 1}$`));
    await cast.click();
    const row = page.locator(`[data-testid="element-row"][data-lumitrack-id="${target.lumitrackId}"]`);
    await expectText(row.getByTestId('element-stage'), /^Cast/);
    await row.getByRole('button', { name: `Timeline of ${target.lumitrackId}` }).click();
    const timeline = page.getByRole('dialog', { name: `Timeline of ${target.lumitrackId}` });
    await expectText(timeline.getByTestId('timeline-event'), /^Cast/);

    // The same on a phone: the board, then the record dialog full screen.
    const small = await e2e.signedInPage(
      { username: demoUsers.admin.username },
      { path: '/materials-tracking', viewport: phone },
    );
    await expectText(
      small
        .getByRole('group', { name: 'Elements per stage' })
        .locator('[data-stage="Cast"]')
        .getByTestId('stage-count-value'),
      new RegExp(`^${castBefore + 1}$`),
    );
    await settled(small);
    await expectNoHorizontalOverflow(small);
    await screenshot(small, 'materials-tracking-390');
    await small.getByRole('button', { name: 'Record a stage', exact: true }).click();
    const smallDialog = small.getByRole('dialog', { name: 'Record a stage' });
    await smallDialog.getByLabel('Type the ID').fill(target.lumitrackId);
    await smallDialog.getByRole('button', { name: 'Find' }).click();
    await expectText(smallDialog.getByTestId('record-current'), /^Now: Cast, since /);
    await expectNoHorizontalOverflow(small);
    await screenshot(small, 'materials-tracking-record-390');
  });

  it("records a stage by scanning an element's QR label with the phone's camera", async () => {
    const { admin } = await demoTracking();
    const waiting = await admin.call<MaterialElementsPage>(
      `/tracking/material/elements?companyId=${admin.companyId}&notStarted=true`,
    );
    const target = waiting.items.find((e) => e.projectName === 'Yard Asset Tags');
    if (!target) throw new Error('no demo element without a stage');
    const dir = mkdtempSync(join(tmpdir(), 'sitepulse-e2e-camera-'));
    let failed: (() => Promise<void>) | undefined;
    // A browser of its own, whose camera films the element's label (no BarcodeDetector on Linux: jsQR reads it).
    const browser = await chromium.launch({
      ...launchOptions,
      args: [
        ...launchOptions.args,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${labelVideo(target.lumitrackId, dir)}`,
      ],
    });
    try {
      const storage = await signInViaApi(e2e.server.url, { username: demoUsers.admin.username });
      const context = await browser.newContext({
        baseURL: e2e.server.url,
        viewport: phone,
        locale: 'en-US',
        storageState: { cookies: [], origins: [storage] },
        permissions: ['camera'],
      });
      const page = await context.newPage();
      context.setDefaultTimeout(30_000);
      failed = () => screenshot(page, 'failed-tracking-camera').then(() => undefined);
      await page.goto('/materials-tracking');
      await page.getByRole('button', { name: 'Record a stage', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Record a stage' });
      await dialog.getByRole('button', { name: 'Scan the label' }).click();
      // The code is read from the camera: the element is found without typing.
      await expectText(dialog.getByTestId('record-element'), new RegExp(`^${target.lumitrackId}`));
      await expectText(dialog.getByTestId('record-current'), /^No stage recorded yet$/);
      await dialog.getByRole('radio', { name: '2. Cured' }).check();
      await dialog.getByRole('button', { name: 'Record', exact: true }).click();
      await expectVisible(page.getByText(`Cured recorded for ${target.lumitrackId}.`));
      const timeline = await admin.call<{ events: { stageName: string; move: string; username: string }[] }>(
        `/tracking/material/events/by_lumitrack_id/${target.lumitrackId}`,
      );
      expect(timeline.events[0]).toMatchObject({ stageName: 'Cured', move: 'FIRST', username: 'admin' });
    } catch (e) {
      await failed?.().catch(() => {});
      throw e;
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves both flags on to the web app (GET /api/config)', async () => {
    const config = (await (await fetch(`${e2e.server.url}/api/config`)).json()) as {
      features: Record<string, boolean>;
    };
    expect(config.features).toEqual({ trackingManager: true, materialTracking: true });
  });
});
