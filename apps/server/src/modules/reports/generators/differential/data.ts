import type { MaturityJobDetail, MsjMeasurementTimeSeries, ReportPair } from '@sitepulse/contracts';
import {
  AOMS_MATURITY_STRENGTH_DISCLAIMER,
  CONVERSION,
  DIFFERENTIAL_LIMIT_C,
  projectDisplayName,
  sensorDisplayName,
} from '@sitepulse/domain';
import { AppError } from '../../../../lib/errors.ts';
import type { StoredLogo } from '../pdf/logo.ts';
import { type ReportContext, ReportError } from '../types.ts';
import { meanOf, type PairDifference, pairDifference } from './compute.ts';
import type { DifferentialReportType, DifferentialText } from './text.ts';

/** The most sensors one by_sids read takes (its contract's limit). */
const SIDS_PER_READ = 200;
const TEMPERATURE = 'Temperature';

/** A sensor a pair may name: one of the job's, the group's jobs', or (pairs of the site) a chosen one. */
export interface DiffSensor {
  id: number;
  name: string;
  nodeId: number;
  channelId: number;
  sensorType: string;
  /** the job it belongs to (job and group reports) */
  jobName: string | null;
  /** in use: neither blacklisted nor decommissioned */
  inUse: boolean;
}

export interface DiffPair {
  first: DiffSensor;
  second: DiffSensor;
  result: PairDifference;
}

/** Everything a differential report shows. */
export interface DifferentialData {
  /** the job's name, the group's name, or null (pairs of the site) */
  subjectName: string | null;
  /** the jobs covered (group reports) */
  jobNames: string[];
  projectName: string | null;
  logo: StoredLogo | null;
  from: number;
  to: number;
  /** the comparison bucket ('5min', '1h', ...) and its length */
  bucket: string;
  bucketMs: number;
  limitC: number;
  limitIsDefault: boolean;
  /** false: no pairs were named, the default pairing was made */
  pairsChosen: boolean;
  /** the pairs are those stored on the job or the group's jobs (the request named none) */
  pairsStored: boolean;
  pairs: DiffPair[];
  disclaimer: string;
}

/** A service's "not found" or "no access" as the reason shown on the report list. */
async function orReason<T>(read: Promise<T>, reason: string): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 403))
      throw new ReportError(reason);
    throw err;
  }
}

const jobSensors = (job: MaturityJobDetail): DiffSensor[] =>
  job.sensors.map((s) => ({
    id: s.sensorId,
    name: sensorDisplayName(s),
    nodeId: s.nodeId,
    channelId: s.channelId,
    sensorType: s.sensorType,
    jobName: job.channelJobName,
    inUse: s.counted,
  }));

/** The sensors pairs may name, which nodes they may name, and the period the report covers. */
interface Subject {
  subjectName: string | null;
  jobNames: string[];
  /** the jobs whose stored pairs stand in when the request names none (none for pairs of the site) */
  jobIds: number[];
  projectId: number | null;
  from: number;
  to: number;
  pool: Map<number, DiffSensor>;
  /** null: any node of the site a pair names (read with the owner's access) */
  nodes: Set<number> | null;
  notOfSubject: { sensor: (id: number) => string; node: (id: number) => string } | null;
}

async function jobSubject(ctx: ReportContext, t: DifferentialText): Promise<Subject> {
  const msjId = ctx.request.msjId;
  if (msjId === null) throw new ReportError(t.noJob);
  const job = await orReason(ctx.services.maturity.details(ctx.actor, msjId), t.jobNotFound(msjId));
  if (job.kind !== 'MATURITY' || job.tenantGroupId !== ctx.request.tenantGroupId)
    throw new ReportError(t.notMaturity(msjId));
  if (job.startDate === null) throw new ReportError(t.notStarted(job.channelJobName));
  const from = Math.max(ctx.attributes.from, job.startDate);
  const to = Math.min(ctx.attributes.to, job.terminationDate ?? Date.now());
  if (from > to) throw new ReportError(t.outsideRange(job.channelJobName));
  return {
    subjectName: job.channelJobName,
    jobNames: [job.channelJobName],
    jobIds: [job.id],
    projectId: job.tenant,
    from,
    to,
    pool: new Map(jobSensors(job).map((s) => [s.id, s])),
    nodes: new Set([job.nodeId]),
    notOfSubject: {
      sensor: (id) => t.sensorNotOfJob(id, job.channelJobName),
      node: (id) => t.nodeNotOfJob(id, job.channelJobName),
    },
  };
}

