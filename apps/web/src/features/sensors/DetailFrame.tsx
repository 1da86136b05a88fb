import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import { Box, Button, Chip, Paper, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { LumimonNodeCard } from '@sitepulse/contracts';
import { nodeIdShown, paths } from '@sitepulse/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { useLiveReadings } from '../../api/live.ts';
import { useLumimonOverview } from '../../api/queries.ts';
import { useJobNameForBreadcrumb } from '../../app/layout/job-name.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { BatteryIndicator } from '../../components/BatteryIndicator.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { SignalIndicator } from '../../components/SignalIndicator.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { thresholdText, useSensorLabels } from './labels.ts';
import { NodeTypeIcon } from './NodeTypeIcon.tsx';
import { type DetailScreen, detailsHref, screenOfKind, TIME_RANGES, type TimeRange } from './rules.ts';

/** The chosen time range, with the moment it was chosen (ranges count back from then). */
export function useTimeRange(initial: TimeRange = '24h') {
  const [state, setState] = useState({ range: initial, at: Date.now() });
  return {
    range: state.range,
    at: state.at,
    setRange: (range: TimeRange) => setState({ range, at: Date.now() }),
  };
}

/** The time-range choice of a detail screen. */
export function RangePicker({ value, onChange }: { value: TimeRange; onChange: (r: TimeRange) => void }) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_e, v: TimeRange | null) => v && onChange(v)}
      aria-label={t('sensors.range.label')}
      sx={{ flexWrap: 'wrap' }}
    >
      {TIME_RANGES.map((r) => (
        <ToggleButton key={r} value={r} sx={{ textTransform: 'none', px: 1.25 }}>
          {t(`sensors.range.${r}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

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

/** The job's header: name, status, alarm, node and project, battery, signal, start and last seen. */
function JobHeader({ card }: { card: LumimonNodeCard }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const labels = useSensorLabels();
  const stopped = card.statusLabel === 'STOPPED';
  const threshold = thresholdText(card, prefs);
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
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, minWidth: 0 }}>
          {card.channelJobName}
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
        {labels.nodeType(card.channelJobTypeName)} ·{' '}
        {t('sensors.card.node', { id: nodeIdShown(card.nodeId, card.tenantType) })} · {labels.project(card)}
      </Typography>
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
          value={stopped ? prefs.time(card.terminationDate) : labels.ago(card.lastSeen)}
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
    return <Navigate replace to={detailsHref(siteId, tenantId ?? card.tenantId, card)} />;
  }
  return (
    <Box ref={top} sx={{ width: '100%' }}>
      <PageFrame
        title={t('titles.jobSiteSensors')}
        actions={
          <Button component={RouterLink} to={back} startIcon={<ArrowBackRoundedIcon />} size="small">
            {t('sensors.detail.back')}
          </Button>
        }
      >
        <QueryState query={query}>
          {() =>
            card ? (
              <>
                <JobHeader card={card} />
                {actions ? <Box sx={{ mb: 2 }}>{actions}</Box> : null}
                {children(card)}
              </>
            ) : (
              <EmptyState message={t('sensors.detail.notFound')} />
            )
          }
        </QueryState>
      </PageFrame>
    </Box>
  );
}
