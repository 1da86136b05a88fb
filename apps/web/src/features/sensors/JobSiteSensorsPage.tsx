import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import {
  Alert,
  AlertTitle,
  Box,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { LumimonNodeCard, LumimonOverview } from '@sitepulse/contracts';
import { LUMIMON_GROUPS, type LumimonGroup, sensorDetailsHref, sortNodeCards } from '@sitepulse/domain';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useSiteActiveAlarms } from '../../api/alarm-events.ts';
import { useLiveReadings } from '../../api/live.ts';
import { useCurrentJobSite, useLumimonOverview } from '../../api/queries.ts';
import { type DisplayPreferences, useDisplayPreferences } from '../../app/preferences.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useNow } from '../../components/useNow.ts';
import { useTranslation } from '../../i18n/index.ts';
import { quantityOf, thresholdText, useSensorLabels } from './labels.ts';
import { NodeCard } from './NodeCard.tsx';
import { NodeTypeIcon } from './NodeTypeIcon.tsx';
import { matchesFilter, NODE_FILTERS, type NodeFilter } from './rules.ts';

/** The tenant id links keep: the route's when it is a project of the site, else the job's own. */
function useLinkTenant(jobsiteId: number, tenantId: string | undefined) {
  const { jobSite } = useCurrentJobSite(jobsiteId);
  const routeTenant = Number(tenantId);
  const valid = !!jobSite?.tenantMessages.some((p) => p.id === routeTenant);
  return (card: Pick<LumimonNodeCard, 'tenantId'>) => (valid ? routeTenant : card.tenantId);
}

