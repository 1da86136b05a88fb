/**
 * The construction and precast dashboards on the demo company (apps/server/src/demo/hardware.ts and
 * seed.ts). At Harbourfront Tower a superintendent sees at a glance that 'Level 3 Slab - Pour 1' reached
 * its 25 MPa target, that 'Level 4 Slab - Pour 2' and 'Core Wall Lift 7' have not, that 'Column Line C' is
 * in error, and the weather of 'Tower Crane Weather' now. At North Yard Precast Plant the four double tees
 * DT-101..DT-104 cast this morning. Checked in Metric and Imperial, English and Spanish, at 1280 and 390.
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

/** The site-wide pour list (the project summaries repeat a few pours). */
const sitePours = (page: Page): Locator =>
  page.locator('section[aria-labelledby="pours"] [data-testid="pour"]');
const pour = (page: Page, name: string): Locator =>
  page.locator(`section[aria-labelledby="pours"] [data-testid="pour"][data-job-name="${name}"]`);

async function verdicts(page: Page): Promise<[string, string][]> {
  return sitePours(page).evaluateAll((els) =>
    els.map(
      (e) =>
        [e.getAttribute('data-job-name') ?? '', e.getAttribute('data-verdict') ?? ''] as [string, string],
    ),
  );
}

const touched = restoreDisplayAfterEach();

describe('construction dashboard', () => {
  it('Harbourfront Tower at 1280: which pours reached their strength, the weather now, once a welcome', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: desktop });
    touched.add(page);
    await setUnits(page, 'Metric');
    await setLanguage(page, 'en');
    await page
      .getByRole('link', { name: new RegExp(demoSites.first) })
      .first()
      .click();
    await expectPath(page, /^\/construction_dashboard\/\d+$/);
    await expectVisible(page.getByRole('heading', { level: 1, name: /Harbourfront Tower/ }));

    // The welcome note, shown once.
    const welcome = page.getByRole('heading', { name: 'Welcome to your dashboard' });
    await expectVisible(welcome);
    await expectVisible(sitePours(page));
    await expectVisible(page.getByTestId('weather-temperature'));
    // The CO sensor on the parkade ramp is over its 25 ppm bound: named above the pours, one click from its node.
    const alarms = page.getByTestId('sensor-alarms');
    await expectText(alarms, /1 sensor is alarming/);
    expect(await alarms.innerText().then(plainText)).toContain('Parkade Ramp CO (Gas)');
    await screenshot(page, 'dashboards-construction-1280-welcome');
    await page.getByRole('button', { name: 'Got it' }).click();
    await welcome.waitFor({ state: 'detached' });

    expect(await verdicts(page)).toEqual([
      ['Column Line C', 'ERROR'],
      ['Level 3 Slab - Pour 1', 'REACHED'],
      ['Level 4 Slab - Pour 2', 'CURING'],
      ['Core Wall Lift 7', 'CURING'],
    ]);
    await expectText(pour(page, 'Level 3 Slab - Pour 1'), /Target reached/);
    const reached = await pour(page, 'Level 3 Slab - Pour 1')
      .getByTestId('pour-strength')
      .innerText()
      .then(plainText);
    expect(reached).toMatch(/^[\d.]+ MPa\s*of 25\.0 MPa$/);
    expect(Number.parseFloat(reached)).toBeGreaterThanOrEqual(25);
    await expectText(pour(page, 'Level 4 Slab - Pour 2'), /Not yet/);
    const curing = await pour(page, 'Level 4 Slab - Pour 2')
      .getByTestId('pour-strength')
      .innerText()
      .then(plainText);
    expect(Number.parseFloat(curing)).toBeLessThan(25);
    expect(
      await pour(page, 'Core Wall Lift 7').getByTestId('pour-strength').innerText().then(plainText),
    ).toMatch(/of 20\.0 MPa$/);

    expect(await page.getByTestId('tile-reached').innerText().then(plainText)).toBe('1');
    expect(await page.getByTestId('tile-curing').innerText().then(plainText)).toBe('2');
    expect(await page.getByTestId('tile-alarms').innerText().then(plainText)).toBe('1');
    expect(await page.getByTestId('tile-stopped').innerText().then(plainText)).toBe('1');

    // The weather now, from 'Tower Crane Weather'.
    const station = page.getByTestId('weather-station');
    await expectVisible(station.getByRole('link', { name: 'Tower Crane Weather' }));
    expect(await page.getByTestId('weather-temperature').innerText().then(plainText)).toMatch(
      /^-?[\d.]+ °C$/,
    );
    expect(await page.getByTestId('weather-humidity').innerText().then(plainText)).toMatch(/^[\d.]+ %$/);
    expect(await page.getByTestId('weather-wind').innerText().then(plainText)).toMatch(/^[\d.]+ km\/hr$/);
    expect(await page.getByTestId('moisture-humidity').innerText().then(plainText)).toMatch(/^[\d.]+ %$/);

    const summaries = page.getByTestId('project-summary');
    expect(await summaries.evaluateAll((els) => els.map((e) => e.getAttribute('data-project')))).toEqual([
      'Concrete Sensors',
      'Podium Slabs',
    ]);
    await expectText(summaries.nth(1), /6 concrete jobs/);
    await expectVisible(summaries.nth(1).getByTestId('group-counts'));
    await expectVisible(page.getByTestId('maturity-disclaimer'));
    await screenshot(page, 'dashboards-construction-1280');

    // Imperial: psi without decimals, the weather in °F and mph, without a reload.
    await setUnits(page, 'Imperial');
    await expectText(
      pour(page, 'Level 3 Slab - Pour 1').getByTestId('pour-strength'),
      /^\d+\spsi\s*of 3626\spsi$/,
    );
    await expectText(page.getByTestId('weather-temperature'), /^-?[\d.]+ °F$/);
    await expectText(page.getByTestId('weather-wind'), /^[\d.]+ mph$/);
    // Spanish.
    await setLanguage(page, 'es');
    await expectVisible(page.getByRole('heading', { name: 'Clima ahora' }));
    await expectText(pour(page, 'Level 3 Slab - Pour 1'), /Objetivo alcanzado/);
    await expectText(pour(page, 'Level 4 Slab - Pour 2'), /Aún no/);
    await screenshot(page, 'dashboards-construction-1280-es-imperial');

    // Seen once: not shown again after a reload.
    await page.reload();
    await expectVisible(sitePours(page));
    expect(await page.getByRole('heading', { name: /Bienvenido|Welcome/ }).count()).toBe(0);
  });

  it('at 390 in Spanish and Imperial: the verdicts and the weather fit the phone', async () => {
    const ht = await demoSite(demoSites.first);
    const page = await e2e.signedInPage(
      { username: demoUsers.editor.username },
      { viewport: phone, path: `/construction_dashboard/${ht.id}` },
    );
    touched.add(page);
    await expectVisible(sitePours(page));
    await setUnits(page, 'Imperial');
    await setLanguage(page, 'es');
    await expectVisible(page.getByRole('heading', { name: 'Bienvenido a su panel' }));
    await expectText(page.getByTestId('weather-temperature'), /°F$/);
    await expectText(pour(page, 'Level 3 Slab - Pour 1'), /Objetivo alcanzado/);
    await expectText(
      pour(page, 'Level 3 Slab - Pour 1').getByTestId('pour-strength'),
      /^\d+\spsi\s*de 3626\spsi$/,
    );
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'dashboards-construction-390-es-imperial');
    await page.getByRole('button', { name: 'Entendido' }).click();
    await page.getByRole('heading', { name: 'Bienvenido a su panel' }).waitFor({ state: 'detached' });
    await screenshot(page, 'dashboards-construction-390-es-imperial-pours');
  });
});

