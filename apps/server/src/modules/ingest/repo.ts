import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, GatewayTable, RejectedReadingTable } from '../../db/types.ts';

/** Lookups of the ingest path (its bulk writes go through the sensor store). */
export function createIngestRepo(db: Kysely<Database>) {
  return {
    gatewayByKeyHash: (keyHash: string) =>
      db
        .selectFrom('gateway')
        .select(['id', 'company_id', 'tenant_group_id'])
        .where('key_hash', '=', keyHash)
        .executeTakeFirst(),
    gatewayById: (id: number) => db.selectFrom('gateway').selectAll().where('id', '=', id).executeTakeFirst(),
    gatewaysOfCompany: (companyId: number) =>
      db.selectFrom('gateway').selectAll().where('company_id', '=', companyId).orderBy('id').execute(),
    async insertGateway(row: Insertable<GatewayTable>): Promise<number> {
      const r = await db.insertInto('gateway').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
    async setGatewayKeyHash(id: number, keyHash: string) {
      await db.updateTable('gateway').set({ key_hash: keyHash }).where('id', '=', id).execute();
    },
    nodesOfCompany(companyId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('node')
        .select(['id', 'created_at', 'tenant_group_id'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
    },
    sensorsOfNodes(nodeIds: number[]) {
      return db
        .selectFrom('sensor')
        .select(['id', 'node_id', 'channel_id', 'sensor_type'])
        .where('node_id', 'in', nodeIds)
        .execute();
    },
    async createSensors(
      companyId: number,
      sensors: { nodeId: number; channelId: number; sensorType: string }[],
      now: number,
    ) {
      if (sensors.length === 0) return;
      await db
        .insertInto('sensor')
        .values(
          sensors.map((s) => ({
            company_id: companyId,
            node_id: s.nodeId,
            channel_id: s.channelId,
            sensor_type: s.sensorType,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['node_id', 'channel_id', 'sensor_type']).doNothing())
        .execute();
    },
    async insertRejected(row: Insertable<RejectedReadingTable>) {
      await db.insertInto('rejected_reading').values(row).execute();
    },
    async listRejected(companyId: number, q: { page: number; rpp: number; gatewayId?: number }) {
      let base = db.selectFrom('rejected_reading').where('company_id', '=', companyId);
      if (q.gatewayId !== undefined) base = base.where('gateway_id', '=', q.gatewayId);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(q.rpp)
          .offset(q.page * q.rpp)
          .execute(),
        base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}
