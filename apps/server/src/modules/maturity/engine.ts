import {
  DEFAULT_ACTIVATION_ENERGY,
  DEFAULT_DATUM_C,
  DEFAULT_REFERENCE_C,
  EVENT_TYPES,
  equivalentAgeIncrement,
  HOUR_MS,
  hasMatured,
  isAlarmBitSet,
  jobStrength,
  jobTargetStrength,
  nurseSaulIncrement,
  readingInterval,
  strengthFromMaturity,
} from '@sitepulse/domain';
import type { Db } from '../../db/index.ts';
import {
  createSensorStore,
  type JobSensorState,
  type MaturityHourRow,
  type MaturityJobRow,
  type MaturityStateRow,
  op,
  type SensorStore,
  type StoreWork,
} from '../../db/sensor-store/index.ts';

/** The profile fields strength depends on. */
export interface StrengthCurve {
  maturity_function: string;
  curve_a: number;
  curve_b: number;
}

/** Strength in MPa of a sensor's maturity state by its job's concrete profile (maturity or equivalent age). */
export function strengthOf(
  state: { maturity: number; equivalent_age: number },
  profile: StrengthCurve,
): number {
  const index = profile.maturity_function === 'EQUIVALENT_AGE' ? state.equivalent_age : state.maturity;
  return strengthFromMaturity(index, { a: profile.curve_a, b: profile.curve_b });
}

/** What the engine needs to know of a maturity job and its concrete profile. */
export interface MaturityJob {
  id: number;
  nodeId: number;
  startDate: number;
  /** readings after this time do not count; null while the job runs */
  terminationDate: number | null;
  datumC: number;
  activationEnergy: number;
  referenceC: number;
  /** null when the job has no concrete profile: maturity only, no strength */
  curve: StrengthCurve | null;
  targets: {
    singularTargetedStrength: number | null;
    highTargetedStrength: number | null;
    mediumTargetedStrength: number | null;
    lowTargetedStrength: number | null;
  };
  alarmFlags: number;
}

export const MATURED_BIT = EVENT_TYPES.find((e) => e.name === 'MATURED')?.bitIndex ?? 0;

const hourOf = (ts: number) => Math.floor(ts / HOUR_MS) * HOUR_MS;
const windowEnd = (job: MaturityJob) => job.terminationDate ?? Number.MAX_SAFE_INTEGER;
export const inJobWindow = (job: MaturityJob, ts: number) => ts >= job.startDate && ts <= windowEnd(job);

/**
 * Advances a sensor's maturity over readings that all come after its state (oldest first), with
 * the domain's own interval steps, so the running sums equal nurseSaulMaturity and equivalentAge
 * of the whole series exactly. Returns the new state and the state at the last reading of each
 * hour touched.
 */
export function advance(
  job: MaturityJob,
  sensorId: number,
  from: MaturityStateRow | null,
  readings: readonly { ts: number; value: number }[],
): { state: MaturityStateRow | null; hours: MaturityHourRow[] } {
  let st = from ? { ...from } : null;
  const hours: MaturityHourRow[] = [];
  const energy = { activationEnergy: job.activationEnergy, referenceC: job.referenceC };
  for (let i = 0; i < readings.length; i++) {
    const r = readings[i];
    if (!st) {
      st = { jobId: job.id, sensorId, lastTs: r.ts, lastTemp: r.value, maturity: 0, equivalentAge: 0, n: 1 };
    } else {
      const iv = readingInterval({ ts: st.lastTs, tempC: st.lastTemp }, { ts: r.ts, tempC: r.value });
      st.maturity += nurseSaulIncrement(iv.meanC, iv.hours, job.datumC);
      st.equivalentAge += equivalentAgeIncrement(iv.meanC, iv.hours, energy);
      st.lastTs = r.ts;
      st.lastTemp = r.value;
      st.n += 1;
    }
    // The readings are in time order: an hour's state is the one after its last reading.
    const hour = hourOf(r.ts);
    const next = readings[i + 1];
    if (next === undefined || hourOf(next.ts) !== hour) hours.push({ ...st, hour });
  }
  return { state: st, hours };
}

/**
 * Brings one sensor of a job up to date with newly stored readings (oldest first). In order: a
 * step from the saved state. Late (older than the state): replays every stored reading from the
 * last hourly checkpoint before the earliest new one.
 */