describe('precast dashboard', () => {
  it('North Yard Precast Plant: the whole plant for tenantId undefined, then one project', async () => {
    const plant = await demoSite(demoSites.precast);
    const page = await e2e.signedInPage(
      { username: demoUsers.admin.username },
      { viewport: desktop, path: `/precast_dashboard/${plant.id}/undefined` },
    );
    await expectVisible(page.getByRole('heading', { level: 1, name: /North Yard Precast Plant/ }));
    await expectVisible(sitePours(page));
    const shown = await verdicts(page);
    expect(shown.map(([name]) => name).sort()).toEqual(['DT-101', 'DT-102', 'DT-103', 'DT-104']);
    // Each verdict agrees with the strength shown against the 20 MPa target; DT-104, 3 hours in, is curing.
    for (const [name, verdict] of shown) {
      const strength = Number.parseFloat(
        await pour(page, name).getByTestId('pour-strength').innerText().then(plainText),
      );
      expect(verdict).toBe(strength >= 20 ? 'REACHED' : 'CURING');
    }
    expect(shown.find(([name]) => name === 'DT-104')?.[1]).toBe('CURING');
    expect(
      await page
        .getByTestId('project-summary')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-project'))),
    ).toEqual(['Double Tees', 'Hollow Core Line']);
    await expectVisible(page.getByText('No weather station is running on this site.'));
    await screenshot(page, 'dashboards-precast-1280');

    const hollowCore = plant.tenantMessages.find((p) => p.name === 'Hollow Core Line');
    await page.goto(`/precast_dashboard/${plant.id}/${hollowCore?.id}`);
    await expectVisible(page.getByText('No pour is being monitored right now.'));
    expect(
      await page
        .getByTestId('project-summary')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-project'))),
    ).toEqual(['Hollow Core Line']);
    expect(await page.getByRole('heading', { level: 1 }).innerText().then(plainText)).toMatch(
      /Hollow Core Line/i,
    );
  });

  it('at 390: the double tees as cards that fit the phone', async () => {
    const plant = await demoSite(demoSites.precast);
    const page = await e2e.signedInPage(
      { username: demoUsers.admin.username },
      { viewport: phone, path: `/precast_dashboard/${plant.id}/undefined` },
    );
    await expectVisible(sitePours(page));
    expect(await sitePours(page).count()).toBe(4);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'dashboards-precast-390');
  });
});