async function groupSubject(ctx: ReportContext, t: DifferentialText): Promise<Subject> {
  const cjgId = ctx.attributes.cjgId;
  if (cjgId === undefined) throw new ReportError(t.noGroup);
  const all = await orReason(ctx.services.maturity.byJobGroup(ctx.actor, cjgId), t.groupNotFound(cjgId));
  if (all.length === 0 || all.some((j) => j.tenantGroupId !== ctx.request.tenantGroupId))
    throw new ReportError(t.groupNotFound(cjgId));
  const started = all
    .filter((j) => j.kind === 'MATURITY' && j.startDate !== null)
    .sort((a, b) => a.id - b.id);
  if (started.length === 0) throw new ReportError(t.groupWithoutJobs(cjgId));
  const groupName = all[0].channelGroupName ?? String(cjgId);
  const jobs = await Promise.all(
    started.map((j) => orReason(ctx.services.maturity.details(ctx.actor, j.id), t.jobNotFound(j.id))),
  );
  const from = Math.max(ctx.attributes.from, Math.min(...jobs.map((j) => j.startDate as number)));
  const to = Math.min(ctx.attributes.to, Math.max(...jobs.map((j) => j.terminationDate ?? Date.now())));
  if (from > to) throw new ReportError(t.outsideRange(groupName));
  const pool = new Map<number, DiffSensor>();
  // A sensor on two jobs of the group (its node reused) counts with the first job it is in use on.
  for (const j of jobs)
    for (const s of jobSensors(j)) {
      const had = pool.get(s.id);
      if (!had || (!had.inUse && s.inUse)) pool.set(s.id, s);
    }
  return {
    subjectName: groupName,
    jobNames: jobs.map((j) => j.channelJobName),
    jobIds: jobs.map((j) => j.id),
    projectId: jobs[0].tenant,
    from,
    to,
    pool,
    nodes: new Set(jobs.map((j) => j.nodeId)),
    notOfSubject: {
      sensor: (id) => t.sensorNotOfGroup(id, groupName),
      node: (id) => t.nodeNotOfGroup(id, groupName),
    },
  };
}

/** Pairs of the site: the sensors and nodes they name, each read with the owner's access and on the site. */
async function siteSubject(ctx: ReportContext, t: DifferentialText): Promise<Subject> {
  const pairs = ctx.attributes.pairs ?? [];
  if (pairs.length === 0) throw new ReportError(t.noPairs);
  const kit = ctx.services.measurements.kit;
  const siteId = ctx.request.tenantGroupId;
  const pool = new Map<number, DiffSensor>();
  const add = (s: {
    id: number;
    alias: string | null;
    node_id: number;
    channel_id: number;
    sensor_type: string;
    blacklisted: number;
    decommissioned: number;
  }) =>
    pool.set(s.id, {
      id: s.id,
      name: sensorDisplayName({ sensorId: s.id, sensorAlias: s.alias }),
      nodeId: s.node_id,
      channelId: s.channel_id,
      sensorType: s.sensor_type,
      jobName: null,
      inUse: !s.blacklisted && !s.decommissioned,
    });
  const sids = [...new Set(pairs.flatMap((p) => [p.sid1, p.sid2]).filter((x) => x !== undefined))];
  for (const id of sids) {
    const s = await orReason(kit.access.sensor(ctx.actor, id), t.sensorNotFound(id));
    if (s.tenant_group_id !== siteId || s.company_id !== ctx.request.companyId)
      throw new ReportError(t.sensorNotFound(id));
    add(s);
  }
  const nids = [...new Set(pairs.flatMap((p) => [p.nid1, p.nid2]).filter((x) => x !== undefined))];
  for (const id of nids) {
    const n = await orReason(kit.access.node(ctx.actor, id), t.nodeNotFound(id));
    if (n.tenant_group_id !== siteId) throw new ReportError(t.nodeNotFound(id));
  }
  for (const s of await kit.repo.sensorsOfNodes(nids))
    if (s.company_id === ctx.request.companyId && !pool.has(s.id)) add(s);
  return {
    subjectName: null,
    jobNames: [],
    jobIds: [],
    projectId: null,
    from: ctx.attributes.from,
    to: ctx.attributes.to,
    pool,
    nodes: null,
    notOfSubject: null,
  };
}