/** "Which node is alarming?": every alarming node with its reading and threshold, or an all-clear line. */
function AlarmSummary({
  cards,
  hrefOf,
  prefs,
}: {
  cards: LumimonNodeCard[];
  hrefOf: (c: LumimonNodeCard) => string;
  prefs: DisplayPreferences;
}) {
  const { t } = useTranslation();
  const labels = useSensorLabels();
  const alarming = cards.filter((c) => c.alarming);
  if (alarming.length === 0) {
    return (
      <Alert
        severity="success"
        icon={<CheckCircleRoundedIcon />}
        data-testid="alarm-summary"
        data-alarming="0"
        sx={{ mb: 2 }}
      >
        {t('sensors.overview.noAlarms')}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      variant="filled"
      icon={<NotificationsActiveRoundedIcon />}
      data-testid="alarm-summary"
      data-alarming={alarming.length}
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>
        {t('sensors.overview.alarming', { count: alarming.length })}
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {alarming.map((c) => {
          const type = c.alarmData.sensorType ?? c.readings[0]?.sensorType;
          const reading = c.readings.find((r) => r.sensorType === type);
          const threshold = thresholdText(c, prefs);
          return (
            <li key={c.jobId} data-testid="alarm-item">
              <Link component={RouterLink} to={hrefOf(c)} color="inherit" sx={{ fontWeight: 700 }}>
                {c.channelJobName}
              </Link>{' '}
              ({labels.nodeType(c.channelJobTypeName)})
              {reading && type ? `: ${prefs.withUnit(quantityOf(type), reading.value)}` : ''}
              {threshold ? ` — ${t('sensors.card.threshold', { value: threshold })}` : ''}
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}

/** One tile of the counts row. */
function CountTile({
  label,
  value,
  detail,
  alert,
}: {
  label: string;
  value: number;
  detail: string;
  alert?: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      data-testid="count-tile"
      sx={{
        p: 1.5,
        borderRadius: 2,
        minWidth: 0,
        borderColor: alert ? 'error.main' : 'divider',
        bgcolor: alert ? '#fff6f5' : 'background.paper',
      }}
    >
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {label}
      </Typography>
      <Typography
        sx={{ fontWeight: 700, fontSize: 26, lineHeight: 1.2, color: alert ? 'error.main' : undefined }}
      >
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {detail}
      </Typography>
    </Paper>
  );
}

/** Analytics: each job's readings over the last 24 hours (min, average, max, count). Cards on a phone. */
function Analytics({
  overview,
  hrefOf,
}: {
  overview: LumimonOverview;
  hrefOf: (c: LumimonNodeCard) => string;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const prefs = useDisplayPreferences();
  const labels = useSensorLabels();
  const rows = overview.nodes.flatMap((c) =>
    c.last24h.map((s) => ({ card: c, stats: s, q: quantityOf(s.sensorType) })),
  );
  if (rows.length === 0) return <EmptyState message={t('sensors.analytics.empty')} />;
  if (phone) {
    return (
      <Box sx={{ display: 'grid', gap: 1 }} data-testid="analytics">
        {rows.map(({ card, stats, q }) => (
          <Paper
            key={`${card.jobId}-${stats.sensorType}`}
            variant="outlined"
            sx={{ p: 1.5, borderRadius: 2 }}
          >
            <Link component={RouterLink} to={hrefOf(card)} sx={{ fontWeight: 700 }}>
              {card.channelJobName}
            </Link>
            <Typography variant="caption" color="text.secondary" component="div">
              {labels.sensorType(stats.sensorType)} · {t('sensors.analytics.count', { count: stats.count })}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, mt: 0.5 }}>
              {(['min', 'average', 'max'] as const).map((k) => (
                <Box key={k} sx={{ minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t(`sensors.analytics.${k}`)}
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }} noWrap>
                    {prefs.withUnit(q, stats[k])}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }} data-testid="analytics">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('sensors.analytics.job')}</TableCell>
            <TableCell>{t('sensors.analytics.sensorType')}</TableCell>
            <TableCell align="right">{t('sensors.analytics.min')}</TableCell>
            <TableCell align="right">{t('sensors.analytics.average')}</TableCell>
            <TableCell align="right">{t('sensors.analytics.max')}</TableCell>
            <TableCell align="right">{t('sensors.analytics.readings')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ card, stats, q }) => (
            <TableRow key={`${card.jobId}-${stats.sensorType}`} hover>
              <TableCell>
                <Link component={RouterLink} to={hrefOf(card)} sx={{ fontWeight: 600 }}>
                  {card.channelJobName}
                </Link>
              </TableCell>
              <TableCell>{labels.sensorType(stats.sensorType)}</TableCell>
              <TableCell align="right">{prefs.withUnit(q, stats.min)}</TableCell>
              <TableCell align="right">{prefs.withUnit(q, stats.average)}</TableCell>
              <TableCell align="right">{prefs.withUnit(q, stats.max)}</TableCell>
              <TableCell align="right">{stats.count}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function SectionHeading({
  id,
  title,
  count,
  type,
}: {
  id: string;
  title: string;
  count: number;
  type?: string;
}) {
  return (
    <Box id={id} sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 3, mb: 1.5 }}>
      {type ? <NodeTypeIcon type={type} color="action" fontSize="small" /> : null}
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        ({count})
      </Typography>
    </Box>
  );
}

const GROUP_ICON: Record<LumimonGroup, string> = {
  jobs: 'Microweather Node',
  power: 'Current Transformer',
  gps: 'GPS',
};

function Overview({
  overview,
  jobsiteId,
  tenantId,
}: {
  overview: LumimonOverview;
  jobsiteId: number;
  tenantId?: string;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  // "Seen N minutes ago" moves on without a reload (never earlier than the overview's own time).
  const now = Math.max(useNow(), overview.generatedAt);
  const [filter, setFilter] = useState<NodeFilter>('ALL');
  const linkTenant = useLinkTenant(jobsiteId, tenantId);
  const hrefOf = (c: LumimonNodeCard) => sensorDetailsHref(jobsiteId, linkTenant(c), c);
  const alarmsOf = useSiteActiveAlarms(jobsiteId);
  const cards = useMemo(() => sortNodeCards(overview.nodes), [overview.nodes]);
  const shown = cards.filter((c) => matchesFilter(c, filter));
  const { counts } = overview;
  const filterCount: Record<NodeFilter, number> = {
    ALL: counts.all.total,
    ALARMING: counts.all.alarming,
    STARTED: counts.all.running,
    ENDED: counts.all.ended,
  };

  if (cards.length === 0) return <EmptyState message={t('sensors.overview.empty')} />;
  return (
    <>
      <AlarmSummary cards={cards} hrefOf={hrefOf} prefs={prefs} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          gap: 1.5,
          mb: 2,
        }}
      >
        {LUMIMON_GROUPS.map((g) => (
          <CountTile
            key={g}
            label={t(`sensors.groups.${g}`)}
            value={counts[g].total}
            detail={t('sensors.overview.running', { count: counts[g].running })}
          />
        ))}
        <CountTile
          label={t('sensors.overview.alarms')}
          value={counts.all.alarming}
          detail={t('sensors.overview.ofNodes', { count: counts.all.total })}
          alert={counts.all.alarming > 0}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          onChange={(_e, v: NodeFilter | null) => v && setFilter(v)}
          aria-label={t('sensors.filters.label')}
          sx={{ flexWrap: 'wrap' }}
        >
          {NODE_FILTERS.map((f) => (
            <ToggleButton key={f} value={f} sx={{ textTransform: 'none', px: 1.5 }}>
              {t(`sensors.filters.${f}`)} ({filterCount[f]})
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          {t('sensors.overview.updated', { time: prefs.time(overview.generatedAt) })}
        </Typography>
      </Box>

      {shown.length === 0 ? (
        <Box sx={{ mt: 2 }}>
          <EmptyState message={t('sensors.overview.noMatch')} />
        </Box>
      ) : null}
      {LUMIMON_GROUPS.map((g) => {
        const inGroup = shown.filter((c) => c.group === g);
        if (inGroup.length === 0) return null;
        return (
          <Box component="section" key={g} data-testid={`group-${g}`} aria-label={t(`sensors.groups.${g}`)}>
            <SectionHeading
              id={`sensors-${g}`}
              title={t(`sensors.groups.${g}`)}
              count={inGroup.length}
              type={GROUP_ICON[g]}
            />
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
                gap: 1.5,
              }}
            >
              {inGroup.map((c) => (
                <NodeCard
                  key={c.jobId}
                  card={c}
                  href={hrefOf(c)}
                  prefs={prefs}
                  now={now}
                  alarms={alarmsOf({ jobId: c.jobId, nodeId: c.nodeId })}
                  tenantGroupId={jobsiteId}
                />
              ))}
            </Box>
          </Box>
        );
      })}
      <Box component="section" aria-label={t('sensors.groups.analytics')}>
        <SectionHeading
          id="sensors-analytics"
          title={t('sensors.groups.analytics')}
          count={overview.nodes.filter((c) => c.last24h.length > 0).length}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 1.5 }}>
          {t('sensors.analytics.range', {
            from: prefs.time(overview.statsFrom),
            to: prefs.time(overview.statsTo),
          })}
        </Typography>
        <Analytics overview={overview} hrefOf={hrefOf} />
      </Box>
    </>
  );
}

/**
 * Job site sensors (`/job-site-sensors/{jobsiteId}/{tenantId}`, spec sections 1 and 2): the Lumimon
 * overview of every sensor node of the job site, grouped as jobs, power and GPS with the analytics of the
 * last 24 hours. Alarming nodes are listed first and at the top, so "which gas node is alarming?" is
 * answered at a glance. New readings arrive live.
 */
export default function JobSiteSensorsPage() {
  const { t } = useTranslation();
  const { jobsiteId, tenantId } = useParams();
  const siteId = Number(jobsiteId);
  const { jobSite } = useCurrentJobSite(siteId);
  const query = useLumimonOverview(Number.isInteger(siteId) ? siteId : undefined);
  useLiveReadings(Number.isInteger(siteId) ? siteId : undefined);
  return (
    <PageFrame
      title={
        <>
          {t('titles.jobSiteSensors')}
          {jobSite ? (
            <Typography
              component="span"
              color="text.secondary"
              sx={{ display: 'block', fontSize: 15, fontWeight: 500 }}
            >
              {jobSite.name}
            </Typography>
          ) : null}
        </>
      }
    >
      <QueryState query={query}>
        {(overview) => <Overview overview={overview} jobsiteId={siteId} tenantId={tenantId} />}
      </QueryState>
    </PageFrame>
  );
}
