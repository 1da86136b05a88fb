/**
 * Locators of the web app, in one place. Role- and label-based, tolerant of case, because the
 * UI is built from the specification's wording rather than from test ids.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const texts = {
  wrongCode: 'Incorrect code. Code is case-sensitive. Please try again.',
  loginFailed: 'An error has occurred, please try again later.',
  required: 'Required',
  tooLong: 'Too Long!',
  invalidEmail: 'Invalid email',
  invalidPhone: 'Invalid phone number',
  accessRestricted: 'Access Restricted',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

export const demoSites = {
  first: 'Harbourfront Tower',
  long: 'Riverside Medical Centre Expansion',
  precast: 'North Yard Precast Plant',
} as const;

export const ui = {
  privacyDialog: (page: Page): Locator =>
    page.getByRole('dialog').filter({ has: page.getByRole('button', { name: /^agree$/i }) }),
  privacyAgree: (page: Page): Locator => page.getByRole('button', { name: /^agree$/i }),

  /** The first (or only) box of the 5-character company code entry. */
  codeInput: (page: Page): Locator =>
    page
      .locator('input:not([type=hidden]):not([type=password])')
      .and(page.getByLabel(/code/i))
      .or(page.locator('input[autocomplete="one-time-code"]'))
      .first(),
  resetCompanyCode: (page: Page): Locator =>
    page
      .getByRole('button', { name: /reset company auth code/i })
      .or(page.getByRole('link', { name: /reset company auth code/i }))
      .first(),

  usernameTab: (page: Page): Locator => page.getByRole('tab', { name: /username or email/i }),
  phoneTab: (page: Page): Locator => page.getByRole('tab', { name: /phone/i }),
  usernameInput: (page: Page): Locator =>
    page
      .getByRole('textbox', { name: /user ?name|e-?mail/i })
      .and(page.locator('input'))
      .first(),
  passwordInput: (page: Page): Locator =>
    page
      .locator('input')
      .and(page.getByLabel(/^password/i))
      .first(),
  passwordToggle: (page: Page): Locator =>
    page.getByRole('button', { name: /(show|hide|toggle).*password|password.*(visib|show|hide)/i }).first(),
  loginButton: (page: Page): Locator => page.getByRole('button', { name: /^\s*(log ?in|sign ?in)\s*$/i }),
  forgotPassword: (page: Page): Locator =>
    page
      .getByRole('button', { name: /forgot/i })
      .or(page.getByRole('link', { name: /forgot/i }))
      .first(),

  /** The phone number box of the 'phone' tab. */
  phoneInput: (page: Page): Locator =>
    page
      .locator('input[type=tel]')
      .or(page.getByRole('textbox', { name: /phone/i }))
      .first(),
  /** The country picker of the phone input. */
  countrySelect: (page: Page): Locator =>
    page
      .getByRole('combobox', { name: /country/i })
      .or(page.getByRole('button', { name: /country|canada/i }))
      .first(),

  map: (page: Page): Locator => page.locator('.leaflet-container').first(),
  drawer: (page: Page): Locator => page.locator('.MuiDrawer-paper').first(),
  accountMenuButton: (page: Page): Locator =>
    page.getByRole('button', { name: /account|user menu|profile menu/i }).first(),
  menuItem: (page: Page, name: RegExp): Locator => page.getByRole('menuitem', { name }),
};

/** Exact text, visible somewhere on the page. */
export const visibleText = (page: Page, text: string | RegExp): Locator =>
  page.getByText(text, { exact: typeof text === 'string' }).first();

/** Playwright's own wait, as an assertion: resolves once visible, throws naming the locator if not. */
export async function expectVisible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible' });
}

export async function expectHidden(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'hidden' });
}

export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL((url) =>
    typeof path === 'string' ? url.pathname === path : path.test(url.pathname),
  );
}

/**
 * Text as a person reads it: the no-break space that keeps a value with its unit ('22.0 km/hr', domain
 * UNIT_SPACE) as a plain space, so patterns write ' km/hr'.
 */
export const plainText = (text: string): string => text.replace(/\u00a0/g, ' ');

/** A locator's rendered text (innerText), as read (plainText). */
export async function readText(locator: Locator): Promise<string> {
  return plainText(await locator.innerText());
}

/**
 * Waits until the locator's text, as read (plainText), matches, then checks it. Polled rather than
 * `filter({ hasText })`, whose patterns see the no-break space of '22.0 km/hr' as it is.
 */
export async function expectText(locator: Locator, pattern: RegExp): Promise<void> {
  const matches = (text: string) => new RegExp(pattern.source, pattern.flags.replace('g', '')).test(text);
  await locator.first().waitFor();
  // As long as the contexts' action timeout (browser.ts), then the assertion says what was shown.
  const until = Date.now() + 30_000;
  let shown = plainText(await locator.first().innerText());
  while (!matches(shown) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    shown = plainText(await locator.first().innerText());
  }
  expect(shown).toMatch(pattern);
}

/**
 * Waits until the locator matches exactly `count` elements, then checks it: a list drawn after its part of
 * the page arrives (a dialog's code is fetched when first opened) is counted once it is there.
 */
export async function expectCount(locator: Locator, count: number): Promise<void> {
  const until = Date.now() + 30_000;
  let seen = await locator.count();
  while (seen !== count && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await locator.count();
  }
  expect(seen).toBe(count);
}

/** No part of the page is wider than the screen. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}
