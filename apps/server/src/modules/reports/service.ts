import type { Readable } from 'node:stream';
import type {
  AssociateWithMddBody,
  ReportAttributes,
  ReportListByUserBody,
  ReportNode,
  ReportRequest,
  ReportRequestBody,
  ReportSchedule,
  ReportScheduleBody,
  ReportSensor,
  ReportTypeInfo,
  ScheduleToggleBody,
} from '@sitepulse/contracts';
import {
  canUseWebDashboard,
  DEFAULT_REPORT_STATUS,
  defaultReportName,
  isReadOnlyAccount,
  isTimeZone,
  LANGUAGES,
  type Language,
  personName,
  REPORT_RANGE_MAX_MS,
  REPORT_TYPE_RULES,
  REPORT_TYPES,
  type ReportFormat,
  type ReportSubject,
  type ReportType,
  resolveDisplayZone,
  SCHEDULE_PERIOD_MS,
  type ScheduleFrequency,
  SYSTEMS,
  scheduleCron,
  type UnitSystem,
} from '@sitepulse/domain';
import { Cron } from 'croner';
import type { Config } from '../../config.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import type { SiteAccess } from '../../lib/site-access.ts';
import type { StorageLimit } from '../../lib/storage-limit.ts';
import type { JobsitesService } from '../jobsites/service.ts';
import type { ReportGenerator } from './generators/types.ts';
import type { NewRequest, ReportsRepo, RequestRow, ScheduleRow } from './repo.ts';

export type ReportGenerators = Partial<Record<ReportType, ReportGenerator>>;

const DAY_MS = 86_400_000;
/** Site admin: the job-site access code that may delete anyone's report of the site or stop its schedules. */
const SITE_ADMIN = 1;

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The attributes a stored request always has (ReportContext.attributes). */
export type ResolvedAttributes = ReportAttributes & {
  from: number;
  to: number;
  units: UnitSystem;
  language: Language;
  timeZone: string;
};

