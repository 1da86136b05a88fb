import { Box } from '@mui/material';
import { useActiveAlarmsOf } from '../../api/alarm-events.ts';
import { AlarmStateBadge } from '../../components/AlarmStateBadge.tsx';
import { shortSensorName } from './chart-lines.ts';

/**
 * Under the job's name and alarm bits: its alarms still active (its own, and its node's silent or battery
 * alarms) from the site's alarm events, each opening the site's alarms page, its sensor named without the
 * job's name (the page's title); nothing when there are none.
 * Read again on every live `alarms` event of the site (the job screen follows the site's live updates).
 */
export function JobAlarmState({
  tenantGroupId,
  jobId,
  nodeId,
  jobName,
}: {
  tenantGroupId: number;
  jobId: number;
  nodeId: number;
  jobName: string;
}) {
  const alarms = useActiveAlarmsOf(tenantGroupId, { jobId, nodeId });
  if (alarms.length === 0) return null;
  return (
    <Box sx={{ mb: 2, mt: -0.5 }} data-testid="job-alarm-state">
      <AlarmStateBadge
        alarms={alarms}
        tenantGroupId={tenantGroupId}
        sensorLabel={(name) => shortSensorName(name, jobName)}
      />
    </Box>
  );
}
