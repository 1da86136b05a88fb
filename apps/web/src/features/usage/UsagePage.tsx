import {
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { UsageCounts } from '@sitepulse/contracts';
import {
  defaultUsageRange,
  paths,
  USAGE_OTHER_PATH,
  USAGE_RANGE_MAX_DAYS,
  usageRangeProblem,
  usageRouteKey,
} from '@sitepulse/domain';
import { useMemo, useState } from 'react';
import { useUsageCounts } from '../../api/usage.ts';
import { type ChartGrid, TimeChart } from '../../components/charts/TimeChart.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';

const DAY_MS = 86_400_000;
const HALF_DAY_MS = DAY_MS / 2;

/** A counted page's name: its page title (the route table's, in the reader's language) and its pattern. */
function PageName({ pattern }: { pattern: string }) {
  const { t } = useTranslation();
  const key = usageRouteKey(pattern);
  const title = key
    ? t(`usage.pageTitles.${key}`, { defaultValue: paths[key].title })
    : t('usage.otherPages');
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {pattern === USAGE_OTHER_PATH ? null : (
        <Typography
          variant="caption"
          color="text.secondary"
          component="code"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        >
          {pattern}
        </Typography>
      )}
    </Box>
  );
}

/** Page views per day over the range, one point per day (drawn at midday UTC, so no zone moves a day). */
function DailyChart({ counts }: { counts: UsageCounts }) {
  const { t } = useTranslation();
  const grid = useMemo<ChartGrid>(
    () => ({
      start: Date.parse(`${counts.from}T00:00:00Z`) + HALF_DAY_MS,
      bucketMs: DAY_MS,
      points: counts.days.length,
    }),
    [counts.from, counts.days.length],
  );
  const lines = useMemo(
    () => [
      {
        key: 'views',
        label: t('usage.views'),
        values: counts.days.map((d) => d.views),
        color: '#1565c0',
        width: 2,
        joinGaps: 0,
      },
    ],
    [counts.days, t],
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 1.5 }, borderRadius: 2, minWidth: 0 }}>
      <Typography component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('usage.perDay')}
      </Typography>
      <TimeChart
        grid={grid}
        lines={lines}
        quantity="Count"
        decimals={0}
        title={t('usage.perDay')}
        height={220}
      />
    </Paper>
  );
}

function PagesTable({ counts }: { counts: UsageCounts }) {
  const { t } = useTranslation();
  if (counts.pages.length === 0) return <EmptyState message={t('usage.noViews')} />;
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, overflowX: 'auto' }}>
      <Table size="small" aria-label={t('usage.perPage')} data-testid="usage-pages">
        <TableHead>
          <TableRow>
            <TableCell>{t('usage.page')}</TableCell>
            <TableCell align="right">{t('usage.views')}</TableCell>
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {t('usage.share')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {counts.pages.map((p) => (
            <TableRow key={p.path} data-testid="usage-page" data-path={p.path}>
              <TableCell>
                <PageName pattern={p.path} />
              </TableCell>
              <TableCell align="right" data-testid="usage-views" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {p.views}
              </TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {counts.totalViews > 0 ? `${Math.round((p.views / counts.totalViews) * 100)} %` : '--'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function EventsTable({ counts }: { counts: UsageCounts }) {
  const { t } = useTranslation();
  if (counts.events.length === 0) return <EmptyState message={t('usage.noEvents')} />;
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, overflowX: 'auto' }}>
      <Table size="small" aria-label={t('usage.eventsTitle')} data-testid="usage-events">
        <TableHead>
          <TableRow>
            <TableCell>{t('usage.event')}</TableCell>
            <TableCell align="right">{t('usage.count')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {counts.events.map((e) => (
            <TableRow key={e.name} data-testid="usage-event" data-name={e.name}>
              <TableCell>{t(`usage.events.${e.name}`, { defaultValue: e.name })}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {e.count}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/**
 * /usage (ours, issue 16; docs/decisions/usage-tracking.md): for company admins, the page views of the
 * company per page and per day over a range of UTC days (at most 366), and how often each event happened.
 */
export default function UsagePage() {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => defaultUsageRange(Date.now()));
  const problem = usageRangeProblem(range.from, range.to);
  const counts = useUsageCounts(range.from, range.to, problem === null);

  return (
    <PageFrame title={t('usage.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('usage.intro')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          type="date"
          size="small"
          label={t('usage.from')}
          value={range.from}
          onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to } }}
          error={problem !== null}
        />
        <TextField
          type="date"
          size="small"
          label={t('usage.to')}
          value={range.to}
          onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from } }}
          error={problem !== null}
          helperText={problem ? t('usage.badRange', { max: USAGE_RANGE_MAX_DAYS }) : t('usage.utcDays')}
        />
      </Stack>
      {problem ? null : (
        <QueryState query={counts}>
          {(c) => (
            <Stack spacing={3}>
              <Typography data-testid="usage-total" sx={{ fontWeight: 600 }}>
                {t('usage.total', { count: c.totalViews })}
              </Typography>
              <DailyChart counts={c} />
              <Box>
                <Typography component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                  {t('usage.perPage')}
                </Typography>
                <PagesTable counts={c} />
              </Box>
              <Box>
                <Typography component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                  {t('usage.eventsTitle')}
                </Typography>
                <EventsTable counts={c} />
              </Box>
            </Stack>
          )}
        </QueryState>
      )}
    </PageFrame>
  );
}
