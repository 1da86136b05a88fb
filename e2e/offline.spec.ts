/**
 * Issue 15, the installable app and its service worker (docs/decisions/web-push-offline.md), on the built app:
 * the manifest and icons are served and linked; the worker registers and controls the page; a job page seen
 * online shows its values offline (reload, and an in-app navigation) under the offline banner; a second
 * person signing in on the same browser does not see the first one's saved values; the user settings show
 * the push card and say in words that subscribing failed (headless Chromium has no push service).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callAs, demoSiteAs } from './support/api.ts';
import { desktop, phone, screenshot, signIn, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { signInViaApi } from './support/session.ts';
import { expectHidden, expectPath, expectText, expectVisible, readText, ui } from './support/ui.ts';

const e2e = useE2E();

interface MaturityJob {
  id: number;
  tenant: number;
  tenantGroupId: number;
  latestStrength: number | null;
}

const JOB_NAME = 'Level 3 Slab - Pour 1';

/** The demo job the offline tests open, with its details as the server answers them. */
async function demoJob(): Promise<MaturityJob & { path: string }> {
  const site = await demoSiteAs(e2e.server.url, 'Harbourfront Tower');
  const groups = await callAs<{ jobs: { id: number; channelJobName: string }[] }[]>(
    e2e.server.url,
    demoUsers.admin.username,
    `/analytics/concrete/maturity/jobs/by_group/with_data?tenantGroupId=${site.id}`,
  );
  const found = groups.flatMap((g) => g.jobs).find((j) => j.channelJobName === JOB_NAME);
  if (!found) throw new Error(`no demo job ${JOB_NAME}`);
  const job = await callAs<MaturityJob>(
    e2e.server.url,
    demoUsers.admin.username,
    `/analytics/concrete/maturity/jobs/details/${found.id}`,
  );
  return { ...job, path: `/job/Maturity/${job.tenantGroupId}/${job.tenant}/${job.id}/` };
}

/** Waits until the app's service worker is active and controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** How many of the app files this page loaded are not (yet) in the worker's cache of this release. */
const assetsNotKept = (page: Page) =>
  page.evaluate(async () => {
    const loaded = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => u.startsWith(`${location.origin}/assets/`));
    const shell = (await caches.keys()).find((k) => k.startsWith('sitepulse-shell-'));
    if (!shell) return loaded.length;
    const cache = await caches.open(shell);
    let missing = 0;
    for (const url of loaded) if (!(await cache.match(url))) missing++;
    return missing;
  });

/** Waits until every app file this page loaded is kept for offline use. */
const assetsKept = (page: Page) => expect.poll(() => assetsNotKept(page), { timeout: 30_000 }).toBe(0);

/** The names of the worker's caches of saved API answers. */
const apiCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('sitepulse-api-')));

/** Whether a cache holds an answer for a URL path. */
const cacheHolds = (page: Page, cacheName: string, path: string) =>
  page.evaluate(
    async ([name, p]) => (await caches.has(name)) && !!(await (await caches.open(name)).match(p)),
    [cacheName, path] as const,
  );

/** Opens the job page and waits for its values. */
async function openJob(page: Page, path: string) {
  await page.goto(path);
  await expectPath(page, path);
  await expectText(page.getByTestId('job-name'), new RegExp(`^${JOB_NAME}$`));
  await expectVisible(page.getByTestId('latest-strength-value'));
}

/** An in-app navigation (the router follows history), not a page load. */
const navigateInApp = (page: Page, path: string) =>
  page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/** The time of day as the English screens show it in UTC (demo users' display zone): '03:07 PM'. */
const clockUtc = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZone: 'UTC',
  });

describe('installable app', () => {
  it('serves the manifest with its icons, linked from the page with the theme colour', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(href as string);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Sitepulse',
      short_name: 'Sitepulse',
      start_url: '/',
      display: 'standalone',
    });
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
    expect(manifest.theme_color).toBe('#1b3a57');
    expect(manifest.background_color).toBe('#f4f6f8');
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort();
    expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const icon of [
      ...manifest.icons,
      { src: appleIcon as string, sizes: '180x180', type: 'image/png' },
    ]) {
      const file = await page.request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      // The PNG's own size (IHDR width and height) is the size the manifest says.
      const png = await file.body();
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });
});

