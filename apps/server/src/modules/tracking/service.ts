import type {
  CurrentStage,
  MaterialElement,
  MaterialElementsPage,
  MaterialElementsQuery,
  MaterialEvent,
  MaterialEventBody,
  MaterialStage,
  MaterialStagesBody,
  MaterialTimeline,
  TrackingManagerPage,
  TrackingManagerQuery,
} from '@sitepulse/contracts';
import {
  canManageLumitrackIds,
  checkStageNames,
  checkStageNote,
  DEFAULT_MATERIAL_STAGES,
  hasReadOnlyRole,
  isReadOnlyAccount,
  MATERIAL_TIMELINE_MAX,
  personName,
  type StageMove,
  stageMove,
  stageMoveNeedsNote,
  TRACKING_RPP_DEFAULT,
} from '@sitepulse/domain';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import type { SiteAccess } from '../../lib/site-access.ts';
import type { ChecklistsService } from '../checklists/service.ts';
import type { JobsitesService } from '../jobsites/service.ts';
import type { LumitrackService } from '../lumitrack/service.ts';
import type { UsersService } from '../users/service.ts';
import type { ElementRow, ElementScope, EventRow, StageFilter, StageRow, TrackingRepo } from './repo.ts';

export interface TrackingDeps {
  repo: TrackingRepo;
  jobsites: JobsitesService;
  /** the element named must be a Lumitrack ID the caller may read (404, or 403 for an inspector of its site) */
  lumitrack: Pick<LumitrackService, 'get'>;
  /** a checklist that backs a stage must be one the caller may read */
  checklists: Pick<ChecklistsService, 'fillById'>;
  users: Pick<UsersService, 'findById'>;
}

const STAGE_MANAGERS_ONLY = 'Only company admins change the stages of material tracking';
const NOT_RECORDER =
  'Only those who may change its job site record stages of an element in a project; for an element in no ' +
  'project, company admins and admins or editors of a job site with a Lumitrack project';