function* updateSensor(
  job: MaturityJob,
  sensorId: number,
  saved: MaturityStateRow | undefined,
  fresh: { ts: number; value: number }[],
): StoreWork<ReturnType<typeof advance>> {
  if (!saved || fresh[0].ts > saved.lastTs) return advance(job, sensorId, saved ?? null, fresh);
  const checkpoint = yield* op('maturityCheckpointBefore', job.id, sensorId, fresh[0].ts);
  const after = checkpoint?.lastTs ?? job.startDate - 1;
  const replay = yield* op('readingsBetween', sensorId, after, windowEnd(job));
  return advance(job, sensorId, checkpoint ?? null, replay);
}

/** The MATURED bit to set on a job, given all its sensors' states: 0 when none is due. */
function maturedBit(job: MaturityJob, states: readonly JobSensorState[]): number {
  if (!job.curve || isAlarmBitSet(job.alarmFlags, MATURED_BIT)) return 0;
  const target = jobTargetStrength(job.targets);
  if (target === null) return 0;
  const curve = job.curve;
  const strength = jobStrength(
    states
      .filter((s) => s.counted)
      .map((s) => strengthOf({ maturity: s.maturity, equivalent_age: s.equivalentAge }, curve)),
  );
  return hasMatured(strength, target) ? 2 ** MATURED_BIT : 0;
}

function* raiseMatured(job: MaturityJob, states: readonly JobSensorState[]): StoreWork<void> {
  const bit = maturedBit(job, states);
  if (bit === 0) return;
  yield* op('setJobAlarmBits', job.id, bit);
  job.alarmFlags |= bit;
}

/**
 * Keeps maturity current for temperature readings just stored (only those new on (sensor, ts)):
 * each reading counts for every maturity job of its node whose window holds its time. A batch
 * costs one load of its jobs' states and one save of states and of hours, whatever its size.
 */
export function* applyTemperatureReadings(
  jobsByNode: ReadonlyMap<number, readonly MaturityJob[]>,
  readings: readonly { nodeId: number; sensorId: number; ts: number; value: number }[],
): StoreWork<void> {
  type Group = { job: MaturityJob; sensorId: number; rows: { ts: number; value: number }[] };
  /** job -> sensor id -> the sensor's readings in the job's window */
  const groups = new Map<MaturityJob, Map<number, Group>>();
  for (const r of readings) {
    const jobs = jobsByNode.get(r.nodeId);
    if (jobs === undefined) continue;
    for (const job of jobs) {
      if (!inJobWindow(job, r.ts)) continue;
      let bySensor = groups.get(job);
      if (!bySensor) {
        bySensor = new Map();
        groups.set(job, bySensor);
      }
      let g = bySensor.get(r.sensorId);
      if (!g) {
        g = { job, sensorId: r.sensorId, rows: [] };
        bySensor.set(r.sensorId, g);
      }
      g.rows.push(r);
    }
  }
  if (groups.size === 0) return;
  const saved = yield* op(
    'loadMaturityStates',
    [...groups.keys()].map((j) => j.id),
  );
  /** job id -> sensor id -> its state */
  const byJob = new Map<number, Map<number, JobSensorState>>();
  for (const job of groups.keys()) byJob.set(job.id, new Map());
  for (const s of saved) byJob.get(s.jobId)?.set(s.sensorId, s);

  const states: MaturityStateRow[] = [];
  const hours: MaturityHourRow[] = [];
  for (const [job, bySensor] of groups) {
    const jobStates = byJob.get(job.id) as Map<number, JobSensorState>;
    for (const g of bySensor.values()) {
      g.rows.sort((a, b) => a.ts - b.ts);
      const before = jobStates.get(g.sensorId);
      const result = yield* updateSensor(job, g.sensorId, before, g.rows);
      for (const h of result.hours) hours.push(h);
      if (!result.state) continue;
      states.push(result.state);
      // A sensor new to the job counts until the job's sensors are next loaded with their flags.
      jobStates.set(g.sensorId, { ...result.state, counted: before?.counted ?? true });
    }
  }
  yield* op('saveMaturityStates', states);
  yield* op('saveMaturityHours', hours);
  for (const job of groups.keys()) {
    yield* raiseMatured(job, [...(byJob.get(job.id) as Map<number, JobSensorState>).values()]);
  }
}

