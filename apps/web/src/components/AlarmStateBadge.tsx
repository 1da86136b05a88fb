import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import NotificationsPausedRoundedIcon from '@mui/icons-material/NotificationsPausedRounded';
import { Box, Link, Typography } from '@mui/material';
import type { AlarmEvent } from '@sitepulse/contracts';
import { MISSING_VALUE, paths } from '@sitepulse/domain';
import { Link as RouterLink } from 'react-router';
import { useDisplayPreferences } from '../app/preferences.ts';
import { useTranslation } from '../i18n/index.ts';

/** The i18n key of an alarm's kind in words (the alarms page's words): a threshold says which bound. */
export function alarmKindKey(e: Pick<AlarmEvent, 'kind' | 'side'>): string {
  if (e.kind === 'SENSOR_THRESHOLD' && e.side) return `alarms.kind.SENSOR_THRESHOLD_${e.side}`;
  return `alarms.kind.${e.kind}`;
}

/**
 * The alarms still active of a job or node (issue 15), beside the spec's alarm bits: for each, its kind in
 * words (and its sensor), since when it is active and, once acknowledged, by whom; each opens the site's
 * alarms page. Alarms nobody acknowledged show red, acknowledged ones amber. Nothing at all when there are
 * none. `compact` (list rows and cards): plain lines, at most `max` of them and a line saying how many more;
 * otherwise (a job's own screen) every one, in a framed box.
 */
export function AlarmStateBadge({
  alarms,
  tenantGroupId,
  compact = false,
  max = 2,
  sensorLabel = (name) => name,
}: {
  /** the job's or node's alarms still active (ACTIVE or ACKNOWLEDGED), in the order shown */
  alarms: readonly AlarmEvent[];
  tenantGroupId: number;
  compact?: boolean;
  max?: number;
  /** how a sensor's name is shown (a job's screen leaves the job's name out of it) */
  sensorLabel?: (sensorName: string) => string;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const live = alarms.filter((e) => e.state !== 'CLEARED');
  if (live.length === 0) return null;
  const href = paths.alarms.href(tenantGroupId);
  const shown = compact ? live.slice(0, max) : live;
  const more = live.length - shown.length;
  const unacknowledged = live.some((e) => e.state === 'ACTIVE');
  return (
    <Box
      component="ul"
      data-testid="alarm-state"
      aria-label={t('alarmState.label')}
      sx={{
        listStyle: 'none',
        m: 0,
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: compact ? 0.25 : 0.75,
        ...(compact
          ? { p: 0 }
          : {
              px: 1.5,
              py: 1,
              borderRadius: 2,
              border: 1,
              borderColor: unacknowledged ? 'error.main' : 'warning.main',
              bgcolor: unacknowledged ? '#fff6f5' : '#fffaf0',
            }),
      }}
    >
      {shown.map((e) => {
        const acknowledged = e.state === 'ACKNOWLEDGED';
        const Icon = acknowledged ? NotificationsPausedRoundedIcon : NotificationsActiveRoundedIcon;
        const since = prefs.time(e.raisedAt);
        return (
          <Box component="li" key={e.id} data-alarm-id={e.id} data-state={e.state} data-kind={e.kind}>
            <Link
              component={RouterLink}
              to={href}
              underline="hover"
              color={acknowledged ? 'warning.dark' : 'error.dark'}
              sx={{ display: 'inline-flex', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}
            >
              <Icon sx={{ fontSize: compact ? 16 : 20, mt: compact ? 0.1 : 0 }} />
              <Box component="span" sx={{ minWidth: 0 }}>
                <Typography
                  component="span"
                  variant={compact ? 'caption' : 'body2'}
                  data-testid="alarm-state-kind"
                  sx={{ display: 'block', fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.35 }}
                >
                  {t(alarmKindKey(e))}
                  {e.sensorName ? ` · ${sensorLabel(e.sensorName)}` : ''}
                </Typography>
                <Typography
                  component="span"
                  variant="caption"
                  data-testid="alarm-state-detail"
                  sx={{
                    display: 'block',
                    color: 'text.secondary',
                    overflowWrap: 'anywhere',
                    lineHeight: 1.35,
                  }}
                >
                  {acknowledged
                    ? t('alarmState.acknowledgedBy', { name: e.acknowledgedBy ?? MISSING_VALUE, time: since })
                    : t('alarmState.activeSince', { time: since })}
                </Typography>
              </Box>
            </Link>
          </Box>
        );
      })}
      {more > 0 ? (
        <Box component="li">
          <Link
            component={RouterLink}
            to={href}
            underline="hover"
            variant="caption"
            data-testid="alarm-state-more"
            sx={{ fontWeight: 600 }}
          >
            {t('alarmState.more', { count: more })}
          </Link>
        </Box>
      ) : null}
    </Box>
  );
}
