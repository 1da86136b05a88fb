import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Actor } from '../lib/actor.ts';
import { isAdminAccount } from '../lib/roles.ts';
import type { Services } from '../services.ts';
import { DEMO_LUMITRACK_PROJECT } from './lumitrack.ts';
import { DEMO } from './seed.ts';

const HOUR = 3_600_000;

/**
 * What the demo records, per ID of Yard Asset Tags from the oldest (the GPS-tracked one, whose checklist the
 * demo filled): the stages by name in the order recorded, with a note where an element went back. The other
 * IDs have no stage yet.
 */
export const DEMO_STAGE_EVENTS: { stage: string; note?: string; withChecklist?: boolean }[][] = [
  [{ stage: 'Cast' }, { stage: 'Cured', withChecklist: true }, { stage: 'In yard' }, { stage: 'Shipped' }],
  [{ stage: 'Cast' }, { stage: 'Cured' }],
  [{ stage: 'Cast' }],
  [
    { stage: 'Cast' },
    { stage: 'Cured' },
    { stage: 'In yard' },
    { stage: 'Cured', note: 'Chipped corner found in the yard: repaired, curing again before shipping' },
  ],
];

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * The demo's material tracking (issue 16): a few stage events of the Yard Asset Tags IDs, recorded by the admin
 * through the tracking service as a scan would (every rule applies: the default stages, the note to go back,
 * the checklist of the same ID), then dated over the last days so the timelines read as a plant's week. Run
 * after the demo's Lumitrack IDs and checklist (main.ts). Idempotent: skipped when the company has any stage
 * event, or when there is no admin or no ID. Never throws: a failure is logged. Answers whether it recorded.
 */
export async function seedDemoMaterialTracking(
  db: Kysely<Database>,
  services: Services,
  companyId: number,
  log?: Log,
  now = Date.now(),
): Promise<boolean> {
  try {
    const any = await db
      .selectFrom('material_event')
      .select('id')
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (any) return false;
    const admin = await db
      .selectFrom('app_user')
      .select(['id', 'username', 'account_type'])
      .where('company_id', '=', companyId)
      .where('username', '=', DEMO.users.admin)
      .executeTakeFirst();
    const project = await db
      .selectFrom('tenant')
      .select('id')
      .where('company_id', '=', companyId)
      .where('name', '=', DEMO_LUMITRACK_PROJECT)
      .where('type', '=', 'Lumitrack')
      .executeTakeFirst();
    if (!admin || !project) return false;
    const actor: Actor = {
      userId: admin.id,
      companyId,
      username: admin.username,
      accountType: admin.account_type,
      roles: [],
      sessionId: 'demo-seed',
      isAdmin: isAdminAccount(admin.account_type),
    };
    // Oldest first: the first is the GPS-tracked ID the demo's checklist was filled for.
    const ids = (await services.lumitrack.listByTenant(actor, project.id)).reverse();
    if (ids.length === 0) return false;
    const stages = await services.tracking.stages(actor, companyId);
    const recorded: number[] = [];
    for (const [i, plan] of DEMO_STAGE_EVENTS.entries()) {
      const element = ids[i];
      if (!element) break;
      const fills = await services.checklists.fillsByLumitrackId(actor, element.lumitrackId);
      for (const step of plan) {
        const stage = stages.find((s) => s.name === step.stage);
        if (!stage) continue;
        const event = await services.tracking.record(actor, {
          lumitrackId: element.lumitrackId,
          stageId: stage.id,
          note: step.note,
          checklistFillId: step.withChecklist ? fills[0]?.id : undefined,
        });
        recorded.push(event.id);
      }
    }
    // Spread over the last days in the order recorded, the latest two hours ago.
    for (const [i, id] of recorded.entries()) {
      await db
        .updateTable('material_event')
        .set({ created_at: now - (recorded.length - i) * 9 * HOUR + 7 * HOUR })
        .where('id', '=', id)
        .execute();
    }
    return recorded.length > 0;
  } catch (err) {
    log?.warn({ err }, 'the demo stage events were not recorded');
    return false;
  }
}
