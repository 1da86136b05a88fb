import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acceptPrivacyIfShown,
  desktop,
  phone,
  screenshot,
  signInAndWait,
  useE2E,
  type Viewport,
} from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { expectPath, expectVisible, ui } from './support/ui.ts';

const e2e = useE2E();

/** Waits until the drawer is collapsed to at most `max` pixels wide, or not shown at all. */
async function drawerWidthAtMost(page: Page, max: number) {
  await page.waitForFunction((limit) => {
    const el = document.querySelector('.MuiDrawer-paper');
    if (!el) return true;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const shown = box.width > 0 && box.right > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    return !shown || box.width <= limit;
  }, max);
}

async function menuItemTexts(page: Page): Promise<string[]> {
  const items = page.getByRole('menuitem');
  await expectVisible(items);
  return (await items.allInnerTexts()).map((t) => t.trim());
}

async function screens(viewport: Viewport, tag: string) {
  const page = await e2e.newPage({ viewport });
  await page.goto('/login');
  await acceptPrivacyIfShown(page);
  await expectVisible(ui.codeInput(page));
  await screenshot(page, `login-${tag}`);
  await signInAndWait(page, { username: demoUsers.admin.username });
  await expectPath(page, '/');
  await expectVisible(ui.map(page));
  await page.waitForLoadState('networkidle');
  await screenshot(page, `map-${tag}`);
  await ui.accountMenuButton(page).click();
  const items = await menuItemTexts(page);
  await screenshot(page, `menu-${tag}`);
  return { page, items };
}

describe('phone viewport (390 x 844)', () => {
  it('collapses the drawer, shows the map, and the account menu has only My Profile and Logout', async () => {
    const { page, items } = await screens(phone, '390');
    expect(items.map((t) => t.toLowerCase().replace(/\s+/g, ' '))).toEqual(['my profile', 'logout']);
    await page.keyboard.press('Escape');
    await drawerWidthAtMost(page, 52);
    const mapBox = await ui.map(page).boundingBox();
    expect(mapBox?.width ?? 0).toBeGreaterThan(300);
  });

  it('at 1280 wide the drawer is open and the admin menu includes User Management', async () => {
    const { page, items } = await screens(desktop, '1280');
    expect(items.some((t) => /user management/i.test(t))).toBe(true);
    await page.keyboard.press('Escape');
    const drawer = await ui.drawer(page).boundingBox();
    expect(Math.round(drawer?.width ?? 0)).toBe(328);
  });
});
