/**
 * Sign-offs on a maturity job (issue 13): on the demo company's 'Level 3 Slab - Pour 1' (Harbourfront Tower /
 * Podium Slabs, target reached), the editor records "Forms stripped" with a note after seeing the strength
 * that will be kept, and finds it listed with their name, the strength and the time; the server kept the
 * job's own strength. A viewer sees the same list and no way to record. At 1280 and 390 pixels wide.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callAs, demoSiteAs } from './support/api.ts';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { expectHidden, expectNoHorizontalOverflow, expectText, expectVisible } from './support/ui.ts';

const e2e = useE2E();
const api = <T>(username: string, path: string) => callAs<T>(e2e.server.url, username, path);

interface MaturityJob {
  id: number;
  tenant: number;
  tenantGroupId: number;
  latestStrength: number | null;
}
interface JobSignoff {
  id: number;
  decision: string;
  strengthMpa: number | null;
  note: string;
  userName: string;
  createdAt: number;
  supersededById: number | null;
}

/** A maturity job of Harbourfront Tower by name, with its details (as the job page reads it). */
async function maturityJob(name: string): Promise<MaturityJob> {
  const site = await demoSiteAs(e2e.server.url, 'Harbourfront Tower');
  const groups = await api<{ jobs: { id: number; channelJobName: string }[] }[]>(
    demoUsers.admin.username,
    `/analytics/concrete/maturity/jobs/by_group/with_data?tenantGroupId=${site.id}`,
  );
  const job = groups.flatMap((g) => g.jobs).find((j) => j.channelJobName === name);
  if (!job) throw new Error(`no demo job ${name}`);
  return api<MaturityJob>(demoUsers.admin.username, `/analytics/concrete/maturity/jobs/details/${job.id}`);
}

const jobPath = (job: MaturityJob) => `/job/Maturity/${job.tenantGroupId}/${job.tenant}/${job.id}/`;
const signoffsOf = (username: string, job: MaturityJob) =>
  api<JobSignoff[]>(username, `/analytics/concrete/maturity/jobs/signoffs/${job.id}`);

/** "18.2 MPa" as the screens write it (a space or a no-break space before the unit). */
const mpa = (v: number) => new RegExp(`${v.toFixed(1).replace('.', '\\.')}[\\s\\u00a0]MPa`);

async function scrollToSignoffs(page: Page) {
  await page.getByTestId('signoffs').scrollIntoViewIfNeeded();
}

const NOTE = 'East bay forms stripped after the 7-day cylinder breaks.';

describe('sign-offs on a maturity job', () => {
  it('an editor records "Forms stripped" with a note and sees it listed with their name and the strength', async () => {
    const job = await maturityJob('Level 3 Slab - Pour 1');
    expect(job.latestStrength).not.toBeNull();
    const page = await e2e.signedInPage(
      { username: demoUsers.editor.username },
      { viewport: desktop, path: jobPath(job) },
    );
    const card = page.getByTestId('signoffs');
    await expectVisible(card.getByTestId('signoffs-empty'));
    await scrollToSignoffs(page);
    await screenshot(page, 'signoffs-empty-1280');

    await card.getByRole('button', { name: 'Record a decision' }).click();
    const dialog = page.getByRole('dialog');
    // The strength that will be kept is shown before confirming.
    const current = dialog.getByTestId('signoff-current-strength');
    await expectText(current, /^Current strength: \d+\.\d[\s\u00a0]MPa/);
    const shown = Number((await current.innerText()).match(/(\d+\.\d)/)?.[1]);
    expect(shown).toBeCloseTo(job.latestStrength as number, 0);

    await dialog.getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'Forms stripped' }).click();
    await dialog.getByTestId('signoff-note-input').fill(NOTE);
    await screenshot(page, 'signoffs-dialog-1280');
    await dialog.getByTestId('signoff-confirm').click();
    await expectHidden(page.getByTestId('signoff-dialog'));

    // The server kept the job's own strength, the editor's name and the time.
    const [recorded] = await signoffsOf(demoUsers.editor.username, job);
    expect(recorded).toMatchObject({
      decision: 'FORMS_STRIPPED',
      note: NOTE,
      userName: 'Marco Ruiz',
      supersededById: null,
    });
    const now = await maturityJob('Level 3 Slab - Pour 1');
    expect(recorded.strengthMpa).toBeCloseTo(now.latestStrength as number, 0);

    const item = card.getByTestId('signoff-item').first();
    await expectText(item.getByTestId('signoff-decision-text'), /^Forms stripped$/);
    expect(await item.getByTestId('signoff-strength').innerText()).toMatch(
      mpa(recorded.strengthMpa as number),
    );
    await expectText(item.getByTestId('signoff-by'), /^Marco Ruiz · \d{4}-\d{2}-\d{2} \d{2}:\d{2} (AM|PM)/);
    expect(await item.getByTestId('signoff-note').innerText()).toBe(NOTE);
    await scrollToSignoffs(page);
    await screenshot(page, 'signoffs-recorded-1280');

    await page.setViewportSize(phone);
    await scrollToSignoffs(page);
    await expectVisible(item);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'signoffs-recorded-390');
    await card.getByRole('button', { name: 'Record a decision' }).click();
    await expectVisible(page.getByTestId('signoff-current-strength'));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'signoffs-dialog-390');
  });

  it('a viewer sees the decision and has no record button', async () => {
    const job = await maturityJob('Level 3 Slab - Pour 1');
    const [recorded] = await signoffsOf(demoUsers.viewer.username, job);
    expect(recorded?.decision).toBe('FORMS_STRIPPED');
    const page = await e2e.signedInPage(
      { username: demoUsers.viewer.username },
      { viewport: phone, path: jobPath(job) },
    );
    const card = page.getByTestId('signoffs');
    const item = card.getByTestId('signoff-item').first();
    await expectText(item.getByTestId('signoff-decision-text'), /^Forms stripped$/);
    await expectText(item.getByTestId('signoff-by'), /^Marco Ruiz · /);
    expect(await item.getByTestId('signoff-strength').innerText()).toMatch(
      mpa(recorded.strengthMpa as number),
    );
    expect(await card.getByRole('button', { name: 'Record a decision' }).count()).toBe(0);
    expect(await page.getByTestId('signoff-record').count()).toBe(0);
    await scrollToSignoffs(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'signoffs-viewer-390');
  });
});
