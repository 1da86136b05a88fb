import type { ChecklistFill, ChecklistLatestFill, ChecklistTemplate } from '@sitepulse/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { QA_TEMPLATE, useChecklistApp } from './test-setup.ts';

/**
 * GET /checklist/fills/latest/by_tenant/{id} (ours, issue 16): what a Lumitrack project's list of IDs shows as
 * each ID's latest checklist (template name, who, when), for the readers of the project's job site.
 */
describe('the latest checklist of each Lumitrack ID of a project', () => {
  const { ids, lt, call, createTemplate } = useChecklistApp();
  const LATEST = '/checklist/fills/latest/by_tenant';
  let qa: ChecklistTemplate;
  let other: ChecklistTemplate;

  const fill = async (templateId: number, lumitrackId: string, tenantId = ids.yardTags) => {
    const res = await call('yardEditor', 'POST', '/checklist/fills', {
      templateId,
      tenantId,
      lumitrackId,
      answers:
        templateId === qa.id
          ? [
              { key: 'cover', value: true },
              { key: 'slump', value: 90 },
            ]
          : [{ key: 'weld', value: true }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ChecklistFill;
  };

  beforeAll(async () => {
    qa = await createTemplate({
      name: 'Latest QA',
      template: QA_TEMPLATE,
      tenants: [ids.yardTags, ids.towerTags],
    });
    other = await createTemplate({
      name: 'Welds',
      template: { items: [{ key: 'weld', label: 'Welds inspected', kind: 'CHECK', required: true }] },
      tenants: [ids.yardTags],
    });
  });

  it('answers one entry per ID filled in the project: its latest checklist, newest first', async () => {
    // Nothing filled in Tower Tags yet: an empty list.
    const empty = await call('admin', 'GET', `${LATEST}/${ids.towerTags}`);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual([]);

    await fill(qa.id, lt.yard[0]);
    const second = await fill(other.id, lt.yard[0]);
    const onlyOne = await fill(qa.id, lt.yard[1]);

    for (const who of ['yardViewer', 'yardEditor', 'admin'] as const) {
      const res = await call(who, 'GET', `${LATEST}/${ids.yardTags}`);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      const latest = res.json() as ChecklistLatestFill[];
      expect(latest).toEqual([
        {
          lumitrackId: lt.yard[1],
          fillId: onlyOne.id,
          templateId: qa.id,
          templateName: 'Latest QA',
          username: 'yardeditor',
          userName: 'yardeditor Test',
          creationDate: onlyOne.creationDate,
        },
        {
          lumitrackId: lt.yard[0],
          fillId: second.id,
          templateId: other.id,
          templateName: 'Welds',
          username: 'yardeditor',
          userName: 'yardeditor Test',
          creationDate: second.creationDate,
        },
      ]);
    }
  });

  it('keeps the template name the checklist was filled with', async () => {
    const f = await fill(qa.id, lt.yard[1]);
    const renamed = await call('admin', 'PUT', '/checklist/templates/cmd/assign_name', {
      id: qa.id,
      name: 'Latest QA renamed',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const latest = (await call('admin', 'GET', `${LATEST}/${ids.yardTags}`)).json() as ChecklistLatestFill[];
    expect(latest.find((l) => l.lumitrackId === lt.yard[1])).toMatchObject({
      fillId: f.id,
      templateName: 'Latest QA',
    });
  });

  it('is read by the readers of the project site only', async () => {
    // A project of a site not granted, another company's project, an unknown one: 404; an inspector there 403.
    for (const [who, tenant, status] of [
      ['viewer', ids.yardTags, 404],
      ['yardViewer', ids.towerTags, 404],
      ['admin', ids.otherTags, 404],
      ['other', ids.yardTags, 404],
      ['admin', 987_654, 404],
      ['yardInspector', ids.yardTags, 403],
    ] as const) {
      const res = await call(who, 'GET', `${LATEST}/${tenant}`);
      expect(res.statusCode, `${who} ${tenant}: ${res.body}`).toBe(status);
      expect(res.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999999999999']) {
      const res = await call('admin', 'GET', `${LATEST}/${bad}`);
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
    }
    const none = await call(null, 'GET', `${LATEST}/${ids.yardTags}`);
    expect(none.statusCode).toBe(401);
  });
});