describe('offline', () => {
  it('registers the service worker, which controls the page', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.admin.username });
    await controlled(page);
    const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(scriptUrl).toBe(`${new URL(e2e.server.url).origin}/sw.js`);
    // The app shell and every file this first visit loaded (before the worker was there) are kept.
    await assetsKept(page);
  });

  it('shows a job page seen online when offline, under the banner saying when the values were seen', async () => {
    const job = await demoJob();
    const page = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: desktop });
    await controlled(page);
    await openJob(page, job.path);
    await assetsKept(page);
    const strength = await readText(page.getByTestId('latest-strength-value'));
    expect(strength).toBe(`${(job.latestStrength as number).toFixed(1)} MPa`);
    expect(await page.getByTestId('offline-banner').count()).toBe(0);
    const userCache = 'sitepulse-api-user-1/admin';
    expect(await apiCaches(page)).toContain(userCache);
    expect(await cacheHolds(page, userCache, `/api/analytics/concrete/maturity/jobs/details/${job.id}`)).toBe(
      true,
    );

    await page.context().setOffline(true);
    await page.reload();
    await expectText(page.getByTestId('job-name'), new RegExp(`^${JOB_NAME}$`));
    await expectText(
      page.getByTestId('latest-strength-value'),
      new RegExp(`^${strength.replace('.', '\\.')}$`),
    );
    const banner = page.getByTestId('offline-banner');
    await expectVisible(banner);
    const savedAt = (await banner.getAttribute('data-saved-at')) as string;
    expect(Date.now() - Date.parse(savedAt)).toBeLessThan(10 * 60_000);
    await expectText(banner, new RegExp(`^Offline — showing values last seen at ${clockUtc(savedAt)} UTC$`));
    await screenshot(page, 'offline-job-desktop');
    await page.setViewportSize(phone);
    await expectVisible(banner);
    await screenshot(page, 'offline-job-phone');

    // An in-app navigation while offline asks too, and is answered from the saved values.
    await page.setViewportSize(desktop);
    await page.context().setOffline(false);
    await page.goto('/');
    await expectVisible(ui.drawer(page));
    await page.context().setOffline(true);
    await navigateInApp(page, job.path);
    await expectText(
      page.getByTestId('latest-strength-value'),
      new RegExp(`^${strength.replace('.', '\\.')}$`),
    );
    await expectVisible(page.getByTestId('offline-banner'));

    // Back online, the next answers are live and the banner goes.
    await page.context().setOffline(false);
    await page.reload();
    await expectVisible(page.getByTestId('latest-strength-value'));
    await expectHidden(page.getByTestId('offline-banner'));
  });

  it('does not show the first person’s saved values to the next one who signs in on the same browser', async () => {
    const job = await demoJob();
    const page = await e2e.signedInPage({ username: demoUsers.admin.username });
    await controlled(page);
    await openJob(page, job.path);
    expect(await apiCaches(page)).toContain('sitepulse-api-user-1/admin');

    // Logout deletes the admin's saved values; the viewer (granted this site) signs in on the same browser.
    await ui.accountMenuButton(page).click();
    await ui.menuItem(page, /logout/i).click();
    await expectPath(page, /^\/login/);
    await expect.poll(() => apiCaches(page)).not.toContain('sitepulse-api-user-1/admin');
    await signIn(page, { username: demoUsers.viewer.username });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await controlled(page);
    await expectVisible(ui.drawer(page).getByText('Harbourfront Tower'));

    await page.context().setOffline(true);
    const failed = page.waitForEvent('requestfailed', (r) =>
      r.url().includes(`/api/analytics/concrete/maturity/jobs/details/${job.id}`),
    );
    await page.goto(job.path);
    await failed;
    await expectVisible(page.getByTestId('offline-banner'));
    expect(await page.getByTestId('latest-strength-value').count()).toBe(0);
    expect(await page.getByText(JOB_NAME).count()).toBe(0);
  });

  it('keeps each person’s saved values apart even when the first did not log out', async () => {
    const job = await demoJob();
    const page = await e2e.signedInPage({ username: demoUsers.admin.username });
    await controlled(page);
    await openJob(page, job.path);

    // The admin's session is simply replaced by the viewer's (a session that ended without a logout).
    const viewer = await signInViaApi(e2e.server.url, { username: demoUsers.viewer.username });
    await page.evaluate((entries) => {
      for (const { name, value } of entries) localStorage.setItem(name, value);
    }, viewer.localStorage);
    await page.goto('/');
    await expectVisible(ui.drawer(page).getByText('Harbourfront Tower'));

    await page.context().setOffline(true);
    const failed = page.waitForEvent('requestfailed', (r) =>
      r.url().includes(`/api/analytics/concrete/maturity/jobs/details/${job.id}`),
    );
    await page.goto(job.path);
    await failed;
    expect(await page.getByTestId('latest-strength-value').count()).toBe(0);
    expect(await page.getByText(JOB_NAME).count()).toBe(0);
    // The admin's values are still saved, in the admin's own cache.
    expect(await apiCaches(page)).toEqual(
      expect.arrayContaining(['sitepulse-api-user-1/admin', 'sitepulse-api-user-1/viewer']),
    );
  });
});

describe('push notifications in user settings', () => {
  for (const [name, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    it(`shows the push card and says in words that subscribing failed (${name})`, async () => {
      const page = await e2e.signedInPage(
        { username: demoUsers.admin.username },
        { viewport, path: '/settings/user' },
      );
      await controlled(page);
      await page.context().grantPermissions(['notifications']);
      const card = page.getByTestId('push-settings');
      await expectVisible(card.getByRole('heading', { name: 'Push notifications on this device' }));
      await expect.poll(() => card.getAttribute('data-state')).toBe('off');
      const toggle = card.getByRole('switch', { name: 'Push notifications in this browser' });
      expect(await toggle.isChecked()).toBe(false);
      await toggle.click();
      // Headless Chromium has no push service: the card says so, and the switch stays off.
      const error = card.getByTestId('push-error');
      await expectText(
        error,
        /^Could not switch on push notifications: this browser's push service refused or could not be reached \(.+\)\.$/,
      );
      expect(await toggle.isChecked()).toBe(false);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `push-settings-${name}`);
    });
  }
});
