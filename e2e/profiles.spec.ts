/**
 * The concrete profiles screen (/concrete-profiles, ours) on the demo company: the seeded profiles with
 * their R² and calibrated range, and a profile created from lab breaks in the UI, typed in Imperial (°F·h,
 * psi) with the app in Spanish, whose fit and stored breaks are checked against the domain's own fit.
 */
import { CONVERSION, fitStrengthCurve } from '@sitepulse/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from './support/api.ts';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { setLanguage, setUnits } from './support/preferences.ts';
import { expectNoHorizontalOverflow, expectPath, expectVisible, ui } from './support/ui.ts';

const e2e = useE2E();

interface Profile {
  id: number;
  name: string;
  maturityFunction: string;
  datumTemperature: number;
  a: number;
  b: number;
  r2: number | null;
  minMaturity: number | null;
  maxMaturity: number | null;
  breaks: { maturity: number; strength: number }[];
  jobCount: number;
}

const PSI = CONVERSION.PSI_PER_MPA;
const F_PER_C = CONVERSION.FAHRENHEIT_PER_CELSIUS;

/** The company's profiles as the API answers them to the admin. */
async function profilesFromApi(): Promise<Profile[]> {
  const api = await apiAs(e2e.server.url, demoUsers.admin.username);
  return api.call<Profile[]>(`/concrete/conprofiles/by_company?companyId=${api.companyId}`);
}

/** The curve's text as the screen writes it: MPa two decimals, psi whole (M in °F·h for psi). */
function equation(p: Pick<Profile, 'a' | 'b'>, imperial: boolean): string {
  const fix = (v: number, d: number) => {
    const s = v.toFixed(d);
    return /^-0(\.0+)?$/.test(s) ? s.slice(1) : s;
  };
  if (!imperial) return `S = ${fix(p.a, 2)} + ${fix(p.b, 2)} · log₁₀(M)`;
  return `S = ${fix(PSI * (p.a - p.b * Math.log10(F_PER_C)), 0)} + ${fix(PSI * p.b, 0)} · log₁₀(M)`;
}

