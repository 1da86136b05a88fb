/**
 * `npm run fuzz`: hostile requests on every route of the OpenAPI document, on SQLite and (when
 * reachable) PostgreSQL, in-process (app.inject: nothing leaves this machine). See fuzz/README.md.
 *
 * FUZZ_SECONDS  time per database (default 60)
 * FUZZ_RUNS     most requests per route per database (default 300)
 * FUZZ_SEED     fast-check seed (default: random, printed)
 * FUZZ_DB       sqlite, postgres or both (default both)
 */
import { connect } from 'node:net';
import fc from 'fast-check';
import mqtt from 'mqtt';
import { type App, buildApp } from '../apps/server/src/app.ts';
import { DEMO, seedDemo } from '../apps/server/src/demo/seed.ts';
import { addSiteData } from '../apps/server/src/test/fixtures.ts';
import {
  changedTables,
  type HostileRequest,
  installChangeCounter,
  loadOperations,
  readChangeCounter,
  requestFor,
  send,
} from '../apps/server/src/test/hostile-requests.ts';
import { projectOf } from '../apps/server/src/test/sensor-fixtures.ts';
import { basic, testConfig } from '../apps/server/src/test/test-app.ts';
import { createTestDb, PG_ADMIN_URL, type TestDb } from '../apps/server/src/test/test-db.ts';

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 60);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const WHICH = process.env.FUZZ_DB ?? 'both';
const MQTT_HOST = '127.0.0.1';
const MQTT_PORT = 1883;
/** Requests per route in one round: rounds spread the time over all routes. */
const PER_ROUND = 5;
interface Finding {
  method: string;
  url: string;
  body: string;
  what: string;
}

interface Tally {
  db: string;
  requests: number;
  byStatus: Map<number, number>;
  serverErrors: Finding[];
  crashes: string[];
  changedByRefusal: Finding[];
  mqtt: string;
}

const excerpt = (text: string | undefined, n = 200) =>
  text === undefined ? '' : JSON.stringify(text.length > n ? `${text.slice(0, n)}…` : text);

/** Captures the app's warn and error logs, so a 5xx can be printed with its error. */
function logCapture() {
  const lines: { reqId?: string; level: number; msg: string; err?: { message?: string; stack?: string } }[] =
    [];
  return {
    lines,
    stream: {
      write(line: string) {
        try {
          lines.push(JSON.parse(line));
          if (lines.length > 200) lines.shift();
        } catch {
          /* not JSON: ignore */
        }
      },
    },
  };
}

async function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

