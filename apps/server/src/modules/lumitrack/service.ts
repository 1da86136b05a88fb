import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  ActiveLumitrackIdQuery,
  ActiveLumitrackIds,
  AssignGpsNodeBody,
  AssignTenantBody,
  IdFileRequest,
  IdFileRequestBody,
  LabelPreference,
  LumitrackId,
} from '@sitepulse/contracts';
import {
  annualRoom,
  canManageLumitrackIds,
  DEFAULT_ACTIVE_ID_INTERVAL_MIN,
  DEFAULT_ID_FILE_REQUEST_STATUS,
  DEFAULT_QR_FORMAT,
  GPS_NODE_TYPE,
  gpsNodeRefusal,
  ID_FILE_CONTENT_TYPES,
  ID_FILE_REQUEST_LIST_MAX,
  ID_FILE_REQUEST_TYPES,
  type IdFileRequestStatus,
  type IdFileRequestType,
  type IdFileType,
  idFileDownloadName,
  idFileType,
  LUMITRACK_ANNUAL_LIMIT_CODE,
  LUMITRACK_ASSOCIATION_TYPES,
  LUMITRACK_ID_STATES,
  LUMITRACK_ID_SYMBOLS,
  LUMITRACK_ID_TYPES,
  LUMITRACK_PROJECT_TYPE,
  lumitrackAnnualLimit,
  lumitrackIdFromBytes,
  normalizeLumitrackId,
  QR_FORMATS,
  type QrFormat,
  yearStartUtc,
} from '@sitepulse/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { LeasedJob } from '../../jobs/leased-queue.ts';
import { JobTimeLimitError } from '../../jobs/leased-queue.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import type { SiteAccess } from '../../lib/site-access.ts';
import type { StorageLimit } from '../../lib/storage-limit.ts';
import type { JobsitesService } from '../jobsites/service.ts';
import { labelFile } from './labels/index.ts';
import type { FileRequestRow, IdView, LumitrackRepo, RequestItem } from './repo.ts';

const MINUTE_MS = 60_000;
/** Where a DONE request's file downloads from (under /api). */
export const idFileDownloadPath = (requestId: number) =>
  `/api/lumitrack/lumitrackid/files/requests/by_id/${requestId}/file`;

/** What a request whose file failed for a reason other than its time limit shows. */
export const LABEL_FAILED = 'The label file could not be made';
/** What a request whose worker kept dying shows. */
export const LABEL_ABANDONED = 'The label file could not be made: its worker stopped each time it tried';

/** Who may make, delete and change unassigned IDs (docs/decisions/lumitrack.md, "Who may do what"). */
const NOT_MANAGER =
  'Only company admins, and admins or editors of a job site with a Lumitrack project, may make or change ' +
  'Lumitrack IDs that are in no project';

/** Whether a text holds a control character (C0, DEL or C1): a label prints none. */
const hasControl = (text: string) =>
  [...text].some((c) => {
    const cp = c.codePointAt(0) ?? 0;
    return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
  });

export function toLumitrackId(v: IdView): LumitrackId {
  return {
    id: v.id,
    lumitrackId: v.lumitrack_id,
    lumiTrackId: v.lumitrack_id,
    type: v.type as LumitrackId['type'],
    state: v.state as LumitrackId['state'],
    company: v.company_id,
    companyId: v.company_id,
    tenant: v.tenant_id,
    tenantGroupId: v.tenant_group_id,
    projectName: v.project_name,
    creationDate: Number(v.created_at),
    gpsNodeId: v.gps_node_id,
    gpsNode:
      v.gps_node_id === null
        ? null
        : {
            id: v.gps_node_id,
            name: v.node_name ?? '',
            nodeType: v.node_type ?? GPS_NODE_TYPE,
            tenantGroupId: v.node_site_id,
            latestLat: v.latest_lat,
            latestLng: v.latest_lng,
            latestLocationTs: v.latest_location_ts === null ? null : Number(v.latest_location_ts),
          },
    lumitrackIdAssociationData:
      v.tenant_id === null
        ? []
        : [{ type: 'LUMITRACK_JOB', name: v.project_name ?? '', tenant: v.tenant_id }],
  };
}

