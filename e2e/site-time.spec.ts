/**
 * Site time (docs/decisions/site-time.md): every time carries its zone. The demo superintendent (editor)
 * reads each job site's time, so Harbourfront Tower's dashboard speaks Toronto time whatever the browser's
 * zone; the admin keeps the spec's UTC and, in a browser in Toronto, is offered once to switch.
 * The zone names (EST or EDT) are computed with Intl for the moment shown, never written here.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { restoreDisplayAfterEach, setLanguage } from './support/preferences.ts';
import {
  demoSites,
  expectHidden,
  expectNoHorizontalOverflow,
  expectPath,
  expectVisible,
} from './support/ui.ts';

const e2e = useE2E();
const touched = restoreDisplayAfterEach();
const TORONTO = 'America/Toronto';

/** The zone's short name at a moment in a language, as Intl gives it ('EST'/'EDT', 'GMT-5'/'GMT-4'). */
const zoneName = (ms: number, zone: string, language: string) =>
  new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(ms)
    .find((p) => p.type === 'timeZoneName')?.value ?? '';

/** The wall clock of a moment in a zone, as UTC epoch ms (to compare with a time read off the screen). */
function wallClock(ms: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute);
}

/** Makes the browser's own zone `zone` (what a person's computer there would have), then reloads. */
async function browserIn(page: Page, zone: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: zone });
  await page.reload();
}

async function openHarbourfront(page: Page): Promise<void> {
  await page
    .getByRole('link', { name: new RegExp(demoSites.first) })
    .first()
    .click();
  await expectPath(page, /^\/construction_dashboard\/\d+$/);
  await expectVisible(page.getByRole('heading', { level: 1, name: /Harbourfront Tower/ }));
}

/** The weather station's "updated <time> <zone>" line. */
async function weatherUpdated(page: Page, pattern: RegExp): Promise<RegExpMatchArray> {
  const station = page.getByTestId('weather-station').first();
  await station.filter({ hasText: pattern }).waitFor();
  const match = (await station.innerText()).match(pattern);
  if (!match) throw new Error('no updated time on the weather station');
  return match;
}

describe("the job site's time", () => {
  it('the superintendent sees Harbourfront Tower in Toronto time, labelled, at 1280 and 390, in English and Spanish', async () => {
    // A browser in Madrid: Toronto times can only come from the site.
    const page = await e2e.signedInPage({ username: demoUsers.editor.username }, { viewport: desktop });
    touched.add(page);
    await browserIn(page, 'Europe/Madrid');
    await openHarbourfront(page);
    const now = Date.now();

    // The site's clock and the top bar both name Toronto time.
    const clock = page.getByTestId('site-clock');
    await expectVisible(clock);
    expect(await clock.getAttribute('data-zone')).toBe(TORONTO);
    expect(await clock.innerText()).toContain(`${zoneName(now, TORONTO, 'en')} · ${TORONTO}`);
    const indicator = page.getByTestId('zone-indicator');
    expect(await indicator.getAttribute('data-zone')).toBe(TORONTO);
    expect((await indicator.innerText()).trim()).toBe(zoneName(now, TORONTO, 'en'));

    // The weather's last reading: a recent Toronto wall-clock time, followed by the zone in force then.
    const [, shown, meridiem, zone] = await weatherUpdated(
      page,
      /updated (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) (AM|PM) (\S+)/,
    );
    const [date, hm] = shown.split(' ');
    const [y, m, d] = date.split('-').map(Number);
    const [h12, min] = hm.split(':').map(Number);
    const read = Date.UTC(y, m - 1, d, (h12 % 12) + (meridiem === 'PM' ? 12 : 0), min);
    const ago = wallClock(now, TORONTO) - read;
    // Readings arrive every few minutes: within the last hours in Toronto time (UTC would read 4-5 h ahead).
    expect(ago).toBeGreaterThanOrEqual(-5 * 60_000);
    expect(ago).toBeLessThan(3 * 3_600_000);
    expect(zone).toBe(zoneName(read + (now - wallClock(now, TORONTO)), TORONTO, 'en'));
    // No offer: the superintendent already reads the site's time.
    expect(await page.getByTestId('time-zone-offer').count()).toBe(0);
    await screenshot(page, 'site-time-dashboard-1280');
    await page.screenshot({ path: '/tmp/h5-dashboard-1280.png' });

    // Spanish: day first, 24-hour clock, the zone as Spanish names it.
    await setLanguage(page, 'es');
    const [, esShown, esZone] = await weatherUpdated(
      page,
      /actualizado (\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}) (\S+)/,
    );
    expect(esShown).toMatch(/^\d{2}\/\d{2}\/\d{4} ([01]\d|2[0-3]):\d{2}$/);
    expect(esZone).toBe(zoneName(Date.now(), TORONTO, 'es'));
    expect(await page.getByTestId('weather-station').first().innerText()).not.toMatch(/\b(AM|PM)\b/);
    await screenshot(page, 'site-time-dashboard-es-1280');
    await page.screenshot({ path: '/tmp/h5-dashboard-es-1280.png' });

    await page.setViewportSize(phone);
    await expectVisible(page.getByTestId('site-clock'));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'site-time-dashboard-es-390');
    await page.screenshot({ path: '/tmp/h5-dashboard-es-390.png' });
    await setLanguage(page, 'en');
    await page.screenshot({ path: '/tmp/h5-dashboard-390.png' });
  });
});

