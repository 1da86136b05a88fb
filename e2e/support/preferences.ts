/**
 * Units and language, switched the way a person does it: the toggles in the account menu (top bar
 * avatar), on desktop and phone alike. Each waits until the choice is saved, then closes the menu.
 */
import type { Page } from 'playwright-core';
import { afterEach } from 'vitest';

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
  // Until the menu has faded out, so screenshots do not catch it half-closed.
  await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
}

export async function setUnits(page: Page, system: 'Metric' | 'Imperial'): Promise<void> {
  await pick(page, system === 'Imperial' ? /^Imperial/ : /^(Metric|Métrico)/);
}

export async function setLanguage(page: Page, language: 'en' | 'es'): Promise<void> {
  await pick(page, language === 'es' ? /^Español$/ : /^English$/);
}

/**
 * Settings are saved on the server, so a spec that switches them puts each user back to Metric and
 * English after every test: add the pages whose user was switched to the returned set.
 */
export function restoreDisplayAfterEach(): Set<Page> {
  const touched = new Set<Page>();
  afterEach(async () => {
    for (const page of touched) {
      if (page.isClosed()) continue;
      await setUnits(page, 'Metric').catch(() => {});
      await setLanguage(page, 'en').catch(() => {});
    }
    touched.clear();
  });
  return touched;
}
