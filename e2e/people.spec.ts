/**
 * Issue 6, "done means": an admin of the demo company invites a new colleague, who receives the e-mail
 * (through a real SMTP server), creates a password with its link, finishes account setup and signs in
 * seeing exactly the job sites granted. And a job-site admin's Spanish invitation arrives in Spanish.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, startSmtpServer } from '../apps/server/src/test/smtp.ts';
import { apiAs, demoSiteAs } from './support/api.ts';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { demoSites, expectNoHorizontalOverflow, expectPath, expectVisible, ui } from './support/ui.ts';

// The SMTP server must be listening before the app starts, so the app gets its address (SMTP_URL).
const smtp = await startSmtpServer();
const e2e = useE2E({ env: smtp.env });
afterAll(() => smtp.close());

/** Waits (polling; the test's own timeout is the only limit) until a message to `address` has arrived. */
async function mailTo(address: string): Promise<ReceivedMail> {
  for (;;) {
    const [mail] = smtp.to(address);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const linkIn = (mail: ReceivedMail, path: string) => {
  const match = mail.text.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`));
  if (!match) throw new Error(`no ${path} link in:\n${mail.text}`);
  return new URL(match[0]);
};

async function choose(page: Page, combobox: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('inviting a colleague', () => {
  it('the invitee gets the e-mail, creates a password, sets up the account and sees exactly the granted site', async () => {
    const admin = await e2e.signedInPage(demoUsers.admin, { path: '/' });
    await ui.accountMenuButton(admin).click();
    await ui.menuItem(admin, /user management/i).click();
    await expectPath(admin, '/user-management');
    await admin.getByRole('link', { name: /add new user/i }).click();
    await expectPath(admin, '/add-new-user');

    const email = 'lena.brooks@example.test';
    await admin.getByRole('textbox', { name: /^first name/i }).fill('Lena');
    await admin.getByRole('textbox', { name: /^last name/i }).fill('Brooks');
    await admin.getByRole('textbox', { name: /^e-mail/i }).fill(email);
    await admin.getByRole('button', { name: /add a job site/i }).click();
    await choose(admin, /^job site 1/i, demoSites.long);
    await choose(admin, /^role 1/i, /^editor$/);
    await admin.getByRole('button', { name: /send invitation/i }).click();
    await expectVisible(admin.getByText(`Invitation sent to ${email}.`));
    await expectPath(admin, /^\/edit-user\/\d+$/);
    await expectVisible(admin.getByText(/invitation pending/i).first());

    const mail = await mailTo(email);
    expect(mail.subject).toMatch(/invit/i);
    expect(mail.text).toContain(demoSites.long);
    const link = linkIn(mail, '/create_pwd');

    // The invitee, on a browser that never saw Sitepulse.
    const invitee = await e2e.newPage({ viewport: phone });
    await invitee.goto(link.pathname + link.search);
    await invitee.getByLabel(/^new password/i).fill('harbour-lights-42');
    await invitee.getByLabel(/^confirm new password/i).fill('harbour-lights-42');
    await invitee.getByRole('button', { name: /^create password$/i }).click();

    // Signed in, still INVITATION_WELCOME_EMAIL_SENT: account setup first (spec section 2).
    await expectPath(invitee, /^\/account-setup\/\d+\/lena\.brooks\//);
    await expectVisible(invitee.getByRole('textbox', { name: /^first name/i }));
    expect(await invitee.getByRole('textbox', { name: /^first name/i }).inputValue()).toBe('Lena');
    await expectNoHorizontalOverflow(invitee);
    await screenshot(invitee, 'people-account-setup-390');
    await invitee.getByRole('button', { name: /save and continue/i }).click();
    await expectPath(invitee, '/');

    // Exactly the granted site in the drawer; the others are not there.
    await invitee.setViewportSize(desktop);
    const drawer = ui.drawer(invitee);
    await expectVisible(drawer.getByText(demoSites.long));
    expect(await drawer.getByText(demoSites.first).count()).toBe(0);
    expect(await drawer.getByText(demoSites.precast).count()).toBe(0);

    // And the server agrees: one site, with the editor role.
    const lena = await apiAs(e2e.server.url, 'lena.brooks', 'harbour-lights-42');
    const details = await lena.call<{
      userTenantGroupData: { access: number }[];
      userInvitationData: { status: string };
    }>(`/v2/users/details?companyId=${lena.companyId}&username=lena.brooks`);
    expect(details.userTenantGroupData.map((g) => g.access)).toEqual([2]);
    expect(details.userInvitationData.status).toBe('ACCEPTED');

    // The link worked once.
    const again = await e2e.newPage();
    await again.goto(link.pathname + link.search);
    await again.getByLabel(/^new password/i).fill('another-pass-99');
    await again.getByLabel(/^confirm new password/i).fill('another-pass-99');
    await again.getByRole('button', { name: /^create password$/i }).click();
    await expectVisible(again.getByText(/this invitation link no longer works/i));
    await expectVisible(again.getByRole('link', { name: /help with an expired link/i }));
  });

  it("a job-site admin's Spanish invitation from the members page arrives in Spanish", async () => {
    const admin = await e2e.signedInPage(demoUsers.admin, { path: '/' });
    const site = await demoSiteAs(e2e.server.url, demoSites.precast);
    await admin.goto(`/job-site-members/${site.id}`);
    await admin.getByRole('link', { name: /invite member/i }).click();
    await expectPath(admin, `/job-site-member-invite/${site.id}`);
    const email = 'rosa.vidal@example.test';
    await admin.getByRole('textbox', { name: /^e-mail/i }).fill(email);
    await admin.getByLabel(/language of the invitation/i).selectOption('es');
    await admin.getByRole('button', { name: /send invitation/i }).click();
    await expectPath(admin, `/job-site-members/${site.id}`);
    await expectVisible(admin.getByText(email).first());

    const mail = await mailTo(email);
    expect(mail.text).toMatch(/invitaci[oó]n|contraseña/i);
    expect(mail.text).toContain(demoSites.precast);
    expect(mail.text).not.toMatch(/\byour password\b/i);
    linkIn(mail, '/create_pwd');
  });
});
