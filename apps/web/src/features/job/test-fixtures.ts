/** Answers of the job screen's calls, shaped as the server answers them for the demo company. */
import type {
  ConcreteProfile,
  MaturityJobDetail,
  MaturityTimeSeries,
  MicroweatherJobDetail,
  MsjMeasurementTimeSeries,
  MsjSensorData,
  SeriesResponse,
  TenantGroup,
} from '@sitepulse/contracts';

export const NOW = Date.UTC(2026, 10, 23, 12, 0);
const HOUR = 3_600_000;
export const START = NOW - 12 * 24 * HOUR;

export const site: TenantGroup = {
  id: 1,
  name: 'Harbourfront Tower',
  type: 'Construction Site',
  state: 'ACTIVE',
  companyId: 1,
  creationDate: Date.UTC(2025, 0, 13),
  address: '25 Queens Quay West',
  latitude: 43.64,
  longitude: -79.37,
  tenantMessages: [
    {
      id: 3,
      name: 'Podium Slabs',
      type: 'Concrete',
      state: 'ACTIVE',
      creationDate: Date.UTC(2025, 1, 2),
      tenantGroupId: 1,
      companyId: 1,
    },
    {
      id: 1,
      name: 'Default',
      type: 'Concrete',
      state: 'ACTIVE',
      creationDate: Date.UTC(2025, 2, 14),
      tenantGroupId: 1,
      companyId: 1,
    },
  ],
  gateways: [],
};

export const profile: ConcreteProfile = {
  id: 1,
  companyId: 1,
  name: 'C30 Slab Mix',
  description: '',
  maturityFunction: 'NURSE_SAUL',
  datumTemperature: -10,
  activationEnergy: 40000,
  referenceTemperature: 20,
  a: -46.46,
  b: 22.19,
  r2: 0.999,
  minMaturity: 250,
  maxMaturity: 16000,
  breaks: [
    { maturity: 250, strength: 7 },
    { maturity: 16000, strength: 47 },
  ],
  jobCount: 3,
  creationDate: START,
  lastModified: START,
};

export const otherProfile: ConcreteProfile = { ...profile, id: 2, name: 'C40 Precast Mix', r2: 0.98 };

function sensor(i: number, strength: number | null, overrides: Partial<MsjSensorData> = {}): MsjSensorData {
  return {
    id: i,
    sensorId: i,
    nodeId: 10001,
    channelId: i,
    sensorType: 'Temperature',
    sensorAlias: `Level 3 Slab - Pour 1 - T${i}`,
    latestValue: 4 + i / 10,
    latestValueTimestamp: NOW - 10 * 60_000,
    messageTimestamp: NOW - 5 * 60_000,
    decommissioned: false,
    blacklisted: false,
    counted: true,
    maturity: 5500 + i * 100,
    equivalentAge: 160,
    strength,
    value: 4 + i / 10,
    timestamp: NOW - 10 * 60_000,
    outsideCalibration: false,
    ...overrides,
  };
}

/** 'Level 3 Slab - Pour 1': started 12 days ago, 36.9 MPa against its 25 MPa target, MATURED. */
export function maturedJob(overrides: Partial<MaturityJobDetail> = {}): MaturityJobDetail {
  return {
    id: 1,
    channelJobId: 1,
    channelJobName: 'Level 3 Slab - Pour 1',
    channelJobTypeName: 'Maturity',
    kind: 'MATURITY',
    channelGroupId: null,
    nodeId: 10001,
    cableId: 20001,
    tenant: 3,
    tenantGroupId: 1,
    status: 'RUNNING',
    sensorFlags: 1,
    sensorTypes: ['Temperature'],
    concreteProfileId: 1,
    startDate: START,
    terminationDate: null,
    creationDate: START - HOUR,
    lowTargetedStrength: null,
    mediumTargetedStrength: null,
    highTargetedStrength: null,
    singularTargetedStrength: 25,
    nodeType: 'Maturity',
    channelGroupName: null,
    concreteProfileName: 'C30 Slab Mix',
    maturityFunction: 'NURSE_SAUL',
    alarmData: {
      singularThreshold: 25,
      sensorType: null,
      mediumThresholdHBound: null,
      mediumThresholdLBound: null,
    },
    jobAlarmTriggered: 1,
    msjAverageStrength: 36.93,
    msjAverageTemperature: 4.1,
    msjAverageMeasurementData: 4.1,
    latestMaturityIndex: 5741.6,
    latestEquivalentAge: 171.5,
    latestStrength: 36.93,
    latestJobStrength: 36.93,
    latestAverageTemperature: 4.1,
    latestAverageHumidity: null,
    latestTimestamp: NOW - 10 * 60_000,
    targetStrength: 25,
    progressBarValue: 148,
    outsideCalibration: false,
    sensorCount: 4,
    maturityStrengthJobData: [],
    maturityStrengthMeasurementJobData: [],
    channelJobAttributesData: { jobAttributes: '{}', nodeOptions: { batteryLevelType: 1 } },
    latestNodeBattery: { value: 93, timestamp: NOW - 15 * 60_000 },
    latestNodeSignal: { signal: -76, timestamp: NOW - 15 * 60_000 },
    concreteProfile: profile,
    sensors: [1, 2, 3, 4].map((i) => sensor(i, 36.5 + i / 5)),
    ...overrides,
  };
}