const parseJson = <T>(text: string | null | undefined, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

/** The next occurrence of a schedule strictly after `after` (epoch ms), in its time zone; null if none. */
export function nextRunOf(
  s: {
    frequency: ScheduleFrequency;
    timeOfDay: string;
    weekDays: number[];
    monthDay: number | null;
    timeZone: string;
  },
  after: number,
): number | null {
  const pattern = scheduleCron(s);
  const next = new Cron(pattern, { timezone: s.timeZone, paused: true }).nextRun(new Date(after));
  return next ? next.getTime() : null;
}

const scheduleTimes = (row: ScheduleRow) => ({
  frequency: row.frequency as ScheduleFrequency,
  timeOfDay: row.time_of_day,
  weekDays: parseJson<number[]>(row.week_days, []),
  monthDay: row.month_day,
  timeZone: row.time_zone,
});

export function toReportRequest(r: RequestRow): ReportRequest {
  const type = r.type as ReportType;
  return {
    id: r.id,
    name: r.name,
    tenant: String(r.tenant_group_id),
    tenantGroupId: r.tenant_group_id,
    companyId: r.company_id,
    ownerCompanyId: r.owner_company_id,
    ownerUsername: r.owner_username,
    type,
    format: REPORT_TYPE_RULES[type]?.format ?? 'pdf',
    status: r.status as ReportRequest['status'],
    creationDate: Number(r.created_at),
    startedAt: r.started_at === null ? null : Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    error: r.error,
    cjId: r.cj_id,
    channelJobName: r.channel_job_name,
    channelJobType: r.channel_job_type,
    msjId: r.msj_id,
    mddId: r.mdd_id,
    deliveryMethods: parseJson(r.delivery_methods, []),
    recipientIds: parseJson(r.recipient_ids, []),
    auto: !!r.auto,
    scheduleId: r.schedule_id,
    attributes: parseJson(r.attributes, {}),
    fileName: r.file_name,
    fileSize: r.file_size === null ? null : Number(r.file_size),
  };
}

export interface ReportsDeps {
  repo: ReportsRepo;
  jobsites: JobsitesService;
  files: FileStore;
  config: Config;
  /** the generator of each type that is made (default REPORT_GENERATORS; tests give their own) */
  generators: ReportGenerators;
  /** the company's storage limit (tierSpec storage_limit_in_mb): a new request is refused when it is full */
  storage?: Pick<StorageLimit, 'assertRoom'>;
}

/**
 * Report requests and schedules (issue 14, docs/decisions/reports.md). Who may do what:
 * - anyone who may read a job site on the web (admin, editor, viewer, Read-Only accounts; not an
 *   inspector there) lists, makes, schedules and downloads the site's reports;
 * - only the request's or schedule's owner, or an admin of its site (access 1, not a Read-Only
 *   account), deletes a request or stops a schedule.
 * A request is stored NEW and answered at once; the worker (worker.ts) makes its file.
 */
export function createReportsService(deps: ReportsDeps) {
  const { repo, jobsites, files, generators } = deps;
  const createdListeners = new Set<() => void>();

  const offered = (): ReportType[] => REPORT_TYPES.filter((t) => generators[t] !== undefined);

  /** The owner, or an admin of the site who may change things. */
  function mayManage(actor: Actor, sites: SiteAccess, ownerUserId: number, siteId: number): boolean {
    if (ownerUserId === actor.userId) return true;
    return sites.granted.get(siteId) === SITE_ADMIN && !isReadOnlyAccount(actor.accountType);
  }

  /** `tenant` of the create call: a job site id as text (400 otherwise). */
  function siteIdOf(tenant: string): number {
    if (!/^[1-9][0-9]{0,9}$/.test(tenant) || Number(tenant) > 2_147_483_647) {
      throw badRequest(`tenant must be a job site id, got '${tenant}'`);
    }
    return Number(tenant);
  }

  /** What the request's owner reads reports in: their units, language and zone (filled when left out). */
  async function ownerDefaults(actor: Actor, siteId: number) {
    const settings = await repo.settingsOf(actor.userId);
    const units = settings.get('SystemOfMeasurement');
    const language = settings.get('Language');
    const siteZone = await jobsites.timeZoneOf(actor, siteId);
    return {
      units: (SYSTEMS as readonly string[]).includes(units ?? '') ? (units as UnitSystem) : 'Metric',
      language: (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en',
      timeZone: resolveDisplayZone({ setting: settings.get('DisplayTimeZone'), siteZone }),
    };
  }

  /**
   * The pairs of a differential request against what it is about (the site is checked by the caller):
   * each sensor a temperature sensor, and for a job or job group report a sensor or node of that job or
   * of the group's jobs. 400 otherwise, so a request that cannot be made is refused at once.
   */
  async function checkPairsOfSubject(
    actor: Actor,
    siteId: number,
    subject: ReportSubject,
    msjId: number | undefined,
    a: ReportAttributes,
  ): Promise<void> {
    const pairs = a.pairs ?? [];
    if (pairs.length === 0) return;
    const jobGroupId = subject === 'JOB_GROUP' ? a.cjgId : undefined;
    const rows = await repo.sensors({ companyId: actor.companyId, siteId, jobGroupId });
    const ofSubject =
      subject === 'JOB' ? rows.filter((r) => r.jobId === msjId) : subject === 'JOB_GROUP' ? rows : null;
    const what = subject === 'JOB' ? `maturity job ${msjId}` : `the jobs of job group ${a.cjgId}`;
    const sensors = new Map((ofSubject ?? rows).map((r) => [r.sensorId, r]));
    const nodes = new Set((ofSubject ?? rows).map((r) => r.node_id));
    for (const p of pairs) {
      for (const id of [p.sid1, p.sid2]) {
        if (id === undefined) continue;
        const s = sensors.get(id);
        if (!s) throw badRequest(`Sensor ${id} is not a sensor of ${what}`);
        if (s.sensor_type !== 'Temperature') throw badRequest(`Sensor ${id} is not a temperature sensor`);
      }
      if (ofSubject === null) continue;
      for (const id of [p.nid1, p.nid2])
        if (id !== undefined && !nodes.has(id)) throw badRequest(`Node ${id} is not a node of ${what}`);
    }
  }

  /**
   * Checks everything a request names against its site (400 for what is not there) and answers the row
   * to store, without its times. `withRange` false (a schedule): from and to are set at each run.
   */
  async function resolve(
    actor: Actor,
    siteId: number,
    body: ReportRequestBody,
    now: number,
    withRange: boolean,
  ): Promise<{
    row: Omit<NewRequest, 'created_at'>;
    attributes: ReportAttributes;
    defaultRange: [number, number];
  }> {
    const type = body.type;
    if (!generators[type]) throw badRequest(`Report type ${type} is not available`);
    const rule = REPORT_TYPE_RULES[type];
    const a: ReportAttributes = { ...(body.attributes ?? {}) };

    let job: Awaited<ReturnType<ReportsRepo['job']>>;
    if (body.msjId !== undefined) {
      job = await repo.job(actor.companyId, body.msjId);
      if (!job || job.tenant_group_id !== siteId || job.kind !== 'MATURITY') {
        throw badRequest(`Maturity job ${body.msjId} is not a maturity job of this job site`);
      }
    } else if (rule.subject === 'JOB') {
      throw badRequest(`A ${type} report needs msjId: the maturity job it is about`);
    }
    let channelJob = job;
    if (body.cjId !== undefined) {
      channelJob = await repo.job(actor.companyId, body.cjId);
      if (!channelJob || channelJob.tenant_group_id !== siteId) {
        throw badRequest(`Job ${body.cjId} is not a job of this job site`);
      }
    }
    if (a.cjgId !== undefined) {
      if ((await repo.jobGroupSite(actor.companyId, a.cjgId)) !== siteId) {
        throw badRequest(`Job group ${a.cjgId} is not a job group of this job site`);
      }
    } else if (rule.subject === 'JOB_GROUP') {
      throw badRequest(`A ${type} report needs attributes.cjgId: the job group it is about`);
    }

    const pairs = a.pairs ?? [];
    for (const p of pairs) {
      const sensors = p.sid1 !== undefined && p.sid2 !== undefined && p.sid1 !== p.sid2;
      const nodes = p.nid1 !== undefined && p.nid2 !== undefined && p.nid1 !== p.nid2;
      if (!sensors && !nodes)
        throw badRequest('Each pair names two different sensors (sid1, sid2) or nodes (nid1, nid2)');
    }
    const sensorIds = [
      ...new Set([
        ...(a.sensorIds ?? []),
        ...pairs.flatMap((p) => [p.sid1, p.sid2]).filter((x): x is number => x !== undefined),
      ]),
    ];
    const nodeIds = [
      ...new Set([
        ...(a.nodeIds ?? []),
        ...pairs.flatMap((p) => [p.nid1, p.nid2]).filter((x): x is number => x !== undefined),
      ]),
    ];
    const knownSensors = await repo.sensorIdsOnSite(actor.companyId, siteId, sensorIds);
    const foreignSensor = sensorIds.find((id) => !knownSensors.has(id));
    if (foreignSensor !== undefined)
      throw badRequest(`Sensor ${foreignSensor} is not a sensor of this job site`);
    const knownNodes = await repo.nodeIdsOnSite(actor.companyId, siteId, nodeIds);
    const foreignNode = nodeIds.find((id) => !knownNodes.has(id));
    if (foreignNode !== undefined) throw badRequest(`Node ${foreignNode} is not a node of this job site`);
    if (rule.differential) await checkPairsOfSubject(actor, siteId, rule.subject, job?.id, a);
    if (rule.subject === 'SENSORS' && sensorIds.length === 0 && nodeIds.length === 0) {
      throw badRequest(`A ${type} report needs sensors (sensorIds), nodes (nodeIds) or pairs`);
    }
    if (rule.differential && rule.subject === 'SENSORS' && pairs.length === 0) {
      throw badRequest(`A ${type} report needs pairs of sensors or nodes`);
    }
    if (a.timeZone !== undefined && !isTimeZone(a.timeZone)) {
      throw badRequest(`'${a.timeZone}' is not a known time zone`);
    }

    // The job's whole run for the job types, else the last day.
    const defaultRange: [number, number] =
      job && rule.subject === 'JOB'
        ? [Number(job.start_date ?? job.created_at), Math.min(Number(job.termination_date ?? now), now)]
        : [now - DAY_MS, now];
    if (withRange) {
      const to = a.to ?? (a.from !== undefined ? now : defaultRange[1]);
      let from = a.from ?? (a.to !== undefined ? to - DAY_MS : defaultRange[0]);
      if (a.from === undefined && to - from > REPORT_RANGE_MAX_MS) from = to - REPORT_RANGE_MAX_MS;
      if (!(from < to)) throw badRequest('The range must start before it ends (from < to)');
      if (to - from > REPORT_RANGE_MAX_MS) {
        throw badRequest(`A report covers at most ${Math.round(REPORT_RANGE_MAX_MS / DAY_MS)} days`);
      }
      a.from = from;
      a.to = to;
    } else {
      delete a.from;
      delete a.to;
    }
    const defaults = await ownerDefaults(actor, siteId);
    a.units ??= defaults.units;
    a.language ??= defaults.language;
    a.timeZone ??= defaults.timeZone;

    const delivery = body.deliveryMethods ?? [];
    let recipients = body.recipientIds ?? [];
    if (delivery.includes('email') && recipients.length === 0) recipients = [actor.userId];
    if (recipients.length > 0) {
      const people = await repo.people(actor.companyId, siteId, recipients);
      for (const id of recipients) {
        const p = people.find((x) => x.id === id);
        if (
          !p ||
          p.deleted_at !== null ||
          !p.is_active ||
          p.access === null ||
          !canUseWebDashboard(p.access)
        ) {
          // Named as the form lists them (people read names, not ids); an id of no one in the company has no name.
          const who = p
            ? personName({ firstName: p.first_name, lastName: p.last_name, username: p.username })
            : 'A chosen recipient';
          throw badRequest(`${who} cannot see this job site: reports are sent only to its members`);
        }
      }
    }

    const name = body.name?.trim() || defaultReportName(type, a.language, channelJob?.name);
    return {
      row: {
        name,
        tenant_group_id: siteId,
        company_id: actor.companyId,
        owner_company_id: actor.companyId,
        owner_user_id: actor.userId,
        owner_username: actor.username,
        type,
        status: DEFAULT_REPORT_STATUS,
        cj_id: channelJob?.id ?? null,
        channel_job_name: channelJob?.name ?? null,
        channel_job_type: channelJob?.job_type_name ?? null,
        msj_id: job?.id ?? null,
        delivery_methods: JSON.stringify(delivery),
        recipient_ids: JSON.stringify(recipients),
        attributes: JSON.stringify(a),
      },
      attributes: a,
      defaultRange,
    };
  }

  function emitCreated() {
    for (const listener of createdListeners) listener();
  }

  async function siteCheck(actor: Actor, siteId: number, label = 'Job site'): Promise<SiteAccess> {
    const sites = await jobsites.siteAccess(actor);
    sites.check(siteId, 'read', label);
    return sites;
  }

  function toSchedule(s: ScheduleRow, latest: RequestRow | undefined): ReportSchedule {
    const t = scheduleTimes(s);
    return {
      id: s.id,
      isActive: !!s.is_active,
      tenantGroupId: s.tenant_group_id,
      tenant: String(s.tenant_group_id),
      companyId: s.company_id,
      ownerUsername: s.owner_username,
      name: s.name,
      type: s.type as ReportType,
      frequency: t.frequency,
      weekDays: t.weekDays,
      monthDay: t.monthDay,
      timeOfDay: t.timeOfDay,
      timeZone: t.timeZone,
      creationDate: Number(s.created_at),
      nextRunAt: s.next_run_at === null ? null : Number(s.next_run_at),
      lastRunAt: s.last_run_at === null ? null : Number(s.last_run_at),
      request: parseJson<ReportRequestBody>(s.request, { type: s.type as ReportType }),
      latestReport: latest ? toReportRequest(latest) : null,
    };
  }

  async function listRows(
    actor: Actor,
    f: Omit<Parameters<ReportsRepo['listRequests']>[0], 'companyId' | 'siteIds'>,
  ) {
    const sites = await jobsites.siteAccess(actor);
    if (f.tenantGroupId !== undefined) sites.check(f.tenantGroupId);
    return (await repo.listRequests({ companyId: actor.companyId, siteIds: sites.readable, ...f })).map(
      toReportRequest,
    );
  }

  return {
    generators,
    repo,
    files,
    config: deps.config,

    /** Called after a request is stored (the worker of this process wakes at once). */
    onCreated(listener: () => void): () => void {
      createdListeners.add(listener);
      return () => createdListeners.delete(listener);
    },

    /** GET .../types/by_company_id: the types with a generator. */
    types(actor: Actor, companyId: number): ReportTypeInfo[] {
      assertSameCompany(actor.companyId, companyId);
      return offered().map((type) => ({ type, ...REPORT_TYPE_RULES[type] }));
    },

    /** POST .../msj/by_job?tenant=: stores the request NEW (201) and wakes the worker. */
    async create(actor: Actor, tenant: string, body: ReportRequestBody): Promise<ReportRequest> {
      const siteId = siteIdOf(tenant);
      await siteCheck(actor, siteId);
      const now = Date.now();
      const { row } = await resolve(actor, siteId, body, now, true);
      await deps.storage?.assertRoom(actor.companyId);
      const stored = await repo.insertRequest({ ...row, created_at: now });
      emitCreated();
      return toReportRequest(stored);
    },

    /** The caller's own requests, newest first (optionally of one site or status). */
    listByUser: (actor: Actor, body: ReportListByUserBody) =>
      listRows(actor, { ownerUserId: actor.userId, tenantGroupId: body.tenantGroupId, status: body.status }),

    /** Every request of a job site, anyone's. */
    listBySite: (actor: Actor, tenantGroupId: number) => listRows(actor, { tenantGroupId }),

    /** The requests about one maturity job. */
    async listByMsj(actor: Actor, msjId: number): Promise<ReportRequest[]> {
      const job = await repo.job(actor.companyId, msjId);
      if (!job) throw notFound('Maturity job not found');
      return listRows(actor, { tenantGroupId: job.tenant_group_id, msjId });
    },

    async associateWithMdd(actor: Actor, body: AssociateWithMddBody): Promise<ReportRequest> {
      const row = await repo.findRequest(actor.companyId, body.rrId);
      if (!row) throw notFound('Report request not found');
      const sites = await siteCheck(actor, row.tenant_group_id, 'Report request');
      if (!mayManage(actor, sites, row.owner_user_id, row.tenant_group_id)) {
        throw forbidden('Only the owner of the report or an admin of its job site may change it');
      }
      await repo.setMdd(row.id, body.mddId);
      return toReportRequest({ ...row, mdd_id: body.mddId });
    },

    /** Deletes a request and its file: the owner or a site admin. */
    async remove(actor: Actor, id: number): Promise<void> {
      const row = await repo.findRequest(actor.companyId, id);
      if (!row) throw notFound('Report request not found');
      const sites = await siteCheck(actor, row.tenant_group_id, 'Report request');
      if (!mayManage(actor, sites, row.owner_user_id, row.tenant_group_id)) {
        throw forbidden('Only the owner of the report or an admin of its job site may delete it');
      }
      await repo.deleteRequest(row.id);
      if (row.file_name) await files.remove(row.file_name);
    },

    /** A stored report file for download: readers of its site only; an unknown name 404. */
    async openFile(
      actor: Actor,
      name: string,
    ): Promise<{ body: Readable; contentType: string; fileName: string; size: number | null }> {
      const row = await repo.findByFileName(actor.companyId, name);
      if (!row) throw notFound('Report file not found');
      await siteCheck(actor, row.tenant_group_id, 'Report file');
      const body = await files.open(name);
      if (!body) throw notFound('Report file not found');
      const format = REPORT_TYPE_RULES[row.type as ReportType]?.format ?? 'pdf';
      return { body, contentType: REPORT_CONTENT_TYPES[format], fileName: name, size: row.file_size };
    },

    async sensorsByJobGroup(actor: Actor, cjgId: number, blacklistedOnly = false): Promise<ReportSensor[]> {
      const siteId = await repo.jobGroupSite(actor.companyId, cjgId);
      if (siteId === undefined) throw notFound('Job group not found');
      await siteCheck(actor, siteId, 'Job group');
      return sensorList(
        await repo.sensors({ companyId: actor.companyId, siteId, jobGroupId: cjgId, blacklistedOnly }),
      );
    },

    async sensorsBySite(actor: Actor, siteId: number, blacklistedOnly = false): Promise<ReportSensor[]> {
      await siteCheck(actor, siteId);
      return sensorList(await repo.sensors({ companyId: actor.companyId, siteId, blacklistedOnly }));
    },

    async nodesBySite(actor: Actor, siteId: number): Promise<ReportNode[]> {
      await siteCheck(actor, siteId);
      return (await repo.nodes(actor.companyId, siteId)).map((n) => ({
        nodeId: n.id,
        nodeName: n.name,
        nodeType: n.node_type,
        sensorCount: Number(n.sensorCount),
      }));
    },

    /** POST .../schedules: checks the request as a create would, and sets its first run. */
    async createSchedule(actor: Actor, body: ReportScheduleBody): Promise<ReportSchedule> {
      await siteCheck(actor, body.tenantGroupId);
      if (!isTimeZone(body.timeZone)) throw badRequest(`'${body.timeZone}' is not a known time zone`);
      if (body.frequency === 'WEEKLY' && !body.weekDays?.length) {
        throw badRequest('A weekly schedule needs weekDays (0 Sunday .. 6 Saturday)');
      }
      const now = Date.now();
      const { row, attributes } = await resolve(actor, body.tenantGroupId, body.request, now, false);
      const times = {
        frequency: body.frequency,
        timeOfDay: body.timeOfDay,
        weekDays: body.frequency === 'WEEKLY' ? [...new Set(body.weekDays)].sort((a, b) => a - b) : [],
        monthDay: body.frequency === 'MONTHLY' ? (body.monthDay ?? 1) : null,
        timeZone: body.timeZone,
      };
      const request: ReportRequestBody = {
        ...body.request,
        deliveryMethods: JSON.parse(row.delivery_methods as string),
        recipientIds: JSON.parse(row.recipient_ids as string),
        attributes,
      };
      const stored = await repo.insertSchedule({
        company_id: actor.companyId,
        tenant_group_id: body.tenantGroupId,
        owner_user_id: actor.userId,
        owner_username: actor.username,
        is_active: 1,
        name: row.name,
        type: body.request.type,
        frequency: times.frequency,
        week_days: JSON.stringify(times.weekDays),
        month_day: times.monthDay,
        time_of_day: times.timeOfDay,
        time_zone: times.timeZone,
        request: JSON.stringify(request),
        next_run_at: nextRunOf(times, now),
        last_run_at: null,
        created_at: now,
      });
      return toSchedule(stored, undefined);
    },

    /** A site's schedules with the latest report each made. */
    async schedulesWithLatest(actor: Actor, tenantGroupId: number): Promise<ReportSchedule[]> {
      await siteCheck(actor, tenantGroupId);
      const rows = await repo.listSchedules(actor.companyId, [tenantGroupId]);
      const latest = await repo.latestOfSchedules(rows.map((r) => r.id));
      return rows.map((r) => toSchedule(r, latest.get(r.id)));
    },

    /** The caller's readable job sites (or the one asked) that have active schedules, with how many. */
    async sitesWithActiveSchedules(actor: Actor, tenantGroupId?: number) {
      const sites = await jobsites.siteAccess(actor);
      if (tenantGroupId !== undefined) sites.check(tenantGroupId);
      const ids = tenantGroupId !== undefined ? [tenantGroupId] : sites.readable;
      const active = (await repo.listSchedules(actor.companyId, ids)).filter((s) => s.is_active);
      const counts = new Map<number, number>();
      for (const s of active) counts.set(s.tenant_group_id, (counts.get(s.tenant_group_id) ?? 0) + 1);
      const names = await repo.siteNames([...counts.keys()]);
      return [...counts].map(([id, n]) => ({
        tenantGroupId: id,
        tenant: String(id),
        name: names.get(id) ?? '',
        activeSchedules: n,
      }));
    },

    /** Stops (next run cleared) or restarts (next run from now) a schedule: its owner or a site admin. */
    async toggleSchedule(actor: Actor, body: ScheduleToggleBody): Promise<ReportSchedule> {
      const row = await repo.findSchedule(actor.companyId, body.id);
      if (!row) throw notFound('Report schedule not found');
      const sites = await siteCheck(actor, row.tenant_group_id, 'Report schedule');
      if (!mayManage(actor, sites, row.owner_user_id, row.tenant_group_id)) {
        throw forbidden('Only the owner of the schedule or an admin of its job site may change it');
      }
      const next = body.isActive ? nextRunOf(scheduleTimes(row), Date.now()) : null;
      await repo.setScheduleActive(row.id, body.isActive, next);
      const latest = await repo.latestOfSchedules([row.id]);
      return toSchedule({ ...row, is_active: body.isActive ? 1 : 0, next_run_at: next }, latest.get(row.id));
    },

    /**
     * The scheduler's part: fires each due schedule once (compare-and-set on next_run_at, so two
     * schedulers on one database fire it once), covering the period before now. Missed occurrences are
     * caught up once: the next run is computed from now, not from the old due time. Answers the requests made.
     */
    async fireDue(now = Date.now(), limit = 100): Promise<RequestRow[]> {
      const made: RequestRow[] = [];
      for (const s of await repo.dueSchedules(now, limit)) {
        const due = Number(s.next_run_at);
        const times = scheduleTimes(s);
        let next: number | null;
        try {
          next = nextRunOf(times, now);
        } catch {
          next = null; // a zone this runtime no longer knows: the schedule stops rather than loops
        }
        const body = parseJson<ReportRequestBody>(s.request, { type: s.type as ReportType });
        const attributes = {
          ...(body.attributes ?? {}),
          from: now - SCHEDULE_PERIOD_MS[times.frequency],
          to: now,
        };
        const channelJobId = body.cjId ?? body.msjId;
        const job = channelJobId !== undefined ? await repo.job(s.company_id, channelJobId) : undefined;
        const row = await repo.fire(s, due, next, now, {
          name: s.name,
          tenant_group_id: s.tenant_group_id,
          company_id: s.company_id,
          owner_company_id: s.company_id,
          owner_user_id: s.owner_user_id,
          owner_username: s.owner_username,
          type: s.type,
          status: DEFAULT_REPORT_STATUS,
          created_at: now,
          cj_id: job?.id ?? null,
          channel_job_name: job?.name ?? null,
          channel_job_type: job?.job_type_name ?? null,
          msj_id: body.msjId ?? null,
          delivery_methods: JSON.stringify(body.deliveryMethods ?? []),
          recipient_ids: JSON.stringify(body.recipientIds ?? []),
          auto: 1,
          schedule_id: s.id,
          attributes: JSON.stringify(attributes),
        });
        if (row) made.push(row);
      }
      if (made.length > 0) emitCreated();
      return made;
    },
  };

  function sensorList(rows: Awaited<ReturnType<ReportsRepo['sensors']>>): ReportSensor[] {
    // A sensor on several jobs of the site is listed once, with its latest job (rows come newest job first).
    const seen = new Set<number>();
    const out: ReportSensor[] = [];
    for (const r of rows) {
      if (seen.has(r.sensorId)) continue;
      seen.add(r.sensorId);
      out.push({
        sensorId: r.sensorId,
        sensorAlias: r.alias,
        sensorType: r.sensor_type,
        nodeId: r.node_id,
        msjId: r.jobId ?? null,
        jobName: r.jobName ?? null,
        blacklisted: !!r.blacklisted,
      });
    }
    return out;
  }
}
export type ReportsService = ReturnType<typeof createReportsService>;
