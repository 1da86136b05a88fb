import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DELIVERY_ATTEMPTS_MAX, NOTIFY_CAP_PER_HOUR } from '@sitepulse/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { useSmtpServer } from '../../test/smtp.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { alarmMail, alarmSms } from '../mail/templates.ts';
import { addPerson, caller } from '../users/people-fixtures.ts';
import { createNotificationsRepo } from './repo.ts';
import {
  type AlarmChange,
  createNotificationsService,
  type LoadedAlarmEvent,
  NO_SMS_GATEWAY,
} from './service.ts';
import { createSmsGateway, type SmsGateway } from './sms.ts';
import { createNotificationWorker } from './worker.ts';

const PUBLIC_URL = 'https://sitepulse.test';
const smtp = useSmtpServer({ PUBLIC_URL });
const ctx = useTestApp(smtp.env);

/** A local HTTP server playing the SMS gateway: keeps each request; `failures` answers 503 that many times. */
interface Gateway {
  url: string;
  received: { auth: string | undefined; body: { to: string; from: string; text: string } }[];
  failures: number;
  close(): Promise<void>;
}
async function startGateway(): Promise<Gateway> {
  const gw = { received: [], failures: 0 } as unknown as Gateway;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (gw.failures > 0) {
        gw.failures--;
        res.writeHead(503).end('busy');
        return;
      }
      gw.received.push({
        auth: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  gw.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  gw.close = () => new Promise<void>((r) => server.close(() => r()));
  return gw;
}

let gw: Gateway;
let clock = Date.now();
const events = new Map<number, LoadedAlarmEvent>();
let nextEventId = 9000;
const ids = {} as Record<string, number>;
let siteId = 0;
let otherSiteId = 0;

/** A notifications service and worker on the test app's database, mail and job sites, with our clock. */
function make(
  sms: SmsGateway | null = createSmsGateway({ url: gw.url, token: 'gw-token', sender: 'Sitepulse' }),
) {
  const svc = createNotificationsService({
    repo: createNotificationsRepo(ctx.db),
    jobsites: ctx.app.services.jobsites,
    mail: ctx.app.services.mail,
    config: ctx.config,
    loadEvent: async (id) => events.get(id),
    sms,
    now: () => clock,
  });
  const worker = createNotificationWorker({
    notifications: svc,
    pollMs: 60_000,
    backoffMs: 0,
    now: () => clock,
  });
  return { svc, worker };
}

async function newSite(name: string): Promise<number> {
  const { id } = await ctx.db.db
    .insertInto('tenant_group')
    .values({
      company_id: ctx.companyId,
      name,
      type: 'Construction Site',
      state: 'ACTIVE',
      address: '1 Test Street',
      latitude: null,
      longitude: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

function raise(site: number, siteName = 'Alarm Site'): number {
  const id = ++nextEventId;
  events.set(id, {
    id,
    companyId: ctx.companyId,
    kind: 'SENSOR_THRESHOLD',
    state: 'ACTIVE',
    tenantGroupId: site,
    siteName,
    jobId: null,
    jobName: null,
    sensorId: 5,
    sensorName: `Probe ${id}`,
    nodeId: 7,
    secondSensorId: null,
    secondSensorName: null,
    gatewayId: null,
    gatewayName: null,
    jobGroupId: null,
    jobGroupName: null,
    quantity: 'Temperature',
    side: 'high',
    value: 30,
    bound: 25,
    raisedAt: clock,
    acknowledgedAt: null,
    acknowledgedBy: null,
    acknowledgedNote: null,
    clearedAt: null,
  });
  return id;
}

async function setting(userId: number, type: string, val: string) {
  await ctx.db.db.insertInto('user_setting').values({ user_id: userId, type, val }).execute();
}

const stateOf = async (eventId: number) =>
  (
    await ctx.db.db
      .selectFrom('notification_message')
      .selectAll()
      .where('alarm_event_id', '=', eventId)
      .execute()
  )
    .map((r) => ({ user: r.user_id, channel: r.channel, change: r.change, state: r.state }))
    .sort((a, b) => a.user - b.user || a.change.localeCompare(b.change));

beforeAll(async () => {
  gw = await startGateway();
  const db = ctx.db.db;
  siteId = await newSite('Alarm Site');
  otherSiteId = (await seedOtherCompany(db)).siteId;
  const person = (username: string, access: number, extra: { phone?: string; accountType?: string } = {}) =>
    addPerson(db, {
      companyId: ctx.companyId,
      username,
      grants: [{ tenantGroupId: siteId, access }],
      ...extra,
    });
  ids.alice = await person('alice', 2);
  await setting(ids.alice, 'Language', 'es');
  ids.bob = await person('bob', 4, { phone: '+15550001111' });
  await setting(ids.bob, 'DefaultNotificationDelivery', 'SMS');
  await setting(ids.bob, 'SystemOfMeasurement', 'Imperial');
  ids.sam = await person('sam', 1);
  await setting(ids.sam, 'DefaultNotificationDelivery', 'PUSH');
  ids.ivan = await person('ivan', 8);
  ids.ina = await person('ina', 2);
  await db.updateTable('app_user').set({ is_active: 0 }).where('id', '=', ids.ina).execute();
});
afterAll(async () => {
  await gw?.close();
});

describe('alarmChanged and delivery', () => {
  it('sends one e-mail per subscriber in their language and one SMS through the gateway', async () => {
    const { svc, worker } = make();
    const eventId = raise(siteId);
    expect(await svc.alarmChanged(eventId, 'RAISED')).toBe(3);
    await worker.drain();

    const toAlice = smtp.to('alice@people.example');
    expect(toAlice).toHaveLength(1);
    expect(toAlice[0].subject).toBe(`Alarma: Umbral alto del sensor - Probe ${eventId} (Alarm Site)`);
    expect(toAlice[0].text).toContain('Valor: 30.0\u00a0°C');
    expect(toAlice[0].text).toContain(`${PUBLIC_URL}/construction_dashboard/${siteId}`);
    // PUSH is not built yet: sam's alarm comes by e-mail, in English.
    const toSam = smtp.to('sam@people.example');
    expect(toSam).toHaveLength(1);
    expect(toSam[0].subject).toBe(`Alarm: Sensor threshold high - Probe ${eventId} (Alarm Site)`);

    expect(gw.received).toHaveLength(1);
    expect(gw.received[0].auth).toBe('Bearer gw-token');
    expect(gw.received[0].body.to).toBe('+15550001111');
    expect(gw.received[0].body.from).toBe('Sitepulse');
    // bob reads Imperial units: 30 °C is 86.0 °F.
    expect(gw.received[0].body.text).toContain('86.0\u00a0°F');
    expect(gw.received[0].body.text).toContain(`${PUBLIC_URL}/construction_dashboard/${siteId}`);

    // Not the inspector, not the inactive member; every message SENT.
    expect(await stateOf(eventId)).toEqual([
      { user: ids.alice, channel: 'EMAIL', change: 'RAISED', state: 'SENT' },
      { user: ids.bob, channel: 'SMS', change: 'RAISED', state: 'SENT' },
      { user: ids.sam, channel: 'EMAIL', change: 'RAISED', state: 'SENT' },
    ]);
    expect(smtp.to('ivan@people.example')).toHaveLength(0);
    expect(smtp.to('ina@people.example')).toHaveLength(0);

    // The same change again: nothing new is written or sent.
    const mails = smtp.messages.length;
    expect(await svc.alarmChanged(eventId, 'RAISED')).toBe(0);
    await worker.drain();
    expect(smtp.messages.length).toBe(mails);
    expect(gw.received).toHaveLength(1);

    // Cleared: one short "back to normal" message each, once.
    expect(await svc.alarmChanged(eventId, 'CLEARED')).toBe(3);
    expect(await svc.alarmChanged(eventId, 'CLEARED')).toBe(0);
    await worker.drain();
    expect(smtp.to('alice@people.example')[1].subject).toMatch(/^Alarma despejada: /);
    expect(gw.received).toHaveLength(2);
    expect(gw.received[1].body.text).toMatch(/^Alarm cleared: /);
  });

  it('sends nothing to a member who unsubscribed from the site', async () => {
    const { svc, worker } = make();
    const alice = caller(ctx, (await signIn(ctx, 'alice', DEMO.password)).headers);
    const res = await alice('POST', '/emailnotifications/cmd/toggle', {
      tenantGroupId: siteId,
      enabled: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tenantGroupId: siteId, name: 'Alarm Site', enabled: false });
    const before = smtp.to('alice@people.example').length;
    const eventId = raise(siteId);
    expect(await svc.alarmChanged(eventId, 'RAISED')).toBe(2);
    await worker.drain();
    expect(smtp.to('alice@people.example')).toHaveLength(before);
    expect((await stateOf(eventId)).map((m) => m.user)).toEqual([ids.bob, ids.sam]);
    // On again for the tests that follow.
    expect(
      (await alice('POST', '/emailnotifications/cmd/toggle', { tenantGroupId: siteId, enabled: true }))
        .statusCode,
    ).toBe(200);
  });

  it(`holds back more than ${NOTIFY_CAP_PER_HOUR} messages an hour and sends one digest at the end of the hour`, async () => {
    const { svc, worker } = make();
    const capSite = await newSite('Cap Site');
    const carol = await addPerson(ctx.db.db, {
      companyId: ctx.companyId,
      username: 'carol',
      grants: [{ tenantGroupId: capSite, access: 2 }],
    });
    const hour = Math.floor(clock / 3_600_000) * 3_600_000;
    clock = hour + 60_000;
    const extra = 3;
    const eventIds: number[] = [];
    for (let i = 0; i < NOTIFY_CAP_PER_HOUR + extra; i++) {
      const id = raise(capSite, 'Cap Site');
      eventIds.push(id);
      await svc.alarmChanged(id, 'RAISED');
    }
    await worker.drain();
    expect(smtp.to('carol@people.example')).toHaveLength(NOTIFY_CAP_PER_HOUR);
    const rows = await ctx.db.db
      .selectFrom('notification_message')
      .selectAll()
      .where('user_id', '=', carol)
      .orderBy('id')
      .execute();
    expect(rows.filter((r) => r.state === 'SENT' && r.change === 'RAISED')).toHaveLength(NOTIFY_CAP_PER_HOUR);
    expect(rows.filter((r) => r.state === 'DIGESTED').map((r) => r.alarm_event_id)).toEqual(
      eventIds.slice(-extra),
    );
    const digest = rows.filter((r) => r.change === 'DIGEST');
    expect(digest).toHaveLength(1);
    expect(digest[0].state).toBe('PENDING');

    // The hour ends: the digest goes, naming the held-back alarms.
    clock = hour + 3_600_000;
    await worker.drain();
    const mails = smtp.to('carol@people.example');
    expect(mails).toHaveLength(NOTIFY_CAP_PER_HOUR + 1);
    const last = mails[mails.length - 1];
    expect(last.subject).toBe(`${extra} more alarms in the last hour`);
    for (const id of eventIds.slice(-extra)) expect(last.text).toContain(`Probe ${id}`);
    expect(last.text).not.toContain(`Probe ${eventIds[0]} `);
    clock = Date.now();
  });

  it('retries a failing gateway, then marks the message FAILED with the error', async () => {
    const { svc, worker } = make();
    const failSite = await newSite('Fail Site');
    const dan = await addPerson(ctx.db.db, {
      companyId: ctx.companyId,
      username: 'dan',
      phone: '+15550002222',
      grants: [{ tenantGroupId: failSite, access: 2 }],
    });
    await setting(dan, 'DefaultNotificationDelivery', 'SMS');

    // Two failures, then accepted: SENT at the third attempt.
    gw.failures = 2;
    const first = raise(failSite, 'Fail Site');
    await svc.alarmChanged(first, 'RAISED');
    await worker.drain();
    let [row] = await svc.messagesOf(first);
    expect(row).toMatchObject({ state: 'SENT', attempts: 3 });
    expect(gw.received.filter((r) => r.body.to === '+15550002222')).toHaveLength(1);

    // Always failing: DELIVERY_ATTEMPTS_MAX attempts, then FAILED with the gateway's answer.
    gw.failures = 1000;
    const second = raise(failSite, 'Fail Site');
    await svc.alarmChanged(second, 'RAISED');
    await worker.drain();
    [row] = await svc.messagesOf(second);
    expect(row).toMatchObject({ state: 'FAILED', attempts: DELIVERY_ATTEMPTS_MAX });
    expect(row.error).toBe('SMS gateway answered 503: busy');
    expect(gw.failures).toBe(1000 - DELIVERY_ATTEMPTS_MAX);
    gw.failures = 0;
    expect(await worker.runOnce()).toBe(false);
  });

  it('says an SMS gateway that does not answer was not reached', async () => {
    // A port nothing listens on (the test gateway's, once closed).
    const closed = await startGateway();
    await closed.close();
    const gateway = createSmsGateway({ url: closed.url, sender: 'Sitepulse' });
    await expect(gateway.send('+15550009999', 'hello')).rejects.toThrow(/^SMS gateway not reached: /);
  });

  it('keeps a text unsent in the outbox without an SMS gateway', async () => {
    const { svc, worker } = make(null);
    const eventId = raise(siteId);
    await svc.alarmChanged(eventId, 'RAISED');
    await worker.drain();
    const sms = (await svc.messagesOf(eventId)).find((m) => m.channel === 'SMS');
    expect(sms).toMatchObject({
      state: 'FAILED',
      attempts: 1,
      error: NO_SMS_GATEWAY,
      errorCode: 'NO_SMS_GATEWAY',
      sentAt: null,
    });
    const outbox = await ctx.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('channel', '=', 'sms')
      .where('to_address', '=', '+15550001111')
      .execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0].sent_at).toBeNull();
  });

  it('says per message which channel was asked and which was used, and why one waits', async () => {
    const { svc } = make();
    const worker = createNotificationWorker({
      notifications: svc,
      pollMs: 60_000,
      backoffMs: 60_000,
      now: () => clock,
    });
    const stateSite = await newSite('State Site');
    // tess asked for SMS but has no phone: e-mail. otto has no e-mail address: SMS.
    const tess = await addPerson(ctx.db.db, {
      companyId: ctx.companyId,
      username: 'tess',
      grants: [{ tenantGroupId: stateSite, access: 2 }],
    });
    await setting(tess, 'DefaultNotificationDelivery', 'SMS');
    const otto = await addPerson(ctx.db.db, {
      companyId: ctx.companyId,
      username: 'otto',
      email: '',
      phone: '+15550003333',
      grants: [{ tenantGroupId: stateSite, access: 4 }],
    });
    gw.failures = 1;
    const eventId = raise(stateSite, 'State Site');
    await svc.alarmChanged(eventId, 'RAISED');
    const queued = await svc.messagesOf(eventId);
    expect(queued.map((m) => [m.state, m.attempts, m.nextAttemptAt])).toEqual([
      ['PENDING', 0, clock],
      ['PENDING', 0, clock],
    ]);
    await worker.runOnce();
    await worker.runOnce();
    const byUser = async () => new Map((await svc.messagesOf(eventId)).map((m) => [m.userId, m]));
    let m = await byUser();
    expect(m.get(tess)).toMatchObject({
      recipientName: 'tess Person',
      requestedChannel: 'SMS',
      channel: 'EMAIL',
      state: 'SENT',
      errorCode: null,
      nextAttemptAt: null,
    });
    // The gateway was busy: waiting for its next attempt, with the gateway's answer.
    expect(m.get(otto)).toMatchObject({
      recipientName: 'otto Person',
      requestedChannel: 'EMAIL',
      channel: 'SMS',
      state: 'PENDING',
      attempts: 1,
      error: 'SMS gateway answered 503: busy',
      errorCode: 'SMS_GATEWAY',
      nextAttemptAt: clock + 60_000,
    });
    expect(await worker.runOnce()).toBe(false);
    clock += 60_000;
    await worker.drain();
    m = await byUser();
    expect(m.get(otto)).toMatchObject({ state: 'SENT', attempts: 2, error: null, errorCode: null });
    clock = Date.now();
  });

  it('says an e-mail the mail server refused FAILED, without the address', async () => {
    const { svc, worker } = make();
    const refusedSite = await newSite('Refused Site');
    await addPerson(ctx.db.db, {
      companyId: ctx.companyId,
      username: 'vera',
      grants: [{ tenantGroupId: refusedSite, access: 2 }],
    });
    smtp.refuse.add('vera@people.example');
    try {
      const eventId = raise(refusedSite, 'Refused Site');
      await svc.alarmChanged(eventId, 'RAISED');
      await worker.drain();
      const [message] = await svc.messagesOf(eventId);
      expect(message).toMatchObject({
        state: 'FAILED',
        attempts: DELIVERY_ATTEMPTS_MAX,
        channel: 'EMAIL',
        errorCode: 'MAIL_SERVER',
      });
      expect(message.error).toContain('550');
      expect(message.error).not.toContain('@');
    } finally {
      smtp.refuse.delete('vera@people.example');
    }
  });

  it('two workers send each message once', async () => {
    const a = make();
    const b = make();
    const busySite = await newSite('Busy Site');
    const phones: string[] = [];
    for (let i = 0; i < 6; i++) {
      const phone = `+1555100000${i}`;
      phones.push(phone);
      const id = await addPerson(ctx.db.db, {
        companyId: ctx.companyId,
        username: `busy${i}`,
        phone,
        grants: [{ tenantGroupId: busySite, access: 2 }],
      });
      await setting(id, 'DefaultNotificationDelivery', 'SMS');
    }
    const eventIds = [raise(busySite, 'Busy Site'), raise(busySite, 'Busy Site')];
    for (const id of eventIds) await a.svc.alarmChanged(id, 'RAISED' as AlarmChange);
    await Promise.all([a.worker.drain(), b.worker.drain(), a.worker.drain(), b.worker.drain()]);
    const got = gw.received
      .filter((r) => phones.includes(r.body.to))
      .map((r) => `${r.body.to} ${r.body.text}`);
    expect(got).toHaveLength(12);
    expect(new Set(got).size).toBe(12);
    for (const id of eventIds) {
      expect((await a.svc.messagesOf(id)).map((m) => [m.state, m.attempts])).toEqual(
        Array.from({ length: 6 }, () => ['SENT', 1]),
      );
    }
  });
});

describe('the e-mail notification calls', () => {
  const snapshot = () =>
    ctx.db.db
      .selectFrom('email_subscription')
      .selectAll()
      .orderBy('user_id')
      .orderBy('tenant_group_id')
      .execute();

  it('GET /emailnotifications lists the sites the caller may read, on by default', async () => {
    const bob = caller(ctx, (await signIn(ctx, 'bob', DEMO.password)).headers);
    const res = await bob('GET', '/emailnotifications');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ tenantGroupId: siteId, name: 'Alarm Site', enabled: true }]);
    // An inspector's site is not theirs to read.
    const ivan = caller(ctx, (await signIn(ctx, 'ivan', DEMO.password)).headers);
    expect((await ivan('GET', '/emailnotifications')).json()).toEqual([]);
  });

  it('toggle: own, by a site admin for a member, and every refusal changes nothing', async () => {
    const sam = caller(ctx, (await signIn(ctx, 'sam', DEMO.password)).headers);
    const bob = caller(ctx, (await signIn(ctx, 'bob', DEMO.password)).headers);
    const ivan = caller(ctx, (await signIn(ctx, 'ivan', DEMO.password)).headers);
    const admin = caller(ctx, (await signIn(ctx)).headers);
    const before = await snapshot();
    const refusals: [typeof sam, Record<string, unknown>, number][] = [
      [bob, { tenantGroupId: siteId, enabled: false, userId: ids.alice }, 403],
      [ivan, { tenantGroupId: siteId, enabled: false }, 403],
      [bob, { tenantGroupId: otherSiteId, enabled: false }, 404],
      [admin, { tenantGroupId: otherSiteId, enabled: false }, 404],
      [sam, { tenantGroupId: siteId, enabled: false, userId: 999_999 }, 404],
      [bob, { tenantGroupId: 'x', enabled: false }, 400],
      [bob, { tenantGroupId: -1, enabled: false }, 400],
      [bob, { tenantGroupId: 1e20, enabled: false }, 400],
      [bob, { tenantGroupId: siteId, enabled: 'yes' }, 400],
      [bob, { tenantGroupId: siteId }, 400],
      [bob, { tenantGroupId: siteId, enabled: false, userId: 0 }, 400],
    ];
    for (const [who, body, status] of refusals) {
      const res = await who('POST', '/emailnotifications/cmd/toggle', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.code).toBeTypeOf('string');
    }
    expect(await snapshot()).toEqual(before);

    // The site admin turns bob's off; the company admin (not granted the site) turns it on again.
    let res = await sam('POST', '/emailnotifications/cmd/toggle', {
      tenantGroupId: siteId,
      enabled: false,
      userId: ids.bob,
    });
    expect(res.statusCode).toBe(200);
    expect((await bob('GET', '/emailnotifications')).json()).toEqual([
      { tenantGroupId: siteId, name: 'Alarm Site', enabled: false },
    ]);
    res = await admin('POST', '/emailnotifications/cmd/toggle', {
      tenantGroupId: siteId,
      enabled: true,
      userId: ids.bob,
    });
    expect(res.statusCode).toBe(200);
    expect((await bob('GET', '/emailnotifications')).json()[0].enabled).toBe(true);
  });

  it('by_tenant_group: the site admins read names and e-mails; members 403, other company 404', async () => {
    const sam = caller(ctx, (await signIn(ctx, 'sam', DEMO.password)).headers);
    const alice = caller(ctx, (await signIn(ctx, 'alice', DEMO.password)).headers);
    const url = '/tenant/groups/emailnotifications/by_tenant_group';
    const res = await sam('GET', url, { tenantGroupId: siteId });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { userId: number; name: string; email: string; enabled: boolean }[];
    expect(list.find((m) => m.userId === ids.bob)).toEqual({
      userId: ids.bob,
      name: 'bob Person',
      email: 'bob@people.example',
      enabled: true,
    });
    expect(list.map((m) => m.userId).sort((a, b) => a - b)).toEqual(
      [ids.alice, ids.bob, ids.sam, ids.ivan, ids.ina].sort((a, b) => a - b),
    );
    expect((await alice('GET', url, { tenantGroupId: siteId })).statusCode).toBe(403);
    expect((await sam('GET', url, { tenantGroupId: otherSiteId })).statusCode).toBe(404);
    expect((await sam('GET', url)).statusCode).toBe(400);
    expect((await sam('GET', url, { tenantGroupId: 'abc' })).statusCode).toBe(400);
    expect((await sam('GET', url, { tenantGroupId: '99999999999999999999' })).statusCode).toBe(400);
    const other = await signIn(ctx, OTHER.username, OTHER.password, (await otherCompanyId()) ?? 0);
    expect((await caller(ctx, other.headers)('GET', url, { tenantGroupId: siteId })).statusCode).toBe(404);
  });
});

