import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { seedDemoHardware } from './hardware.ts';
import { seedDemoReports } from './reports.ts';

describe('the demo reports', () => {
  const ctx = useTestApp();

  beforeAll(async () => {
    await seedDemoHardware(ctx.db.db, ctx.companyId);
    await seedDemoReports(ctx.db.db, ctx.app.services, ctx.companyId);
  });

  it("asks for the curing slab's pour report as the superintendent, e-mailed to them, waiting for the worker", async () => {
    const rows = await ctx.db.db
      .selectFrom('report_request as r')
      .innerJoin('job as j', 'j.id', 'r.msj_id')
      .select(['r.type', 'r.status', 'r.owner_username', 'r.delivery_methods', 'r.recipient_ids', 'j.name'])
      .where('r.company_id', '=', ctx.companyId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'CS_POUR_REPORT',
      status: 'NEW',
      owner_username: 'editor',
      name: 'Level 4 Slab - Pour 2',
    });
    expect(JSON.parse(rows[0].delivery_methods)).toEqual(['email']);
    expect(JSON.parse(rows[0].recipient_ids)).toHaveLength(1);
  });

  it('e-mails it every Monday at 7:00 in the job site time', async () => {
    const schedules = await ctx.db.db
      .selectFrom('report_schedule')
      .selectAll()
      .where('company_id', '=', ctx.companyId)
      .execute();
    expect(schedules).toHaveLength(1);
    const s = schedules[0];
    expect(s).toMatchObject({ frequency: 'WEEKLY', time_of_day: '07:00', type: 'CS_POUR_REPORT' });
    expect(Boolean(s.is_active)).toBe(true);
    const next = new Date(Number(s.next_run_at));
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: s.time_zone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(next);
    expect(local).toBe('Monday 07:00');
    expect(Number(s.next_run_at)).toBeGreaterThan(Date.now());
  });
});
