import type {
  ChecklistFill,
  ChecklistTemplate,
  MaterialStage,
  TrackingManagerPage,
} from '@sitepulse/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { OTHER_ID, TRACKER, useTrackingApp, type Who } from './test-setup.ts';

/**
 * GET /tracking/manager (issue 16): one call for the tracking manager's page, the company's active IDs with
 * their project, state, GPS node and its last fix, latest checklist and current stage, for the readers of
 * each ID only.
 */
const { ctx, ids, lt, call, fixAt } = useTrackingApp();
const MANAGER = '/tracking/manager';
const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

const read = async (who: Who, query = '') => {
  const res = await call(who, 'GET', `${MANAGER}?companyId=${ctx.companyId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TrackingManagerPage;
};

describe('the tracking manager', () => {
  const fills: ChecklistFill[] = [];
  let cast = 0;

  beforeAll(async () => {
    const made = async (name: string) => {
      const res = await call('admin', 'POST', '/checklist/templates', {
        companyId: ctx.companyId,
        name,
        template: { items: [{ key: 'ok', label: 'All good', kind: 'CHECK', required: true }] },
        tenants: [ids.yardTags],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ChecklistTemplate;
    };
    const [first, second] = [await made('Yard walk'), await made('Lifting check')];
    for (const template of [first, second]) {
      const res = await call('yardEditor', 'POST', '/checklist/fills', {
        templateId: template.id,
        tenantId: ids.yardTags,
        lumitrackId: lt.yard[0],
        answers: [{ key: 'ok', value: true }],
      });
      expect(res.statusCode, res.body).toBe(201);
      fills.push(res.json() as ChecklistFill);
    }
    const stages = (
      await call('admin', 'GET', `/tracking/material/stages?companyId=${ctx.companyId}`)
    ).json() as MaterialStage[];
    cast = stages[0].id;
    const res = await call('yardEditor', 'POST', '/tracking/material/events', {
      lumitrackId: lt.yard[0],
      stageId: cast,
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('lists the active IDs newest first, each with its project, state, GPS node, last fix, checklist and stage', async () => {
    const [y1, y2, y3] = lt.yard;
    const page = await read('admin');
    expect(page).toMatchObject({ total: 5, positioned: 1, page: 0, rpp: 100 });
    expect(page.items.map((i) => i.lumitrackId)).toEqual([lt.loose, lt.tower, y3, y2, y1]);
    const tracked = page.items[4];
    expect(tracked).toEqual({
      lumitrackId: y1,
      state: 'Active',
      tenant: ids.yardTags,
      projectName: 'Yard Asset Tags',
      tenantGroupId: ids.yardSite,
      creationDate: expect.any(Number),
      gpsNodeId: TRACKER.id,
      gpsNodeName: TRACKER.name,
      location: { lat: TRACKER.lat, lng: TRACKER.lng, timestamp: fixAt },
      latestChecklist: {
        fillId: fills[1].id,
        templateId: fills[1].templateId,
        templateName: 'Lifting check',
        username: 'yardeditor',
        userName: 'yardeditor Test',
        creationDate: fills[1].creationDate,
      },
      stage: {
        stageId: cast,
        name: 'Cast',
        position: 1,
        since: expect.any(Number),
        username: 'yardeditor',
        userName: 'yardeditor Test',
      },
    });
    // No node, no position; no checklist, no stage.
    expect(page.items[3]).toMatchObject({
      lumitrackId: y2,
      gpsNodeId: null,
      gpsNodeName: null,
      location: null,
      latestChecklist: null,
      stage: null,
    });
    expect(page.items[0]).toMatchObject({
      lumitrackId: lt.loose,
      tenant: null,
      projectName: null,
      tenantGroupId: null,
    });
    // The deleted ID is not listed.
    expect(page.items.some((i) => i.lumitrackId === lt.deleted)).toBe(false);
  });

  it('pages, and filters by project', async () => {
    const last = await read('admin', '&rpp=2&page=2');
    expect(last).toMatchObject({ total: 5, positioned: 1, page: 2, rpp: 2 });
    expect(last.items.map((i) => i.lumitrackId)).toEqual([lt.yard[0]]);
    const yard = await read('admin', `&tenantId=${ids.yardTags}`);
    expect(yard.items.map((i) => i.lumitrackId)).toEqual([...lt.yard].reverse());
    const tower = await read('admin', `&tenantId=${ids.towerTags}`);
    expect(tower).toMatchObject({ total: 1, positioned: 0 });
  });

  it('holds only what the caller reads', async () => {
    const yardViewer = await read('yardViewer');
    expect(yardViewer.items.map((i) => i.lumitrackId)).toEqual([lt.loose, ...[...lt.yard].reverse()]);
    expect(yardViewer.items.at(-1)?.latestChecklist?.templateName).toBe('Lifting check');
    const viewer = await read('viewer');
    expect(viewer).toMatchObject({ total: 2, positioned: 0 });
    expect(viewer.items.map((i) => i.lumitrackId)).toEqual([lt.loose, lt.tower]);
    const theirs = await call('other', 'GET', `${MANAGER}?companyId=${ids.otherCompany}`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((theirs.json() as TrackingManagerPage).items.map((i) => i.lumitrackId)).toEqual([OTHER_ID]);
  });

  it("refuses another company's companyId, projects the caller does not read and bad paging", async () => {
    for (const [who, query, status] of [
      ['other', '', 403],
      ['admin', `&tenantId=${ids.otherTags}`, 404],
      ['viewer', `&tenantId=${ids.yardTags}`, 404],
      ['yardInspector', `&tenantId=${ids.yardTags}`, 403],
      ['admin', '&rpp=0', 400],
      ['admin', '&rpp=501', 400],
      ['admin', '&page=-1', 400],
      ['admin', '&tenantId=0', 400],
    ] as const) {
      const res = await call(who, 'GET', `${MANAGER}?companyId=${ctx.companyId}${query}`);
      expect(res.statusCode, `${who} ${query}: ${res.body}`).toBe(status);
      expect(res.json()).toEqual(errorShape);
    }
    expect((await call(null, 'GET', `${MANAGER}?companyId=${ctx.companyId}`)).statusCode).toBe(401);
    expect((await call('admin', 'GET', MANAGER)).statusCode).toBe(400);
  });

  it('follows the GPS node: a new fix moves the ID, taking the node away leaves it with no position', async () => {
    const at = Date.now();
    await ctx.db.db
      .updateTable('node')
      .set({ latest_lat: 43.3, latest_lng: -79.8, latest_location_ts: at })
      .where('id', '=', TRACKER.id)
      .execute();
    const moved = (await read('admin')).items.find((i) => i.lumitrackId === lt.yard[0]);
    expect(moved?.location).toEqual({ lat: 43.3, lng: -79.8, timestamp: at });
    const off = await call('admin', 'PUT', '/lumitrack/lumitrackid/cmd/assign_gps_node', {
      lumitrackId: lt.yard[0],
      nodeId: null,
    });
    expect(off.statusCode, off.body).toBe(200);
    const page = await read('admin');
    expect(page.positioned).toBe(0);
    expect(page.items.find((i) => i.lumitrackId === lt.yard[0])).toMatchObject({
      gpsNodeId: null,
      location: null,
    });
  });
});