async function otherCompanyId() {
  return (
    await ctx.db.db
      .selectFrom('company')
      .select('id')
      .where('auth_code', '=', OTHER.authCode)
      .executeTakeFirst()
  )?.id;
}

describe('alarm texts', () => {
  const base = {
    lang: 'en' as const,
    name: 'Ann',
    change: 'RAISED' as const,
    siteName: 'North Yard',
    valueText: '',
    boundText: '',
    side: null,
    whenText: 'Jan 5, 2026, 3:00 PM (UTC)',
    link: 'https://sitepulse.test/construction_dashboard/4',
  };

  it('name the pair’s two sensors, the gateway and the job group an alarm is about', () => {
    expect(
      alarmMail({ ...base, kind: 'TEMPERATURE_DIFFERENTIAL', subjectName: 'Deck', pair: ['Top', 'Bottom'] })
        .subject,
    ).toBe('Alarm: Temperature differential - Deck, Top / Bottom (North Yard)');
    const gateway = alarmMail({ ...base, kind: 'GATEWAY_OFFLINE', subjectName: '', gatewayName: 'GW East' });
    expect(gateway.subject).toBe('Alarm: Gateway offline - GW East (North Yard)');
    expect(gateway.text).toContain('Gateway offline on North Yard - GW East.');
    expect(
      alarmSms({ ...base, lang: 'es', kind: 'AVERAGE_STRENGTH', subjectName: '', jobGroupName: 'Deck pours' })
        .text,
    ).toBe(
      'Alarma: Resistencia media alcanzada - Deck pours (North Yard). https://sitepulse.test/construction_dashboard/4',
    );
  });

  it('say who acknowledged an alarm that their acknowledgement ended, not that it is back to normal', () => {
    const ended = { ...base, kind: 'MATURED', subjectName: 'Level 3 Slab', change: 'CLEARED' as const };
    const en = alarmMail({ ...ended, endedBy: 'Dana Whitfield' });
    expect(en.subject).toBe('Alarm acknowledged: Target reached - Level 3 Slab (North Yard)');
    expect(en.text).toContain('Target reached on North Yard - Level 3 Slab: acknowledged by Dana Whitfield.');
    expect(en.text).toContain('Acknowledged by Dana Whitfield: Jan 5, 2026, 3:00 PM (UTC)');
    expect(en.text).not.toContain('back to normal');
    const es = alarmMail({ ...ended, lang: 'es', endedBy: 'Dana Whitfield' });
    expect(es.subject).toBe('Alarma reconocida: Objetivo alcanzado - Level 3 Slab (North Yard)');
    expect(es.text).toContain('Reconocida por Dana Whitfield: ');
    expect(alarmSms({ ...ended, endedBy: 'Dana Whitfield' }).text).toMatch(
      /^Alarm acknowledged: Target reached/,
    );
    // A condition that went away is still "cleared".
    expect(alarmMail({ ...ended, kind: 'SENSOR_THRESHOLD', endedBy: null }).subject).toMatch(
      /^Alarm cleared: /,
    );
  });
});