let ipCounter = 0;
const nextIp = () => `127.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

async function signIn(app: App, companyId: number) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/login',
    headers: { authorization: basic(DEMO.users.admin, DEMO.password), companyid: String(companyId) },
    remoteAddress: nextIp(),
  });
  if (res.statusCode !== 200) return undefined;
  const { accessToken } = res.json() as { accessToken: string };
  return { authorization: `Bearer ${accessToken}`, companyid: String(companyId), username: DEMO.users.admin };
}

async function health(app: App): Promise<string | undefined> {
  try {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    return res.statusCode === 200 ? undefined : `GET /api/health answered ${res.statusCode}`;
  } catch (e) {
    return `GET /api/health threw ${(e as Error).message}`;
  }
}

async function fuzzDatabase(dbName: 'sqlite' | 'postgres', mqttUp: boolean): Promise<Tally> {
  process.env.TEST_DB = dbName;
  const tally: Tally = {
    db: dbName,
    requests: 0,
    byStatus: new Map(),
    serverErrors: [],
    crashes: [],
    changedByRefusal: [],
    mqtt: 'not run (no broker at 127.0.0.1:1883)',
  };
  const db: TestDb = await createTestDb();
  const { companyId } = await seedDemo(db.db);
  // Nodes, sensors, readings and jobs on the first site, so valid requests reach real rows.
  const site = await projectOf(db.db, companyId, DEMO.firstSiteName);
  await addSiteData(db.db, { companyId, siteId: site.tenantGroupId, tenantId: site.tenantId });
  await installChangeCounter(db);
  const topicRoot = `fuzz-${process.pid}-${dbName}`;
  const logs = logCapture();
  const app = await buildApp({
    config: testConfig({
      LOG_LEVEL: 'warn',
      ...(mqttUp
        ? {
            MQTT_URL: `mqtt://${MQTT_HOST}:${MQTT_PORT}`,
            MQTT_TOPIC_ROOT: topicRoot,
            MQTT_CLIENT_ID: topicRoot,
          }
        : {}),
    }),
    db,
    logStream: logs.stream,
  });
  await app.ready();

  const crashed = (e: unknown) => tally.crashes.push(`uncaught: ${(e as Error)?.stack ?? e}`);
  process.on('uncaughtException', crashed);
  process.on('unhandledRejection', crashed);
  try {
    // MQTT first, while the site's sensors are as seeded (the HTTP calls may decommission them).
    if (mqttUp)
      tally.mqtt = await fuzzMqtt(app, db, topicRoot).catch((e) => `FAILED: ${(e as Error).message}`);
    const ops = await loadOperations(app);
    let auth = await signIn(app, companyId);
    const deadline = Date.now() + SECONDS * 1000;
    const sent = new Map<string, number>();
    // Requests are drawn in chunks per route (fast-check's first draws of a sample are the simplest).
    const routes = ops.map((op, i) => ({
      key: `${op.method} ${op.path}`,
      arb: requestFor(op),
      index: i,
      queue: [] as HostileRequest[],
      chunks: 0,
    }));
    let round = 0;
    while (Date.now() < deadline && routes.some((r) => (sent.get(r.key) ?? 0) < RUNS_PER_ROUTE)) {
      for (const route of routes) {
        if (Date.now() >= deadline) break;
        if ((sent.get(route.key) ?? 0) >= RUNS_PER_ROUTE) continue;
        if (route.queue.length < PER_ROUND) {
          const seed = SEED + route.index * 104_729 + route.chunks++ * 7919;
          route.queue.push(...fc.sample(route.arb, { numRuns: 50, seed }));
        }
        for (const req of route.queue.splice(0, PER_ROUND)) {
          const status = await one(app, db, req, auth, tally, logs);
          sent.set(route.key, (sent.get(route.key) ?? 0) + 1);
          // A call may have signed the admin out (logout, password change): sign in again.
          if (req.auth && status === 401 && !(await stillSignedIn(app, auth)))
            auth = await signIn(app, companyId);
        }
      }
      round++;
      process.stderr.write(
        `  ${dbName}: round ${round}, ${tally.requests} requests, ${tally.serverErrors.length} 5xx\n`,
      );
      const problem = await health(app);
      if (problem) {
        tally.crashes.push(problem);
        break;
      }
    }
    const problem = await health(app);
    if (problem) tally.crashes.push(problem);
  } finally {
    process.off('uncaughtException', crashed);
    process.off('unhandledRejection', crashed);
    await app.close();
    await db.destroy();
    if (mqttUp) {
      // Drop the server's persistent session at the broker (a clean connect with its client id).
      const c = await mqtt.connectAsync(`mqtt://${MQTT_HOST}:${MQTT_PORT}`, {
        clientId: topicRoot,
        clean: true,
      });
      await c.endAsync();
    }
  }
  return tally;
}

async function stillSignedIn(app: App, auth: Record<string, string> | undefined) {
  if (!auth) return false;
  const res = await app.inject({
    method: 'GET',
    url: '/api/v2/users/tenant_groups/access_types',
    headers: auth,
  });
  return res.statusCode !== 401;
}

