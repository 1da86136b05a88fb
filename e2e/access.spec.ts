/**
 * Access to the job-site screens of issue 5 (spec section 2): the demo inspector (access 8 on the first
 * construction site) sees the Access Restricted page on every one of them, and a job site outside the
 * user's list sends them to the no-access page. The ids come from the demo company through the API.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs as apiAsOn, type DemoSite } from './support/api.ts';
import { desktop, phone, screenshot, useE2E } from './support/browser.ts';
import { demoUsers } from './support/demo.ts';
import { demoSites, expectPath, expectVisible, texts } from './support/ui.ts';

const e2e = useE2E();
const apiAs = (username: string) => apiAsOn(e2e.server.url, username);

interface NodeCard {
  jobId: number;
  channelJobTypeName: string;
}

/** The issue-5 job-site routes of one site, with real project and job ids of the demo company. */
interface SiteRoutes {
  site: DemoSite;
  routes: { name: string; path: string }[];
}
let inspectorSite: SiteRoutes;
let otherSite: SiteRoutes;

async function routesOf(admin: Awaited<ReturnType<typeof apiAs>>, site: DemoSite): Promise<SiteRoutes> {
  const projects = site.tenantMessages ?? [];
  const concrete = projects.find((p) => p.type === 'Concrete') ?? projects[0];
  const lumimon = projects.find((p) => p.type === 'Lumimon') ?? projects[0];
  const jobs = await admin.call<{ content: { id: number }[] }>('/analytics/concrete/maturity/jobs/paged', {
    body: { page: 0, rpp: 5, tenantGroupId: site.id },
  });
  const overview = await admin.call<{ nodes: NodeCard[] }>(
    `/analytics/lumimon/jobs/overview/by_tenant_group/${site.id}`,
  );
  const card = (type: string) =>
    overview.nodes.find((n) => n.channelJobTypeName === type)?.jobId ?? overview.nodes[0]?.jobId ?? 1;
  const maturityJob = jobs.content[0]?.id ?? 1;
  const s = site.id;
  return {
    site,
    routes: [
      { name: 'project job list', path: `/construction_job_list/${s}/${concrete.id}` },
      { name: 'construction dashboard', path: `/construction_dashboard/${s}` },
      { name: 'precast dashboard', path: `/precast_dashboard/${s}/undefined` },
      { name: 'job', path: `/job/Maturity/${s}/${concrete.id}/${maturityJob}/` },
      { name: 'job site sensors', path: `/job-site-sensors/${s}/${lumimon.id}` },
      { name: 'sensor details', path: `/job-site-details/${s}/${lumimon.id}/${card('Gas')}` },
      { name: 'GR one details', path: `/job-site-gr-one-sensor-details/${s}/${lumimon.id}/${card('Gas')}` },
      {
        name: 'GR two details',
        path: `/job-site-gr-two-sensor-details/${s}/${lumimon.id}/${card('Microweather Node')}`,
      },
      { name: 'GPS job details', path: `/job-site-gps-job-details/${s}/${lumimon.id}/${card('GPS')}` },
      {
        name: 'CT job details',
        path: `/job-site-ct-job-details/${s}/${lumimon.id}/${card('Current Transformer')}`,
      },
    ],
  };
}

beforeAll(async () => {
  const admin = await apiAs(demoUsers.admin.username);
  const sites = await admin.call<DemoSite[]>(
    `/tenants/groups/list/by_user?companyId=${admin.companyId}&username=${admin.username}`,
  );
  const inspector = await apiAs(demoUsers.inspector.username);
  const granted = await inspector.call<DemoSite[]>(
    `/tenants/groups/list/by_user?companyId=${inspector.companyId}&username=${inspector.username}`,
  );
  // The seed grants the inspector the first construction site only, with access 8.
  expect(granted.map((s) => s.name)).toEqual([demoSites.first]);
  const first = sites.find((s) => s.name === demoSites.first);
  const other = sites.find((s) => s.name === demoSites.long);
  if (!first || !other) throw new Error('demo sites missing');
  inspectorSite = await routesOf(admin, first);
  otherSite = await routesOf(admin, other);
});

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

describe('job-site screens of issue 5: access', () => {
  it('shows Access Restricted to the inspector (access 8) on all ten routes, without leaving them', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.inspector.username }, { viewport: desktop });
    expect(inspectorSite.routes).toHaveLength(10);
    for (const route of inspectorSite.routes) {
      await page.goto(route.path);
      await expectVisible(heading(page, texts.accessRestricted));
      await expectVisible(page.getByText(/not available for users with Inspector access type/i));
      expect(new URL(page.url()).pathname, route.name).toBe(route.path);
      // Nothing of the page itself: no disclaimer, no job data.
      expect(await page.getByText(/maturity-strength|strength estimates/i).count(), route.name).toBe(0);
    }
    await page.goto(inspectorSite.routes[3].path);
    await expectVisible(heading(page, texts.accessRestricted));
    await screenshot(page, 'access-restricted-1280');
  });

  it('shows Access Restricted on a phone too', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.inspector.username }, { viewport: phone });
    await page.goto(inspectorSite.routes[1].path);
    await expectVisible(heading(page, texts.accessRestricted));
    await screenshot(page, 'access-restricted-390');
  });

  it('sends the inspector to the no-access page for a job site outside their list, on all ten routes', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.inspector.username }, { viewport: desktop });
    for (const route of otherSite.routes) {
      await page.goto(route.path);
      await expectPath(page, '/no-access');
      await expectVisible(heading(page, 'No Access'));
    }
    await screenshot(page, 'access-no-access-1280');
  });

  it('sends to the no-access page for a job site id that does not exist', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.inspector.username });
    for (const route of inspectorSite.routes) {
      const path = route.path.replace(`/${inspectorSite.site.id}`, '/999999');
      await page.goto(path);
      await expectPath(page, '/no-access');
      await expectVisible(heading(page, 'No Access'));
    }
  });

  it('lets the admin, granted everywhere, past the guard on the same site', async () => {
    const page = await e2e.signedInPage({ username: demoUsers.admin.username });
    const list = inspectorSite.routes[0];
    await page.goto(list.path);
    // The guard shows a spinner, then either its own page (an h1) or the page itself (its h1).
    await expectVisible(page.getByRole('heading', { level: 1 }));
    expect(new URL(page.url()).pathname).toBe(list.path);
    expect(await heading(page, texts.accessRestricted).count()).toBe(0);
    expect(await heading(page, 'No Access').count()).toBe(0);
  });
});
