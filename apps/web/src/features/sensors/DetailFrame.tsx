import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import type { LumimonNodeCard } from '@sitepulse/contracts';
import { nodeIdShown, paths, sensorDetailsHref } from '@sitepulse/domain';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { useActiveAlarmsOf } from '../../api/alarm-events.ts';
import { useLiveReadings } from '../../api/live.ts';
import { useLumimonOverview } from '../../api/queries.ts';
import { useJobNameForBreadcrumb } from '../../app/layout/job-name.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { AlarmStateBadge } from '../../components/AlarmStateBadge.tsx';
import { BatteryIndicator } from '../../components/BatteryIndicator.tsx';
import { NotFoundScreen } from '../../components/NotFound.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { SignalIndicator } from '../../components/SignalIndicator.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useNow } from '../../components/useNow.ts';
import { useTranslation } from '../../i18n/index.ts';
import { thresholdText, useSensorLabels } from './labels.ts';
import { NodeTypeIcon } from './NodeTypeIcon.tsx';
import { type DetailScreen, screenOfKind } from './rules.ts';

/** The time range of a detail screen: shared with the job screen (components/charts/RangePicker.tsx). */
export { RangePicker, useTimeRange } from '../../components/charts/RangePicker.tsx';

/** A small labelled figure of a header or a summary panel. */
export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The job's header (its name is the page's heading): node type, status, alarm, the alarms still active of the
 * job and its node (issue 15: kind, since when, acknowledged by whom; each opens the site's alarms page), node
 * and project, battery, signal, start and last seen.
 */
function JobHeader({ card, siteId }: { card: LumimonNodeCard; siteId: number }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const labels = useSensorLabels();
  const now = useNow();
  const stopped = card.statusLabel === 'STOPPED';
  const threshold = thresholdText(card, prefs);
  const alarms = useActiveAlarmsOf(siteId, { jobId: card.jobId, nodeId: card.nodeId });
  return (
    <Paper
      variant="outlined"
      data-testid="job-header"
      data-alarming={card.alarming ? 'true' : 'false'}
      sx={{
        p: { xs: 1.5, sm: 2 },
        mb: 2,
        borderRadius: 2,
        borderWidth: card.alarming ? 2 : 1,
        borderColor: card.alarming ? 'error.main' : 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <NodeTypeIcon type={card.channelJobTypeName} color={card.alarming ? 'error' : 'primary'} />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, minWidth: 0 }}>
          {labels.nodeType(card.channelJobTypeName)}
        </Typography>
        <StatusChip label={card.statusLabel} />
        {card.alarming ? (
          <Chip
            size="small"
            color="error"
            icon={<NotificationsActiveRoundedIcon />}
            label={threshold ? `${t('sensors.card.alarm')} · ${threshold}` : t('sensors.card.alarm')}
            data-testid="alarm-chip"
            sx={{ fontWeight: 700 }}
          />
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('sensors.card.node', { id: nodeIdShown(card.nodeId, card.tenantType) })} · {labels.project(card)}
      </Typography>
      {alarms.length > 0 ? (
        <Box sx={{ mt: 1.5 }} data-testid="job-alarm-state">
          <AlarmStateBadge alarms={alarms} tenantGroupId={siteId} />
        </Box>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          gap: 1.5,
          mt: 1.5,
        }}
      >
        <Figure label={t('sensors.detail.started')} value={prefs.time(card.startDate)} />
        <Figure
          label={stopped ? t('sensors.detail.stopped') : t('sensors.detail.lastSeen')}
          value={stopped ? prefs.time(card.terminationDate) : labels.ago(card.lastSeen, now)}
          testId="header-last-seen"
        />
        <Figure
          label={t('sensors.detail.battery')}
          value={
            <BatteryIndicator
              percent={card.latestNodeBattery.value}
              terminated={stopped}
              levelType={card.batteryLevelType}
              showText
            />
          }
        />
        <Figure
          label={t('sensors.detail.signal')}
          value={<SignalIndicator latestSignal={card.latestNodeSignal} terminated={stopped} />}
        />
      </Box>
    </Paper>
  );
}

/**
 * The frame of every sensor detail screen: the job is found in the site's overview (so the header has its
 * status, alarm, battery and signal), a job that belongs on another detail screen is sent there, and new
 * readings arrive live. `children` draws the screen's own part.
 */
export function DetailFrame({
  screen,
  actions,
  children,
}: {
  screen: DetailScreen;
  actions?: ReactNode;
  children: (card: LumimonNodeCard) => ReactNode;
}) {
  const { t } = useTranslation();
  const { jobsiteId, tenantId, jobId } = useParams();
  const siteId = Number(jobsiteId);
  const id = Number(jobId);
  const query = useLumimonOverview(Number.isInteger(siteId) ? siteId : undefined);
  useLiveReadings(Number.isInteger(siteId) ? siteId : undefined);
  const card = query.data?.nodes.find((n) => n.jobId === id);
  useJobNameForBreadcrumb(jobId, card?.channelJobName);
  const back = paths.jobSiteSensors.href(jobsiteId ?? '', tenantId ?? '');
  // Opened from a card far down the overview: start at the top of the job, not where the list was scrolled.
  const top = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per job
  useEffect(() => {
    top.current?.scrollIntoView?.({ block: 'start' });
  }, [jobId]);

  if (card && screenOfKind(card.kind) !== screen) {
    return <Navigate replace to={sensorDetailsHref(siteId, tenantId ?? card.tenantId, card)} />;
  }
  return (
    <Box ref={top} sx={{ width: '100%' }}>
      <PageFrame
        title={<span data-testid="job-name">{card?.channelJobName ?? t('titles.jobSiteSensors')}</span>}
        actions={
          <Button
            component={RouterLink}
            to={back}
            startIcon={<ArrowBackRoundedIcon />}
            size="small"
            aria-label={t('sensors.detail.back')}
            // On a phone the arrow alone, so the job's name keeps the width of the screen.
            sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('sensors.detail.back')}
            </Box>
          </Button>
        }
      >
        <QueryState query={query} notFound={<NotFoundScreen what="node" />}>
          {() =>
            card ? (
              <>
                <JobHeader card={card} siteId={siteId} />
                {actions ? <Box sx={{ mb: 2 }}>{actions}</Box> : null}
                {children(card)}
              </>
            ) : (
              <NotFoundScreen what="node" />
            )
          }
        </QueryState>
      </PageFrame>
    </Box>
  );
}
