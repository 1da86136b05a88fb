/**
 * bench:reports: time and peak memory of the report worker's generators on a database of about 10
 * million readings (built as bench:query builds it, lib/build-readings.ts, plus one 90-day maturity
 * job on a node of 40 temperature sensors read every 15 minutes):
 *
 * - RAW_DATA_EXCEL of the 40 sensors over the 90 days (every reading: one sheet per sensor);
 * - CS_POUR_REPORT (PDF) of the 90-day job over the same range;
 * - baseline, measured in the same run: the same rows (same sensors, same range, the same keyset page
 *   reads of the readings repo) written to a file with csv-stringify alone.
 *
 * Each measurement runs in its own child process, as the worker runs a generator (services built with
 * createServices on the bench database, the demo admin as the request's owner, a ReportContext writing
 * to a file). The child resets the kernel's peak RSS once its services are built (clear_refs; a forked
 * child's resourceUsage().maxRSS would also hold the parent's RSS at fork), so the peak printed is the
 * report's own. Prints rows, seconds, CPU seconds, MB/s of the file, the ratio time(report) /
 * time(baseline), RSS at rest, peak RSS, the report's own (peak - rest) and whether it stays under
 * 200 MB (the goal: exits 1 when not, or when a file does not hold its rows; time is never pass/fail).
 *
 * Settings: --readings N (or BENCH_READINGS; default 10000000), BENCH_DIALECTS=sqlite (postgres too:
 * BENCH_DIALECTS=sqlite,postgres).
 */
import { fork } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HOUR_MS, type ReportType } from '@sitepulse/domain';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDb } from '../apps/server/src/db/index.ts';
import { DEMO } from '../apps/server/src/demo/seed.ts';
import type { Actor } from '../apps/server/src/lib/actor.ts';
import { isAdminAccount } from '../apps/server/src/lib/roles.ts';
import { EXPORT_PAGE } from '../apps/server/src/modules/exports/service.ts';
import { createMaturityEngine } from '../apps/server/src/modules/maturity/engine.ts';
import { REPORT_GENERATORS } from '../apps/server/src/modules/reports/generators/index.ts';
import type { ReportContext } from '../apps/server/src/modules/reports/generators/types.ts';
import { createServices } from '../apps/server/src/services.ts';
import { buildQueryDb } from './lib/build-readings.ts';
import { type BenchDb, createBenchDb, type Dialect, dialectsToRun } from './lib/db.ts';
import { addJob, addNodes, concreteTemp, DAY, QUARTER_HOUR, type SiteFixture } from './lib/fixtures.ts';
import { envInt, goal, int, mb, ratio, secs, table } from './lib/report.ts';

const REPORT_DAYS = 90;
const REPORT_SENSORS = 40;
/** the shorter range each report is also made over, to show memory does not follow the range */
const SHORT_DAYS = 9;
const RSS_GOAL = 200 * 1024 * 1024;
const TIME_ZONE = 'America/Toronto';

type Kind = 'RAW_DATA_EXCEL' | 'CS_POUR_REPORT' | 'baseline';

/** What a child measures, passed in BENCH_REPORTS_CHILD as JSON. */
interface ChildTask {
  kind: Kind;
  url: string;
  companyId: number;
  siteId: number;
  jobId: number;
  sensorIds: number[];
  from: number;
  to: number;
  file: string;
  reportsDir: string;
}

interface ChildResult {
  seconds: number;
  cpuSeconds: number;
  bytes: number;
  /** RSS when the services were built, before the generator ran */
  rssBefore: number;
  /** the kernel's peak RSS while the report was made (resourceUsage().maxRSS after the reset), bytes */
  maxRss: number;
  /** JS heap still used after the report and a full GC, over the heap at rest (what a report leaves behind) */
  heapKept: number;
  /** the peak RSS of the child's setup (loading the modules, building the services) */
  setupPeak: number;
  /** false when the kernel's peak could not be reset: maxRss then covers the setup too */
  peakReset: boolean;
  /** CSV baseline: the rows it wrote */
  rows?: number;
}

