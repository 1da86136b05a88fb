/**
 * Passwords in a real browser, with e-mail through a real SMTP server: the forgot-password e-mail's
 * /reset_pwd link sets a new password once; my profile changes the password (the wrong current one is
 * refused and changes nothing); an admin changes a member's role from the member's profile.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, startSmtpServer } from '../apps/server/src/test/smtp.ts';
import { apiAs, demoSiteAs } from './support/api.ts';
import {
  acceptPrivacyIfShown,
  enterCompanyCode,
  phone,
  screenshot,
  signInAndWait,
  useE2E,
} from './support/browser.ts';
import { demoPassword, demoUsers } from './support/demo.ts';
import { demoSites, expectNoHorizontalOverflow, expectPath, expectVisible, ui } from './support/ui.ts';

const smtp = await startSmtpServer();
const e2e = useE2E({ env: smtp.env });
afterAll(() => smtp.close());

/**
 * Waits (polling; the test's own timeout is the only limit) for the first message to `address` with this
 * subject. By subject, because the demo's alarms e-mail its members too (issue 15).
 */
async function mailTo(address: string, subject: string): Promise<ReceivedMail> {
  for (;;) {
    const mail = smtp.to(address).find((m) => m.subject === subject);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function setNewPassword(page: Page, password: string, submit: RegExp) {
  await page.getByLabel(/^new password/i).fill(password);
  await page.getByLabel(/^confirm new password/i).fill(password);
  await page.getByRole('button', { name: submit }).click();
}

/** Whether the API lets `username` sign in with `password`. */
async function canSignIn(username: string, password: string): Promise<boolean> {
  return apiAs(e2e.server.url, username, password).then(
    () => true,
    () => false,
  );
}

describe('passwords', () => {
  it('forgot password: the e-mailed link sets a new password, once', async () => {
    const { email } = demoUsers.viewer;
    const page = await e2e.newPage();
    await page.goto('/login');
    await acceptPrivacyIfShown(page);
    await enterCompanyCode(page, 'DEMO1');
    await ui.forgotPassword(page).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: /^send$/i }) });
    await dialog.getByRole('textbox', { name: /e-?mail/i }).fill(email);
    await dialog.getByRole('button', { name: /^send$/i }).click();

    const mail = await mailTo(email, 'Reset your Sitepulse password');
    const match = mail.text.match(/https?:\/\/\S+\/reset_pwd\?token=[\w-]+/);
    if (!match) throw new Error(`no reset link in:\n${mail.text}`);
    const link = new URL(match[0]);

    const reset = await e2e.newPage({ viewport: phone });
    await reset.goto(link.pathname + link.search);
    await setNewPassword(reset, 'quay-side-2027', /save new password/i);
    await expectVisible(reset.getByText(/your password was changed/i));
    await expectNoHorizontalOverflow(reset);
    await screenshot(reset, 'passwords-reset-done-390');
    expect(await canSignIn('viewer', 'quay-side-2027')).toBe(true);
    expect(await canSignIn('viewer', demoPassword)).toBe(false);

    // The same link again: refused, and the password stays the one just chosen.
    const again = await e2e.newPage();
    await again.goto(link.pathname + link.search);
    await setNewPassword(again, 'someone-else-1', /save new password/i);
    await expectVisible(again.getByText(/this link no longer works/i));
    expect(await canSignIn('viewer', 'quay-side-2027')).toBe(true);
  });

  it('my profile: a wrong current password changes nothing; the right one changes it', async () => {
    const page = await e2e.signedInPage(demoUsers.editor, { path: '/' });
    await ui.accountMenuButton(page).click();
    await ui.menuItem(page, /my profile/i).click();
    await expectPath(page, '/my-profile');
    await page.getByLabel(/^current password/i).fill('not-my-password');
    await page.getByLabel(/^new password/i).fill('tower-crane-88');
    await page.getByLabel(/^confirm new password/i).fill('tower-crane-88');
    await page.getByRole('button', { name: /^change password$/i }).click();
    await expectVisible(page.getByText(/the current password is not correct/i));
    expect(await canSignIn('editor', demoPassword)).toBe(true);

    await page.getByLabel(/^current password/i).fill(demoPassword);
    await page.getByRole('button', { name: /^change password$/i }).click();
    await expectVisible(page.getByText(/your password was changed/i));
    expect(await canSignIn('editor', 'tower-crane-88')).toBe(true);
    expect(await canSignIn('editor', demoPassword)).toBe(false);

    // This browser stays signed in; a new one signs in with the new password through the login screen.
    await page.reload();
    await expectPath(page, '/my-profile');
    const fresh = await e2e.newPage();
    await signInAndWait(fresh, { username: 'editor', password: 'tower-crane-88' });
  });

  it("an admin changes a member's role from the member's profile", async () => {
    const site = await demoSiteAs(e2e.server.url, demoSites.first);
    const page = await e2e.signedInPage(demoUsers.admin, { path: `/job-site-members/${site.id}` });
    await page.getByRole('link', { name: 'Sam Okafor' }).first().click();
    await expectPath(page, new RegExp(`^/job-site-member-profile/${site.id}/\\d+$`));
    // The address changes before the profile's code has loaded: wait for the profile itself, since the
    // members list behind it has a select of the same name.
    await expectVisible(page.getByText(/manage membership/i));
    await page.getByRole('combobox', { name: /role of sam okafor/i }).selectOption('4');
    await expectVisible(page.getByText(/sam okafor is now viewer on this job site/i));
    const inspector = await apiAs(e2e.server.url, 'inspector');
    const details = await inspector.call<{
      userTenantGroupData: { tenantGroupId: number; access: number }[];
    }>(`/v2/users/details?companyId=${inspector.companyId}&username=inspector`);
    expect(details.userTenantGroupData).toEqual([{ tenantGroupId: site.id, access: 4 }]);
  });
});
