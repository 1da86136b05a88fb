/**
 * Issue 13, "Done means": a superintendent (demo user `editor`) signs in and, from the home screen, reaches
 * the forecast for the slab poured yesterday (Harbourfront Tower, 'Level 4 Slab - Pour 2', started 26 h
 * ago, 25 MPa stripping target) in two clicks: the job site in the drawer (on a phone: the menu, then the
 * job site) opens the construction dashboard, whose pour card says when the target is expected. Its time
 * is the site's (the demo editor reads each job site's time; Harbourfront is in Toronto) with the zone's
 * short name, the one Intl gives for America/Toronto at that moment: EST or EDT in English, GMT-5 or
 * GMT-4 in Spanish. In English and in Spanish, at 1280 and 390 wide; screenshots in the temp folder.
 * The card still leads to the job page. The project job list shows the same forecast, found by search.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callAs, demoSiteAs } from './support/api.ts';
import { desktop, phone, signInAndWait, useE2E, type Viewport } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { restoreDisplayAfterEach, setLanguage } from './support/preferences.ts';
import { demoSites, expectNoHorizontalOverflow, expectPath, expectVisible } from './support/ui.ts';

const e2e = useE2E();
const touched = restoreDisplayAfterEach();

const SLAB = 'Level 4 Slab - Pour 2';
const SITE_ZONE = 'America/Toronto';

interface ForecastSummary {
  jobId: number;
  state: string;
  next: { kind: string; state: string; expectedAt: number | null; enteredValue: number } | null;
}

/** The short name of Toronto's zone at a moment, in a language, as Intl gives it (EST/EDT, GMT-5/GMT-4). */
function torontoZone(at: number, language: 'en' | 'es'): string {
  const part = new Intl.DateTimeFormat(language, { timeZone: SITE_ZONE, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  if (!part) throw new Error('no zone name');
  return part.value;
}

/** Toronto's wall-clock time of day of a moment: '04:57 PM' in English, '16:57' in Spanish. */
function torontoClock(at: number, language: 'en' | 'es'): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: SITE_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: language === 'en' ? 'h12' : 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return language === 'en'
    ? `${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()}`
    : `${get('hour')}:${get('minute')}`;
}

/** Text as read, no-break spaces and hyphens as plain ones. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ').replace(/\u2011/g, '-');

const pourCard = (page: Page): Locator =>
  page.locator(`section[aria-labelledby="pours"] [data-testid="pour"][data-job-name="${SLAB}"]`);

const words = {
  en: { menu: 'Open menu', nav: 'Main navigation', expected: 'expected', target: 'Stripping 25 MPa' },
  es: {
    menu: 'Abrir menú',
    nav: 'Navegación principal',
    expected: 'previsto',
    target: 'Desencofrado 25 MPa',
  },
} as const;

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(tmpdir(), `sitepulse-forecast-${name}.png`) });
}

describe('the forecast of yesterday’s slab, two clicks from home', () => {
  const cases: [language: 'en' | 'es', label: string, viewport: Viewport][] = [
    ['en', '1280', desktop],
    ['en', '390', phone],
    ['es', '1280', desktop],
    ['es', '390', phone],
  ];

  it.each(cases)(
    'in %s at %s: sign in, the job site, the pour card says when',
    async (language, label, viewport) => {
      const w = words[language];
      const page = await e2e.newPage({ viewport });
      await signInAndWait(page, { username: demoUsers.editor.username });
      await expectPath(page, '/');
      if (language === 'es') {
        touched.add(page);
        await setLanguage(page, 'es');
      }
      // The home screen, once its map and the drawer (or the menu button) are there.
      await expectVisible(page.locator('.leaflet-container'));
      await expectVisible(
        page.getByRole('button', { name: w.menu }).or(page.getByRole('navigation', { name: w.nav })),
      );
      await shoot(page, `${language}-${label}-0-home`);

      // From the home screen: every click on the way counts.
      let clicks = 0;
      const click = async (target: Locator) => {
        clicks += 1;
        await target.click();
      };
      if (viewport === phone) await click(page.getByRole('button', { name: w.menu }));
      const nav = page.getByRole('navigation', { name: w.nav });
      await click(nav.getByRole('link', { name: new RegExp(demoSites.first) }).first());
      await expectPath(page, /^\/construction_dashboard\/\d+$/);

      const card = pourCard(page);
      const forecast = card.getByTestId('pour-forecast');
      await forecast.scrollIntoViewIfNeeded();
      await expectVisible(forecast);
      expect(clicks).toBeLessThanOrEqual(2);

      // What the server forecasts for the slab, to read the card against.
      const site = await demoSiteAs(e2e.server.url, demoSites.first, demoUsers.editor.username);
      const summaries = await callAs<ForecastSummary[]>(
        e2e.server.url,
        demoUsers.editor.username,
        `/analytics/concrete/maturity/jobs/forecast?tenantGroupId=${site.id}`,
      );
      const href = await card.getByRole('link', { name: SLAB }).getAttribute('href');
      const jobId = Number(href?.split('/').filter(Boolean).at(-1));
      const summary = summaries.find((s) => s.jobId === jobId);
      expect(summary?.state).toBe('FORECAST');
      expect(summary?.next?.state).toBe('FORECAST');
      const expectedAt = summary?.next?.expectedAt ?? Number.NaN;
      expect(Number.isFinite(expectedAt)).toBe(true);

      expect(await forecast.getAttribute('data-forecast')).toBe('EXPECTED');
      expect(plain(await card.getByTestId('forecast-target').innerText())).toBe(w.target);
      // "expected tomorrow 04:57 PM EST": the site's time of day and its zone, computed here with Intl.
      const zone = torontoZone(expectedAt, language);
      expect(zone).toMatch(language === 'en' ? /^E[SD]T$/ : /^GMT-[45]$/);
      const status = plain(await card.getByTestId('forecast-status').innerText());
      expect(status.startsWith(`${w.expected} `)).toBe(true);
      expect(status.endsWith(` ${torontoClock(expectedAt, language)} ${zone}`)).toBe(true);
      expect(plain(await card.getByTestId('forecast-range').innerText())).toMatch(/^\(.+–.+\)$/);

      await expectNoHorizontalOverflow(page);
      await card.scrollIntoViewIfNeeded();
      // No tooltip of the drawer's job site over the cards.
      await page.mouse.move(viewport.width - 5, viewport.height - 5);
      await page.getByRole('tooltip').waitFor({ state: 'detached' });
      await shoot(page, `${language}-${label}-1-dashboard`);

      // The card still leads to the job page.
      await click(card.getByRole('link', { name: SLAB }));
      await expectPath(page, /^\/job\/Maturity\/\d+\/\d+\/\d+\/?$/);
      await expectVisible(page.getByRole('heading', { level: 1, name: new RegExp(SLAB) }));
      await shoot(page, `${language}-${label}-2-job`);
    },
  );

  it('the project job list shows the same forecast, found by its node id', async () => {
    const site = await demoSiteAs(e2e.server.url, demoSites.first, demoUsers.editor.username);
    const podium = site.tenantMessages.find((p) => p.name === 'Podium Slabs');
    const page = await e2e.signedInPage(
      { username: demoUsers.editor.username },
      { viewport: desktop, path: `/construction_job_list/${site.id}/${podium?.id}` },
    );
    const search = page.getByTestId('job-search');
    await expectVisible(search);
    await search.fill('MAT-10002');
    const rows = page.getByTestId('maturity-job');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="maturity-job"]').length === 1);
    expect(await rows.first().getAttribute('data-job-name')).toBe(SLAB);
    const forecast = rows.first().getByTestId('job-forecast');
    await expectVisible(forecast);
    expect(await forecast.getAttribute('data-forecast')).toBe('EXPECTED');
    expect(plain(await forecast.getByTestId('forecast-status').innerText())).toMatch(
      /^expected .+ \d{2}:\d{2} [AP]M E[SD]T$/,
    );
    await shoot(page, 'en-1280-3-job-list');
  });
});
