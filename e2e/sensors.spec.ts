/**
 * The job-site sensor screens on the demo company (apps/server/src/demo/hardware.ts): the Lumimon overview of
 * Harbourfront Tower, where the gas node 'Parkade Ramp CO' is alarming, its sensor details, the GPS track of
 * 'Telehandler 2', and North Yard's curing-water tank and mixer motor (current transformer). Values on screen
 * are checked against what the server answers for the same user, in Metric and Imperial, English and Spanish,
 * at 1280 and 390 pixels wide.
 */
import { CONVERSION } from '@sitepulse/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callAs, demoSiteAs } from './support/api.ts';
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
/** Calls the API as a demo user (the same answers the screens get). */
const api = <T>(username: string, path: string) => callAs<T>(e2e.server.url, username, path);
const site = (username: string, name: string) => demoSiteAs(e2e.server.url, name, username);

interface Reading {
  sensorType: string;
  value: number | null;
}
interface Card {
  jobId: number;
  statusLabel: string;
  channelJobName: string;
  kind: string;
  alarming: boolean;
  alarmData: { sensorType: string | null; mediumThresholdHBound: number | null };
  readings: Reading[];
  location: { lat: number; longitude: number; timestamp: number } | null;
}
interface Overview {
  nodes: Card[];
}
const overview = (username: string, siteId: number) =>
  api<Overview>(username, `/analytics/lumimon/jobs/overview/by_tenant_group/${siteId}`);

function cardOf(o: Overview, name: string): Card {
  const c = o.nodes.find((n) => n.channelJobName === name);
  if (!c) throw new Error(`no card ${name}`);
  return c;
}
const latestOf = (c: Card, type: string) => c.readings.find((r) => r.sensorType === type)?.value ?? null;

const nodeCard = (page: Page, name: string): Locator =>
  page
    .getByTestId('node-card')
    .filter({ has: page.getByTestId('node-card-name').getByText(name, { exact: true }) });
const reading = (card: Locator, type: string) =>
  card.locator(`[data-testid="node-reading"][data-sensor-type="${type}"]`);

/** Waits until nothing on the page is loading (the live stream never lets the network go idle). */
async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-state="loading"]').length === 0);
}

const touched = restoreDisplayAfterEach();

/** A value as the screens write it: a value that rounds to zero reads 0.0, never -0.0 (a cold morning's -0.02 °C). */
const fmt = (v: number | null, digits = 1) => {
  if (v === null) return '--';
  const text = v.toFixed(digits);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
};

/**
 * The locator shows one of the values the server answered just before and just after (the demo feed keeps
 * sending readings, so a new one may land between the two).
 */
async function expectShowsValue(
  locator: Locator,
  read: () => Promise<number | null>,
  before: number | null,
  text: (v: number | null) => string,
) {
  const shown = await locator.innerText().then(plainText);
  const after = await read();
  expect(
    [text(before), text(after)].some((candidate) => shown.replace(/\s+/g, '').includes(candidate)),
    `'${shown}' shows ${text(before)} or ${text(after)}`,
  ).toBe(true);
}

