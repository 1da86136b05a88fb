/**
 * Issue 15: a site admin switches a member's alarm e-mails on the members page
 * (`GET /tenant/groups/emailnotifications/by_tenant_group`, `POST /emailnotifications/cmd/toggle` with the
 * member's userId). The admin turns Marco Ruiz's alarm e-mails of Harbourfront Tower off; the server keeps it
 * (his own `GET /emailnotifications` and his settings page say so), the members page still says so after a
 * reload, and the admin turns them on again. A viewer of the site is not shown the section (the server
 * answers her 403). At 1280 and 390 pixels wide.
 */
import type { EmailNotification } from '@sitepulse/contracts';
import { describe, expect, it } from 'vitest';
import { apiAs, demoSiteAs } from './support/api.ts';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { demoSites, expectHidden, expectNoHorizontalOverflow, expectVisible } from './support/ui.ts';

const e2e = useE2E();

const EDITOR_NAME = 'Marco Ruiz';

async function editorEmailsOn(siteId: number): Promise<boolean | undefined> {
  const editor = await apiAs(e2e.server.url, demoUsers.editor.username);
  const mine = await editor.call<EmailNotification[]>('/emailnotifications');
  return mine.find((n) => n.tenantGroupId === siteId)?.enabled;
}

describe("a member's alarm e-mails, switched by a site admin", () => {
  it('the admin turns them off and on again; the member sees the same in their settings', async () => {
    const site = await demoSiteAs(e2e.server.url, demoSites.first);
    expect(await editorEmailsOn(site.id)).toBe(true);

    const admin = await e2e.signedInPage(demoUsers.admin, {
      viewport: desktop,
      path: `/job-site-members/${site.id}`,
    });
    const section = admin.getByTestId('member-alarm-emails');
    await expectVisible(section.getByRole('heading', { name: 'Alarm e-mails' }));
    const editorSwitch = section.getByRole('switch', { name: new RegExp(`^${EDITOR_NAME} \\(`) });
    expect(await editorSwitch.isChecked()).toBe(true);

    await editorSwitch.uncheck();
    await expectVisible(admin.getByText(`Alarm e-mails off for ${EDITOR_NAME}`));
    expect(await editorEmailsOn(site.id)).toBe(false);
    await screenshot(admin, 'member-alarm-emails-1280');

    // Kept: a reload shows it off, and the member's own settings page says the same.
    await admin.reload();
    await expectVisible(section.getByRole('heading', { name: 'Alarm e-mails' }));
    expect(await editorSwitch.isChecked()).toBe(false);
    const editor = await e2e.signedInPage(demoUsers.editor, { viewport: phone, path: '/settings/user' });
    const own = editor.getByRole('switch', { name: demoSites.first, exact: true });
    await expectVisible(own);
    expect(await own.isChecked()).toBe(false);
    await expectNoHorizontalOverflow(editor);

    await editorSwitch.check();
    await expectVisible(admin.getByText(`Alarm e-mails on for ${EDITOR_NAME}`));
    expect(await editorEmailsOn(site.id)).toBe(true);
  });

  it('a viewer of the site is not shown the section', async () => {
    const site = await demoSiteAs(e2e.server.url, demoSites.first);
    const viewer = await e2e.signedInPage(demoUsers.viewer, {
      viewport: phone,
      path: `/job-site-members/${site.id}`,
    });
    await expectVisible(viewer.getByText(EDITOR_NAME).first());
    await expectHidden(viewer.getByTestId('member-alarm-emails'));
    await screenshot(viewer, 'member-alarm-emails-viewer-390');
  });
});
