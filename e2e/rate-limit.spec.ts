import { describe, expect, it } from 'vitest';
import { acceptPrivacyIfShown, enterCompanyCode, useE2E } from './support/browser.ts';
import { expectVisible, texts, ui } from './support/ui.ts';

// This file alone runs with a small sign-in attempt limit. The server trusts X-Forwarded-For here, so
// each test is its own client address with its own count of failed attempts, whatever ran before it.
const limit = 3;
const e2e = useE2E({ env: { AUTH_RATE_LIMIT_MAX: String(limit), TRUST_PROXY: 'true' } });

/** Client addresses (TEST-NET-3, never reached: only sent as a header), one per test. */
const clients = { api: '203.0.113.1', browser: '203.0.113.2' } as const;

const postCompanyCode = (client: string, authCode: string) =>
  fetch(`${e2e.server.url}/api/auth/company_code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ authCode }),
  });

describe('sign-in attempts are rate-limited', () => {
  it('answers 429 to company-code attempts past the limit, even for the right code', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await postCompanyCode(clients.api, 'WRNG9')).status);
    expect(statuses).toEqual(Array(limit).fill(401));
    expect((await postCompanyCode(clients.api, 'DEMO1')).status).toBe(429);
  });

  it('the browser cannot get past the code step once the limit is reached', async () => {
    // Reach the limit for this client first.
    for (let i = 0; i < limit; i++) await postCompanyCode(clients.browser, 'WRNG9');
    const page = await e2e.newPage();
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': clients.browser });
    await page.goto('/login');
    await acceptPrivacyIfShown(page);
    const [answer] = await Promise.all([
      page.waitForResponse(
        (res) =>
          res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/auth/company_code',
      ),
      enterCompanyCode(page, 'DEMO1'),
    ]);
    expect(answer.status()).toBe(429);
    // The step does not advance: the refusal is shown, and the code entry stays.
    await expectVisible(page.getByRole('alert').filter({ hasText: texts.tooManyAttempts }));
    await expectVisible(ui.codeInput(page));
    expect(await ui.usernameInput(page).isVisible()).toBe(false);
  });
});
