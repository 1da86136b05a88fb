import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
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
import type { ReportRequest, ReportSchedule, UserDetail } from '@sitepulse/contracts';
import { REPORT_TYPE_RULES } from '@sitepulse/domain';
import { type ReactNode, useState } from 'react';
import { reportFileHref } from '../../api/reports.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { DownloadLinkButton } from '../../components/DownloadLinkButton.tsx';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { ReportStatusChip } from '../../components/ReportStatusChip.tsx';
import { typeLabel } from '../../components/report-words.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useDeleteReport, useStopSchedule } from './api.ts';
import { reportErrorText } from './parts.tsx';
import { canManageReport, formatFileSize, scheduleTimeText, WEEK_ORDER } from './rules.ts';

// Fetched when first opened (docs/decisions/web-bundle.md).
const ConfirmDialog = lazyDialog(() =>
  import('../../components/ConfirmDialog.tsx').then((m) => m.ConfirmDialog),
);

/** Download of a ready report (components/DownloadLinkButton). */
function DownloadButton({ report }: { report: ReportRequest }) {
  const { t } = useTranslation();
  const { fileName } = report;
  if (!fileName) return null;
  return (
    <DownloadLinkButton
      makeHref={() => reportFileHref(fileName)}
      fileName={fileName}
      label={t('reports.list.downloadNamed', { name: report.name })}
      text={t('reports.list.download')}
      testId="report-download"
    />
  );
}

function DeleteReportButton({ report }: { report: ReportRequest }) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const remove = useDeleteReport();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteOutlineRoundedIcon />}
        aria-label={t('reports.list.deleteNamed', { name: report.name })}
        onClick={() => setOpen(true)}
      >
        {t('reports.list.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('reports.list.deleteTitle', { name: report.name })}
        text={t('reports.list.deleteText')}
        cancelLabel={t('reports.list.cancel')}
        confirmColor="error"
        showBusy="loading"
        confirmLabel={t('reports.list.delete')}
        busy={remove.isPending}
        onClose={() => setOpen(false)}
        // As Stop: the refreshed list drops this row, so the outcome is read from mutateAsync's promise.
        onConfirm={() =>
          remove.mutateAsync(report.id).then(
            () => {
              setOpen(false);
              showAlert({ severity: 'success', message: t('reports.list.deleted', { name: report.name }) });
            },
            (error: unknown) => {
              setOpen(false);
              showAlert({ severity: 'error', message: reportErrorText(t, error) });
            },
          )
        }
      />
    </>
  );
}

function StopScheduleButton({ schedule }: { schedule: ReportSchedule }) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const stop = useStopSchedule();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<StopCircleOutlinedIcon />}
        aria-label={t('reports.schedules.stopNamed', { name: schedule.name })}
        onClick={() => setOpen(true)}
      >
        {t('reports.schedules.stop')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('reports.schedules.stopTitle', { name: schedule.name })}
        text={t('reports.schedules.stopText')}
        cancelLabel={t('reports.list.cancel')}
        confirmColor="error"
        showBusy="loading"
        confirmLabel={t('reports.schedules.stop')}
        busy={stop.isPending}
        onClose={() => setOpen(false)}
        // mutateAsync, not mutate's callbacks: the refreshed list may drop this button (the schedule is
        // stopped) before the callbacks would run, and they never run once it is gone.
        onConfirm={() =>
          stop.mutateAsync(schedule.id).then(
            () => {
              setOpen(false);
              showAlert({
                severity: 'success',
                message: t('reports.schedules.stopped', { name: schedule.name }),
              });
            },
            (error: unknown) => {
              setOpen(false);
              showAlert({ severity: 'error', message: reportErrorText(t, error) });
            },
          )
        }
      />
    </>
  );
}

/** The status chip, with the reason under it when the report failed. */
function StatusCell({ report }: { report: ReportRequest }) {
  const { t } = useTranslation();
  return (
    <Box>
      <ReportStatusChip status={report.status} />
      {report.status === 'ERROR' ? (
        <Typography
          variant="caption"
          color="error"
          component="div"
          sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
        >
          {report.error || t('reports.list.noReason')}
        </Typography>
      ) : null}
    </Box>
  );
}

function ReportActions({ report, canManage }: { report: ReportRequest; canManage: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', justifyContent: { sm: 'flex-end' } }}
    >
      {report.status === 'DONE' ? <DownloadButton report={report} /> : null}
      {canManage ? <DeleteReportButton report={report} /> : null}
    </Stack>
  );
}

/** One labelled value of a card. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * Report requests: a table at tablet width and up, cards on a phone. `siteOf` names each request's site
 * (the all-sites list). Delete shows for the owner and the site's admins; download once the file is ready.
 */
