/**
 * Units and language, switched the way a person does it: the toggles in the account menu (top bar
 * avatar), on desktop and phone alike. Each waits until the choice is saved, then closes the menu.
 */
import type { Page } from 'playwright-core';

const accountMenuButton = (page: Page) =>
  page.getByRole('button', { name: /^(Account menu|Menú de la cuenta)$/ });

async function pick(page: Page, name: RegExp) {
  await accountMenuButton(page).click();
  const button = page.getByRole('menu').getByRole('button', { name });
  if ((await button.getAttribute('aria-pressed')) !== 'true') {
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/settings/user') && r.request().method() === 'PUT' && r.ok(),
    );
    await button.click();
    await saved;
  }
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
}

export async function setUnits(page: Page, system: 'Metric' | 'Imperial'): Promise<void> {
  await pick(page, system === 'Imperial' ? /^Imperial/ : /^(Metric|Métrico)/);
}

export async function setLanguage(page: Page, language: 'en' | 'es'): Promise<void> {
  await pick(page, language === 'es' ? /^Español$/ : /^English$/);
}
