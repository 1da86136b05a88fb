import type { IdFileRequest, LumitrackId } from '@sitepulse/contracts';
import { gpsNodeRefusal } from '@sitepulse/domain';
import { describe, expect, it } from 'vitest';
import { scanSheets } from '../modules/lumitrack/labels/scan.ts';
import { createLumitrackLabelWorker } from '../modules/lumitrack/worker.ts';
import { signIn, useTestApp } from '../test/test-app.ts';
import { DEMO_LUMITRACK_PROJECT, DEMO_SPARE_GPS_NODE, seedDemoLumitrack } from './lumitrack.ts';

const LT = '/api/lumitrack/lumitrackid';

describe('the demo Lumitrack IDs', () => {
  const ctx = useTestApp();

  it('puts IDs in Yard Asset Tags, one tracked by a spare GPS node and with a label file made; once', async () => {
    const { app, db, companyId } = ctx;
    expect(await seedDemoLumitrack(db.db, app.services, companyId)).toBe(true);
    const admin = (await signIn(ctx)).headers;
    const project = await db.db
      .selectFrom('tenant')
      .select(['id', 'tenant_group_id'])
      .where('company_id', '=', companyId)
      .where('name', '=', DEMO_LUMITRACK_PROJECT)
      .executeTakeFirstOrThrow();
    const inProject: LumitrackId[] = (
      await app.inject({ method: 'GET', url: `${LT}/by_tenant/list/${project.id}`, headers: admin })
    ).json();
    expect(inProject).toHaveLength(6);
    const all: LumitrackId[] = (
      await app.inject({ method: 'GET', url: `${LT}/by_companyId/list/${companyId}`, headers: admin })
    ).json();
    expect(all).toHaveLength(8);
    expect(all.filter((i) => i.tenant === null)).toHaveLength(2);

    // The spare GPS node: of type GPS, no cable, no project (section 4), tracking one of the yard's IDs.
    const node = await db.db
      .selectFrom('node')
      .selectAll()
      .where('id', '=', DEMO_SPARE_GPS_NODE.id)
      .executeTakeFirstOrThrow();
    expect(
      gpsNodeRefusal({ nodeType: node.node_type, cableId: node.cable_id, tenantId: node.tenant_id }),
    ).toBeNull();
    const tracked = inProject.filter((i) => i.gpsNodeId !== null);
    expect(tracked).toHaveLength(1);
    expect(tracked[0].gpsNode).toMatchObject({
      id: DEMO_SPARE_GPS_NODE.id,
      latestLat: DEMO_SPARE_GPS_NODE.lat,
    });

    // Its label file, asked for as a Letter PDF, is made by the worker and scans to the ID.
    const files: IdFileRequest[] = (
      await app.inject({
        method: 'GET',
        url: `${LT}/files/requests/by_lumitrack_id/${tracked[0].lumitrackId}?isUserDefined=true`,
        headers: admin,
      })
    ).json();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ status: 'NEW', payload: { fileFormat: 'PDF_LETTER', fileType: 'PDF' } });
    const worker = createLumitrackLabelWorker({ lumitrack: app.services.lumitrack, pollMs: 3_600_000 });
    await worker.drain();
    const file = await app.inject({
      method: 'GET',
      url: `${LT}/files/requests/by_id/${files[0].id}/file`,
      headers: admin,
    });
    expect(file.statusCode, file.body).toBe(200);
    expect((await scanSheets(file.rawPayload, 'PDF_LETTER')).codes[0]).toBe(tracked[0].lumitrackId);

    // Seeding again (every demo start) makes nothing more.
    expect(await seedDemoLumitrack(db.db, app.services, companyId)).toBe(false);
    const count = await db.db
      .selectFrom('lumitrack_id')
      .select('id')
      .where('company_id', '=', companyId)
      .execute();
    expect(count).toHaveLength(8);
  });
});
