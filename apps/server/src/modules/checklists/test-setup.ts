import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChecklistTemplate } from '@sitepulse/contracts';
import { beforeAll, expect } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { addUser, OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';

/** Who the checklist tests call as. */
export type Who =
  | 'admin'
  | 'roadmin'
  | 'editor'
  | 'viewer'
  | 'inspector'
  | 'readonly'
  | 'yardEditor'
  | 'yardViewer'
  | 'yardInspector'
  | 'other';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A QA template with one item of each kind. */
export const QA_TEMPLATE = {
  items: [
    { key: 'cover', label: 'Cover checked', kind: 'CHECK', required: true },
    { key: 'slump', label: 'Slump', kind: 'NUMBER', required: true, unit: 'mm', min: 0, max: 250 },
    { key: 'notes', label: 'Notes', kind: 'TEXT', required: false },
    { key: 'photo', label: 'Photo of the element', kind: 'PHOTO', required: false },
  ],
};

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * One app on a fresh database with the demo seed, for a checklist test file: the demo's users and, on the
 * North Yard Precast Plant (where the demo's Lumitrack project Yard Asset Tags is), an editor, a viewer and an
 * inspector; a Read-Only account and an admin with a read-only role; a Lumitrack project on Harbourfront Tower
 * (Tower Tags) and an archived one on North Yard; the other company with its own Lumitrack project.
 */
export function useChecklistApp() {
  const ctx = useTestApp({ REPORTS_DIR: mkdtempSync(join(tmpdir(), 'sitepulse-checklists-')) });
  const headers = {} as Record<Who, Record<string, string>>;
  const ids = {
    yardSite: 0,
    towerSite: 0,
    yardTags: 0,
    towerTags: 0,
    archivedTags: 0,
    concrete: 0,
    otherTags: 0,
    otherCompany: 0,
    demoTemplate: 0,
  };
  /** Lumitrack IDs (their string ids): two in Yard Asset Tags, one in Tower Tags, one in no project, one deleted. */
  const lt = { yard: [] as string[], tower: '', loose: '', deleted: '' };

  const call = (
    who: Who | null,
    method: Method,
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(who ? headers[who] : {}), ...extra },
      payload: payload as object,
    });

  /** Every row of the checklist tables, to show a refusal changed nothing. */
  const snapshot = async () => {
    const db = ctx.db.db;
    const tables = [
      'checklist_template',
      'checklist_template_tenant',
      'checklist_audit',
      'checklist_fill',
      'checklist_photo',
    ] as const;
    const out: Record<string, string[]> = {};
    for (const t of tables)
      out[t] = (await db.selectFrom(t).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
    return out;
  };

  /** A template made by the admin through the call; answers it. */
  const createTemplate = async (body: Record<string, unknown>): Promise<ChecklistTemplate> => {
    const res = await call('admin', 'POST', '/checklist/templates', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ChecklistTemplate;
  };

  beforeAll(async () => {
    const db = ctx.db.db;
    const other = await seedOtherCompany(db);
    ids.otherCompany = other.companyId;
    const site = async (name: string) =>
      (
        await db
          .selectFrom('tenant_group')
          .select('id')
          .where('company_id', '=', ctx.companyId)
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    ids.yardSite = await site('North Yard Precast Plant');
    ids.towerSite = await site(DEMO.firstSiteName);
    const project = async (companyId: number, siteId: number, name: string, state: 'ACTIVE' | 'TERMINATED') =>
      (
        await db
          .insertInto('tenant')
          .values({
            tenant_group_id: siteId,
            company_id: companyId,
            name,
            type: 'Lumitrack',
            state,
            created_at: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.yardTags = (
      await db
        .selectFrom('tenant')
        .select('id')
        .where('company_id', '=', ctx.companyId)
        .where('name', '=', 'Yard Asset Tags')
        .executeTakeFirstOrThrow()
    ).id;
    ids.concrete = (
      await db
        .selectFrom('tenant')
        .select('id')
        .where('tenant_group_id', '=', ids.towerSite)
        .where('type', '=', 'Concrete')
        .executeTakeFirstOrThrow()
    ).id;
    ids.towerTags = await project(ctx.companyId, ids.towerSite, 'Tower Tags', 'ACTIVE');
    ids.archivedTags = await project(ctx.companyId, ids.yardSite, 'Old Yard Tags', 'TERMINATED');
    ids.otherTags = await project(other.companyId, other.siteId, 'Their Tags', 'ACTIVE');
    ids.demoTemplate = (
      await db
        .selectFrom('checklist_template')
        .select('id')
        .where('company_id', '=', ctx.companyId)
        .executeTakeFirstOrThrow()
    ).id;

    const user = (username: string, accountType: string, tenantGroupId: number, access: number) =>
      addUser(db, {
        companyId: ctx.companyId,
        username,
        password: DEMO.password,
        accountType,
        grants: [{ tenantGroupId, access }],
      });
    await user('yardeditor', 'USER', ids.yardSite, 2);
    await user('yardviewer', 'USER', ids.yardSite, 4);
    await user('yardinspector', 'USER', ids.yardSite, 8);
    await user('readonly', 'READONLY_MEMBER', ids.yardSite, 2);
    const roadmin = await user('roadmin', 'ADMIN', ids.yardSite, 1);
    await db.updateTable('app_user').set({ roles: '["READONLY_USER"]' }).where('id', '=', roadmin).execute();

    const logins: [Who, string][] = [
      ['admin', 'admin'],
      ['roadmin', 'roadmin'],
      ['editor', 'editor'],
      ['viewer', 'viewer'],
      ['inspector', 'inspector'],
      ['readonly', 'readonly'],
      ['yardEditor', 'yardeditor'],
      ['yardViewer', 'yardviewer'],
      ['yardInspector', 'yardinspector'],
    ];
    for (const [who, username] of logins) headers[who] = (await signIn(ctx, username)).headers;
    headers.other = (await signIn(ctx, OTHER.username, OTHER.password, other.companyId)).headers;

    // The Lumitrack IDs, made and placed by the admin through the Lumitrack calls.
    const made = await call('admin', 'POST', '/lumitrack/lumitrackid/type/standard/list', {
      companyId: ctx.companyId,
      numLumitrackIds: 5,
    });
    expect(made.statusCode, made.body).toBe(201);
    const [y1, y2, tower, loose, deleted] = (made.json() as { lumitrackId: string }[]).map(
      (x) => x.lumitrackId,
    );
    const place = async (lumitrackId: string, tenant: number) => {
      const res = await call('admin', 'PUT', '/lumitrack/lumitrackid/cmd/assign_tenant', {
        lumitrackId,
        tenant,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await place(y1, ids.yardTags);
    await place(y2, ids.yardTags);
    await place(tower, ids.towerTags);
    await place(deleted, ids.yardTags);
    const gone = await call('admin', 'DELETE', '/lumitrack/lumitrackid', { lumitrackId: deleted });
    expect(gone.statusCode, gone.body).toBe(200);
    Object.assign(lt, { yard: [y1, y2], tower, loose, deleted });
  });

  return { ctx, headers, ids, lt, call, snapshot, createTemplate };
}