export function toFileRequest(r: FileRequestRow, items: RequestItem[]): IdFileRequest {
  const lumitrackIds = items.map((i) => i.lumitrack_id);
  const format = r.file_format as QrFormat;
  const done = r.status === 'DONE' && r.file_name !== null;
  return {
    id: r.id,
    creationDate: Number(r.created_at),
    type: r.type as IdFileRequestType,
    status: r.status as IdFileRequestStatus,
    isUserDefined: !!r.is_user_defined,
    payload: { companyName: r.company_name, fileType: r.file_type as IdFileType, fileFormat: format },
    lumitrackIds,
    companyId: r.company_id,
    ownerUsername: r.owner_username,
    startedAt: r.started_at === null ? null : Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    error: r.error,
    fileName: done ? idFileDownloadName(r.id, format, lumitrackIds) : null,
    fileSize: done && r.file_size !== null ? Number(r.file_size) : null,
    downloadPath: done ? idFileDownloadPath(r.id) : null,
  };
}

export interface LumitrackDeps {
  repo: LumitrackRepo;
  jobsites: JobsitesService;
  /** where label files are kept */
  files: FileStore;
  /** the company's storage limit (tierSpec storage_limit_in_mb): a new file request is refused when it is full */
  storage?: Pick<StorageLimit, 'assertRoom'>;
}

/**
 * Lumitrack IDs and their QR label files (spec sections 3, 4, 7; docs/decisions/lumitrack.md). An ID is
 * company-wide until it is assigned to a Lumitrack project; then it belongs to that project's job site:
 * - reading: an ID in no project, any user of the company; an ID in a project, readers of its job site
 *   (another company's, or an ungranted site's, reads as 404; an inspector there 403);
 * - making and deleting IDs in no project, and changing them: company admins, and admins or editors of a
 *   job site with a Lumitrack project (never a Read-Only account);
 * - changing or deleting an ID in a project: those who may change that project's job site; moving it to
 *   a project also needs that of the target project;
 * - label files: whoever may read every ID in them.
 */
