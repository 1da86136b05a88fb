import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChecklistFill, ChecklistTemplate, LumitrackId } from '@sitepulse/contracts';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../test/test-app.ts';
import { DEMO_CHECKLIST, fillDemoChecklist } from './checklists.ts';
import { seedDemoLumitrack } from './lumitrack.ts';
import { DEMO } from './seed.ts';

describe('demo checklists', () => {
  const ctx = useTestApp({ REPORTS_DIR: mkdtempSync(join(tmpdir(), 'sitepulse-demo-checklists-')) });

  it('"Precast element QA" is filled once for the oldest Lumitrack ID of Yard Asset Tags, by the admin', async () => {
    const { headers } = await signIn(ctx);
    const get = async <T>(url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api${url}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };
    // Before the demo's Lumitrack IDs exist there is nothing to fill it for.
    expect(await fillDemoChecklist(ctx.db.db, ctx.app.services, ctx.companyId, DEMO.users.admin)).toBe(false);

    await seedDemoLumitrack(ctx.db.db, ctx.app.services, ctx.companyId);
    expect(await fillDemoChecklist(ctx.db.db, ctx.app.services, ctx.companyId, DEMO.users.admin)).toBe(true);
    // Idempotent: a restart fills nothing more.
    expect(await fillDemoChecklist(ctx.db.db, ctx.app.services, ctx.companyId, DEMO.users.admin)).toBe(false);

    const [template] = (
      await get<ChecklistTemplate[]>(`/checklist/templates/by_company/${ctx.companyId}`)
    ).filter((t) => t.name === DEMO_CHECKLIST.templateName);
    const project = template.tenants[0];
    const ids = await get<LumitrackId[]>(`/lumitrack/lumitrackid/by_tenant/list/${project}`);
    const oldest = ids.at(-1) as LumitrackId;
    const fills = await get<ChecklistFill[]>(`/checklist/fills/by_lumitrack_id/${oldest.lumitrackId}`);
    expect(fills).toHaveLength(1);
    expect(fills[0]).toMatchObject({
      templateId: template.id,
      templateName: DEMO_CHECKLIST.templateName,
      templateVersion: 1,
      tenantId: project,
      username: DEMO.users.admin,
      userName: 'Dana Whitfield',
    });
    expect(fills[0].answers.find((a) => a.key === 'release_strength')?.value).toBe(28.5);
    const audits = await ctx.app.inject({
      method: 'POST',
      url: '/api/checklist/templates/audits/users',
      headers,
      payload: { templateId: template.id },
    });
    expect(audits.json().map((a: { operation: string }) => a.operation)).toEqual(['FILL', 'CREATE']);
  });
});
