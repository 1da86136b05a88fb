/**
 * bench:growth (issue 17, the capacity note docs/capacity.md): database growth per sensor-year. On a
 * fresh database of each dialect, BENCH_GROWTH_NODES maturity nodes of 4 temperature sensors, each
 * node with a maturity job started at the first reading (so every reading also moves maturity: the
 * upper bound; a gas or level sensor writes no maturity rows), are sent one year of readings every
 * 15 minutes (35,040 per sensor) through POST /api/ingest/readings of the real server, in batches of
 * 1,000. Then each table's size (PostgreSQL: pg_total_relation_size, partitions included; SQLite: the
 * dbstat pages of the table and its indexes) before and after, per sensor-year.
 *
 * Settings (environment): BENCH_GROWTH_NODES=4  BENCH_DIALECTS=sqlite,postgres  BENCH_PG_URL.
 */
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { type BenchDb, createBenchDb, dialectsToRun } from './lib/db.ts';
import {
  addJob,
  addNodes,
  concreteTemp,
  DAY,
  demoSite,
  gatewayOf,
  HOUR,
  QUARTER_HOUR,
} from './lib/fixtures.ts';
import { envInt, int, secs, table } from './lib/report.ts';
import { startServer } from './lib/server.ts';

const NODES = envInt('BENCH_GROWTH_NODES', 4);
const CHANNELS = 4;
const SENSORS = NODES * CHANNELS;
const STEPS = (365 * DAY) / QUARTER_HOUR;
const BATCH = 1000;
const CLIENTS = 4;

/** Bytes on disk per table (indexes included), by table name. */
async function tableSizes(bench: BenchDb): Promise<Map<string, number>> {
  if (bench.dialect === 'postgres') {
    // A partitioned table's own size is 0: sum its partitions (pg_partition_tree) under the parent's name.
    const r = await sql<{ name: string; bytes: string }>`
      SELECT coalesce(parent.relname, c.relname) AS name, sum(pg_total_relation_size(c.oid))::bigint AS bytes
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      LEFT JOIN pg_inherits i ON i.inhrelid = c.oid
      LEFT JOIN pg_class parent ON parent.oid = i.inhparent
      WHERE c.relkind IN ('r', 'p')
      GROUP BY 1`.execute(bench.db);
    return new Map(r.rows.map((row) => [row.name, Number(row.bytes)]));
  }
  const r = await sql<{ name: string; bytes: number }>`
    SELECT coalesce(m.tbl_name, s.name) AS name, sum(s.pgsize) AS bytes
    FROM dbstat s LEFT JOIN sqlite_schema m ON m.name = s.name
    GROUP BY 1`.execute(bench.db);
  return new Map(r.rows.map((row) => [row.name, Number(row.bytes)]));
}

async function run(dialect: 'sqlite' | 'postgres') {
  console.log(`\n${dialect}: ${NODES} nodes x ${CHANNELS} sensors, one year every 15 min`);
  const bench = await createBenchDb(dialect);
  const server = await startServer('app', { DATABASE_URL: bench.url });
  try {
    const db = bench.db;
    const site = await demoSite(db);
    const gateway = await gatewayOf(db, site);
    const ids = Array.from({ length: NODES }, (_, i) => 300_000 + i);
    const t0 = Math.floor((Date.now() - (STEPS + 8) * QUARTER_HOUR) / HOUR) * HOUR;
    await addNodes(db, site, ids, gateway.id, t0 - HOUR);
    for (const nodeId of ids) await addJob(db, site, { nodeId, name: `Pour ${nodeId}`, startDate: t0 });
    if (dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(db);
    const before = await tableSizes(bench);

    // Each client owns some nodes and sends their readings in time order (step-major batches, every
    // sensor's reading of a quarter hour, then the next), as a gateway does: no late readings.
    const clients = Math.min(CLIENTS, NODES);
    const bodiesOf = (nodes: number[]) => {
      const bodies: string[] = [];
      let readings: unknown[] = [];
      for (let step = 0; step < STEPS; step++) {
        const ts = t0 + step * QUARTER_HOUR;
        for (const nodeId of nodes) {
          for (let channelId = 0; channelId < CHANNELS; channelId++) {
            const value = concreteTemp(nodeId * CHANNELS + channelId, ts - t0, ts);
            readings.push({ nodeId, channelId, sensorType: 'Temperature', ts, value });
          }
        }
        if (readings.length >= BATCH || step === STEPS - 1) {
          bodies.push(JSON.stringify({ readings }));
          readings = [];
        }
      }
      return bodies;
    };
    const start = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (const body of bodiesOf(ids.filter((_, i) => i % clients === c))) {
          const res = await fetch(`${server.url}/api/ingest/readings`, {
            method: 'POST',
            headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' },
            body,
          });
          if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
        }
      }),
    );
    const elapsed = performance.now() - start;
    if (dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(db);
    else await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    const after = await tableSizes(bench);
    const stored = await db
      .selectFrom('reading')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `  ${int(Number(stored.n))} readings stored in ${secs(elapsed)} (${clients} clients, each its own nodes in time order)`,
    );

    const rows: (string | number)[][] = [['table', 'grew by', 'per sensor-year', 'per reading']];
    let total = 0;
    const grown = [...after]
      .map(([name, bytes]) => ({ name, delta: bytes - (before.get(name) ?? 0) }))
      .filter((t) => t.delta > 64 * 1024)
      .sort((a, b) => b.delta - a.delta);
    for (const { name, delta } of grown) {
      total += delta;
      rows.push([
        name,
        `${(delta / 1024 / 1024).toFixed(1)} MB`,
        `${(delta / SENSORS / 1024 / 1024).toFixed(2)} MB`,
        `${(delta / SENSORS / STEPS).toFixed(0)} B`,
      ]);
    }
    rows.push([
      'all',
      `${(total / 1024 / 1024).toFixed(1)} MB`,
      `${(total / SENSORS / 1024 / 1024).toFixed(2)} MB`,
      `${(total / SENSORS / STEPS).toFixed(0)} B`,
    ]);
    table(rows);
  } finally {
    await server.stop();
    await bench.destroy();
  }
}

const load0 = loadavg();
for (const dialect of await dialectsToRun()) await run(dialect);
const load1 = loadavg();
console.log(`\nload average ${load0[0].toFixed(1)} at start, ${load1[0].toFixed(1)} at the end`);