// ---------------------------------------------------------------------------------------------------
// Child: one measurement.

async function runChild(task: ChildTask): Promise<ChildResult> {
  const config = loadConfig({
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
    ...process.env,
    DATABASE_URL: task.url,
    REPORTS_DIR: task.reportsDir,
  });
  const store = openDb(config.databaseUrl);
  const services = await createServices(config, store);
  const out = createWriteStream(task.file);
  // The report's window starts here: setup garbage collected, then the kernel's peak RSS reset to the
  // current RSS (Linux clear_refs 5), so maxRSS at the end is the peak while the report was made.
  const setupPeak = peakRss();
  (globalThis as { gc?: () => void }).gc?.();
  let peakReset = true;
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    peakReset = false;
  }
  const rssBefore = process.memoryUsage.rss();
  const heapBefore = process.memoryUsage().heapUsed;
  const cpu = process.cpuUsage();
  const start = performance.now();
  let rows: number | undefined;

  if (task.kind === 'baseline') {
    // The same keyset pages the raw-data generators read, written as plain CSV rows.
    const csv = stringify();
    csv.pipe(out);
    const readings = services.measurements.kit.readings;
    rows = 0;
    for (const sensorId of task.sensorIds) {
      let after: number | null = null;
      for (;;) {
        const page = await readings.keysetPage(sensorId, task.from, task.to, after, 'asc', EXPORT_PAGE);
        for (const r of page) {
          if (!csv.write([sensorId, new Date(r.ts).toISOString(), r.value])) {
            await new Promise((resolve) => csv.once('drain', resolve));
          }
        }
        rows += page.length;
        if (page.length < EXPORT_PAGE) break;
        after = page[page.length - 1].ts;
      }
    }
    csv.end();
    await finished(out);
  } else {
    const actor = await adminActor(store, services, task.companyId);
    const site = await services.reports.repo.site(task.companyId, task.siteId);
    if (!site) throw new Error(`site ${task.siteId} not found`);
    const generator = REPORT_GENERATORS[task.kind as ReportType];
    if (!generator) throw new Error(`no generator for ${task.kind}`);
    const ctx: ReportContext = {
      request: {
        id: 1,
        type: task.kind,
        name: `Bench ${task.kind}`,
        tenantGroupId: task.siteId,
        companyId: task.companyId,
        msjId: task.kind === 'CS_POUR_REPORT' ? task.jobId : null,
        cjId: null,
        createdAt: Date.now(),
        ownerUsername: actor.username,
      },
      attributes: {
        from: task.from,
        to: task.to,
        units: 'Metric',
        language: 'en',
        timeZone: TIME_ZONE,
        ...(task.kind === 'RAW_DATA_EXCEL' ? { sensorIds: task.sensorIds } : {}),
      },
      site: { id: site.id, name: site.name, companyName: site.companyName },
      actor,
      services,
      out,
      signal: new AbortController().signal,
    };
    await generator(ctx);
    if (!out.writableFinished) await finished(out);
  }
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const maxRss = peakRss();
  (globalThis as { gc?: () => void }).gc?.();
  const result: ChildResult = {
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    bytes: statSync(task.file).size,
    rssBefore,
    setupPeak,
    peakReset,
    maxRss,
    heapKept: process.memoryUsage().heapUsed - heapBefore,
    rows,
  };
  await store.close();
  return result;
}

/**
 * The process's peak RSS in bytes: VmHWM of /proc/self/status (what clear_refs resets), else
 * resourceUsage().maxRSS (which also keeps the peak of exited threads, so a reset may not show in it).
 */
function peakRss(): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {}
  return process.resourceUsage().maxRSS * 1024;
}

