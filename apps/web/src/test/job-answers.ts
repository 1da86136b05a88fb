/** Jobs as the server answers them, for the component tests of the screens that list jobs. */
import type { LumimonNodeCard, MaturityJob, MicroweatherJob } from '@sitepulse/contracts';

const HOUR = 3_600_000;
/**
 * One clock for every job a test builds: jobs made a millisecond apart would otherwise start a
 * millisecond apart, and a list sorted by start date would change order from run to run.
 */
const now = Date.now();

export function maturityJob(id: number, name: string, over: Partial<MaturityJob> = {}): MaturityJob {
  return {
    id,
    channelJobId: id,
    channelJobName: name,
    channelJobTypeName: 'Maturity',
    kind: 'MATURITY',
    channelGroupId: null,
    nodeId: 10000 + id,
    cableId: 20000 + id,
    tenant: 32,
    tenantGroupId: 3,
    status: 'RUNNING',
    sensorFlags: 1,
    sensorTypes: ['Temperature'],
    concreteProfileId: 1,
    startDate: now - 26 * HOUR,
    terminationDate: null,
    creationDate: now - 27 * HOUR - id,
    lowTargetedStrength: null,
    mediumTargetedStrength: null,
    highTargetedStrength: null,
    singularTargetedStrength: 25,
    nodeType: 'Maturity',
    channelGroupName: null,
    concreteProfileName: 'C30',
    maturityFunction: 'NURSE_SAUL',
    alarmData: {
      singularThreshold: 25,
      sensorType: null,
      mediumThresholdHBound: null,
      mediumThresholdLBound: null,
    },
    jobAlarmTriggered: 0,
    msjAverageStrength: 17.6,
    msjAverageTemperature: 23,
    msjAverageMeasurementData: 23,
    latestMaturityIndex: 775.7,
    latestEquivalentAge: 27.6,
    latestStrength: 17.6,
    latestJobStrength: 17.6,
    latestAverageTemperature: 23,
    latestAverageHumidity: null,
    latestTimestamp: now - HOUR / 4,
    targetStrength: 25,
    progressBarValue: 70,
    outsideCalibration: false,
    sensorCount: 4,
    maturityStrengthJobData: [],
    maturityStrengthMeasurementJobData: [],
    channelJobAttributesData: { jobAttributes: '{}', nodeOptions: { batteryLevelType: 1 } },
    latestNodeBattery: { value: 96, timestamp: now - HOUR / 2 },
    latestNodeSignal: { signal: -74, timestamp: now - HOUR / 2 },
    ...over,
  };
}

export function humidityJob(id: number, name: string, over: Partial<MaturityJob> = {}): MaturityJob {
  return maturityJob(id, name, {
    channelJobTypeName: 'Humidity',
    kind: 'HUMIDITY',
    cableId: null,
    sensorFlags: 5,
    sensorTypes: ['Humidity', 'Temperature'],
    singularTargetedStrength: null,
    targetStrength: null,
    latestJobStrength: null,
    latestStrength: null,
    latestMaturityIndex: null,
    latestAverageHumidity: 79.7,
    latestAverageTemperature: -1.7,
    progressBarValue: 0,
    ...over,
  });
}

export function microweatherJob(id: number, name: string, tenantId = 32): MicroweatherJob {
  return {
    id,
    channelJobName: name,
    channelJobTypeName: 'Microweather Node',
    channelGroupId: null,
    nodeId: 10007,
    nodeType: 'Microweather Node',
    tenantId,
    tenantGroupId: 3,
    startDate: now - 14 * 24 * HOUR,
    terminationDate: null,
    creationDate: now - 14 * 24 * HOUR - HOUR,
    sensorTypes: ['Temperature', 'Humidity', 'Wind Speed'],
    status: 'STARTED',
    jobAlarmTriggered: 0,
    alarmData: {
      singularThreshold: null,
      sensorType: null,
      mediumThresholdHBound: null,
      mediumThresholdLBound: null,
    },
    microweatherMeasurementJobData: [
      { sensorType: 'Temperature', averageMeasurementData: -1.8, timestamp: now - 60_000 },
      { sensorType: 'Humidity', averageMeasurementData: 83.4, timestamp: now - 60_000 },
      { sensorType: 'Wind Speed', averageMeasurementData: 16.4, timestamp: now - 60_000 },
    ],
  };
}

/** A node card of the Lumimon overview (GET /analytics/lumimon/jobs/overview/by_tenant_group/{id}). */
export function nodeCard(
  jobId: number,
  name: string,
  typeName: string,
  kind: string,
  over: Partial<LumimonNodeCard> = {},
): LumimonNodeCard {
  return {
    jobId,
    channelJobName: name,
    channelJobTypeName: typeName,
    kind,
    group: kind === 'POWER' ? 'power' : kind === 'GPS' ? 'gps' : 'jobs',
    status: 'RUNNING',
    statusLabel: 'STARTED',
    ended: false,
    nodeId: 10000 + jobId,
    nodeName: `N-${jobId}`,
    nodeType: typeName,
    tenantId: 32,
    tenantName: 'Default',
    tenantType: 'Concrete',
    startDate: now - 14 * 24 * HOUR,
    terminationDate: null,
    creationDate: now - 14 * 24 * HOUR - HOUR,
    sensorTypes: [],
    batteryLevelType: 1,
    latestNodeBattery: { value: 68, timestamp: now - HOUR / 2 },
    latestNodeSignal: { signal: -79, timestamp: now - HOUR / 2 },
    jobAlarmTriggered: 0,
    alarming: false,
    alarmData: { sensorType: null, mediumThresholdHBound: null, mediumThresholdLBound: null },
    readings: [],
    location: null,
    lastSeen: now - 60_000,
    last24h: [],
    ...over,
  };
}
