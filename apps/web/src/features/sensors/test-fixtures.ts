import type { LumimonNodeCard, LumimonOverview } from '@sitepulse/contracts';

/** Fixtures of the sensor screens' component tests: an overview of North Yard (test site 3). */
export const NOW = Date.UTC(2025, 5, 10, 12, 0);
const MIN = 60_000;

export function nodeCard(over: Partial<LumimonNodeCard> & Pick<LumimonNodeCard, 'jobId'>): LumimonNodeCard {
  return {
    channelJobName: `Job ${over.jobId}`,
    channelJobTypeName: 'Gas',
    kind: 'DATA',
    group: 'jobs',
    status: 'RUNNING',
    statusLabel: 'STARTED',
    ended: false,
    nodeId: 10_000 + over.jobId,
    nodeName: `NODE-${over.jobId}`,
    nodeType: 'Gas',
    tenantId: 31,
    tenantName: 'Default',
    tenantType: 'Lumimon',
    startDate: NOW - 14 * 24 * 60 * MIN,
    terminationDate: null,
    creationDate: NOW - 15 * 24 * 60 * MIN,
    sensorTypes: [],
    batteryLevelType: 1,
    latestNodeBattery: { value: 80, timestamp: NOW - 5 * MIN },
    latestNodeSignal: { signal: -75, timestamp: NOW - 5 * MIN },
    jobAlarmTriggered: 0,
    alarming: false,
    alarmData: { sensorType: null, mediumThresholdHBound: null, mediumThresholdLBound: null },
    readings: [],
    location: null,
    lastSeen: NOW - 5 * MIN,
    last24h: [],
    ...over,
  };
}

const reading = (sensorType: string, value: number | null) => ({
  sensorType,
  value,
  timestamp: value === null ? null : NOW - 5 * MIN,
  sensors: 1,
});

export const weatherCard = nodeCard({
  jobId: 101,
  channelJobName: 'Tower Crane Weather',
  channelJobTypeName: 'Microweather Node',
  kind: 'MICROWEATHER',
  nodeType: 'Microweather Node',
  sensorTypes: ['Temperature', 'Humidity', 'Wind Speed'],
  readings: [reading('Temperature', 20), reading('Humidity', 55), reading('Wind Speed', 10)],
  last24h: [{ sensorType: 'Temperature', count: 144, average: 18, min: 12, max: 24 }],
});

export const gasCard = nodeCard({
  jobId: 102,
  channelJobName: 'Parkade Ramp CO',
  sensorTypes: ['Gas', 'Temperature'],
  readings: [reading('Temperature', 19), reading('Gas', 52)],
  jobAlarmTriggered: 2,
  alarming: true,
  alarmData: { sensorType: 'Gas', mediumThresholdHBound: 35, mediumThresholdLBound: null },
  last24h: [{ sensorType: 'Gas', count: 96, average: 21.5, min: 3, max: 52 }],
});

export const quietGasCard = nodeCard({
  jobId: 106,
  channelJobName: 'Loading Dock CO',
  sensorTypes: ['Gas'],
  readings: [reading('Gas', 4)],
});

export const levelCard = nodeCard({
  jobId: 103,
  channelJobName: 'Curing Water Tank',
  channelJobTypeName: 'Liquid Level',
  nodeType: 'Liquid Level',
  sensorTypes: ['Liquid Level'],
  readings: [reading('Liquid Level', 2)],
});

export const ctCard = nodeCard({
  jobId: 104,
  channelJobName: 'Batch Plant Mixer Motor',
  channelJobTypeName: 'Current Transformer',
  kind: 'POWER',
  group: 'power',
  nodeType: 'Current Transformer',
  sensorTypes: ['Current', 'Voltage', 'Power'],
  readings: [reading('Current', 31.5), reading('Power', 18900), reading('Voltage', 600)],
});

export const gpsCard = nodeCard({
  jobId: 105,
  channelJobName: 'Telehandler 2',
  channelJobTypeName: 'GPS',
  kind: 'GPS',
  group: 'gps',
  nodeType: 'GPS',
  nodeId: 1234567890,
  tenantId: 33,
  tenantName: 'Beam Line',
  tenantType: 'Lumitrack',
  location: { timestamp: NOW - 5 * MIN, lat: 43.6412345, longitude: -79.3801234 },
});

const counts = (cards: LumimonNodeCard[]) => ({
  total: cards.length,
  running: cards.filter((c) => c.statusLabel === 'STARTED').length,
  ended: cards.filter((c) => c.ended).length,
  error: cards.filter((c) => c.statusLabel === 'ERROR').length,
  alarming: cards.filter((c) => c.alarming).length,
  byStatus: {},
});

/** An overview holding the cards (in the order given: the screen sorts them itself). */
export function overviewOf(cards: LumimonNodeCard[]): LumimonOverview {
  return {
    tenantGroupId: 3,
    tenantGroupName: 'North Yard Precast Plant',
    generatedAt: NOW,
    statsFrom: NOW - 24 * 60 * MIN,
    statsTo: NOW,
    counts: {
      jobs: counts(cards.filter((c) => c.group === 'jobs')),
      power: counts(cards.filter((c) => c.group === 'power')),
      gps: counts(cards.filter((c) => c.group === 'gps')),
      all: counts(cards),
    },
    nodes: cards,
  };
}

export const overviewPath = '/analytics/lumimon/jobs/overview/by_tenant_group/3';
export const allCards = [levelCard, gpsCard, weatherCard, ctCard, quietGasCard, gasCard];