/** The demo company's admin as the worker makes a report owner's actor (reports/worker.ts ownerActor). */
async function adminActor(
  store: ReturnType<typeof openDb>,
  services: Awaited<ReturnType<typeof createServices>>,
  companyId: number,
) {
  const row = await store.db
    .selectFrom('app_user')
    .select('id')
    .where('company_id', '=', companyId)
    .where('username', '=', DEMO.users.admin)
    .executeTakeFirstOrThrow();
  const user = await services.users.findById(row.id);
  if (!user) throw new Error('demo admin not found');
  const actor: Actor = {
    userId: user.id,
    companyId: user.company_id,
    username: user.username,
    accountType: user.account_type,
    roles: [user.account_type, ...(JSON.parse(user.roles) as string[])],
    sessionId: 'bench-reports',
    isAdmin: isAdminAccount(user.account_type),
  };
  return actor;
}

// ---------------------------------------------------------------------------------------------------
// Parent: build the database, run each measurement in a child, check the files, print.

/**
 * The report's job: a node of 40 temperature sensors read every 15 minutes for the last 90 days, with
 * the hourly rollups and latest values ingest keeps, and its maturity computed by the engine's own
 * recomputeJob. Written in one transaction, 1,000 rows a statement.
 */
async function addReportJob(bench: BenchDb, site: SiteFixture, now: number) {
  const db = bench.db;
  const from = now - REPORT_DAYS * DAY;
  const nodeId = 300_000;
  await addNodes(db, site, [nodeId], null, from - DAY);
  const sensorIds: number[] = [];
  let readings = 0;
  await db.transaction().execute(async (tx) => {
    for (let c = 0; c < REPORT_SENSORS; c++) {
      const { id } = await tx
        .insertInto('sensor')
        .values({
          company_id: site.companyId,
          node_id: nodeId,
          channel_id: c,
          sensor_type: 'Temperature',
          created_at: from,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      sensorIds.push(id);
      const rows: { sensor_id: number; ts: number; value: number }[] = [];
      const hours = new Map<number, { n: number; total: number; min: number; max: number }>();
      for (let ts = from; ts <= now; ts += QUARTER_HOUR) {
        const value = concreteTemp(id, ts - from, ts);
        rows.push({ sensor_id: id, ts, value });
        const hour = Math.floor(ts / HOUR_MS) * HOUR_MS;
        const h = hours.get(hour);
        if (!h) hours.set(hour, { n: 1, total: value, min: value, max: value });
        else {
          h.n += 1;
          h.total += value;
          h.min = Math.min(h.min, value);
          h.max = Math.max(h.max, value);
        }
      }
      for (let i = 0; i < rows.length; i += 1000)
        await tx
          .insertInto('reading')
          .values(rows.slice(i, i + 1000))
          .execute();
      const hourRows = [...hours].map(([hour, h]) => ({ sensor_id: id, hour, ...h }));
      for (let i = 0; i < hourRows.length; i += 1000)
        await tx
          .insertInto('reading_hour')
          .values(hourRows.slice(i, i + 1000))
          .execute();
      const last = rows[rows.length - 1];
      await tx
        .updateTable('sensor')
        .set({ latest_value: last.value, latest_value_ts: last.ts, message_ts: last.ts })
        .where('id', '=', id)
        .execute();
      readings += rows.length;
    }
  });
  const jobId = await addJob(db, site, {
    nodeId,
    name: `Pour report bench (${REPORT_DAYS} days, ${REPORT_SENSORS} sensors)`,
    startDate: from,
    singularTarget: 25,
  });
  await createMaturityEngine(bench).recomputeJob(jobId);
  return { jobId, sensorIds, readings, from, to: now };
}

function measure(task: ChildTask): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: { ...process.env, BENCH_REPORTS_CHILD: JSON.stringify(task) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: ChildResult | undefined;
    child.on('message', (m: { result?: ChildResult; error?: string }) => {
      if (m.error) reject(new Error(`${task.kind}: ${m.error}`));
      else if (m.result) result = m.result;
    });
    child.on('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`${task.kind}: child exited with ${code} and no result`));
    });
  });
}

/** Sheets and data rows (header rows not counted) of an xlsx, read back streamed with ExcelJS. */
async function xlsxRows(file: string): Promise<{ sheets: number; rows: number }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {
    sharedStrings: 'ignore',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let sheets = 0;
  let rows = 0;
  for await (const ws of reader) {
    sheets += 1;
    if (sheets === 1) continue; // the summary
    for await (const row of ws) if (row.number > 1) rows += 1;
  }
  return { sheets, rows };
}

