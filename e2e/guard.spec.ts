import { describe, expect, it } from 'vitest';
import { signIn, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { demoSites, expectPath, expectVisible, texts, ui, visibleText } from './support/ui.ts';

const e2e = useE2E();

// Only the first test is about signing in (the way back after it): the others start signed in
// through the API (e2e.signedInPage), on '/'.

describe('route guards', () => {
  it('sends a signed-out visitor to /login and back to where they came from after sign-in', async () => {
    const page = await e2e.newPage();
    await page.goto('/settings/user');
    await expectPath(page, '/login');
    await signIn(page, { username: demoUsers.admin.username });
    await expectPath(page, '/settings/user');
  });

  it('shows the no-access page for a job-site id outside the user list', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.admin.username });
    await expectVisible(ui.map(page));
    await page.goto('/construction_dashboard/999999');
    await expectPath(page, '/no-access');
    await expectVisible(visibleText(page, /no access/i));
  });

  it('shows Access Restricted to the inspector on the first construction site', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.inspector.username });
    await expectPath(page, '/');
    const site = ui.drawer(page).getByText(demoSites.first, { exact: true }).first();
    await expectVisible(site);
    await site.click();
    await expectPath(page, /^\/construction_dashboard\/\d+$/);
    await expectVisible(visibleText(page, texts.accessRestricted));
    await expectVisible(visibleText(page, /inspector/i));
    await expectVisible(visibleText(page, /mobile app/i));
  });

  it('logs out to /login and refuses a protected route afterwards', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.editor.username });
    await expectVisible(ui.map(page));
    await ui.accountMenuButton(page).click();
    await ui.menuItem(page, /^log ?out$/i).click();
    await expectPath(page, '/login');
    await page.goto('/settings/user');
    await expectPath(page, '/login');
    expect(await ui.map(page).count()).toBe(0);
  });

  it("lists 'User Management' in the account menu for admin", async () => {
    const page = await e2e.signedInPage({ username: demoUsers.admin.username });
    await expectVisible(ui.map(page));
    await ui.accountMenuButton(page).click();
    await expectVisible(ui.menuItem(page, /my profile/i));
    await expectVisible(ui.menuItem(page, /user management/i));
    await expectVisible(ui.menuItem(page, /^log ?out$/i));
  });

  it("does not list 'User Management' for editor", async () => {
    const page = await e2e.signedInPage({ username: demoUsers.editor.username });
    await expectVisible(ui.map(page));
    await ui.accountMenuButton(page).click();
    await expectVisible(ui.menuItem(page, /my profile/i));
    await expectVisible(ui.menuItem(page, /^log ?out$/i));
    expect(await ui.menuItem(page, /user management/i).count()).toBe(0);
  });
});
