/**
 * The project job list on the demo company (apps/server/src/demo/hardware.ts and seed.ts): Harbourfront
 * Tower's 'Podium Slabs' with its six concrete jobs (all of them at once, latest start first, the filters of
 * section 4, a search by name, node or cable id and a sort),
 * its 'Default' Concrete project ('Concrete Sensors') holding the weather station, and its Lumimon 'Default' ('Job
 * Site Sensors') holding the CO sensor and the GPS-tracked telehandler. Checked in Metric and Imperial, English and Spanish, at 1280 and 390 wide.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoSiteAs } from './support/api.ts';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { restoreDisplayAfterEach, setLanguage, setUnits } from './support/preferences.ts';
import {
  demoSites,
  expectNoHorizontalOverflow,
  expectPath,
  expectText,
  expectVisible,
  plainText,
} from './support/ui.ts';

const e2e = useE2E();
const demoSite = (name: string) => demoSiteAs(e2e.server.url, name);

const rows = (page: Page): Locator => page.getByTestId('maturity-job');
const row = (page: Page, name: string): Locator =>
  page.locator(`[data-testid="maturity-job"][data-job-name="${name}"]`);

async function rowNames(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-job-name') ?? ''));
}

const touched = restoreDisplayAfterEach();

describe('project job list', () => {
  it('Podium Slabs at 1280: from the dashboard, every job at once, filters, search and sort, in MPa then psi, then Spanish', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: desktop });
    touched.add(page);
    await setUnits(page, 'Metric');
    await setLanguage(page, 'en');
    // The drawer's job site opens its construction dashboard; the project summary opens the job list.
    await page
      .getByRole('link', { name: new RegExp(demoSites.first) })
      .first()
      .click();
    await expectPath(page, /^\/construction_dashboard\/\d+$/);
    await page.getByRole('link', { name: 'Open Podium Slabs' }).click();
    await expectPath(page, /^\/construction_job_list\/\d+\/\d+$/);

    await expectVisible(page.getByRole('heading', { level: 1, name: /Podium Slabs/ }));
    await expectVisible(rows(page));
    // No job hidden behind a button: all six, latest start first.
    expect(await rowNames(page)).toEqual([
      'Core Wall Lift 7',
      'Level 4 Slab - Pour 2',
      'Column Line C',
      'Level 2 Slab Moisture',
      'Level 3 Slab - Pour 1',
      'Transfer Beam T2',
    ]);
    expect(await page.getByTestId('jobs-shown').innerText().then(plainText)).toBe('6 jobs');
    expect(await page.getByRole('button', { name: 'Fetch more' }).count()).toBe(0);

    // Column Line C: its node went silent, the job is in error.
    const column = row(page, 'Column Line C');
    expect(await column.locator('[data-status]').first().getAttribute('data-status')).toBe('ERROR');
    expect(await column.locator('[data-status]').first().getAttribute('data-colour')).toBe('red');
    // Level 3 Slab - Pour 1, 12 days in: past its 25 MPa target, the MATURED alarm bit set.
    const pour1 = row(page, 'Level 3 Slab - Pour 1');
    await expectVisible(pour1.locator('[data-alarm="MATURED"]'));
    const strength = await pour1.getByTestId('job-strength').innerText().then(plainText);
    expect(strength).toMatch(/^[\d.]+ MPa\s*of 25\.0 MPa$/);
    expect(Number.parseFloat(strength)).toBeGreaterThanOrEqual(25);
    expect(await pour1.getByText('CBL-20001 · MAT-10001').count()).toBe(1);
    // Level 4 Slab - Pour 2, a day in: curing, below its target.
    const pour2 = await row(page, 'Level 4 Slab - Pour 2')
      .getByTestId('job-strength')
      .innerText()
      .then(plainText);
    expect(Number.parseFloat(pour2)).toBeLessThan(25);
    // The humidity job: its humidity in %, status from its dates.
    const moisture = row(page, 'Level 2 Slab Moisture');
    expect(await moisture.getByTestId('job-humidity').innerText().then(plainText)).toMatch(/^[\d.]+ %$/);
    expect(await moisture.locator('[data-status]').first().getAttribute('data-status')).toBe('STARTED');
    await expectVisible(page.getByTestId('maturity-disclaimer'));
    await screenshot(page, 'projects-list-1280');

    // The sixth, oldest job, stopped.
    expect(
      await row(page, 'Transfer Beam T2').locator('[data-status]').first().getAttribute('data-status'),
    ).toBe('STOPPED');

    // Search by cable id, then by name; sort by name.
    const search = page.getByTestId('job-search');
    await search.fill('CBL-20004');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="maturity-job"]').length === 1);
    expect(await rowNames(page)).toEqual(['Column Line C']);
    expect(await page.getByTestId('jobs-shown').innerText().then(plainText)).toBe('1 of 6 jobs match');
    await search.fill('slab');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="maturity-job"]').length === 3);
    await page.getByTestId('job-sort').locator('..').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Name' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="maturity-job"]')?.getAttribute('data-job-name') ===
        'Level 2 Slab Moisture',
    );
    expect(await rowNames(page)).toEqual([
      'Level 2 Slab Moisture',
      'Level 3 Slab - Pour 1',
      'Level 4 Slab - Pour 2',
    ]);
    expect(page.url()).toMatch(/[?&]sort=name/);
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="maturity-job"]').length === 6);

    // Filters: Stopped (TERMINATED), Error, then all again.
    await page.getByRole('button', { name: 'Stopped', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="maturity-job"]').length === 1);
    expect(await rowNames(page)).toEqual(['Transfer Beam T2']);
    await page.getByRole('button', { name: 'Error', exact: true }).click();
    await row(page, 'Column Line C').waitFor();
    expect(await rowNames(page)).toEqual(['Column Line C']);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="maturity-job"]').length === 6);

    // Imperial: strength in psi without decimals, the target 25 MPa = 3626 psi, maturity in °F.Hr.
    await setUnits(page, 'Imperial');
    await expectText(pour1.getByTestId('job-strength'), /^\d+\spsi\s*of 3626\spsi$/);
    await expectText(pour1, /°F\.Hr/);
    await expectText(moisture.getByTestId('job-humidity'), /^[\d.]+ %$/);
    await screenshot(page, 'projects-list-1280-imperial');

    // Spanish.
    await setLanguage(page, 'es');
    await expectVisible(page.getByRole('heading', { name: 'Trabajos de hormigón' }));
    await expectVisible(page.getByRole('textbox', { name: 'Buscar trabajos' }));
    await expectText(row(page, 'Core Wall Lift 7').locator('[data-status]').first(), /INICIADO/);
    await expectVisible(page.getByRole('heading', { name: 'Otros sensores' }));
    await screenshot(page, 'projects-list-1280-es-imperial');
  });

  it('Concrete Sensors at 1280: the weather station; Job Site Sensors: the CO sensor, then the telehandler', async () => {
    const ht = await demoSite(demoSites.first);
    const defaultConcrete = ht.tenantMessages.find((p) => p.name === 'Default' && p.type === 'Concrete');
    const page = await e2e.signedInPage(
      { username: demoUsers.admin.username },
      { viewport: desktop, path: `/construction_job_list/${ht.id}/${defaultConcrete?.id}` },
    );
    await expectVisible(page.getByRole('heading', { level: 1, name: /Concrete Sensors/ }));
    await expectVisible(page.getByText('No concrete jobs in this project yet.'));
    const cards = page.getByTestId('other-job');
    await expectVisible(cards);
    expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-job-type')))).toEqual([
      'Microweather Node',
    ]);
    const weather = cards.nth(0);
    expect(await weather.getByRole('link').first().innerText().then(plainText)).toBe('Tower Crane Weather');
    expect(await weather.getByTestId('reading-Temperature').innerText().then(plainText)).toMatch(
      /^-?[\d.]+ °C$/,
    );
    expect(await weather.getByTestId('reading-Humidity').innerText().then(plainText)).toMatch(/^[\d.]+ %$/);
    expect(await weather.getByTestId('reading-Wind Speed').innerText().then(plainText)).toMatch(
      /^[\d.]+ km\/hr$/,
    );
    await screenshot(page, 'projects-sensors-1280');

    // The site's Lumimon project lists its environmental nodes in the job type order of section 2.
    const defaultLumimon = ht.tenantMessages.find((p) => p.name === 'Default' && p.type === 'Lumimon');
    await page.goto(`/construction_job_list/${ht.id}/${defaultLumimon?.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: /Job Site Sensors/ }));
    await expectVisible(cards);
    expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-job-type')))).toEqual([
      'Gas',
      'GPS',
    ]);
    const gas = cards.nth(0);
    expect(await gas.locator('[data-testid^="reading-"]').count()).toBe(1);
    expect(await gas.getByTestId('reading-Gas').innerText().then(plainText)).toMatch(/^[\d.]+ ppm$/);
    const gasLink = gas.getByRole('link', { name: 'Parkade Ramp CO' });
    expect(await gasLink.getAttribute('href')).toMatch(/^\/job-site-details\/\d+\/\d+\/\d+$/);
    const gps = cards.nth(1);
    expect(await gps.getByRole('link', { name: 'Telehandler 2' }).getAttribute('href')).toMatch(
      /^\/job-site-gps-job-details\/\d+\/\d+\/\d+$/,
    );
  });

  it('at 390 in Spanish and Imperial: cards instead of a table, nothing wider than the phone', async () => {
    const ht = await demoSite(demoSites.first);
    const podium = ht.tenantMessages.find((p) => p.name === 'Podium Slabs');
    const page = await e2e.signedInPage(
      { username: demoUsers.editor.username },
      { viewport: phone, path: `/construction_job_list/${ht.id}/${podium?.id}` },
    );
    touched.add(page);
    await expectVisible(rows(page));
    await setUnits(page, 'Imperial');
    await setLanguage(page, 'es');
    const pour1 = row(page, 'Level 3 Slab - Pour 1');
    await expectText(pour1.getByTestId('job-strength'), /^\d+\spsi\s*de 3626\spsi$/);
    await expectText(pour1.getByTestId('job-temperature'), /°F$/);
    expect(await page.locator('table').count()).toBe(0);
    // The filter is a drop-down on a phone.
    await expectVisible(page.getByTestId('status-filter'));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'projects-list-390-es-imperial');

    // Every job on the phone too, the stopped one last.
    expect(await rows(page).count()).toBe(6);
    await expectText(row(page, 'Transfer Beam T2').locator('[data-status]').first(), /DETENIDO/);
    await expectNoHorizontalOverflow(page);
  });
});
