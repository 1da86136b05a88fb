import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type {
  ChecklistAssignNameBody,
  ChecklistAssignTemplateBody,
  ChecklistAssignTenantsBody,
  ChecklistAuditEntry,
  ChecklistAuditsBody,
  ChecklistFill,
  ChecklistFillBody,
  ChecklistLatestFill,
  ChecklistPhoto,
  ChecklistTemplate,
  ChecklistTemplateCreateBody,
  ChecklistTemplatesQuery,
  ChecklistToggleBody,
} from '@sitepulse/contracts';
import {
  CHECKLIST_AUDITS_MAX,
  CHECKLIST_FILLS_MAX,
  CHECKLIST_PHOTO_MAX_BYTES,
  CHECKLIST_PHOTO_TYPES,
  CHECKLIST_TEMPLATES_MAX,
  type ChecklistAnswerDef,
  type ChecklistAuditOperation,
  type ChecklistPhotoType,
  type ChecklistTemplateDef,
  checkChecklistAnswers,
  checkChecklistName,
  checkChecklistTemplate,
  checklistPhotoTypeOf,
  hasReadOnlyRole,
  isReadOnlyAccount,
  normalizeLumitrackId,
  personName,
  sameChecklistTemplate,
} from '@sitepulse/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import { createStorageLimit } from '../../lib/storage-limit.ts';
import type { JobsitesService } from '../jobsites/service.ts';
import type { LumitrackService } from '../lumitrack/service.ts';
import type { UsersService } from '../users/service.ts';
import {
  type AuditRow,
  createChecklistsRepo,
  type FillRow,
  type TemplateRow,
  type TenantRow,
} from './repo.ts';

export interface ChecklistsDeps {
  db: Kysely<Database>;
  jobsites: JobsitesService;
  users: UsersService;
  /** the Lumitrack IDs a checklist is filled for: the ID named must be one the caller may read */
  lumitrack: Pick<LumitrackService, 'get'>;
  /** where the bytes of photo answers are kept (a folder by default) */
  photos: FileStore;
}

/** Photos a user may have waiting for a fill at once, and how long one waits before it is removed. */
export const PENDING_PHOTOS_MAX = 50;
export const PENDING_PHOTO_TTL_MS = 24 * 60 * 60 * 1000;

const MANAGERS_ONLY = 'Only company admins manage checklist templates';

/** Whether the caller manages the company's templates: a company admin, not read-only (docs/decisions/checklists.md). */
export function canManageChecklists(actor: Pick<Actor, 'isAdmin' | 'accountType' | 'roles'>): boolean {
  return actor.isAdmin && !isReadOnlyAccount(actor.accountType) && !hasReadOnlyRole(actor.roles);
}

const parseTemplate = (text: string): ChecklistTemplateDef => JSON.parse(text) as ChecklistTemplateDef;

function toAudit(r: AuditRow): ChecklistAuditEntry {
  return {
    id: r.id,
    templateId: r.template_id,
    templateName: r.template_name,
    operation: r.operation as ChecklistAuditOperation,
    userId: r.user_id,
    username: r.username,
    timestamp: Number(r.created_at),
    detail: r.detail,
  };
}

function toFill(r: FillRow): ChecklistFill {
  return {
    id: r.id,
    templateId: r.template_id,
    templateName: r.template_name,
    templateVersion: r.template_version,
    template: parseTemplate(r.template),
    tenantId: r.tenant_id,
    tenantGroupId: r.tenant_group_id,
    lumitrackId: r.lumitrack_id,
    answers: JSON.parse(r.answers) as ChecklistAnswerDef[],
    userId: r.user_id,
    username: r.username,
    userName: r.user_name,
    creationDate: Number(r.created_at),
  };
}

/** A list of names in a message or an audit detail, cut short. */
function names(list: string[], max = 10): string {
  const shown = list.slice(0, max).map((n) => `'${n}'`);
  return list.length > max ? `${shown.join(', ')} and ${list.length - max} more` : shown.join(', ') || 'none';
}

