/**
 * The sensor manage dialog (issue 16; spec sections 3 and 4: a sensor's alias, decommission and blacklist):
 * on the demo company's gas node 'Parkade Ramp CO' at Harbourfront Tower, the editor gives its sensor an
 * alias and the sensor details page then names it so; the server keeps exactly that. A viewer is offered
 * nothing. At 1280 and 390 pixels wide.
 */
import type { ChannelSensor } from '@sitepulse/contracts';
import { describe, expect, it } from 'vitest';
import { callAs, demoSiteAs } from './support/api.ts';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { demoSites, expectNoHorizontalOverflow, expectVisible } from './support/ui.ts';

const e2e = useE2E();

interface Card {
  jobId: number;
  nodeId: number;
  tenantId: number;
  channelJobName: string;
}

async function gasNode() {
  const site = await demoSiteAs(e2e.server.url, demoSites.first, demoUsers.editor.username);
  const overview = await callAs<{ nodes: Card[] }>(
    e2e.server.url,
    demoUsers.editor.username,
    `/analytics/lumimon/jobs/overview/by_tenant_group/${site.id}`,
  );
  const card = overview.nodes.find((n) => n.channelJobName === 'Parkade Ramp CO');
  if (!card) throw new Error('no Parkade Ramp CO node');
  return { site, card, path: `/job-site-details/${site.id}/${card.tenantId}/${card.jobId}` };
}

const sensorsOf = (nodeId: number) =>
  callAs<ChannelSensor[]>(
    e2e.server.url,
    demoUsers.editor.username,
    `/channels/sensors/list/by_nid/${nodeId}`,
  );

describe('sensor manage dialog', () => {
  it("the editor sets a sensor's alias; the server keeps it trimmed and the page names the sensor so", async () => {
    const { card, path } = await gasNode();
    const [first] = await sensorsOf(card.nodeId);
    for (const viewport of [desktop, phone]) {
      const page = await e2e.signedInPage({ username: demoUsers.editor.username }, { path, viewport });
      await page.getByRole('button', { name: 'Manage sensors' }).click();
      const dialog = page.getByRole('dialog', { name: /Manage sensors/ });
      await expectVisible(dialog);
      const row = dialog.locator(`[data-testid="manage-sensor"][data-sensor-id="${first.id}"]`);
      await expectVisible(row);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `sensor-manage-${viewport.width}`);
      const alias = `Ramp CO ${viewport.width}`;
      await row.getByLabel('Alias').fill(`  ${alias}  `);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const kept = (await sensorsOf(card.nodeId)).find((s) => s.id === first.id);
      expect(kept?.sensorAlias).toBe(alias);
      expect(kept?.decommissioned).toBe(false);
      await expectVisible(page.getByTestId('latest-reading').getByTestId('sensor-name').getByText(alias));
    }
  });

  it('offers the viewer nothing to change', async () => {
    const { path } = await gasNode();
    const page = await e2e.signedInPage({ username: demoUsers.viewer.username }, { path });
    await expectVisible(page.getByTestId('sensor-details'));
    expect(await page.getByRole('button', { name: 'Manage sensors' }).count()).toBe(0);
  });
});
