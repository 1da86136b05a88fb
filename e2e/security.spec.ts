import { describe, expect, it } from 'vitest';
import { useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { demoSites, expectPath, expectVisible, ui, visibleText } from './support/ui.ts';

// Every spec file fails a test whose pages the Content-Security-Policy refused anything on
// (support/browser.ts); this one walks the screens that load the most kinds of things.
const e2e = useE2E();

describe('the web app under its Content-Security-Policy', () => {
  it('runs the map, a dashboard and a job chart with nothing refused, and loads map tiles', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.admin.username }, { path: '/' });
    await expectVisible(ui.map(page));
    // A request the CSP refuses never reaches the network: seeing one means img-src allows the tile server.
    const tile = page.waitForRequest((r) => r.url().startsWith('https://tiles.sitepulse.test/'));
    await page.reload();
    await expectVisible(ui.map(page));
    expect((await tile).url()).toMatch(/^https:\/\/tiles\.sitepulse\.test\/\d+\/\d+\/\d+\.png$/);

    await ui.drawer(page).getByText(demoSites.first, { exact: true }).first().click();
    await expectPath(page, /^\/construction_dashboard\/\d+$/);
    await expectVisible(visibleText(page, /Level 3 Slab - Pour 1/));
    await visibleText(page, /Level 3 Slab - Pour 1/).click();
    await expectPath(page, /^\/job\//);
    await expectVisible(page.locator('canvas').first());
  });

  it('serves the API documentation page with nothing refused', async () => {
    const page = await e2e.newPage();
    await page.goto('/api/docs');
    await expectVisible(page.getByText('Sitepulse API').first());
  });

  it('sends no inline script with the web app', async () => {
    const res = await fetch(`${e2e.server.url}/login`);
    const html = await res.text();
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Every <script> has a src: an inline one would be refused by the policy.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
  });
});
