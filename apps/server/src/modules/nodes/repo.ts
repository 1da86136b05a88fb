import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { CableTable, Database, NodeTable, SensorTable } from '../../db/types.ts';

type Exec = Kysely<Database> | Transaction<Database>;

/** Nodes, cables and sensors: the hardware a company registers. */
export function createNodesRepo(db: Kysely<Database>) {
  return {
    transaction: <T>(fn: (trx: Transaction<Database>) => Promise<T>) => db.transaction().execute(fn),

    /** A node by its printed id, whatever its company (ids are global). */
    anyNode: (id: number) =>
      db.selectFrom('node').select(['id', 'company_id']).where('id', '=', id).executeTakeFirst(),
    anyCable: (id: number) =>
      db.selectFrom('cable').select(['id', 'company_id']).where('id', '=', id).executeTakeFirst(),

    nodesOf(
      companyId: number,
      f: { tenantId?: number; tenantGroupId?: number },
    ): Promise<Selectable<NodeTable>[]> {
      let q = db.selectFrom('node').selectAll().where('company_id', '=', companyId);
      if (f.tenantId !== undefined) q = q.where('tenant_id', '=', f.tenantId);
      if (f.tenantGroupId !== undefined) q = q.where('tenant_group_id', '=', f.tenantGroupId);
      return q.orderBy('id').execute();
    },

    cableById(companyId: number, id: number): Promise<Selectable<CableTable> | undefined> {
      return db
        .selectFrom('cable')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The node a cable is attached to, if any. */
    nodeOfCable(cableId: number, exec: Exec = db) {
      return exec
        .selectFrom('node')
        .select(['id', 'tenant_group_id'])
        .where('cable_id', '=', cableId)
        .orderBy('id')
        .executeTakeFirst();
    },

    /** The running job of each node (RUNNING status), by node id. */
    async runningJobs(nodeIds: number[]): Promise<Map<number, number>> {
      if (nodeIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('job')
        .select(['id', 'node_id'])
        .where('node_id', 'in', nodeIds)
        .where('status', '=', 'RUNNING')
        .orderBy('id')
        .execute();
      return new Map(rows.map((r) => [r.node_id, r.id]));
    },

    sensorsOfNode(nodeId: number): Promise<Selectable<SensorTable>[]> {
      return db
        .selectFrom('sensor')
        .selectAll()
        .where('node_id', '=', nodeId)
        .orderBy('channel_id')
        .orderBy('id')
        .execute();
    },

    tenant: (companyId: number, id: number) =>
      db
        .selectFrom('tenant')
        .select(['id', 'tenant_group_id'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    gateway: (companyId: number, id: number) =>
      db
        .selectFrom('gateway')
        .select(['id', 'tenant_group_id'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    insertNode: (row: Insertable<NodeTable>, exec: Exec) => exec.insertInto('node').values(row).execute(),
    insertCable: (row: Insertable<CableTable>, exec: Exec = db) =>
      exec.insertInto('cable').values(row).execute(),
    setNodeCable: (nodeId: number, cableId: number | null, exec: Exec) =>
      exec.updateTable('node').set({ cable_id: cableId }).where('id', '=', nodeId).execute(),

    /** Creates the sensors a cable's channels make on a node; existing ones are left as they are. */
    async createSensors(
      exec: Exec,
      companyId: number,
      nodeId: number,
      channels: { channelType: string; channelId: number }[],
      now: number,
    ) {
      if (channels.length === 0) return;
      await exec
        .insertInto('sensor')
        .values(
          channels.map((c) => ({
            company_id: companyId,
            node_id: nodeId,
            channel_id: c.channelId,
            sensor_type: c.channelType,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['node_id', 'channel_id', 'sensor_type']).doNothing())
        .execute();
    },

    async updateSensor(id: number, set: Updateable<SensorTable>): Promise<Selectable<SensorTable>> {
      await db.updateTable('sensor').set(set).where('id', '=', id).execute();
      return db.selectFrom('sensor').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },
  };
}
export type NodesRepo = ReturnType<typeof createNodesRepo>;
