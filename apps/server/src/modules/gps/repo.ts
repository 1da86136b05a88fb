import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

export interface LocationRow {
  ts: number;
  lat: number;
  lng: number;
}

const toRow = (r: { ts: unknown; lat: unknown; lng: unknown }): LocationRow => ({
  ts: Number(r.ts),
  lat: Number(r.lat),
  lng: Number(r.lng),
});

/** Reads of node positions (node_location, keyed by node and time). */
export function createGpsRepo(db: Kysely<Database>) {
  return {
    /** The node's latest position within [from, to], if any (one index seek). */
    async latestIn(nodeId: number, from: number, to: number): Promise<LocationRow | undefined> {
      const r = await db
        .selectFrom('node_location')
        .select(['ts', 'lat', 'lng'])
        .where('node_id', '=', nodeId)
        .where('ts', '>=', from)
        .where('ts', '<=', to)
        .orderBy('ts', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r ? toRow(r) : undefined;
    },

    /**
     * The node's track over [from, to]: the last position of each bucket of `bucketMs`, chosen in
     * SQL, oldest first.
     */
    async track(nodeId: number, from: number, to: number, bucketMs: number): Promise<LocationRow[]> {
      if (from > to) return [];
      const b = sql.lit(bucketMs);
      // An IN list (not a join) so SQLite seeks each chosen time by primary key.
      const res = await sql<{ ts: number; lat: number; lng: number }>`
        SELECT ts, lat, lng FROM node_location
        WHERE node_id = ${nodeId} AND ts IN (
          SELECT max(ts) FROM node_location
          WHERE node_id = ${nodeId} AND ts >= ${from} AND ts <= ${to}
          GROUP BY ts - (ts % ${b})
        )
        ORDER BY ts`.execute(db);
      return res.rows.map(toRow);
    },
  };
}
export type GpsRepo = ReturnType<typeof createGpsRepo>;
