import type { ChecklistFill, ChecklistPhoto, ChecklistTemplate } from '@sitepulse/contracts';
import { CHECKLIST_PHOTO_MAX_BYTES } from '@sitepulse/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG, QA_TEMPLATE, useChecklistApp, type Who } from './test-setup.ts';

const FILLS = '/checklist/fills';
const PHOTOS = '/checklist/photos';
const T = '/checklist/templates';

describe('filled checklists and their photos (ours)', () => {
  const { ctx, headers, ids, lt, call, snapshot, createTemplate } = useChecklistApp();
  let qa: ChecklistTemplate;

  const good = (extra: object[] = []) => [
    { key: 'cover', value: true },
    { key: 'slump', value: 120 },
    ...extra,
  ];
  const fill = (who: Who, body: object) => call(who, 'POST', FILLS, body);
  const body = (answers: unknown, extra: object = {}) => ({
    templateId: qa.id,
    tenantId: ids.yardTags,
    lumitrackId: lt.yard[0],
    answers,
    ...extra,
  });
  const upload = (who: Who, bytes: Buffer, type = 'image/png') =>
    call(who, 'POST', PHOTOS, bytes, { 'content-type': type });
  const refused = async (who: Who, payload: object, status: number, message?: RegExp) => {
    const before = await snapshot();
    const res = await fill(who, payload);
    expect(res.statusCode, `${who} ${JSON.stringify(payload).slice(0, 160)}: ${res.body}`).toBe(status);
    expect(res.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    if (message) expect(res.json().error.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  };

  beforeAll(async () => {
    qa = await createTemplate({
      name: 'Yard QA',
      template: QA_TEMPLATE,
      tenants: [ids.yardTags, ids.towerTags],
    });
  });

  it('a writer of the site fills a checklist: 201, kept with the template version, who and when; FILL audited', async () => {
    const start = Date.now();
    const res = await fill(
      'yardEditor',
      body([
        { key: 'notes', value: '  Chip on the flange  ' },
        { key: 'slump', value: 120 },
        { key: 'cover', value: false },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const f = res.json() as ChecklistFill;
    expect(f).toMatchObject({
      templateId: qa.id,
      templateName: 'Yard QA',
      templateVersion: 1,
      template: QA_TEMPLATE,
      tenantId: ids.yardTags,
      tenantGroupId: ids.yardSite,
      lumitrackId: lt.yard[0],
      username: 'yardeditor',
      userName: 'yardeditor Test',
      answers: [
        { key: 'cover', value: false },
        { key: 'slump', value: 120 },
        { key: 'notes', value: 'Chip on the flange' },
      ],
    });
    expect(f.creationDate).toBeGreaterThanOrEqual(start);

    // Read back one by one and by Lumitrack ID, by readers of the site.
    for (const who of ['yardViewer', 'yardEditor', 'admin'] as const) {
      const one = await call(who, 'GET', `${FILLS}/${f.id}`);
      expect(one.statusCode, `${who}: ${one.body}`).toBe(200);
      expect(one.json()).toEqual(f);
    }
    const byId = (
      await call('yardViewer', 'GET', `${FILLS}/by_lumitrack_id/${lt.yard[0]}`)
    ).json() as ChecklistFill[];
    expect(byId[0]).toEqual(f);

    const audits = (await call('admin', 'POST', `${T}/audits/users`, { templateId: qa.id })).json();
    expect(audits[0]).toMatchObject({ operation: 'FILL', username: 'yardeditor' });
    expect(audits[0].detail).toBe(
      `checklist ${f.id}, version 1, Lumitrack ID ${lt.yard[0]}, project 'Yard Asset Tags'`,
    );
  });

  it('editing the template later never changes a filled checklist', async () => {
    const f = (await fill('yardEditor', body(good()))).json() as ChecklistFill;
    const next = { items: [{ key: 'weld', label: 'Welds inspected', kind: 'CHECK', required: true }] };
    const edit = await call('admin', 'PUT', `${T}/cmd/assign_template`, { id: qa.id, template: next });
    expect(edit.json()).toMatchObject({ version: 2 });
    await call('admin', 'PUT', `${T}/cmd/assign_name`, { id: qa.id, name: 'Yard QA v2' });
    const again = (await call('yardViewer', 'GET', `${FILLS}/${f.id}`)).json() as ChecklistFill;
    expect(again).toEqual(f);
    expect(again).toMatchObject({ templateVersion: 1, templateName: 'Yard QA', template: QA_TEMPLATE });
    // A new fill answers the new version, and the old answers no longer fit it.
    await refused(
      'yardEditor',
      body(good()),
      400,
      /this checklist has no item "cover"|Item 'weld' \(Welds inspected\) is required/,
    );
    const v2 = await fill('yardEditor', body([{ key: 'weld', value: true }]));
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json()).toMatchObject({ templateVersion: 2, templateName: 'Yard QA v2', template: next });
    // Back to the QA items for the tests below.
    await call('admin', 'PUT', `${T}/cmd/assign_template`, { id: qa.id, template: QA_TEMPLATE });
  });

  it('answers are checked against the template: 400 naming the item, nothing stored', async () => {
    await refused(
      'yardEditor',
      body([{ key: 'slump', value: 100 }]),
      400,
      /Item 'cover' \(Cover checked\) is required/,
    );
    await refused(
      'yardEditor',
      body([{ key: 'cover', value: true }]),
      400,
      /Item 'slump' \(Slump\) is required/,
    );
    await refused(
      'yardEditor',
      body([
        { key: 'cover', value: true },
        { key: 'slump', value: 251 },
      ]),
      400,
      /Item 'slump' \(Slump\) 251 is out of bounds: it must be between 0 and 250 mm/,
    );
    await refused(
      'yardEditor',
      body([
        { key: 'cover', value: true },
        { key: 'slump', value: -0.5 },
      ]),
      400,
      /Slump.*out of bounds/,
    );
    await refused(
      'yardEditor',
      body([
        { key: 'cover', value: true },
        { key: 'slump', value: '120' },
      ]),
      400,
      /Item 'slump' \(Slump\) expects a number/,
    );
    await refused(
      'yardEditor',
      body([
        { key: 'cover', value: 'yes' },
        { key: 'slump', value: 1 },
      ]),
      400,
      /Item 'cover' \(Cover checked\) expects true \(pass\) or false \(fail\)/,
    );
    await refused(
      'yardEditor',
      body([
        { key: 'cover', value: 1 },
        { key: 'slump', value: 1 },
      ]),
      400,
      /Item 'cover'.*expects true/,
    );
    await refused(
      'yardEditor',
      body(good([{ key: 'notes', value: 42 }])),
      400,
      /Item 'notes' \(Notes\) expects a text/,
    );
    await refused(
      'yardEditor',
      body(good([{ key: 'notes', value: ['a'] }])),
      400,
      /Item 'notes' \(Notes\) expects a text/,
    );
    await refused(
      'yardEditor',
      body(good([{ key: 'notes', value: 'x'.repeat(2001) }])),
      400,
      /Item 'notes'.*at most 2000/,
    );
    await refused(
      'yardEditor',
      body(good([{ key: 'photo', value: 'photo.jpg' }])),
      400,
      /Item 'photo' .* expects the id of an uploaded photo/,
    );
    await refused('yardEditor', body(good([{ key: 'colour', value: 'grey' }])), 400, /no item "colour"/);
    await refused(
      'yardEditor',
      body([...good(), { key: 'cover', value: true }]),
      400,
      /Item 'cover' .* answered twice/,
    );
    await refused('yardEditor', body('everything fine'), 400);
  });

  it('the Lumitrack ID: one of the company in this project or in none, not deleted; typed in any case', async () => {
    await refused('yardEditor', body(good(), { lumitrackId: 'has space' }), 400);
    await refused('yardEditor', body(good(), { lumitrackId: 'LT-AAAA-AAAA-AAAA' }), 400);
    await refused('yardEditor', body(good(), { lumitrackId: undefined }), 400);
    await refused(
      'yardEditor',
      body(good(), { lumitrackId: 'LT-2222-2222' }),
      404,
      /Lumitrack ID LT-2222-2222 not found/,
    );
    await refused('yardEditor', body(good(), { lumitrackId: lt.tower }), 404);
    await refused(
      'admin',
      body(good(), { lumitrackId: lt.tower }),
      400,
      /is in project 'Tower Tags', not in 'Yard Asset Tags'/,
    );
    await refused(
      'yardEditor',
      body(good(), { lumitrackId: lt.deleted }),
      400,
      /is deleted: it takes no new checklists/,
    );
    // An ID in no project yet may be checked anywhere; typed in lower case without hyphens, it is stored as printed.
    const loose = await fill(
      'yardEditor',
      body(good(), { lumitrackId: lt.loose.replaceAll('-', '').toLowerCase() }),
    );
    expect(loose.statusCode, loose.body).toBe(201);
    expect(loose.json()).toMatchObject({ lumitrackId: lt.loose });
    const read = await call('yardViewer', 'GET', `${FILLS}/by_lumitrack_id/${lt.loose.toLowerCase()}`);
    expect((read.json() as ChecklistFill[]).map((f) => f.id)).toEqual([loose.json().id]);
  });

  it('the template must be active and assigned to the project; the project of a site the caller may change', async () => {
    const yardOnly = await createTemplate({
      name: 'Yard only',
      template: QA_TEMPLATE,
      tenants: [ids.yardTags],
    });
    await refused('yardEditor', body(good(), { templateId: yardOnly.id, tenantId: ids.towerTags }), 404);
    await refused(
      'editor',
      body(good(), { templateId: yardOnly.id, tenantId: ids.towerTags, lumitrackId: lt.tower }),
      400,
      /not assigned to project 'Tower Tags'/,
    );
    await refused('yardEditor', body(good(), { tenantId: ids.archivedTags }), 400, /not assigned/);
    await call('admin', 'PUT', `${T}/cmd/toggle`, { id: yardOnly.id, isActive: false });
    await refused(
      'yardEditor',
      body(good(), { templateId: yardOnly.id }),
      400,
      /'Yard only' is deactivated: it takes no new checklists/,
    );
    // Viewers, inspectors and Read-Only accounts do not fill; an ungranted site and another company read as missing.
    await refused('yardViewer', body(good()), 403);
    await refused('yardInspector', body(good()), 403);
    await refused('readonly', body(good()), 403);
    await refused('editor', body(good()), 404);
    await refused('other', body(good()), 404);
    await refused('other', body(good(), { tenantId: ids.otherTags }), 404);
    await refused('yardEditor', body(good(), { tenantId: ids.otherTags }), 404);
    await refused('yardEditor', body(good(), { templateId: 999_999 }), 404);
    // The Harbourfront editor fills the same template on their own Lumitrack project.
    const tower = await fill('editor', body(good(), { tenantId: ids.towerTags, lumitrackId: lt.tower }));
    expect(tower.statusCode, tower.body).toBe(201);
  });

  it("reads: another company's or an ungranted site's checklist 404, an inspector 403; lists only readable ones", async () => {
    const f = (await fill('yardEditor', body(good(), { lumitrackId: lt.yard[1] }))).json() as ChecklistFill;
    for (const who of ['editor', 'viewer', 'other'] as const) {
      const res = await call(who, 'GET', `${FILLS}/${f.id}`);
      expect(res.statusCode, who).toBe(404);
      expect((await call(who, 'GET', `${FILLS}/by_lumitrack_id/${lt.yard[1]}`)).json()).toEqual([]);
    }
    const insp = await call('yardInspector', 'GET', `${FILLS}/${f.id}`);
    expect(insp.statusCode).toBe(403);
    expect((await call('yardInspector', 'GET', `${FILLS}/by_lumitrack_id/${lt.yard[1]}`)).json()).toEqual([]);
    expect((await call('admin', 'GET', `${FILLS}/999999`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `${FILLS}/abc`)).statusCode).toBe(400);
    expect((await call('admin', 'GET', `${FILLS}/by_lumitrack_id/${'x'.repeat(65)}`)).statusCode).toBe(400);
    expect((await call('admin', 'GET', `${FILLS}/by_lumitrack_id/LT-2222-2222`)).json()).toEqual([]);
    expect((await call(null, 'GET', `${FILLS}/${f.id}`)).statusCode).toBe(401);
  });

  it('a photo is sent by itself, then answers a PHOTO item; readers of the site see it, by a plain link too', async () => {
    const res = await upload('yardEditor', PNG);
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json() as ChecklistPhoto;
    expect(photo).toMatchObject({ mimeType: 'image/png', size: PNG.length });
    // Waiting for a checklist: only its sender sees it.
    const own = await call('yardEditor', 'GET', `${PHOTOS}/${photo.photoId}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect((await call('yardViewer', 'GET', `${PHOTOS}/${photo.photoId}`)).statusCode).toBe(404);
    // Another user cannot use it.
    await refused(
      'admin',
      body(good([{ key: 'photo', value: photo.photoId }])),
      400,
      /Item 'photo' \(Photo of the element\): photo .* is not one of your photos/,
    );

    const filled = await fill('yardEditor', body(good([{ key: 'photo', value: photo.photoId }])));
    expect(filled.statusCode, filled.body).toBe(201);
    expect((filled.json() as ChecklistFill).answers.at(-1)).toEqual({ key: 'photo', value: photo.photoId });
    // Now readers of the site see it, the token in the query for an <img>.
    const token = headers.yardViewer.authorization.replace('Bearer ', '');
    const link = await call(null, 'GET', `${PHOTOS}/${photo.photoId}?token=${token}`);
    expect(link.statusCode).toBe(200);
    expect(link.rawPayload.equals(PNG)).toBe(true);
    expect((await call('editor', 'GET', `${PHOTOS}/${photo.photoId}`)).statusCode).toBe(404);
    expect((await call('yardInspector', 'GET', `${PHOTOS}/${photo.photoId}`)).statusCode).toBe(403);
    expect((await call('other', 'GET', `${PHOTOS}/${photo.photoId}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${PHOTOS}/${photo.photoId}`)).statusCode).toBe(401);
    expect((await call(null, 'GET', `${PHOTOS}/${photo.photoId}?token=nonsense`)).statusCode).toBe(401);
    // A photo answers one checklist only.
    await refused(
      'yardEditor',
      body(good([{ key: 'photo', value: photo.photoId }])),
      400,
      /not one of your photos waiting/,
    );
  });

  it('a required photo item takes only an uploaded photo', async () => {
    const t = await createTemplate({
      name: 'Photo required',
      template: {
        items: [{ key: 'shot', label: 'Photo of the lifting inserts', kind: 'PHOTO', required: true }],
      },
      tenants: [ids.yardTags],
    });
    await refused(
      'yardEditor',
      body([], { templateId: t.id }),
      400,
      /Item 'shot' \(Photo of the lifting inserts\) is required/,
    );
    await refused(
      'yardEditor',
      body([{ key: 'shot', value: crypto.randomUUID() }], { templateId: t.id }),
      400,
      /not one of your photos/,
    );
    const photo = (await upload('yardEditor', PNG)).json() as ChecklistPhoto;
    const ok = await fill('yardEditor', body([{ key: 'shot', value: photo.photoId }], { templateId: t.id }));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a photo that is not a JPEG, PNG or WebP image, too large or sent by a reader; nothing kept', async () => {
    const cases: [Who, Buffer, string, number][] = [
      ['yardEditor', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 415],
      ['yardEditor', Buffer.from('GIF89a........'), 'image/gif', 415],
      ['yardEditor', Buffer.from('not an image at all'), 'image/png', 400],
      ['yardEditor', PNG, 'image/jpeg', 400],
      ['yardEditor', Buffer.alloc(0), 'image/png', 400],
      ['yardEditor', Buffer.concat([PNG, Buffer.alloc(CHECKLIST_PHOTO_MAX_BYTES)]), 'image/png', 413],
      ['yardEditor', Buffer.from('{"a":1}'), 'application/json', 415],
      ['yardViewer', PNG, 'image/png', 403],
      ['readonly', PNG, 'image/png', 403],
    ];
    for (const [who, bytes, type, status] of cases) {
      const before = await snapshot();
      const res = await upload(who, bytes, type);
      expect(res.statusCode, `${who} ${type} ${bytes.length}: ${res.body}`).toBe(status);
      expect(res.json().error.message).toEqual(expect.any(String));
      expect(await snapshot()).toEqual(before);
    }
    const none = await call('yardEditor', 'POST', PHOTOS);
    expect(none.statusCode).toBe(415);
    expect((await call('yardEditor', 'GET', `${PHOTOS}/not-a-uuid`)).statusCode).toBe(400);
  });

  it('hostile answers never answer 5xx and store nothing when refused (property)', async () => {
    const answer = fc.record({
      key: fc.oneof(fc.constantFrom('cover', 'slump', 'notes', 'photo'), fc.string()),
      value: fc.oneof(fc.anything(), fc.double(), fc.string(), fc.boolean(), fc.constant(null)),
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.array(answer, { maxLength: 6 }), fc.anything()), async (answers) => {
        let payload: string;
        try {
          payload = JSON.stringify(body(answers));
        } catch {
          return;
        }
        const before = await snapshot();
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api${FILLS}`,
          headers: { ...headers.yardEditor, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${payload.slice(0, 200)}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(await snapshot()).toEqual(before);
      }),
      { numRuns: 60 },
    );
  });
});
