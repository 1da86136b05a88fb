/**
 * The smaller defects of issue 13, in a real browser on the demo company: an unknown address or job shows
 * a not-found screen with a way back (not "This could not be loaded. (404)" with a Try Again); the
 * current-transformer page reads in Spanish on a phone, power in kW, every value on one line with its unit;
 * the sensor groups are named for what they hold; a Spanish job page says "hormigón", never "concreto" or
 * "Concrete Sensors".
 */
import { describe, expect, it } from 'vitest';
import { callAs, demoSiteAs } from './support/api.ts';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { restoreDisplayAfterEach, setLanguage } from './support/preferences.ts';
import {
  demoSites,
  expectNoHorizontalOverflow,
  expectPath,
  expectText,
  expectVisible,
  readText,
} from './support/ui.ts';

const e2e = useE2E();
const touched = restoreDisplayAfterEach();

interface Card {
  jobId: number;
  tenantId: number;
  channelJobName: string;
}
const overview = (siteId: number) =>
  callAs<{ nodes: Card[] }>(
    e2e.server.url,
    'admin',
    `/analytics/lumimon/jobs/overview/by_tenant_group/${siteId}`,
  );

/** Waits until nothing on the page is loading (the live stream never lets the network go idle). */
const settled = (page: import('playwright-core').Page) =>
  page.waitForFunction(() => document.querySelectorAll('[data-state="loading"]').length === 0);

describe('not found', () => {
  it('an address the app does not know: Not found, and the way home', async () => {
    const page = await e2e.signedInPage(
      { username: demoUsers.admin.username },
      { viewport: desktop, path: '/no/such/page' },
    );
    const notFound = page.getByTestId('not-found');
    await expectText(notFound, /This page doesn't exist or you no longer have access\./);
    expect(await page.getByRole('heading', { level: 1, name: 'Not found' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /try again/i }).count()).toBe(0);
    await screenshot(page, 'polish-not-found-page-1280');
    await notFound.getByRole('link', { name: 'Go to homepage' }).click();
    await expectPath(page, '/');
  });

  it('a job that does not exist, at 390 and 1280: its sentence and the way back to its project', async () => {
    const ht = await demoSiteAs(e2e.server.url, demoSites.first);
    const podium = ht.tenantMessages.find((p) => p.name === 'Podium Slabs');
    expect(podium).toBeDefined();
    const path = `/job/Maturity/${ht.id}/${podium?.id}/987654/`;
    for (const [viewport, tag] of [
      [phone, '390'],
      [desktop, '1280'],
    ] as const) {
      const page = await e2e.signedInPage({ username: demoUsers.editor.username }, { viewport, path });
      const notFound = page.getByTestId('not-found');
      await expectText(notFound, /This job doesn't exist or you no longer have access\./);
      expect(await readText(notFound)).not.toMatch(/could not be loaded|\(404\)/);
      expect(await page.getByRole('button', { name: /try again/i }).count()).toBe(0);
      const back = notFound.getByRole('link', { name: 'Back to Podium Slabs' });
      await expectVisible(back);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `polish-not-found-job-${tag}`);
      await back.click();
      await expectPath(page, `/construction_job_list/${ht.id}/${podium?.id}`);
    }
  });

  it('a sensor node that is not on the job site, in Spanish: back to the site sensors', async () => {
    const ht = await demoSiteAs(e2e.server.url, demoSites.first);
    const lumimon = ht.tenantMessages.find((p) => p.type === 'Lumimon');
    const page = await e2e.signedInPage(
      { username: demoUsers.admin.username },
      { viewport: phone, path: `/job-site-details/${ht.id}/${lumimon?.id}/987654` },
    );
    touched.add(page);
    await setLanguage(page, 'es');
    const notFound = page.getByTestId('not-found');
    await expectText(notFound, /Este nodo de sensores no está en esta obra, o ya no tiene acceso\./);
    await notFound.getByRole('link', { name: 'Volver a Sensores de la obra' }).click();
    await expectPath(page, `/job-site-sensors/${ht.id}/${lumimon?.id}`);
  });
});

describe('the current-transformer page in Spanish on a phone', () => {
  it('names the job, shows power in kW or W by its size, and keeps every value on one line with its unit', async () => {
    const ny = await demoSiteAs(e2e.server.url, demoSites.precast);
    const motor = (await overview(ny.id)).nodes.find((n) => n.channelJobName === 'Batch Plant Mixer Motor');
    expect(motor).toBeDefined();
    const page = await e2e.signedInPage(
      { username: demoUsers.admin.username },
      { viewport: phone, path: `/job-site-ct-job-details/${ny.id}/${motor?.tenantId}/${motor?.jobId}` },
    );
    touched.add(page);
    await setLanguage(page, 'es');
    await expectText(page.getByRole('heading', { level: 1 }), /^Batch Plant Mixer Motor$/);
    const tiles = page.getByTestId('power-tile');
    await expectVisible(tiles);
    await expectText(tiles.nth(1), /Potencia/);
    expect(await readText(tiles.nth(1))).toMatch(/\d+\.\d+ k?W/);
    const charts = page.getByTestId('time-chart');
    await expectVisible(charts.locator('canvas'));
    expect(await charts.nth(1).getAttribute('data-unit')).toMatch(/^k?W$/);
    await settled(page);
    // A value and its unit never wrap apart: each shown value is one line high.
    const values = page.locator(
      '[data-testid="power-tile"] .MuiTypography-root:nth-child(2), [data-testid="stats"] p',
    );
    const heights = await values.evaluateAll((els) =>
      els
        .filter((e) => /\d\s?(k?W|A|V)$/.test((e.textContent ?? '').trim()))
        .map((e) => ({
          text: e.textContent,
          // One line of text is at most about 1.5 font sizes high; two are 2.4 or more.
          wrapped: e.getBoundingClientRect().height > 2.1 * Number.parseFloat(getComputedStyle(e).fontSize),
        })),
    );
    expect(heights.length).toBeGreaterThan(3);
    expect(heights.filter((h) => h.wrapped)).toEqual([]);
    expect(await page.getByText(/Group one|Grupo uno|Sensor groups/).count()).toBe(0);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'polish-ct-390-es');
  });
});