/** 'Level 4 Slab - Pour 2': 26 hours in, 17.6 MPa of 25. */
export function curingJob(): MaturityJobDetail {
  return maturedJob({
    id: 2,
    channelJobId: 2,
    channelJobName: 'Level 4 Slab - Pour 2',
    startDate: NOW - 26 * HOUR,
    jobAlarmTriggered: 0,
    latestStrength: 17.61,
    latestJobStrength: 17.61,
    msjAverageStrength: 17.61,
    latestMaturityIndex: 783.9,
    latestAverageTemperature: 22.7,
    progressBarValue: 70,
  });
}

/** 'Level 2 Slab Moisture': a humidity job (sensorFlags 5). */
export function humidityJob(): MaturityJobDetail {
  return maturedJob({
    id: 6,
    channelJobId: 6,
    channelJobName: 'Level 2 Slab Moisture',
    channelJobTypeName: 'Humidity',
    kind: 'HUMIDITY',
    sensorFlags: 5,
    sensorTypes: ['Humidity', 'Temperature'],
    concreteProfileId: null,
    concreteProfileName: null,
    maturityFunction: null,
    singularTargetedStrength: null,
    targetStrength: null,
    alarmData: {
      singularThreshold: null,
      sensorType: null,
      mediumThresholdHBound: null,
      mediumThresholdLBound: null,
    },
    jobAlarmTriggered: 0,
    latestStrength: null,
    latestJobStrength: null,
    msjAverageStrength: null,
    latestMaturityIndex: null,
    latestAverageHumidity: 79.7,
    latestAverageTemperature: -1.7,
    progressBarValue: 0,
    sensorCount: 2,
    concreteProfile: null,
    sensors: [
      sensor(18, null, { sensorType: 'Humidity', sensorAlias: null, value: 79.7, maturity: null }),
      sensor(19, null, { sensorType: 'Temperature', sensorAlias: null, value: -1.7, maturity: null }),
    ],
  });
}

/** Strength over time on an hourly grid: 0, 12, 24, 30, 36.9 MPa; the 25 MPa target falls in bucket 3. */
export function maturitySeries(): MaturityTimeSeries {
  const band = (avg: number[]) => ({ avg, min: avg.map((v) => v - 0.5), max: avg.map((v) => v + 0.5) });
  return {
    msjId: 1,
    bucket: '1h',
    bucketMs: HOUR,
    from: START,
    to: START + 5 * HOUR,
    start: START,
    points: 5,
    maturityFunction: 'NURSE_SAUL',
    series: [1, 2].map((i) => ({
      sensorId: i,
      sensorAlias: `Level 3 Slab - Pour 1 - T${i}`,
      maturity: band([0, 500, 1500, 3000, 5700]),
      strength: band([0, 12, 24, 30, 36.9]),
    })),
    average: { maturity: band([0, 500, 1500, 3000, 5700]), strength: band([0, 12, 24, 30, 36.9]) },
  };
}

export function measurementSeries(sensorType = 'Temperature'): MsjMeasurementTimeSeries {
  return {
    bucket: '1h',
    bucketMs: HOUR,
    from: START,
    to: START + 3 * HOUR,
    start: START,
    points: 3,
    series: [
      { sensorId: 1, sensorAlias: null, sensorType, avg: [20, 25, 22], min: [19, 24, 21], max: [21, 26, 23] },
    ],
  };
}

export function microweatherJob(): MicroweatherJobDetail {
  return {
    id: 7,
    channelJobName: 'Tower Crane Weather',
    channelJobTypeName: 'Microweather Node',
    channelGroupId: null,
    nodeId: 10007,
    nodeType: 'Microweather Node',
    tenantId: 1,
    tenantGroupId: 1,
    startDate: NOW - 14 * 24 * HOUR,
    terminationDate: null,
    creationDate: NOW - 14 * 24 * HOUR - HOUR,
    sensorTypes: ['Temperature', 'Humidity', 'Wind Speed'],
    jobAlarmTriggered: 0,
    alarmData: {
      singularThreshold: null,
      sensorType: null,
      mediumThresholdHBound: null,
      mediumThresholdLBound: null,
    },
    status: 'STARTED',
    microweatherMeasurementJobData: [
      { sensorType: 'Temperature', averageMeasurementData: -1.8, timestamp: NOW - 600_000 },
      { sensorType: 'Humidity', averageMeasurementData: 83.4, timestamp: NOW - 600_000 },
      { sensorType: 'Wind Speed', averageMeasurementData: 16.4, timestamp: NOW - 600_000 },
    ],
    sensors: [],
    batteryLevelType: 1,
    latestNodeBattery: { value: 96, timestamp: NOW - 600_000 },
    latestNodeSignal: { signal: -65, timestamp: NOW - 600_000 },
  };
}

export function weatherSeries(): SeriesResponse {
  const one = (sensorId: number, sensorType: string, avg: number[]) => ({
    sensorId,
    sensorType,
    sensorAlias: null,
    nodeId: 10007,
    channelId: sensorId,
    avg,
    min: avg,
    max: avg,
  });
  return {
    from: START,
    to: START + 2 * HOUR,
    bucket: '1h',
    bucketMs: HOUR,
    start: START,
    points: 2,
    series: [one(20, 'Temperature', [1, 2]), one(21, 'Humidity', [80, 82]), one(22, 'Wind Speed', [10, 12])],
  };
}
