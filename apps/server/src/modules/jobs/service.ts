import type {
  AssignProfileBody,
  ChannelJob,
  ChannelJobKind,
  CreateChannelJobBody,
  CreateMaturityJobBody,
  StartJobBody,
  StopJobBody,
} from '@sitepulse/contracts';
import { isHumidityJob, type JobKind, jobGroupStatus, NODE_TYPES, SENSOR_TYPES } from '@sitepulse/domain';
import type { Selectable } from 'kysely';
import type { JobTable } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { createJobsRepo } from './repo.ts';

/** A start or stop time may be this far ahead of the server clock (clock skew), no more. */
const MAX_FUTURE_MS = 60_000;

/** Maturity and humidity jobs run on a maturity node (with its cable) or a humidity node. */
const CONCRETE_NODE_TYPES = ['Maturity', 'Humidity'];
/** Node types with their own job kind; every other type runs data jobs. */
const OWN_KIND_NODE_TYPES = [...CONCRETE_NODE_TYPES, 'Microweather Node', 'GPS', 'Current Transformer'];

/** Sensor types a data job reads when the node has reported none yet, by node type. */
const DATA_SENSOR_TYPES: Record<string, string[]> = {
  Gas: ['Gas'],
  'Liquid Level': ['Liquid Level'],
  'Oil Debris': ['Oil Debris'],
  'Leak Detection': ['Leak'],
  'Door Sensor': ['Door'],
  'Fire Extinguisher': ['Pressure Gauge'],
  'Lightning Detection': ['Lightning'],
  Cameras: [],
  Vibration: ['Vibration'],
};

interface KindRule {
  nodeTypes: readonly string[];
  /** channelJobTypeName of the job */
  typeName: (nodeType: string) => string;
  /** the sensor types the job reads, when the request names none */
  sensorTypes: (nodeType: string, nodeSensorTypes: string[]) => string[];
}

/** Which nodes each job kind runs on, its type name and the sensor types it reads. */
export const JOB_KIND_RULES: Record<JobKind, KindRule> = {
  MATURITY: {
    nodeTypes: CONCRETE_NODE_TYPES,
    typeName: () => 'Maturity',
    sensorTypes: () => ['Temperature'],
  },
  HUMIDITY: {
    nodeTypes: CONCRETE_NODE_TYPES,
    typeName: () => 'Humidity',
    sensorTypes: () => ['Humidity', 'Temperature'],
  },
  MICROWEATHER: {
    nodeTypes: ['Microweather Node'],
    typeName: () => 'Microweather Node',
    sensorTypes: () => ['Temperature', 'Humidity', 'Wind Speed'],
  },
  GPS: { nodeTypes: ['GPS'], typeName: () => 'GPS', sensorTypes: () => [] },
  POWER: {
    nodeTypes: ['Current Transformer'],
    typeName: () => 'Current Transformer',
    sensorTypes: () => ['Current', 'Power', 'Voltage'],
  },
  DATA: {
    nodeTypes: NODE_TYPES.filter((t) => !OWN_KIND_NODE_TYPES.includes(t)),
    typeName: (nodeType) => nodeType,
    sensorTypes: (nodeType, found) => (found.length > 0 ? found : (DATA_SENSOR_TYPES[nodeType] ?? [])),
  },
};

export const MATURITY_KINDS = ['MATURITY', 'HUMIDITY'] as const;

