import type pg from 'pg';
import {
  type AsyncSensorStoreOps,
  type HourDbRow,
  type JobSensorState,
  type MaturityHourRow,
  type MaturityJobRow,
  toState,
} from './ops.ts';

const col = <T, K extends keyof T>(rows: T[], key: K) => rows.map((r) => r[key]);

/** The first key of the nodes' advisory locks (pg_advisory_xact_lock(space, node id)): 'SP' + 1. */
export const NODE_LOCK_SPACE = 0x5350_0001;

/** The name each statement text is prepared under (the texts are this file's constants). */
const statementNames = new Map<string, string>();

/**
 * A client whose statements are prepared once per connection, under a name made from their text: a
 * batch's dozen statements are then parsed and planned once per pooled connection, not every time.
 * (A pooler in front of PostgreSQL must keep prepared statements: PgBouncer 1.21+ with
 * max_prepared_statements, or session pooling.)
 */
function withNamedStatements(client: pg.ClientBase) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: rows are typed where they are read, as with pg's own query()
    query<R extends pg.QueryResultRow = any>(text: string, values?: unknown[]) {
      let name = statementNames.get(text);
      if (name === undefined) {
        name = `sp_sensor_store_${statementNames.size + 1}`;
        statementNames.set(text, name);
      }
      return client.query<R>({ name, text, values });
    },
  };
}

/**
 * The sensor store on one PostgreSQL client: each bulk operation is a single statement over
 * unnest()ed arrays, so a batch of a thousand readings costs a handful of round trips.
 */
