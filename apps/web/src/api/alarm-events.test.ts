import { describe, expect, it } from 'vitest';
import { acknowledged, alarmEvent } from '../components/AlarmStateBadge.fixtures.ts';
import { activeAlarmOrder, isActiveAlarmOf } from './alarm-events.ts';

describe('the alarms a job’s or node’s screen shows', () => {
  const job1 = { jobId: 1, nodeId: 10001 };

  it('takes the job’s own alarms still active, never cleared ones', () => {
    expect(isActiveAlarmOf(alarmEvent(1), job1)).toBe(true);
    expect(isActiveAlarmOf(acknowledged(alarmEvent(1)), job1)).toBe(true);
    expect(isActiveAlarmOf(alarmEvent(1, { state: 'CLEARED', clearedAt: 1 }), job1)).toBe(false);
    expect(isActiveAlarmOf(alarmEvent(1, { jobId: 2, nodeId: 10002 }), job1)).toBe(false);
    expect(isActiveAlarmOf(alarmEvent(1, { kind: 'MATURED', sensorId: null }), job1)).toBe(true);
  });

  it('takes its node’s silent and battery alarms whichever job they name, not another job’s on the node', () => {
    const silent = alarmEvent(1, { kind: 'NODE_SILENT', jobId: 9, sensorId: null });
    expect(isActiveAlarmOf(silent, job1)).toBe(true);
    expect(isActiveAlarmOf({ ...silent, kind: 'BATTERY_LOW' }, job1)).toBe(true);
    expect(isActiveAlarmOf({ ...silent, nodeId: 10002 }, job1)).toBe(false);
    expect(isActiveAlarmOf(alarmEvent(1, { jobId: 9 }), job1)).toBe(false);
  });

  it('leaves site-wide alarms (a gateway offline, a group’s strength) to the alarms page', () => {
    const gateway = alarmEvent(1, { kind: 'GATEWAY_OFFLINE', jobId: null, nodeId: null, sensorId: null });
    expect(isActiveAlarmOf(gateway, job1)).toBe(false);
    expect(isActiveAlarmOf(gateway, {})).toBe(false);
  });

  it('orders unacknowledged first, then acknowledged, newest raised first in each', () => {
    const list = [
      acknowledged(alarmEvent(1, { raisedAt: 50 })),
      alarmEvent(2, { raisedAt: 10 }),
      alarmEvent(3, { raisedAt: 30 }),
      acknowledged(alarmEvent(4, { raisedAt: 70 })),
    ];
    expect([...list].sort(activeAlarmOrder).map((e) => e.id)).toEqual([3, 2, 4, 1]);
  });
});
