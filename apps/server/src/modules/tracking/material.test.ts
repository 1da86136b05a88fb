import type {
  ChecklistFill,
  ChecklistTemplate,
  MaterialElementsPage,
  MaterialEvent,
  MaterialStage,
  MaterialTimeline,
} from '@sitepulse/contracts';
import { describe, expect, it } from 'vitest';
import { OTHER_ID, useTrackingApp, type Who } from './test-setup.ts';

/**
 * Material tracking (issue 16, docs/decisions/material-tracking.md): the company's stages, stage events of its
 * elements (Lumitrack IDs) with the note rule, timelines, and the elements per stage. The tests of one file
 * build on each other, in order.
 */
const { ctx, ids, lt, call, snapshot } = useTrackingApp();
const STAGES = '/tracking/material/stages';
const EVENTS = '/tracking/material/events';
const ELEMENTS = '/tracking/material/elements';

let stages: MaterialStage[] = [];
const stageId = (name: string) => {
  const s = stages.find((x) => x.name === name);
  if (!s) throw new Error(`no stage ${name}`);
  return s.id;
};
const record = (who: Who, lumitrackId: string, stage: string | number, extra: Record<string, unknown> = {}) =>
  call(who, 'POST', EVENTS, {
    lumitrackId,
    stageId: typeof stage === 'number' ? stage : stageId(stage),
    ...extra,
  });
const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

