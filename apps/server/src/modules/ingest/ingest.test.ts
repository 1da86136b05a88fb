import { INGEST_MAX_ITEMS } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { addGateway, addNode, projectOf } from '../../test/sensor-fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';

const T0 = Date.UTC(2026, 10, 1, 0, 0, 0);
const MIN15 = 15 * 60_000;

describe('POST /api/ingest/readings', () => {
  const ctx = useTestApp();
  let gw: { id: number; key: string };
  let nodeId: number;
  let otherNodeId: number;

  beforeAll(async () => {
    const site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    gw = await addGateway(ctx.db.db, ctx.companyId, site.tenantGroupId);
    nodeId = await addNode(ctx.db.db, { companyId: ctx.companyId, ...site });
    const other = await seedOtherCompany(ctx.db.db);
    otherNodeId = await addNode(ctx.db.db, { companyId: other.companyId, tenantGroupId: other.siteId });
  });

  const send = (body: unknown, key = gw.key) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const count = async (table: 'reading' | 'node_status' | 'node_location' | 'rejected_reading') =>
    Number(
      (
        await ctx.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores readings, status and locations, and a resend is all duplicates that change nothing', async () => {
    const body = {
      readings: [
        { nodeId, channelId: 1, sensorType: 'Temperature', ts: T0, value: 18.5 },
        {
          nodeId,
          channelId: 1,
          sensorType: 'Temperature',
          ts: new Date(T0 + MIN15).toISOString(),
          value: 19.25,
        },
        { nodeId, channelId: 2, sensorType: 'Temperature', ts: T0, value: 17 },
      ],
      status: [{ nodeId, ts: T0, battery: 88, signal: -71 }],
      locations: [{ nodeId, ts: T0, lat: 43.64, lng: -79.38 }],
    };
    const first = await send(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accepted: 5, duplicates: 0, rejected: [] });
    const readings = await count('reading');
    const again = await send(body);
    expect(again.json()).toEqual({ accepted: 0, duplicates: 5, rejected: [] });
    expect(await count('reading')).toBe(readings);

    const sensors = await ctx.db.db
      .selectFrom('sensor')
      .selectAll()
      .where('node_id', '=', nodeId)
      .orderBy('channel_id')
      .execute();
    expect(sensors.map((s) => [s.channel_id, s.sensor_type, s.latest_value, s.latest_value_ts])).toEqual([
      [1, 'Temperature', 19.25, T0 + MIN15],
      [2, 'Temperature', 17, T0],
    ]);
    const hour = await ctx.db.db
      .selectFrom('reading_hour')
      .selectAll()
      .where('sensor_id', '=', sensors[0].id)
      .execute();
    expect(hour).toEqual([{ sensor_id: sensors[0].id, hour: T0, n: 2, total: 37.75, min: 18.5, max: 19.25 }]);
    const node = await ctx.db.db
      .selectFrom('node')
      .selectAll()
      .where('id', '=', nodeId)
      .executeTakeFirstOrThrow();
    expect([node.latest_battery, node.latest_signal, node.latest_lat, node.latest_lng]).toEqual([
      88, -71, 43.64, -79.38,
    ]);
  });

  it('counts a repeat inside one batch as a duplicate', async () => {
    const r = { nodeId, channelId: 3, sensorType: 'Humidity', ts: T0, value: 55 };
    expect((await send({ readings: [r, r] })).json()).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
  });

  it('an older status does not replace the latest one, but is stored', async () => {
    const res = await send({ status: [{ nodeId, ts: T0 - MIN15, battery: 95, signal: -60 }] });
    expect(res.json().accepted).toBe(1);
    const node = await ctx.db.db
      .selectFrom('node')
      .selectAll()
      .where('id', '=', nodeId)
      .executeTakeFirstOrThrow();
    expect([node.latest_battery, node.latest_battery_ts]).toEqual([88, T0]);
  });

  it('rejects bad items with a reason, stores the good ones, and keeps the rejected for the admin', async () => {
    const before = await count('rejected_reading');
    const res = await send({
      readings: [
        { nodeId, channelId: 1, sensorType: 'Temperature', ts: T0 + 2 * MIN15, value: 20 },
        { nodeId: 424242, channelId: 1, sensorType: 'Temperature', ts: T0, value: 20 },
        { nodeId, channelId: 1, sensorType: 'Temperature', ts: T0 + 3 * MIN15, value: 'hot' },
        { nodeId, channelId: 1, sensorType: 'Temperature', ts: Date.now() + 86_400_000, value: 20 },
        { nodeId: otherNodeId, channelId: 1, sensorType: 'Temperature', ts: T0, value: 20 },
        { nodeId, channelId: 1, sensorType: 'Radiation', ts: T0, value: 1 },
        { nodeId, channelId: 1, sensorType: 'Temperature', ts: 'yesterday', value: 1 },
      ],
      locations: [{ nodeId, ts: T0, lat: 123, lng: 0 }],
    });
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out.accepted).toBe(1);
    expect(out.rejected).toEqual([
      { kind: 'location', index: 0, reason: 'lat must be a number from -90 to 90' },
      { kind: 'reading', index: 1, reason: 'unknown node: 424242' },
      { kind: 'reading', index: 2, reason: 'value is not a number' },
      { kind: 'reading', index: 3, reason: 'ts is too far in the future' },
      { kind: 'reading', index: 4, reason: `unknown node: ${otherNodeId}` },
      { kind: 'reading', index: 5, reason: 'unknown sensorType: Radiation' },
      { kind: 'reading', index: 6, reason: 'ts must be an ISO 8601 time or epoch milliseconds' },
    ]);
    expect(await count('rejected_reading')).toBe(before + 7);

    const admin = await signIn(ctx, DEMO.users.admin);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/ingest/rejected?rpp=7',
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(before + 7);
    expect(list.json().items).toHaveLength(7);
    expect(list.json().items.map((i: { reason: string }) => i.reason)).toContain(
      'unknown sensorType: Radiation',
    );
    expect(
      JSON.parse(
        list.json().items.find((i: { reason: string }) => i.reason.startsWith('unknown sensorType')).item,
      ),
    ).toMatchObject({ sensorType: 'Radiation' });

    const viewer = await signIn(ctx, DEMO.users.viewer);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/ingest/rejected', headers: viewer.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('answers 400 for a body that is not JSON, 401 for a bad or missing key, and stores nothing', async () => {
    const before = [await count('reading'), await count('rejected_reading')];
    const bad = await send('{"readings": [');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('BAD_REQUEST');
    const r = { readings: [{ nodeId, channelId: 9, sensorType: 'Temperature', ts: T0, value: 1 }] };
    const wrongKey = await send(r, 'spgw_not-a-key');
    expect(wrongKey.statusCode).toBe(401);
    const noKey = await ctx.app.inject({ method: 'POST', url: '/api/ingest/readings', payload: r });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().error.message).toMatch(/gateway key/);
    const notLists = await send({ readings: { nodeId } });
    expect(notLists.statusCode).toBe(400);
    expect([await count('reading'), await count('rejected_reading')]).toEqual(before);
  });

  it(`answers 413 above ${INGEST_MAX_ITEMS} items and stores none of them`, async () => {
    const before = await count('reading');
    const readings = Array.from({ length: INGEST_MAX_ITEMS + 1 }, (_, i) => ({
      nodeId,
      channelId: 5,
      sensorType: 'Temperature',
      ts: T0 + i * 1000,
      value: 10,
    }));
    const res = await send({ readings });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await count('reading')).toBe(before);
    const ok = await send({ readings: readings.slice(0, INGEST_MAX_ITEMS) });
    expect(ok.json()).toMatchObject({ accepted: INGEST_MAX_ITEMS, duplicates: 0 });
  });
});

