import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptPrivacyIfShown, enterCompanyCode, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { testEnv } from './support/server.ts';
import { expectHidden, expectVisible, texts, ui } from './support/ui.ts';

const e2e = useE2E();

async function openDialog(page: Page) {
  await ui.forgotPassword(page).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: /^send$/i }) });
  await expectVisible(dialog);
  return {
    dialog,
    email: dialog.getByRole('textbox', { name: /e-?mail/i }),
    send: dialog.getByRole('button', { name: /^send$/i }),
    cancel: dialog.getByRole('button', { name: /^cancel$/i }),
  };
}

async function atUserStep() {
  const page = await e2e.newPage();
  await page.goto('/login');
  await acceptPrivacyIfShown(page);
  await enterCompanyCode(page, 'DEMO1');
  await expectVisible(ui.usernameInput(page));
  return page;
}

describe('forgot-password dialog', () => {
  it('keeps Send disabled while the e-mail is empty or invalid', async () => {
    const page = await atUserStep();
    const { email, send } = await openDialog(page);
    expect(await email.inputValue()).toBe('');
    expect(await send.isDisabled()).toBe(true);
    await email.fill('not-an-email');
    await email.press('Tab');
    await expectVisible(page.getByText(texts.invalidEmail, { exact: true }));
    expect(await send.isDisabled()).toBe(true);
    await email.fill(demoUsers.admin.email);
    await expectHidden(page.getByText(texts.invalidEmail, { exact: true }));
    expect(await send.isEnabled()).toBe(true);
  });

  it('closes on Cancel, and opens again empty', async () => {
    const page = await atUserStep();
    const first = await openDialog(page);
    await first.email.fill('someone@example.com');
    await first.cancel.click();
    await expectHidden(first.dialog);
    const again = await openDialog(page);
    // Fields clear 0.5 s after cancel: wait for that with Playwright's own polling.
    await page.waitForFunction(
      (el) => (el as HTMLInputElement | null)?.value === '',
      await again.email.elementHandle(),
    );
    expect(await again.send.isDisabled()).toBe(true);
  });

  it('confirms a sent request with the support contact details', async () => {
    const page = await atUserStep();
    const { email, send } = await openDialog(page);
    await email.fill(demoUsers.admin.email);
    await send.click();
    const success = page
      .getByRole('dialog')
      .or(page.getByRole('alert'))
      .filter({ hasText: /sent|check your|success|instructions/i })
      .first();
    await expectVisible(success);
    await expectVisible(page.getByText(testEnv.SUPPORT_PHONE).first());
  });

  it('also confirms for an address the server does not know (401 is treated as success)', async () => {
    const page = await atUserStep();
    const { email, send } = await openDialog(page);
    await email.fill('nobody-here@example.com');
    await send.click();
    await expectVisible(page.getByText(testEnv.SUPPORT_PHONE).first());
    expect(await page.getByText('Oops, something went wrong. Please try again.').count()).toBe(0);
  });
});
