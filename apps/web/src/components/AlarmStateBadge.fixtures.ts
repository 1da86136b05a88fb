/**
 * Alarm events as GET /alarms/events answers them, for the tests of the screens that show a job's or node's
 * alarm state (AlarmStateBadge). Times are fixed; every field not given is that of an active high
 * temperature threshold of job 1 (sensor 101 of node 10001) on site 1.
 */
import type { AlarmEvent } from '@sitepulse/contracts';

export const ALARM_RAISED_AT = Date.UTC(2026, 10, 23, 9, 30);

export function alarmEvent(id: number, over: Partial<AlarmEvent> = {}): AlarmEvent {
  const base = {
    id,
    kind: 'SENSOR_THRESHOLD',
    state: 'ACTIVE',
    tenantGroupId: 1,
    siteName: 'Harbourfront Tower',
    jobId: 1,
    jobName: 'Level 3 Slab - Pour 1',
    sensorId: 101,
    sensorName: 'T1',
    nodeId: 10001,
    secondSensorId: null,
    secondSensorName: null,
    gatewayId: null,
    gatewayName: null,
    jobGroupId: null,
    jobGroupName: null,
    quantity: 'Temperature',
    side: 'high',
    value: 31.2,
    bound: 30,
    raisedAt: ALARM_RAISED_AT,
    acknowledgedAt: null,
    acknowledgedBy: null,
    acknowledgedNote: null,
    clearedAt: null,
  };
  // Cast: the contract's optional naming fields (second sensor, gateway, group) may grow; tests need none.
  return { ...base, ...over } as AlarmEvent;
}

/** Acknowledged by Sam Super ten minutes after it was raised. */
export const acknowledged = (e: AlarmEvent, by = 'Sam Super'): AlarmEvent => ({
  ...e,
  state: 'ACKNOWLEDGED',
  acknowledgedAt: e.raisedAt + 600_000,
  acknowledgedBy: by,
});