describe('gateways', () => {
  const ctx = useTestApp();

  it('an admin registers a gateway whose key is shown once and works; rotating it retires the old key', async () => {
    const admin = await signIn(ctx, DEMO.users.admin);
    const site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    const nodeId = await addNode(ctx.db.db, { companyId: ctx.companyId, ...site });
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/gateways',
      headers: admin.headers,
      payload: { name: 'Tower crane gateway', tenantGroupId: site.tenantGroupId },
    });
    expect(made.statusCode).toBe(200);
    const { id, key } = made.json();
    expect(key).toMatch(/^spgw_/);
    const stored = await ctx.db.db
      .selectFrom('gateway')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(key);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/gateways', headers: admin.headers });
    expect(list.json().find((g: { id: number }) => g.id === id)).toEqual(
      expect.objectContaining({ name: 'Tower crane gateway', hasKey: true }),
    );
    expect(JSON.stringify(list.json())).not.toContain(key);

    const body = { readings: [{ nodeId, channelId: 1, sensorType: 'Temperature', ts: T0, value: 12 }] };
    const post = (k: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/ingest/readings',
        headers: { authorization: `Bearer ${k}` },
        payload: body,
      });
    expect((await post(key)).statusCode).toBe(200);

    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/gateways/${id}/cmd/rotate_key`,
      headers: admin.headers,
    });
    expect(rotated.statusCode).toBe(200);
    expect((await post(key)).statusCode).toBe(401);
    expect((await post(rotated.json().key)).json()).toEqual({ accepted: 0, duplicates: 1, rejected: [] });
  });

  it('only company admins register gateways; a blank name or another company’s gateway is refused', async () => {
    const editor = await signIn(ctx, DEMO.users.editor);
    const denied = await ctx.app.inject({
      method: 'POST',
      url: '/api/gateways',
      headers: editor.headers,
      payload: { name: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    const admin = await signIn(ctx, DEMO.users.admin);
    const blank = await ctx.app.inject({
      method: 'POST',
      url: '/api/gateways',
      headers: admin.headers,
      payload: { name: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    const other = await seedOtherCompany(ctx.db.db);
    const foreign = await addGateway(ctx.db.db, other.companyId);
    const rotate = await ctx.app.inject({
      method: 'POST',
      url: `/api/gateways/${foreign.id}/cmd/rotate_key`,
      headers: admin.headers,
    });
    expect(rotate.statusCode).toBe(404);
  });
});

describe('compressed uplinks', () => {
  const ctx = useTestApp();

  it('accepts a gzip-compressed body', async () => {
    const { gzipSync } = await import('node:zlib');
    const site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    const gw = await addGateway(ctx.db.db, ctx.companyId, site.tenantGroupId);
    const nodeId = await addNode(ctx.db.db, { companyId: ctx.companyId, ...site });
    const body = { readings: [{ nodeId, channelId: 1, sensorType: 'Temperature', ts: T0, value: 4.5 }] };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: {
        authorization: `Bearer ${gw.key}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: gzipSync(JSON.stringify(body)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  });
});