/** Uncaught errors of a page (a chart that throws would otherwise pass unseen). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}

const detail = (page: Page) => page.getByTestId('profile-detail');
const curveCanvas = (page: Page) => detail(page).getByTestId('strength-curve').locator('canvas').first();

describe('concrete profiles', () => {
  it("lists the demo company's profiles with R², range and curve, reached from the drawer", async () => {
    const seeded = await profilesFromApi();
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    const page = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: desktop });
    const errors = pageErrors(page);
    await expectVisible(ui.map(page));
    await ui.drawer(page).getByRole('link', { name: 'Concrete Profiles' }).click();
    await expectPath(page, '/concrete-profiles');
    await expectVisible(page.getByRole('heading', { name: 'Concrete Profiles', level: 1 }));
    expect(await page.title()).toBe('Concrete Profiles | Sitepulse');

    const rows = page.getByTestId('profile-row');
    await expectVisible(rows);
    expect(await rows.count()).toBe(seeded.length);
    for (const p of seeded) {
      const row = rows.filter({ hasText: p.name });
      await expectVisible(row);
      await expectVisible(row.getByText((p.r2 ?? 0).toFixed(3), { exact: true }));
      await expectVisible(
        row.getByText(`${(p.minMaturity ?? 0).toFixed(0)} – ${(p.maxMaturity ?? 0).toFixed(0)} °C.Hr`),
      );
      await expectVisible(row.getByText('Datum -10.0 °C'));
    }
    // The demo breaks run from 250 to 16000 °C·h.
    expect(seeded.every((p) => p.minMaturity === 250 && p.maxMaturity === 16000)).toBe(true);

    const first = seeded[0];
    await expectVisible(detail(page).getByRole('heading', { name: first.name }));
    expect(await detail(page).getByTestId('fit-equation').innerText()).toBe(equation(first, false));
    expect(await detail(page).getByTestId('fit-r2').innerText()).toBe((first.r2 ?? 0).toFixed(3));
    await expectVisible(curveCanvas(page));
    const box = await curveCanvas(page).boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    await screenshot(page, 'profiles-list-1280');

    const second = seeded[1];
    await rows.filter({ hasText: second.name }).getByRole('button', { name: second.name }).click();
    await expectVisible(detail(page).getByRole('heading', { name: second.name }));
    expect(new URL(page.url()).searchParams.get('profile')).toBe(String(second.id));
    expect(await detail(page).getByTestId('profile-breaks').locator('tbody tr').count()).toBe(
      second.breaks.length,
    );
    expect(errors).toEqual([]);
  });

  it('creates a profile from lab breaks typed in psi and °F·h, in Spanish, and shows its R² and curve', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: desktop });
    const errors = pageErrors(page);
    await expectVisible(ui.map(page));
    await setUnits(page, 'Imperial');
    await setLanguage(page, 'es');
    await ui.drawer(page).getByRole('link', { name: 'Perfiles de hormigón' }).click();
    await expectPath(page, '/concrete-profiles');
    await expectVisible(page.getByRole('heading', { name: 'Perfiles de hormigón', level: 1 }));
    expect(await page.title()).toBe('Perfiles de hormigón | Sitepulse');
    // The seeded profiles, now in °F·h and psi.
    await expectVisible(page.getByTestId('profile-row').first().getByText('450 – 28800 °F.Hr'));
    await expectVisible(page.getByTestId('profile-row').first().getByText('Temperatura base 14.0 °F'));

    await page.getByRole('button', { name: 'Nuevo perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo perfil de hormigón' });
    await expectVisible(dialog);
    expect(await dialog.getByLabel('Temperatura base (°F)').inputValue()).toBe('14');

    // Nothing filled: the form says what is missing, in Spanish, and sends nothing.
    await dialog.getByRole('button', { name: 'Crear perfil' }).click();
    await expectVisible(dialog.getByText('Obligatorio').first());
    await expectVisible(dialog.getByText('Introduzca al menos 2 roturas de laboratorio'));

    const name = 'Losa de transferencia C35 (e2e)';
    await dialog.getByLabel(/^Nombre/).fill(name);
    const breaks: [string, string][] = [
      ['450', '950'],
      ['900', '1950'],
      ['1800', '2800'],
      ['3600', '3800'],
      ['7200', '4600'],
      ['14400', '5650'],
    ];
    await dialog.getByRole('button', { name: 'Añadir rotura' }).click();
    await dialog.getByRole('button', { name: 'Añadir rotura' }).click();
    for (const [i, [m, s]] of breaks.entries()) {
      await dialog.getByLabel(`Rotura ${i + 1}: Madurez (°F.Hr)`).fill(m);
      await dialog.getByLabel(`Rotura ${i + 1}: Resistencia (psi)`).fill(s);
    }
    const metric = breaks.map(([m, s]) => ({ maturity: Number(m) / F_PER_C, strength: Number(s) / PSI }));
    const fit = fitStrengthCurve(metric);
    if (!fit) throw new Error('the typed breaks do not fit');
    // The table's problem follows the rows: gone once they are filled.
    expect(await dialog.getByText('Introduzca al menos 2 roturas de laboratorio').count()).toBe(0);
    const preview = dialog.getByTestId('fit-preview');
    await expectVisible(preview.getByTestId('strength-curve').locator('canvas').first());
    expect(await preview.getByTestId('fit-r2').innerText()).toBe(fit.r2.toFixed(3));
    expect(await preview.getByTestId('fit-equation').innerText()).toBe(equation(fit, true));
    await screenshot(page, 'profiles-create-es-imperial-1280');

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/concrete/conprofiles') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Crear perfil' }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    const created = (await response.json()) as Profile;
    await expectVisible(page.getByText(`Perfil de hormigón '${name}' creado.`));
    await dialog.waitFor({ state: 'hidden' });

    // Stored metric: °F·h / 1.8 and psi / 145.04, fitted by the server as the preview said.
    expect(created.name).toBe(name);
    expect(created.datumTemperature).toBe(-10);
    created.breaks.forEach((b, i) => {
      expect(b.maturity).toBeCloseTo(metric[i].maturity, 9);
      expect(b.strength).toBeCloseTo(metric[i].strength, 9);
    });
    expect(created.r2).toBeCloseTo(fit.r2, 12);
    expect(created.minMaturity).toBeCloseTo(250, 9);
    expect(created.maxMaturity).toBeCloseTo(8000, 9);

    expect(new URL(page.url()).searchParams.get('profile')).toBe(String(created.id));
    await expectVisible(detail(page).getByRole('heading', { name }));
    expect(await detail(page).getByTestId('fit-r2').innerText()).toBe(fit.r2.toFixed(3));
    expect(await detail(page).getByTestId('fit-range').innerText()).toBe('450 – 14400 °F.Hr');
    expect(await detail(page).getByTestId('fit-equation').innerText()).toBe(equation(created, true));
    await expectVisible(detail(page).getByText('S en psi, M en °F.Hr'));
    await expectVisible(curveCanvas(page));
    const table = detail(page).getByTestId('profile-breaks');
    await expectVisible(table.getByRole('columnheader', { name: 'Resistencia (psi)' }));
    await expectVisible(table.getByRole('cell', { name: '5650', exact: true }));
    await expectVisible(table.getByRole('cell', { name: '14400', exact: true }));
    await expectVisible(page.getByTestId('profile-row').filter({ hasText: name }));
    await detail(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'profiles-created-es-imperial-1280');
    expect(errors).toEqual([]);
  });

  it('works on a phone: cards, the curve, a poor fit warned, nothing wider than the screen', async () => {
    // The admin's settings from the previous test (Imperial, Spanish) are kept by the server.
    const page = await e2e.signedInPage({ username: demoUsers.admin.username }, { viewport: phone });
    const errors = pageErrors(page);
    await page.goto('/concrete-profiles');
    const cards = page.getByTestId('profile-cards');
    await expectVisible(cards);
    await expectVisible(page.getByRole('heading', { name: 'Perfiles de hormigón', level: 1 }));
    await expectVisible(curveCanvas(page));
    const canvas = await curveCanvas(page).boundingBox();
    expect(canvas?.width ?? 0).toBeGreaterThan(250);
    expect(canvas?.width ?? 0).toBeLessThanOrEqual(390);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'profiles-list-390');
    await detail(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'profiles-detail-390');

    await page.getByRole('button', { name: 'Nuevo perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo perfil de hormigón' });
    await expectVisible(dialog);
    await dialog.getByLabel(/^Nombre/).fill('Dispersa (e2e)');
    const scattered: [string, string][] = [
      ['500', '2600'],
      ['1000', '1300'],
      ['2000', '3600'],
      ['4000', '2000'],
    ];
    for (const [i, [m, s]] of scattered.entries()) {
      await dialog.getByLabel(`Rotura ${i + 1}: Madurez (°F.Hr)`).fill(m);
      await dialog.getByLabel(`Rotura ${i + 1}: Resistencia (psi)`).fill(s);
    }
    const fit = fitStrengthCurve(
      scattered.map(([m, s]) => ({ maturity: Number(m) / F_PER_C, strength: Number(s) / PSI })),
    );
    if (!fit) throw new Error('the typed breaks do not fit');
    expect(fit.r2).toBeLessThan(0.9);
    const warning = dialog.getByTestId('fit-preview').getByTestId('poor-fit');
    await expectVisible(warning);
    expect(await warning.innerText()).toContain(`R² es ${fit.r2.toFixed(3)}, menor que 0.9`);
    await expectNoHorizontalOverflow(page);
    await warning.scrollIntoViewIfNeeded();
    await screenshot(page, 'profiles-create-390');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Back to Metric and English: the same profile redraws in MPa without a reload.
    await setUnits(page, 'Metric');
    await setLanguage(page, 'en');
    await expectVisible(page.getByRole('heading', { name: 'Concrete Profiles', level: 1 }));
    await expectVisible(detail(page).getByText('S in MPa, M in °C.Hr'));
    expect(errors).toEqual([]);
  });

  it('shows the viewer the profiles read-only', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.viewer.username });
    const errors = pageErrors(page);
    await page.goto('/concrete-profiles');
    await expectVisible(page.getByTestId('profile-row'));
    await expectVisible(page.getByTestId('profiles-read-only'));
    await expectVisible(curveCanvas(page));
    expect(await page.getByRole('button', { name: 'New profile' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