export function createPostgresOps(pgClient: pg.ClientBase): AsyncSensorStoreOps {
  const client = withNamedStatements(pgClient);
  /** Which (key, ts) pairs of the rows a RETURNING clause gave back: those were new. */
  const newFlags = <T extends { ts: number }>(
    rows: T[],
    key: (r: T) => number,
    returned: { k: number; ts: number }[],
  ) => {
    const fresh = new Set(returned.map((r) => `${r.k}:${Number(r.ts)}`));
    const seen = new Set<string>();
    return rows.map((r) => {
      const id = `${key(r)}:${r.ts}`;
      if (!fresh.has(id) || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  };

  return {
    async lockNodes(nodeIds) {
      const ids = [...new Set(nodeIds)].sort((a, b) => a - b);
      if (ids.length === 0) return;
      // unnest yields the ids in array order, so the locks are taken in ascending order.
      await client.query('SELECT pg_advisory_xact_lock($1, id) FROM unnest($2::int[]) AS id', [
        NODE_LOCK_SPACE,
        ids,
      ]);
    },
    async insertReadings(rows) {
      if (rows.length === 0) return [];
      const res = await client.query(
        `INSERT INTO reading (sensor_id, ts, value)
         SELECT * FROM unnest($1::int[], $2::bigint[], $3::float8[])
         ON CONFLICT DO NOTHING RETURNING sensor_id AS k, ts`,
        [col(rows, 'sensorId'), col(rows, 'ts'), col(rows, 'value')],
      );
      return newFlags(rows, (r) => r.sensorId, res.rows);
    },
    async mergeReadingHours(rows) {
      if (rows.length === 0) return;
      await client.query(
        `INSERT INTO reading_hour (sensor_id, hour, n, total, min, max)
         SELECT * FROM unnest($1::int[], $2::bigint[], $3::int[], $4::float8[], $5::float8[], $6::float8[])
         ON CONFLICT (sensor_id, hour) DO UPDATE SET n = reading_hour.n + excluded.n,
         total = reading_hour.total + excluded.total,
         min = LEAST(reading_hour.min, excluded.min), max = GREATEST(reading_hour.max, excluded.max)`,
        [
          col(rows, 'sensorId'),
          col(rows, 'hour'),
          col(rows, 'n'),
          col(rows, 'total'),
          col(rows, 'min'),
          col(rows, 'max'),
        ],
      );
    },
    async updateSensorLatest(rows, receivedAt) {
      if (rows.length === 0) return;
      await client.query(
        `UPDATE sensor s SET message_ts = $4,
           latest_value = CASE WHEN s.latest_value_ts IS NULL OR s.latest_value_ts <= v.ts THEN v.value ELSE s.latest_value END,
           latest_value_ts = CASE WHEN s.latest_value_ts IS NULL OR s.latest_value_ts <= v.ts THEN v.ts ELSE s.latest_value_ts END
         FROM unnest($1::int[], $2::bigint[], $3::float8[]) AS v(id, ts, value) WHERE s.id = v.id`,
        [col(rows, 'sensorId'), col(rows, 'ts'), col(rows, 'value'), receivedAt],
      );
    },
    async insertStatuses(rows) {
      if (rows.length === 0) return [];
      const res = await client.query(
        `INSERT INTO node_status (node_id, ts, battery, signal)
         SELECT * FROM unnest($1::int[], $2::bigint[], $3::float8[], $4::float8[])
         ON CONFLICT DO NOTHING RETURNING node_id AS k, ts`,
        [col(rows, 'nodeId'), col(rows, 'ts'), col(rows, 'battery'), col(rows, 'signal')],
      );
      return newFlags(rows, (r) => r.nodeId, res.rows);
    },
    async updateNodeStatus(rows) {
      if (rows.length === 0) return;
      await client.query(
        `UPDATE node n SET
           latest_battery = CASE WHEN v.battery IS NOT NULL AND (n.latest_battery_ts IS NULL OR n.latest_battery_ts <= v.bts) THEN v.battery ELSE n.latest_battery END,
           latest_battery_ts = CASE WHEN v.battery IS NOT NULL AND (n.latest_battery_ts IS NULL OR n.latest_battery_ts <= v.bts) THEN v.bts ELSE n.latest_battery_ts END,
           latest_signal = CASE WHEN v.signal IS NOT NULL AND (n.latest_signal_ts IS NULL OR n.latest_signal_ts <= v.sts) THEN v.signal ELSE n.latest_signal END,
           latest_signal_ts = CASE WHEN v.signal IS NOT NULL AND (n.latest_signal_ts IS NULL OR n.latest_signal_ts <= v.sts) THEN v.sts ELSE n.latest_signal_ts END
         FROM unnest($1::int[], $2::bigint[], $3::float8[], $4::bigint[], $5::float8[]) AS v(id, bts, battery, sts, signal)
         WHERE n.id = v.id`,
        [
          col(rows, 'nodeId'),
          col(rows, 'batteryTs'),
          col(rows, 'battery'),
          col(rows, 'signalTs'),
          col(rows, 'signal'),
        ],
      );
    },
    async insertLocations(rows) {
      if (rows.length === 0) return [];
      const res = await client.query(
        `INSERT INTO node_location (node_id, ts, lat, lng)
         SELECT * FROM unnest($1::int[], $2::bigint[], $3::float8[], $4::float8[])
         ON CONFLICT DO NOTHING RETURNING node_id AS k, ts`,
        [col(rows, 'nodeId'), col(rows, 'ts'), col(rows, 'lat'), col(rows, 'lng')],
      );
      return newFlags(rows, (r) => r.nodeId, res.rows);
    },
    async updateNodeLocation(rows) {
      if (rows.length === 0) return;
      await client.query(
        `UPDATE node n SET latest_lat = v.lat, latest_lng = v.lng, latest_location_ts = v.ts
         FROM unnest($1::int[], $2::bigint[], $3::float8[], $4::float8[]) AS v(id, ts, lat, lng)
         WHERE n.id = v.id AND (n.latest_location_ts IS NULL OR n.latest_location_ts <= v.ts)`,
        [col(rows, 'nodeId'), col(rows, 'ts'), col(rows, 'lat'), col(rows, 'lng')],
      );
    },
    async insertRejected(rows) {
      if (rows.length === 0) return;
      await client.query(
        `INSERT INTO rejected_reading (company_id, gateway_id, received_at, kind, item_index, item, reason)
         SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[], $4::text[], $5::int[], $6::text[], $7::text[])`,
        [
          col(rows, 'companyId'),
          col(rows, 'gatewayId'),
          col(rows, 'receivedAt'),
          col(rows, 'kind'),
          col(rows, 'itemIndex'),
          col(rows, 'item'),
          col(rows, 'reason'),
        ],
      );
    },
    async startedMaturityJobs(nodeIds) {
      if (nodeIds.length === 0) return [];
      const res = await client.query<MaturityJobRow>(
        `SELECT j.id, j.node_id, j.start_date, j.termination_date, j.sensor_types, j.job_alarm_triggered,
           j.low_target, j.medium_target, j.high_target, j.singular_target, p.maturity_function, p.datum_c,
           p.activation_energy, p.reference_c, p.curve_a, p.curve_b
         FROM job j LEFT JOIN concrete_profile p ON p.id = j.concrete_profile_id
         WHERE j.kind = 'MATURITY' AND j.start_date IS NOT NULL AND j.node_id = ANY($1::int[])`,
        [nodeIds],
      );
      return res.rows;
    },
    async loadMaturityStates(jobIds): Promise<JobSensorState[]> {
      if (jobIds.length === 0) return [];
      const res = await client.query<HourDbRow & { blacklisted: number; decommissioned: number }>(
        `SELECT m.*, s.blacklisted, s.decommissioned FROM maturity_state m
         JOIN sensor s ON s.id = m.sensor_id WHERE m.job_id = ANY($1::int[])`,
        [jobIds],
      );
      return res.rows.map((r) => ({ ...toState(r), counted: !r.blacklisted && !r.decommissioned }));
    },
    async saveMaturityStates(rows) {
      if (rows.length === 0) return;
      await client.query(
        `INSERT INTO maturity_state (job_id, sensor_id, last_ts, last_temp, maturity, equivalent_age, n)
         SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[], $4::float8[], $5::float8[], $6::float8[], $7::int[])
         ON CONFLICT (job_id, sensor_id) DO UPDATE SET last_ts = excluded.last_ts, last_temp = excluded.last_temp,
         maturity = excluded.maturity, equivalent_age = excluded.equivalent_age, n = excluded.n`,
        [
          col(rows, 'jobId'),
          col(rows, 'sensorId'),
          col(rows, 'lastTs'),
          col(rows, 'lastTemp'),
          col(rows, 'maturity'),
          col(rows, 'equivalentAge'),
          col(rows, 'n'),
        ],
      );
    },
    async saveMaturityHours(rows) {
      if (rows.length === 0) return;
      await client.query(
        `INSERT INTO maturity_hour (job_id, sensor_id, hour, last_ts, last_temp, maturity, equivalent_age, n)
         SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[], $4::bigint[], $5::float8[], $6::float8[], $7::float8[], $8::int[])
         ON CONFLICT (job_id, sensor_id, hour) DO UPDATE SET last_ts = excluded.last_ts, last_temp = excluded.last_temp,
         maturity = excluded.maturity, equivalent_age = excluded.equivalent_age, n = excluded.n`,
        [
          col(rows, 'jobId'),
          col(rows, 'sensorId'),
          col(rows, 'hour'),
          col(rows, 'lastTs'),
          col(rows, 'lastTemp'),
          col(rows, 'maturity'),
          col(rows, 'equivalentAge'),
          col(rows, 'n'),
        ],
      );
    },
    async maturityCheckpointBefore(jobId, sensorId, ts): Promise<MaturityHourRow | undefined> {
      const res = await client.query<HourDbRow>(
        `SELECT * FROM maturity_hour WHERE job_id = $1 AND sensor_id = $2 AND last_ts < GREATEST($3::bigint,
           COALESCE((SELECT m.raw_before FROM retention_mark m JOIN sensor s ON s.company_id = m.company_id
                     WHERE s.id = $2), 0))
         ORDER BY hour DESC LIMIT 1`,
        [jobId, sensorId, ts],
      );
      const row = res.rows[0];
      return row ? { ...toState(row), hour: Number(row.hour) } : undefined;
    },
    async readingsBetween(sensorId, afterTs, untilTs) {
      const res = await client.query<{ ts: number; value: number }>(
        'SELECT ts, value FROM reading WHERE sensor_id = $1 AND ts > $2 AND ts <= $3 ORDER BY ts',
        [sensorId, afterTs, untilTs],
      );
      return res.rows;
    },
    async clearMaturity(jobId, keepBefore) {
      await client.query('DELETE FROM maturity_state WHERE job_id = $1', [jobId]);
      if (keepBefore === undefined)
        await client.query('DELETE FROM maturity_hour WHERE job_id = $1', [jobId]);
      else
        await client.query('DELETE FROM maturity_hour WHERE job_id = $1 AND last_ts >= $2', [
          jobId,
          keepBefore,
        ]);
    },
    async rawRemovedBefore(nodeId) {
      const res = await client.query<{ raw_before: number }>(
        `SELECT m.raw_before FROM retention_mark m JOIN node n ON n.company_id = m.company_id WHERE n.id = $1`,
        [nodeId],
      );
      return Number(res.rows[0]?.raw_before ?? 0);
    },
    async setJobAlarmBits(jobId, bits) {
      await client.query('UPDATE job SET job_alarm_triggered = job_alarm_triggered | $1 WHERE id = $2', [
        bits,
        jobId,
      ]);
    },
  };
}
