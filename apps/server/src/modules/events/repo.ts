import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** What live events need to know: which job sites and jobs the nodes of a batch belong to. */
export function createEventsRepo(db: Kysely<Database>) {
  return {
    /** The job site of each node (nodes not placed on a site are left out). */
    async nodeSites(companyId: number, nodeIds: number[]) {
      if (nodeIds.length === 0) return [];
      return db
        .selectFrom('node')
        .select(['id', 'tenant_group_id'])
        .where('company_id', '=', companyId)
        .where('id', 'in', nodeIds)
        .where('tenant_group_id', 'is not', null)
        .execute();
    },

    /** The started jobs of these nodes (a node's stopped jobs too: a late reading may fall in their time). */
    async jobsOfNodes(companyId: number, nodeIds: number[]) {
      if (nodeIds.length === 0) return [];
      return db
        .selectFrom('job')
        .select(['id', 'kind', 'node_id', 'tenant_group_id', 'start_date', 'termination_date'])
        .where('company_id', '=', companyId)
        .where('node_id', 'in', nodeIds)
        .where('start_date', 'is not', null)
        .execute();
    },

    /** Jobs by id with their node and site (for alarm events). */
    async jobsByIds(companyId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('job')
        .select(['id', 'kind', 'node_id', 'tenant_group_id'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
    },
  };
}
export type EventsRepo = ReturnType<typeof createEventsRepo>;