/** Whether the caller changes the company's stages: a company admin, not read-only. */
export function canManageStages(actor: Pick<Actor, 'isAdmin' | 'accountType' | 'roles'>): boolean {
  return actor.isAdmin && !isReadOnlyAccount(actor.accountType) && !hasReadOnlyRole(actor.roles);
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function currentStage(r: ElementRow): CurrentStage | null {
  if (r.stage_id === null || r.stage_name === null || r.stage_position === null) return null;
  return {
    stageId: r.stage_id,
    name: r.stage_name,
    position: r.stage_position,
    since: Number(r.stage_since),
    username: r.stage_username ?? '',
    userName: r.stage_user_name ?? '',
  };
}

function toElement(r: ElementRow): MaterialElement {
  return {
    lumitrackId: r.lumitrack_id,
    state: r.state as MaterialElement['state'],
    tenant: r.tenant_id,
    projectName: r.project_name,
    tenantGroupId: r.tenant_group_id,
    creationDate: Number(r.created_at),
    stage: currentStage(r),
  };
}

function toStage(r: StageRow): MaterialStage {
  return {
    id: r.id,
    companyId: r.company_id,
    name: r.name,
    position: r.position,
    checklistTemplateId: r.checklist_template_id,
    checklistTemplateName: r.checklist_template_name,
    eventCount: Number(r.event_count ?? 0),
  };
}

function toEvent(r: EventRow): MaterialEvent {
  return {
    id: r.id,
    lumitrackId: r.lumitrack_id,
    stageId: r.stage_id,
    stageName: r.stage_name,
    position: r.stage_position,
    move: r.move as StageMove,
    note: r.note,
    checklistFillId: r.checklist_fill_id,
    checklistTemplateName: r.checklist_template_name,
    creationDate: Number(r.created_at),
    username: r.username,
    userName: r.user_name,
  };
}

/**
 * The tracking manager and material tracking (spec section 1, issue 16; docs/decisions/material-tracking.md).
 * Elements are the company's active Lumitrack IDs, read as the Lumitrack module reads them: an ID in no
 * project by any user of the company, an ID in a project by the readers of its job site. Stages are the
 * company's (the defaults written on first use), changed by company admins; a stage is recorded for an
 * element by those who may change it (the Lumitrack module's rule), going back to an earlier stage only with
 * a note.
 */
export function createTrackingService(deps: TrackingDeps) {
  const { repo, jobsites } = deps;

  /** The company's stages; the defaults are written first when it has none (serialised by the company lock). */
  async function ensureStages(companyId: number): Promise<StageRow[]> {
    const rows = await repo.stages(companyId);
    if (rows.length > 0) return rows;
    return repo.transaction(async (trx) => {
      await repo.lockCompany(trx, companyId);
      const again = await repo.stages(companyId, trx);
      if (again.length > 0) return again;
      const now = Date.now();
      await repo.insertStages(
        trx,
        DEFAULT_MATERIAL_STAGES.map((name, i) => ({
          company_id: companyId,
          name,
          position: i + 1,
          checklist_template_id: null,
          created_at: now,
          updated_at: now,
        })),
      );
      return repo.stages(companyId, trx);
    });
  }

  /** What the caller's lists hold: IDs in no project and those of readable sites, of one project (404/403). */
  async function scopeOf(
    actor: Actor,
    companyId: number,
    tenantId: number | undefined,
  ): Promise<{ scope: ElementScope; sites: SiteAccess }> {
    assertSameCompany(actor.companyId, companyId);
    const sites = await jobsites.siteAccess(actor);
    if (tenantId !== undefined) {
      const project = await repo.project(actor.companyId, tenantId);
      if (!project) throw notFound('Project not found');
      sites.check(project.tenant_group_id, 'read', 'Project');
    }
    return { scope: { companyId: actor.companyId, siteIds: sites.readable, tenantId }, sites };
  }

  /** 403 unless the caller may record a stage of the element (docs/decisions/material-tracking.md). */
  async function assertRecorder(
    actor: Actor,
    sites: SiteAccess,
    tenantGroupId: number | null,
  ): Promise<void> {
    if (tenantGroupId !== null) {
      sites.check(tenantGroupId, 'write', 'Lumitrack ID');
      return;
    }
    const lumitrackSites = await repo.lumitrackSites(actor.companyId);
    const accesses = lumitrackSites.map((s) => sites.granted.get(s)).filter((a) => a !== undefined);
    if (!canManageLumitrackIds(actor.accountType, accesses)) throw forbidden(NOT_RECORDER);
  }

  async function displayName(actor: Actor): Promise<string> {
    const user = await deps.users.findById(actor.userId);
    return user
      ? personName({ firstName: user.first_name, lastName: user.last_name, username: user.username })
      : actor.username;
  }

  return {
    /**
     * GET /tracking/manager: one page of the company's active IDs the caller reads (newest first), each with
     * its project, state, GPS node and the node's last fix, its latest checklist (filled on a site the caller
     * reads) and its current stage. One call for the whole screen: the reads are batched per page.
     */
    async manager(actor: Actor, q: TrackingManagerQuery): Promise<TrackingManagerPage> {
      const { scope, sites } = await scopeOf(actor, q.companyId, q.tenantId);
      const page = q.page ?? 0;
      const rpp = q.rpp ?? TRACKING_RPP_DEFAULT;
      const { total, positioned, rows } = await repo.tracked(scope, page, rpp);
      const fills = await repo.latestFills(
        actor.companyId,
        rows.map((r) => r.lumitrack_id),
        sites.readable,
      );
      const fillOf = new Map(fills.map((f) => [f.lumitrack_id, f]));
      return {
        total,
        positioned,
        page,
        rpp,
        items: rows.map((r) => {
          const f = fillOf.get(r.lumitrack_id);
          const ts = num(r.latest_location_ts);
          return {
            ...toElement(r),
            gpsNodeId: r.gps_node_id,
            gpsNodeName: r.gps_node_id === null ? null : r.node_name,
            location:
              r.gps_node_id !== null && r.latest_lat !== null && r.latest_lng !== null && ts !== null
                ? { lat: r.latest_lat, lng: r.latest_lng, timestamp: ts }
                : null,
            latestChecklist: f
              ? {
                  fillId: f.id,
                  templateId: f.template_id,
                  templateName: f.template_name,
                  username: f.username,
                  userName: f.user_name,
                  creationDate: Number(f.created_at),
                }
              : null,
          };
        }),
      };
    },

    /** GET /tracking/material/stages: the company's stages in order (the defaults on first use). */
    async stages(actor: Actor, companyId: number): Promise<MaterialStage[]> {
      assertSameCompany(actor.companyId, companyId);
      return (await ensureStages(actor.companyId)).map(toStage);
    },

    /**
     * PUT /tracking/material/stages: a company admin sends the whole ordered list. Existing stages are named by
     * id (renamed, moved, given a checklist), new ones have none; a stage left out is removed, unless events
     * were recorded at it (409). All or nothing.
     */
    async saveStages(actor: Actor, body: MaterialStagesBody): Promise<MaterialStage[]> {
      assertSameCompany(actor.companyId, body.companyId);
      if (!canManageStages(actor)) throw forbidden(STAGE_MANAGERS_ONLY);
      const names = checkStageNames(body.stages.map((s) => s.name));
      if (!names.ok) throw badRequest(names.error);
      const ids = body.stages.map((s) => s.id).filter((id): id is number => id !== undefined);
      if (new Set(ids).size !== ids.length) throw badRequest('A stage is named twice in the list');
      const templateIds = [
        ...new Set(body.stages.map((s) => s.checklistTemplateId).filter((t): t is number => !!t)),
      ];
      const templates = new Set((await repo.templates(actor.companyId, templateIds)).map((t) => t.id));
      for (const t of templateIds) if (!templates.has(t)) throw notFound(`Checklist template ${t} not found`);

      await repo.transaction(async (trx) => {
        await repo.lockCompany(trx, actor.companyId);
        const current = await repo.stages(actor.companyId, trx);
        const byId = new Map(current.map((s) => [s.id, s]));
        for (const id of ids) if (!byId.has(id)) throw notFound(`Stage ${id} not found`);
        const kept = new Set(ids);
        const removed = current.filter((s) => !kept.has(s.id));
        const used = removed.find((s) => Number(s.event_count) > 0);
        if (used) {
          throw conflict(
            `Stage '${used.name}' cannot be removed: ${Number(used.event_count)} stage events were recorded at it`,
          );
        }
        const now = Date.now();
        await repo.deleteStages(
          trx,
          removed.map((s) => s.id),
        );
        const fresh = [];
        for (const [i, s] of body.stages.entries()) {
          const values = {
            name: names.value[i],
            position: i + 1,
            checklist_template_id: s.checklistTemplateId ?? null,
            updated_at: now,
          };
          if (s.id === undefined) fresh.push({ ...values, company_id: actor.companyId, created_at: now });
          else {
            const before = byId.get(s.id) as StageRow;
            const same =
              before.name === values.name &&
              before.position === values.position &&
              before.checklist_template_id === values.checklist_template_id;
            if (!same) await repo.updateStage(trx, s.id, values);
          }
        }
        await repo.insertStages(trx, fresh);
      });
      return (await repo.stages(actor.companyId)).map(toStage);
    },

    /**
     * GET /tracking/material/elements: the counts of elements at each stage (of the project filter), and one
     * page of the elements matching every filter, newest first.
     */
    async elements(actor: Actor, q: MaterialElementsQuery): Promise<MaterialElementsPage> {
      if (q.stageId !== undefined && q.notStarted) {
        throw badRequest('Filter by a stage or by elements with no stage yet, not both');
      }
      const { scope } = await scopeOf(actor, q.companyId, q.tenantId);
      // The stage filter is judged before the defaults are written: a refused read writes nothing (a company
      // with no stages yet has no stage of that id either).
      const existing = await repo.stages(actor.companyId);
      if (q.stageId !== undefined && !existing.some((s) => s.id === q.stageId)) {
        throw badRequest(`Stage ${q.stageId} is not a stage of the company`);
      }
      const stages = existing.length > 0 ? existing : await ensureStages(actor.companyId);
      const filter: StageFilter =
        q.stageId !== undefined ? { stageId: q.stageId } : q.notStarted ? { notStarted: true } : {};
      const page = q.page ?? 0;
      const rpp = q.rpp ?? TRACKING_RPP_DEFAULT;
      const [counts, { total, rows }] = await Promise.all([
        repo.countsByStage(scope),
        repo.elements(scope, filter, page, rpp),
      ]);
      return {
        stages: stages.map((s) => ({
          stageId: s.id,
          name: s.name,
          position: s.position,
          count: counts.get(s.id) ?? 0,
        })),
        notStarted: counts.get(null) ?? 0,
        total,
        page,
        rpp,
        items: rows.map(toElement),
      };
    },

    /** GET /tracking/material/events/by_lumitrack_id/{id}: an element the caller reads and its events, newest first. */
    async timeline(actor: Actor, text: string): Promise<MaterialTimeline> {
      const id = await deps.lumitrack.get(actor, text);
      const row = await repo.element(actor.companyId, id.id);
      if (!row) throw notFound(`Lumitrack ID ${id.lumitrackId} not found`);
      const events = await repo.events(actor.companyId, { rowId: id.id, limit: MATERIAL_TIMELINE_MAX });
      return { element: toElement(row), events: events.map(toEvent) };
    },

    /**
     * POST /tracking/material/events: records a stage of an element. The element must be an active ID the
     * caller may read (404 / 403) and change (403); the stage one of the company's (400); going back to an
     * earlier stage needs a note (400); a checklist backing it must be one the caller reads (404) filled for
     * this ID (400). Every refusal stores nothing.
     */
    async record(actor: Actor, body: MaterialEventBody): Promise<MaterialEvent> {
      const element = await deps.lumitrack.get(actor, body.lumitrackId);
      if (element.state !== 'Active') {
        throw badRequest(`Lumitrack ID ${element.lumitrackId} is deleted: it takes no new stages`);
      }
      const sites = await jobsites.siteAccess(actor);
      await assertRecorder(actor, sites, element.tenantGroupId);
      const note = checkStageNote(body.note);
      if (!note.ok) throw badRequest(note.error);
      const stage = (await repo.stages(actor.companyId)).find((s) => s.id === body.stageId);
      if (!stage) throw badRequest(`Stage ${body.stageId} is not a stage of the company`);
      if (body.checklistFillId !== undefined) {
        const fill = await deps.checklists.fillById(actor, body.checklistFillId);
        if (fill.lumitrackId !== element.lumitrackId) {
          throw badRequest(
            `Checklist ${fill.id} was filled for ${fill.lumitrackId}, not for ${element.lumitrackId}`,
          );
        }
      }
      const userName = await displayName(actor);
      const eventId = await repo.transaction(async (trx) => {
        await repo.lockElement(trx, element.id);
        const last = await repo.latestEvent(trx, element.id);
        const move = stageMove(last ? last.position : null, stage.position);
        if (stageMoveNeedsNote(move) && note.value === null) {
          throw badRequest(
            `${element.lumitrackId} is at '${last?.name}': going back to '${stage.name}' needs a note saying why`,
          );
        }
        return repo.insertEvent(trx, {
          company_id: actor.companyId,
          lumitrack_id_id: element.id,
          stage_id: stage.id,
          move,
          note: note.value,
          checklist_fill_id: body.checklistFillId ?? null,
          user_id: actor.userId,
          username: actor.username,
          user_name: userName,
          created_at: Date.now(),
        });
      });
      const [event] = await repo.events(actor.companyId, { id: eventId });
      return toEvent(event);
    },
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