/**
 * One end of a pair: the sensor named (sid), or the node's first temperature sensor in use, by
 * channel (nid). Answers the reason when it is not of the subject or not a temperature sensor.
 */
function pairEnd(subject: Subject, sid: number | undefined, nid: number | undefined, t: DifferentialText) {
  if (sid !== undefined) {
    const s = subject.pool.get(sid);
    if (!s) throw new ReportError(subject.notOfSubject?.sensor(sid) ?? t.sensorNotFound(sid));
    if (s.sensorType !== TEMPERATURE) throw new ReportError(t.notTemperature(s.name, s.id));
    return s;
  }
  const node = nid as number;
  if (subject.nodes !== null && !subject.nodes.has(node))
    throw new ReportError(subject.notOfSubject?.node(node) ?? t.nodeNotFound(node));
  const first = [...subject.pool.values()]
    .filter((s) => s.nodeId === node && s.sensorType === TEMPERATURE && s.inUse)
    .sort((a, b) => a.channelId - b.channelId || a.id - b.id)[0];
  if (!first) throw new ReportError(t.nodeWithoutTemperature(node));
  return first;
}

function namedPairs(subject: Subject, pairs: readonly ReportPair[], t: DifferentialText) {
  return pairs.map((p, i) => {
    const bySensors = p.sid1 !== undefined && p.sid2 !== undefined;
    const first = bySensors ? pairEnd(subject, p.sid1, undefined, t) : pairEnd(subject, undefined, p.nid1, t);
    const second = bySensors
      ? pairEnd(subject, p.sid2, undefined, t)
      : pairEnd(subject, undefined, p.nid2, t);
    if (first.id === second.id) throw new ReportError(t.sameSensor(i + 1, first.name));
    return { first, second };
  });
}

/** Each sensor's bucketed averages over the period, read through the owner's access, one grid for all. */
async function readSeries(
  ctx: ReportContext,
  ids: number[],
  from: number,
  to: number,
  t: DifferentialText,
): Promise<MsjMeasurementTimeSeries> {
  const parts: MsjMeasurementTimeSeries[] = [];
  for (let i = 0; i < ids.length; i += SIDS_PER_READ) {
    ctx.signal.throwIfAborted();
    const chunk = ids.slice(i, i + SIDS_PER_READ);
    parts.push(
      await orReason(
        ctx.services.maturity.measurementTimeBySids(ctx.actor, { sensorIds: chunk, from, to, exact: true }),
        t.sensorNotFound(chunk[0]),
      ),
    );
  }
  return { ...parts[0], series: parts.flatMap((p) => p.series) };
}

