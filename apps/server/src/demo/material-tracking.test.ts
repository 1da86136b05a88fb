import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LumitrackId, MaterialElementsPage, MaterialTimeline } from '@sitepulse/contracts';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../test/test-app.ts';
import { fillDemoChecklist } from './checklists.ts';
import { seedDemoLumitrack } from './lumitrack.ts';
import { seedDemoMaterialTracking } from './material-tracking.ts';
import { DEMO } from './seed.ts';

describe('demo material tracking', () => {
  const ctx = useTestApp({ REPORTS_DIR: mkdtempSync(join(tmpdir(), 'sitepulse-demo-material-')) });

  it('records a few stages of the Yard Asset Tags IDs, once, over the last days', async () => {
    const { headers } = await signIn(ctx);
    const get = async <T>(url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api${url}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };
    // Before the demo's Lumitrack IDs exist there is nothing to record.
    expect(await seedDemoMaterialTracking(ctx.db.db, ctx.app.services, ctx.companyId)).toBe(false);
    await seedDemoLumitrack(ctx.db.db, ctx.app.services, ctx.companyId);
    await fillDemoChecklist(ctx.db.db, ctx.app.services, ctx.companyId, DEMO.users.admin);
    const now = Date.now();
    expect(await seedDemoMaterialTracking(ctx.db.db, ctx.app.services, ctx.companyId, undefined, now)).toBe(
      true,
    );
    // Idempotent: a restart records nothing more.
    expect(await seedDemoMaterialTracking(ctx.db.db, ctx.app.services, ctx.companyId)).toBe(false);

    const board = await get<MaterialElementsPage>(`/tracking/material/elements?companyId=${ctx.companyId}`);
    expect(board.stages.map((s) => [s.name, s.count])).toEqual([
      ['Cast', 1],
      ['Cured', 2],
      ['In yard', 0],
      ['Shipped', 1],
      ['Installed', 0],
    ]);
    expect(board.notStarted).toBe(4);

    const project = board.items.find((i) => i.projectName === 'Yard Asset Tags')?.tenant;
    const ids = await get<LumitrackId[]>(`/lumitrack/lumitrackid/by_tenant/list/${project}`);
    const oldest = ids.at(-1) as LumitrackId;
    expect(oldest.gpsNodeId).not.toBeNull();
    const timeline = await get<MaterialTimeline>(
      `/tracking/material/events/by_lumitrack_id/${oldest.lumitrackId}`,
    );
    expect(timeline.events.map((e) => e.stageName)).toEqual(['Shipped', 'In yard', 'Cured', 'Cast']);
    expect(timeline.events[2]).toMatchObject({
      checklistTemplateName: 'Precast element QA',
      username: 'admin',
    });
    const times = timeline.events.map((e) => e.creationDate);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times.every((t) => t < now && t > now - 5 * 24 * 3_600_000)).toBe(true);
    const back = ids.at(-4) as LumitrackId;
    const repaired = await get<MaterialTimeline>(
      `/tracking/material/events/by_lumitrack_id/${back.lumitrackId}`,
    );
    expect(repaired.events[0]).toMatchObject({
      stageName: 'Cured',
      move: 'BACKWARD',
      note: expect.any(String),
    });
  });
});
