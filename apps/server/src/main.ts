import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { isEmpty, migrateToLatest } from './db/migrations.ts';
import { DEMO, seedDemo, seedTextResources } from './demo/seed.ts';

const config = loadConfig(process.env);
const db = openDb(config.databaseUrl);
await migrateToLatest(db.db, db.dialect);
await seedTextResources(db.db);

let seeded = false;
if (config.seed === 'demo' && (await isEmpty(db.db))) {
  await seedDemo(db.db);
  seeded = true;
}

const app = await buildApp({ config, db });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error(err);
      process.exit(1);
    }
  });
}

await app.listen({ port: config.port, host: config.host });

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
console.log(`${lines.join('\n')}\n`);
