/**
 * Usage tracking (issue 16, docs/decisions/usage-tracking.md): the editor visits three pages of the demo
 * company; the page views reach the server (sent every 10 s through the one HTTP client) as route
 * patterns, and the admin's usage screen counts them, at 1280 and 390 pixels wide.
 */
import type { UsageCounts } from '@sitepulse/contracts';
import { utcDay } from '@sitepulse/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, demoSiteAs } from './support/api.ts';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { demoSites, expectNoHorizontalOverflow, expectVisible } from './support/ui.ts';

const e2e = useE2E();

const VISITED = ['/', '/construction_dashboard/:jobsiteId', '/reports'];

async function countsToday(): Promise<UsageCounts> {
  const admin = await apiAs(e2e.server.url, demoUsers.admin.username);
  const day = utcDay(Date.now());
  return admin.call<UsageCounts>(`/usage/counts?companyId=${admin.companyId}&from=${day}&to=${day}`);
}
const viewsOf = (c: UsageCounts, path: string) => c.pages.find((p) => p.path === path)?.views ?? 0;

/** Reads the counts until `done` holds (the browser sends what it recorded as the page goes away). */
async function countsWhen(done: (c: UsageCounts) => boolean): Promise<UsageCounts> {
  let c = await countsToday();
  for (let i = 0; i < 80 && !done(c); i++) {
    await new Promise((r) => setTimeout(r, 250));
    c = await countsToday();
  }
  return c;
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-state="loading"]').length === 0);
}

describe('usage tracking', () => {
  it("counts the editor's three page views on the admin's usage screen", async () => {
    const before = await countsToday();
    const site = await demoSiteAs(e2e.server.url, demoSites.first, demoUsers.editor.username);

    // Three pages, moving within the app as a person does (the map, a job site's dashboard, the reports).
    const page = await e2e.signedInPage({ username: demoUsers.editor.username }, { path: '/' });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expectVisible(nav);
    await nav.getByRole('link', { name: demoSites.first }).first().click();
    await page.waitForURL(`**/construction_dashboard/${site.id}`);
    const sent = page.waitForResponse(
      (r) => r.url().includes('/api/usage/events') && r.request().method() === 'POST',
    );
    await nav.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL('**/reports');
    // What was recorded goes to the server every 10 s (and when the page is hidden or left).
    expect((await sent).status()).toBe(202);
    // Leaving the app sends what is still waiting (keepalive on pagehide), so the reports view cannot be
    // left behind in the queue however slow the machine is.
    await expectVisible(page.getByRole('heading', { name: 'Report requests' }).first());
    await page.goto('about:blank');

    const after = await countsWhen((c) => VISITED.every((p) => viewsOf(c, p) > viewsOf(before, p)));
    for (const path of VISITED) expect(viewsOf(after, path)).toBe(viewsOf(before, path) + 1);
    // Only route patterns are kept: no id, query or hash of what was visited.
    expect(after.pages.some((p) => /\d|from=|#/.test(p.path))).toBe(false);

    for (const viewport of [desktop, phone]) {
      const admin = await e2e.signedInPage({ username: demoUsers.admin.username }, { path: '/', viewport });
      await expectVisible(
        admin
          .getByRole('navigation', { name: 'Main navigation' })
          .or(admin.getByRole('button', { name: 'Open menu' }))
          .first(),
      );
      if (viewport === desktop) {
        await admin.getByRole('button', { name: 'Account menu' }).click();
        await admin.getByRole('menuitem', { name: 'Usage' }).click();
        await admin.waitForURL('**/usage');
      } else {
        await admin.goto('/usage');
      }
      const table = admin.getByRole('table', { name: 'Page views per page' });
      await expectVisible(table);
      await settled(admin);
      const shown = await countsToday();
      for (const path of VISITED) {
        const row = table.locator(`[data-testid="usage-page"][data-path="${path}"]`);
        expect(await row.getByTestId('usage-views').textContent()).toBe(String(viewsOf(shown, path)));
      }
      await expectNoHorizontalOverflow(admin);
      await screenshot(admin, `usage-${viewport.width}`);
    }
  });

  it('is not offered to the editor, and its address says no access', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.editor.username }, { path: '/usage' });
    await expectVisible(page.getByText('You do not have access to this page.'));
  });
});
