import {
  fitStrengthCurve,
  type JobTargetKind,
  jobGroupStatus,
  type TargetUnit,
  targetMpa,
} from '@sitepulse/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { sensorThresholdText } from '../modules/alarms/alarm-data.ts';
import { noise } from './signals.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Channel = { channelId: number; sensorType: string };
const temperatureChannels = (n: number): Channel[] =>
  Array.from({ length: n }, (_, i) => ({ channelId: i + 1, sensorType: 'Temperature' }));

/** A job on a demo node, timed relative to the moment the demo is seeded. */
export interface DemoJob {
  kind: 'MATURITY' | 'HUMIDITY' | 'MICROWEATHER' | 'DATA' | 'GPS' | 'POWER';
  typeName: string;
  name: string;
  startHoursAgo: number;
  stopHoursAgo?: number;
  status: 'RUNNING' | 'TERMINATED' | 'ERROR';
  profile?: keyof typeof PROFILES;
  singularTarget?: number;
  lowTarget?: number;
  mediumTarget?: number;
  highTarget?: number;
  /** a SENSOR_THRESHOLD on one of the job's sensor types (metric units) */
  threshold?: { sensorType: string; high: number | null; low: number | null };
  /** what the spec's target is for (default STRIPPING), and the unit it was entered in (default MPa) */
  targetKind?: JobTargetKind;
  targetUnit?: TargetUnit;
  /** the spec's singular target as entered in psi (stored in MPa; reads back as this figure) */
  singularTargetPsi?: number;
  /** further strength targets (issue 13), each as entered */
  targets?: { kind: JobTargetKind; value: number; unit: TargetUnit }[];
}

export interface DemoNode {
  id: number;
  type: string;
  name: string;
  site: string;
  project: string;
  /** The project's type, where a site has two projects of the same name (Default): Concrete unless said. */
  projectType?: 'Concrete' | 'Lumimon';
  gateway: string;
  /** minutes between readings */
  cadenceMin: number;
  channels: Channel[];
  cable?: { id: number; name: string };
  battery: { startPct: number; drainPerDay: number };
  signalDbm: number;
  /** the weather over this node instead of its site's: a cold front falling from the pour on */
  weather?: { fromC: number; toC: number; hours: number; swingC: number };
  /** the heat of hydration instead of the site's usual pour (°C at its peak, hours to the peak) */
  hydration?: { peakRiseC: number; peakAfterH: number };
  job: DemoJob;
}

/** How long before the seeding the cold pour (Loading Dock Slab) was placed. */
const COLD_POUR_HOURS_AGO = 22;

/** Concrete mixes of the demo company, with the lab breaks their curves are fitted to. */
export const PROFILES = {
  slab: { name: 'C30 Slab Mix (Type GU, 20% slag)', a: -46, b: 22, fn: 'NURSE_SAUL' },
  precast: { name: 'C40 Precast Steam-Cured Mix', a: -40, b: 21, fn: 'NURSE_SAUL' },
} as const;

const BREAK_MATURITIES = [250, 500, 1000, 2000, 4000, 8000, 16000];