describe('sensor groups and names', () => {
  it('names the weather node’s groups for what they hold, in English and Spanish', async () => {
    const ht = await demoSiteAs(e2e.server.url, demoSites.first);
    const weather = (await overview(ht.id)).nodes.find((n) => n.channelJobName === 'Tower Crane Weather');
    const page = await e2e.signedInPage(
      { username: demoUsers.admin.username },
      {
        viewport: desktop,
        path: `/job-site-gr-two-sensor-details/${ht.id}/${weather?.tenantId}/${weather?.jobId}`,
      },
    );
    touched.add(page);
    const tabs = page.getByRole('tablist');
    await expectVisible(tabs);
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual([
      'All sensors',
      'Temperature',
      'Humidity & wind speed',
    ]);
    await expectText(page.getByRole('heading', { level: 1 }), /^Tower Crane Weather$/);
    await expectVisible(page.getByTestId('latest-reading'));
    expect(await readText(page.getByTestId('sensor-name').first())).toMatch(/^Humidity · Sensor \d+$/);
    await settled(page);
    await screenshot(page, 'polish-sensor-groups-1280');
    await setLanguage(page, 'es');
    await expectText(tabs.getByRole('tab', { selected: true }), /^Humedad y velocidad del viento$/);
    await page.setViewportSize(phone);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'polish-sensor-groups-390-es');
  });
});

describe('one Spanish word for concrete', () => {
  it('a Spanish job page says hormigón and translates the Default project', async () => {
    const ht = await demoSiteAs(e2e.server.url, demoSites.first);
    const concrete = ht.tenantMessages.find((p) => p.name === 'Default' && p.type === 'Concrete');
    const weather = (await overview(ht.id)).nodes.find((n) => n.channelJobName === 'Tower Crane Weather');
    const page = await e2e.signedInPage(
      { username: demoUsers.admin.username },
      { viewport: phone, path: `/job/Microweather%20Node/${ht.id}/${concrete?.id}/${weather?.jobId}/` },
    );
    touched.add(page);
    await setLanguage(page, 'es');
    await expectVisible(page.getByText('Sensores de hormigón', { exact: true }).first());
    const body = await readText(page.locator('body'));
    expect(body).not.toMatch(/Concrete Sensors/);
    expect(body).not.toMatch(/\bconcreto\b/i);
  });
});