/** Reads the subject, resolves the pairs (or makes the default pairing) and compares each pair. */
export async function loadDifferential(
  ctx: ReportContext,
  type: DifferentialReportType,
  t: DifferentialText,
): Promise<DifferentialData> {
  const { services, actor } = ctx;
  const subject =
    type === 'MATURITY_STRENGTH_JOB_DIFFERENTIAL'
      ? await jobSubject(ctx, t)
      : type === 'MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL'
        ? await groupSubject(ctx, t)
        : await siteSubject(ctx, t);
  ctx.signal.throwIfAborted();

  const named = ctx.attributes.pairs ?? [];
  // A request that names no pairs compares the pairs stored on its job (or its group's jobs).
  const stored =
    named.length > 0 || subject.jobIds.length === 0
      ? []
      : await services.pairs.storedPairs(actor, subject.jobIds);
  const requested = named.length > 0 ? named : stored;
  const chosen = requested.length > 0 ? namedPairs(subject, requested, t) : null;
  // The default pairing: each counted temperature sensor with the coolest one over the period (the
  // surface or edge, where the ACI differential is largest), in channel order.
  const candidates = chosen
    ? []
    : [...subject.pool.values()]
        .filter((s) => s.inUse && s.sensorType === TEMPERATURE)
        .sort((a, b) => a.nodeId - b.nodeId || a.channelId - b.channelId || a.id - b.id);
  if (!chosen && candidates.length < 2) throw new ReportError(t.tooFewSensors);
  const ids = chosen
    ? [...new Set(chosen.flatMap((p) => [p.first.id, p.second.id]))]
    : candidates.map((s) => s.id);

  const [series, projects, assets, disclaimer] = await Promise.all([
    readSeries(ctx, ids, subject.from, subject.to, t),
    subject.projectId === null
      ? Promise.resolve([])
      : services.jobsites.tenantsByGroup(actor, ctx.request.tenantGroupId),
    services.companies.listAssets(actor.companyId, actor.companyId, 'LOGO_IMG'),
    services.resources
      .getText(AOMS_MATURITY_STRENGTH_DISCLAIMER, ctx.attributes.language)
      .then((r) => r.text)
      .catch(() => t.disclaimer),
  ]);
  ctx.signal.throwIfAborted();
  const valuesOf = new Map(series.series.map((s) => [s.sensorId, s.avg]));
  const none: (number | null)[] = [];

  let pairs: { first: DiffSensor; second: DiffSensor }[];
  if (chosen) pairs = chosen;
  else {
    let coolest = candidates[0];
    let coolestMean = Number.POSITIVE_INFINITY;
    for (const s of candidates) {
      const m = meanOf(valuesOf.get(s.id) ?? none);
      if (m !== null && m < coolestMean) {
        coolest = s;
        coolestMean = m;
      }
    }
    pairs = candidates.filter((s) => s !== coolest).map((s) => ({ first: s, second: coolest }));
  }

  // The request's limit, else the one set on the job (a group: the lowest of its jobs'), else ACI's: its
  // figure is 35 °F and 19.4 °C its metric rounding, so each reader sees the round figure of their units.
  const jobLimitC =
    ctx.attributes.limitC === undefined && subject.jobIds.length > 0
      ? await services.pairs.storedLimitC(actor, subject.jobIds)
      : null;
  const limitC =
    ctx.attributes.limitC ??
    jobLimitC ??
    (ctx.attributes.units === 'Imperial' ? 35 / CONVERSION.FAHRENHEIT_PER_CELSIUS : DIFFERENTIAL_LIMIT_C);
  const grid = { start: series.start, bucketMs: series.bucketMs, points: series.points };
  const project = projects.find((p) => p.id === subject.projectId);
  const logo = assets.find((a) => a.binVal);
  return {
    subjectName: subject.subjectName,
    jobNames: subject.jobNames,
    projectName: project ? projectDisplayName(project) : null,
    logo: logo ? { binVal: logo.binVal, mimeType: logo.mimeType } : null,
    from: subject.from,
    to: subject.to,
    bucket: series.bucket,
    bucketMs: series.bucketMs,
    limitC,
    limitIsDefault: ctx.attributes.limitC === undefined && jobLimitC === null,
    pairsChosen: chosen !== null,
    pairsStored: chosen !== null && named.length === 0,
    pairs: pairs.map((p) => ({
      ...p,
      result: pairDifference(
        grid,
        valuesOf.get(p.first.id) ?? none,
        valuesOf.get(p.second.id) ?? none,
        limitC,
      ),
    })),
    disclaimer,
  };
}
