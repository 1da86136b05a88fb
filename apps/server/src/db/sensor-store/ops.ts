/**
 * The sensor store: the few bulk statements of the ingest hot path and the maturity engine, written
 * once per dialect (better-sqlite3 prepared statements; PostgreSQL unnest arrays) because a query
 * builder costs more per row than the insert itself.
 *
 * Work that uses them is written once, as a generator that yields store operations
 * (`yield* op('insertReadings', rows)`). The SQLite runner answers each synchronously inside one
 * transaction; the PostgreSQL runner awaits each on one client between BEGIN and COMMIT.
 */

export interface ReadingRow {
  sensorId: number;
  ts: number;
  value: number;
}

export interface ReadingHourRow {
  sensorId: number;
  hour: number;
  n: number;
  total: number;
  min: number;
  max: number;
}

export interface StatusRow {
  nodeId: number;
  ts: number;
  battery: number | null;
  signal: number | null;
}

/** A node's newest battery and signal of a batch (each with its own time; one row per node). */
export interface NodeStatusUpdate {
  nodeId: number;
  batteryTs: number | null;
  battery: number | null;
  signalTs: number | null;
  signal: number | null;
}

export interface LocationRow {
  nodeId: number;
  ts: number;
  lat: number;
  lng: number;
}

export interface RejectedRow {
  companyId: number;
  gatewayId: number | null;
  receivedAt: number;
  kind: string;
  itemIndex: number;
  item: string;
  reason: string;
}

/** A sensor's running maturity within one job, after the reading at lastTs. */
export interface MaturityStateRow {
  jobId: number;
  sensorId: number;
  lastTs: number;
  lastTemp: number;
  maturity: number;
  equivalentAge: number;
  n: number;
}

export interface MaturityHourRow extends MaturityStateRow {
  hour: number;
}

export interface JobSensorState extends MaturityStateRow {
  counted: boolean;
}

/** A started maturity job with its concrete profile's fields (null without a profile), as stored. */
export interface MaturityJobRow {
  id: number;
  node_id: number;
  start_date: number | null;
  termination_date: number | null;
  /** JSON array of sensor type names */
  sensor_types: string;
  job_alarm_triggered: number;
  low_target: number | null;
  medium_target: number | null;
  high_target: number | null;
  singular_target: number | null;
  maturity_function: string | null;
  datum_c: number | null;
  activation_energy: number | null;
  reference_c: number | null;
  curve_a: number | null;
  curve_b: number | null;
}

/** A maturity_state or maturity_hour row as the drivers return it. */
export type HourDbRow = {
  job_id: number;
  sensor_id: number;
  hour: number;
  last_ts: number;
  last_temp: number;
  maturity: number;
  equivalent_age: number;
  n: number;
};

/** A stored state as the engine uses it (PostgreSQL may hand bigint times back as text: Number()). */
export const toState = (r: Omit<HourDbRow, 'hour'>): MaturityStateRow => ({
  jobId: r.job_id,
  sensorId: r.sensor_id,
  lastTs: Number(r.last_ts),
  lastTemp: r.last_temp,
  maturity: r.maturity,
  equivalentAge: r.equivalent_age,
  n: r.n,
});

