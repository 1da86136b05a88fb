/**
 * Issue 15: a job's own temperature-differential limit (default 19.4 °C / 35 °F), set with its sensor pairs on
 * the job page (GET .../maturity/jobs/pairs/{id}/limit, PUT .../pairs/{id} with differentialLimitC). The editor
 * sets 12.5 °C on 'Level 4 Slab - Pour 2'; the server keeps it and the card says it; a limit out of range is
 * refused in words and nothing is sent; emptying the field goes back to the default. At 1280 and 390.
 */
import type { JobDifferentialLimit } from '@sitepulse/contracts';
import { describe, expect, it } from 'vitest';
import { callAs, demoSiteAs } from './support/api.ts';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import {
  demoSites,
  expectHidden,
  expectNoHorizontalOverflow,
  expectText,
  expectVisible,
} from './support/ui.ts';

const e2e = useE2E();
const JOB = 'Level 4 Slab - Pour 2';
const PAIRS = '/analytics/concrete/maturity/jobs/pairs';

async function pourJob(): Promise<{ id: number; tenant: number; tenantGroupId: number }> {
  const site = await demoSiteAs(e2e.server.url, demoSites.first);
  const groups = await callAs<{ jobs: { id: number; channelJobName: string; tenant: number }[] }[]>(
    e2e.server.url,
    demoUsers.admin.username,
    `/analytics/concrete/maturity/jobs/by_group/with_data?tenantGroupId=${site.id}`,
  );
  const job = groups.flatMap((g) => g.jobs).find((j) => j.channelJobName === JOB);
  if (!job) throw new Error(`no demo job ${JOB}`);
  return { id: job.id, tenant: job.tenant, tenantGroupId: site.id };
}

const limitOf = (jobId: number) =>
  callAs<JobDifferentialLimit>(e2e.server.url, demoUsers.editor.username, `${PAIRS}/${jobId}/limit`);

describe("a job's differential limit", () => {
  it('the editor sets it with the pairs, a limit out of range changes nothing, and empty is the default', async () => {
    const job = await pourJob();
    const before = await limitOf(job.id);
    expect(before.differentialLimitC).toBeNull();
    expect(before.limitC).toBe(before.defaultLimitC);

    const page = await e2e.signedInPage(demoUsers.editor, {
      viewport: desktop,
      path: `/job/Maturity/${job.tenantGroupId}/${job.tenant}/${job.id}/`,
    });
    const card = page.getByTestId('sensor-pairs');
    await expectText(card, /Differential limit: 19\.4\s°C \(default\)/);

    await card.getByRole('button', { name: 'Edit pairs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sensor pairs' });
    const field = dialog.getByTestId('pairs-limit-input');
    await field.fill('150');
    await dialog.getByTestId('pairs-save').click();
    await expectVisible(dialog.getByText(/The differential limit must be from 0\.5\s°C to 100\s°C\./));
    expect((await limitOf(job.id)).differentialLimitC).toBeNull();

    await field.fill('12.5');
    await screenshot(page, 'pairs-limit-1280');
    await dialog.getByTestId('pairs-save').click();
    await expectVisible(page.getByText('Sensor pairs saved'));
    await expectHidden(dialog);
    await expectText(card, /Differential limit: 12\.5\s°C/);
    expect(await limitOf(job.id)).toMatchObject({ differentialLimitC: 12.5, limitC: 12.5 });

    // On a phone, the card says the same; emptying the field goes back to the default.
    await page.setViewportSize(phone);
    await expectNoHorizontalOverflow(page);
    await card.getByRole('button', { name: 'Edit pairs' }).click();
    await dialog.getByTestId('pairs-limit-input').fill('');
    await dialog.getByTestId('pairs-save').click();
    await expectHidden(dialog);
    await expectText(card, /Differential limit: 19\.4\s°C \(default\)/);
    expect((await limitOf(job.id)).differentialLimitC).toBeNull();
  });
});
