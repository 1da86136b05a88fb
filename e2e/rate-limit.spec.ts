import { describe, expect, it } from 'vitest';
import { acceptPrivacyIfShown, enterCompanyCode, useE2E } from './support/browser.ts';
import { expectVisible, ui } from './support/ui.ts';

// This file alone runs with a small sign-in attempt limit.
const limit = 3;
const e2e = useE2E({ env: { AUTH_RATE_LIMIT_MAX: String(limit) } });

describe('sign-in attempts are rate-limited', () => {
  it('answers 429 to company-code attempts past the limit, even for the right code', async () => {
    const post = (authCode: string) =>
      fetch(`${e2e.server.url}/api/auth/company_code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ authCode }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await post('WRNG9')).status);
    expect(statuses).toEqual(Array(limit).fill(401));
    expect((await post('DEMO1')).status).toBe(429);
  });

  it('the browser cannot get past the code step once the limit is reached', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await acceptPrivacyIfShown(page);
    await enterCompanyCode(page, 'DEMO1');
    // The step does not advance, and the code entry stays.
    await page.waitForLoadState('networkidle');
    await expectVisible(ui.codeInput(page));
    expect(await ui.usernameInput(page).isVisible()).toBe(false);
  });
});