export function createLumitrackService(deps: LumitrackDeps) {
  const { repo, jobsites, files } = deps;
  const createdListeners = new Set<() => void>();
  const emitCreated = () => {
    for (const l of createdListeners) l();
  };

  /** 404 (or 403 for an inspector of its site) unless the caller may read the ID. */
  function assertSeen(sites: SiteAccess, v: IdView, label = 'Lumitrack ID'): void {
    if (v.tenant_group_id === null) return;
    sites.check(v.tenant_group_id, 'read', label);
  }
  const seen = (sites: SiteAccess, v: IdView) =>
    v.tenant_group_id === null || sites.readable.includes(v.tenant_group_id);

  async function assertManager(actor: Actor, sites: SiteAccess): Promise<void> {
    const lumitrackSites = await repo.lumitrackSites(actor.companyId);
    const accesses = lumitrackSites.map((s) => sites.granted.get(s)).filter((a) => a !== undefined);
    if (!canManageLumitrackIds(actor.accountType, accesses)) throw forbidden(NOT_MANAGER);
  }

  /** 403 unless the caller may change the ID where it is now (its project's site, or as a manager). */
  async function assertChanges(actor: Actor, sites: SiteAccess, v: IdView): Promise<void> {
    if (v.tenant_group_id === null) await assertManager(actor, sites);
    else sites.check(v.tenant_group_id, 'write', 'Lumitrack ID');
  }

  /** The stored form of an ID a call names (the schema has checked its shape; 400 if it still is none). */
  function idOf(text: string): string {
    const id = normalizeLumitrackId(text);
    if (!id) throw badRequest(`'${text}' is not a Lumitrack ID (LT- and two groups of four symbols)`);
    return id;
  }

  /** The ID named, that the caller may read: 404 (403 for an inspector of its site) otherwise. */
  async function visibleId(actor: Actor, sites: SiteAccess, text: string): Promise<IdView> {
    const id = idOf(text);
    const [v] = await repo.findIds(actor.companyId, [id]);
    if (!v) throw notFound(`Lumitrack ID ${id} not found`);
    assertSeen(sites, v, `Lumitrack ID ${id}`);
    return v;
  }

  /**
   * The Lumitrack project IDs go into (assign_tenant, or IDs made in a project): a project of the company on a
   * site the caller may change (404 / 403), of type Lumitrack (400), neither it nor its site archived (409).
   */
  async function targetProject(actor: Actor, sites: SiteAccess, tenantId: number) {
    const project = await repo.project(actor.companyId, tenantId);
    if (!project) throw notFound('Project not found');
    sites.check(project.tenant_group_id, 'write', 'Project');
    if (project.type !== LUMITRACK_PROJECT_TYPE) {
      throw badRequest(
        `Project '${project.name}' is a ${project.type} project: Lumitrack IDs go to Lumitrack projects`,
      );
    }
    if (project.state === 'TERMINATED' || project.site_state === 'TERMINATED') {
      throw conflict(`Project '${project.name}' is archived: IDs are not added to it`);
    }
    return project;
  }

  async function reload(id: number): Promise<LumitrackId> {
    const [v] = await repo.findIdRows([id]);
    if (!v) throw notFound('Lumitrack ID not found');
    return toLumitrackId(v);
  }

  /** `n` new human IDs the company does not have yet. */
  async function freshIds(trx: Transaction<Database>, companyId: number, n: number): Promise<string[]> {
    const out = new Set<string>();
    // 40 random bits each: a collision is rare, and each round only redraws the colliding ones.
    for (let round = 0; round < 20 && out.size < n; round++) {
      const drawn = new Set<string>();
      while (drawn.size < n - out.size) {
        const id = lumitrackIdFromBytes(randomBytes(LUMITRACK_ID_SYMBOLS));
        if (!out.has(id)) drawn.add(id);
      }
      const taken = await repo.taken(trx, companyId, [...drawn]);
      for (const id of drawn) if (!taken.has(id)) out.add(id);
    }
    if (out.size < n) throw new Error('could not draw unused Lumitrack IDs');
    return [...out];
  }

  /**
   * Makes `n` IDs in one transaction, within the annual limit of the company's tier (409 with
   * LUMITRACK_ANNUAL_LIMIT_CODE past it: nothing made), and with `withFiles` one label file request per
   * format of all of them (isUserDefined false). With `tenantId` they are made in that Lumitrack project
   * (ours; the rules of assign_tenant). Answers the IDs, in the order made.
   */
  async function make(
    actor: Actor,
    companyId: number,
    n: number,
    withFiles: boolean,
    tenantId?: number,
  ): Promise<LumitrackId[]> {
    assertSameCompany(actor.companyId, companyId);
    const sites = await jobsites.siteAccess(actor);
    await assertManager(actor, sites);
    const project = tenantId === undefined ? null : await targetProject(actor, sites, tenantId);
    const now = Date.now();
    const companyName = (await repo.companyName(companyId)) ?? '';
    const rows = await repo.transaction(async (trx) => {
      const module = await repo.lockModule(trx, companyId);
      if (!module?.is_active) throw forbidden('The company has no active Lumitrack module');
      const limit = lumitrackAnnualLimit(module.tier_spec, module.company_tier);
      const made = await repo.countMadeSince(companyId, yearStartUtc(now), trx);
      const room = annualRoom(limit, made);
      if (n > room) {
        throw new AppError(
          409,
          LUMITRACK_ANNUAL_LIMIT_CODE,
          `The company may make ${limit} Lumitrack IDs a year (its tier's annual limit): ${made} were made ` +
            `this year, so ${room} more may be made, not ${n}. Nothing was made.`,
        );
      }
      const ids = await freshIds(trx, companyId, n);
      const inserted = await repo.insertIds(
        trx,
        ids.map((lumitrack_id) => ({
          company_id: companyId,
          lumitrack_id,
          tenant_id: project?.id ?? null,
          gps_node_id: null,
          created_by: actor.userId,
          created_at: now,
          updated_at: now,
          deactivated_at: null,
        })),
      );
      if (withFiles) {
        for (const format of QR_FORMATS) {
          await repo.insertRequest(
            trx,
            newRequest(actor, {
              now,
              format,
              count: inserted.length,
              companyName,
              isUserDefined: false,
              type: 'QR_CODE',
            }),
            inserted.map((r) => r.id),
          );
        }
      }
      return inserted;
    });
    if (withFiles) emitCreated();
    const views = await repo.findIdRows(rows.map((r) => r.id));
    const byId = new Map(views.map((v) => [v.id, v]));
    return rows.map((r) => toLumitrackId(byId.get(r.id) as IdView));
  }

  function newRequest(
    actor: Actor,
    o: {
      now: number;
      format: QrFormat;
      count: number;
      companyName: string;
      isUserDefined: boolean;
      type: IdFileRequestType;
    },
  ) {
    return {
      company_id: actor.companyId,
      owner_user_id: actor.userId,
      owner_username: actor.username,
      type: o.type,
      status: DEFAULT_ID_FILE_REQUEST_STATUS,
      is_user_defined: o.isUserDefined ? 1 : 0,
      company_name: o.companyName,
      file_type: idFileType(o.format, o.count),
      file_format: o.format,
      id_count: o.count,
      created_at: o.now,
    };
  }

  /** The requests of these ids (of the company) that the caller may read (every ID of them), newest first. */
  async function readableRequests(actor: Actor, sites: SiteAccess, ids: number[]): Promise<IdFileRequest[]> {
    const rows = await repo.findRequests(actor.companyId, ids);
    const items = await repo.itemsOf(rows.map((r) => r.id));
    const byRequest = new Map<number, RequestItem[]>();
    for (const i of items) byRequest.set(i.request_id, [...(byRequest.get(i.request_id) ?? []), i]);
    return rows
      .filter((r) =>
        (byRequest.get(r.id) ?? []).every(
          (i) => i.tenant_group_id === null || sites.readable.includes(i.tenant_group_id),
        ),
      )
      .map((r) => toFileRequest(r, byRequest.get(r.id) ?? []));
  }

  /** One request the caller may read: 404 when it is not the company's, 403/404 as for its IDs. */
  async function oneRequest(
    actor: Actor,
    id: number,
  ): Promise<{ row: FileRequestRow; request: IdFileRequest }> {
    const [row] = await repo.findRequests(actor.companyId, [id]);
    if (!row) throw notFound('ID file request not found');
    const sites = await jobsites.siteAccess(actor);
    const items = await repo.itemsOf([row.id]);
    for (const i of items) {
      if (i.tenant_group_id !== null) sites.check(i.tenant_group_id, 'read', 'ID file request');
    }
    return { row, request: toFileRequest(row, items) };
  }

  return {
    repo,

    /** The worker listens here: a request made in this process is made at once. */
    onCreated(listener: () => void): () => void {
      createdListeners.add(listener);
      return () => createdListeners.delete(listener);
    },

    types: () => [...LUMITRACK_ID_TYPES],
    stateTypes: () => [...LUMITRACK_ID_STATES],
    associationTypes: () => [...LUMITRACK_ASSOCIATION_TYPES],

    /** POST .../type/standard: one ID (in the project `tenantId`, when given). */
    async createStandard(
      actor: Actor,
      companyId: number,
      withFiles: boolean,
      tenantId?: number,
    ): Promise<LumitrackId> {
      const [made] = await make(actor, companyId, 1, withFiles, tenantId);
      return made;
    },

    /** POST .../type/standard/list: numLumitrackIds IDs (1..500, bounded by the schema), in `tenantId` when given. */
    async createStandardList(
      actor: Actor,
      companyId: number,
      n: number,
      withFiles = false,
      tenantId?: number,
    ): Promise<LumitrackId[]> {
      return make(actor, companyId, n, withFiles, tenantId);
    },

    /** DELETE: the ID becomes Inactive (hidden from the lists, never reused) and lets its GPS node go. */
    async remove(actor: Actor, text: string): Promise<void> {
      const sites = await jobsites.siteAccess(actor);
      const v = await visibleId(actor, sites, text);
      if (v.state !== 'Active') throw conflict(`Lumitrack ID ${v.lumitrack_id} is already deleted`);
      await assertChanges(actor, sites, v);
      const now = Date.now();
      await repo.updateId(v.id, {
        state: 'Inactive',
        deactivated_at: now,
        gps_node_id: null,
        updated_at: now,
      });
    },

    async get(actor: Actor, text: string): Promise<LumitrackId> {
      return toLumitrackId(await visibleId(actor, await jobsites.siteAccess(actor), text));
    },

    /** The active IDs of a project (its job site must be readable). */
    async listByTenant(actor: Actor, tenantId: number): Promise<LumitrackId[]> {
      const project = await repo.project(actor.companyId, tenantId);
      if (!project) throw notFound('Project not found');
      await jobsites.assertGranted(actor, project.tenant_group_id, 'read', 'Project');
      return (await repo.listIds({ companyId: actor.companyId, tenantId })).map(toLumitrackId);
    },

    /** The active IDs of a job site's projects. */
    async listBySite(actor: Actor, siteId: number): Promise<LumitrackId[]> {
      await jobsites.assertGranted(actor, siteId, 'read');
      return (await repo.listIds({ companyId: actor.companyId, siteId })).map(toLumitrackId);
    },

    /** The company's active IDs the caller may read: those in no project, and those of readable sites. */
    async listByCompany(actor: Actor, companyId: number): Promise<LumitrackId[]> {
      assertSameCompany(actor.companyId, companyId);
      const sites = await jobsites.siteAccess(actor);
      return (await repo.listIds({ companyId, siteIds: sites.readable, unassigned: true })).map(
        toLumitrackId,
      );
    },

    /** PUT .../cmd/assign_tenant: into a Lumitrack project of the company (null: out of its project). */
    async assignTenant(actor: Actor, body: AssignTenantBody): Promise<LumitrackId> {
      const sites = await jobsites.siteAccess(actor);
      const v = await visibleId(actor, sites, body.lumitrackId);
      if (v.state !== 'Active') throw conflict(`Lumitrack ID ${v.lumitrack_id} is deleted`);
      await assertChanges(actor, sites, v);
      if (body.tenant === null) {
        if (v.tenant_id !== null) await repo.updateId(v.id, { tenant_id: null, updated_at: Date.now() });
        return reload(v.id);
      }
      const project = await targetProject(actor, sites, body.tenant);
      if (v.tenant_id !== project.id) {
        await repo.updateId(v.id, { tenant_id: project.id, updated_at: Date.now() });
      }
      return reload(v.id);
    },

    /**
     * PUT .../cmd/assign_gps_node: a GPS node with no cable and no tenant (section 4), tracking no other ID
     * (null: the ID's node lets go). A node of another company or of a site the caller cannot read: 404.
     */
    async assignGpsNode(actor: Actor, body: AssignGpsNodeBody): Promise<LumitrackId> {
      const sites = await jobsites.siteAccess(actor);
      const v = await visibleId(actor, sites, body.lumitrackId);
      if (v.state !== 'Active') throw conflict(`Lumitrack ID ${v.lumitrack_id} is deleted`);
      await assertChanges(actor, sites, v);
      if (body.nodeId === null) {
        if (v.gps_node_id !== null) await repo.updateId(v.id, { gps_node_id: null, updated_at: Date.now() });
        return reload(v.id);
      }
      const node = await repo.node(actor.companyId, body.nodeId);
      if (!node) throw notFound(`Node ${body.nodeId} not found`);
      if (node.tenant_group_id !== null) sites.check(node.tenant_group_id, 'read', `Node ${body.nodeId}`);
      const refusal = gpsNodeRefusal({
        nodeType: node.node_type,
        cableId: node.cable_id,
        tenantId: node.tenant_id,
      });
      if (refusal === 'NOT_GPS') {
        throw badRequest(
          `Node ${node.id} is a ${node.node_type} node: only a GPS node can track a Lumitrack ID`,
        );
      }
      if (refusal === 'HAS_CABLE') {
        throw conflict(
          `Node ${node.id} has cable ${node.cable_id}: only a GPS node with no cable can track an ID`,
        );
      }
      if (refusal === 'HAS_TENANT') {
        throw conflict(`Node ${node.id} is in a project: only a GPS node in no project can track an ID`);
      }
      const holder = await repo.holderOfNode(node.id);
      if (holder && holder.id !== v.id) {
        throw conflict(
          holder.company_id === actor.companyId
            ? `Node ${node.id} already tracks Lumitrack ID ${holder.lumitrack_id}`
            : `Node ${node.id} already tracks another Lumitrack ID`,
        );
      }
      if (v.gps_node_id !== node.id) {
        await repo.updateId(v.id, { gps_node_id: node.id, updated_at: Date.now() });
      }
      return reload(v.id);
    },

    /** GET .../cmd/get_active_lumitrackId: active IDs made in the interval, and the year against the limit. */
    async active(actor: Actor, q: ActiveLumitrackIdQuery): Promise<ActiveLumitrackIds> {
      assertSameCompany(actor.companyId, q.companyId);
      const intervalInMin = q.intervalInMin ?? DEFAULT_ACTIVE_ID_INTERVAL_MIN;
      const to = Date.now();
      const from = to - intervalInMin * MINUTE_MS;
      const module = await repo.module(q.companyId);
      const annualLimit = module?.is_active ? lumitrackAnnualLimit(module.tier_spec, module.company_tier) : 0;
      const yearStart = yearStartUtc(to);
      const [count, usedThisYear] = await Promise.all([
        repo.countActiveBetween(q.companyId, from, to),
        repo.countMadeSince(q.companyId, yearStart),
      ]);
      return {
        companyId: q.companyId,
        intervalInMin,
        from,
        to,
        count,
        annualLimit,
        usedThisYear,
        remainingThisYear: annualRoom(annualLimit, usedThisYear),
        yearStart,
      };
    },

    // ------------------------------------------------------------ ID file requests

    /**
     * POST .../files/requests: labels of the IDs named (each the caller may read, and active), stored NEW
     * and answered at once (201); the label worker makes the file. The format defaults to the caller's
     * preferred one; fileType, when given, must be the one the format gives.
     */
    async createFileRequest(actor: Actor, body: IdFileRequestBody): Promise<IdFileRequest> {
      const type = body.type ?? ID_FILE_REQUEST_TYPES[0];
      if (body.status !== undefined && body.status !== DEFAULT_ID_FILE_REQUEST_STATUS) {
        throw badRequest(`A file request starts ${DEFAULT_ID_FILE_REQUEST_STATUS}`);
      }
      const names = body.lumitrackIds.map(idOf);
      const unique = [...new Set(names)];
      const payload = body.payload ?? {};
      const format = (payload.fileFormat ??
        (await repo.preference(actor.userId)) ??
        DEFAULT_QR_FORMAT) as QrFormat;
      const fileType = idFileType(format, names.length);
      if (payload.fileType !== undefined && payload.fileType !== fileType) {
        throw badRequest(
          `fileType ${payload.fileType} does not fit: ${names.length} ID(s) as ${format} make a ${fileType} file`,
        );
      }
      let companyName = payload.companyName?.trim();
      if (companyName !== undefined) {
        if (companyName === '') throw badRequest('companyName is empty');
        if (hasControl(companyName)) throw badRequest('companyName holds control characters');
      } else {
        companyName = (await repo.companyName(actor.companyId)) ?? '';
      }
      const sites = await jobsites.siteAccess(actor);
      const views = await repo.findIds(actor.companyId, unique);
      const byName = new Map(views.map((v) => [v.lumitrack_id, v]));
      for (const id of unique) {
        const v = byName.get(id);
        if (!v) throw notFound(`Lumitrack ID ${id} not found`);
        assertSeen(sites, v, `Lumitrack ID ${id}`);
        if (v.state !== 'Active') throw conflict(`Lumitrack ID ${id} is deleted: no label is made for it`);
      }
      await deps.storage?.assertRoom(actor.companyId);
      const now = Date.now();
      const row = await repo.transaction((trx) =>
        repo.insertRequest(
          trx,
          newRequest(actor, {
            now,
            format,
            count: names.length,
            companyName: companyName as string,
            isUserDefined: body.isUserDefined ?? true,
            type,
          }),
          names.map((n) => (byName.get(n) as IdView).id),
        ),
      );
      emitCreated();
      return (await oneRequest(actor, row.id)).request;
    },

    async fileRequest(actor: Actor, id: number): Promise<IdFileRequest> {
      return (await oneRequest(actor, id)).request;
    },

    /** POST .../files/requests/by_id: those of the ids the caller may read (others are left out). */
    async fileRequestsByIds(actor: Actor, ids: number[]): Promise<IdFileRequest[]> {
      return readableRequests(actor, await jobsites.siteAccess(actor), ids);
    },

    /** GET .../files/requests/by_lumitrack_id/{id}: the requests holding the ID, newest first. */
    async fileRequestsOfId(actor: Actor, text: string, isUserDefined?: boolean): Promise<IdFileRequest[]> {
      const sites = await jobsites.siteAccess(actor);
      const v = await visibleId(actor, sites, text);
      const ids = await repo.requestIdsHolding(
        actor.companyId,
        [v.id],
        isUserDefined,
        ID_FILE_REQUEST_LIST_MAX,
      );
      return readableRequests(actor, sites, ids);
    },

    /** POST .../files/requests/by_lumitrack_id: those holding any of the IDs (IDs not found are left out). */
    async fileRequestsOfIds(
      actor: Actor,
      texts: string[],
      isUserDefined?: boolean,
    ): Promise<IdFileRequest[]> {
      const sites = await jobsites.siteAccess(actor);
      const views = (await repo.findIds(actor.companyId, [...new Set(texts.map(idOf))])).filter((v) =>
        seen(sites, v),
      );
      const ids = await repo.requestIdsHolding(
        actor.companyId,
        views.map((v) => v.id),
        isUserDefined,
        ID_FILE_REQUEST_LIST_MAX,
      );
      return readableRequests(actor, sites, ids);
    },

    /** GET .../files/requests: the company's requests the caller may read, newest first (at most 500). */
    async listFileRequests(actor: Actor, isUserDefined?: boolean): Promise<IdFileRequest[]> {
      const sites = await jobsites.siteAccess(actor);
      const ids = await repo.requestIdsOfCompany(actor.companyId, isUserDefined, ID_FILE_REQUEST_LIST_MAX);
      return readableRequests(actor, sites, ids);
    },

    /** The file of a DONE request: 409 while it is being made (or failed), 404 when it is gone. */
    async openFile(
      actor: Actor,
      id: number,
    ): Promise<{ body: Readable; contentType: string; fileName: string; size: number | null }> {
      const { row, request } = await oneRequest(actor, id);
      if (row.status !== 'DONE' || !row.file_name || !request.fileName) {
        throw conflict(`The file of request ${row.id} is not made (${row.status})`);
      }
      const body = await files.open(row.file_name);
      if (!body) throw notFound('The file of this request is gone');
      return {
        body,
        contentType: ID_FILE_CONTENT_TYPES[row.file_type as IdFileType] ?? 'application/octet-stream',
        fileName: request.fileName,
        size: row.file_size === null ? null : Number(row.file_size),
      };
    },

    async preference(actor: Actor): Promise<LabelPreference> {
      const f = await repo.preference(actor.userId);
      return {
        fileFormat: (QR_FORMATS as readonly string[]).includes(f ?? '') ? (f as QrFormat) : DEFAULT_QR_FORMAT,
      };
    },

    /** Each user keeps their own preferred label format (Read-Only accounts too: it changes no data). */
    async setPreference(actor: Actor, body: LabelPreference): Promise<LabelPreference> {
      await repo.setPreference(actor.userId, body.fileFormat, Date.now());
      return { fileFormat: body.fileFormat };
    },

    // ------------------------------------------------------------ the label worker's part

    /**
     * Makes the file of a claimed request: stored under a temp name, renamed, then the request DONE. When
     * the claim was lost meanwhile, the file goes (the request is another worker's).
     */
    async makeFile(job: LeasedJob<FileRequestRow>): Promise<undefined> {
      const row = job.row;
      const items = await repo.itemsOf([row.id]);
      const lumitrackIds = items.map((i) => i.lumitrack_id);
      const format = row.file_format as QrFormat;
      const body = await labelFile({
        format,
        lumitrackIds,
        companyName: row.company_name,
        signal: job.signal,
      });
      const temp = `tmp-lumitrack-${row.id}-${job.attempt}-${randomBytes(4).toString('hex')}.part`;
      const onAbort = () => body.destroy(job.signal.reason instanceof Error ? job.signal.reason : undefined);
      job.signal.addEventListener('abort', onAbort, { once: true });
      try {
        await files.put(temp, body);
        job.signal.throwIfAborted();
      } catch (e) {
        await files.remove(temp).catch(() => {});
        throw job.signal.aborted ? job.signal.reason : e;
      } finally {
        job.signal.removeEventListener('abort', onAbort);
      }
      const name = `lumitrack-${row.id}.${idFileType(format, lumitrackIds.length).toLowerCase()}`;
      await files.rename(temp, name);
      const size = (await files.size(name)) ?? 0;
      const done = await job.finish({
        status: 'DONE',
        error: null,
        file_name: name,
        file_size: size,
        finished_at: Date.now(),
      });
      if (!done) await files.remove(name);
      return undefined;
    },

    /** What a request whose file failed shows. */
    fileFailed(error: unknown): Record<string, unknown> {
      const reason =
        error instanceof JobTimeLimitError
          ? `The label file took too long to make (${error.message})`
          : LABEL_FAILED;
      return { status: 'ERROR', error: reason, finished_at: Date.now() };
    },
  };
}
export type LumitrackService = ReturnType<typeof createLumitrackService>;
