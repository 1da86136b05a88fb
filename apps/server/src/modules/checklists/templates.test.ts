import type { ChecklistAuditEntry, ChecklistTemplate } from '@sitepulse/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_CHECKLIST } from '../../demo/checklists.ts';
import { QA_TEMPLATE, useChecklistApp, type Who } from './test-setup.ts';

const T = '/checklist/templates';

describe('checklist templates (spec section 7)', () => {
  const { ctx, headers, ids, call, snapshot, createTemplate } = useChecklistApp();

  const list = async (who: Who, query = '') => {
    const res = await call(who, 'GET', `${T}/by_company/${ctx.companyId}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ChecklistTemplate[];
  };
  /** Sends a call that must be refused with `status`: the error shape, the message, nothing changed. */
  const refused = async (
    who: Who,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload: unknown,
    status: number,
    message?: RegExp,
  ) => {
    const before = await snapshot();
    const res = await call(who, method, url, payload);
    expect(
      res.statusCode,
      `${who} ${method} ${url} ${JSON.stringify(payload)?.slice(0, 120)}: ${res.body}`,
    ).toBe(status);
    expect(res.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    if (message) expect(res.json().error.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
    return res;
  };

  it('the demo has "Precast element QA" assigned to its Lumitrack project, created by the admin', async () => {
    const [demo] = (await list('admin')).filter((t) => t.name === DEMO_CHECKLIST.templateName);
    expect(demo).toMatchObject({
      id: ids.demoTemplate,
      companyId: ctx.companyId,
      version: 1,
      isActive: true,
      tenants: [ids.yardTags],
    });
    expect(demo.template.items.map((i) => i.kind)).toEqual(
      expect.arrayContaining(['CHECK', 'NUMBER', 'TEXT', 'PHOTO']),
    );
    expect(demo.audits).toEqual([
      expect.objectContaining({
        operation: 'CREATE',
        username: 'admin',
        templateName: DEMO_CHECKLIST.templateName,
      }),
    ]);
  });

  it('an admin creates a template: version 1, its projects, and the audit says CREATE by whom and when', async () => {
    const start = Date.now();
    const t = await createTemplate({
      name: '  Hollow core QA  ',
      template: QA_TEMPLATE,
      tenants: [ids.yardTags, ids.towerTags],
      companyId: ctx.companyId,
    });
    expect(t).toMatchObject({
      name: 'Hollow core QA',
      version: 1,
      isActive: true,
      companyId: ctx.companyId,
      template: QA_TEMPLATE,
    });
    expect([...t.tenants].sort()).toEqual([ids.yardTags, ids.towerTags].sort());
    expect(t.creationDate).toBeGreaterThanOrEqual(start);
    expect(t.lastModified).toBe(t.creationDate);
    expect(t.audits).toHaveLength(1);
    expect(t.audits[0]).toMatchObject({ operation: 'CREATE', username: 'admin', templateId: t.id });
    expect(t.audits[0].timestamp).toBe(t.creationDate);
    // Listed to the admin, by name.
    const names = (await list('admin')).map((x) => x.name);
    expect(names).toContain('Hollow core QA');
    expect([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(names);
    // Inactive from the start.
    const idle = await createTemplate({ name: 'Draft QA', template: QA_TEMPLATE, isActive: false });
    expect(idle).toMatchObject({ isActive: false, tenants: [] });
    expect(idle.audits[0].detail).toMatch(/inactive/);
  });

  it('refuses a bad template with 400 naming the item, and creates nothing', async () => {
    const bad: [unknown, RegExp][] = [
      [{ items: [] }, /must NOT have fewer than 1 items|at least one item/],
      [
        {
          items: [
            { key: 'a', label: 'A', kind: 'CHECK', required: true },
            { key: 'a', label: 'B', kind: 'TEXT', required: false },
          ],
        },
        /Item 2 \('a'\): the key 'a' is used by an earlier item/,
      ],
      [
        { items: [{ key: 'n', label: 'N', kind: 'NUMBER', required: true, min: 10, max: 1 }] },
        /Item 1 \('n'\): min \(10\)/,
      ],
      [
        { items: [{ key: 't', label: 'T', kind: 'TEXT', required: true, unit: 'mm' }] },
        /Item 1 \('t'\): unit belong to NUMBER/,
      ],
      [
        { items: [{ key: 't', label: '   ', kind: 'TEXT', required: true }] },
        /Item 1 \('t'\): the label must not be blank/,
      ],
      [{ items: [{ key: 't', label: 'a\u0007b', kind: 'TEXT', required: true }] }, /control characters/],
      [{ items: [{ key: 'T', label: 'x', kind: 'TEXT', required: true }] }, /key/],
      [{ items: [{ key: 't', label: 'x', kind: 'SIGNATURE', required: true }] }, /kind/],
      [{ items: [{ key: 't', label: 'x'.repeat(201), kind: 'TEXT', required: true }] }, /label/],
      [{ items: [{ key: 'n', label: 'N', kind: 'NUMBER', required: true, max: 1e10 }] }, /max/],
      [
        {
          items: Array.from({ length: 101 }, (_, i) => ({
            key: `k${i}`,
            label: `${i}`,
            kind: 'CHECK',
            required: true,
          })),
        },
        /items/,
      ],
      ['a string', /template/],
    ];
    for (const [template, message] of bad) {
      await refused('admin', 'POST', T, { name: 'Bad one', template }, 400, message);
    }
    await refused('admin', 'POST', T, { name: '   ', template: QA_TEMPLATE }, 400, /name must not be blank/);
    await refused('admin', 'POST', T, { name: 'x'.repeat(101), template: QA_TEMPLATE }, 400);
    await refused('admin', 'POST', T, { template: QA_TEMPLATE }, 400);
  });

  it("refuses another company, another company's project, a project of another type or archived; and a name taken", async () => {
    const body = (extra: object) => ({ name: 'Refused QA', template: QA_TEMPLATE, ...extra });
    await refused('admin', 'POST', T, body({ companyId: ids.otherCompany }), 403);
    await refused(
      'admin',
      'POST',
      T,
      body({ tenants: [ids.yardTags, ids.otherTags] }),
      404,
      /Project \d+ not found/,
    );
    await refused('admin', 'POST', T, body({ tenants: [999_999] }), 404);
    await refused(
      'admin',
      'POST',
      T,
      body({ tenants: [ids.concrete] }),
      400,
      /is a Concrete project: checklists are for Lumitrack projects/,
    );
    await refused('admin', 'POST', T, body({ tenants: [ids.archivedTags] }), 400, /archived/);
    await refused('admin', 'POST', T, body({ tenants: [ids.yardTags, ids.yardTags] }), 400);
    // The name is unique in the company, case ignored; another company may use it.
    await refused('admin', 'POST', T, body({ name: 'precast ELEMENT qa' }), 409, /already exists/);
    const theirs = await call('other', 'POST', T, body({ name: DEMO_CHECKLIST.templateName }));
    expect(theirs.statusCode, theirs.body).toBe(200);
  });

  it('only company admins manage templates: others, a read-only admin and the Read-Only account 403', async () => {
    const t = await createTemplate({ name: 'Admins only', template: QA_TEMPLATE, tenants: [ids.yardTags] });
    const writes: ['POST' | 'PUT', string, object][] = [
      ['POST', T, { name: 'Not mine', template: QA_TEMPLATE }],
      ['PUT', `${T}/cmd/assign_name`, { id: t.id, name: 'Renamed' }],
      ['PUT', `${T}/cmd/assign_template`, { id: t.id, template: { items: [QA_TEMPLATE.items[0]] } }],
      ['POST', `${T}/cmd/assign_tenants`, { id: t.id, tenants: [] }],
      ['PUT', `${T}/cmd/toggle`, { id: t.id, isActive: false }],
    ];
    for (const who of ['editor', 'viewer', 'yardEditor', 'readonly', 'roadmin', 'inspector'] as const) {
      for (const [method, url, payload] of writes) {
        await refused(who, method, url, payload, 403, /Only company admins manage checklist templates/);
      }
    }
    for (const who of ['editor', 'yardEditor', 'readonly'] as const) {
      await refused(who, 'POST', `${T}/audits/users`, {}, 403);
    }
    // The read-only admin reads the audit.
    const audits = await call('roadmin', 'POST', `${T}/audits/users`, { templateId: t.id });
    expect(audits.statusCode, audits.body).toBe(200);
  });

  it("lists by company: another company's id 403; each company sees only its own", async () => {
    await refused('admin', 'GET', `${T}/by_company/${ids.otherCompany}`, undefined, 403);
    await refused('other', 'GET', `${T}/by_company/${ctx.companyId}`, undefined, 403);
    const theirs = await call('other', 'GET', `${T}/by_company/${ids.otherCompany}`);
    expect(theirs.statusCode).toBe(200);
    const names = (theirs.json() as ChecklistTemplate[]).map((t) => t.name);
    expect(names).toEqual([DEMO_CHECKLIST.templateName]);
    expect((await list('admin')).every((t) => t.companyId === ctx.companyId)).toBe(true);
    const bad = await call('admin', 'GET', `${T}/by_company/abc`);
    expect(bad.statusCode).toBe(400);
  });

  it('others read the active templates of the projects they can see, with those projects only', async () => {
    const both = await createTemplate({
      name: 'Both sites QA',
      template: QA_TEMPLATE,
      tenants: [ids.yardTags, ids.towerTags],
    });
    const yardOnly = await createTemplate({
      name: 'Yard only QA',
      template: QA_TEMPLATE,
      tenants: [ids.yardTags],
    });
    const idle = await createTemplate({
      name: 'Idle yard QA',
      template: QA_TEMPLATE,
      tenants: [ids.yardTags],
      isActive: false,
    });
    const unassigned = await createTemplate({ name: 'Unassigned QA', template: QA_TEMPLATE });

    // The Harbourfront editor sees Tower Tags only.
    const editor = await list('editor');
    expect(editor.map((t) => t.id)).toContain(both.id);
    expect(editor.find((t) => t.id === both.id)?.tenants).toEqual([ids.towerTags]);
    for (const hidden of [yardOnly.id, idle.id, unassigned.id, ids.demoTemplate]) {
      expect(editor.map((t) => t.id)).not.toContain(hidden);
    }
    // The yard viewer sees the yard's active templates, not the inactive one.
    const viewer = await list('yardViewer');
    expect(viewer.map((t) => t.id)).toEqual(expect.arrayContaining([both.id, yardOnly.id, ids.demoTemplate]));
    expect(viewer.map((t) => t.id)).not.toContain(idle.id);
    expect(viewer.find((t) => t.id === both.id)?.tenants).toEqual([ids.yardTags]);
    // An inspector of the yard cannot read the site on the web: nothing.
    expect(await list('yardInspector')).toEqual([]);
    // By project.
    const tower = await list('admin', `?tenantId=${ids.towerTags}`);
    expect(tower.map((t) => t.id)).toContain(both.id);
    expect(tower.every((t) => t.tenants.includes(ids.towerTags))).toBe(true);
    expect(await list('editor', `?tenantId=${ids.yardTags}`)).toEqual([]);
    // The admin sees them all, active or not.
    expect((await list('admin')).map((t) => t.id)).toEqual(expect.arrayContaining([idle.id, unassigned.id]));
  });

  it('renames: recorded as RENAME with the old and new names; the same name changes nothing', async () => {
    const t = await createTemplate({ name: 'Rename me', template: QA_TEMPLATE });
    const res = await call('admin', 'PUT', `${T}/cmd/assign_name`, { id: t.id, name: '  Double tee QA ' });
    expect(res.statusCode, res.body).toBe(200);
    const renamed = res.json() as ChecklistTemplate;
    expect(renamed).toMatchObject({ id: t.id, name: 'Double tee QA', version: 1 });
    expect(renamed.lastModified).toBeGreaterThanOrEqual(t.lastModified);
    expect(renamed.audits.map((a) => a.operation)).toEqual(['CREATE', 'RENAME']);
    expect(renamed.audits[1]).toMatchObject({ username: 'admin', detail: "'Rename me' → 'Double tee QA'" });
    expect(renamed.audits.every((a) => a.templateName === 'Double tee QA')).toBe(true);

    const before = await snapshot();
    const same = await call('admin', 'PUT', `${T}/cmd/assign_name`, { id: t.id, name: 'Double tee QA' });
    expect(same.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);

    await refused('admin', 'PUT', `${T}/cmd/assign_name`, { id: t.id, name: 'PRECAST element qa' }, 409);
    await refused('admin', 'PUT', `${T}/cmd/assign_name`, { id: t.id, name: ' ' }, 400, /blank/);
    await refused('admin', 'PUT', `${T}/cmd/assign_name`, { id: t.id, name: 'a\nb' }, 400, /control/);
    await refused('admin', 'PUT', `${T}/cmd/assign_name`, { id: 999_999, name: 'x' }, 404);
    await refused('admin', 'PUT', `${T}/cmd/assign_name`, { id: t.id }, 400);
    // Another company's template reads as missing.
    const theirs = (
      await call('other', 'GET', `${T}/by_company/${ids.otherCompany}`)
    ).json() as ChecklistTemplate[];
    await refused('admin', 'PUT', `${T}/cmd/assign_name`, { id: theirs[0].id, name: 'Mine now' }, 404);
    await refused('other', 'PUT', `${T}/cmd/assign_name`, { id: t.id, name: 'Mine now' }, 404);
  });

  it('edits the template: a new version, recorded as EDIT_TEMPLATE; a bad template 400 and nothing changes', async () => {
    const t = await createTemplate({ name: 'Edit me', template: QA_TEMPLATE });
    const next = {
      items: [
        ...QA_TEMPLATE.items,
        { key: 'camber', label: 'Camber', kind: 'NUMBER', required: false, unit: 'mm' },
      ],
    };
    const res = await call('admin', 'PUT', `${T}/cmd/assign_template`, { id: t.id, template: next });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as ChecklistTemplate;
    expect(edited).toMatchObject({ version: 2, template: next });
    expect(edited.audits.map((a) => a.operation)).toEqual(['CREATE', 'EDIT_TEMPLATE']);
    expect(edited.audits[1].detail).toBe('version 2, 5 items');

    // The same content again: no new version, nothing recorded.
    const before = await snapshot();
    const same = await call('admin', 'PUT', `${T}/cmd/assign_template`, { id: t.id, template: next });
    expect(same.json()).toMatchObject({ version: 2 });
    expect(await snapshot()).toEqual(before);

    const bad = { items: [{ key: 'n', label: 'N', kind: 'NUMBER', required: true, min: 5, max: 4 }] };
    await refused(
      'admin',
      'PUT',
      `${T}/cmd/assign_template`,
      { id: t.id, template: bad },
      400,
      /Item 1 \('n'\): min \(5\) must not be greater than max \(4\)/,
    );
    await refused(
      'admin',
      'PUT',
      `${T}/cmd/assign_template`,
      { id: t.id, template: { items: [{ key: 'a', label: 'A', kind: 'PHOTO', required: true, min: 1 }] } },
      400,
      /Item 1 \('a'\): min belong to NUMBER items only/,
    );
    await refused('admin', 'PUT', `${T}/cmd/assign_template`, { id: 999_999, template: QA_TEMPLATE }, 404);
    expect((await list('admin')).find((x) => x.id === t.id)).toMatchObject({ version: 2, template: next });
  });

  it('two edits at once both count: versions 2 and 3, two audit entries', async () => {
    const t = await createTemplate({ name: 'Busy QA', template: QA_TEMPLATE });
    const edit = (label: string) =>
      call('admin', 'PUT', `${T}/cmd/assign_template`, {
        id: t.id,
        template: { items: [{ key: 'a', label, kind: 'CHECK', required: true }] },
      });
    const [a, b] = await Promise.all([edit('First'), edit('Second')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().version, b.json().version].sort()).toEqual([2, 3]);
    const audits = await call('admin', 'POST', `${T}/audits/users`, { templateId: t.id });
    expect(
      (audits.json() as ChecklistAuditEntry[]).filter((e) => e.operation === 'EDIT_TEMPLATE'),
    ).toHaveLength(2);
  });

  it('assigns projects all at once; a refused project changes nothing; an empty list unassigns', async () => {
    const t = await createTemplate({ name: 'Assign me', template: QA_TEMPLATE, tenants: [ids.yardTags] });
    const assign = (tenants: number[]) =>
      call('admin', 'POST', `${T}/cmd/assign_tenants`, { id: t.id, tenants });
    const res = await assign([ids.towerTags, ids.yardTags]);
    expect(res.statusCode, res.body).toBe(200);
    const both = res.json() as ChecklistTemplate;
    expect([...both.tenants].sort()).toEqual([ids.yardTags, ids.towerTags].sort());
    expect(both.audits.at(-1)).toMatchObject({ operation: 'ASSIGN_TENANTS', username: 'admin' });
    expect(both.audits.at(-1)?.detail).toMatch(/Tower Tags/);

    const url = `${T}/cmd/assign_tenants`;
    await refused('admin', 'POST', url, { id: t.id, tenants: [ids.towerTags, ids.otherTags] }, 404);
    await refused('admin', 'POST', url, { id: t.id, tenants: [ids.concrete] }, 400, /Concrete project/);
    await refused('admin', 'POST', url, { id: t.id, tenants: [ids.archivedTags] }, 400, /archived/);
    await refused('admin', 'POST', url, { id: t.id, tenants: [ids.yardTags, ids.yardTags] }, 400);
    await refused('admin', 'POST', url, { id: t.id, tenants: [0] }, 400);
    await refused('admin', 'POST', url, { id: t.id }, 400);
    await refused('admin', 'POST', url, { id: 999_999, tenants: [] }, 404);
    await refused('other', 'POST', url, { id: t.id, tenants: [ids.otherTags] }, 404);

    // The same set again records nothing; an empty list unassigns.
    const before = await snapshot();
    expect((await assign([ids.yardTags, ids.towerTags])).statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
    const none = (await assign([])).json() as ChecklistTemplate;
    expect(none.tenants).toEqual([]);
  });

  it('deactivates and activates: recorded each time, hidden from non-admins while inactive', async () => {
    const t = await createTemplate({ name: 'Toggle me', template: QA_TEMPLATE, tenants: [ids.yardTags] });
    const toggle = (isActive: boolean) => call('admin', 'PUT', `${T}/cmd/toggle`, { id: t.id, isActive });
    const off = await toggle(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await list('yardViewer')).map((x) => x.id)).not.toContain(t.id);
    const before = await snapshot();
    expect((await toggle(false)).json()).toMatchObject({ isActive: false });
    expect(await snapshot()).toEqual(before);
    const on = (await toggle(true)).json() as ChecklistTemplate;
    expect(on.isActive).toBe(true);
    expect(on.audits.map((a) => a.operation)).toEqual(['CREATE', 'DEACTIVATE', 'ACTIVATE']);
    expect((await list('yardViewer')).map((x) => x.id)).toContain(t.id);
    await refused('admin', 'PUT', `${T}/cmd/toggle`, { id: t.id, isActive: 'maybe' }, 400);
    await refused('admin', 'PUT', `${T}/cmd/toggle`, { id: t.id }, 400);
  });

  it('audits/users: every operation with username and time, newest first, by template or by users', async () => {
    const t = await createTemplate({ name: 'Audit me', template: QA_TEMPLATE });
    await call('admin', 'PUT', `${T}/cmd/assign_name`, { id: t.id, name: 'Audited' });
    await call('admin', 'PUT', `${T}/cmd/toggle`, { id: t.id, isActive: false });
    const res = await call('admin', 'POST', `${T}/audits/users`, { templateId: t.id });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json() as ChecklistAuditEntry[];
    expect(entries.map((e) => e.operation)).toEqual(['DEACTIVATE', 'RENAME', 'CREATE']);
    expect(entries.every((e) => e.username === 'admin' && e.templateName === 'Audited')).toBe(true);
    const times = entries.map((e) => e.timestamp);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const all = (await call('admin', 'POST', `${T}/audits/users`, {})).json() as ChecklistAuditEntry[];
    expect(all.length).toBeGreaterThan(entries.length);
    const byAdmin = (await call('admin', 'POST', `${T}/audits/users`, { usernames: ['admin'] })).json();
    expect(byAdmin.length).toBe(all.filter((e) => e.username === 'admin').length);
    expect((await call('admin', 'POST', `${T}/audits/users`, { usernames: ['nobody'] })).json()).toEqual([]);

    await refused('admin', 'POST', `${T}/audits/users`, { companyId: ids.otherCompany }, 403);
    await refused('admin', 'POST', `${T}/audits/users`, { templateId: 999_999 }, 404);
    await refused('admin', 'POST', `${T}/audits/users`, { usernames: ['bad name!'] }, 400);
    await refused(
      'admin',
      'POST',
      `${T}/audits/users`,
      { usernames: Array.from({ length: 101 }, (_, i) => `u${i}`) },
      400,
    );
    // The other company reads none of ours.
    const theirs = (await call('other', 'POST', `${T}/audits/users`, {})).json() as ChecklistAuditEntry[];
    expect(theirs.every((e) => e.templateName === DEMO_CHECKLIST.templateName)).toBe(true);
    expect(theirs.map((e) => e.templateId)).not.toContain(t.id);
  });

  it('hostile bodies on every template call answer 4xx, never 5xx, and change nothing (property)', async () => {
    const t = await createTemplate({
      name: 'Hostile target',
      template: QA_TEMPLATE,
      tenants: [ids.yardTags],
    });
    const hostileTemplate = fc.oneof(
      fc.anything(),
      fc.record({ items: fc.array(fc.anything(), { maxLength: 5 }) }),
      fc.record({
        items: fc.array(
          fc.record({
            key: fc.oneof(fc.constant('a'), fc.string()),
            label: fc.oneof(fc.string(), fc.constant('')),
            kind: fc.oneof(fc.constantFrom('CHECK', 'NUMBER', 'TEXT', 'PHOTO'), fc.string()),
            required: fc.oneof(fc.boolean(), fc.anything()),
            min: fc.oneof(fc.double(), fc.string()),
            max: fc.oneof(fc.double(), fc.string()),
          }),
          { minLength: 2, maxLength: 4 },
        ),
      }),
    );
    const calls: ((v: unknown) => ['POST' | 'PUT', string, unknown])[] = [
      (v) => ['PUT', `${T}/cmd/assign_template`, { id: t.id, template: v }],
      (v) => ['POST', T, { name: 'Hostile new', template: v }],
      (v) => ['PUT', `${T}/cmd/assign_name`, { id: t.id, name: v }],
      (v) => ['POST', `${T}/cmd/assign_tenants`, { id: t.id, tenants: v }],
      (v) => ['PUT', `${T}/cmd/toggle`, { id: v, isActive: v }],
      (v) => ['POST', `${T}/audits/users`, { templateId: v, usernames: v }],
    ];
    for (const make of calls) {
      await fc.assert(
        fc.asyncProperty(hostileTemplate, async (v) => {
          const [method, url, payload] = make(v);
          const before = await snapshot();
          let text: string;
          try {
            text = JSON.stringify(payload);
          } catch {
            return; // not JSON at all (a BigInt): nothing a client can send
          }
          if (text === undefined) return;
          const res = await ctx.app.inject({
            method,
            url: `/api${url}`,
            headers: { ...headers.admin, 'content-type': 'application/json' },
            payload: text,
          });
          expect(res.statusCode, `${url} ${text.slice(0, 200)}: ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(await snapshot()).toEqual(before);
        }),
        { numRuns: 25 },
      );
    }
  });
});