describe('job site sensors (Lumimon overview)', () => {
  it('Harbourfront Tower at 1280: the alarming gas node heads the page, then the nodes in job type order', async () => {
    const ht = await site('admin', demoSites.first);
    const lumimon = ht.tenantMessages.find((p) => p.type === 'Lumimon');
    expect(lumimon?.name).toBe('Default');
    const o = await overview('admin', ht.id);
    const gas = cardOf(o, 'Parkade Ramp CO');
    expect(gas.alarming).toBe(true);
    const weather = cardOf(o, 'Tower Crane Weather');

    const page = await e2e.signedInPage(
      { username: demoUsers.admin.username },
      { viewport: desktop, path: `/job-site-sensors/${ht.id}/${lumimon?.id}` },
    );
    touched.add(page);
    const summary = page.getByTestId('alarm-summary');
    await expectText(summary, /Parkade Ramp CO/);
    const gasNow = async () => latestOf(cardOf(await overview('admin', ht.id), 'Parkade Ramp CO'), 'Gas');
    const weatherNow = async () =>
      latestOf(cardOf(await overview('admin', ht.id), 'Tower Crane Weather'), 'Temperature');
    await expectShowsValue(summary, gasNow, latestOf(gas, 'Gas'), (v) => `${fmt(v)}ppm`);
    // The threshold the demo set on the gas job, as the server answers it.
    const high = gas.alarmData.mediumThresholdHBound;
    expect(gas.alarmData.sensorType).toBe('Gas');
    expect(await summary.innerText().then(plainText)).toContain(`Threshold > ${fmt(high)} ppm`);
    // The breadcrumb names the Lumimon project by its display name.
    await expectVisible(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Job Site Sensors'));

    const cards = page.getByTestId('node-card');
    await expectVisible(cards);
    expect(await cards.first().getAttribute('data-alarming')).toBe('true');
    expect(await cards.first().getByTestId('node-card-name').innerText().then(plainText)).toBe(
      'Parkade Ramp CO',
    );
    const names = await page.getByTestId('group-jobs').getByTestId('node-card-name').allInnerTexts();
    expect(names).toEqual(['Parkade Ramp CO', 'Tower Crane Weather']);
    // Gas: one reading; weather: three, in metric units.
    expect(await nodeCard(page, 'Parkade Ramp CO').getByTestId('node-reading').count()).toBe(1);
    const w = nodeCard(page, 'Tower Crane Weather');
    expect(await w.getByTestId('node-reading').count()).toBe(3);
    await expectShowsValue(
      reading(w, 'Temperature'),
      weatherNow,
      latestOf(weather, 'Temperature'),
      (v) => `${fmt(v)}°C`,
    );
    expect(await reading(w, 'Wind Speed').innerText().then(plainText)).toMatch(/km\/hr/);
    const gps = nodeCard(page, 'Telehandler 2');
    expect(await gps.getByTestId('node-position').innerText().then(plainText)).toMatch(
      /-?\d+\.\d{5}, -?\d+\.\d{5}/,
    );
    await expectVisible(page.getByTestId('analytics'));
    await settled(page);
    await screenshot(page, 'sensors-overview-1280');

    // Imperial: the weather node in °F and mph, without a reload.
    await setUnits(page, 'Imperial');
    const toF = (c: number | null) =>
      c === null ? null : c * CONVERSION.FAHRENHEIT_PER_CELSIUS + CONVERSION.FAHRENHEIT_OFFSET;
    await expectText(reading(w, 'Temperature'), /°F/);
    await expectShowsValue(
      reading(w, 'Temperature'),
      weatherNow,
      latestOf(weather, 'Temperature'),
      (v) => `${fmt(toF(v))}°F`,
    );
    expect(await reading(w, 'Wind Speed').innerText().then(plainText)).toMatch(/mph/);
    // Spanish.
    await setLanguage(page, 'es');
    await expectText(summary, /1 sensor en alarma/);
    await expectVisible(page.getByRole('heading', { name: /Trabajos/ }));
    await expectVisible(w.getByText(/Nodo de microclima/));
    await screenshot(page, 'sensors-overview-1280-es-imperial');
  });

  it('at 390 in Spanish and Imperial: the alarm is at the top, cards fit the screen, and the gas node opens', async () => {
    const ht = await site('editor', demoSites.first);
    const lumimon = ht.tenantMessages.find((p) => p.type === 'Lumimon');
    const gas = cardOf(await overview('editor', ht.id), 'Parkade Ramp CO');
    const page = await e2e.signedInPage(
      { username: demoUsers.editor.username },
      { viewport: phone, path: `/job-site-sensors/${ht.id}/${lumimon?.id}` },
    );
    touched.add(page);
    await setLanguage(page, 'es');
    await setUnits(page, 'Imperial');
    const summary = page.getByTestId('alarm-summary');
    await expectText(summary, /1 sensor en alarma/);
    const box = await summary.boundingBox();
    expect((box?.y ?? 1000) + (box?.height ?? 0)).toBeLessThan(phone.height);
    const first = page.getByTestId('node-card').first();
    expect(await first.getByTestId('node-card-name').innerText().then(plainText)).toBe('Parkade Ramp CO');
    const cardBox = await first.boundingBox();
    expect(cardBox?.width ?? 0).toBeLessThanOrEqual(phone.width);
    await expectVisible(page.getByTestId('analytics'));
    await settled(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'sensors-overview-390');

    await first.click();
    await expectPath(page, /^\/job-site-details\//);
    const header = page.getByTestId('job-header');
    // The page's heading is the job's name.
    await expectText(page.getByRole('heading', { level: 1 }), /^Parkade Ramp CO$/);
    expect(await header.getAttribute('data-alarming')).toBe('true');
    await expectText(header.getByTestId('alarm-chip'), /ALARMA · > /);
    expect(await header.getByTestId('alarm-chip').innerText().then(plainText)).toBe(
      `ALARMA · > ${fmt(gas.alarmData.mediumThresholdHBound)} ppm`,
    );
    await expectVisible(page.getByTestId('latest-reading'));
    expect(await page.getByTestId('latest-reading').first().innerText().then(plainText)).toMatch(/ppm/);
    await expectVisible(page.getByTestId('time-chart').locator('canvas'));
    await settled(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'sensor-details-390');
    // A node that measures one thing only has one group: no group tabs. Its group two, by address, says so.
    expect(await page.getByRole('tablist').count()).toBe(0);
    await page.goto(page.url().replace('/job-site-details/', '/job-site-gr-two-sensor-details/'));
    await expectVisible(page.getByText('Este nodo no tiene sensores en este grupo.'));
    await page.getByRole('link', { name: 'Todos los sensores' }).click();
    await expectPath(page, /^\/job-site-details\//);
  });

  it('sensor details at 1280: the weather node over a range, with the figures of the range and the GR groups', async () => {
    const ht = await site('admin', demoSites.first);
    const lumimon = ht.tenantMessages.find((p) => p.type === 'Lumimon');
    const weather = cardOf(await overview('admin', ht.id), 'Tower Crane Weather');
    const page = await e2e.signedInPage(
      { username: demoUsers.admin.username },
      { viewport: desktop, path: `/job-site-sensors/${ht.id}/${lumimon?.id}` },
    );
    await nodeCard(page, 'Tower Crane Weather').click();
    await expectPath(page, `/job-site-details/${ht.id}/${lumimon?.id}/${weather.jobId}`);
    await expectVisible(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Tower Crane Weather'),
    );
    const charts = page.getByTestId('time-chart');
    await expectVisible(charts.locator('canvas'));
    expect(await charts.count()).toBe(3);
    expect(await charts.evaluateAll((els) => els.map((e) => e.getAttribute('data-unit')))).toEqual([
      '°C',
      '%',
      'km/hr',
    ]);
    await expectVisible(page.getByTestId('stats'));
    expect(await page.getByTestId('stats').locator('tbody tr').count()).toBe(3);
    const week = page.waitForResponse((r) => r.url().includes('/measurement/time/by_job') && r.ok());
    await page.getByRole('button', { name: '7 days' }).click();
    await week;
    await settled(page);
    await expectVisible(charts.locator('canvas'));
    await screenshot(page, 'sensor-details-1280');
    // The groups are named for what they hold.
    await page.getByRole('tab', { name: 'Temperature' }).click();
    await expectPath(page, /^\/job-site-gr-one-sensor-details\//);
    await expectText(page.getByTestId('sensor-details'), /Temperature/);
    // The details of the previous tab stay until the new route renders: wait for group one's own.
    await page.getByTestId('sensor-details').and(page.locator('[data-types="Temperature"]')).waitFor();
    expect(await page.getByTestId('sensor-details').getAttribute('data-types')).toBe('Temperature');
    await page.getByRole('tab', { name: 'Humidity & wind speed' }).click();
    await expectPath(page, /^\/job-site-gr-two-sensor-details\//);
    await page
      .getByTestId('sensor-details')
      .and(page.locator('[data-types="Humidity,Wind Speed"]'))
      .waitFor();
  });

  it('GPS details: the track of Telehandler 2 on the map with its start and latest position', async () => {
    const ht = await site('admin', demoSites.first);
    const lumimon = ht.tenantMessages.find((p) => p.type === 'Lumimon');
    const gps = cardOf(await overview('admin', ht.id), 'Telehandler 2');
    for (const [viewport, tag] of [
      [desktop, '1280'],
      [phone, '390'],
    ] as const) {
      const page = await e2e.signedInPage(
        { username: demoUsers.admin.username },
        { viewport, path: `/job-site-sensors/${ht.id}/${lumimon?.id}` },
      );
      await nodeCard(page, 'Telehandler 2').click();
      await expectPath(page, `/job-site-gps-job-details/${ht.id}/${lumimon?.id}/${gps.jobId}`);
      const map = page.getByTestId('gps-map');
      await expectVisible(map.locator('.leaflet-container'));
      const points = Number(await map.getAttribute('data-points'));
      expect(points).toBeGreaterThan(1);
      // The path and the two markers.
      await map.locator('.leaflet-overlay-pane path').nth(2).waitFor();
      const latest = page.getByTestId('gps-latest');
      const [lat, lng] = (await latest.innerText().then(plainText)).match(/-?\d+\.\d{5}/g)?.map(Number) ?? [];
      expect(Math.abs(lat)).toBeLessThanOrEqual(85);
      expect(lat).toBeCloseTo(gps.location?.lat ?? Number.NaN, 2);
      expect(lng).toBeCloseTo(gps.location?.longitude ?? Number.NaN, 2);
      await settled(page);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `gps-details-${tag}`);
      await page.getByRole('button', { name: 'Whole job' }).click();
      await page.waitForFunction(
        (before) =>
          Number(document.querySelector('[data-testid="gps-map"]')?.getAttribute('data-points')) > before,
        points,
      );
    }
  });

  it('North Yard: the tank level in m and ft, and the mixer motor current, power and voltage', async () => {
    const ny = await site('admin', demoSites.precast);
    const project = ny.tenantMessages.find((p) => p.name === 'Plant Utilities');
    const o = await overview('admin', ny.id);
    const tank = cardOf(o, 'Curing Water Tank');
    const motor = cardOf(o, 'Batch Plant Mixer Motor');
    expect(motor.kind).toBe('POWER');
    const page = await e2e.signedInPage(
      { username: demoUsers.admin.username },
      { viewport: desktop, path: `/job-site-sensors/${ny.id}/${project?.id}` },
    );
    touched.add(page);
    const t = nodeCard(page, 'Curing Water Tank');
    const levelNow = async () =>
      latestOf(cardOf(await overview('admin', ny.id), 'Curing Water Tank'), 'Liquid Level');
    const motorNow = (type: string) => async () =>
      latestOf(cardOf(await overview('admin', ny.id), 'Batch Plant Mixer Motor'), type);
    await expectText(reading(t, 'Liquid Level'), /m$/);
    await expectShowsValue(
      reading(t, 'Liquid Level'),
      levelNow,
      latestOf(tank, 'Liquid Level'),
      (v) => `${fmt(v)}m`,
    );
    const m = nodeCard(page, 'Batch Plant Mixer Motor');
    expect(await m.getByTestId('node-reading').count()).toBe(3);
    expect(await reading(m, 'Current').innerText().then(plainText)).toMatch(/A$/);
    expect(await reading(m, 'Power').innerText().then(plainText)).toMatch(/W$/);
    expect(await reading(m, 'Voltage').innerText().then(plainText)).toMatch(/V$/);
    await expectVisible(page.getByTestId('group-power'));
    await settled(page);
    await screenshot(page, 'sensors-overview-north-yard-1280');
    await setUnits(page, 'Imperial');
    await expectText(reading(t, 'Liquid Level'), /ft$/);
    await expectShowsValue(
      reading(t, 'Liquid Level'),
      levelNow,
      latestOf(tank, 'Liquid Level'),
      (v) => `${fmt(v === null ? null : v * CONVERSION.FEET_PER_METRE)}ft`,
    );
    await setUnits(page, 'Metric');

    await m.click();
    await expectPath(page, `/job-site-ct-job-details/${ny.id}/${project?.id}/${motor.jobId}`);
    const tiles = page.getByTestId('power-tile');
    await expectVisible(tiles);
    expect(await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-sensor-type')))).toEqual([
      'Current',
      'Power',
      'Voltage',
    ]);
    await expectShowsValue(
      tiles.nth(0),
      motorNow('Current'),
      latestOf(motor, 'Current'),
      (v) => `${fmt(v)}A`,
    );
    await expectShowsValue(
      tiles.nth(2),
      motorNow('Voltage'),
      latestOf(motor, 'Voltage'),
      (v) => `${fmt(v)}V`,
    );
    const charts = page.getByTestId('time-chart');
    await expectVisible(charts.locator('canvas'));
    // Power in W under 1 kW, else kW, from what the chart draws (the mixer motor draws tens of kW).
    const units = await charts.evaluateAll((els) => els.map((e) => e.getAttribute('data-unit')));
    expect(units[0]).toBe('A');
    expect(units[1]).toMatch(/^k?W$/);
    expect(units[2]).toBe('V');
    expect(await tiles.nth(1).innerText().then(plainText)).toMatch(/\d+\.\d+ k?W/);
    await settled(page);
    await screenshot(page, 'ct-details-1280');
    await page.setViewportSize(phone);
    // The charts follow the narrower screen.
    await page.waitForFunction(
      (width) =>
        [...document.querySelectorAll('[data-testid="time-chart"] canvas')].every(
          (c) => c.getBoundingClientRect().right <= width,
        ),
      phone.width,
    );
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'ct-details-390');
  });
});
