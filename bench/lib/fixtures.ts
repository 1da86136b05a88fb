import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/types.ts';
import { DEMO, seedDemo } from '../../apps/server/src/demo/seed.ts';
import {
  addGateway,
  addMaturityJob,
  addProfile,
  projectOf,
} from '../../apps/server/src/test/sensor-fixtures.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const QUARTER_HOUR = 15 * 60_000;

/**
 * Concrete temperature (°C) of one sensor: the ambient daily cycle plus the heat-of-hydration peak
 * about 18 h after the pour, slightly different per sensor, rounded to 0.01 as a gateway sends it.
 */
export function concreteTemp(sensorIndex: number, sincePourMs: number, ts: number): number {
  const x = Math.max(0, sincePourMs) / (18 * HOUR);
  const hydration = (22 + (sensorIndex % 7)) * x * Math.exp(1 - x);
  const ambient = 14 + 7 * Math.sin((2 * Math.PI * (ts % DAY)) / DAY + sensorIndex * 0.1);
  return Math.round((ambient + hydration + ((sensorIndex * 37) % 11) / 10) * 100) / 100;
}

export interface SiteFixture {
  companyId: number;
  tenantGroupId: number;
  tenantId: number;
  profileId: number;
}

/** The demo company (seedDemo) and its first job site's first project, with a concrete profile. */
export async function demoSite(db: Kysely<Database>): Promise<SiteFixture> {
  const { companyId } = await seedDemo(db);
  const { tenantId, tenantGroupId } = await projectOf(db, companyId, DEMO.firstSiteName);
  const profileId = await addProfile(db, companyId, -20, 12);
  return { companyId, tenantGroupId, tenantId, profileId };
}

/** A registered gateway with its key in clear (as POST /api/gateways shows it once). */
export const gatewayOf = (db: Kysely<Database>, site: SiteFixture) =>
  addGateway(db, site.companyId, site.tenantGroupId);

/** Maturity nodes with the given ids on the site, in one statement per 500. */
export async function addNodes(
  db: Kysely<Database>,
  site: SiteFixture,
  ids: number[],
  gatewayId: number | null,
  createdAt: number,
) {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto('node')
      .values(
        ids.slice(i, i + 500).map((id) => ({
          id,
          company_id: site.companyId,
          tenant_group_id: site.tenantGroupId,
          tenant_id: site.tenantId,
          gateway_id: gatewayId,
          node_type: 'Maturity',
          name: `Node ${id}`,
          created_at: createdAt,
        })),
      )
      .execute();
  }
}

/** A started maturity job with the site's profile and a strength target; answers its id. */
export async function addJob(
  db: Kysely<Database>,
  site: SiteFixture,
  v: {
    nodeId: number;
    name: string;
    startDate: number;
    terminationDate?: number | null;
    singularTarget?: number | null;
    jobGroupId?: number | null;
  },
): Promise<number> {
  return addMaturityJob(db, { ...site, ...v, profileId: site.profileId });
}