/** Every operation, as the SQLite store implements it (synchronously). */
export interface SensorStoreOps {
  /**
   * Holds these nodes until the transaction ends (issue 17, several servers on one PostgreSQL): a
   * second batch or recompute of any of them, from any process, waits, so each node's readings,
   * latest values and maturity advance one batch at a time. PostgreSQL: transaction-level advisory
   * locks taken in ascending id order (no deadlock between two batches). SQLite: nothing to do, its
   * write transactions already run one at a time.
   */
  lockNodes(nodeIds: number[]): void;
  /** Inserts readings new on (sensor, ts); answers, per row, whether it was new. */
  insertReadings(rows: ReadingRow[]): boolean[];
  /** Adds count, sum, min and max into the hourly rollups. */
  mergeReadingHours(rows: ReadingHourRow[]): void;
  /** Sets each sensor's latest value where the row is at least as new; message time always. One row per sensor. */
  updateSensorLatest(rows: ReadingRow[], receivedAt: number): void;
  insertStatuses(rows: StatusRow[]): boolean[];
  /** One row per node: PostgreSQL's UPDATE ... FROM applies only one match per row. */
  updateNodeStatus(rows: NodeStatusUpdate[]): void;
  insertLocations(rows: LocationRow[]): boolean[];
  /** One row per node, its newest location. */
  updateNodeLocation(rows: LocationRow[]): void;
  insertRejected(rows: RejectedRow[]): void;
  /**
   * The started maturity jobs (start date set, whatever their status) of these nodes, with their
   * profiles: read inside the batch's work, under its nodes' locks, so a job changed meanwhile is seen.
   */
  startedMaturityJobs(nodeIds: number[]): MaturityJobRow[];
  /** Every sensor state of these jobs, and whether each sensor counts (not blacklisted or decommissioned). */
  loadMaturityStates(jobIds: number[]): JobSensorState[];
  saveMaturityStates(rows: MaturityStateRow[]): void;
  saveMaturityHours(rows: MaturityHourRow[]): void;
  /**
   * The latest hourly state whose last reading is before ts (where a late reading's replay starts), or
   * before the retention mark of the sensor's company when that is later: a replay never starts where raw
   * readings were removed (modules/retention), so a reading older than the mark leaves maturity as it is.
   */
  maturityCheckpointBefore(jobId: number, sensorId: number, ts: number): MaturityHourRow | undefined;
  /** A sensor's readings with afterTs < ts <= untilTs, oldest first. */
  readingsBetween(sensorId: number, afterTs: number, untilTs: number): { ts: number; value: number }[];
  /**
   * Forgets a job's maturity before recomputing it: its states, and its hourly states whose last reading is
   * at or after keepBefore (all of them when keepBefore is not given).
   */
  clearMaturity(jobId: number, keepBefore?: number): void;
  /** The time before which the raw readings of the node's company were removed by its retention (0: none). */
  rawRemovedBefore(nodeId: number): number;
  /** Sets bits in the job's jobAlarmTriggered flags. */
  setJobAlarmBits(jobId: number, bits: number): void;
}

export type OpName = keyof SensorStoreOps;
export type OpRequest = { [K in OpName]: { op: K; args: Parameters<SensorStoreOps[K]> } }[OpName];
export type StoreWork<T> = Generator<OpRequest, T, unknown>;

/** The PostgreSQL form of the same operations. */
export type AsyncSensorStoreOps = {
  [K in OpName]: (...args: Parameters<SensorStoreOps[K]>) => Promise<ReturnType<SensorStoreOps[K]>>;
};

/** Yields one store operation and returns its typed answer. */
export function* op<K extends OpName>(
  name: K,
  ...args: Parameters<SensorStoreOps[K]>
): Generator<OpRequest, ReturnType<SensorStoreOps[K]>, unknown> {
  return (yield { op: name, args } as OpRequest) as ReturnType<SensorStoreOps[K]>;
}

export function runSync<T>(work: StoreWork<T>, ops: SensorStoreOps): T {
  let step = work.next();
  while (!step.done) {
    const { op: name, args } = step.value;
    const fn = ops[name] as (...a: unknown[]) => unknown;
    step = work.next(fn.apply(ops, args));
  }
  return step.value;
}

export async function runAsync<T>(work: StoreWork<T>, ops: AsyncSensorStoreOps): Promise<T> {
  let step = work.next();
  while (!step.done) {
    const { op: name, args } = step.value;
    const fn = ops[name] as (...a: unknown[]) => Promise<unknown>;
    step = work.next(await fn.apply(ops, args));
  }
  return step.value;
}
