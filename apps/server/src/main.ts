import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { isEmpty, migrateToLatest } from './db/migrations.ts';
import { fillDemoChecklist } from './demo/checklists.ts';
import { startDemoFeed } from './demo/feed.ts';
import { DEMO_GATEWAY, seedDemoHardware } from './demo/hardware.ts';
import { seedDemoLumitrack } from './demo/lumitrack.ts';
import { seedDemoMaterialTracking } from './demo/material-tracking.ts';
import { seedDemoReports } from './demo/reports.ts';
import { DEMO, seedDemo, seedTextResources } from './demo/seed.ts';
import { startWorkers, type Workers } from './jobs/workers.ts';
import { createAlarmSweeper } from './modules/alarm-events/sweeper.ts';
import { hashGatewayKey, newGatewayKey } from './modules/ingest/service.ts';

const config = loadConfig(process.env);
const db = openDb(config.databaseUrl, { poolMax: config.databasePoolMax });
await migrateToLatest(db.db, db.dialect);
await seedTextResources(db.db);

let seeded = false;
let demoCompanyId: number | undefined;
if (config.seed === 'demo') {
  const fresh = await isEmpty(db.db);
  if (fresh) seeded = (await seedDemo(db.db)).created;
  // The demo sensors (idempotent): also added to a demo company seeded before they existed.
  const demoCompany = await db.db
    .selectFrom('company')
    .select('id')
    .where('auth_code', '=', DEMO.authCode)
    .executeTakeFirst();
  if (demoCompany) await seedDemoHardware(db.db, demoCompany.id);
  demoCompanyId = demoCompany?.id;
}

const app = await buildApp({ config, db });

// The demo gateway's key: DEMO_GATEWAY_KEY when set, otherwise a new one for this run (printed below).
const demoGateway = await db.db
  .selectFrom('gateway as w')
  .innerJoin('company as c', 'c.id', 'w.company_id')
  .select('w.id')
  .where('c.auth_code', '=', DEMO.authCode)
  .where('w.name', '=', DEMO_GATEWAY)
  .executeTakeFirst();
let demoGatewayKey: string | undefined;
if (demoGateway && config.seed === 'demo') {
  demoGatewayKey = config.demoGatewayKey ?? newGatewayKey();
  await db.db
    .updateTable('gateway')
    .set({ key_hash: hashGatewayKey(demoGatewayKey) })
    .where('id', '=', demoGateway.id)
    .execute();
}
const feed =
  config.seed === 'demo' && config.demoFeed
    ? startDemoFeed({ db: db.db, ingest: app.services.ingest, log: app.log })
    : null;

// Report files, report schedules, alarm messages and label files are made in the background, started in
// one place (jobs/workers.ts) once the server listens; their jobs wait in the database across restarts.
let workers: Workers | undefined;
// Silent nodes, low batteries and alarms of stopped jobs are judged every minute.
const alarmSweeper = createAlarmSweeper({ alarmEvents: app.services.alarmEvents, log: app.log });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    // GET /api/ready answers 503 from now on (docs/deploy.md): a load balancer sends no new work here.
    app.readiness.drain();
    app.log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      feed?.stop();
      // Stop taking requests at once (those in flight, ingest batches among them, finish; live streams,
      // MQTT and the cluster bus end: issue 17) while the background workers finish what they hold.
      const appClosed = app.close();
      // Keep-alive connections that finish their last request while we drain would hold the close
      // open until the client drops them (a load balancer may keep them for minutes): end each as it idles.
      const idleCloser = setInterval(() => app.server.closeIdleConnections(), 100);
      appClosed.finally(() => clearInterval(idleCloser)).catch(() => undefined);
      await workers?.stop();
      await alarmSweeper.stop();
      await appClosed;
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error(err);
      process.exit(1);
    }
  });
}

await app.listen({ port: config.port, host: config.host });
workers = startWorkers(app.services, config, app.log);
// With the demo feed, the first sweep waits for the history: until then every demo node looks silent.
if (!feed) alarmSweeper.start();

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const url = `http://${shownHost}:${config.port}`;
const lines = [
  '',
  `Sitepulse is running at ${url}  (API ${url}/api, OpenAPI ${url}/api/docs)`,
  `Database: ${db.dialect}${seeded ? ' (demo company seeded on this first start)' : ''}`,
];
const demo = await db.db
  .selectFrom('company')
  .select('id')
  .where('auth_code', '=', DEMO.authCode)
  .executeTakeFirst();
if (demo) {
  lines.push(
    `Sign in: company code ${DEMO.authCode}, users ${Object.values(DEMO.users).join(', ')}, password ${DEMO.password}`,
  );
}
if (demoGateway && demoGatewayKey) {
  lines.push(
    `Demo gateway ${DEMO_GATEWAY} (id ${demoGateway.id}) key: ${demoGatewayKey}` +
      (config.demoGatewayKey
        ? ' (from DEMO_GATEWAY_KEY)'
        : ' (new each start; set DEMO_GATEWAY_KEY to keep one)'),
    `Simulate it: npm run simulate -- --url ${url} --key ${demoGatewayKey}`,
  );
}
console.log(`${lines.join('\n')}\n`);
if (feed) {
  const n = await feed.first;
  if (n > 0) app.log.info(`demo feed: ${n} readings brought up to now`);
  alarmSweeper.start();
}
// A fresh demo's first report and weekly schedule, once its history is in (the worker makes the report).
if (seeded && demoCompanyId !== undefined) await seedDemoReports(db.db, app.services, demoCompanyId);
// The demo's Lumitrack IDs (idempotent: also added to a demo seeded before they existed); the worker makes its labels.
if (config.seed === 'demo' && demoCompanyId !== undefined) {
  await seedDemoLumitrack(db.db, app.services, demoCompanyId).catch((err) =>
    app.log.warn({ err }, 'the demo Lumitrack IDs were not made'),
  );
  await fillDemoChecklist(db.db, app.services, demoCompanyId, DEMO.users.admin).catch((err) =>
    app.log.warn({ err }, 'the demo checklist was not filled'),
  );
  await seedDemoMaterialTracking(db.db, app.services, demoCompanyId, app.log);
}
