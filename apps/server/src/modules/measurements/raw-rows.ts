import { createHash } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { RawDriver } from '../../db/index.ts';

/** Reads `text` (`?` placeholders) and answers its rows as arrays of column values. */
export type RawRows = (text: string, params: number[]) => Promise<unknown[][]>;

/**
 * Runs a read on the driver under Kysely with rows as arrays (`?` placeholders): the chart reads
 * return tens of thousands of rows, and an object per row costs more than the query. Statements are
 * prepared once per text (SQLite) or named per text (PostgreSQL, array row mode).
 */
export function createRawRows(raw: RawDriver): RawRows {
  const prepared = new Map<string, Statement>();
  return async function rows(text, params) {
    if (raw.dialect === 'sqlite') {
      let st = prepared.get(text);
      if (!st) {
        if (prepared.size >= 500) prepared.clear();
        st = raw.sqlite.prepare(text).raw(true);
        prepared.set(text, st);
      }
      return st.all(...params) as unknown[][];
    }
    let i = 0;
    const pgText = text.replace(/\?/g, () => `$${++i}`);
    const name = `raw_${createHash('sha1').update(pgText).digest('hex').slice(0, 16)}`;
    const r = await raw.pool.query<unknown[]>({ name, text: pgText, values: params, rowMode: 'array' });
    return r.rows;
  };
}

/** `?, ?, ?` for an IN list of n values. */
export const placeholders = (n: number) => new Array(n).fill('?').join(', ');

/** One sensor's bucketed columns: columns[0] the bucket starts, then one array per value column. */
export interface SensorColumns {
  sensorId: number;
  columns: number[][];
}

/**
 * The dialect's JSON array aggregate of an expression. Both write doubles so that they read back to the
 * same double (SQLite 3.53: 17 significant digits; PostgreSQL 12+: the shortest exact text), so values
 * come back exactly as the rows hold them.
 */
export const jsonArray = (dialect: RawDriver['dialect'], expr: string) =>
  dialect === 'postgres' ? `json_agg(${expr})` : `json_group_array(${expr})`;

/**
 * Per-sensor rows of [sensor_id, JSON array, JSON array, ...] (one per value column, aggregated in one
 * pass, so their positions match) as columns: a few long strings to parse instead of an array per row.
 */
export function toSensorColumns(rows: unknown[][]): SensorColumns[] {
  return rows.map((r) => ({
    sensorId: Number(r[0]),
    columns: r.slice(1).map((c) => (typeof c === 'string' ? (JSON.parse(c) as number[]) : (c as number[]))),
  }));
}