function parseList(text: string): string[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** A job row as the lifecycle calls answer it. */
export function toChannelJob(j: Selectable<JobTable>): ChannelJob {
  return {
    id: j.id,
    channelJobId: j.id,
    channelJobName: j.name,
    channelJobTypeName: j.job_type_name,
    kind: j.kind,
    channelGroupId: j.job_group_id,
    nodeId: j.node_id,
    cableId: j.cable_id,
    tenant: j.tenant_id,
    tenantGroupId: j.tenant_group_id,
    status: j.status,
    sensorFlags: j.sensor_flags,
    sensorTypes: parseList(j.sensor_types),
    concreteProfileId: j.concrete_profile_id,
    startDate: j.start_date,
    terminationDate: j.termination_date,
    creationDate: j.created_at,
    lowTargetedStrength: j.low_target,
    mediumTargetedStrength: j.medium_target,
    highTargetedStrength: j.high_target,
    singularTargetedStrength: j.singular_target,
  };
}

function checkTime(name: string, t: number | undefined, now: number): void {
  if (t === undefined) return;
  if (t < 0) throw badRequest(`${name} must be a UTC epoch time in milliseconds`);
  if (t > now + MAX_FUTURE_MS) throw badRequest(`${name} must not be in the future`);
}

/** What creating a job of any kind needs. */
interface CreateInput {
  kind: JobKind;
  tenantId: number;
  nodeId: number;
  channelJobName: string;
  sensorFlags: number;
  sensorTypes?: string[];
  concreteProfileId?: number;
  targets: { low?: number; medium?: number; high?: number; singular?: number };
  jobGroupId?: number;
  jobGroupName?: string;
  startDate?: number;
}

/**
 * Job lifecycle of every kind: create (NEW, or started at once with a start date), start (RUNNING)
 * and stop (TERMINATED). Writes need write access (admin or editor) to the project's job site; every
 * change recomputes the job's maturity (maturityEngine.recomputeJob) and its job group's status.
 */
export function createJobsService(deps: ServiceDeps) {
  const repo = createJobsRepo(deps.db);

  async function afterChange(job: { id: number; job_group_id: number | null }): Promise<void> {
    await deps.maturityEngine.recomputeJob(job.id);
    if (job.job_group_id !== null) await repo.refreshGroupStatus(job.job_group_id, jobGroupStatus);
  }

  async function load(actor: Actor, id: number, kinds: readonly string[] | undefined) {
    const job = await repo.findJob(actor.companyId, id);
    if (!job || (kinds && !kinds.includes(job.kind))) throw notFound('Job not found');
    await deps.jobsites.assertGranted(actor, job.tenant_group_id, 'write');
    return job;
  }

  async function reload(actor: Actor, id: number): Promise<ChannelJob> {
    const job = await repo.findJob(actor.companyId, id);
    if (!job) throw notFound('Job not found');
    return toChannelJob(job);
  }

  async function create(actor: Actor, input: CreateInput): Promise<ChannelJob> {
    const { kind } = input;
    const rule = JOB_KIND_RULES[kind];
    const concrete = kind === 'MATURITY' || kind === 'HUMIDITY';

    const tenant = await repo.findTenant(actor.companyId, input.tenantId);
    if (!tenant) throw notFound('Project not found');
    await deps.jobsites.assertGranted(actor, tenant.tenant_group_id, 'write');
    if (tenant.state === 'TERMINATED' || tenant.site_state === 'TERMINATED') {
      throw badRequest('The project is archived: no new jobs');
    }
    if (concrete && tenant.type !== 'Concrete') {
      throw badRequest('Maturity and humidity jobs belong to a Concrete project');
    }

    const name = input.channelJobName.trim();
    if (name === '') throw badRequest('channelJobName must not be blank');

    const node = await repo.findNode(actor.companyId, input.nodeId);
    if (!node) throw notFound('Node not found');
    if (!rule.nodeTypes.includes(node.node_type)) {
      throw badRequest(`A ${kind} job cannot run on a node of type ${node.node_type}`);
    }
    if (node.tenant_group_id !== null && node.tenant_group_id !== tenant.tenant_group_id) {
      throw badRequest('The node is assigned to another job site');
    }

    if (input.concreteProfileId !== undefined) {
      if (kind !== 'MATURITY') throw badRequest('Only maturity jobs take a concrete profile');
      if (!(await repo.profileExists(actor.companyId, input.concreteProfileId))) {
        throw notFound('Concrete profile not found');
      }
    }
    const { low, medium, high, singular } = input.targets;
    const anyTarget = [low, medium, high, singular].some((v) => v !== undefined);
    if (anyTarget && kind !== 'MATURITY') throw badRequest('Only maturity jobs take strength targets');
    const ordered = [low, medium, high].filter((v): v is number => v !== undefined);
    if (ordered.some((v, i) => i > 0 && v < ordered[i - 1])) {
      throw badRequest('Targets must rise: low ≤ medium ≤ high');
    }

    let sensorTypes: string[];
    if (input.sensorTypes !== undefined) {
      const unknown = input.sensorTypes.filter((t) => !(SENSOR_TYPES as readonly string[]).includes(t));
      if (unknown.length > 0) throw badRequest(`Unknown sensor type: ${unknown.join(', ')}`);
      sensorTypes = [...new Set(input.sensorTypes)];
    } else {
      const found = kind === 'DATA' ? await repo.nodeSensorTypes(node.id) : [];
      sensorTypes = rule.sensorTypes(node.node_type, found);
    }

    if (input.jobGroupId !== undefined && input.jobGroupName !== undefined) {
      throw badRequest('Give either jobGroupId or jobGroupName, not both');
    }
    const groupName = input.jobGroupName?.trim();
    if (groupName === '') throw badRequest('jobGroupName must not be blank');
    if (
      input.jobGroupId !== undefined &&
      !(await repo.findGroup(actor.companyId, tenant.id, input.jobGroupId))
    ) {
      throw notFound('Job group not found in this project');
    }

    const now = Date.now();
    checkTime('startDate', input.startDate, now);

    const holder = await repo.holdingJob(node.id);
    if (holder) throw conflict(`Node ${node.id} is already used by job ${holder.id} (${holder.name})`);

    const id = await deps.db.transaction().execute(async (trx) => {
      let groupId = input.jobGroupId ?? null;
      // Maturity and humidity jobs always belong to a group: a new one named after the job by default.
      const newGroup = groupName ?? (concrete && groupId === null ? name : undefined);
      if (newGroup !== undefined)
        groupId = await repo.insertGroup(trx, actor.companyId, tenant.id, newGroup, now);
      return repo.insertJob(trx, {
        company_id: actor.companyId,
        tenant_group_id: tenant.tenant_group_id,
        tenant_id: tenant.id,
        job_group_id: groupId,
        kind,
        job_type_name: rule.typeName(node.node_type),
        name,
        node_id: node.id,
        cable_id: node.cable_id,
        status: input.startDate === undefined ? 'NEW' : 'RUNNING',
        sensor_flags: input.sensorFlags,
        sensor_types: JSON.stringify(sensorTypes),
        concrete_profile_id: input.concreteProfileId ?? null,
        start_date: input.startDate ?? null,
        termination_date: null,
        job_attributes: '{}',
        alarm_data: JSON.stringify(singular === undefined ? {} : { singularThreshold: singular }),
        job_alarm_triggered: 0,
        low_target: low ?? null,
        medium_target: medium ?? null,
        high_target: high ?? null,
        singular_target: singular ?? null,
        created_at: now,
      });
    });
    const job = await reload(actor, id);
    await afterChange({ id, job_group_id: job.channelGroupId });
    return job;
  }

  return {
    /** POST /analytics/concrete/maturity/jobs: a maturity job, or a humidity job when sensorFlags is 5. */
    createMaturityJob(actor: Actor, body: CreateMaturityJobBody): Promise<ChannelJob> {
      const sensorFlags = body.sensorFlags ?? 1;
      return create(actor, {
        kind: isHumidityJob({ sensorFlags }) ? 'HUMIDITY' : 'MATURITY',
        tenantId: body.tenantId,
        nodeId: body.nodeId,
        channelJobName: body.channelJobName,
        sensorFlags,
        concreteProfileId: body.concreteProfileId,
        targets: {
          low: body.lowTargetedStrength,
          medium: body.mediumTargetedStrength,
          high: body.highTargetedStrength,
          singular: body.singularTargetedStrength,
        },
        jobGroupId: body.jobGroupId,
        jobGroupName: body.jobGroupName,
        startDate: body.startDate,
      });
    },

    /** POST /analytics/channel/jobs: a microweather, data, GPS or power job. */
    createChannelJob(actor: Actor, body: CreateChannelJobBody): Promise<ChannelJob> {
      const kind: ChannelJobKind = body.kind;
      return create(actor, {
        kind,
        tenantId: body.tenantId,
        nodeId: body.nodeId,
        channelJobName: body.channelJobName,
        sensorFlags: 1,
        sensorTypes: body.sensorTypes,
        targets: {},
        jobGroupId: body.jobGroupId,
        jobGroupName: body.jobGroupName,
        startDate: body.startDate,
      });
    },

    /** Starts a new job: RUNNING from startDate (default now). `kinds` limits which jobs the path may start. */
    async start(actor: Actor, body: StartJobBody, kinds?: readonly string[]): Promise<ChannelJob> {
      const job = await load(actor, body.id, kinds);
      if (job.status !== 'NEW' && job.status !== 'NONE') {
        throw badRequest(`Job ${job.id} is ${job.status}: only a new job can be started`);
      }
      const now = Date.now();
      checkTime('startDate', body.startDate, now);
      await repo.setDates(job.id, { status: 'RUNNING', start_date: body.startDate ?? now });
      await afterChange(job);
      return reload(actor, job.id);
    },

    /**
     * Sets the concrete profile of a maturity job, in any status: its strength is recomputed from the
     * stored readings with the new curve. Humidity jobs take no profile (400).
     */
    async assignProfile(actor: Actor, body: AssignProfileBody): Promise<ChannelJob> {
      const job = await load(actor, body.id, MATURITY_KINDS);
      if (job.kind !== 'MATURITY') throw badRequest('Only maturity jobs take a concrete profile');
      if (!(await repo.profileExists(actor.companyId, body.concreteProfileId))) {
        throw notFound('Concrete profile not found');
      }
      if (job.concrete_profile_id !== body.concreteProfileId) {
        await repo.setProfile(job.id, body.concreteProfileId);
        await afterChange(job);
      }
      return reload(actor, job.id);
    },

    /** Stops a job: TERMINATED at terminationDate (default now); readings after it no longer count. */
    async stop(actor: Actor, body: StopJobBody, kinds?: readonly string[]): Promise<ChannelJob> {
      const job = await load(actor, body.id, kinds);
      if (job.status === 'TERMINATED') throw badRequest(`Job ${job.id} is already stopped`);
      const now = Date.now();
      checkTime('terminationDate', body.terminationDate, now);
      const end = body.terminationDate ?? now;
      if (job.start_date !== null && end < job.start_date) {
        throw badRequest('terminationDate must not be before the start date');
      }
      await repo.setDates(job.id, { status: 'TERMINATED', termination_date: end });
      await afterChange(job);
      return reload(actor, job.id);
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