describe('the first-sign-in time zone offer', () => {
  it('is offered once to the admin in a Toronto browser; accepted, it is gone after a reload', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: desktop });
    await browserIn(page, TORONTO);
    const offer = page.getByTestId('time-zone-offer');
    await expectVisible(offer);
    expect(await offer.innerText()).toContain("Use your time (America/Toronto) or each job site's time?");
    // Times are still UTC until the admin answers.
    expect((await page.getByTestId('zone-indicator').innerText()).trim()).toBe('UTC');
    await screenshot(page, 'site-time-offer-1280');
    await page.screenshot({ path: '/tmp/h5-offer-1280.png' });

    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/v2/users/settings') && r.request().method() === 'PUT' && r.ok(),
    );
    await page.getByRole('button', { name: 'Use my time' }).click();
    await saved;
    await expectHidden(offer);
    await page
      .getByTestId('zone-indicator')
      .filter({ hasText: zoneName(Date.now(), TORONTO, 'en') })
      .waitFor();

    await page.reload();
    await expectVisible(page.getByTestId('zone-indicator'));
    expect(await page.getByTestId('zone-indicator').getAttribute('data-zone')).toBe(TORONTO);
    // The answer is kept on the server: no offer again.
    await page.waitForLoadState('networkidle');
    expect(await offer.count()).toBe(0);

    // The setting shows the chosen zone; "Job site's time" comes first among the zones.
    await page.goto('/settings/user');
    const zone = page.getByRole('combobox', { name: 'Display time zone' });
    await expectVisible(zone);
    expect(await zone.inputValue()).toBe(TORONTO);
    await zone.click();
    expect((await page.getByRole('option').first().innerText()).trim()).toBe("Job site's time");
    await page.keyboard.press('Escape');
    await screenshot(page, 'site-time-settings-1280');
    await page.screenshot({ path: '/tmp/h5-settings-1280.png' });
    await page.setViewportSize(phone);
    await expectVisible(zone);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'site-time-settings-390');
    await page.screenshot({ path: '/tmp/h5-settings-390.png' });
  });

  it("an admin sets Harbourfront Tower's zone on its dashboard, and back to its location", async () => {
    const page = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: desktop });
    await openHarbourfront(page);
    const clock = page.getByTestId('site-clock');
    expect(await clock.getAttribute('data-zone')).toBe(TORONTO);
    await page.getByTestId('site-zone-edit').click();
    const dialog = page.getByTestId('site-zone-dialog');
    await dialog.getByRole('combobox', { name: 'Time zone' }).fill('America/Vancouver');
    await page.getByRole('option', { name: 'America/Vancouver' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-testid="site-clock"][data-zone="America/Vancouver"]').waitFor();
    expect(await clock.innerText()).toContain('set by an admin');

    await page.getByTestId('site-zone-edit').click();
    await dialog.getByRole('combobox', { name: 'Time zone' }).click();
    await page.getByRole('option', { name: "From the site's location" }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.locator(`[data-testid="site-clock"][data-zone="${TORONTO}"]`).waitFor();
    expect(await clock.innerText()).toContain("from the site's location");
  });
});
