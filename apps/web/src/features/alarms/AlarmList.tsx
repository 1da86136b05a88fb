import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { AlarmEvent } from '@sitepulse/contracts';
import type { AlarmState } from '@sitepulse/domain';
import { Fragment, type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type DisplayPreferences, useDisplayPreferences } from '../../app/preferences.ts';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import type { TFunction } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/index.ts';
import { AlarmMessages } from './AlarmMessages.tsx';
import { alarmKindKey, alarmValueText } from './rules.ts';

// Fetched when first opened (docs/decisions/web-bundle.md).
const AckDialog = lazyDialog(
  () => import('./AckDialog.tsx').then((m) => m.AckDialog),
  (p) => p.alarm !== null,
);

const STATE_COLOURS: Record<AlarmState, 'error' | 'warning' | 'default'> = {
  ACTIVE: 'error',
  ACKNOWLEDGED: 'warning',
  CLEARED: 'default',
};

export function AlarmStateChip({ state }: { state: AlarmState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`alarms.state.${state}`)}
      color={STATE_COLOURS[state]}
      variant={state === 'CLEARED' ? 'outlined' : 'filled'}
      data-state={state}
      sx={{ fontWeight: 700 }}
    />
  );
}

/** Where an alarm's job (and sensor or node) is shown, when the site's lists know it. */
export interface AlarmLinks {
  byJob: Map<number, string>;
  byNode: Map<number, string>;
}

function hrefOf(e: AlarmEvent, links: AlarmLinks): string | undefined {
  return (
    (e.jobId !== null ? links.byJob.get(e.jobId) : undefined) ??
    (e.nodeId !== null ? links.byNode.get(e.nodeId) : undefined)
  );
}

function MaybeLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  if (!href) return <>{children}</>;
  return (
    <Link component={RouterLink} to={href} underline="hover" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Link>
  );
}

/** A differential's two sensors ('Slab T1 / Slab T2'), else the alarm's sensor; null without one. */
function sensorsText(t: TFunction, e: AlarmEvent): string | null {
  if (e.sensorName && e.secondSensorName)
    return t('alarms.pair', { first: e.sensorName, second: e.secondSensorName });
  return e.sensorName;
}

/** The gateway of a GATEWAY_OFFLINE alarm and the job group of an AVERAGE_STRENGTH one, in words. */
function groupOrGatewayText(t: TFunction, e: AlarmEvent): string | null {
  if (e.jobGroupId !== null) return t('alarms.jobGroup', { name: e.jobGroupName ?? `#${e.jobGroupId}` });
  if (e.gatewayId !== null) return t('alarms.gateway', { name: e.gatewayName ?? `#${e.gatewayId}` });
  return null;
}

/**
 * Where the alarm is: site, then job and sensor (a differential's two sensors), node, job group or gateway;
 * each job or sensor a link to its screen.
 */
function Where({ e, links }: { e: AlarmEvent; links: AlarmLinks }) {
  const { t } = useTranslation();
  const href = hrefOf(e, links);
  const parts: ReactNode[] = [];
  const sensors = sensorsText(t, e);
  const other = groupOrGatewayText(t, e);
  if (e.jobName)
    parts.push(
      <MaybeLink key="job" href={href}>
        {e.jobName}
      </MaybeLink>,
    );
  if (sensors)
    parts.push(
      <MaybeLink key="sensor" href={href}>
        {sensors}
      </MaybeLink>,
    );
  else if (other) parts.push(<span key="other">{other}</span>);
  else if (e.nodeId !== null && !e.jobName)
    parts.push(
      <MaybeLink key="node" href={href}>
        {t('alarms.node', { id: e.nodeId })}
      </MaybeLink>,
    );
  return (
    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }} data-testid="alarm-where">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {e.siteName}
      </Box>
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed order of at most two parts
        <span key={i}>
          {' · '}
          {p}
        </span>
      ))}
    </Typography>
  );
}

