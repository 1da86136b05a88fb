import type {
  CableInfo,
  ChannelSensor,
  NodeAssociationInfo,
  NodeDetail,
  NodeInfo,
} from '@sitepulse/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { addJob, addNode, addSensor, demoSites } from '../measurements/test-data.ts';

describe('nodes, cables and sensors', () => {
  const ctx = useTestApp();
  const w = {} as Record<string, number>;
  let headers: Record<string, Record<string, string>>;

  beforeAll(async () => {
    const db = ctx.db.db;
    const c = ctx.companyId;
    const { ht, rmc } = await demoSites(db, c);
    const other = await seedOtherCompany(db);
    Object.assign(w, { ht: ht.siteId, htTenant: ht.tenantId, rmc: rmc.siteId, rmcTenant: rmc.tenantId });
    Object.assign(w, { otherSite: other.siteId, otherTenant: other.tenantId });
    const gw = await db
      .selectFrom('gateway')
      .select('id')
      .where('tenant_group_id', '=', ht.siteId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    w.gateway = gw.id;
    const rgw = await db
      .selectFrom('gateway')
      .select('id')
      .where('tenant_group_id', '=', rmc.siteId)
      .executeTakeFirstOrThrow();
    w.rmcGateway = rgw.id;
    await addNode(db, {
      id: 9101,
      companyId: c,
      siteId: rmc.siteId,
      tenantId: rmc.tenantId,
      nodeType: 'Maturity',
    });
    w.rmcSensor = await addSensor(db, {
      companyId: c,
      nodeId: 9101,
      channelId: 1,
      sensorType: 'Temperature',
    });
    await addNode(db, { id: 9201, companyId: other.companyId, siteId: other.siteId, nodeType: 'Maturity' });
    w.otherSensor = await addSensor(db, {
      companyId: other.companyId,
      nodeId: 9201,
      channelId: 1,
      sensorType: 'Temperature',
    });
    await db
      .insertInto('cable')
      .values({
        id: 9299,
        company_id: other.companyId,
        name: 'Theirs',
        spec: '{}',
        dynamic_spec: '{}',
        created_at: 1,
      })
      .execute();
    headers = {
      admin: (await signIn(ctx, 'admin')).headers,
      editor: (await signIn(ctx, 'editor')).headers,
      viewer: (await signIn(ctx, 'viewer')).headers,
    };
  });

  const req = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: headers[user], payload: payload as object });
  const count = async (table: 'node' | 'cable' | 'sensor') =>
    Number(
      (
        await ctx.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const cableSpec = {
    channels: [
      { channelType: 'Temperature', channelId: 1 },
      { channelType: 'Temperature', channelId: 2 },
      { channelType: 'Humidity', channelId: 3 },
    ],
  };

  it('a company admin registers a cable, then a node with it: the sensors exist before any reading', async () => {
    const cable = await req('admin', 'POST', '/api/cables', {
      id: 40001,
      name: 'Slab cable A',
      spec: cableSpec,
    });
    expect(cable.statusCode).toBe(201);
    expect(cable.json() as CableInfo).toMatchObject({ id: 40001, name: 'Slab cable A', nodeId: null });
    expect(JSON.parse(cable.json().spec)).toEqual(cableSpec);
    expect(JSON.parse(cable.json().dynamicSpec)).toEqual(cableSpec);

    const node = await req('admin', 'POST', '/api/nodes', {
      id: 30001,
      nodeType: 'Maturity',
      name: 'Slab node 1',
      tenantGroupId: w.ht,
      tenantId: w.htTenant,
      gatewayId: w.gateway,
      cableId: 40001,
      batteryLevelType: 2,
    });
    expect(node.statusCode).toBe(201);
    const d = node.json() as NodeDetail;
    expect(d).toMatchObject({
      id: 30001,
      nodeType: 'Maturity',
      name: 'Slab node 1',
      tenantGroupId: w.ht,
      tenantId: w.htTenant,
      gatewayId: w.gateway,
      cableId: 40001,
      batteryLevelType: 2,
      runningJobId: null,
      latestNodeBattery: { value: null, timestamp: null },
    });
    expect(d.cable?.nodeId).toBe(30001);
    expect(d.sensors.map((s) => [s.channelId, s.sensorType])).toEqual([
      [1, 'Temperature'],
      [2, 'Temperature'],
      [3, 'Humidity'],
    ]);
    w.sensor1 = d.sensors[0].sensorId;
    expect((await req('viewer', 'GET', '/api/nodes/cmd/fetch/30001')).json().sensors).toHaveLength(3);
  });

  it('answers 409 for an id already registered (by anyone), changing nothing', async () => {
    const before = [await count('node'), await count('cable'), await count('sensor')];
    const dupNode = await req('admin', 'POST', '/api/nodes', {
      id: 9201,
      nodeType: 'Gas',
      name: 'x',
      tenantGroupId: w.ht,
    });
    expect(dupNode.statusCode).toBe(409);
    expect(dupNode.json().error).toEqual({ code: 'CONFLICT', message: 'Node 9201 is already registered' });
    const dupCable = await req('admin', 'POST', '/api/cables', { id: 40001, name: 'again', spec: cableSpec });
    expect(dupCable.statusCode).toBe(409);
    expect(dupCable.json().error.message).toBe('Cable 40001 is already registered');
    const taken = await req('admin', 'POST', '/api/nodes', {
      id: 30002,
      nodeType: 'Maturity',
      name: 'Second',
      tenantGroupId: w.ht,
      cableId: 40001,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Cable 40001 is already attached to node 30001');
    expect([await count('node'), await count('cable'), await count('sensor')]).toEqual(before);
  });

  it('rejects bad registrations with 400 and non-admins with 403, changing nothing', async () => {
    const before = [await count('node'), await count('cable'), await count('sensor')];
    const bad = [
      { id: 30003, nodeType: 'Toaster', name: 'x', tenantGroupId: w.ht },
      { id: 0, nodeType: 'Gas', name: 'x', tenantGroupId: w.ht },
      { id: 30003, nodeType: 'Gas', name: '', tenantGroupId: w.ht },
      { id: 30003, nodeType: 'Gas', name: 'x', tenantGroupId: w.ht, tenantId: w.rmcTenant },
      { id: 30003, nodeType: 'Gas', name: 'x', tenantGroupId: w.ht, gatewayId: w.rmcGateway },
      { id: 30003, nodeType: 'Gas', name: 'x', tenantGroupId: w.ht, cableId: 9299 },
      { id: 30003, nodeType: 'Gas', name: 'x', tenantGroupId: w.ht, batteryLevelType: 3 },
    ];
    for (const body of bad) {
      const res = await req('admin', 'POST', '/api/nodes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
    for (const body of [
      { id: 40002, name: 'x', spec: { channels: [] } },
      { id: 40002, name: 'x', spec: { channels: [{ channelType: 'Pressure', channelId: 1 }] } },
      { id: 40002, name: 'x', spec: { channels: [{ channelType: 'Temperature', channelId: 0 }] } },
      {
        id: 40002,
        name: 'x',
        spec: {
          channels: [
            { channelType: 'Temperature', channelId: 1 },
            { channelType: 'Temperature', channelId: 1 },
          ],
        },
      },
    ]) {
      expect((await req('admin', 'POST', '/api/cables', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const node = { id: 30003, nodeType: 'Gas', name: 'x', tenantGroupId: w.ht };
    expect((await req('editor', 'POST', '/api/nodes', node)).statusCode).toBe(403);
    expect(
      (await req('editor', 'POST', '/api/cables', { id: 40002, name: 'x', spec: cableSpec })).statusCode,
    ).toBe(403);
    expect(
      (await req('admin', 'POST', '/api/nodes', { ...node, tenantGroupId: w.otherSite })).statusCode,
    ).toBe(404);
    expect([await count('node'), await count('cable'), await count('sensor')]).toEqual(before);
  });

  it('lists nodes by project or job site, with their running job', async () => {
    await addNode(ctx.db.db, { id: 30010, companyId: ctx.companyId, siteId: w.ht, nodeType: 'Gas' });
    const job = await addJob(ctx.db.db, {
      companyId: ctx.companyId,
      siteId: w.ht,
      tenantId: w.htTenant,
      kind: 'DATA',
      typeName: 'Gas',
      name: 'Gas',
      nodeId: 30010,
    });
    const bySite = (
      await req('viewer', 'GET', `/api/nodes/list/by_tenant?tenantGroupId=${w.ht}`)
    ).json() as NodeInfo[];
    expect(bySite.map((n) => [n.id, n.runningJobId])).toEqual([
      [30001, null],
      [30010, job],
    ]);
    const byTenant = (
      await req('viewer', 'GET', `/api/nodes/list/by_tenant?tenantId=${w.htTenant}`)
    ).json() as NodeInfo[];
    expect(byTenant.map((n) => n.id)).toEqual([30001]);
    expect((await req('viewer', 'GET', '/api/nodes/list/by_tenant')).statusCode).toBe(400);
    expect((await req('viewer', 'GET', `/api/nodes/list/by_tenant?tenantGroupId=${w.rmc}`)).statusCode).toBe(
      404,
    );
    expect(
      (await req('admin', 'GET', `/api/nodes/list/by_tenant?tenantId=${w.otherTenant}`)).statusCode,
    ).toBe(404);
  });

  it('answers a cable by id, 409 when attached and allowAttached=false, and the association info', async () => {
    expect((await req('viewer', 'GET', '/api/cables/40001')).json().nodeId).toBe(30001);
    const attached = await req('viewer', 'GET', '/api/cables/40001?allowAttached=false');
    expect(attached.statusCode).toBe(409);
    expect(attached.json().error.message).toBe('Cable 40001 is already attached to node 30001');
    expect((await req('admin', 'GET', '/api/cables/9299')).statusCode).toBe(404);

    await req('admin', 'POST', '/api/cables', {
      id: 40003,
      name: 'Spare',
      spec: { channels: [{ channelType: 'Temperature', channelId: 1 }] },
    });
    const info = (
      await req('viewer', 'GET', '/api/nodes/association/info?nodeId=30001&cableId=40003')
    ).json();
    expect(info as NodeAssociationInfo).toEqual({
      nodeId: 30001,
      cableId: 40003,
      nodeCableId: 40001,
      cableNodeId: null,
      nodeRunningJobId: null,
      associated: false,
      canAssociate: true,
      reason: null,
    });
    const busy = (
      await req('viewer', 'GET', '/api/nodes/association/info?nodeId=30010&cableId=40001')
    ).json();
    expect(busy).toMatchObject({ canAssociate: false, reason: 'Cable 40001 is attached to node 30001' });
    expect(
      (await req('viewer', 'GET', '/api/nodes/association/info?nodeId=30001&cableId=40001')).json(),
    ).toMatchObject({
      associated: true,
      canAssociate: true,
    });
    expect(
      (await req('admin', 'GET', '/api/nodes/association/info?nodeId=9201&cableId=40003')).statusCode,
    ).toBe(404);
  });

  it('attaches and detaches cables: editors of the site may, not while a job runs', async () => {
    const moved = await req('editor', 'PUT', '/api/nodes/cmd/assign_cable', {
      nodeId: 30001,
      cableId: 40003,
    });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as NodeDetail).cable?.id).toBe(40003);
    // The first cable's sensors stay with their readings; the new cable's channel already exists.
    expect((moved.json() as NodeDetail).sensors).toHaveLength(3);
    expect(
      (await req('viewer', 'PUT', '/api/nodes/cmd/assign_cable', { nodeId: 30001, cableId: null }))
        .statusCode,
    ).toBe(403);
    const busy = await req('admin', 'PUT', '/api/nodes/cmd/assign_cable', { nodeId: 30010, cableId: 40001 });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toContain('is running job');
    const off = await req('editor', 'PUT', '/api/nodes/cmd/assign_cable', { nodeId: 30001, cableId: null });
    expect(off.json().cableId).toBeNull();
    // Node 9101 had a sensor on channel 1 already: the cable adds channels 2 and 3 only.
    const riverside = await req('admin', 'PUT', '/api/nodes/cmd/assign_cable', {
      nodeId: 9101,
      cableId: 40001,
    });
    expect(
      (riverside.json() as NodeDetail).sensors.map((s) => [s.channelId, s.sensorType, s.id === w.rmcSensor]),
    ).toEqual([
      [1, 'Temperature', true],
      [2, 'Temperature', false],
      [3, 'Humidity', false],
    ]);
    expect(
      (await req('editor', 'PUT', '/api/nodes/cmd/assign_cable', { nodeId: 9101, cableId: null })).statusCode,
    ).toBe(404);
  });

  it('sets a sensor alias, decommissions and blacklists it (write access to its site)', async () => {
    const alias = await req('editor', 'PUT', '/api/channels/sensors/cmd/assign_alias', {
      sensorId: w.sensor1,
      alias: '  Top mat ',
    });
    expect(alias.statusCode).toBe(200);
    expect((alias.json() as ChannelSensor).sensorAlias).toBe('Top mat');
    const dec = await req('editor', 'PUT', '/api/channels/sensors/cmd/decommission', {
      sensorId: w.sensor1,
      decommissioned: true,
    });
    expect(dec.json()).toMatchObject({ decommissioned: true, blacklisted: false });
    const bl = await req('admin', 'PUT', '/api/channels/sensors/cmd/blacklist', {
      sensorId: w.sensor1,
      blacklisted: true,
    });
    expect(bl.json()).toMatchObject({ decommissioned: true, blacklisted: true, sensorAlias: 'Top mat' });
    const cleared = await req('editor', 'PUT', '/api/channels/sensors/cmd/assign_alias', {
      sensorId: w.sensor1,
      alias: '',
    });
    expect(cleared.json().sensorAlias).toBeNull();

    const row = () =>
      ctx.db.db.selectFrom('sensor').selectAll().where('id', '=', w.sensor1).executeTakeFirstOrThrow();
    const before = await row();
    expect(
      (
        await req('viewer', 'PUT', '/api/channels/sensors/cmd/blacklist', {
          sensorId: w.sensor1,
          blacklisted: false,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await req('editor', 'PUT', '/api/channels/sensors/cmd/blacklist', {
          sensorId: w.rmcSensor,
          blacklisted: true,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await req('admin', 'PUT', '/api/channels/sensors/cmd/blacklist', {
          sensorId: w.otherSensor,
          blacklisted: true,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await req('admin', 'PUT', '/api/channels/sensors/cmd/blacklist', {
          sensorId: w.sensor1,
          blacklisted: 'yes',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await req('admin', 'PUT', '/api/channels/sensors/cmd/assign_alias', {
          sensorId: w.sensor1,
          alias: 'x'.repeat(65),
        })
      ).statusCode,
    ).toBe(400);
    expect(await row()).toEqual(before);
  });

  it("never answers another company's or an ungranted site's hardware", async () => {
    expect((await req('admin', 'GET', '/api/nodes/cmd/fetch/9201')).statusCode).toBe(404);
    expect((await req('editor', 'GET', '/api/nodes/cmd/fetch/9101')).statusCode).toBe(404);
    expect((await req('admin', 'GET', '/api/nodes/cmd/fetch/9101')).statusCode).toBe(200);
    // Cable 40001 is now on node 9101 (Riverside): the editor cannot see it.
    expect((await req('editor', 'GET', '/api/cables/40001')).statusCode).toBe(404);
  });

  it('clamps the latest position of a listed node to ±85 degrees of latitude', async () => {
    const at = Date.now() - 60_000;
    for (const [id, lat] of [
      [30090, 89.5],
      [30091, -88],
      [30092, 43.6415],
    ] as const) {
      await addNode(ctx.db.db, { id, companyId: ctx.companyId, siteId: w.ht, nodeType: 'GPS' });
      await ctx.db.db
        .updateTable('node')
        .set({ latest_location_ts: at, latest_lat: lat, latest_lng: -79.379 })
        .where('id', '=', id)
        .execute();
    }
    const listed = (
      await req('viewer', 'GET', `/api/nodes/list/by_tenant?tenantGroupId=${w.ht}`)
    ).json() as NodeInfo[];
    const position = (id: number) => listed.find((n) => n.id === id)?.latestLocation;
    expect(position(30090)).toEqual({ timestamp: at, lat: 85, longitude: -79.379 });
    expect(position(30091)).toEqual({ timestamp: at, lat: -85, longitude: -79.379 });
    expect(position(30092)).toEqual({ timestamp: at, lat: 43.6415, longitude: -79.379 });
  });
});