/** The demo company's sensors: what each site runs, and the state each job is in. */
export const DEMO_HARDWARE: DemoNode[] = [
  // Harbourfront Tower: one matured pour, two curing, one node that went silent, one stopped job.
  // The two slabs carry further targets (issue 13): post-tensioning and the 28-day design strength, the
  // second slab's entered in psi. Pour 1 has reached them all; Pour 2 is on its way (a forecast of each).
  ...[
    {
      id: 10001,
      cable: 20001,
      ch: 4,
      name: 'Level 3 Slab - Pour 1',
      start: 12 * 24,
      target: 25,
      targets: [
        { kind: 'POST_TENSIONING', value: 28, unit: 'MPa' },
        { kind: 'DESIGN', value: 30, unit: 'MPa' },
      ] as DemoJob['targets'],
    },
    {
      id: 10002,
      cable: 20002,
      ch: 4,
      name: 'Level 4 Slab - Pour 2',
      start: 26,
      target: 25,
      targets: [
        { kind: 'POST_TENSIONING', value: 28, unit: 'MPa' },
        { kind: 'DESIGN', value: 4350, unit: 'psi' },
      ] as DemoJob['targets'],
    },
    { id: 10003, cable: 20003, ch: 3, name: 'Core Wall Lift 7', start: 7, target: 20 },
  ].map(
    (p): DemoNode => ({
      id: p.id,
      type: 'Maturity',
      name: `MAT-${p.id}`,
      site: 'Harbourfront Tower',
      project: 'Podium Slabs',
      gateway: 'HT-GW-01',
      cadenceMin: 15,
      channels: temperatureChannels(p.ch),
      cable: { id: p.cable, name: `CBL-${p.cable}` },
      battery: { startPct: 97, drainPerDay: 0.35 },
      signalDbm: -78,
      job: {
        kind: 'MATURITY',
        typeName: 'Maturity',
        name: p.name,
        startHoursAgo: p.start,
        status: 'RUNNING',
        profile: 'slab',
        singularTarget: p.target,
        targets: 'targets' in p ? p.targets : undefined,
      },
    }),
  ),
  {
    id: 10004,
    type: 'Maturity',
    name: 'MAT-10004',
    site: 'Harbourfront Tower',
    project: 'Podium Slabs',
    gateway: 'HT-GW-01',
    cadenceMin: 15,
    channels: temperatureChannels(2),
    cable: { id: 20004, name: 'CBL-20004' },
    // Installed with a nearly flat battery: it goes silent about three days in, and the job is in error.
    battery: { startPct: 9, drainPerDay: 3 },
    signalDbm: -92,
    job: {
      kind: 'MATURITY',
      typeName: 'Maturity',
      name: 'Column Line C',
      startHoursAgo: 5 * 24,
      status: 'ERROR',
      profile: 'slab',
      singularTarget: 25,
    },
  },
  {
    id: 10005,
    type: 'Maturity',
    name: 'MAT-10005',
    site: 'Harbourfront Tower',
    project: 'Podium Slabs',
    gateway: 'HT-GW-01',
    cadenceMin: 15,
    channels: temperatureChannels(4),
    cable: { id: 20005, name: 'CBL-20005' },
    battery: { startPct: 80, drainPerDay: 0.35 },
    signalDbm: -74,
    job: {
      kind: 'MATURITY',
      typeName: 'Maturity',
      name: 'Transfer Beam T2',
      startHoursAgo: 14 * 24,
      stopHoursAgo: 8 * 24,
      status: 'TERMINATED',
      profile: 'slab',
      lowTarget: 10,
      mediumTarget: 20,
      highTarget: 32,
    },
  },
  {
    id: 10006,
    type: 'Humidity',
    name: 'HUM-10006',
    site: 'Harbourfront Tower',
    project: 'Podium Slabs',
    gateway: 'HT-GW-01',
    cadenceMin: 15,
    channels: [
      { channelId: 1, sensorType: 'Humidity' },
      { channelId: 2, sensorType: 'Temperature' },
    ],
    battery: { startPct: 91, drainPerDay: 0.3 },
    signalDbm: -70,
    job: {
      kind: 'HUMIDITY',
      typeName: 'Humidity',
      name: 'Level 2 Slab Moisture',
      startHoursAgo: 10 * 24,
      status: 'RUNNING',
    },
  },
  {
    id: 10007,
    type: 'Microweather Node',
    name: 'MWN-10007',
    site: 'Harbourfront Tower',
    project: 'Default',
    gateway: 'HT-GW-01',
    cadenceMin: 10,
    channels: [
      { channelId: 1, sensorType: 'Temperature' },
      { channelId: 2, sensorType: 'Humidity' },
      { channelId: 3, sensorType: 'Wind Speed' },
    ],
    battery: { startPct: 99, drainPerDay: 0.2 },
    signalDbm: -66,
    job: {
      kind: 'MICROWEATHER',
      typeName: 'Microweather Node',
      name: 'Tower Crane Weather',
      startHoursAgo: 14 * 24,
      status: 'RUNNING',
    },
  },
  {
    id: 10008,
    type: 'Gas',
    name: 'GAS-10008',
    site: 'Harbourfront Tower',
    project: 'Default',
    projectType: 'Lumimon',
    gateway: 'HT-GW-01',
    cadenceMin: 15,
    channels: [{ channelId: 1, sensorType: 'Gas' }],
    battery: { startPct: 75, drainPerDay: 0.5 },
    signalDbm: -81,
    job: {
      kind: 'DATA',
      typeName: 'Gas',
      name: 'Parkade Ramp CO',
      startHoursAgo: 14 * 24,
      status: 'RUNNING',
      // Deliberately alarming: the CO signal (signals.ts gasPpm) never reads below 30 ppm, so with the
      // usual 25 ppm exposure limit as its upper bound every reading is above it and the job always shows
      // its SENSOR_THRESHOLD alarm (set by the first ingested batch).
      threshold: { sensorType: 'Gas', high: 25, low: null },
    },
  },
  {
    id: 10009,
    type: 'GPS',
    name: 'GPS-10009',
    site: 'Harbourfront Tower',
    project: 'Default',
    projectType: 'Lumimon',
    gateway: 'HT-GW-01',
    cadenceMin: 5,
    channels: [],
    battery: { startPct: 88, drainPerDay: 0.8 },
    signalDbm: -72,
    job: { kind: 'GPS', typeName: 'GPS', name: 'Telehandler 2', startHoursAgo: 14 * 24, status: 'RUNNING' },
  },
  // North Yard Precast Plant: steam-cured double tees cast this morning, a water tank and the mixer motor.
  ...[
    { id: 10101, cable: 20101, start: 14, name: 'DT-101' },
    { id: 10102, cable: 20102, start: 11, name: 'DT-102' },
    { id: 10103, cable: 20103, start: 8, name: 'DT-103' },
    { id: 10104, cable: 20104, start: 3, name: 'DT-104' },
  ].map(
    (p): DemoNode => ({
      id: p.id,
      type: 'Maturity',
      name: `MAT-${p.id}`,
      site: 'North Yard Precast Plant',
      project: 'Double Tees',
      gateway: 'NYP-GW-01',
      cadenceMin: 15,
      channels: temperatureChannels(2),
      cable: { id: p.cable, name: `CBL-${p.cable}` },
      battery: { startPct: 93, drainPerDay: 0.35 },
      signalDbm: -69,
      job: {
        kind: 'MATURITY',
        typeName: 'Maturity',
        name: p.name,
        startHoursAgo: p.start,
        status: 'RUNNING',
        profile: 'precast',
        singularTarget: 20,
      },
    }),
  ),
  {
    id: 10105,
    type: 'Liquid Level',
    name: 'LVL-10105',
    site: 'North Yard Precast Plant',
    project: 'Plant Utilities',
    projectType: 'Lumimon',
    gateway: 'NYP-GW-01',
    cadenceMin: 15,
    channels: [{ channelId: 1, sensorType: 'Liquid Level' }],
    battery: { startPct: 84, drainPerDay: 0.4 },
    signalDbm: -75,
    job: {
      kind: 'DATA',
      typeName: 'Liquid Level',
      name: 'Curing Water Tank',
      startHoursAgo: 14 * 24,
      status: 'RUNNING',
      // The tank level (signals.ts liquidLevel) stays between about 0.78 and 3.02 m: inside these
      // bounds, so this threshold never alarms.
      threshold: { sensorType: 'Liquid Level', high: 3.5, low: 0.5 },
    },
  },
  {
    id: 10106,
    type: 'Current Transformer',
    name: 'CT-10106',
    site: 'North Yard Precast Plant',
    project: 'Plant Utilities',
    projectType: 'Lumimon',
    gateway: 'NYP-GW-01',
    cadenceMin: 15,
    channels: [
      { channelId: 1, sensorType: 'Current' },
      { channelId: 2, sensorType: 'Voltage' },
      { channelId: 3, sensorType: 'Power' },
    ],
    battery: { startPct: 100, drainPerDay: 0 },
    signalDbm: -64,
    job: {
      kind: 'POWER',
      typeName: 'Current Transformer',
      name: 'Batch Plant Mixer Motor',
      startHoursAgo: 14 * 24,
      status: 'RUNNING',
    },
  },
  // Riverside: one foundation pour three days in.
  {
    id: 10201,
    type: 'Maturity',
    name: 'MAT-10201',
    site: 'Riverside Medical Centre Expansion',
    project: 'Default',
    gateway: 'RMC-GW-01',
    cadenceMin: 15,
    channels: temperatureChannels(3),
    cable: { id: 20201, name: 'CBL-20201' },
    battery: { startPct: 95, drainPerDay: 0.35 },
    signalDbm: -83,
    job: {
      kind: 'MATURITY',
      typeName: 'Maturity',
      name: 'Foundation F3',
      startHoursAgo: 3 * 24,
      status: 'RUNNING',
      profile: 'slab',
      singularTarget: 25,
    },
  },
  // A thin slab poured as a cold front came in: unheated, under blankets too thin for it, cooling
  // toward a hard frost. Its forecast says why it has none: the falling temperature reaches the
  // datum before the slab gains its strength (FALLING_TEMPERATURE; some hours later, BELOW_DATUM).
  // Its target was entered in psi (3000 psi to open the dock to trucks).
  {
    id: 10202,
    type: 'Maturity',
    name: 'MAT-10202',
    site: 'Riverside Medical Centre Expansion',
    project: 'Default',
    gateway: 'RMC-GW-01',
    cadenceMin: 15,
    channels: temperatureChannels(2),
    cable: { id: 20202, name: 'CBL-20202' },
    battery: { startPct: 88, drainPerDay: 0.35 },
    signalDbm: -80,
    weather: { fromC: 0, toC: -28, hours: 60, swingC: 1 },
    hydration: { peakRiseC: 9, peakAfterH: 8 },
    job: {
      kind: 'MATURITY',
      typeName: 'Maturity',
      name: 'Loading Dock Slab',
      startHoursAgo: COLD_POUR_HOURS_AGO,
      status: 'RUNNING',
      profile: 'slab',
      singularTargetPsi: 3000,
      targetUnit: 'psi',
      targetKind: 'OPEN_TO_TRAFFIC',
    },
  },
  // A pour whose concrete mix was never given a profile: maturity only, no strength and no forecast.
  {
    id: 10203,
    type: 'Maturity',
    name: 'MAT-10203',
    site: 'Riverside Medical Centre Expansion',
    project: 'Default',
    gateway: 'RMC-GW-01',
    cadenceMin: 15,
    channels: temperatureChannels(2),
    cable: { id: 20203, name: 'CBL-20203' },
    battery: { startPct: 90, drainPerDay: 0.35 },
    signalDbm: -77,
    job: {
      kind: 'MATURITY',
      typeName: 'Maturity',
      name: 'Stair Core S1',
      startHoursAgo: 30,
      status: 'RUNNING',
      singularTarget: 20,
    },
  },
];

