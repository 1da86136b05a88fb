import type SQLite from 'better-sqlite3';
import {
  type HourDbRow,
  type JobSensorState,
  type MaturityHourRow,
  type MaturityJobRow,
  type SensorStoreOps,
  toState,
} from './ops.ts';

/** The sensor store on better-sqlite3: prepared once, each call synchronous. */
export function createSqliteOps(sqlite: SQLite.Database): SensorStoreOps {
  const s = {
    insertReading: sqlite.prepare(
      'INSERT INTO reading (sensor_id, ts, value) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    mergeHour: sqlite.prepare(
      `INSERT INTO reading_hour (sensor_id, hour, n, total, min, max) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (sensor_id, hour) DO UPDATE SET n = n + excluded.n, total = total + excluded.total,
       min = min(reading_hour.min, excluded.min), max = max(reading_hour.max, excluded.max)`,
    ),
    sensorLatest: sqlite.prepare(
      `UPDATE sensor SET message_ts = @received,
         latest_value = CASE WHEN latest_value_ts IS NULL OR latest_value_ts <= @ts THEN @value ELSE latest_value END,
         latest_value_ts = CASE WHEN latest_value_ts IS NULL OR latest_value_ts <= @ts THEN @ts ELSE latest_value_ts END
       WHERE id = @id`,
    ),
    insertStatus: sqlite.prepare(
      'INSERT INTO node_status (node_id, ts, battery, signal) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    nodeStatus: sqlite.prepare(
      `UPDATE node SET
         latest_battery = CASE WHEN @battery IS NOT NULL AND (latest_battery_ts IS NULL OR latest_battery_ts <= @bts) THEN @battery ELSE latest_battery END,
         latest_battery_ts = CASE WHEN @battery IS NOT NULL AND (latest_battery_ts IS NULL OR latest_battery_ts <= @bts) THEN @bts ELSE latest_battery_ts END,
         latest_signal = CASE WHEN @signal IS NOT NULL AND (latest_signal_ts IS NULL OR latest_signal_ts <= @sts) THEN @signal ELSE latest_signal END,
         latest_signal_ts = CASE WHEN @signal IS NOT NULL AND (latest_signal_ts IS NULL OR latest_signal_ts <= @sts) THEN @sts ELSE latest_signal_ts END
       WHERE id = @id`,
    ),
    insertLocation: sqlite.prepare(
      'INSERT INTO node_location (node_id, ts, lat, lng) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    nodeLocation: sqlite.prepare(
      `UPDATE node SET latest_lat = @lat, latest_lng = @lng, latest_location_ts = @ts
       WHERE id = @id AND (latest_location_ts IS NULL OR latest_location_ts <= @ts)`,
    ),
    insertRejected: sqlite.prepare(
      `INSERT INTO rejected_reading (company_id, gateway_id, received_at, kind, item_index, item, reason)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    saveState: sqlite.prepare(
      `INSERT INTO maturity_state (job_id, sensor_id, last_ts, last_temp, maturity, equivalent_age, n)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (job_id, sensor_id) DO UPDATE SET last_ts = excluded.last_ts, last_temp = excluded.last_temp,
       maturity = excluded.maturity, equivalent_age = excluded.equivalent_age, n = excluded.n`,
    ),
    saveHour: sqlite.prepare(
      `INSERT INTO maturity_hour (job_id, sensor_id, hour, last_ts, last_temp, maturity, equivalent_age, n)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (job_id, sensor_id, hour) DO UPDATE SET last_ts = excluded.last_ts, last_temp = excluded.last_temp,
       maturity = excluded.maturity, equivalent_age = excluded.equivalent_age, n = excluded.n`,
    ),
    checkpoint: sqlite.prepare(
      `SELECT * FROM maturity_hour WHERE job_id = @job AND sensor_id = @sensor AND last_ts < max(@ts,
         coalesce((SELECT m.raw_before FROM retention_mark m JOIN sensor s ON s.company_id = m.company_id
                   WHERE s.id = @sensor), 0))
       ORDER BY hour DESC LIMIT 1`,
    ),
    readings: sqlite.prepare(
      'SELECT ts, value FROM reading WHERE sensor_id = ? AND ts > ? AND ts <= ? ORDER BY ts',
    ),
    clearStates: sqlite.prepare('DELETE FROM maturity_state WHERE job_id = ?'),
    clearHours: sqlite.prepare('DELETE FROM maturity_hour WHERE job_id = ?'),
    clearHoursFrom: sqlite.prepare('DELETE FROM maturity_hour WHERE job_id = ? AND last_ts >= ?'),
    rawMark: sqlite.prepare(
      'SELECT m.raw_before FROM retention_mark m JOIN node n ON n.company_id = m.company_id WHERE n.id = ?',
    ),
    maturityJobs: sqlite.prepare(
      `SELECT j.id, j.node_id, j.start_date, j.termination_date, j.sensor_types, j.job_alarm_triggered,
         j.low_target, j.medium_target, j.high_target, j.singular_target, p.maturity_function, p.datum_c,
         p.activation_energy, p.reference_c, p.curve_a, p.curve_b
       FROM job j LEFT JOIN concrete_profile p ON p.id = j.concrete_profile_id
       WHERE j.kind = 'MATURITY' AND j.start_date IS NOT NULL AND j.node_id IN (SELECT value FROM json_each(?))`,
    ),
    // Rows as arrays (raw): a batch loads every state of its jobs, and objects cost more to build.
    jobStates: sqlite
      .prepare(
        `SELECT m.job_id, m.sensor_id, m.last_ts, m.last_temp, m.maturity, m.equivalent_age, m.n,
         s.blacklisted, s.decommissioned FROM maturity_state m
         JOIN sensor s ON s.id = m.sensor_id WHERE m.job_id IN (SELECT value FROM json_each(?))`,
      )
      .raw(true),
    alarmBits: sqlite.prepare(
      // Bitwise OR in SQL: both dialects have |, and flags stay far below 2^31.
      'UPDATE job SET job_alarm_triggered = job_alarm_triggered | ? WHERE id = ?',
    ),
  };

  return {
    insertReadings: (rows) => rows.map((r) => s.insertReading.run(r.sensorId, r.ts, r.value).changes === 1),
    mergeReadingHours(rows) {
      for (const r of rows) s.mergeHour.run(r.sensorId, r.hour, r.n, r.total, r.min, r.max);
    },
    updateSensorLatest(rows, receivedAt) {
      for (const r of rows)
        s.sensorLatest.run({ received: receivedAt, ts: r.ts, value: r.value, id: r.sensorId });
    },
    insertStatuses: (rows) =>
      rows.map((r) => s.insertStatus.run(r.nodeId, r.ts, r.battery, r.signal).changes === 1),
    updateNodeStatus(rows) {
      for (const r of rows) {
        s.nodeStatus.run({
          bts: r.batteryTs,
          battery: r.battery,
          sts: r.signalTs,
          signal: r.signal,
          id: r.nodeId,
        });
      }
    },
    insertLocations: (rows) =>
      rows.map((r) => s.insertLocation.run(r.nodeId, r.ts, r.lat, r.lng).changes === 1),
    updateNodeLocation(rows) {
      for (const r of rows) s.nodeLocation.run({ ts: r.ts, lat: r.lat, lng: r.lng, id: r.nodeId });
    },
    insertRejected(rows) {
      for (const r of rows) {
        s.insertRejected.run(r.companyId, r.gatewayId, r.receivedAt, r.kind, r.itemIndex, r.item, r.reason);
      }
    },
    startedMaturityJobs: (nodeIds) =>
      nodeIds.length === 0 ? [] : (s.maturityJobs.all(JSON.stringify(nodeIds)) as MaturityJobRow[]),
    loadMaturityStates(jobIds): JobSensorState[] {
      if (jobIds.length === 0) return [];
      // One statement for all the jobs (their ids as a JSON array), as PostgreSQL's = ANY.
      const rows = s.jobStates.all(JSON.stringify(jobIds)) as number[][];
      const out: JobSensorState[] = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const [jobId, sensorId, lastTs, lastTemp, maturity, equivalentAge, n, blacklisted, decommissioned] =
          rows[i];
        out[i] = {
          jobId,
          sensorId,
          lastTs,
          lastTemp,
          maturity,
          equivalentAge,
          n,
          counted: !blacklisted && !decommissioned,
        };
      }
      return out;
    },
    saveMaturityStates(rows) {
      for (const r of rows) {
        s.saveState.run(r.jobId, r.sensorId, r.lastTs, r.lastTemp, r.maturity, r.equivalentAge, r.n);
      }
    },
    saveMaturityHours(rows) {
      for (const r of rows) {
        s.saveHour.run(r.jobId, r.sensorId, r.hour, r.lastTs, r.lastTemp, r.maturity, r.equivalentAge, r.n);
      }
    },
    maturityCheckpointBefore(jobId, sensorId, ts): MaturityHourRow | undefined {
      const row = s.checkpoint.get({ job: jobId, sensor: sensorId, ts }) as HourDbRow | undefined;
      return row ? { ...toState(row), hour: row.hour } : undefined;
    },
    readingsBetween: (sensorId, afterTs, untilTs) =>
      s.readings.all(sensorId, afterTs, untilTs) as { ts: number; value: number }[],
    clearMaturity(jobId, keepBefore) {
      s.clearStates.run(jobId);
      if (keepBefore === undefined) s.clearHours.run(jobId);
      else s.clearHoursFrom.run(jobId, keepBefore);
    },
    rawRemovedBefore(nodeId) {
      const row = s.rawMark.get(nodeId) as { raw_before: number } | undefined;
      return row?.raw_before ?? 0;
    },
    setJobAlarmBits(jobId, bits) {
      s.alarmBits.run(bits, jobId);
    },
    lockNodes() {
      // One SQLite write transaction at a time (BEGIN IMMEDIATE): the nodes are already held.
    },
  };
}