/**
 * Checklist templates of Lumitrack projects and the checklists filled with them (docs/decisions/checklists.md).
 * Company admins manage the templates (create, rename, edit, assign projects, activate and deactivate),
 * each operation recorded in the template's audit with the username and the time; the others read the
 * active templates of the projects they can see. Writers of a project's job site fill a template for a
 * Lumitrack ID; the fill keeps the template as it was, the answers, who and when, and is never changed.
 */
export function createChecklistsService(deps: ChecklistsDeps) {
  const repo = createChecklistsRepo(deps.db);
  const { photos } = deps;
  const storage = createStorageLimit(deps.db);

  function assertManager(actor: Actor): void {
    if (!canManageChecklists(actor)) throw forbidden(MANAGERS_ONLY);
  }

  /** Templates as an admin sees them: every project, the audit entries the template carries. */
  async function present(rows: TemplateRow[], visibleTenants?: Set<number>): Promise<ChecklistTemplate[]> {
    const ids = rows.map((r) => r.id);
    const [links, audits] = await Promise.all([repo.tenantsOf(ids), repo.templateAudits(ids)]);
    return rows.map((r) => ({
      id: r.id,
      companyId: r.company_id,
      name: r.name,
      template: parseTemplate(r.template),
      version: r.version,
      isActive: r.is_active === 1,
      tenants: links
        .filter((l) => l.template_id === r.id && (!visibleTenants || visibleTenants.has(l.tenant_id)))
        .map((l) => l.tenant_id),
      creationDate: Number(r.created_at),
      lastModified: Number(r.last_modified),
      audits: audits.filter((a) => a.template_id === r.id).map(toAudit),
    }));
  }

  async function presentOne(row: TemplateRow): Promise<ChecklistTemplate> {
    return (await present([row]))[0];
  }

  /**
   * The projects named for a template: each a project of the company (404), of type Lumitrack (400) and not
   * archived unless it was already assigned (400).
   */
  async function resolveTenants(
    companyId: number,
    ids: number[],
    current: Set<number>,
    trx?: Transaction<Database>,
  ): Promise<TenantRow[]> {
    const rows = new Map((await repo.tenants(companyId, ids, trx)).map((t) => [t.id, t]));
    return ids.map((id) => {
      const t = rows.get(id);
      if (!t) throw notFound(`Project ${id} not found`);
      if (t.type !== 'Lumitrack') {
        throw badRequest(
          `Project '${t.name}' (${id}) is a ${t.type} project: checklists are for Lumitrack projects`,
        );
      }
      if (t.state === 'TERMINATED' && !current.has(id)) {
        throw badRequest(`Project '${t.name}' (${id}) is archived: it takes no new checklist templates`);
      }
      return t;
    });
  }

  function checkedName(name: string): string {
    const r = checkChecklistName(name);
    if (!r.ok) throw badRequest(r.error);
    return r.value;
  }

  function checkedTemplate(template: unknown): ChecklistTemplateDef {
    const r = checkChecklistTemplate(template);
    if (!r.ok) throw badRequest(r.error);
    return r.value;
  }

  const audit = (
    trx: Transaction<Database>,
    actor: Actor,
    templateId: number,
    operation: ChecklistAuditOperation,
    detail: string | null,
    at: number,
  ) =>
    repo.insertAudit(trx, {
      company_id: actor.companyId,
      template_id: templateId,
      operation,
      user_id: actor.userId,
      username: actor.username,
      detail,
      created_at: at,
    });

  /** A duplicate name (a unique index of the company, case ignored) answers 409. */
  async function withUniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(`A checklist template named '${name}' already exists`);
      throw e;
    }
  }

  /**
   * One change of a template by an admin, in one transaction with the template row locked: `change` answers
   * what to set and the audit entry, or null when nothing would change (then nothing is written nor
   * recorded). Answers the template as it is after.
   */
  async function change(
    actor: Actor,
    id: number,
    work: (
      row: TemplateRow,
      trx: Transaction<Database>,
    ) => Promise<{
      set: Parameters<typeof repo.updateTemplate>[2];
      operation: ChecklistAuditOperation;
      detail: string;
    } | null>,
  ): Promise<ChecklistTemplate> {
    assertManager(actor);
    const row = await repo.transaction(async (trx) => {
      const current = await repo.lockTemplate(trx, actor.companyId, id);
      if (!current) throw notFound('Checklist template not found');
      const next = await work(current, trx);
      if (!next) return current;
      const now = Date.now();
      const updated = await repo.updateTemplate(trx, current.id, { ...next.set, last_modified: now });
      await audit(trx, actor, current.id, next.operation, next.detail, now);
      return updated;
    });
    return presentOne(row);
  }

  async function displayName(actor: Actor): Promise<string> {
    const user = await deps.users.findById(actor.userId);
    return user
      ? personName({ firstName: user.first_name, lastName: user.last_name, username: user.username })
      : actor.username;
  }

  /** Removes the caller's photos that waited longer than PENDING_PHOTO_TTL_MS; answers those still waiting. */
  async function sweepPendingPhotos(actor: Actor): Promise<number> {
    const pending = await repo.pendingPhotos(actor.companyId, actor.userId);
    const old = pending.filter((p) => Number(p.created_at) < Date.now() - PENDING_PHOTO_TTL_MS);
    await repo.deletePendingPhotos(old.map((p) => p.id));
    for (const p of old) await photos.remove(p.id);
    return pending.length - old.length;
  }

  return {
    /**
     * GET /checklist/templates/by_company/{id}: a company admin gets every template of the company; anyone
     * else the active templates assigned to a project of a job site they may read, with those projects only.
     * Another company 403. `tenantId`: only the templates of that project.
     */
    async listByCompany(
      actor: Actor,
      companyId: number,
      query: ChecklistTemplatesQuery,
    ): Promise<ChecklistTemplate[]> {
      assertSameCompany(actor.companyId, companyId);
      const rows = await repo.templates(actor.companyId);
      let shown: ChecklistTemplate[];
      if (actor.isAdmin) {
        shown = await present(rows);
      } else {
        const sites = await deps.jobsites.siteAccess(actor);
        const visible = new Set(await repo.tenantIdsOfSites(actor.companyId, sites.readable));
        shown = (
          await present(
            rows.filter((r) => r.is_active === 1),
            visible,
          )
        ).filter((t) => t.tenants.length > 0);
      }
      return query.tenantId === undefined
        ? shown
        : shown.filter((t) => t.tenants.includes(query.tenantId as number));
    },

    /** POST /checklist/templates: a company admin makes a template (recorded as CREATE). */
    async create(actor: Actor, body: ChecklistTemplateCreateBody): Promise<ChecklistTemplate> {
      assertManager(actor);
      assertSameCompany(actor.companyId, body.companyId);
      const name = checkedName(body.name);
      const template = checkedTemplate(body.template);
      const tenants = await resolveTenants(actor.companyId, body.tenants ?? [], new Set());
      if ((await repo.countTemplates(actor.companyId)) >= CHECKLIST_TEMPLATES_MAX) {
        throw badRequest(`A company keeps at most ${CHECKLIST_TEMPLATES_MAX} checklist templates`);
      }
      const isActive = body.isActive ?? true;
      const row = await withUniqueName(name, () =>
        repo.transaction(async (trx) => {
          const now = Date.now();
          const created = await repo.insertTemplate(trx, {
            company_id: actor.companyId,
            name,
            template: JSON.stringify(template),
            is_active: isActive ? 1 : 0,
            created_at: now,
            last_modified: now,
          });
          await repo.setTenants(
            trx,
            created.id,
            tenants.map((t) => t.id),
          );
          const detail =
            `'${name}', version 1, ${template.items.length} items, ${isActive ? 'active' : 'inactive'}, ` +
            `projects ${names(tenants.map((t) => t.name))}`;
          await audit(trx, actor, created.id, 'CREATE', detail, now);
          return created;
        }),
      );
      return presentOne(row);
    },

    /** PUT /checklist/templates/cmd/assign_name (RENAME). */
    async assignName(actor: Actor, body: ChecklistAssignNameBody): Promise<ChecklistTemplate> {
      assertManager(actor);
      const name = checkedName(body.name);
      return withUniqueName(name, () =>
        change(actor, body.id, async (row) =>
          row.name === name
            ? null
            : { set: { name }, operation: 'RENAME', detail: `'${row.name}' → '${name}'` },
        ),
      );
    },

    /** PUT /checklist/templates/cmd/assign_template (EDIT_TEMPLATE): a new version; fills keep theirs. */
    async assignTemplate(actor: Actor, body: ChecklistAssignTemplateBody): Promise<ChecklistTemplate> {
      assertManager(actor);
      const template = checkedTemplate(body.template);
      return change(actor, body.id, async (row) => {
        if (sameChecklistTemplate(parseTemplate(row.template), template)) return null;
        const version = row.version + 1;
        return {
          set: { template: JSON.stringify(template), version },
          operation: 'EDIT_TEMPLATE',
          detail: `version ${version}, ${template.items.length} items`,
        };
      });
    },

    /** POST /checklist/templates/cmd/assign_tenants (ASSIGN_TENANTS): the projects, all at once. */
    async assignTenants(actor: Actor, body: ChecklistAssignTenantsBody): Promise<ChecklistTemplate> {
      assertManager(actor);
      return change(actor, body.id, async (row, trx) => {
        const current = new Set((await repo.tenantsOf([row.id], trx)).map((l) => l.tenant_id));
        const tenants = await resolveTenants(actor.companyId, body.tenants, current, trx);
        const next = new Set(tenants.map((t) => t.id));
        if (next.size === current.size && [...next].every((id) => current.has(id))) return null;
        await repo.setTenants(trx, row.id, [...next]);
        return {
          set: {},
          operation: 'ASSIGN_TENANTS',
          detail: `projects ${names(tenants.map((t) => t.name))}`,
        };
      });
    },

    /** PUT /checklist/templates/cmd/toggle (ACTIVATE or DEACTIVATE). */
    async toggle(actor: Actor, body: ChecklistToggleBody): Promise<ChecklistTemplate> {
      return change(actor, body.id, async (row) =>
        (row.is_active === 1) === body.isActive
          ? null
          : {
              set: { is_active: body.isActive ? 1 : 0 },
              operation: body.isActive ? 'ACTIVATE' : 'DEACTIVATE',
              detail: body.isActive ? 'active' : 'inactive',
            },
      );
    },

    /**
     * POST /checklist/templates/audits/users: the company's audit entries, newest first (at most
     * CHECKLIST_AUDITS_MAX), of one template and/or some users. Company admins only.
     */
    async audits(actor: Actor, body: ChecklistAuditsBody): Promise<ChecklistAuditEntry[]> {
      if (!actor.isAdmin) throw forbidden('Only company admins read the audit of checklist templates');
      assertSameCompany(actor.companyId, body.companyId);
      if (body.templateId !== undefined && !(await repo.findTemplate(actor.companyId, body.templateId))) {
        throw notFound('Checklist template not found');
      }
      const rows = await repo.audits(
        actor.companyId,
        { templateId: body.templateId, usernames: body.usernames },
        CHECKLIST_AUDITS_MAX,
      );
      return rows.map(toAudit);
    },

    /**
     * POST /checklist/fills (ours): a writer of the project's job site fills an active template assigned to
     * the project for a Lumitrack ID. The answers are checked against the template (400 naming the item);
     * photo answers must be the caller's photos waiting for a fill. Kept with the template as it is now,
     * the caller and the time; recorded in the template's audit as FILL.
     */
    async fill(actor: Actor, body: ChecklistFillBody): Promise<ChecklistFill> {
      const template = await repo.findTemplate(actor.companyId, body.templateId);
      if (!template) throw notFound('Checklist template not found');
      const [tenant] = await repo.tenants(actor.companyId, [body.tenantId]);
      if (!tenant) throw notFound('Project not found');
      await deps.jobsites.assertGranted(actor, tenant.tenant_group_id, 'write', 'Project');
      const assigned = (await repo.tenantsOf([template.id])).some((l) => l.tenant_id === tenant.id);
      if (!assigned) {
        throw badRequest(`Checklist template '${template.name}' is not assigned to project '${tenant.name}'`);
      }
      if (template.is_active !== 1) {
        throw badRequest(`Checklist template '${template.name}' is deactivated: it takes no new checklists`);
      }
      if (tenant.state === 'TERMINATED') throw badRequest(`Project '${tenant.name}' is archived`);
      // The ID: one of the company the caller may read (404, 403 for an inspector of its site), active, and
      // in this project or in none yet.
      const element = await deps.lumitrack.get(actor, body.lumitrackId);
      if (element.state !== 'Active') {
        throw badRequest(`Lumitrack ID ${element.lumitrackId} is deleted: it takes no new checklists`);
      }
      if (element.tenant !== null && element.tenant !== tenant.id) {
        throw badRequest(
          `Lumitrack ID ${element.lumitrackId} is in project '${element.projectName ?? element.tenant}', ` +
            `not in '${tenant.name}'`,
        );
      }
      const content = parseTemplate(template.template);
      const checked = checkChecklistAnswers(content, body.answers);
      if (!checked.ok) throw badRequest(checked.error);
      const answers = checked.value;

      const photoItems = new Map(content.items.filter((i) => i.kind === 'PHOTO').map((i) => [i.key, i]));
      const photoAnswers = answers.filter((a) => photoItems.has(a.key));
      const pending = new Set((await repo.pendingPhotos(actor.companyId, actor.userId)).map((p) => p.id));
      const used = new Set<string>();
      for (const a of photoAnswers) {
        const item = photoItems.get(a.key);
        const id = String(a.value);
        const name = `Item '${a.key}' (${item?.label})`;
        if (!pending.has(id))
          throw badRequest(`${name}: photo ${id} is not one of your photos waiting for a checklist`);
        if (used.has(id)) throw badRequest(`${name}: photo ${id} answers another item too`);
        used.add(id);
      }
      const userName = await displayName(actor);

      const row = await repo.transaction(async (trx) => {
        const now = Date.now();
        const fill = await repo.insertFill(trx, {
          company_id: actor.companyId,
          template_id: template.id,
          template_version: template.version,
          template_name: template.name,
          template: template.template,
          tenant_id: tenant.id,
          tenant_group_id: tenant.tenant_group_id,
          lumitrack_id: element.lumitrackId,
          answers: JSON.stringify(answers),
          user_id: actor.userId,
          username: actor.username,
          user_name: userName,
          created_at: now,
        });
        const taken = await repo.attachPhotos(trx, fill.id, actor.userId, [...used]);
        if (taken !== used.size)
          throw conflict('A photo of this checklist was just used by another one: try again');
        await audit(
          trx,
          actor,
          template.id,
          'FILL',
          `checklist ${fill.id}, version ${template.version}, Lumitrack ID ${element.lumitrackId}, project '${tenant.name}'`,
          now,
        );
        return fill;
      });
      return toFill(row);
    },

    /** GET /checklist/fills/{id} (ours): readers of its job site (another company's or ungranted 404, inspector 403). */
    async fillById(actor: Actor, id: number): Promise<ChecklistFill> {
      const row = await repo.findFill(actor.companyId, id);
      if (!row) throw notFound('Checklist not found');
      await deps.jobsites.assertGranted(actor, row.tenant_group_id, 'read', 'Checklist');
      return toFill(row);
    },

    /** GET /checklist/fills/by_lumitrack_id/{lumitrackId} (ours): its fills on the sites the caller reads, newest first. */
    async fillsByLumitrackId(actor: Actor, text: string): Promise<ChecklistFill[]> {
      const lumitrackId = normalizeLumitrackId(text);
      if (!lumitrackId) throw badRequest(`'${text}' is not a Lumitrack ID`);
      const sites = await deps.jobsites.siteAccess(actor);
      const rows = await repo.fillsByLumitrackId(
        actor.companyId,
        lumitrackId,
        sites.readable,
        CHECKLIST_FILLS_MAX,
      );
      return rows.map(toFill);
    },

    /**
     * GET /checklist/fills/latest/by_tenant/{id} (ours): the latest checklist filled in a project for each
     * Lumitrack ID, for readers of its job site (unknown or ungranted 404, an inspector there 403).
     */
    async latestFillsByTenant(actor: Actor, tenantId: number): Promise<ChecklistLatestFill[]> {
      const [tenant] = await repo.tenants(actor.companyId, [tenantId]);
      if (!tenant) throw notFound('Project not found');
      await deps.jobsites.assertGranted(actor, tenant.tenant_group_id, 'read', 'Project');
      const rows = await repo.latestFillsOfTenant(actor.companyId, tenant.id);
      return rows.map((r) => ({
        lumitrackId: r.lumitrack_id,
        fillId: r.id,
        templateId: r.template_id,
        templateName: r.template_name,
        username: r.username,
        userName: r.user_name,
        creationDate: Number(r.created_at),
      }));
    },

    /**
     * POST /checklist/photos (ours): a photo for a PHOTO item, at most CHECKLIST_PHOTO_MAX_BYTES, JPEG, PNG or
     * WebP by its bytes (the declared type must match). Users who may change a job site only. It waits for a
     * fill at most PENDING_PHOTO_TTL_MS; PENDING_PHOTOS_MAX at once.
     */
    async uploadPhoto(actor: Actor, contentType: string | undefined, body: unknown): Promise<ChecklistPhoto> {
      const declared = (contentType ?? '').split(';')[0].trim().toLowerCase();
      if (!(CHECKLIST_PHOTO_TYPES as readonly string[]).includes(declared)) {
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          `Send the photo itself as the body, with Content-Type ${CHECKLIST_PHOTO_TYPES.join(', ')}`,
        );
      }
      if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('The photo is empty');
      if (body.length > CHECKLIST_PHOTO_MAX_BYTES) {
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', `A photo is at most ${CHECKLIST_PHOTO_MAX_BYTES} bytes`);
      }
      const type: ChecklistPhotoType | null = checklistPhotoTypeOf(body);
      if (type !== declared) {
        throw badRequest(`The body is not a ${declared} image${type ? ` (it reads as ${type})` : ''}`);
      }
      const sites = await deps.jobsites.siteAccess(actor);
      if (sites.writable.length === 0)
        throw forbidden('Only users who may change a job site fill checklists');
      if ((await sweepPendingPhotos(actor)) >= PENDING_PHOTOS_MAX) {
        throw conflict(
          `You have ${PENDING_PHOTOS_MAX} photos waiting for a checklist: fill one first (a photo waits 24 hours)`,
        );
      }
      await storage.assertRoom(actor.companyId);
      const id = randomUUID();
      const now = Date.now();
      await photos.put(id, Readable.from([body]));
      try {
        await repo.insertPhoto({
          id,
          company_id: actor.companyId,
          user_id: actor.userId,
          fill_id: null,
          mime_type: type,
          size: body.length,
          created_at: now,
        });
      } catch (e) {
        await photos.remove(id);
        throw e;
      }
      return { photoId: id, mimeType: type, size: body.length, creationDate: now };
    },

    /**
     * GET /checklist/photos/{photoId} (ours): the photo of a fill, for readers of the fill's job site; a photo
     * waiting for a fill, for the user who sent it only. Otherwise 404.
     */
    async openPhoto(
      actor: Actor,
      photoId: string,
    ): Promise<{ body: Readable; mimeType: string; size: number }> {
      const row = await repo.findPhoto(actor.companyId, photoId);
      if (!row) throw notFound('Photo not found');
      if (row.fill_id === null) {
        if (row.user_id !== actor.userId) throw notFound('Photo not found');
      } else {
        const fill = await repo.findFill(actor.companyId, row.fill_id);
        if (!fill) throw notFound('Photo not found');
        await deps.jobsites.assertGranted(actor, fill.tenant_group_id, 'read', 'Photo');
      }
      const body = await photos.open(row.id);
      if (!body) throw notFound('The photo file is gone');
      return { body, mimeType: row.mime_type, size: row.size };
    },
  };
}
export type ChecklistsService = ReturnType<typeof createChecklistsService>;