describe('hostile items and gateway scope', () => {
  const ctx = useTestApp();
  /** Harbourfront Tower (A) and Riverside (B): two job sites of the demo company. */
  let siteA: { tenantGroupId: number; tenantId: number };
  let gwA: { id: number; key: string };
  let unassigned: { id: number; key: string };
  let nodeA: number;
  let nodeB: number;

  beforeAll(async () => {
    siteA = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    const siteB = await projectOf(ctx.db.db, ctx.companyId, 'Riverside Medical Centre Expansion');
    gwA = await addGateway(ctx.db.db, ctx.companyId, siteA.tenantGroupId);
    unassigned = await addGateway(ctx.db.db, ctx.companyId, null);
    nodeA = await addNode(ctx.db.db, { companyId: ctx.companyId, ...siteA });
    nodeB = await addNode(ctx.db.db, { companyId: ctx.companyId, ...siteB });
  });

  const send = (body: unknown, key = gwA.key) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const sensorsOf = (nodeIds: number[]) =>
    ctx.db.db
      .selectFrom('sensor')
      .select(['node_id', 'channel_id', 'sensor_type'])
      .where('node_id', 'in', nodeIds)
      .orderBy('node_id')
      .orderBy('channel_id')
      .execute();
  const rowCounts = async () =>
    Promise.all(
      (['reading', 'sensor', 'node_status', 'node_location', 'rejected_reading'] as const).map(async (t) =>
        Number(
          (
            await ctx.db.db
              .selectFrom(t)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );
  const nested = (depth: number, inner: unknown = 1): unknown =>
    Array.from({ length: depth }).reduce<unknown>((v) => [v], inner);

  it('rejects each bad item on its own with a reason, stores the good ones, and keeps storable rejections', async () => {
    const reading = { nodeId: nodeA, channelId: 1, sensorType: 'Temperature', ts: T0, value: 20 };
    const before = await count();
    const res = await send({
      readings: [
        reading,
        { ...reading, channelId: 2, value: nested(20) },
        { ...reading, nodeId: 2 ** 31 },
        { ...reading, channelId: 2 ** 31 },
        { ...reading, channelId: 3, sensorType: 'Temper\u0000ature' },
        { ...reading, channelId: 4, sensorType: 'x'.repeat(100_000) },
        { ...reading, channelId: 5, value: 1e300 },
        { ...reading, nodeId: nodeB },
        { ...reading, channelId: 6, value: 21.5 },
      ],
      status: [
        { nodeId: nodeA, ts: T0, battery: 90, signal: 5000 },
        { nodeId: nodeA, ts: T0, battery: 90, signal: -80 },
      ],
      locations: [
        { nodeId: nodeA, ts: T0, lat: 91, lng: 0 },
        { nodeId: nodeA, ts: T0, lat: 10, lng: -181 },
        { nodeId: nodeA, ts: T0, lat: 43.64, lng: -79.38 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      accepted: 4,
      duplicates: 0,
      rejected: [
        { kind: 'location', index: 0, reason: 'lat must be a number from -90 to 90' },
        { kind: 'location', index: 1, reason: 'lng must be a number from -180 to 180' },
        { kind: 'reading', index: 1, reason: 'value is not a number' },
        { kind: 'reading', index: 2, reason: 'nodeId must be an integer from 1 to 2147483647' },
        { kind: 'reading', index: 3, reason: 'channelId must be an integer from 0 to 2147483647' },
        { kind: 'reading', index: 4, reason: 'unknown sensorType: Temperature' },
        { kind: 'reading', index: 5, reason: `unknown sensorType: ${'x'.repeat(60)}…` },
        { kind: 'reading', index: 6, reason: 'value must be a number from -1e12 to 1e12' },
        { kind: 'reading', index: 7, reason: `node ${nodeB} is not on this gateway's job site` },
        { kind: 'status', index: 0, reason: 'signal must be a number from -200 to 0 (dBm)' },
      ],
    });
    // Sensors exist for the stored readings only: none for a rejected item.
    expect(await sensorsOf([nodeA, nodeB])).toEqual([
      { node_id: nodeA, channel_id: 1, sensor_type: 'Temperature' },
      { node_id: nodeA, channel_id: 6, sensor_type: 'Temperature' },
    ]);
    expect(await count()).toBe(before + 10);
    const kept = await ctx.db.db
      .selectFrom('rejected_reading')
      .select(['item', 'reason'])
      .orderBy('id', 'desc')
      .limit(10)
      .execute();
    for (const r of kept) {
      expect(r.item.length).toBeLessThanOrEqual(2000);
      expect(r.item).not.toContain('\u0000');
      expect(r.reason).not.toContain('\u0000');
    }
    expect(kept.map((r) => r.item)).toContain(
      JSON.stringify({ ...reading, channelId: 2, value: nested(20) }),
    );
  });

  it('answers 400 for a body nested deeper than an uplink can be, and stores nothing', async () => {
    const before = await rowCounts();
    const deepValue = `{"readings":[{"nodeId":${nodeA},"channelId":9,"sensorType":"Temperature","ts":${T0},"value":${'['.repeat(20_000)}${']'.repeat(20_000)}}]}`;
    const deepBody = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const body of [deepValue, deepBody]) {
      const res = await send(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'BAD_REQUEST',
        message: 'The JSON nests deeper than 32 levels',
      });
    }
    // Brackets inside strings are text, not nesting.
    const inText = await send({
      readings: [{ nodeId: nodeA, channelId: 1, sensorType: `${'['.repeat(50)}`, ts: T0, value: 1 }],
    });
    expect(inText.json().rejected).toEqual([
      { kind: 'reading', index: 0, reason: `unknown sensorType: ${'['.repeat(50)}` },
    ]);
    const after = await rowCounts();
    expect(after.slice(0, 4)).toEqual(before.slice(0, 4));
  });

  it("a key writes the nodes of its own gateway's job site only; an unassigned gateway writes nothing", async () => {
    const item = (nodeId: number, channelId: number) => ({
      nodeId,
      channelId,
      sensorType: 'Humidity',
      ts: T0,
      value: 50,
    });
    const mixed = await send({ readings: [item(nodeB, 11), item(nodeA, 11)] });
    expect(mixed.json()).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [{ kind: 'reading', index: 0, reason: `node ${nodeB} is not on this gateway's job site` }],
    });
    const before = await rowCounts();
    const none = await send(
      {
        readings: [item(nodeA, 12)],
        status: [{ nodeId: nodeA, ts: T0 + 1, battery: 50 }],
        locations: [{ nodeId: nodeB, ts: T0 + 1, lat: 45, lng: -75 }],
      },
      unassigned.key,
    );
    const reason = `gateway ${unassigned.id} is not assigned to a job site`;
    expect(none.json()).toEqual({
      accepted: 0,
      duplicates: 0,
      rejected: [
        { kind: 'location', index: 0, reason },
        { kind: 'reading', index: 0, reason },
        { kind: 'status', index: 0, reason },
      ],
    });
    const after = await rowCounts();
    expect(after).toEqual([...before.slice(0, 4), before[4] + 3]);
    expect((await sensorsOf([nodeA, nodeB])).filter((s) => s.channel_id >= 11)).toEqual([
      { node_id: nodeA, channel_id: 11, sensor_type: 'Humidity' },
    ]);
  });

  it('answers 400 for a rejected-list query beyond the database integer range', async () => {
    const admin = await signIn(ctx);
    for (const q of ['gatewayId=2147483648', 'page=1000000000000']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/ingest/rejected?${q}`,
        headers: admin.headers,
      });
      expect(res.statusCode, q).toBe(400);
    }
  });

  const count = async () => (await rowCounts())[4];
});
