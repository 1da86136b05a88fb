/**
 * The portfolio on the home screen (issue 13), on the demo company (apps/server/src/demo/hardware.ts):
 * Harbourfront Tower's pin and drawer entry say that a sensor is in alarm ('Parkade Ramp CO', over its
 * 25 ppm bound), the "Needs attention" list beside the map names it and 'Column Line C' (in error, its
 * node silent on a flat battery), each one click from its screen, and the welcome note covers no pin.
 * At 1280 and 390 pixels wide.
 */
import type { PortfolioStatus } from '@sitepulse/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callAs } from './support/api.ts';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { expectPath, expectVisible } from './support/ui.ts';

const e2e = useE2E();
const status = () => callAs<PortfolioStatus>(e2e.server.url, demoUsers.admin.username, '/portfolio/status');

const pin = (page: Page, label: string) => page.locator(`.sp-map-pin[aria-label="${label}"]`);
const items = (page: Page) => page.getByTestId('attention-item');

/** Whether two boxes share any pixel. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The welcome note is up and no pin lies under it. */
async function expectWelcomeClearOfPins(page: Page): Promise<void> {
  const card = page.getByTestId('welcome-card');
  await expectVisible(card);
  const box = await card.boundingBox();
  const pins = await page.locator('.sp-map-pin').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { label: e.getAttribute('aria-label'), x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  expect(box).not.toBeNull();
  expect(pins.length).toBeGreaterThanOrEqual(3);
  expect(pins.filter((p) => overlaps(box as NonNullable<typeof box>, p)).map((p) => p.label)).toEqual([]);
}

describe('portfolio', () => {
  it('at 1280: the pins and drawer say Harbourfront is in alarm, and "Needs attention" opens each item', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: desktop });
    const answer = await status();
    const ht = answer.sites.find((s) => s.siteName === 'Harbourfront Tower');
    expect(ht).toMatchObject({ state: 'ALARM', count: 1 });

    await expectVisible(pin(page, 'Harbourfront Tower: 1 in alarm'));
    await expectVisible(page.getByRole('link', { name: 'Harbourfront Tower: 1 in alarm' }));
    await expectWelcomeClearOfPins(page);

    // The list beside the map: what the server answers, worst first.
    await expectVisible(page.getByRole('heading', { name: 'Needs attention' }));
    await expectVisible(items(page).first());
    const shown = await items(page).evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-kind'), Number(e.getAttribute('data-job-id'))]),
    );
    expect(shown).toEqual(answer.attention.map((i) => [i.kind, i.jobId]));
    expect(shown.slice(0, 2).map(([kind]) => kind)).toEqual(['ALARM', 'ERROR']);
    const box = await page.getByTestId('home-side').boundingBox();
    const map = await page.getByTestId('map-area').boundingBox();
    // Beside the map, not under it.
    expect(box && map && box.x >= map.x + map.width - 1).toBe(true);
    await screenshot(page, 'portfolio-1280');

    // One click: the CO sensor's details.
    await page.getByRole('link', { name: 'Parkade Ramp CO: Threshold crossed' }).click();
    await expectPath(page, /^\/job-site-details\/\d+\/\d+\/\d+$/);
    await expectVisible(page.getByText('Parkade Ramp CO').first());

    // Back home, one click: the pour in error.
    await page.getByRole('link', { name: 'Map', exact: true }).click();
    await expectPath(page, '/');
    await page.getByRole('link', { name: 'Column Line C: Job in error' }).click();
    await expectPath(page, /^\/job\/Maturity\/\d+\/\d+\/\d+\/?$/);
    await expectVisible(page.getByRole('heading', { level: 1, name: /Column Line C/ }));

    // The pin's popup says the state too.
    await page.getByRole('link', { name: 'Map', exact: true }).click();
    await pin(page, 'Harbourfront Tower: 1 in alarm').click();
    await expectVisible(page.getByTestId('popup-state').filter({ hasText: '1 in alarm' }));
  });

  it('at 390: the list sits under the map, the welcome note clear of every pin', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: phone });
    await expectVisible(pin(page, 'Harbourfront Tower: 1 in alarm'));
    await expectWelcomeClearOfPins(page);
    const map = await page.getByTestId('map-area').boundingBox();
    const side = await page.getByTestId('home-side').boundingBox();
    expect(map && side && side.y >= map.y + map.height - 1).toBe(true);
    await screenshot(page, 'portfolio-390-welcome');

    await page.getByTestId('welcome-card').getByRole('button', { name: 'Close' }).click();
    const alarm = page.getByRole('link', { name: 'Parkade Ramp CO: Threshold crossed' });
    await alarm.scrollIntoViewIfNeeded();
    await expectVisible(alarm);
    await screenshot(page, 'portfolio-390');
    await alarm.click();
    await expectPath(page, /^\/job-site-details\/\d+\/\d+\/\d+$/);
  });
});
