import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlarmEvent, ChannelJob, NotificationMessage } from '@sitepulse/contracts';
import { NODE_SILENT_MS, paths } from '@sitepulse/domain';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { addGateway } from '../../test/sensor-fixtures.ts';
import { useSmtpServer } from '../../test/smtp.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addNode } from '../maturity/sensor-fixtures.ts';
import { createPushRepo } from '../push/repo.ts';
import { createPushService, resolveVapidKeys } from '../push/service.ts';
import { addPerson } from '../users/people-fixtures.ts';
import { createNotificationWorker } from './worker.ts';

/**
 * Issue 15, "done means": alarms raised by the real engine (readings through the ingest call, the maturity
 * engine, the sweep) reach people through a real SMTP server, a local HTTP SMS gateway and a local server
 * that plays a Web Push service (checks the VAPID signature and decrypts the aes128gcm body as a browser
 * would). Exactly once each, and never again unless the alarm cleared and came back.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const PUBLIC_URL = 'https://sitepulse.test';
const GATEWAY_TOKEN = 'sms-gateway-secret';

/** A local HTTP server playing the SMS gateway: takes a bearer-token JSON POST, answers 202. */
interface SmsGatewayServer {
  url: string;
  received: { to: string; from: string; text: string }[];
  refused: string[];
  close(): Promise<void>;
}
async function startSmsGateway(): Promise<SmsGatewayServer> {
  const gw = { received: [], refused: [] } as unknown as SmsGatewayServer;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.headers.authorization !== `Bearer ${GATEWAY_TOKEN}`) {
        gw.refused.push(`${req.method} ${req.headers.authorization}`);
        res.writeHead(401).end('unauthorized');
        return;
      }
      gw.received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  gw.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
  gw.close = () => new Promise<void>((r) => server.close(() => r()));
  return gw;
}

/** A browser's side of a push subscription: a real P-256 key pair and auth secret. */
interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  keys: { p256dh: string; auth: string };
}
function newBrowser(): Browser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/**
 * A local server playing a Web Push service (RFC 8030): answers 201 to a request whose VAPID header
 * (RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, aud this origin, exp within 24 h) verifies against
 * the server's VAPID key, with a TTL and an aes128gcm body (RFC 8291) that the subscribed browser's keys
 * decrypt; anything else 400 with the reason. Keeps what each browser was shown.
 */
