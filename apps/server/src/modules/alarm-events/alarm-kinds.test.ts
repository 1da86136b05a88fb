import type { ChannelJob } from '@sitepulse/contracts';
import { DEFAULT_MIN_DURATION_MS, DIFFERENTIAL_LIMIT_C, GATEWAY_OFFLINE_MS } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { addGateway } from '../../test/sensor-fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addNode, demoPlaces } from '../maturity/sensor-fixtures.ts';
import { BRIDGE_MS } from '../reports/generators/differential/compute.ts';
import { pairComparisons } from './engine.ts';
import { type AlarmChange, createAlarmEventsService } from './service.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('alarm kinds: temperature differential, average strength, gateway offline', () => {
  const ctx = useTestApp();
  let headers: Record<string, string> = {};
  let siteId = 0;
  let projectId = 0;
  const hookCalls: { id: number; change: AlarmChange }[] = [];
  let engine: ReturnType<typeof createAlarmEventsService>;
  // Reading times well in the past, so nothing here depends on the clock.
  const T0 = Math.floor(Date.now() / HOUR) * HOUR - 10 * 24 * HOUR;

  const hooksOf = (ids: number[]) => hookCalls.filter((c) => ids.includes(c.id));
  const eventsOfKey = (key: string) =>
    ctx.db.db.selectFrom('alarm_event').selectAll().where('alarm_key', '=', key).orderBy('id').execute();

  /** A started maturity job on a fresh node with `channels` Temperature sensors. */
  const job = async (name: string, channels = 1) => {
    const node = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      tenantGroupId: siteId,
      nodeType: 'Maturity',
      channels: Array.from({ length: channels }, (_, i) => ({
        channelId: i + 1,
        sensorType: 'Temperature',
        alias: `${name} probe ${i + 1}`,
      })),
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/concrete/maturity/jobs',
      headers,
      payload: { tenantId: projectId, nodeId: node.nodeId, channelJobName: name, startDate: T0 - HOUR },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { jobId: (res.json() as ChannelJob).id, nodeId: node.nodeId, sensorIds: node.sensorIds };
  };

  beforeAll(async () => {
    const places = await demoPlaces(ctx.db.db, ctx.companyId);
    siteId = places.site(DEMO.firstSiteName);
    projectId = places.tenant(DEMO.firstSiteName, 'Default');
    headers = (await signIn(ctx, 'admin')).headers;
    engine = createAlarmEventsService({
      db: ctx.db.db,
      jobsites: ctx.app.services.jobsites,
      events: ctx.app.services.events,
      onAlarmChange: (id, change) => {
        hookCalls.push({ id, change });
      },
    });
  });

  it('compares a pair only where both readings stand within the report’s window', () => {
    const r = (ts: number, value: number) => ({ ts, value });
    expect(pairComparisons([null, r(0, 10)], [[r(HOUR, 30)], []], BRIDGE_MS)).toEqual([r(HOUR, 20)]);
    expect(pairComparisons([null, r(0, 10)], [[r(BRIDGE_MS + 1, 30)], []], BRIDGE_MS)).toEqual([]);
    // Both sensors at the same time: compared once, with both new values.
    expect(pairComparisons([r(0, 0), r(0, 0)], [[r(5, 3)], [r(5, 1)]], BRIDGE_MS)).toEqual([r(5, 2)]);
  });

  describe('TEMPERATURE_DIFFERENTIAL', () => {
    let jobId = 0;
    let nodeId = 0;
    let s1 = 0;
    let s2 = 0;
    let key = '';
    /** Stores each sensor's readings at these times and feeds the batch to the engine. */
    const feed = async (points: { ts: number; v1?: number; v2?: number }[]) => {
      const rows = points.flatMap((p) => [
        ...(p.v1 === undefined ? [] : [{ sensor_id: s1, ts: p.ts, value: p.v1 }]),
        ...(p.v2 === undefined ? [] : [{ sensor_id: s2, ts: p.ts, value: p.v2 }]),
      ]);
      await ctx.db.db.insertInto('reading').values(rows).execute();
      await engine.afterBatch({
        companyId: ctx.companyId,
        readingNodeIds: [nodeId],
        alarmJobIds: [],
        nodes: new Map([[nodeId, points[0].ts]]),
      });
    };

    beforeAll(async () => {
      const j = await job('Differential', 2);
      jobId = j.jobId;
      nodeId = j.nodeId;
      [s1, s2] = j.sensorIds;
      await ctx.db.db
        .insertInto('job_sensor_pair')
        .values({ job_id: jobId, sensor_id_1: s1, sensor_id_2: s2, created_at: T0, created_by: null })
        .execute();
      key = `TEMPERATURE_DIFFERENTIAL:job:${jobId}:pair:${s1}:${s2}`;
    });

    it('raises one alarm for a difference hovering at the limit, and clears back inside by the hysteresis', async () => {
      // Every 5 minutes for an hour: 0.2 °C above then 0.2 °C below the limit (within the hysteresis).
      for (let k = 0; k <= 12; k++)
        await feed([
          { ts: T0 + k * 5 * MIN, v1: 20, v2: 20 + DIFFERENTIAL_LIMIT_C + (k % 2 === 0 ? 0.2 : -0.2) },
        ]);
      let rows = await eventsOfKey(key);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        kind: 'TEMPERATURE_DIFFERENTIAL',
        job_id: jobId,
        sensor_id: s1,
        tenant_group_id: siteId,
        cleared_at: null,
      });
      expect(Number(rows[0].raised_at)).toBe(T0 + DEFAULT_MIN_DURATION_MS);
      expect(Number(rows[0].value)).toBeCloseTo(DIFFERENTIAL_LIMIT_C + 0.2, 6);
      expect(Number(rows[0].bound)).toBe(DIFFERENTIAL_LIMIT_C);
      // Feeding nothing new judges nothing twice.
      await feed([{ ts: T0 - 2 * HOUR, v1: 0 }]); // before the job: never compared
      expect(await eventsOfKey(key)).toHaveLength(1);

      // Only sensor 2 reports, back inside by 0.6 °C: compared with sensor 1's standing reading.
      await feed([{ ts: T0 + 65 * MIN, v2: 20 + DIFFERENTIAL_LIMIT_C - 0.6 }]);
      rows = await eventsOfKey(key);
      expect(rows).toHaveLength(1);
      expect(Number(rows[0].cleared_at)).toBe(T0 + 65 * MIN);
      expect(hooksOf([rows[0].id])).toEqual([
        { id: rows[0].id, change: 'RAISED' },
        { id: rows[0].id, change: 'CLEARED' },
      ]);
    });

    it('does not compare readings further apart than the report bridges', async () => {
      // Sensor 1 alone, long after sensor 2's last reading: no comparison, no alarm.
      await feed([
        { ts: T0 + 65 * MIN + BRIDGE_MS + MIN, v1: 80 },
        { ts: T0 + 65 * MIN + BRIDGE_MS + 20 * MIN, v1: 80 },
      ]);
      expect(await eventsOfKey(key)).toHaveLength(1);
    });

    it('raises again after clearing, and the sweep clears it when the pair is removed', async () => {
      const t = T0 + 5 * HOUR;
      await feed([
        { ts: t, v1: 10, v2: 40 },
        { ts: t + 10 * MIN, v1: 10, v2: 40 },
      ]);
      let rows = await eventsOfKey(key);
      expect(rows).toHaveLength(2);
      expect(rows[1].cleared_at).toBeNull();
      await engine.sweep(t + 20 * MIN);
      expect((await eventsOfKey(key))[1].cleared_at).toBeNull();
      await ctx.db.db.deleteFrom('job_sensor_pair').where('job_id', '=', jobId).execute();
      await engine.sweep(t + 30 * MIN);
      rows = await eventsOfKey(key);
      expect(Number(rows[1].cleared_at)).toBe(t + 30 * MIN);
      expect(hooksOf([rows[1].id])).toEqual([
        { id: rows[1].id, change: 'RAISED' },
        { id: rows[1].id, change: 'CLEARED' },
      ]);
    });
  });

  it("judges a pair against its job's own differential limit, set with its pairs", async () => {
    const j = await job('Own limit', 2);
    const [a, b] = j.sensorIds;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/analytics/concrete/maturity/jobs/pairs/${j.jobId}`,
      headers,
      payload: { pairs: [{ sid1: a, sid2: b }], differentialLimitC: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const key = `TEMPERATURE_DIFFERENTIAL:job:${j.jobId}:pair:${a}:${b}`;
    const feed = async (ts: number, v1: number, v2: number) => {
      await ctx.db.db
        .insertInto('reading')
        .values([
          { sensor_id: a, ts, value: v1 },
          { sensor_id: b, ts, value: v2 },
        ])
        .execute();
      await engine.afterBatch({
        companyId: ctx.companyId,
        readingNodeIds: [j.nodeId],
        alarmJobIds: [],
        nodes: new Map([[j.nodeId, ts]]),
      });
    };
    // 6 °C apart for 10 minutes: far inside the default limit, beyond this job's 5 °C.
    await feed(T0, 20, 14);
    await feed(T0 + 10 * MIN, 20, 14);
    const rows = await eventsOfKey(key);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].bound)).toBe(5);
    expect(Number(rows[0].value)).toBeCloseTo(6, 6);
    expect(Number(rows[0].raised_at)).toBe(T0 + 10 * MIN);
    // Back to 4.6 °C: inside by less than the hysteresis, still active; 4.4 °C clears it.
    await feed(T0 + 15 * MIN, 20, 15.4);
    expect((await eventsOfKey(key))[0].cleared_at).toBeNull();
    await feed(T0 + 20 * MIN, 20, 15.6);
    expect(Number((await eventsOfKey(key))[0].cleared_at)).toBe(T0 + 20 * MIN);
  });

  it('raises AVERAGE_STRENGTH once when every job of a group reached its threshold', async () => {
    const { id: groupId } = await ctx.db.db
      .insertInto('job_group')
      .values({ company_id: ctx.companyId, tenant_id: projectId, name: 'Deck pours', created_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const a = await job('Deck A');
    const b = await job('Deck B');
    const other = await job('Deck C, not maturing'); // no threshold: not judged
    await ctx.db.db
      .updateTable('job')
      .set({ job_group_id: groupId })
      .where('id', 'in', [a.jobId, b.jobId, other.jobId])
      .execute();
    // Thresholds as the call reads them: A's singular target, B's highest target set.
    await ctx.db.db.updateTable('job').set({ singular_target: 25 }).where('id', '=', a.jobId).execute();
    await ctx.db.db
      .updateTable('job')
      .set({ high_target: 30, low_target: 10 })
      .where('id', '=', b.jobId)
      .execute();
    const key = `AVERAGE_STRENGTH:group:${groupId}`;
    // The MATURED bit, as the maturity engine sets it when a job's strength reaches its threshold.
    const reach = (jobId: number) =>
      ctx.db.db.updateTable('job').set({ job_alarm_triggered: 1 }).where('id', '=', jobId).execute();
    const batch = (jobId: number) =>
      engine.afterBatch({
        companyId: ctx.companyId,
        readingNodeIds: [],
        alarmJobIds: [jobId],
        nodes: new Map(),
      });

    await reach(a.jobId);
    await batch(a.jobId);
    await engine.sweep(Date.now());
    expect(await eventsOfKey(key)).toHaveLength(0); // B has not reached its threshold yet

    await reach(b.jobId);
    await batch(b.jobId);
    await batch(b.jobId);
    await engine.sweep(Date.now());
    let rows = await eventsOfKey(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'AVERAGE_STRENGTH', tenant_group_id: siteId, cleared_at: null });
    expect(Number(rows[0].bound)).toBe(30);

    // Acknowledging ends it (nothing can go back below a strength reached); nothing raises it again.
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/alarms/events/${rows[0].id}/ack`,
      headers,
      payload: { note: 'Strip the deck' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'CLEARED',
      kind: 'AVERAGE_STRENGTH',
      jobGroupId: groupId,
      jobGroupName: 'Deck pours',
      jobId: null,
    });
    await batch(b.jobId);
    await engine.sweep(Date.now());
    expect(await eventsOfKey(key)).toHaveLength(1);
    // Raised through this engine; the ack went through the app's, so only the raise is in this hook.
    expect(hooksOf([rows[0].id])).toEqual([{ id: rows[0].id, change: 'RAISED' }]);

    // A new, higher threshold reached again raises a new alarm; it ends when the group's jobs stop.
    await ctx.db.db.updateTable('job').set({ singular_target: 35 }).where('id', '=', a.jobId).execute();
    await engine.sweep(Date.now());
    rows = await eventsOfKey(key);
    expect(rows).toHaveLength(2);
    expect(Number(rows[1].bound)).toBe(35);
    await ctx.db.db
      .updateTable('job')
      .set({ termination_date: Date.now() - MIN })
      .where('job_group_id', '=', groupId)
      .execute();
    const stopAt = Date.now();
    await engine.sweep(stopAt);
    await engine.sweep(stopAt + MIN);
    rows = await eventsOfKey(key);
    expect(Number(rows[1].cleared_at)).toBe(stopAt);
    expect(hooksOf([rows[1].id])).toEqual([
      { id: rows[1].id, change: 'RAISED' },
      { id: rows[1].id, change: 'CLEARED' },
    ]);
  });

  it('raises GATEWAY_OFFLINE once for a silent gateway and clears it at its next uplink', async () => {
    await job('Gateway site job');
    const { id: gatewayId, key: gatewayKey } = await addGateway(ctx.db.db, ctx.companyId, siteId);
    const last = T0 + HOUR;
    await ctx.db.db
      .updateTable('gateway')
      .set({ created_at: T0 - 2 * HOUR, last_uplink_at: last })
      .where('id', '=', gatewayId)
      .execute();
    const key = `GATEWAY_OFFLINE:gateway:${gatewayId}`;
    await engine.sweep(last + GATEWAY_OFFLINE_MS); // exactly the limit: not yet offline
    expect(await eventsOfKey(key)).toHaveLength(0);
    await engine.sweep(last + GATEWAY_OFFLINE_MS + MIN);
    await engine.sweep(last + GATEWAY_OFFLINE_MS + 2 * MIN);
    let rows = await eventsOfKey(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'GATEWAY_OFFLINE',
      gateway_id: gatewayId,
      tenant_group_id: siteId,
      job_id: null,
      cleared_at: null,
    });
    expect(Number(rows[0].raised_at)).toBe(last + GATEWAY_OFFLINE_MS);

    // An uplink (even one with nothing to store) records the contact; the next sweep clears at it.
    const before = Date.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${gatewayKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ readings: [] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const g = await ctx.db.db
      .selectFrom('gateway')
      .select('last_uplink_at')
      .where('id', '=', gatewayId)
      .executeTakeFirstOrThrow();
    expect(Number(g.last_uplink_at)).toBeGreaterThanOrEqual(before);
    await engine.sweep(Date.now());
    await engine.sweep(Date.now());
    rows = await eventsOfKey(key);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].cleared_at)).toBe(Number(g.last_uplink_at));
    expect(hooksOf([rows[0].id])).toEqual([
      { id: rows[0].id, change: 'RAISED' },
      { id: rows[0].id, change: 'CLEARED' },
    ]);
  });
  it('names what each alarm is about: the pair’s second sensor, the gateway, the job group', async () => {
    const rows = await ctx.db.db
      .selectFrom('alarm_event')
      .select(['id', 'kind', 'alarm_key'])
      .where('tenant_group_id', '=', siteId)
      .where('kind', 'in', ['TEMPERATURE_DIFFERENTIAL', 'GATEWAY_OFFLINE', 'AVERAGE_STRENGTH'])
      .orderBy('id')
      .execute();
    expect([...new Set(rows.map((r) => r.kind))].sort()).toEqual([
      'AVERAGE_STRENGTH',
      'GATEWAY_OFFLINE',
      'TEMPERATURE_DIFFERENTIAL',
    ]);
    for (const r of rows) {
      const e = await engine.get(r.id);
      const last = Number(r.alarm_key.slice(r.alarm_key.lastIndexOf(':') + 1));
      if (r.kind === 'TEMPERATURE_DIFFERENTIAL') {
        expect(r.alarm_key).toBe(
          `TEMPERATURE_DIFFERENTIAL:job:${e?.jobId}:pair:${e?.sensorId}:${e?.secondSensorId}`,
        );
        const second = await ctx.db.db
          .selectFrom('sensor')
          .select('alias')
          .where('id', '=', last)
          .executeTakeFirstOrThrow();
        expect(e).toMatchObject({ secondSensorId: last, secondSensorName: second.alias });
        expect(e?.secondSensorName).toMatch(/ probe 2$/);
        expect(e).toMatchObject({ gatewayId: null, gatewayName: null, jobGroupId: null, jobGroupName: null });
      } else if (r.kind === 'GATEWAY_OFFLINE') {
        const gw = await ctx.db.db
          .selectFrom('gateway')
          .select('name')
          .where('id', '=', last)
          .executeTakeFirstOrThrow();
        expect(e).toMatchObject({
          gatewayId: last,
          gatewayName: gw.name,
          secondSensorId: null,
          jobGroupId: null,
        });
      } else {
        expect(e).toMatchObject({ jobGroupId: last, jobGroupName: 'Deck pours', secondSensorId: null });
      }
    }
  });

  it('raises no AVERAGE_STRENGTH for a group of one job with a target: its MATURED says the same', async () => {
    const group = async (name: string) =>
      (
        await ctx.db.db
          .insertInto('job_group')
          .values({ company_id: ctx.companyId, tenant_id: projectId, name, created_at: T0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const solo = await job('Solo pour');
    const soloGroup = await group('Solo pour');
    const high = await job('High only');
    const highGroup = await group('High only');
    await ctx.db.db
      .updateTable('job')
      .set({ job_group_id: soloGroup, singular_target: 20, job_alarm_triggered: 1 })
      .where('id', '=', solo.jobId)
      .execute();
    // No singular target: no MATURED alarm, so the group's alarm is the only one that says it.
    await ctx.db.db
      .updateTable('job')
      .set({ job_group_id: highGroup, high_target: 20, job_alarm_triggered: 1 })
      .where('id', '=', high.jobId)
      .execute();
    for (const j of [solo, high])
      await engine.afterBatch({
        companyId: ctx.companyId,
        readingNodeIds: [],
        alarmJobIds: [j.jobId],
        nodes: new Map(),
      });
    await engine.sweep(Date.now());
    expect(await eventsOfKey(`MATURED:job:${solo.jobId}`)).toHaveLength(1);
    expect(await eventsOfKey(`AVERAGE_STRENGTH:group:${soloGroup}`)).toHaveLength(0);
    expect(await eventsOfKey(`MATURED:job:${high.jobId}`)).toHaveLength(0);
    expect(await eventsOfKey(`AVERAGE_STRENGTH:group:${highGroup}`)).toHaveLength(1);
  });
});
