import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ReportRequest } from '@sitepulse/contracts';
import { paths } from '@sitepulse/domain';
import { Link as RouterLink } from 'react-router';
import { reportFileHref, useJobReports } from '../../api/reports.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { DownloadLinkButton } from '../../components/DownloadLinkButton.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { ReportStatusChip } from '../../components/ReportStatusChip.tsx';
import { typeLabel } from '../../components/report-words.ts';
import { useTranslation } from '../../i18n/index.ts';

/** A ready report's file (components/DownloadLinkButton). */
function ReportFileLink({ report }: { report: ReportRequest & { fileName: string } }) {
  const { t } = useTranslation();
  return (
    <DownloadLinkButton
      makeHref={() => reportFileHref(report.fileName)}
      fileName={report.fileName}
      label={t('reports.list.downloadNamed', { name: report.name })}
      text={t('reports.list.download')}
      testId="job-report-download"
    />
  );
}

function JobReportRow({ report }: { report: ReportRequest }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const fileName = report.status === 'DONE' ? report.fileName : null;
  return (
    <Box
      component="li"
      data-testid="job-report-row"
      data-report={report.id}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {report.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {typeLabel(t, report.type, report.format)} ·{' '}
          {t('reports.job.created', { time: prefs.time(report.creationDate) })}
        </Typography>
        {report.status === 'ERROR' ? (
          <Typography variant="caption" color="error" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {report.error || t('reports.list.noReason')}
          </Typography>
        ) : null}
      </Box>
      <ReportStatusChip status={report.status} />
      {fileName ? <ReportFileLink report={{ ...report, fileName }} /> : null}
    </Box>
  );
}

/**
 * The job screen's "Reports" card: anyone's reports about this maturity job (POST
 * .../requests/list/by_msjId/{id}), newest first, each downloadable once ready; New report opens the
 * site's report generation form.
 */
export function JobReportsCard({ msjId, tenantGroupId }: { msjId: number; tenantGroupId: number }) {
  const { t } = useTranslation();
  const query = useJobReports(msjId);
  return (
    <Paper
      variant="outlined"
      data-testid="job-reports"
      sx={{ mt: 2, p: { xs: 1.5, sm: 2 }, borderRadius: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
          {t('reports.job.title')}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          component={RouterLink}
          to={paths.reportGeneration.href(tenantGroupId)}
          startIcon={<AddRoundedIcon />}
        >
          {t('reports.list.new')}
        </Button>
      </Box>
      <QueryState
        query={query}
        isEmpty={(list) => list.length === 0}
        empty={
          <Typography variant="body2" color="text.secondary" data-testid="job-reports-empty">
            {t('reports.job.empty')}
          </Typography>
        }
      >
        {(list) => (
          <Stack component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {list.map((r) => (
              <JobReportRow key={r.id} report={r} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}