interface PushServiceServer {
  base: string;
  vapidKey: string;
  browsers: Map<string, Browser>;
  shown: { path: string; payload: { title: string; body: string; url: string } }[];
  refused: string[];
  close(): Promise<void>;
}
async function startPushService(): Promise<PushServiceServer> {
  const ps = { browsers: new Map(), shown: [], refused: [] } as unknown as PushServiceServer;
  const check = async (path: string, headers: Record<string, unknown>, body: Buffer) => {
    const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization ?? ''));
    if (!m) throw new Error('no VAPID authorization');
    const [, jwt, k] = m;
    if (k !== ps.vapidKey) throw new Error('not the application server key');
    const raw = Buffer.from(k, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    const { payload: claims } = await jwtVerify(jwt, key, { audience: ps.base, algorithms: ['ES256'] });
    const exp = Number(claims.exp) * 1000;
    if (!(exp > Date.now() && exp <= Date.now() + 24 * HOUR)) throw new Error('exp not within 24 h');
    if (!/^(mailto:|https:)/.test(String(claims.sub))) throw new Error('no contact in sub');
    if (!(Number(headers.ttl) > 0)) throw new Error('no TTL');
    if (headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
    const browser = ps.browsers.get(path);
    if (!browser) throw new Error('no such subscription');
    const plain = ece.decrypt(body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.auth,
    });
    ps.shown.push({ path, payload: JSON.parse(plain.toString('utf8')) });
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      check(path, req.headers, Buffer.concat(chunks)).then(
        () => res.writeHead(201).end(),
        (e: Error) => {
          ps.refused.push(`${path}: ${e.message}`);
          res.writeHead(400).end(e.message);
        },
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  ps.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ps.close = () => new Promise<void>((r) => server.close(() => r()));
  return ps;
}

const smtp = useSmtpServer({ PUBLIC_URL });
let sms: SmsGatewayServer;
let pushService: PushServiceServer;
// Before the app is built (useTestApp's beforeAll runs next): the app's SMS gateway is the local one.
beforeAll(async () => {
  sms = await startSmsGateway();
  pushService = await startPushService();
  Object.assign(smtp.env, {
    SMS_GATEWAY_URL: sms.url,
    SMS_GATEWAY_TOKEN: GATEWAY_TOKEN,
    SMS_SENDER: 'Sitepulse',
  });
});
const ctx = useTestApp(smtp.env);
afterAll(async () => {
  await sms?.close();
  await pushService?.close();
});

/** The worker of main.ts on the test app: tests run it when they choose. */
const worker = () =>
  createNotificationWorker({ notifications: ctx.app.services.notifications, pollMs: 60_000, backoffMs: 0 });

async function newSite(name: string) {
  const db = ctx.db.db;
  const now = Date.now();
  const site = await db
    .insertInto('tenant_group')
    .values({
      company_id: ctx.companyId,
      name,
      type: 'Construction Site',
      state: 'ACTIVE',
      address: '1 Test Street',
      latitude: null,
      longitude: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const project = await db
    .insertInto('tenant')
    .values({
      tenant_group_id: site.id,
      company_id: ctx.companyId,
      name: `${name} project`,
      type: 'Concrete',
      state: 'ACTIVE',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gateway = await addGateway(db, ctx.companyId, site.id);
  return { siteId: site.id, projectId: project.id, gateway };
}

async function setting(userId: number, type: string, val: string) {
  await ctx.db.db.insertInto('user_setting').values({ user_id: userId, type, val }).execute();
}

const headersOf = async (username: string) => (await signIn(ctx, username, DEMO.password)).headers;

/** POST /api/ingest/readings as the gateway does. */
async function ingest(gatewayKey: string, readings: Record<string, unknown>[]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/ingest/readings',
    headers: { authorization: `Bearer ${gatewayKey}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ readings }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A started maturity job, made by a member of its site, on a fresh node with one temperature probe. */
async function newJob(
  place: { siteId: number; projectId: number },
  by: string,
  name: string,
  extra: Record<string, unknown>,
) {
  const node = await addNode(ctx.db.db, {
    companyId: ctx.companyId,
    tenantGroupId: place.siteId,
    nodeType: 'Maturity',
    channels: [{ channelId: 1, sensorType: 'Temperature', alias: `${name} probe` }],
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/analytics/concrete/maturity/jobs',
    headers: await headersOf(by),
    payload: { tenantId: place.projectId, nodeId: node.nodeId, channelJobName: name, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  const job = await ctx.db.db
    .selectFrom('job')
    .select(['id', 'job_type_name'])
    .where('id', '=', (res.json() as ChannelJob).id)
    .executeTakeFirstOrThrow();
  return { jobId: job.id, nodeId: node.nodeId, link: `${PUBLIC_URL}${jobHref(job, place)}` };
}
const jobHref = (job: { id: number; job_type_name: string }, place: { siteId: number; projectId: number }) =>
  paths.job.href(job.job_type_name, place.siteId, place.projectId, job.id);

const alarmsOf = (jobId: number, kind: string) =>
  ctx.db.db
    .selectFrom('alarm_event')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();

describe('a pour crosses its target: one e-mail, one SMS, one push', () => {
  let place: { siteId: number; projectId: number; gateway: { key: string } };
  let profileId = 0;
  const ids = {} as Record<'ella' | 'sid' | 'pam', number>;
  const PHONE = '+15550104444';
  const browser = newBrowser();
  let endpoint = '';

  /**
   * A pour at a steady 20 °C from three hours ago, one gateway batch every 30 minutes. With the profile
   * S = −20 + 12·log10(M) (Nurse-Saul, datum −10 °C) its strength passes 2 MPa between 2 and 2.5 hours.
   */
  async function pour(name: string) {
    const start = Date.now() - 3 * HOUR;
    const job = await newJob(place, 'pam', name, {
      concreteProfileId: profileId,
      singularTargetedStrength: 2,
      startDate: start,
    });
    const reading = (h: number) => ({
      nodeId: job.nodeId,
      channelId: 1,
      sensorType: 'Temperature',
      ts: start + h * HOUR,
      value: 20,
    });
    await ingest(place.gateway.key, [reading(0.5)]);
    // Half an hour in, far below the target: nothing raised.
    expect(await alarmsOf(job.jobId, 'MATURED')).toHaveLength(0);
    for (const h of [1, 1.5, 2, 2.5, 3]) await ingest(place.gateway.key, [reading(h)]);
    return job;
  }

  const messagesOf = async (eventId: number, as = 'sid') => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/alarms/events/${eventId}/messages`,
      headers: await headersOf(as),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as NotificationMessage[]).sort((a, b) => a.userId - b.userId);
  };
  const mailsOf = (username: string) => smtp.to(`${username}@people.example`);
  const textsTo = () => sms.received.filter((m) => m.to === PHONE);

  beforeAll(async () => {
    const db = ctx.db.db;
    place = await newSite('Delivery Site');
    const now = Date.now();
    profileId = (
      await db
        .insertInto('concrete_profile')
        .values({
          company_id: ctx.companyId,
          name: 'Delivery mix',
          maturity_function: 'NURSE_SAUL',
          datum_c: -10,
          activation_energy: 40_000,
          reference_c: 20,
          curve_a: -20,
          curve_b: 12,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const person = (username: string, access: number, phone: string | null = null) =>
      addPerson(db, {
        companyId: ctx.companyId,
        username,
        phone,
        grants: [{ tenantGroupId: place.siteId, access }],
      });
    // One member per channel: ella by e-mail (the default), sid by SMS, pam (site admin, Spanish) by push.
    ids.ella = await person('ella', 2);
    ids.sid = await person('sid', 4, PHONE);
    await setting(ids.sid, 'DefaultNotificationDelivery', 'SMS');
    ids.pam = await person('pam', 1);
    await setting(ids.pam, 'DefaultNotificationDelivery', 'PUSH');
    await setting(ids.pam, 'Language', 'es');

    // pam's browser subscribes. The app refuses loopback endpoints (it POSTs to them), so this goes through
    // the push module's own subscribe with the tests-only loopback allowance, on the app's database.
    const pushRepo = createPushRepo(db);
    const vapid = await resolveVapidKeys(pushRepo);
    pushService.vapidKey = vapid.publicKey;
    const testPush = createPushService({
      repo: pushRepo,
      config: ctx.config,
      vapid,
      allowLoopbackEndpoints: true,
    });
    endpoint = `${pushService.base}/push/pam-phone`;
    pushService.browsers.set('/push/pam-phone', browser);
    await testPush.subscribe(
      { userId: ids.pam } as Parameters<typeof testPush.subscribe>[0],
      { endpoint, keys: browser.keys },
      'PamPhone/1.0',
    );
  });

  let first: AlarmEvent;
  let firstPour: { nodeId: number; link: string };

  it('delivers the MATURED alarm once by each member’s channel, and says so per message', async () => {
    const job = await pour('Level 3 Slab');
    firstPour = job;
    const raised = await alarmsOf(job.jobId, 'MATURED');
    expect(raised).toHaveLength(1);
    const list = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/alarms/events?tenantGroupId=${place.siteId}&activeOnly=true`,
        headers: await headersOf('ella'),
      })
    ).json() as AlarmEvent[];
    first = list.find((e) => e.id === raised[0].id) as AlarmEvent;
    expect(first).toMatchObject({ kind: 'MATURED', jobName: 'Level 3 Slab', bound: 2, state: 'ACTIVE' });

    // Written when raised, sent by the worker: queued until then.
    expect((await messagesOf(first.id)).map((m) => m.state)).toEqual(['PENDING', 'PENDING', 'PENDING']);
    await worker().drain();

    // One e-mail, to ella, through the SMTP server.
    expect(mailsOf('ella')).toHaveLength(1);
    expect(mailsOf('ella')[0].subject).toBe('Alarm: Target reached - Level 3 Slab (Delivery Site)');
    expect(mailsOf('ella')[0].text).toContain(`Open in Sitepulse: ${job.link}`);
    expect(mailsOf('sid')).toHaveLength(0);
    expect(mailsOf('pam')).toHaveLength(0);

    // One text, to sid's phone, through the gateway.
    expect(sms.refused).toEqual([]);
    expect(textsTo()).toEqual([
      {
        to: PHONE,
        from: 'Sitepulse',
        text: `Alarm: Target reached - Level 3 Slab (Delivery Site). ${job.link}`,
      },
    ]);

    // One push, to pam's browser, signed and encrypted: what her phone shows, in Spanish.
    expect(pushService.refused).toEqual([]);
    expect(pushService.shown).toHaveLength(1);
    expect(pushService.shown[0].path).toBe('/push/pam-phone');
    expect(pushService.shown[0].payload).toMatchObject({
      title: 'Alarma: Objetivo alcanzado - Level 3 Slab (Delivery Site)',
      url: job.link,
    });

    // The delivery state of each message, as the alarms page reads it.
    const messages = await messagesOf(first.id);
    expect(messages).toEqual(
      [
        { userId: ids.ella, recipientName: 'ella Person', channel: 'EMAIL', requestedChannel: 'EMAIL' },
        { userId: ids.sid, recipientName: 'sid Person', channel: 'SMS', requestedChannel: 'SMS' },
        { userId: ids.pam, recipientName: 'pam Person', channel: 'PUSH', requestedChannel: 'PUSH' },
      ]
        .sort((a, b) => a.userId - b.userId)
        .map((m) =>
          expect.objectContaining({
            ...m,
            alarmEventId: first.id,
            change: 'RAISED',
            state: 'SENT',
            attempts: 1,
            nextAttemptAt: null,
            error: null,
            errorCode: null,
            sentAt: expect.any(Number),
          }),
        ),
    );
    // No address is listed.
    expect(JSON.stringify(messages)).not.toMatch(/people\.example|5550104444|127\.0\.0\.1/);
  });

  it('sends nothing more: the worker runs again, the sweep runs again, the pour goes on', async () => {
    const before = {
      mails: mailsOf('ella').length,
      texts: textsTo().length,
      pushes: pushService.shown.length,
    };
    await worker().drain();
    await worker().drain();
    await ctx.app.services.alarmEvents.sweep(Date.now());
    await ingest(place.gateway.key, [
      { nodeId: firstPour.nodeId, channelId: 1, sensorType: 'Temperature', ts: Date.now() - 1000, value: 21 },
    ]);
    await worker().drain();
    expect(await ctx.app.services.notifications.alarmChanged(first.id, 'RAISED')).toBe(0);
    await worker().drain();
    expect({
      mails: mailsOf('ella').length,
      texts: textsTo().length,
      pushes: pushService.shown.length,
    }).toEqual(before);
    expect(before).toEqual({ mails: 1, texts: 1, pushes: 1 });
    expect((await messagesOf(first.id)).map((m) => [m.userId, m.state])).toHaveLength(3);
  });

  it('stops a browser that unsubscribed and a member who switched the site off', async () => {
    // pam removes her browser's subscription; ella turns the site's alarm messages off.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: await headersOf('pam'),
      payload: { endpoint },
    });
    expect(removed.json()).toEqual({ removed: true });
    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/emailnotifications/cmd/toggle',
      headers: await headersOf('ella'),
      payload: { tenantGroupId: place.siteId, enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);

    const job = await pour('Level 4 Slab');
    const [second] = await alarmsOf(job.jobId, 'MATURED');
    await worker().drain();

    // ella: nothing. pam: no push (no browser left); her setting stays PUSH, and the rule for PUSH
    // without a subscribed browser is e-mail, so one e-mail in Spanish. sid: his second text.
    expect(mailsOf('ella')).toHaveLength(1);
    expect(pushService.shown).toHaveLength(1);
    expect(mailsOf('pam').map((m) => m.subject)).toEqual([
      'Alarma: Objetivo alcanzado - Level 4 Slab (Delivery Site)',
    ]);
    expect(mailsOf('pam')[0].text).toContain(job.link);
    expect(textsTo().map((m) => m.text)).toEqual([
      `Alarm: Target reached - Level 3 Slab (Delivery Site). ${firstPour.link}`,
      `Alarm: Target reached - Level 4 Slab (Delivery Site). ${job.link}`,
    ]);
    const messages = await messagesOf(second.id, 'pam');
    expect(messages.map((m) => [m.userId, m.requestedChannel, m.channel, m.state])).toEqual(
      [
        [ids.sid, 'SMS', 'SMS', 'SENT'],
        [ids.pam, 'PUSH', 'EMAIL', 'SENT'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });
});

describe('a silent node: raised once, cleared when it reports, a second message only when it comes back', () => {
  let place: { siteId: number; projectId: number; gateway: { id: number; key: string } };
  let job: { jobId: number; nodeId: number };
  const mails = (subject: string) => smtp.to('nora@people.example').filter((m) => m.subject === subject);
  const SILENT = 'Alarm: Node silent - Quiet Pour (Quiet Site)';
  const BACK = 'Alarm cleared: Node silent - Quiet Pour (Quiet Site)';
  const report = (ts = Date.now() - 1000) =>
    ingest(place.gateway.key, [
      { nodeId: job.nodeId, channelId: 1, sensorType: 'Temperature', ts, value: 18 },
    ]);
  const silentAlarms = () => alarmsOf(job.jobId, 'NODE_SILENT');

  beforeAll(async () => {
    place = await newSite('Quiet Site');
    await addPerson(ctx.db.db, {
      companyId: ctx.companyId,
      username: 'nora',
      grants: [{ tenantGroupId: place.siteId, access: 2 }],
    });
    job = await newJob(place, 'nora', 'Quiet Pour', { startDate: Date.now() - HOUR });
    await report();
  });

  it('one message per raise and per clear; never the same alarm twice', async () => {
    // Two hours and more without a report, swept three times: one alarm, one e-mail.
    const silentAt = Date.now() + NODE_SILENT_MS + MIN;
    for (const k of [0, 1, 2]) await ctx.app.services.alarmEvents.sweep(silentAt + k * MIN);
    await worker().drain();
    await worker().drain();
    expect(await silentAlarms()).toHaveLength(1);
    expect(mails(SILENT)).toHaveLength(1);
    // The site's gateway went quiet too: its alarm names the gateway.
    const gatewayName = (
      await ctx.db.db
        .selectFrom('gateway')
        .select('name')
        .where('id', '=', place.gateway.id)
        .executeTakeFirstOrThrow()
    ).name;
    expect(smtp.to('nora@people.example').map((m) => m.subject)).toContain(
      `Alarm: Gateway offline - ${gatewayName} (Quiet Site)`,
    );

    // It reports again: cleared, one "back to normal" e-mail; sweeping again changes nothing.
    await report();
    await ctx.app.services.alarmEvents.sweep(Date.now());
    await worker().drain();
    let rows = await silentAlarms();
    expect(rows).toHaveLength(1);
    expect(rows[0].cleared_at).not.toBeNull();
    expect(mails(BACK)).toHaveLength(1);
    expect(mails(SILENT)).toHaveLength(1);

    // Silent again: a new alarm, so a second message; and still never twice for it.
    const againAt = Date.now() + NODE_SILENT_MS + MIN;
    for (const k of [0, 1]) await ctx.app.services.alarmEvents.sweep(againAt + k * MIN);
    await worker().drain();
    await worker().drain();
    rows = await silentAlarms();
    expect(rows).toHaveLength(2);
    expect(rows[1].cleared_at).toBeNull();
    expect(mails(SILENT)).toHaveLength(2);
    expect(mails(BACK)).toHaveLength(1);
    // The gateway's alarm lived the same life: cleared by its uplink, raised again when it went quiet.
    expect(mails(`Alarm: Gateway offline - ${gatewayName} (Quiet Site)`)).toHaveLength(2);
    expect(mails(`Alarm cleared: Gateway offline - ${gatewayName} (Quiet Site)`)).toHaveLength(1);
  });
});