/** 'Value 31.2 °C · bound 30.0 °C', or null when the kind has neither. */
function measureText(t: TFunction, prefs: DisplayPreferences, e: AlarmEvent): string | null {
  const value = alarmValueText(prefs, e, e.value);
  const bound = alarmValueText(prefs, e, e.bound);
  const parts = [
    value ? t('alarms.value', { value }) : null,
    bound ? t('alarms.bound', { bound }) : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** Raised, acknowledged (by whom, with the note) and cleared times, each with its zone. */
function Times({ e }: { e: AlarmEvent }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2" data-testid="alarm-raised">
        {t('alarms.raisedAt', { time: prefs.time(e.raisedAt) })}
      </Typography>
      {e.acknowledgedAt !== null ? (
        <Typography variant="body2" data-testid="alarm-acknowledged">
          {t('alarms.acknowledgedBy', {
            name: e.acknowledgedBy ?? t('common.missing'),
            time: prefs.time(e.acknowledgedAt),
          })}
        </Typography>
      ) : null}
      {e.acknowledgedNote ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontStyle: 'italic', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          data-testid="alarm-note"
        >
          “{e.acknowledgedNote}”
        </Typography>
      ) : null}
      {e.clearedAt !== null ? (
        <Typography variant="body2" data-testid="alarm-cleared">
          {t('alarms.clearedAt', { time: prefs.time(e.clearedAt) })}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** An alarm in words, for the acknowledgement dialog: 'Sensor threshold high: Slab T1 (Level 4 slab)'. */
export function alarmWhat(t: TFunction, e: AlarmEvent): string {
  const where =
    [sensorsText(t, e), e.jobName, groupOrGatewayText(t, e)].filter(Boolean).join(', ') || e.siteName;
  return `${t(alarmKindKey(e))}: ${where}`;
}

/**
 * A job site's alarms as `sortAlarms` orders them: cards on a phone, a table from tablet width. Each active
 * alarm nobody acknowledged yet has 'Acknowledge'; each has 'Messages', which opens below it who was told
 * of it and how (AlarmMessages).
 */
export function AlarmList({
  alarms,
  links,
  tenantGroupId,
}: {
  alarms: readonly AlarmEvent[];
  links: AlarmLinks;
  tenantGroupId: number;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [acking, setAcking] = useState<AlarmEvent | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const isOpen = (e: AlarmEvent) => opened.has(e.id);
  const toggle = (e: AlarmEvent) =>
    setOpened((before) => {
      const next = new Set(before);
      if (!next.delete(e.id)) next.add(e.id);
      return next;
    });
  const messagesId = (e: AlarmEvent) => `alarm-messages-${e.id}`;

  const messagesButton = (e: AlarmEvent) => (
    <Button
      size="small"
      variant="text"
      onClick={() => toggle(e)}
      aria-expanded={isOpen(e)}
      aria-controls={isOpen(e) ? messagesId(e) : undefined}
      aria-label={t('alarms.messages.showLabel', { what: alarmWhat(t, e) })}
      endIcon={isOpen(e) ? <ExpandLessRoundedIcon /> : <ExpandMoreRoundedIcon />}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('alarms.messages.show')}
    </Button>
  );
  const messages = (e: AlarmEvent) => (
    <AlarmMessages tenantGroupId={tenantGroupId} alarmEventId={e.id} id={messagesId(e)} />
  );

  const ackButton = (e: AlarmEvent, fullWidth = false) =>
    e.state === 'ACTIVE' ? (
      <Button
        size="small"
        variant="contained"
        color="warning"
        fullWidth={fullWidth}
        onClick={() => setAcking(e)}
        aria-label={t('alarms.ack.buttonLabel', { what: alarmWhat(t, e) })}
      >
        {t('alarms.ack.button')}
      </Button>
    ) : null;

  const dialog = (
    <AckDialog
      alarm={acking}
      what={acking ? alarmWhat(t, acking) : ''}
      tenantGroupId={tenantGroupId}
      onClose={() => setAcking(null)}
    />
  );

  if (phone) {
    return (
      <>
        <Stack spacing={1.25} data-testid="alarm-cards">
          {alarms.map((e) => {
            const measure = measureText(t, prefs, e);
            return (
              <Card key={e.id} variant="outlined" data-testid="alarm-row" data-alarm-id={e.id}>
                <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 }, minWidth: 0 }}>
                  <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 0.5 }}>
                    <Typography
                      variant="subtitle2"
                      sx={{ flex: 1, fontWeight: 700 }}
                      data-testid="alarm-kind"
                    >
                      {t(alarmKindKey(e))}
                    </Typography>
                    <AlarmStateChip state={e.state} />
                  </Box>
                  <Where e={e} links={links} />
                  {measure ? (
                    <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="alarm-measure">
                      {measure}
                    </Typography>
                  ) : null}
                  <Box sx={{ mt: 0.75 }}>
                    <Times e={e} />
                  </Box>
                  {e.state === 'ACTIVE' ? <Box sx={{ mt: 1.25 }}>{ackButton(e, true)}</Box> : null}
                  <Box sx={{ mt: 0.75 }}>{messagesButton(e)}</Box>
                  {isOpen(e) ? <Box sx={{ mt: 1 }}>{messages(e)}</Box> : null}
                </CardContent>
              </Card>
            );
          })}
        </Stack>
        {dialog}
      </>
    );
  }

  return (
    <>
      <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
        <Table size="small" aria-label={t('alarms.listLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('alarms.columns.state')}</TableCell>
              <TableCell>{t('alarms.columns.kind')}</TableCell>
              <TableCell>{t('alarms.columns.where')}</TableCell>
              <TableCell>{t('alarms.columns.measure')}</TableCell>
              <TableCell>{t('alarms.columns.times')}</TableCell>
              <TableCell align="right">{t('alarms.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {alarms.map((e) => (
              <Fragment key={e.id}>
                <TableRow data-testid="alarm-row" data-alarm-id={e.id} sx={{ verticalAlign: 'top' }}>
                  <TableCell>
                    <AlarmStateChip state={e.state} />
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600 }} data-testid="alarm-kind">
                    {t(alarmKindKey(e))}
                  </TableCell>
                  <TableCell>
                    <Where e={e} links={links} />
                  </TableCell>
                  <TableCell data-testid="alarm-measure">
                    {measureText(t, prefs, e) ?? t('common.missing')}
                  </TableCell>
                  <TableCell>
                    <Times e={e} />
                  </TableCell>
                  <TableCell align="right">
                    <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
                      {ackButton(e)}
                      {messagesButton(e)}
                    </Stack>
                  </TableCell>
                </TableRow>
                {isOpen(e) ? (
                  <TableRow data-testid="alarm-messages-row">
                    <TableCell colSpan={6} sx={{ bgcolor: 'action.hover' }}>
                      {messages(e)}
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {dialog}
    </>
  );
}
