import { Chip } from '@mui/material';
import type { ReportStatus } from '@sitepulse/domain';
import { useTranslation } from '../i18n/index.ts';

/** The chip colour of a report request's status (MUI palette names). */
export const STATUS_COLOURS: Record<ReportStatus, 'default' | 'info' | 'success' | 'error'> = {
  NEW: 'default',
  RUNNING: 'info',
  DONE: 'success',
  ERROR: 'error',
};

/** A report request's status as a chip: Queued, Being made, Ready, Failed. */
export function ReportStatusChip({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`reports.status.${status}`)}
      color={STATUS_COLOURS[status]}
      variant={status === 'NEW' ? 'outlined' : 'filled'}
      data-status={status}
      sx={{ fontWeight: 700 }}
    />
  );
}
