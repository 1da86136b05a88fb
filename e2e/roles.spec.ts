/**
 * Issue 6, "done means": the four demo users each see and may do exactly what their role allows, in the
 * browser and at the API. admin: ADMIN, admin of every site. editor: USER, editor of Harbourfront Tower.
 * viewer: Read-Only, viewer there. inspector: USER, inspector there (apps/server/src/demo/seed.ts).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type DemoSite, demoSiteAs } from './support/api.ts';
import { useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { demoSites, expectPath, expectVisible, texts, ui } from './support/ui.ts';

const e2e = useE2E();
let site: DemoSite;
beforeAll(async () => {
  site = await demoSiteAs(e2e.server.url, demoSites.first);
});

/** The status of one call as a demo user (not throwing on refusals, unlike apiAs().call). */
async function statusOf(username: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const api = await apiAs(e2e.server.url, username);
  try {
    await api.call(path, init);
    return 200;
  } catch (e) {
    const m = String(e).match(/answered (\d{3})/);
    if (!m) throw e;
    return Number(m[1]);
  }
}

async function accountMenuEntries(page: Page): Promise<string[]> {
  await ui.accountMenuButton(page).click();
  await expectVisible(ui.menuItem(page, /my profile/i));
  return (await page.getByRole('menuitem').allInnerTexts()).map((s) => s.trim().toLowerCase());
}

const profileBody = (name: string) => ({
  body: {
    name,
    breaks: [
      { maturity: 500, strength: 5 },
      { maturity: 2000, strength: 20 },
    ],
  },
});

const members = () => `/job-site-members/${site.id}`;
const invite = (companyId: string, email: string) => ({
  method: 'POST',
  body: { companyId: Number(companyId), email, tenantGroupData: [{ tenantGroupId: site.id, access: 4 }] },
});

describe('what each demo user may see and do', () => {
  it('admin: user management in the menu, invites members, and the server lets them', async () => {
    const page = await e2e.signedInPage(demoUsers.admin);
    expect(await accountMenuEntries(page)).toContain('user management');
    await page.keyboard.press('Escape');
    await page.goto(members());
    await expectVisible(page.getByRole('link', { name: /invite member/i }));
    await expectVisible(page.getByRole('combobox', { name: /role of marco ruiz/i }));
    const admin = await apiAs(e2e.server.url, 'admin');
    expect(await statusOf('admin', '/v2/users/invite', invite(admin.companyId, 'a.new@example.test'))).toBe(
      200,
    );
    expect(await statusOf('admin', `/v2/users/list?companyId=${admin.companyId}`)).toBe(200);
  });

  it('editor: no user management, members read-only; may change jobs but not people', async () => {
    const page = await e2e.signedInPage(demoUsers.editor);
    expect(await accountMenuEntries(page)).not.toContain('user management');
    await page.keyboard.press('Escape');
    await page.goto('/user-management');
    await expectVisible(page.getByText('You do not have access to this page.'));
    await page.goto(members());
    await expectVisible(page.getByText(/only job-site admins can invite/i));
    expect(await page.getByRole('link', { name: /invite member/i }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /role of/i }).count()).toBe(0);
    const editor = await apiAs(e2e.server.url, 'editor');
    expect(await statusOf('editor', '/v2/users/invite', invite(editor.companyId, 'e.new@example.test'))).toBe(
      403,
    );
    expect(await statusOf('editor', `/v2/users/list?companyId=${editor.companyId}`)).toBe(403);
    expect(
      await statusOf(
        'editor',
        `/v2/users/list/by_tenant_group?companyId=${editor.companyId}&tenantGroupId=${site.id}`,
      ),
    ).toBe(200);
  });

  it('viewer (Read-Only): reads the site and its members, changes nothing but their own settings', async () => {
    const page = await e2e.signedInPage(demoUsers.viewer);
    expect(await accountMenuEntries(page)).not.toContain('user management');
    await page.keyboard.press('Escape');
    await page.goto(members());
    await expectVisible(page.getByRole('heading', { name: /job site members/i }));
    expect(await page.getByRole('link', { name: /invite member/i }).count()).toBe(0);
    const viewer = await apiAs(e2e.server.url, 'viewer');
    const c = viewer.companyId;
    expect(await statusOf('viewer', '/v2/users/invite', invite(c, 'v.new@example.test'))).toBe(403);
    expect(
      await statusOf('viewer', '/v2/users/tenant_groups', {
        method: 'PUT',
        body: { companyId: Number(c), username: 'editor', tenantGroupId: site.id, access: 1 },
      }),
    ).toBe(403);
    // A change to the site's data is refused too (a concrete profile is the simplest write to name).
    expect(
      await statusOf('viewer', '/concrete/conprofiles', {
        method: 'POST',
        ...profileBody('Viewer mix'),
      }),
    ).toBe(403);
    // Their own settings are theirs to change.
    expect(
      await statusOf('viewer', '/settings/user', {
        method: 'PUT',
        body: {
          companyId: Number(c),
          username: 'viewer',
          userSettingType: 'SystemOfMeasurement',
          val: 'Imperial',
        },
      }),
    ).toBe(200);
  });

  it('inspector: Access Restricted on the site and its members page; its calls answer 403', async () => {
    const page = await e2e.signedInPage(demoUsers.inspector);
    expect(await accountMenuEntries(page)).not.toContain('user management');
    await page.keyboard.press('Escape');
    await page.goto(members());
    await expectVisible(page.getByText(texts.accessRestricted, { exact: true }));
    await page.goto(`/construction_dashboard/${site.id}`);
    await expectVisible(page.getByText(texts.accessRestricted, { exact: true }));
    await expectPath(page, `/construction_dashboard/${site.id}`);
    const inspector = await apiAs(e2e.server.url, 'inspector');
    const c = inspector.companyId;
    expect(
      await statusOf('inspector', `/v2/users/list/by_tenant_group?companyId=${c}&tenantGroupId=${site.id}`),
    ).toBe(403);
    expect(
      await statusOf('inspector', '/analytics/concrete/maturity/jobs/paged', {
        body: { page: 0, rpp: 5, tenantGroupId: site.id },
      }),
    ).toBe(403);
  });
});