/** Recomputes a job from its stored readings: after it starts or stops, or its profile or sensors change. */
export function* recomputeJobWork(job: MaturityJob, sensorIds: readonly number[]): StoreWork<void> {
  // Ingest on another process waits for this node (and this for it): issue 17, several servers.
  yield* op('lockNodes', [job.nodeId]);
  // Raw readings before the company's retention mark are gone (modules/retention): the hours before it
  // stay as computed, and each sensor is replayed from the last of them.
  const mark = yield* op('rawRemovedBefore', job.nodeId);
  const keep = mark > job.startDate ? mark : undefined;
  yield* op('clearMaturity', job.id, keep);
  for (const sensorId of sensorIds) {
    const from =
      keep === undefined ? undefined : yield* op('maturityCheckpointBefore', job.id, sensorId, keep);
    const rows = yield* op('readingsBetween', sensorId, from?.lastTs ?? job.startDate - 1, windowEnd(job));
    const { state, hours } = advance(job, sensorId, from ?? null, rows);
    if (state) yield* op('saveMaturityStates', [state]);
    yield* op('saveMaturityHours', hours);
  }
  yield* raiseMatured(job, yield* op('loadMaturityStates', [job.id]));
}

const MATURITY_JOB_COLUMNS = [
  'j.id',
  'j.node_id',
  'j.start_date',
  'j.termination_date',
  'j.sensor_types',
  'j.job_alarm_triggered',
  'j.low_target',
  'j.medium_target',
  'j.high_target',
  'j.singular_target',
  'p.maturity_function',
  'p.datum_c',
  'p.activation_energy',
  'p.reference_c',
  'p.curve_a',
  'p.curve_b',
] as const;

/** A stored maturity job as the engine's rules take it (the caller has checked its sensor types). */
function toMaturityJob(r: Omit<MaturityJobRow, 'sensor_types'>): MaturityJob {
  return {
    id: r.id,
    nodeId: r.node_id,
    startDate: Number(r.start_date),
    terminationDate: r.termination_date === null ? null : Number(r.termination_date),
    datumC: r.datum_c ?? DEFAULT_DATUM_C,
    activationEnergy: r.activation_energy ?? DEFAULT_ACTIVATION_ENERGY,
    referenceC: r.reference_c ?? DEFAULT_REFERENCE_C,
    curve:
      r.curve_a === null || r.curve_b === null
        ? null
        : { maturity_function: r.maturity_function ?? 'NURSE_SAUL', curve_a: r.curve_a, curve_b: r.curve_b },
    targets: {
      singularTargetedStrength: r.singular_target,
      highTargetedStrength: r.high_target,
      mediumTargetedStrength: r.medium_target,
      lowTargetedStrength: r.low_target,
    },
    alarmFlags: Number(r.job_alarm_triggered),
  };
}

/**
 * The started maturity jobs of these nodes that count temperature (status aside: a stopped job keeps
 * its window), by node. Read inside the batch's store work, after its nodes' locks.
 */
export function* maturityJobsOfNodes(nodeIds: readonly number[]): StoreWork<Map<number, MaturityJob[]>> {
  const out = new Map<number, MaturityJob[]>();
  if (nodeIds.length === 0) return out;
  for (const r of yield* op('startedMaturityJobs', [...nodeIds])) {
    if (!(JSON.parse(r.sensor_types || '[]') as string[]).includes('Temperature')) continue;
    const list = out.get(r.node_id) ?? [];
    list.push(toMaturityJob(r));
    out.set(r.node_id, list);
  }
  return out;
}

/**
 * The maturity and strength engine (ASTM C1074). Ingest calls `maturityJobsOfNodes` and
 * `applyTemperatureReadings` inside its own store work; job changes call `recomputeJob`.
 */
export function createMaturityEngine(store: Db, sensorStore: SensorStore = createSensorStore(store)) {
  const { db } = store;
  return {
    sensorStore,

    /** Recomputes one job from its stored readings (a job not started is cleared). */
    async recomputeJob(jobId: number): Promise<void> {
      const row = await db
        .selectFrom('job as j')
        .leftJoin('concrete_profile as p', 'p.id', 'j.concrete_profile_id')
        .select([...MATURITY_JOB_COLUMNS, 'j.kind'])
        .where('j.id', '=', jobId)
        .executeTakeFirst();
      if (row?.kind !== 'MATURITY') return;
      if (row.start_date === null) {
        await sensorStore.run(function* () {
          // Under the node's lock, as every write of its maturity (a batch storing it waits).
          yield* op('lockNodes', [row.node_id]);
          yield* op('clearMaturity', jobId);
        });
        return;
      }
      const types = JSON.parse(row.sensor_types || '[]') as string[];
      const sensors = types.includes('Temperature')
        ? await db
            .selectFrom('sensor')
            .select('id')
            .where('node_id', '=', row.node_id)
            .where('sensor_type', '=', 'Temperature')
            .orderBy('id')
            .execute()
        : [];
      const job = toMaturityJob(row);
      await sensorStore.run(() =>
        recomputeJobWork(
          job,
          sensors.map((s) => s.id),
        ),
      );
    },
  };
}
export type MaturityEngine = ReturnType<typeof createMaturityEngine>;
