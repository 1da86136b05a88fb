import { Box, Link, Paper, Typography } from '@mui/material';
import {
  clampLatitude,
  jobAlarmBadges,
  jobDetailHref,
  NODE_CARD_READINGS,
  nodeIdShown,
  quantityOfSensorType,
} from '@sitepulse/domain';
import { Link as RouterLink } from 'react-router';
import { useSiteActiveAlarms } from '../../api/alarm-events.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { AlarmStateBadge } from '../../components/AlarmStateBadge.tsx';
import { BatteryIndicator } from '../../components/BatteryIndicator.tsx';
import { SignalIndicator } from '../../components/SignalIndicator.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useTranslation } from '../../i18n/index.ts';
import type { OtherJob } from './api.ts';
import { AlarmBadges, Figure } from './JobBits.tsx';

/** Readings a card shows (section 2): 1 for gas nodes, 3 for weather nodes, all of any other node. */
export function readingsShown(job: Pick<OtherJob, 'typeName' | 'readings'>): OtherJob['readings'] {
  if (job.typeName === 'Gas') return job.readings.slice(0, NODE_CARD_READINGS.gas);
  if (job.typeName === 'Microweather Node') return job.readings.slice(0, NODE_CARD_READINGS.weather);
  return job.readings;
}

/** The project's microweather, data, GPS and power jobs as cards, in the order given (section 2 type order). */
export function OtherJobCards({
  jobs,
  jobsiteId,
  projectType,
}: {
  jobs: readonly OtherJob[];
  jobsiteId: number;
  /** A Lumitrack project's nodes show their first 8 characters; any other node its whole id (section 2). */
  projectType?: string | null;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const alarmsOf = useSiteActiveAlarms(jobsiteId);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {jobs.map((job) => {
        const readings = readingsShown(job);
        return (
          <Paper
            key={job.key}
            variant="outlined"
            data-testid="other-job"
            data-job-type={job.typeName}
            sx={{ p: 1.5, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography
                  variant="overline"
                  color="text.secondary"
                  sx={{ lineHeight: 1.4, display: 'block' }}
                >
                  {t(`projects.jobTypes.${job.typeName}`, { defaultValue: job.typeName })}
                </Typography>
                <Link
                  component={RouterLink}
                  to={jobDetailHref({ ...job, channelJobTypeName: job.typeName }, jobsiteId)}
                  underline="hover"
                  sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
                >
                  {job.name}
                </Link>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('projects.node', { id: nodeIdShown(job.nodeId, projectType) })}
                </Typography>
              </Box>
              <StatusChip label={job.statusLabel} />
            </Box>
            <AlarmBadges badges={jobAlarmBadges({ jobAlarmTriggered: job.jobAlarmTriggered })} />
            <AlarmStateBadge
              compact
              alarms={alarmsOf({ jobId: job.id, nodeId: job.nodeId })}
              tenantGroupId={jobsiteId}
            />
            {readings.length > 0 ? (
              <Box
                sx={{
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: `repeat(${Math.min(3, readings.length)}, minmax(0, 1fr))`,
                }}
              >
                {readings.map((r) => {
                  const q = quantityOfSensorType(r.sensorType);
                  return (
                    <Figure
                      key={r.sensorType}
                      label={t(`projects.sensorTypes.${r.sensorType}`, { defaultValue: r.sensorType })}
                      value={q ? prefs.withUnit(q, r.value) : prefs.withUnit('', r.value)}
                      testId={`reading-${r.sensorType}`}
                    />
                  );
                })}
              </Box>
            ) : job.location ? (
              <Figure
                label={t('projects.position')}
                value={`${clampLatitude(job.location.lat).toFixed(5)}, ${job.location.longitude.toFixed(5)}`}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('projects.noReadings')}
              </Typography>
            )}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 'auto' }}>
              <BatteryIndicator
                percent={job.battery?.value}
                terminated={job.terminated}
                levelType={job.batteryLevelType}
              />
              <SignalIndicator latestSignal={job.signal} terminated={job.terminated} />
              <Typography variant="caption" color="text.secondary">
                {t('projects.lastSeen', { time: prefs.time(job.lastSeen) })}
              </Typography>
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
