import type { AlarmEvent, ChannelJob } from '@sitepulse/contracts';
import { ACK_NOTE_MAX, DEFAULT_MIN_DURATION_MS, NODE_SILENT_MS } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { addGateway } from '../../test/sensor-fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addNode, addReadings, demoPlaces } from '../maturity/sensor-fixtures.ts';
import { type AlarmChange, createAlarmEventsService } from './service.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('the life of each alarm', () => {
  const ctx = useTestApp();
  const headers: Record<string, Record<string, string>> = {};
  let siteId = 0;
  let projectId = 0;
  /** every hook call of the engine under test, in order */
  const hookCalls: { id: number; change: AlarmChange }[] = [];
  let engine: ReturnType<typeof createAlarmEventsService>;
  // Reading times well in the past, so nothing here depends on the clock.
  const T0 = Math.floor(Date.now() / HOUR) * HOUR - 10 * 24 * HOUR;

  const call = (user: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: headers[user], payload: payload as object });

  /** A started maturity job on a fresh node with one Temperature sensor, and its threshold. */
  const jobWithThreshold = async (name: string, threshold: Record<string, unknown>) => {
    const node = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      tenantGroupId: siteId,
      nodeType: 'Maturity',
      channels: [{ channelId: 1, sensorType: 'Temperature', alias: `${name} probe` }],
    });
    const res = await call('admin', 'POST', '/analytics/concrete/maturity/jobs', {
      tenantId: projectId,
      nodeId: node.nodeId,
      channelJobName: name,
      startDate: T0 - HOUR,
    });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = (res.json() as ChannelJob).id;
    if (Object.keys(threshold).length > 0) {
      const set = await call('admin', 'POST', '/alarms', {
        alarmData: { alarmType: 'SENSOR_THRESHOLD', cjId: jobId, sensorType: 'Temperature', ...threshold },
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    return { jobId, nodeId: node.nodeId, sensorId: node.sensorIds[0] };
  };

  /** Stores readings and feeds them to the engine, one batch per call. */
  const feed = async (nodeId: number, sensorId: number, points: [number, number][]) => {
    // Rows and the sensor's latest value only (the hourly rollups are not what alarms read).
    await ctx.db.db
      .insertInto('reading')
      .values(points.map(([ts, value]) => ({ sensor_id: sensorId, ts, value })))
      .execute();
    const [ts, value] = points[points.length - 1];
    await ctx.db.db
      .updateTable('sensor')
      .set({ latest_value: value, latest_value_ts: ts })
      .where('id', '=', sensorId)
      .where((eb) => eb.or([eb('latest_value_ts', 'is', null), eb('latest_value_ts', '<', ts)]))
      .execute();
    await engine.afterBatch({
      companyId: ctx.companyId,
      readingNodeIds: [nodeId],
      alarmJobIds: [],
      nodes: new Map([[nodeId, points[0][0]]]),
    });
  };
  const eventsOf = (jobId: number) =>
    ctx.db.db.selectFrom('alarm_event').selectAll().where('job_id', '=', jobId).orderBy('id').execute();
  const hooksOf = (ids: number[]) => hookCalls.filter((c) => ids.includes(c.id));

  beforeAll(async () => {
    const db = ctx.db.db;
    const other = await seedOtherCompany(db);
    const places = await demoPlaces(db, ctx.companyId);
    siteId = places.site(DEMO.firstSiteName);
    projectId = places.tenant(DEMO.firstSiteName, 'Default');
    for (const u of ['admin', 'editor', 'viewer', 'inspector']) headers[u] = (await signIn(ctx, u)).headers;
    headers.other = (await signIn(ctx, OTHER.username, OTHER.password, other.companyId)).headers;
    engine = createAlarmEventsService({
      db,
      jobsites: ctx.app.services.jobsites,
      events: ctx.app.services.events,
      onAlarmChange: (id, change) => {
        hookCalls.push({ id, change });
      },
    });
  });

  it('raises one alarm for a value hovering at its bound for an hour', async () => {
    const { jobId, nodeId, sensorId } = await jobWithThreshold('Hover', { mediumThresholdHBound: 30 });
    // Every 5 minutes for an hour, just above then just below (within the default hysteresis of 0.5).
    for (let k = 0; k <= 12; k++)
      await feed(nodeId, sensorId, [[T0 + k * 5 * MIN, k % 2 === 0 ? 30.2 : 29.8]]);
    const rows = await eventsOf(jobId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'SENSOR_THRESHOLD',
      side: 'high',
      quantity: 'Temperature',
      sensor_id: sensorId,
      alarm_key: `SENSOR_THRESHOLD:job:${jobId}:sensor:${sensorId}:high`,
      cleared_at: null,
    });
    // Raised on the first reading beyond the bound once the breach had lasted the default 10 minutes.
    expect(Number(rows[0].raised_at)).toBe(T0 + DEFAULT_MIN_DURATION_MS);
    expect(Number(rows[0].value)).toBe(30.2);
    expect(Number(rows[0].bound)).toBe(30);
    expect(hooksOf([rows[0].id])).toEqual([{ id: rows[0].id, change: 'RAISED' }]);
  });

  it('raises only after the value stayed beyond the bound for the minimum duration (reading times)', async () => {
    const { jobId, nodeId, sensorId } = await jobWithThreshold('Duration', {
      mediumThresholdHBound: 30,
      hysteresis: 2,
      minDurationMs: 15 * MIN,
    });
    // 10 minutes beyond, then back inside by the hysteresis: the pending breach ends, nothing raised.
    await feed(nodeId, sensorId, [
      [T0, 31],
      [T0 + 5 * MIN, 31],
      [T0 + 10 * MIN, 31],
      [T0 + 15 * MIN, 27.9],
    ]);
    expect(await eventsOf(jobId)).toHaveLength(0);
    // A new breach from +20 min: still nothing at +30 (10 min), raised at +35 (15 min), all in one batch.
    await feed(nodeId, sensorId, [
      [T0 + 20 * MIN, 31],
      [T0 + 25 * MIN, 29], // inside the bound but not by the hysteresis: the breach goes on
      [T0 + 30 * MIN, 31],
    ]);
    expect(await eventsOf(jobId)).toHaveLength(0);
    await feed(nodeId, sensorId, [[T0 + 35 * MIN, 31.5]]);
    const rows = await eventsOf(jobId);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].raised_at)).toBe(T0 + 35 * MIN);
    expect(Number(rows[0].value)).toBe(31.5);
    // The threshold answers the settings in force.
    const alarms = (await call('admin', 'GET', `/alarms/by_cj/${jobId}`)).json() as {
      alarmData: { hysteresis: number; minDurationMs: number };
    }[];
    expect(alarms[0].alarmData).toMatchObject({ hysteresis: 2, minDurationMs: 15 * MIN });
  });

  it('clears only back inside by the hysteresis; a new breach after clearing is a new alarm', async () => {
    const { jobId, nodeId, sensorId } = await jobWithThreshold('Clear', {
      mediumThresholdLBound: 5,
      minDurationMs: 0,
    });
    await feed(nodeId, sensorId, [[T0, 4]]);
    await feed(nodeId, sensorId, [[T0 + 5 * MIN, 5.4]]); // inside, by less than 0.5: still active
    let rows = await eventsOf(jobId);
    expect(rows).toHaveLength(1);
    expect(rows[0].cleared_at).toBeNull();
    expect(rows[0].side).toBe('low');
    await feed(nodeId, sensorId, [
      [T0 + 10 * MIN, 5.5], // back inside by the hysteresis: cleared at this reading's time
      [T0 + 15 * MIN, 3],
    ]);
    rows = await eventsOf(jobId);
    expect(rows).toHaveLength(2);
    expect(Number(rows[0].cleared_at)).toBe(T0 + 10 * MIN);
    expect(rows[1]).toMatchObject({ cleared_at: null, alarm_key: rows[0].alarm_key });
    expect(Number(rows[1].raised_at)).toBe(T0 + 15 * MIN);
    // Feeding the same readings again judges nothing twice.
    await engine.afterBatch({
      companyId: ctx.companyId,
      readingNodeIds: [nodeId],
      alarmJobIds: [],
      nodes: new Map(),
    });
    expect(await eventsOf(jobId)).toHaveLength(2);
    expect(hooksOf(rows.map((r) => r.id))).toEqual([
      { id: rows[0].id, change: 'RAISED' },
      { id: rows[0].id, change: 'CLEARED' },
      { id: rows[1].id, change: 'RAISED' },
    ]);
    // The same alarm is never active twice: the partial unique index refuses a second uncleared row.
    await expect(
      ctx.db.db
        .insertInto('alarm_event')
        .values({
          company_id: ctx.companyId,
          tenant_group_id: siteId,
          kind: 'SENSOR_THRESHOLD',
          alarm_key: rows[1].alarm_key,
          job_id: jobId,
          sensor_id: null,
          node_id: null,
          side: null,
          quantity: null,
          value: null,
          bound: null,
          raised_at: T0,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('raises MATURED once, and acknowledging it ends it', async () => {
    const { jobId } = await jobWithThreshold('Matured', {});
    // As the maturity engine leaves a job that reached its target: the target and bit 0 (MATURED).
    await ctx.db.db
      .updateTable('job')
      .set({ singular_target: 25, job_alarm_triggered: 1 })
      .where('id', '=', jobId)
      .execute();
    const batch = { companyId: ctx.companyId, readingNodeIds: [], alarmJobIds: [jobId], nodes: new Map() };
    await engine.afterBatch(batch);
    await engine.afterBatch(batch);
    await engine.sweep(Date.now());
    let rows = (await eventsOf(jobId)).filter((r) => r.kind === 'MATURED');
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].bound)).toBe(25);
    const id = rows[0].id;

    // Acknowledged through this engine, so its hook shows the clearing.
    const u = await ctx.db.db
      .selectFrom('app_user')
      .selectAll()
      .where('username', '=', 'editor')
      .where('company_id', '=', ctx.companyId)
      .executeTakeFirstOrThrow();
    const actor = {
      userId: u.id,
      companyId: ctx.companyId,
      username: u.username,
      accountType: u.account_type,
      roles: JSON.parse(u.roles) as string[],
      sessionId: 'test',
      isAdmin: false,
    };
    const acked = await engine.acknowledge(actor, id, { note: 'Forms can come off' });
    expect(acked).toMatchObject({ state: 'CLEARED', acknowledgedNote: 'Forms can come off' });
    await expect(engine.acknowledge(actor, id, {})).rejects.toMatchObject({ statusCode: 409 });
    // Acknowledged and cleared: the bit still set raises nothing again for the same target.
    await engine.afterBatch(batch);
    await engine.sweep(Date.now());
    rows = (await eventsOf(jobId)).filter((r) => r.kind === 'MATURED');
    expect(rows).toHaveLength(1);
    expect(hooksOf([id])).toEqual([
      { id, change: 'RAISED' },
      { id, change: 'CLEARED' },
    ]);
  });

  it('raises NODE_SILENT once for a silent node and clears it when the node reports', async () => {
    const { jobId, nodeId, sensorId } = await jobWithThreshold('Silent', {});
    const last = T0 + HOUR;
    await addReadings(ctx.db.db, [{ sensorId, ts: last, value: 20 }]);
    await engine.sweep(last + NODE_SILENT_MS); // exactly the limit: not yet silent
    const silentOf = async () => (await eventsOf(jobId)).filter((r) => r.kind === 'NODE_SILENT');
    expect(await silentOf()).toHaveLength(0);
    await engine.sweep(last + NODE_SILENT_MS + MIN);
    await engine.sweep(last + NODE_SILENT_MS + 2 * MIN);
    let rows = await silentOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ node_id: nodeId, tenant_group_id: siteId, cleared_at: null });
    expect(Number(rows[0].raised_at)).toBe(last + NODE_SILENT_MS);
    // It reports again (an ingest batch): cleared at once.
    await feed(nodeId, sensorId, [[last + NODE_SILENT_MS + 3 * MIN, 21]]);
    rows = await silentOf();
    expect(rows).toHaveLength(1);
    expect(rows[0].cleared_at).not.toBeNull();
    await engine.sweep(last + NODE_SILENT_MS + 4 * MIN);
    expect(await silentOf()).toHaveLength(1);
    expect(hooksOf([rows[0].id])).toEqual([
      { id: rows[0].id, change: 'RAISED' },
      { id: rows[0].id, change: 'CLEARED' },
    ]);
  });

  it('raises BATTERY_LOW at the LOW state and clears it after a fresh battery', async () => {
    const { jobId, nodeId, sensorId } = await jobWithThreshold('Battery', {});
    const now = T0 + 2 * HOUR;
    await addReadings(ctx.db.db, [{ sensorId, ts: now, value: 20 }]);
    const setBattery = (v: number) =>
      ctx.db.db
        .updateTable('node')
        .set({ latest_battery: v, latest_battery_ts: now })
        .where('id', '=', nodeId)
        .execute();
    const batteryOf = async () => (await eventsOf(jobId)).filter((r) => r.kind === 'BATTERY_LOW');
    await setBattery(55);
    await engine.sweep(now);
    expect(await batteryOf()).toHaveLength(0);
    await setBattery(45);
    await engine.sweep(now);
    await setBattery(52); // MODERATE again but within the margin: still one alarm
    await engine.sweep(now);
    expect(await batteryOf()).toHaveLength(1);
    expect(Number((await batteryOf())[0].value)).toBe(45);
    await setBattery(98);
    await engine.sweep(now);
    const rows = await batteryOf();
    expect(rows).toHaveLength(1);
    expect(rows[0].cleared_at).not.toBeNull();
  });

  it('clears the alarms of a job that stops', async () => {
    const { jobId, nodeId, sensorId } = await jobWithThreshold('Stops', {
      mediumThresholdHBound: 30,
      minDurationMs: 0,
    });
    await feed(nodeId, sensorId, [[T0, 35]]);
    expect((await eventsOf(jobId))[0].cleared_at).toBeNull();
    await ctx.db.db
      .updateTable('job')
      .set({ termination_date: T0 + HOUR })
      .where('id', '=', jobId)
      .execute();
    await engine.sweep(T0 + 2 * HOUR);
    const rows = await eventsOf(jobId);
    expect(rows.every((r) => r.cleared_at !== null)).toBe(true);
  });

  describe('calls', () => {
    let eventId = 0;
    beforeAll(async () => {
      const { jobId, nodeId, sensorId } = await jobWithThreshold('Calls', {
        mediumThresholdHBound: 10,
        minDurationMs: 0,
      });
      await feed(nodeId, sensorId, [[Date.now() - HOUR, 12]]);
      eventId = (await eventsOf(jobId))[0].id;
    });

    it('lists a site’s alarms with names, active first, to readers of the site', async () => {
      const res = await call('viewer', 'GET', `/alarms/events?tenantGroupId=${siteId}`);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as AlarmEvent[];
      const mine = list.find((e) => e.id === eventId);
      expect(mine).toMatchObject({
        kind: 'SENSOR_THRESHOLD',
        state: 'ACTIVE',
        tenantGroupId: siteId,
        siteName: DEMO.firstSiteName,
        jobName: 'Calls',
        sensorName: 'Calls probe',
        side: 'high',
        value: 12,
        bound: 10,
        acknowledgedBy: null,
      });
      const firstCleared = list.findIndex((e) => e.state === 'CLEARED');
      if (firstCleared >= 0) expect(list.slice(firstCleared).every((e) => e.state === 'CLEARED')).toBe(true);
      const active = (
        await call('viewer', 'GET', `/alarms/events?tenantGroupId=${siteId}&activeOnly=true`)
      ).json() as AlarmEvent[];
      expect(active.every((e) => e.clearedAt === null)).toBe(true);
      expect(active.some((e) => e.id === eventId)).toBe(true);
      expect((await call('inspector', 'GET', `/alarms/events?tenantGroupId=${siteId}`)).statusCode).toBe(403);
      expect((await call('other', 'GET', `/alarms/events?tenantGroupId=${siteId}`)).statusCode).toBe(404);
      expect((await call('viewer', 'GET', '/alarms/events?tenantGroupId=abc')).statusCode).toBe(400);
    });

    it('records who acknowledged, when and why; once only', async () => {
      const before = JSON.stringify(
        await ctx.db.db.selectFrom('alarm_event').selectAll().where('id', '=', eventId).execute(),
      );
      expect((await call('other', 'POST', `/alarms/events/${eventId}/ack`, { note: 'x' })).statusCode).toBe(
        404,
      );
      expect(
        (await call('inspector', 'POST', `/alarms/events/${eventId}/ack`, { note: 'x' })).statusCode,
      ).toBe(403);
      const long = await call('viewer', 'POST', `/alarms/events/${eventId}/ack`, {
        note: 'x'.repeat(ACK_NOTE_MAX + 1),
      });
      expect(long.statusCode).toBe(400);
      expect(
        JSON.stringify(
          await ctx.db.db.selectFrom('alarm_event').selectAll().where('id', '=', eventId).execute(),
        ),
      ).toBe(before);

      const t = Date.now();
      const res = await call('viewer', 'POST', `/alarms/events/${eventId}/ack`, {
        note: ' Checked the pour ',
      });
      expect(res.statusCode, res.body).toBe(200);
      const acked = res.json() as AlarmEvent;
      expect(acked).toMatchObject({
        id: eventId,
        state: 'ACKNOWLEDGED',
        acknowledgedNote: 'Checked the pour',
        clearedAt: null,
      });
      expect(acked.acknowledgedAt).toBeGreaterThanOrEqual(t);
      const viewer = await ctx.db.db
        .selectFrom('app_user')
        .select(['id', 'first_name', 'last_name', 'username'])
        .where('username', '=', 'viewer')
        .where('company_id', '=', ctx.companyId)
        .executeTakeFirstOrThrow();
      expect(acked.acknowledgedBy).toBe(`${viewer.first_name} ${viewer.last_name}`.trim() || viewer.username);
      const row = await ctx.db.db
        .selectFrom('alarm_event')
        .selectAll()
        .where('id', '=', eventId)
        .executeTakeFirstOrThrow();
      expect(row.acknowledged_by).toBe(viewer.id);

      const after = JSON.stringify(row);
      const again = await call('editor', 'POST', `/alarms/events/${eventId}/ack`, { note: 'me too' });
      expect(again.statusCode).toBe(409);
      expect((again.json() as { error: { code: string } }).error.code).toBe('CONFLICT');
      expect(
        JSON.stringify(
          await ctx.db.db
            .selectFrom('alarm_event')
            .selectAll()
            .where('id', '=', eventId)
            .executeTakeFirstOrThrow(),
        ),
      ).toBe(after);
      expect((await call('viewer', 'POST', '/alarms/events/999999/ack', {})).statusCode).toBe(404);
    });
  });

  it('is fed by ingest: a threshold breached through the ingest call raises an alarm the site lists', async () => {
    const { jobId, nodeId } = await jobWithThreshold('Ingested', {
      mediumThresholdHBound: 40,
      minDurationMs: 5 * MIN,
    });
    const { key } = await addGateway(ctx.db.db, ctx.companyId, siteId);
    const start = Date.now() - HOUR;
    const readings = [0, 5, 10].map((m) => ({
      nodeId,
      channelId: 1,
      sensorType: 'Temperature',
      ts: start + m * MIN,
      value: 45,
    }));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ readings }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = (
      await call('admin', 'GET', `/alarms/events?tenantGroupId=${siteId}&activeOnly=true`)
    ).json() as AlarmEvent[];
    const mine = list.filter((e) => e.jobId === jobId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'SENSOR_THRESHOLD',
      raisedAt: start + 5 * MIN,
      value: 45,
      bound: 40,
    });
  });
});