export function RequestList({
  reports,
  user,
  siteOf,
}: {
  reports: readonly ReportRequest[];
  user: UserDetail | undefined;
  siteOf?: (tenantGroupId: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const prefs = useDisplayPreferences();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const missing = t('common.missing');
  const size = (r: ReportRequest) => formatFileSize(r.fileSize, i18n.language) ?? missing;
  const type = (r: ReportRequest) => typeLabel(t, r.type, r.format);

  if (phone) {
    return (
      <Stack spacing={1.25} data-testid="report-cards">
        {reports.map((r) => (
          <Card key={r.id} variant="outlined" data-testid="report-row" data-report={r.id}>
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{r.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {type(r)}
                  </Typography>
                </Box>
                <StatusCell report={r} />
              </Box>
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, mt: 1 }}>
                {siteOf ? (
                  <Field label={t('reports.list.columns.site')}>{siteOf(r.tenantGroupId)}</Field>
                ) : null}
                <Field label={t('reports.list.columns.owner')}>{r.ownerUsername}</Field>
                <Field label={t('reports.list.columns.created')}>{prefs.time(r.creationDate)}</Field>
                <Field label={t('reports.list.columns.size')}>{size(r)}</Field>
              </Box>
              <Box sx={{ mt: 1.25 }}>
                <ReportActions report={r} canManage={canManageReport(user, r)} />
              </Box>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small" aria-label={t('reports.list.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('reports.list.columns.name')}</TableCell>
            {siteOf ? <TableCell>{t('reports.list.columns.site')}</TableCell> : null}
            <TableCell>{t('reports.list.columns.type')}</TableCell>
            <TableCell>{t('reports.list.columns.status')}</TableCell>
            <TableCell>{t('reports.list.columns.owner')}</TableCell>
            <TableCell>{t('reports.list.columns.created')}</TableCell>
            <TableCell align="right">{t('reports.list.columns.size')}</TableCell>
            <TableCell align="right">{t('reports.list.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {reports.map((r) => (
            <TableRow key={r.id} hover data-testid="report-row" data-report={r.id}>
              <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', maxWidth: 260 }}>
                {r.name}
                {r.auto ? (
                  <Chip size="small" variant="outlined" label={t('reports.list.auto')} sx={{ ml: 1 }} />
                ) : null}
              </TableCell>
              {siteOf ? (
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{siteOf(r.tenantGroupId)}</TableCell>
              ) : null}
              <TableCell>{type(r)}</TableCell>
              <TableCell sx={{ maxWidth: 240 }}>
                <StatusCell report={r} />
              </TableCell>
              <TableCell>{r.ownerUsername}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{prefs.time(r.creationDate)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {size(r)}
              </TableCell>
              <TableCell align="right">
                <ReportActions report={r} canManage={canManageReport(user, r)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A schedule's frequency in words: 'Every day at 07:00 AM', 'Every Monday, Friday at 05:04 PM', 'On day 1 …'. */
export function useFrequencyText() {
  const { t, i18n } = useTranslation();
  return (s: Pick<ReportSchedule, 'frequency' | 'weekDays' | 'monthDay' | 'timeOfDay'>) => {
    const days = WEEK_ORDER.filter((d) => s.weekDays.includes(d))
      .map((d) => t(`reports.weekDays.${d}`))
      .join(', ');
    return t(`reports.frequencyText.${s.frequency}`, {
      time: scheduleTimeText(s.timeOfDay, i18n.language),
      days,
      day: s.monthDay ?? 1,
    });
  };
}

/** The schedules: name, type, frequency, next run, latest report, and Stop for the owner and site admins. */
export function ScheduleList({
  schedules,
  user,
  siteOf,
}: {
  schedules: readonly ReportSchedule[];
  user: UserDetail | undefined;
  siteOf?: (tenantGroupId: number) => string;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const frequency = useFrequencyText();
  const missing = t('common.missing');
  const type = (s: ReportSchedule) => typeLabel(t, s.type, REPORT_TYPE_RULES[s.type].format);
  const latest = (s: ReportSchedule) =>
    s.latestReport ? (
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <span>{prefs.time(s.latestReport.creationDate)}</span>
        <ReportStatusChip status={s.latestReport.status} />
        {s.latestReport.status === 'DONE' ? <DownloadButton report={s.latestReport} /> : null}
      </Stack>
    ) : (
      missing
    );
  const next = (s: ReportSchedule) =>
    s.isActive ? prefs.time(s.nextRunAt) : t('reports.schedules.stoppedState');
  const action = (s: ReportSchedule) =>
    s.isActive && canManageReport(user, s) ? <StopScheduleButton schedule={s} /> : null;
  const when = (s: ReportSchedule) => `${frequency(s)} (${s.timeZone})`;

  if (phone) {
    return (
      <Stack spacing={1.25} data-testid="schedule-cards">
        {schedules.map((s) => (
          <Card key={s.id} variant="outlined" data-testid="schedule-row" data-schedule={s.id}>
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{s.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {type(s)}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr', gap: 1, mt: 1 }}>
                {siteOf ? (
                  <Field label={t('reports.list.columns.site')}>{siteOf(s.tenantGroupId)}</Field>
                ) : null}
                <Field label={t('reports.schedules.columns.frequency')}>{when(s)}</Field>
                <Field label={t('reports.schedules.columns.next')}>{next(s)}</Field>
                <Field label={t('reports.schedules.columns.latest')}>{latest(s)}</Field>
              </Box>
              <Box sx={{ mt: 1 }}>{action(s)}</Box>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small" aria-label={t('reports.schedules.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('reports.list.columns.name')}</TableCell>
            {siteOf ? <TableCell>{t('reports.list.columns.site')}</TableCell> : null}
            <TableCell>{t('reports.list.columns.type')}</TableCell>
            <TableCell>{t('reports.schedules.columns.frequency')}</TableCell>
            <TableCell>{t('reports.schedules.columns.next')}</TableCell>
            <TableCell>{t('reports.schedules.columns.latest')}</TableCell>
            <TableCell align="right">{t('reports.list.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {schedules.map((s) => (
            <TableRow key={s.id} hover data-testid="schedule-row" data-schedule={s.id}>
              <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', maxWidth: 240 }}>
                {s.name}
              </TableCell>
              {siteOf ? <TableCell>{siteOf(s.tenantGroupId)}</TableCell> : null}
              <TableCell>{type(s)}</TableCell>
              <TableCell>{when(s)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{next(s)}</TableCell>
              <TableCell>{latest(s)}</TableCell>
              <TableCell align="right">{action(s)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
