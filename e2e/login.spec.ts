import { describe, expect, it } from 'vitest';
import { acceptPrivacyIfShown, enterCompanyCode, signIn, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { demoSites, expectHidden, expectPath, expectVisible, texts, ui, visibleText } from './support/ui.ts';

const e2e = useE2E();

/** A fresh browser on /login, privacy accepted, at the code step. */
async function atCodeStep() {
  const page = await e2e.newPage();
  await page.goto('/login');
  await acceptPrivacyIfShown(page);
  await expectVisible(ui.codeInput(page));
  return page;
}

/** A fresh browser on /login, past the company code, at the user-login step. */
async function atUserStep() {
  const page = await atCodeStep();
  await enterCompanyCode(page, 'DEMO1');
  await expectVisible(ui.usernameInput(page));
  return page;
}

describe('login: company auth code step', () => {
  it('submits DEMO1 by itself once 5 characters are typed and shows the user-login step', async () => {
    const page = await atCodeStep();
    await enterCompanyCode(page, 'DEMO1');
    await expectVisible(ui.usernameInput(page));
    await expectVisible(ui.usernameTab(page));
    await expectVisible(ui.phoneTab(page));
    await expectVisible(ui.passwordInput(page));
    await expectVisible(ui.loginButton(page));
    await expectVisible(ui.forgotPassword(page));
  });

  it('says the code is wrong for an unknown code', async () => {
    const page = await atCodeStep();
    await enterCompanyCode(page, 'WRNG9');
    await expectVisible(visibleText(page, texts.wrongCode));
    expect(await ui.usernameInput(page).isVisible()).toBe(false);
  });

  it('is case-sensitive: demo1 is a wrong code', async () => {
    const page = await atCodeStep();
    await enterCompanyCode(page, 'demo1');
    await expectVisible(visibleText(page, texts.wrongCode));
    expect(await ui.usernameInput(page).isVisible()).toBe(false);
  });

  it('switches the login card to Spanish, and a reload opens it in Spanish straight away', async () => {
    const page = await atCodeStep();
    await page.getByRole('button', { name: 'ES', exact: true }).click();
    await expectVisible(page.getByText('Monitoreo de sensores en obra'));
    await page.reload();
    await expectVisible(ui.codeInput(page));
    await expectVisible(page.getByText('Monitoreo de sensores en obra'));
    expect(await page.getByText('Job-site sensor monitoring').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  });

  it('shows the privacy-policy overlay first; Escape does not close it; agree does, for good', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    const dialog = ui.privacyDialog(page);
    await expectVisible(dialog);
    await expectVisible(dialog.getByText(/read and agree/i));
    await page.keyboard.press('Escape');
    // Still there after Escape (checked once the code entry behind it is rendered too).
    await expectVisible(ui.codeInput(page));
    expect(await dialog.isVisible()).toBe(true);
    await ui.privacyAgree(page).click();
    await expectHidden(dialog);
    await page.reload();
    await expectVisible(ui.codeInput(page));
    await page.waitForLoadState('networkidle');
    expect(await dialog.isVisible()).toBe(false);
  });

  it("'Reset Company Auth Code' returns to the code step", async () => {
    const page = await atUserStep();
    await ui.resetCompanyCode(page).click();
    await expectVisible(ui.codeInput(page));
    await expectHidden(ui.usernameInput(page));
  });
});

describe('login: user step', () => {
  it('signs in with a username and lands on the map with the demo job sites in the drawer', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: demoUsers.admin.username });
    await expectPath(page, '/');
    await expectVisible(ui.map(page));
    await expectVisible(visibleText(page, demoSites.first));
    await expectVisible(visibleText(page, demoSites.precast));
    // A name longer than 16 characters shows a tooltip with the whole name in the drawer.
    const longEntry = ui
      .drawer(page)
      .getByText(/^Riverside/)
      .first();
    await expectVisible(longEntry);
    await longEntry.hover();
    await expectVisible(page.getByRole('tooltip').filter({ hasText: demoSites.long }));
  });

  it('signs in with an e-mail address too', async () => {
    const page = await e2e.newPage();
    await signIn(page, { username: demoUsers.admin.email });
    await expectPath(page, '/');
    await expectVisible(ui.map(page));
  });

  it('shows the login failure message for a wrong password', async () => {
    const page = await atUserStep();
    await ui.usernameInput(page).fill(demoUsers.admin.username);
    await ui.passwordInput(page).fill('not-the-password');
    await ui.loginButton(page).click();
    await expectVisible(visibleText(page, texts.loginFailed));
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("shows 'Required' for an empty username and password", async () => {
    const page = await atUserStep();
    await ui.loginButton(page).click();
    await expectVisible(visibleText(page, texts.required));
    expect(await page.getByText(texts.required, { exact: true }).count()).toBeGreaterThanOrEqual(2);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("shows 'Too Long!' for a 46-character username", async () => {
    const page = await atUserStep();
    await ui.usernameInput(page).fill('u'.repeat(46));
    await ui.passwordInput(page).fill('demo1234');
    await ui.loginButton(page).click();
    await expectVisible(visibleText(page, texts.tooLong));
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('accepts a 45-character username without the length message', async () => {
    const page = await atUserStep();
    await ui.usernameInput(page).fill('u'.repeat(45));
    await ui.passwordInput(page).fill('demo1234');
    await ui.loginButton(page).click();
    await expectVisible(visibleText(page, texts.loginFailed));
    expect(await page.getByText(texts.tooLong).count()).toBe(0);
  });

  it('toggles the password between hidden and shown', async () => {
    const page = await atUserStep();
    const password = ui.passwordInput(page);
    await password.fill('demo1234');
    expect(await password.getAttribute('type')).toBe('password');
    await ui.passwordToggle(page).click();
    expect(await password.getAttribute('type')).toBe('text');
    await ui.passwordToggle(page).click();
    expect(await password.getAttribute('type')).toBe('password');
  });
});

describe('login: phone tab', () => {
  it('has a phone input defaulting to Canada, with a country search', async () => {
    const page = await atUserStep();
    await ui.phoneTab(page).click();
    await expectVisible(ui.phoneInput(page));
    const country = ui.countrySelect(page);
    await expectVisible(country);
    const shown = `${await country.textContent()} ${await country.getAttribute('aria-label')} ${await country
      .inputValue()
      .catch(() => '')}`;
    expect(shown).toMatch(/canada|\bCA\b/i);
    await country.click();
    const search = page
      .getByRole('searchbox')
      .or(page.getByRole('textbox', { name: /search/i }))
      .or(page.getByPlaceholder(/search/i))
      .first();
    await expectVisible(search);
    await search.fill('Mexi');
    await expectVisible(page.getByRole('option', { name: /mexico/i }));
    expect(await page.getByRole('option', { name: /germany/i }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it("shows 'Invalid phone number' for a bad number, clears it when emptied", async () => {
    const page = await atUserStep();
    await ui.phoneTab(page).click();
    const phone = ui.phoneInput(page);
    await phone.fill('12345');
    await phone.press('Tab');
    await expectVisible(visibleText(page, texts.invalidPhone));
    await phone.fill('');
    await phone.press('Tab');
    await expectHidden(page.getByText(texts.invalidPhone));
  });

  it('signs in with a demo phone number', async () => {
    const page = await atUserStep();
    await ui.phoneTab(page).click();
    await ui.phoneInput(page).fill(demoUsers.admin.phoneNational);
    await ui.passwordInput(page).fill('demo1234');
    await ui.loginButton(page).click();
    await expectPath(page, '/');
    await expectVisible(ui.map(page));
  });
});