describe('the stages of material tracking', () => {
  it('writes no stages for a refused read of a company that has none yet', async () => {
    const res = await call('admin', 'GET', `${ELEMENTS}?companyId=${ctx.companyId}&stageId=987654`);
    expect(res.statusCode, res.body).toBe(400);
    const rows = await ctx.db.db
      .selectFrom('material_stage')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers the default stages on first read, once, to any user of the company', async () => {
    const first = await call('viewer', 'GET', `${STAGES}?companyId=${ctx.companyId}`);
    expect(first.statusCode, first.body).toBe(200);
    stages = first.json() as MaterialStage[];
    expect(stages.map((s) => [s.name, s.position, s.checklistTemplateId, s.eventCount])).toEqual([
      ['Cast', 1, null, 0],
      ['Cured', 2, null, 0],
      ['In yard', 3, null, 0],
      ['Shipped', 4, null, 0],
      ['Installed', 5, null, 0],
    ]);
    // Two reads at once write them once.
    const again = await Promise.all(
      (['yardViewer', 'admin'] as const).map((w) => call(w, 'GET', `${STAGES}?companyId=${ctx.companyId}`)),
    );
    for (const r of again)
      expect((r.json() as MaterialStage[]).map((s) => s.id)).toEqual(stages.map((s) => s.id));
    const rows = await ctx.db.db
      .selectFrom('material_stage')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .execute();
    expect(rows).toHaveLength(5);
  });

  it("refuses another company's companyId (403), a missing sign-in (401) and a bad companyId (400)", async () => {
    const other = await call('other', 'GET', `${STAGES}?companyId=${ctx.companyId}`);
    expect(other.statusCode, other.body).toBe(403);
    expect(other.json()).toEqual(errorShape);
    expect((await call(null, 'GET', `${STAGES}?companyId=${ctx.companyId}`)).statusCode).toBe(401);
    for (const bad of ['0', 'x', '1.5', '99999999999']) {
      expect((await call('admin', 'GET', `${STAGES}?companyId=${bad}`)).statusCode).toBe(400);
    }
  });

  it('lets a company admin rename, reorder, add stages and give one a checklist, all at once', async () => {
    const template = await call('admin', 'POST', '/checklist/templates', {
      companyId: ctx.companyId,
      name: 'Curing check',
      template: { items: [{ key: 'cured', label: 'Cure time reached', kind: 'CHECK', required: true }] },
      tenants: [ids.yardTags],
    });
    expect(template.statusCode, template.body).toBe(200);
    const curing = template.json() as ChecklistTemplate;
    const res = await call('admin', 'PUT', STAGES, {
      companyId: ctx.companyId,
      stages: [
        { id: stageId('Cast'), name: 'Cast' },
        { id: stageId('Cured'), name: ' Cured ', checklistTemplateId: curing.id },
        { name: 'Stripped' },
        { id: stageId('In yard'), name: 'Yard' },
        { id: stageId('Shipped'), name: 'Shipped' },
        { id: stageId('Installed'), name: 'Installed' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as MaterialStage[];
    expect(saved.map((s) => [s.name, s.position, s.checklistTemplateName])).toEqual([
      ['Cast', 1, null],
      ['Cured', 2, 'Curing check'],
      ['Stripped', 3, null],
      ['Yard', 4, null],
      ['Shipped', 5, null],
      ['Installed', 6, null],
    ]);
    // Renamed and moved stages keep their ids.
    expect(saved[3].id).toBe(stageId('In yard'));
    stages = saved;
    const read = await call('yardEditor', 'GET', `${STAGES}?companyId=${ctx.companyId}`);
    expect(read.json()).toEqual(saved);
  });

  it('refuses bad lists and anyone but a company admin, changing nothing', async () => {
    const theirs = (
      await call('other', 'GET', `${STAGES}?companyId=${ids.otherCompany}`)
    ).json() as MaterialStage[];
    expect(theirs).toHaveLength(5);
    const before = await snapshot();
    const keep = stages.map((s) => ({ id: s.id, name: s.name }));
    const cases: [Who, unknown, number][] = [
      [
        'admin',
        { companyId: ctx.companyId, stages: Array.from({ length: 13 }, (_, i) => ({ name: `S${i}` })) },
        400,
      ],
      ['admin', { companyId: ctx.companyId, stages: [] }, 400],
      ['admin', { companyId: ctx.companyId, stages: [...keep, { name: 'cast' }] }, 400],
      ['admin', { companyId: ctx.companyId, stages: [...keep, { name: '   ' }] }, 400],
      ['admin', { companyId: ctx.companyId, stages: [...keep, { name: 'Two\nlines' }] }, 400],
      ['admin', { companyId: ctx.companyId, stages: [...keep, { name: 'x'.repeat(41) }] }, 400],
      ['admin', { companyId: ctx.companyId, stages: [...keep, { id: keep[0].id, name: 'Again' }] }, 400],
      ['admin', { companyId: ctx.companyId, stages: [...keep, { id: 987_654, name: 'Ghost' }] }, 404],
      ['admin', { companyId: ctx.companyId, stages: [...keep, { id: theirs[0].id, name: 'Theirs' }] }, 404],
      ['admin', { companyId: ctx.companyId, stages: [{ ...keep[0], checklistTemplateId: 987_654 }] }, 404],
      ['admin', { companyId: ctx.companyId, stages: [{ ...keep[0], checklistTemplateId: 0 }] }, 400],
      ['admin', { companyId: ctx.companyId, stages: [{ id: -1, name: 'x' }] }, 400],
      ['admin', { companyId: ctx.companyId }, 400],
      ['yardEditor', { companyId: ctx.companyId, stages: keep.slice(1) }, 403],
      ['roadmin', { companyId: ctx.companyId, stages: keep.slice(1) }, 403],
      ['readonly', { companyId: ctx.companyId, stages: keep.slice(1) }, 403],
      ['viewer', { companyId: ctx.companyId, stages: keep.slice(1) }, 403],
      ['other', { companyId: ctx.companyId, stages: [{ name: 'Mine' }] }, 403],
    ];
    for (const [who, body, status] of cases) {
      const res = await call(who, 'PUT', STAGES, body);
      expect(res.statusCode, `${who} ${JSON.stringify(body).slice(0, 120)}: ${res.body}`).toBe(status);
      expect(res.json()).toEqual(errorShape);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('recording stages of elements', () => {
  const [y1, y2, y3] = [0, 1, 2].map((i) => () => lt.yard[i]);

  it('records a stage typed in any case, on, skipping stages, and the same stage again', async () => {
    const typed = y1().toLowerCase().replaceAll('-', '');
    const cast = await record('yardEditor', typed, 'Cast');
    expect(cast.statusCode, cast.body).toBe(201);
    expect(cast.json()).toMatchObject({
      lumitrackId: y1(),
      stageName: 'Cast',
      position: 1,
      move: 'FIRST',
      note: null,
      checklistFillId: null,
      username: 'yardeditor',
      userName: 'yardeditor Test',
    });
    const skip = await record('yardEditor', y1(), 'Yard');
    expect(skip.statusCode, skip.body).toBe(201);
    expect(skip.json()).toMatchObject({ stageName: 'Yard', position: 4, move: 'FORWARD' });
    const same = await record('admin', y1(), 'Yard');
    expect(same.statusCode, same.body).toBe(201);
    expect(same.json()).toMatchObject({ move: 'SAME', username: 'admin' });
  });

  it('needs a note to go back to an earlier stage, and keeps it', async () => {
    const before = await snapshot();
    for (const note of [undefined, '   ']) {
      const res = await record('yardEditor', y1(), 'Cured', note === undefined ? {} : { note });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(
        `${y1()} is at 'Yard': going back to 'Cured' needs a note saying why`,
      );
    }
    expect(await snapshot()).toEqual(before);
    const back = await record('yardEditor', y1(), 'Cured', { note: '  Hairline crack: back to curing \n' });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({ move: 'BACKWARD', note: 'Hairline crack: back to curing' });
  });

  it('refuses those who may not record, and bad input, storing nothing', async () => {
    const before = await snapshot();
    const theirStage = (
      (
        await call('other', 'GET', `/tracking/material/stages?companyId=${ids.otherCompany}`)
      ).json() as MaterialStage[]
    )[0].id;
    const cases: [Who, Record<string, unknown>, number][] = [
      ['yardViewer', { lumitrackId: y2(), stageId: stageId('Cast') }, 403],
      ['readonly', { lumitrackId: y2(), stageId: stageId('Cast') }, 403],
      ['yardInspector', { lumitrackId: y2(), stageId: stageId('Cast') }, 403],
      // The demo editor and viewer are on Harbourfront Tower: the yard's IDs are not theirs to read.
      ['editor', { lumitrackId: y2(), stageId: stageId('Cast') }, 404],
      // An ID in no project: the viewer of a site with a Lumitrack project may read it, not change it.
      ['viewer', { lumitrackId: lt.loose, stageId: stageId('Cast') }, 403],
      ['other', { lumitrackId: y2(), stageId: theirStage }, 404],
      ['admin', { lumitrackId: OTHER_ID, stageId: stageId('Cast') }, 404],
      ['admin', { lumitrackId: 'LT-ZZZZ-ZZZZ', stageId: stageId('Cast') }, 404],
      ['admin', { lumitrackId: lt.deleted, stageId: stageId('Cast') }, 400],
      ['admin', { lumitrackId: 'LT-0000-0000', stageId: stageId('Cast') }, 400],
      ['admin', { lumitrackId: y2(), stageId: 987_654 }, 400],
      ['admin', { lumitrackId: y2(), stageId: theirStage }, 400],
      ['admin', { lumitrackId: y2(), stageId: 0 }, 400],
      ['admin', { lumitrackId: y2(), stageId: 1.5 }, 400],
      ['admin', { lumitrackId: y2() }, 400],
      ['admin', { lumitrackId: y2(), stageId: stageId('Cast'), note: 'x'.repeat(501) }, 400],
      ['admin', { lumitrackId: y2(), stageId: stageId('Cast'), note: 'bad\u0000note' }, 400],
      ['admin', { lumitrackId: y2(), stageId: stageId('Cast'), checklistFillId: 987_654 }, 404],
      ['admin', { lumitrackId: y2(), stageId: stageId('Cast'), checklistFillId: -4 }, 400],
    ];
    for (const [who, body, status] of cases) {
      const res = await call(who, 'POST', EVENTS, body);
      expect(res.statusCode, `${who} ${JSON.stringify(body).slice(0, 100)}: ${res.body}`).toBe(status);
      expect(res.json()).toEqual(errorShape);
    }
    expect(
      (await call(null, 'POST', EVENTS, { lumitrackId: y2(), stageId: stageId('Cast') })).statusCode,
    ).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('records an element in no project for an editor of a Lumitrack site, and a stage backed by its checklist', async () => {
    const loose = await record('yardEditor', lt.loose, 'Cast');
    expect(loose.statusCode, loose.body).toBe(201);

    const cured = stages.find((s) => s.name === 'Cured') as MaterialStage;
    const fill = await call('yardEditor', 'POST', '/checklist/fills', {
      templateId: cured.checklistTemplateId,
      tenantId: ids.yardTags,
      lumitrackId: y2(),
      answers: [{ key: 'cured', value: true }],
    });
    expect(fill.statusCode, fill.body).toBe(201);
    const filled = fill.json() as ChecklistFill;

    const before = await snapshot();
    const wrongId = await record('yardEditor', y3(), 'Cured', { checklistFillId: filled.id });
    expect(wrongId.statusCode, wrongId.body).toBe(400);
    expect(wrongId.json().error.message).toBe(
      `Checklist ${filled.id} was filled for ${y2()}, not for ${y3()}`,
    );
    expect(await snapshot()).toEqual(before);

    const backed = await record('yardEditor', y2(), 'Cured', { checklistFillId: filled.id });
    expect(backed.statusCode, backed.body).toBe(201);
    expect(backed.json()).toMatchObject({
      lumitrackId: y2(),
      stageName: 'Cured',
      move: 'FIRST',
      checklistFillId: filled.id,
      checklistTemplateName: 'Curing check',
    });
  });

  it("answers an element's timeline, newest first, to the readers of its site only", async () => {
    for (const who of ['yardViewer', 'admin'] as const) {
      const res = await call(who, 'GET', `${EVENTS}/by_lumitrack_id/${y1().toLowerCase()}`);
      expect(res.statusCode, res.body).toBe(200);
      const t = res.json() as MaterialTimeline;
      expect(t.element).toMatchObject({
        lumitrackId: y1(),
        state: 'Active',
        tenant: ids.yardTags,
        projectName: 'Yard Asset Tags',
        tenantGroupId: ids.yardSite,
        stage: { stageId: stageId('Cured'), name: 'Cured', position: 2, username: 'yardeditor' },
      });
      expect(t.events.map((e: MaterialEvent) => [e.stageName, e.move])).toEqual([
        ['Cured', 'BACKWARD'],
        ['Yard', 'SAME'],
        ['Yard', 'FORWARD'],
        ['Cast', 'FIRST'],
      ]);
      expect(t.events[0].creationDate).toBe(t.element.stage?.since);
    }
    const deleted = await call('admin', 'GET', `${EVENTS}/by_lumitrack_id/${lt.deleted}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ element: { state: 'Inactive', stage: null }, events: [] });
    for (const [who, id, status] of [
      ['editor', y1(), 404],
      ['other', y1(), 404],
      ['admin', OTHER_ID, 404],
      ['yardInspector', y1(), 403],
      ['admin', 'not-an-id', 400],
    ] as const) {
      const res = await call(who, 'GET', `${EVENTS}/by_lumitrack_id/${id}`);
      expect(res.statusCode, `${who} ${id}: ${res.body}`).toBe(status);
    }
  });

  it('removes a stage with no events, and refuses to remove one with events (409)', async () => {
    const without = (name: string) =>
      stages.filter((s) => s.name !== name).map((s) => ({ id: s.id, name: s.name }));
    const before = await snapshot();
    const used = await call('admin', 'PUT', STAGES, { companyId: ctx.companyId, stages: without('Cast') });
    expect(used.statusCode, used.body).toBe(409);
    expect(used.json().error.message).toBe(
      "Stage 'Cast' cannot be removed: 2 stage events were recorded at it",
    );
    expect(await snapshot()).toEqual(before);
    const ok = await call('admin', 'PUT', STAGES, {
      companyId: ctx.companyId,
      stages: stages
        .filter((s) => s.name !== 'Stripped')
        // null takes Cured's checklist away.
        .map((s) => ({ id: s.id, name: s.name, checklistTemplateId: s.name === 'Cured' ? null : undefined })),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    stages = ok.json() as MaterialStage[];
    expect(stages.map((s) => [s.name, s.position, s.eventCount, s.checklistTemplateId])).toEqual([
      ['Cast', 1, 2, null],
      ['Cured', 2, 2, null],
      ['Yard', 3, 2, null],
      ['Shipped', 4, 0, null],
      ['Installed', 5, 0, null],
    ]);
  });
});

describe('elements per stage', () => {
  const list = async (who: Who, query = '') => {
    const res = await call(who, 'GET', `${ELEMENTS}?companyId=${ctx.companyId}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MaterialElementsPage;
  };
  const counts = (p: MaterialElementsPage) => [
    ...p.stages.map((s) => [s.name, s.count]),
    ['none', p.notStarted],
  ];

  it('counts the elements now at each stage and lists them newest first, by stage and by project', async () => {
    const [y1, y2, y3] = lt.yard;
    const all = await list('admin');
    expect(counts(all)).toEqual([
      ['Cast', 1],
      ['Cured', 2],
      ['Yard', 0],
      ['Shipped', 0],
      ['Installed', 0],
      ['none', 2],
    ]);
    expect(all.total).toBe(5);
    expect(all.items.map((e) => [e.lumitrackId, e.stage?.name ?? null])).toEqual([
      [lt.loose, 'Cast'],
      [lt.tower, null],
      [y3, null],
      [y2, 'Cured'],
      [y1, 'Cured'],
    ]);
    const cured = await list('admin', `&stageId=${stages[1].id}`);
    expect(cured.items.map((e) => e.lumitrackId)).toEqual([y2, y1]);
    expect(cured.total).toBe(2);
    expect(counts(cured)).toEqual(counts(all));
    const none = await list('admin', '&notStarted=true');
    expect(none.items.map((e) => e.lumitrackId)).toEqual([lt.tower, y3]);
    const yard = await list('admin', `&tenantId=${ids.yardTags}`);
    expect(counts(yard)).toEqual([
      ['Cast', 0],
      ['Cured', 2],
      ['Yard', 0],
      ['Shipped', 0],
      ['Installed', 0],
      ['none', 1],
    ]);
    expect(yard.items.map((e) => e.lumitrackId)).toEqual([y3, y2, y1]);
    const second = await list('admin', '&rpp=2&page=1');
    expect(second).toMatchObject({ total: 5, page: 1, rpp: 2 });
    expect(second.items.map((e) => e.lumitrackId)).toEqual([y3, y2]);
  });

  it('holds only the elements the caller reads', async () => {
    // The yard's viewer: the yard's IDs and the one in no project; Harbourfront's viewer: Tower Tags' and that one.
    expect((await list('yardViewer')).items.map((e) => e.lumitrackId)).toEqual([
      lt.loose,
      ...[...lt.yard].reverse(),
    ]);
    expect((await list('viewer')).items.map((e) => e.lumitrackId)).toEqual([lt.loose, lt.tower]);
    const theirs = await call('other', 'GET', `${ELEMENTS}?companyId=${ids.otherCompany}`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((theirs.json() as MaterialElementsPage).items.map((e) => e.lumitrackId)).toEqual([OTHER_ID]);
  });

  it('refuses bad filters, projects not readable and other companies', async () => {
    for (const [who, query, status] of [
      ['admin', `&stageId=${stages[0].id}&notStarted=true`, 400],
      ['admin', '&stageId=987654', 400],
      ['admin', `&tenantId=${ids.otherTags}`, 404],
      ['viewer', `&tenantId=${ids.yardTags}`, 404],
      ['yardInspector', `&tenantId=${ids.yardTags}`, 403],
      ['admin', '&rpp=0', 400],
      ['admin', '&rpp=501', 400],
      ['admin', '&page=-1', 400],
      ['admin', '&page=1000001', 400],
    ] as const) {
      const res = await call(who, 'GET', `${ELEMENTS}?companyId=${ctx.companyId}${query}`);
      expect(res.statusCode, `${who} ${query}: ${res.body}`).toBe(status);
      expect(res.json()).toEqual(errorShape);
    }
    expect((await call('other', 'GET', `${ELEMENTS}?companyId=${ctx.companyId}`)).statusCode).toBe(403);
  });
});
