import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { useSmtpServer } from '../../test/smtp.ts';
import { freshIp, signIn, useTestApp } from '../../test/test-app.ts';
import { createNotificationsRepo } from '../notifications/repo.ts';
import { createNotificationsService } from '../notifications/service.ts';
import { createNotificationWorker } from '../notifications/worker.ts';
import { addPerson } from '../users/people-fixtures.ts';
import { createPushRepo, VAPID_SECRET_KEY } from './repo.ts';
import { checkEndpoint, createPushService, resolveVapidKeys, vapidSubject } from './service.ts';

const PUBLIC_URL = 'https://sitepulse.test';
const smtp = useSmtpServer({ PUBLIC_URL });
const ctx = useTestApp(smtp.env);

/** A browser's side of a subscription: a real P-256 key pair and auth secret, so payloads are truly encrypted. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** Decrypts an aes128gcm Web Push body (RFC 8291, one record) with the browser's keys. */
function decrypt(body: Buffer, b: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLen = body[20];
  const serverKey = body.subarray(21, 21 + idLen);
  const cipherText = body.subarray(21 + idLen);
  const shared = b.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), b.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, b.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([
    decipher.update(cipherText.subarray(0, cipherText.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

/** A local HTTP server playing a push service: keeps each request; answers `status[path]` (default 201). */
interface PushServer {
  base: string;
  received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[];
  status: Record<string, number>;
  close(): Promise<void>;
}
async function startPushServer(): Promise<PushServer> {
  const ps = { received: [], status: {} } as unknown as PushServer;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      ps.received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(ps.status[path] ?? 201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  ps.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ps.close = () => new Promise<void>((r) => server.close(() => r()));
  return ps;
}

let ps: PushServer;
let siteId = 0;
let otherSiteId = 0;
let otherCompanyId = 0;
const ids = {} as Record<string, number>;
const clock = Date.now();

const headersOf = async (username: string, password: string = DEMO.password, companyId = ctx.companyId) =>
  (await signIn(ctx, username, password, companyId)).headers;

function call(
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...headers, 'user-agent': 'TestBrowser/1.0' },
    remoteAddress: freshIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const subscriptions = () => ctx.db.db.selectFrom('push_subscription').selectAll().orderBy('id').execute();

async function newAlarm(site: number, companyId = ctx.companyId): Promise<number> {
  const { id } = await ctx.db.db
    .insertInto('alarm_event')
    .values({
      company_id: companyId,
      tenant_group_id: site,
      kind: 'SENSOR_THRESHOLD',
      alarm_key: `push-test:${randomBytes(6).toString('hex')}`,
      job_id: null,
      sensor_id: null,
      node_id: null,
      gateway_id: null,
      side: 'high',
      quantity: 'Temperature',
      value: 30,
      bound: 25,
      raised_at: clock,
      acknowledged_at: null,
      acknowledged_by: null,
      ack_note: null,
      cleared_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Notifications with a push service that accepts the local push server (loopback), on the app's database. */
async function make() {
  const pushRepo = createPushRepo(ctx.db.db);
  const push = createPushService({
    repo: pushRepo,
    config: ctx.config,
    vapid: await resolveVapidKeys(pushRepo),
    allowLoopbackEndpoints: true,
    now: () => clock,
  });
  const svc = createNotificationsService({
    repo: createNotificationsRepo(ctx.db),
    jobsites: ctx.app.services.jobsites,
    mail: ctx.app.services.mail,
    config: ctx.config,
    loadEvent: (id) => ctx.app.services.alarmEvents.get(id),
    push,
    now: () => clock,
  });
  const worker = createNotificationWorker({
    notifications: svc,
    pollMs: 60_000,
    backoffMs: 0,
    now: () => clock,
  });
  return { push, svc, worker };
}

beforeAll(async () => {
  ps = await startPushServer();
  const db = ctx.db.db;
  const { id } = await db
    .insertInto('tenant_group')
    .values({
      company_id: ctx.companyId,
      name: 'Push Site',
      type: 'Construction Site',
      state: 'ACTIVE',
      address: '1 Test Street',
      latitude: null,
      longitude: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  siteId = id;
  const other = await seedOtherCompany(db);
  otherSiteId = other.siteId;
  otherCompanyId = other.companyId;
  const person = (username: string, access: number) =>
    addPerson(db, { companyId: ctx.companyId, username, grants: [{ tenantGroupId: siteId, access }] });
  ids.pia = await person('pia', 2);
  ids.pete = await person('pete', 4);
  ids.ivo = await person('ivo', 8);
  for (const u of [ids.pia, ids.pete]) {
    await db
      .insertInto('user_setting')
      .values({ user_id: u, type: 'DefaultNotificationDelivery', val: 'PUSH' })
      .execute();
  }
  await db.insertInto('user_setting').values({ user_id: ids.pia, type: 'Language', val: 'es' }).execute();
});
afterAll(async () => {
  await ps?.close();
});

describe('VAPID keys', () => {
  it('are made once, kept in the database, and the same for a second server process', async () => {
    const stored = await ctx.db.db
      .selectFrom('app_secret')
      .select('value')
      .where('key', '=', VAPID_SECRET_KEY)
      .executeTakeFirstOrThrow();
    const keys = JSON.parse(stored.value);
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    // A second process reads the same pair.
    expect(await resolveVapidKeys(createPushRepo(ctx.db.db))).toEqual(keys);
    const res = await call(await headersOf(DEMO.users.admin), 'GET', '/push/vapid-public-key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: keys.publicKey });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).statusCode).toBe(401);
  });

  it('signs as PUBLIC_URL when https, else as mailto: MAIL_FROM', () => {
    expect(vapidSubject({ publicUrl: 'https://pulse.example.com', mailFrom: 'x@y.z' })).toBe(
      'https://pulse.example.com',
    );
    expect(
      vapidSubject({ publicUrl: 'http://localhost:3000', mailFrom: 'Sitepulse <ops@pulse.example>' }),
    ).toBe('mailto:ops@pulse.example');
    expect(vapidSubject({ publicUrl: 'https://localhost', mailFrom: 'ops@pulse.example' })).toBe(
      'mailto:ops@pulse.example',
    );
  });
});

describe('subscribe and unsubscribe', () => {
  const endpoint = 'https://push.example.com/send/abc123';

  it('keeps the caller’s subscription, idempotent on endpoint, and removes only one’s own', async () => {
    const pete = await headersOf('pete');
    const pia = await headersOf('pia');
    const { keys } = browserKeys();
    let res = await call(pete, 'POST', '/push/subscriptions', { endpoint, keys, expirationTime: null });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ endpoint, userAgent: 'TestBrowser/1.0', lastOkAt: null });
    res = await call(pete, 'POST', '/push/subscriptions', { endpoint, keys });
    expect(res.statusCode).toBe(201);
    expect((await subscriptions()).filter((s) => s.endpoint === endpoint)).toHaveLength(1);

    // Someone else cannot remove it.
    res = await call(pia, 'DELETE', '/push/subscriptions', { endpoint });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ removed: false });
    expect((await subscriptions()).map((s) => [s.user_id, s.endpoint])).toContainEqual([ids.pete, endpoint]);

    res = await call(pete, 'DELETE', '/push/subscriptions', { endpoint });
    expect(res.json()).toEqual({ removed: true });
    expect((await subscriptions()).filter((s) => s.endpoint === endpoint)).toHaveLength(0);
    expect((await call(pete, 'DELETE', '/push/subscriptions', { endpoint })).json()).toEqual({
      removed: false,
    });
  });

  it('refuses hostile input with 400 and changes nothing', async () => {
    const pete = await headersOf('pete');
    const { keys } = browserKeys();
    const before = await subscriptions();
    const bad: unknown[] = [
      {},
      { endpoint },
      { endpoint, keys: {} },
      { endpoint: `https://push.example.com/${'a'.repeat(2048)}`, keys },
      { endpoint: 'http://push.example.com/x', keys },
      { endpoint: 'https://127.0.0.1/x', keys },
      { endpoint: 'https://[::1]/x', keys },
      { endpoint: 'https://10.0.0.5/x', keys },
      { endpoint: 'https://localhost/x', keys },
      { endpoint: 'https://intranet/x', keys },
      { endpoint: 'https://user:pw@push.example.com/x', keys },
      { endpoint: 'file:///etc/passwd', keys },
      { endpoint: 'not a url', keys },
      { endpoint, keys: { ...keys, p256dh: 'A'.repeat(87) } },
      { endpoint, keys: { ...keys, p256dh: `${keys.p256dh}!` } },
      { endpoint, keys: { ...keys, p256dh: 'B'.repeat(5000) } },
      { endpoint, keys: { ...keys, auth: 'short' } },
      { endpoint, keys: { ...keys, auth: randomBytes(15).toString('base64url') } },
      { endpoint, keys, expirationTime: 1e300 },
      { endpoint: 42, keys },
      [endpoint],
    ];
    for (const body of bad) {
      const res = await call(pete, 'POST', '/push/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body).slice(-80)).toBe(400);
      expect(res.json().error.code).toBeTypeOf('string');
    }
    for (const body of [{}, { endpoint: 'x'.repeat(3000) }, { endpoint: '' }, { endpoint: { a: 1 } }]) {
      const res = await call(pete, 'DELETE', '/push/subscriptions', body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 40)} ${res.body}`).toBe(400);
    }
    expect(await subscriptions()).toEqual(before);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: { endpoint, keys } }))
        .statusCode,
    ).toBe(401);
  });

  it('takes http only on loopback, and only when told to (tests)', () => {
    expect(() => checkEndpoint('http://127.0.0.1:9/x')).toThrow(/https/);
    expect(checkEndpoint('http://127.0.0.1:9/x', true)).toBe('http://127.0.0.1:9/x');
    expect(() => checkEndpoint('http://10.0.0.1/x', true)).toThrow(/https/);
    expect(checkEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(
      'https://fcm.googleapis.com/fcm/send/abc',
    );
  });
});

describe('push delivery', () => {
  it('sends one encrypted, VAPID-signed push per browser; 410 removes it; no browser: e-mail', async () => {
    const { push, svc, worker } = await make();
    const actor = { userId: ids.pia } as Parameters<typeof push.subscribe>[0];
    const phone = browserKeys();
    const gone = browserKeys();
    await push.subscribe(actor, { endpoint: `${ps.base}/pia-phone`, keys: phone.keys }, 'Phone');
    await push.subscribe(actor, { endpoint: `${ps.base}/pia-old`, keys: gone.keys }, 'Old');
    ps.status['/pia-old'] = 410;
    // pete chose PUSH but has no browser subscribed: e-mail, recorded.
    const eventId = await newAlarm(siteId);
    expect(await svc.alarmChanged(eventId, 'RAISED')).toBe(2);
    await worker.drain();

    const toPhone = ps.received.filter((r) => r.path === '/pia-phone');
    expect(toPhone).toHaveLength(1);
    const { headers, body } = toPhone[0];
    expect(headers['content-encoding']).toBe('aes128gcm');
    expect(headers.ttl).toBe('86400');
    const m = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization));
    expect(m).not.toBeNull();
    const [, jwt, k] = m as RegExpExecArray;
    const vapidKey = (await call(await headersOf('pia'), 'GET', '/push/vapid-public-key')).json().publicKey;
    expect(k).toBe(vapidKey);
    const raw = Buffer.from(k, 'base64url');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    };
    const { payload: claims } = await jwtVerify(jwt, await importJWK(jwk, 'ES256'));
    expect(claims.aud).toBe(ps.base);
    expect(claims.sub).toBe(vapidSubject(ctx.config));

    const shown = JSON.parse(decrypt(body, phone));
    expect(shown.title).toBe('Alarma: Umbral alto del sensor (Push Site)');
    expect(shown.body).toContain('30.0\u00a0°C');
    expect(shown.url).toBe(`${PUBLIC_URL}/construction_dashboard/${siteId}`);

    // 410: that browser's subscription is gone; the phone's was marked working.
    const left = await subscriptions();
    expect(left.filter((s) => s.user_id === ids.pia).map((s) => s.endpoint)).toEqual([
      `${ps.base}/pia-phone`,
    ]);
    expect(left.find((s) => s.endpoint === `${ps.base}/pia-phone`)?.last_ok_at).toBe(clock);

    expect(smtp.to('pete@people.example')).toHaveLength(1);
    const rows = await ctx.db.db
      .selectFrom('notification_message')
      .select(['user_id', 'channel', 'requested_channel', 'state'])
      .where('alarm_event_id', '=', eventId)
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual(
      [
        { user_id: ids.pia, channel: 'PUSH', requested_channel: null, state: 'SENT' },
        { user_id: ids.pete, channel: 'EMAIL', requested_channel: 'PUSH', state: 'SENT' },
      ].sort((a, b) => a.user_id - b.user_id),
    );
  });

  it('unsubscribing stops push; a refusing push service is retried, then FAILED', async () => {
    const { push, svc, worker } = await make();
    const actor = { userId: ids.pia } as Parameters<typeof push.subscribe>[0];
    // The only browser left is unsubscribed after the message was made: it goes by e-mail instead.
    const eventId = await newAlarm(siteId);
    await svc.alarmChanged(eventId, 'RAISED');
    await push.unsubscribe(actor, `${ps.base}/pia-phone`);
    const before = ps.received.length;
    await worker.drain();
    expect(ps.received.length).toBe(before);
    expect(smtp.to('pia@people.example')).toHaveLength(1);
    const [row] = await svc.messagesOf(eventId).then((all) => all.filter((r) => r.userId === ids.pia));
    expect(row).toMatchObject({ channel: 'EMAIL', state: 'SENT' });

    // A push service answering 500 each time: retried, then FAILED with its answer; the browser is kept.
    await push.subscribe(
      actor,
      { endpoint: `${ps.base}/busy`, keys: browserKeys().keys },
      null as unknown as string,
    );
    ps.status['/busy'] = 500;
    const second = await newAlarm(siteId);
    await svc.alarmChanged(second, 'RAISED');
    await worker.drain();
    const [failed] = (await svc.messagesOf(second)).filter((r) => r.userId === ids.pia);
    expect(failed).toMatchObject({ channel: 'PUSH', state: 'FAILED', attempts: 5 });
    expect(failed.error).toContain('push service answered 500');
    expect(ps.received.filter((r) => r.path === '/busy')).toHaveLength(5);
    expect((await subscriptions()).find((s) => s.endpoint === `${ps.base}/busy`)?.failed_at).toBe(clock);
    await push.unsubscribe(actor, `${ps.base}/busy`);
  });
});

describe('GET /alarms/events/{id}/messages', () => {
  it('lists delivery states to readers of the site; inspector 403, another company 404', async () => {
    const { svc, worker } = await make();
    const eventId = await newAlarm(siteId);
    await svc.alarmChanged(eventId, 'RAISED');
    await worker.drain();
    const res = await call(await headersOf('pete'), 'GET', `/alarms/events/${eventId}/messages`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((r: { userId: number; state: string }) => [r.userId, r.state]).sort()).toEqual(
      [
        [ids.pia, 'SENT'],
        [ids.pete, 'SENT'],
      ].sort(),
    );
    expect(list[0]).toEqual(expect.objectContaining({ alarmEventId: eventId, attempts: 1, error: null }));

    expect((await call(await headersOf('ivo'), 'GET', `/alarms/events/${eventId}/messages`)).statusCode).toBe(
      403,
    );
    const other = await headersOf(OTHER.username, OTHER.password, otherCompanyId);
    expect((await call(other, 'GET', `/alarms/events/${eventId}/messages`)).statusCode).toBe(404);
    const otherAlarm = await newAlarm(otherSiteId, otherCompanyId);
    expect(
      (await call(await headersOf('pete'), 'GET', `/alarms/events/${otherAlarm}/messages`)).statusCode,
    ).toBe(404);
    for (const bad of ['0', '-1', 'x', '99999999999999']) {
      expect((await call(await headersOf('pete'), 'GET', `/alarms/events/${bad}/messages`)).statusCode).toBe(
        400,
      );
    }
    expect(
      (await call(await headersOf('pete'), 'GET', '/alarms/events/2000000000/messages')).statusCode,
    ).toBe(404);
  });
});
