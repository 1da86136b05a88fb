import type {
  MaturityJobGroup,
  PortfolioAttentionItem,
  PortfolioSite,
  PortfolioStatus,
} from '@sitepulse/contracts';
import { HOUR_MS, pourReadiness } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { catchUpDemo } from '../../demo/feed.ts';
import { seedDemoHardware } from '../../demo/hardware.ts';
import { DEMO } from '../../demo/seed.ts';
import { addUser, OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { addNode, projectOf } from '../../test/sensor-fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';

const SITES = {
  ht: 'Harbourfront Tower',
  rmc: 'Riverside Medical Centre Expansion',
  nyp: 'North Yard Precast Plant',
  qq: 'Queens Quay Parking Garage',
};

describe('portfolio status', () => {
  const ctx = useTestApp();
  const siteIds = {} as Record<keyof typeof SITES, number>;
  let otherSiteId: number;

  const status = async (user: string, password: string = DEMO.password, companyId = ctx.companyId) => {
    const { headers } = await signIn(ctx, user, password, companyId);
    const res = await ctx.app.inject({ url: '/api/portfolio/status', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PortfolioStatus;
  };
  const site = (s: PortfolioStatus, id: number) => s.sites.find((x) => x.siteId === id) as PortfolioSite;
  /** A site's running pours as the dashboards read them: how many reached their target, how many not. */
  const pours = async (siteId: number) => {
    const { headers } = await signIn(ctx);
    const res = await ctx.app.inject({
      url: `/api/analytics/concrete/maturity/jobs/by_group/with_data?tenantGroupId=${siteId}&status=RUNNING`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const jobs = (res.json() as MaturityJobGroup[])
      .flatMap((g) => g.jobs)
      .filter((j) => j.kind === 'MATURITY');
    const reached = jobs.filter((j) => pourReadiness(j) === 'REACHED').length;
    return { AT_TARGET: reached, CURING: jobs.length - reached };
  };
  const items = (s: PortfolioStatus) => s.attention.map((i) => [i.kind, i.siteName, i.jobName]);

  beforeAll(async () => {
    const db = ctx.db.db;
    // The demo company's sensors, fed up to now through the real ingest path.
    await seedDemoHardware(db, ctx.companyId);
    await catchUpDemo(db, ctx.app.services.ingest);
    for (const [key, name] of Object.entries(SITES)) {
      siteIds[key as keyof typeof SITES] = (await projectOf(db, ctx.companyId, name)).tenantGroupId;
    }
    otherSiteId = (await seedOtherCompany(db)).siteId;
    // A site viewer elsewhere: Riverside only, and inspector (no dashboard) at Harbourfront Tower.
    await addUser(db, {
      companyId: ctx.companyId,
      username: 'rmc-viewer',
      password: 'viewer-pass-1',
      accountType: 'USER',
      grants: [
        { tenantGroupId: siteIds.rmc, access: 4 },
        { tenantGroupId: siteIds.ht, access: 8 },
      ],
    });
  });

  it("shows the demo admin each site's worst state: Harbourfront's CO sensor in alarm, the plant curing, the old garage idle", async () => {
    const s = await status(DEMO.users.admin);
    expect(s.sites.map((x) => x.siteName)).toEqual([SITES.ht, SITES.rmc, SITES.nyp, SITES.qq]);

    // Harbourfront Tower: 'Parkade Ramp CO' over its 25 ppm bound (ALARM), 'Column Line C' in error,
    // two pours curing and one at its target, moisture, weather and GPS monitoring; the stopped beam not counted.
    expect(site(s, siteIds.ht)).toEqual({
      siteId: siteIds.ht,
      siteName: SITES.ht,
      state: 'ALARM',
      count: 1,
      counts: { ALARM: 1, ERROR: 1, CURING: 2, AT_TARGET: 1, MONITORING: 3 },
      attention: 4,
    });
    // The plant's four double tees and Riverside's footing: curing or at target as their dashboards say.
    const plant = site(s, siteIds.nyp);
    const plantPours = await pours(siteIds.nyp);
    expect(plantPours.CURING + plantPours.AT_TARGET).toBe(4);
    expect(plant.counts).toEqual({ ALARM: 0, ERROR: 0, MONITORING: 2, ...plantPours });
    expect(plant.state).toBe(plantPours.CURING > 0 ? 'CURING' : 'AT_TARGET');
    const riverside = site(s, siteIds.rmc);
    const footing = await pours(siteIds.rmc);
    expect(riverside.counts).toEqual({ ALARM: 0, ERROR: 0, MONITORING: 0, ...footing });
    expect(riverside).toMatchObject({
      state: footing.CURING ? 'CURING' : 'AT_TARGET',
      count: footing.CURING || footing.AT_TARGET,
      attention: 0,
    });
    expect(site(s, siteIds.qq)).toMatchObject({ state: 'IDLE', count: 0, attention: 0 });
  });

  it('lists what needs attention worst first, each with the route the rest of the app links to', async () => {
    const s = await status(DEMO.users.admin);
    expect(items(s)).toEqual([
      ['ALARM', SITES.ht, 'Parkade Ramp CO'],
      ['ERROR', SITES.ht, 'Column Line C'],
      ['SILENT', SITES.ht, 'Column Line C'],
      ['BATTERY', SITES.ht, 'Column Line C'],
    ]);
    expect(s.attentionTotal).toBe(4);
    const [alarm, error, silent, battery] = s.attention as PortfolioAttentionItem[];
    const lumimon = await ctx.db.db
      .selectFrom('job')
      .select(['id', 'tenant_id'])
      .where('name', '=', 'Parkade Ramp CO')
      .executeTakeFirstOrThrow();
    expect(alarm).toMatchObject({
      siteId: siteIds.ht,
      jobTypeName: 'Gas',
      nodeName: 'GAS-10008',
      sensorType: 'Gas',
      high: 25,
      low: null,
      // A data job opens on the job-site sensor details, as its node card does.
      href: `/job-site-details/${siteIds.ht}/${lumimon.tenant_id}/${lumimon.id}`,
    });
    expect(alarm.value).toBeGreaterThan(25);
    expect(alarm.since).toBeGreaterThan(Date.now() - HOUR_MS);

    const column = await ctx.db.db
      .selectFrom('job')
      .select(['id', 'tenant_id'])
      .where('name', '=', 'Column Line C')
      .executeTakeFirstOrThrow();
    const jobHref = `/job/Maturity/${siteIds.ht}/${column.tenant_id}/${column.id}/`;
    expect(error).toMatchObject({ nodeName: 'MAT-10004', href: jobHref });
    // Its nearly flat battery died days ago: silent since its last message, the battery empty.
    expect(silent).toMatchObject({ nodeName: 'MAT-10004', href: jobHref });
    expect(silent.since).toBeLessThan(Date.now() - 24 * HOUR_MS);
    expect(error.since).toBe(silent.since);
    expect(battery).toMatchObject({ battery: 'EMPTY', href: jobHref });
    expect(battery.value).toBeLessThan(10);
  });

  it('counts a new site job by job: silent trackers, monitoring event sensors, new and stopped jobs left out', async () => {
    const db = ctx.db.db;
    const rmc = await projectOf(db, ctx.companyId, SITES.rmc);
    const now = Date.now();
    const job = async (nodeType: string, kind: string, name: string, extra: Record<string, unknown>) => {
      const nodeId = await addNode(db, { companyId: ctx.companyId, ...rmc, nodeType });
      await db
        .insertInto('job')
        .values({
          company_id: ctx.companyId,
          tenant_group_id: rmc.tenantGroupId,
          tenant_id: rmc.tenantId,
          kind,
          job_type_name: nodeType,
          name,
          node_id: nodeId,
          status: 'RUNNING',
          start_date: now - 13 * HOUR_MS,
          created_at: now - 14 * HOUR_MS,
          ...extra,
        })
        .execute();
    };
    // Never heard from in 13 hours: a tracker (12 h) is silent, a door sensor (26 h) not yet.
    await job('GPS', 'GPS', 'Crane 2 tracker', {});
    await job('Door Sensor', 'DATA', 'Hoist gate', {});
    // Neither a job waiting for its start nor a stopped job (its alarm bit left set) counts.
    await job('Gas', 'DATA', 'Not started', { status: 'NEW', start_date: null });
    await job('Gas', 'DATA', 'Stopped', {
      status: 'TERMINATED',
      termination_date: now - HOUR_MS,
      job_alarm_triggered: 2,
    });

    const s = await status(DEMO.users.admin);
    const riversidePours = await pours(siteIds.rmc);
    expect(site(s, siteIds.rmc)).toMatchObject({
      count: riversidePours.CURING || riversidePours.AT_TARGET,
      counts: { ALARM: 0, ERROR: 0, MONITORING: 2, ...riversidePours },
      attention: 1,
    });
    const tracker = s.attention.find((i) => i.siteId === siteIds.rmc) as PortfolioAttentionItem;
    expect(tracker).toMatchObject({ kind: 'SILENT', jobName: 'Crane 2 tracker', since: now - 13 * HOUR_MS });
    expect(tracker.href).toMatch(
      new RegExp(`^/job-site-gps-job-details/${siteIds.rmc}/${rmc.tenantId}/\\d+$`),
    );
    expect(
      items(s)
        .slice(0, 3)
        .map((i) => i[0]),
    ).toEqual(['ALARM', 'ERROR', 'SILENT']);
  });

  it.each([DEMO.users.viewer, DEMO.users.editor])(
    '%s (granted Harbourfront Tower only) sees that site and its items, nothing else',
    async (user) => {
      const s = await status(user);
      expect(s.sites.map((x) => x.siteName)).toEqual([SITES.ht]);
      expect(s.sites[0]).toMatchObject({ state: 'ALARM', count: 1 });
      expect(new Set(s.attention.map((i) => i.siteId))).toEqual(new Set([siteIds.ht]));
    },
  );

  it('leaves out a site where the caller is an inspector, as the job-site data calls do', async () => {
    const inspector = await status(DEMO.users.inspector);
    expect(inspector).toMatchObject({ sites: [], attention: [], attentionTotal: 0 });

    const s = await status('rmc-viewer', 'viewer-pass-1');
    expect(s.sites.map((x) => x.siteName)).toEqual([SITES.rmc]);
    expect(new Set(s.attention.map((i) => i.siteId))).toEqual(new Set([siteIds.rmc]));
  });

  it("never shows another company's sites, and answers 401 without a signed-in user", async () => {
    const other = await status(OTHER.username, OTHER.password, (await otherCompany()).companyId);
    expect(other.sites).toEqual([
      {
        siteId: otherSiteId,
        siteName: OTHER.siteName,
        state: 'IDLE',
        count: 0,
        counts: { ALARM: 0, ERROR: 0, CURING: 0, AT_TARGET: 0, MONITORING: 0 },
        attention: 0,
      },
    ]);
    expect(other.attention).toEqual([]);

    const res = await ctx.app.inject({ url: '/api/portfolio/status' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  async function otherCompany() {
    return ctx.db.db
      .selectFrom('company')
      .select('id as companyId')
      .where('auth_code', '=', OTHER.authCode)
      .executeTakeFirstOrThrow();
  }
});