async function one(
  app: App,
  db: TestDb,
  req: HostileRequest,
  auth: Record<string, string> | undefined,
  tally: Tally,
  logs: ReturnType<typeof logCapture>,
): Promise<number> {
  // E-mails are sent after their call answered: let them finish, so their writes count for their call.
  await app.services.mail.idle();
  const before = await readChangeCounter(db);
  const logMark = logs.lines.length;
  let result: Awaited<ReturnType<typeof send>>;
  const slow = setTimeout(
    () => process.stderr.write(`  slow: ${req.method} ${req.url.slice(0, 200)}\n`),
    5000,
  );
  try {
    result = await send(app, req, auth, nextIp());
  } catch (e) {
    tally.crashes.push(`${req.method} ${req.url}: inject threw ${(e as Error).stack}`);
    return 0;
  } finally {
    clearTimeout(slow);
  }
  tally.requests++;
  tally.byStatus.set(result.status, (tally.byStatus.get(result.status) ?? 0) + 1);
  const finding = (what: string): Finding => ({
    method: req.method,
    url: req.url.length > 300 ? `${req.url.slice(0, 300)}…` : req.url,
    body: excerpt(req.payload),
    what: `${req.kind}, ${req.auth ? 'signed in' : 'no auth'}: ${what}`,
  });
  if (result.timedOut || result.status >= 500) {
    const errors = logs.lines
      .slice(logMark)
      .filter((l) => l.level >= 50)
      .map((l) => (l.err?.stack ?? l.err?.message ?? l.msg).split('\n').slice(0, 4).join(' | '));
    tally.serverErrors.push(
      finding(
        result.timedOut ? 'no answer in time' : `${result.status} ${result.excerpt} ${errors.join(' ; ')}`,
      ),
    );
  }
  if (result.status >= 400 || result.timedOut) {
    await app.services.mail.idle();
    const changed = changedTables(before, await readChangeCounter(db));
    if (changed.length)
      tally.changedByRefusal.push(finding(`${result.status} changed ${changed.join(', ')}`));
  }
  return result.status;
}

/**
 * Hostile MQTT uplinks on a gateway's topic, then a good one last: the server must still answer
 * and store the good reading.
 */
async function fuzzMqtt(app: App, db: TestDb, topicRoot: string): Promise<string> {
  const { sql } = await import('kysely');
  const node = (
    await sql<{ id: number; gateway_id: number; channel_id: number; sensor_type: string }>`
      SELECT n.id, g.id AS gateway_id, s.channel_id, s.sensor_type FROM gateway g
      JOIN node n ON n.tenant_group_id = g.tenant_group_id JOIN sensor s ON s.node_id = n.id
      WHERE s.decommissioned = 0 AND s.blacklisted = 0 ORDER BY n.id, s.id LIMIT 1`.execute(db.db)
  ).rows[0];
  if (!node) return "FAILED: the demo has no sensor on a gateway's job site";
  const client = await mqtt.connectAsync(`mqtt://${MQTT_HOST}:${MQTT_PORT}`, {
    clientId: `${topicRoot}-publisher`,
    connectTimeout: 5000,
  });
  const topic = (gw: string | number) => `${topicRoot}/gateways/${gw}/up`;
  const hostile = fc.sample(
    fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
      fc.string({ unit: 'binary', maxLength: 200 }).map((s) => Buffer.from(s)),
      fc
        .constantFrom(
          '',
          '{',
          'null',
          '[]',
          deep(50_000),
          '{"readings":[{"nodeId":1e309,"channelId":1,"sensorType":"T","ts":1,"value":1}]}',
          `{"readings":[{"nodeId":${node.id},"channelId":${node.channel_id},"sensorType":"\\u0000","ts":1,"value":1e309}]}`,
          `{"readings":${deep(10_000)}}`,
          '{"readings":"x","status":{},"locations":null}',
          `{"readings":[${'{"nodeId":99999999999999999999},'.repeat(1000)}{}]}`,
          'x'.repeat(1_000_000),
        )
        .map((s) => Buffer.from(s)),
    ),
    { numRuns: 200, seed: SEED },
  );
  // Topics a gateway could publish on (MQTT itself forbids NUL and empty topics: the broker drops those).
  const badTopics = [node.gateway_id, node.gateway_id, 'abc', '-1', '99999999999999999999', '1e309', '0'];
  process.stderr.write(`  MQTT: ${hostile.length} hostile messages\n`);
  for (const [i, payload] of hostile.entries()) {
    const published = await withTimeout(
      client.publishAsync(topic(badTopics[i % badTopics.length]), payload, { qos: 1 }),
    );
    if (published === 'timeout') {
      await client.endAsync(true);
      return `FAILED: the broker took no message within 5 s (message ${i}, ${payload.length} bytes)`;
    }
  }
  const ts = Date.now() - 1000;
  const good = {
    readings: [
      { nodeId: node.id, channelId: node.channel_id, sensorType: node.sensor_type, ts, value: 21.5 },
    ],
  };
  await withTimeout(client.publishAsync(topic(node.gateway_id), JSON.stringify(good), { qos: 1 }));
  await client.endAsync(true);
  return goodMessageStored(app, db, node, ts, hostile.length);
}