describe('the end of an alarm by acknowledgement', () => {
  it('tells the subscribers who acknowledged it; an alarm acknowledged, then cleared by its readings, is "cleared"', async () => {
    const { svc, worker } = make();
    const matured = raise(siteId, 'Ack Site');
    const ackAt = clock;
    Object.assign(events.get(matured) ?? {}, {
      kind: 'MATURED',
      jobId: 9,
      jobName: 'Level 3 Slab',
      sensorId: null,
      sensorName: null,
      quantity: null,
      side: null,
      value: null,
      bound: null,
      state: 'CLEARED',
      acknowledgedAt: ackAt,
      acknowledgedBy: 'Dana Whitfield',
      clearedAt: ackAt,
    });
    const threshold = raise(siteId, 'Ack Site');
    Object.assign(events.get(threshold) ?? {}, {
      state: 'CLEARED',
      acknowledgedAt: ackAt,
      acknowledgedBy: 'Dana Whitfield',
      clearedAt: ackAt + 60_000,
    });
    expect(await svc.alarmChanged(matured, 'CLEARED')).toBeGreaterThan(0);
    expect(await svc.alarmChanged(threshold, 'CLEARED')).toBeGreaterThan(0);
    await worker.drain();
    const subjects = smtp.messages.map((m) => m.subject);
    expect(subjects).toContain('Alarma reconocida: Objetivo alcanzado - Level 3 Slab (Ack Site)');
    expect(subjects.some((t) => /^Alarma despejada: .*\(Ack Site\)$/.test(t))).toBe(true);
    expect(subjects.some((t) => /^Alarma reconocida: .*Probe/.test(t))).toBe(false);
  });
});