/** Pages of a PDF made by pdfkit (page objects are written uncompressed). */
function pdfPages(file: string): number {
  const text = readFileSync(file, 'latin1');
  if (!text.startsWith('%PDF-') || !text.trimEnd().endsWith('%%EOF')) return -1;
  return (text.match(/\/Type \/Page\b/g) ?? []).length;
}

async function runDialect(dialect: Dialect, wanted: number) {
  console.log(`\n${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
  const bench = await createBenchDb(dialect);
  const dir = mkdtempSync(join(tmpdir(), 'sitepulse-bench-reports-'));
  try {
    const started = performance.now();
    const extra = REPORT_SENSORS * (REPORT_DAYS * 96 + 1);
    const built = await buildQueryDb(bench, Math.max(0, wanted - extra), 200, (s) => console.log(s));
    const now = Math.floor(Date.now() / QUARTER_HOUR) * QUARTER_HOUR;
    const job = await addReportJob(bench, built.site, now);
    const total = built.readings + job.readings;
    console.log(
      `  built in ${secs(performance.now() - started)}: ${int(total)} readings (${int(job.readings)} of them the ` +
        `${REPORT_DAYS}-day job's ${REPORT_SENSORS} sensors)` +
        (bench.file ? `; database ${mb(statSync(bench.file).size)}` : ''),
    );
    const base = {
      url: bench.url,
      companyId: built.site.companyId,
      siteId: built.site.tenantGroupId,
      jobId: job.jobId,
      sensorIds: job.sensorIds,
      from: job.from,
      to: job.to,
      reportsDir: dir,
    };
    // Each report twice: over the 90 days and over their last 9, so a memory that grows with the range
    // shows. The baseline first and again last, so a change of the machine's load during the run shows.
    const shortFrom = job.to - SHORT_DAYS * DAY;
    const rowsOf = (from: number) => REPORT_SENSORS * (Math.floor((job.to - from) / QUARTER_HOUR) + 1);
    const runs: { name: string; kind: Kind; from: number; file: string }[] = [
      { name: 'baseline: csv-stringify alone', kind: 'baseline', from: job.from, file: 'baseline.csv' },
      { name: 'RAW_DATA_EXCEL', kind: 'RAW_DATA_EXCEL', from: job.from, file: 'raw.xlsx' },
      { name: 'CS_POUR_REPORT', kind: 'CS_POUR_REPORT', from: job.from, file: 'pour.pdf' },
      {
        name: `RAW_DATA_EXCEL, ${SHORT_DAYS} days`,
        kind: 'RAW_DATA_EXCEL',
        from: shortFrom,
        file: 'raw-short.xlsx',
      },
      {
        name: `CS_POUR_REPORT, ${SHORT_DAYS} days`,
        kind: 'CS_POUR_REPORT',
        from: shortFrom,
        file: 'pour-short.pdf',
      },
      { name: 'baseline: csv-stringify alone', kind: 'baseline', from: job.from, file: 'baseline-2.csv' },
    ];
    const results: { run: (typeof runs)[number]; r: ChildResult }[] = [];
    for (const run of runs) {
      const r = await measure({ ...base, kind: run.kind, from: run.from, file: join(dir, run.file) });
      results.push({ run, r });
      console.log(`  ${run.name}: ${secs(r.seconds * 1000)}, peak RSS ${mb(r.maxRss)}`);
    }
    const baselines = results.filter((x) => x.run.kind === 'baseline').map((x) => x.r);
    const baseSeconds = Math.min(...baselines.map((b) => b.seconds));

    // The files must hold what they claim, so a fast wrong answer does not pass.
    const problems: string[] = [];
    const pages = new Map<string, number>();
    for (const { run, r } of results) {
      const file = join(dir, run.file);
      const expected = rowsOf(run.from);
      if (run.kind === 'baseline' && r.rows !== expected)
        problems.push(`${run.name} wrote ${r.rows} rows, expected ${expected}`);
      if (run.kind === 'RAW_DATA_EXCEL') {
        const xlsx = await xlsxRows(file);
        if (xlsx.sheets !== REPORT_SENSORS + 1 || xlsx.rows !== expected)
          problems.push(
            `${run.name}: ${xlsx.sheets} sheets, ${xlsx.rows} rows read back; expected ${REPORT_SENSORS + 1} and ${expected}`,
          );
      }
      if (run.kind === 'CS_POUR_REPORT') {
        pages.set(run.file, pdfPages(file));
        if ((pages.get(run.file) ?? 0) < 1) problems.push(`${run.name}: not a whole PDF`);
      }
    }

    const tableRows: (string | number)[][] = [
      [
        '',
        'rows',
        'time',
        'CPU',
        'file',
        'MB/s',
        'vs baseline time',
        'setup peak',
        'RSS at rest',
        'peak RSS',
        "report's own",
        'heap kept',
        'own < 200 MB',
      ],
    ];
    let memoryOk = true;
    for (const { run, r } of results) {
      const own = Math.max(0, r.maxRss - r.rssBefore);
      const ok = own < RSS_GOAL;
      if (run.kind !== 'baseline') memoryOk &&= ok;
      const rows = int(rowsOf(run.from));
      tableRows.push([
        run.name,
        run.kind === 'CS_POUR_REPORT' ? `${rows} in, ${pages.get(run.file)} pages` : rows,
        secs(r.seconds * 1000),
        secs(r.cpuSeconds * 1000),
        mb(r.bytes),
        (r.bytes / 1024 / 1024 / r.seconds).toFixed(1),
        run.from === job.from ? ratio(r.seconds, baseSeconds) : '',
        mb(r.setupPeak),
        mb(r.rssBefore),
        `${mb(r.maxRss)}${r.peakReset ? '' : ' *'}`,
        mb(own),
        mb(r.heapKept),
        ok ? 'yes' : 'NO',
      ]);
    }
    table(tableRows);
    console.log(
      `  time ratios against the faster of the two baseline runs (${secs(baseSeconds * 1000)}). Each run is a child\n` +
        '  process (modules loaded under tsx, as `npm run serve` runs the server). setup peak: its peak RSS while\n' +
        '  loading and building the services; RSS at rest: after that and a full GC, before the generator runs;\n' +
        "  peak RSS: the kernel's peak while the report was made (reset at rest); report's own: peak - rest;\n" +
        '  heap kept: JS heap in use after the report and a full GC, over the heap at rest.',
    );
    if (results.some((x) => !x.r.peakReset))
      console.log('  * the kernel peak could not be reset (/proc/self/clear_refs): it includes the setup');
    for (const p of problems) console.log(`  WRONG: ${p}`);
    console.log(`  goal: each report's own peak memory under 200 MB ${goal(memoryOk)}`);
    if (problems.length > 0 || !memoryOk) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await bench.destroy();
  }
}

const childTask = process.env.BENCH_REPORTS_CHILD;
if (childTask) {
  try {
    const result = await runChild(JSON.parse(childTask) as ChildTask);
    process.send?.({ result });
  } catch (err) {
    process.send?.({ error: (err as Error).stack ?? String(err) });
  }
  // Exit once the answer is sent: the services may hold timers that would keep the child alive.
  process.send?.({}, () => process.exit(0));
} else {
  const { values } = parseArgs({ options: { readings: { type: 'string' } } });
  if (values.readings) process.env.BENCH_READINGS = values.readings;
  const wanted = envInt('BENCH_READINGS', 10_000_000);
  console.log(
    `bench:reports  ${availableParallelism()} CPUs, Node ${process.version}, load average ${loadavg()[0].toFixed(1)}; ` +
      `${int(wanted)} readings wanted; ${REPORT_DAYS} days x ${REPORT_SENSORS} sensors, every 15 min`,
  );
  for (const d of await dialectsToRun(['sqlite'])) await runDialect(d, wanted);
  console.log(`  load average at the end ${loadavg()[0].toFixed(1)}`);
}