async function goodMessageStored(
  app: App,
  db: TestDb,
  node: { id: number; channel_id: number },
  ts: number,
  hostileCount: number,
): Promise<string> {
  const { sql } = await import('kysely');
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const rows = (
      await sql<{
        n: number | string;
      }>`SELECT count(*) AS n FROM reading r JOIN sensor s ON s.id = r.sensor_id
        WHERE s.node_id = ${node.id} AND s.channel_id = ${node.channel_id} AND r.ts = ${ts}`.execute(db.db)
    ).rows;
    if (Number(rows[0]?.n) > 0) {
      const problem = await health(app);
      return problem ? `FAILED: ${problem}` : `ok (${hostileCount} hostile messages, then a good one stored)`;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return `FAILED: the good message published after ${hostileCount} hostile ones was not stored within 15 s`;
}

const withTimeout = <T>(p: Promise<T>, ms = 5000): Promise<T | 'timeout'> =>
  Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms).unref())]);

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

function print(t: Tally) {
  const statuses = [...t.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`);
  console.log(`\n== ${t.db}: ${t.requests} requests (${statuses.join(' ')})`);
  for (const f of t.serverErrors)
    console.log(`  5xx  ${f.method} ${f.url}\n       body ${f.body}\n       ${f.what}`);
  for (const c of t.crashes) console.log(`  CRASH ${c}`);
  for (const f of t.changedByRefusal)
    console.log(`  CHANGED ${f.method} ${f.url}\n       body ${f.body}\n       ${f.what}`);
  console.log(`  MQTT: ${t.mqtt}`);
  console.log(
    `  ${t.db}: requests ${t.requests}, 5xx ${t.serverErrors.length}, crashes ${t.crashes.length}, ` +
      `refusals that changed data ${t.changedByRefusal.length}`,
  );
}

async function main() {
  console.log(
    `fuzz: ${SECONDS} s and at most ${RUNS_PER_ROUTE} requests per route per database, seed ${SEED}`,
  );
  const mqttUp = await reachable(MQTT_HOST, MQTT_PORT);
  const pgUrl = new URL(PG_ADMIN_URL);
  const dbs: ('sqlite' | 'postgres')[] = [];
  if (WHICH !== 'postgres') dbs.push('sqlite');
  if (WHICH !== 'sqlite') {
    if (await reachable(pgUrl.hostname, Number(pgUrl.port || 5432))) dbs.push('postgres');
    else console.log(`PostgreSQL at ${pgUrl.host} is not reachable: skipped`);
  }
  const tallies: Tally[] = [];
  for (const name of dbs) {
    const t = await fuzzDatabase(name, mqttUp);
    print(t);
    tallies.push(t);
  }
  const sum = (f: (t: Tally) => number) => tallies.reduce((n, t) => n + f(t), 0);
  const errors = sum((t) => t.serverErrors.length);
  const crashes = sum((t) => t.crashes.length);
  const changed = sum((t) => t.changedByRefusal.length);
  const mqttFailed = tallies.filter((t) => t.mqtt.startsWith('FAILED')).length;
  console.log(
    `\nfuzz ${errors + crashes + changed + mqttFailed === 0 ? 'passed' : 'FAILED'}: ` +
      `${sum((t) => t.requests)} requests on ${tallies.map((t) => t.db).join(' and ')}, ` +
      `${errors} answers 5xx, ${crashes} crashes, ${changed} refusals that changed data, ` +
      `${mqttFailed} MQTT failures (seed ${SEED})`,
  );
  process.exit(errors + crashes + changed + mqttFailed === 0 ? 0 : 1);
}

await main();