/** The gateway `npm run simulate` drives by default: the one DEMO_GATEWAY_KEY unlocks. */
export const DEMO_GATEWAY = 'HT-GW-01';

/** The history the demo keeps: readings go back this far from the seeding time. */
export const DEMO_HISTORY_MS = 14 * DAY;

/**
 * Adds the demo company's profiles, cables, nodes and jobs (idempotent: skipped when node 10001
 * exists). Job dates are relative to `now`, so a fresh demo always has a pour curing.
 */
export async function seedDemoHardware(
  db: Kysely<Database>,
  companyId: number,
  now = Date.now(),
): Promise<boolean> {
  const exists = await db
    .selectFrom('node')
    .select('id')
    .where('id', '=', DEMO_HARDWARE[0].id)
    .executeTakeFirst();
  if (exists) return false;
  const installedAt = now - DEMO_HISTORY_MS - DAY;
  await db.transaction().execute(async (trx) => {
    const profileIds: Record<string, number> = {};
    for (const [key, p] of Object.entries(PROFILES)) {
      // Lab breaks scattered about the curve by up to ±4 %, as real cylinder breaks are.
      const breaks = BREAK_MATURITIES.map((m, i) => ({
        maturity: m,
        strength: Math.round((p.a + p.b * Math.log10(m)) * (0.96 + noise(i, p.a) * 0.08) * 10) / 10,
      })).filter((b) => b.strength > 0);
      const fit = fitStrengthCurve(breaks);
      if (!fit) throw new Error(`demo profile ${key} does not fit`);
      const { id } = await trx
        .insertInto('concrete_profile')
        .values({
          company_id: companyId,
          name: p.name,
          description: 'Calibrated from laboratory cylinder breaks (ASTM C1074).',
          maturity_function: p.fn,
          datum_c: -10,
          activation_energy: 40_000,
          reference_c: 20,
          curve_a: fit.a,
          curve_b: fit.b,
          r2: fit.r2,
          min_maturity: fit.minMaturity,
          max_maturity: fit.maxMaturity,
          breaks: JSON.stringify(breaks),
          created_at: installedAt,
          updated_at: installedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      profileIds[key] = id;
    }

    const projects = await trx
      .selectFrom('tenant as t')
      .innerJoin('tenant_group as g', 'g.id', 't.tenant_group_id')
      .select(['t.id', 't.name', 't.type', 't.tenant_group_id', 'g.name as site'])
      .where('t.company_id', '=', companyId)
      .execute();
    const gateways = await trx
      .selectFrom('gateway')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .execute();

    for (const n of DEMO_HARDWARE) {
      const project = projects.find(
        (p) => p.site === n.site && p.name === n.project && p.type === (n.projectType ?? 'Concrete'),
      );
      const gateway = gateways.find((g) => g.name === n.gateway);
      if (!project || !gateway)
        throw new Error(`demo node ${n.id}: no project ${n.site}/${n.project} or gateway ${n.gateway}`);
      if (n.cable) {
        const spec = JSON.stringify({
          channels: n.channels.map((c) => ({ channelType: c.sensorType, channelId: c.channelId })),
        });
        await trx
          .insertInto('cable')
          .values({
            id: n.cable.id,
            company_id: companyId,
            name: n.cable.name,
            spec,
            dynamic_spec: spec,
            created_at: installedAt,
          })
          .execute();
      }
      await trx
        .insertInto('node')
        .values({
          id: n.id,
          company_id: companyId,
          tenant_group_id: project.tenant_group_id,
          tenant_id: project.id,
          gateway_id: gateway.id,
          cable_id: n.cable?.id ?? null,
          node_type: n.type,
          name: n.name,
          battery_level_type: 1,
          created_at: installedAt,
        })
        .execute();
      if (n.channels.length > 0) {
        await trx
          .insertInto('sensor')
          .values(
            n.channels.map((c) => ({
              company_id: companyId,
              node_id: n.id,
              channel_id: c.channelId,
              sensor_type: c.sensorType,
              alias: n.type === 'Maturity' ? `${n.job.name} - T${c.channelId}` : null,
              created_at: installedAt,
            })),
          )
          .execute();
      }
      const j = n.job;
      const start = now - j.startHoursAgo * HOUR;
      // Every job is poured or installed as a job group of its own, as the jobs module does for a new job,
      // so the dashboards' job-group counts and the by-group calls find the demo's jobs.
      const { id: jobGroupId } = await trx
        .insertInto('job_group')
        .values({
          company_id: companyId,
          tenant_id: project.id,
          name: j.name,
          status: jobGroupStatus([j.status]),
          created_at: start - HOUR,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: jobId } = await trx
        .insertInto('job')
        .values({
          job_group_id: jobGroupId,
          company_id: companyId,
          tenant_group_id: project.tenant_group_id,
          tenant_id: project.id,
          kind: j.kind,
          job_type_name: j.typeName,
          name: j.name,
          node_id: n.id,
          cable_id: n.cable?.id ?? null,
          status: j.status,
          sensor_flags: j.kind === 'HUMIDITY' ? 5 : 1,
          sensor_types: JSON.stringify([...new Set(n.channels.map((c) => c.sensorType))]),
          concrete_profile_id: j.profile ? profileIds[j.profile] : null,
          start_date: start,
          termination_date: j.stopHoursAgo === undefined ? null : now - j.stopHoursAgo * HOUR,
          job_attributes: JSON.stringify({ nodeOptions: { batteryLevelType: 1 } }),
          // The strength threshold is singular_target; alarm_data holds the SENSOR_THRESHOLD only.
          alarm_data: j.threshold ? sensorThresholdText({ ...j.threshold, lastModified: installedAt }) : '{}',
          low_target: j.lowTarget ?? null,
          medium_target: j.mediumTarget ?? null,
          high_target: j.highTarget ?? null,
          singular_target:
            j.singularTargetPsi !== undefined
              ? targetMpa(j.singularTargetPsi, 'psi')
              : (j.singularTarget ?? null),
          target_unit: j.targetUnit ?? null,
          target_kind: j.targetKind ?? null,
          created_at: start - HOUR,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (j.targets && j.targets.length > 0) {
        await trx
          .insertInto('job_target')
          .values(
            j.targets.map((t) => ({
              company_id: companyId,
              job_id: jobId,
              kind: t.kind,
              strength_mpa: targetMpa(t.value, t.unit),
              entered_value: t.value,
              entered_unit: t.unit,
              created_by: null,
              created_at: start,
            })),
          )
          .execute();
      }
    }
  });
  return true;
}
