import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import ScienceRoundedIcon from '@mui/icons-material/ScienceRounded';
import StopRoundedIcon from '@mui/icons-material/StopRounded';
import { Box, Button } from '@mui/material';
import type { JobAlarmData } from '@sitepulse/contracts';
import { useState } from 'react';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { useTranslation } from '../../i18n/index.ts';
import type { JobRef } from './api.ts';

// The dialogs are fetched when first opened (docs/decisions/web-bundle.md).
const DownloadDialog = lazyDialog(() => import('./DownloadDialog.tsx').then((m) => m.DownloadDialog));
const ThresholdDialog = lazyDialog(() => import('./ThresholdDialog.tsx').then((m) => m.ThresholdDialog));
const ProfileDialog = lazyDialog(() => import('./JobActionDialogs.tsx').then((m) => m.ProfileDialog));
const CommandDialog = lazyDialog(() => import('./JobActionDialogs.tsx').then((m) => m.CommandDialog));

/** What the job screen knows of a job to offer its actions. */
export interface ActionJob {
  ref: JobRef;
  name: string;
  kind: 'maturity' | 'humidity' | 'microweather';
  /** 'start' while the job is new, 'stop' while it runs (or is in error), null once stopped. */
  command: 'start' | 'stop' | null;
  startDate: number | null;
  terminationDate: number | null;
  sensorTypes: string[];
  alarmData: Partial<JobAlarmData> | null | undefined;
  concreteProfileId: number | null;
}

type Open = 'download' | 'thresholds' | 'profile' | 'command' | null;

/**
 * The job's actions: downloads for everyone; for writers (canEdit) the alarm thresholds, the concrete
 * profile (maturity jobs) and starting or stopping the job, each behind a dialog that confirms first.
 */
export function JobActions({ job, canEdit }: { job: ActionJob; canEdit: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="job-actions">
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadRoundedIcon />}
        onClick={() => setOpen('download')}
        disabled={job.startDate === null}
      >
        {t('job.actions.download')}
      </Button>
      {canEdit ? (
        <>
          <Button
            size="small"
            variant="outlined"
            startIcon={<NotificationsActiveRoundedIcon />}
            onClick={() => setOpen('thresholds')}
          >
            {t('job.actions.thresholds')}
          </Button>
          {job.kind === 'maturity' ? (
            <Button
              size="small"
              variant="outlined"
              startIcon={<ScienceRoundedIcon />}
              onClick={() => setOpen('profile')}
            >
              {t('job.actions.profile')}
            </Button>
          ) : null}
          {job.command ? (
            <Button
              size="small"
              variant="contained"
              color={job.command === 'stop' ? 'error' : 'success'}
              startIcon={job.command === 'stop' ? <StopRoundedIcon /> : <PlayArrowRoundedIcon />}
              onClick={() => setOpen('command')}
              data-testid={`job-${job.command}`}
            >
              {t(`job.actions.${job.command}`)}
            </Button>
          ) : null}
        </>
      ) : null}
      <DownloadDialog
        open={open === 'download'}
        onClose={close}
        jobId={job.ref.id}
        jobName={job.name}
        kind={job.kind}
        startDate={job.startDate}
        endDate={job.terminationDate}
      />
      {canEdit ? (
        <>
          <ThresholdDialog
            open={open === 'thresholds'}
            onClose={close}
            job={job.ref}
            kind={job.kind}
            sensorTypes={job.sensorTypes}
            alarmData={job.alarmData}
          />
          {job.kind === 'maturity' ? (
            <ProfileDialog open={open === 'profile'} onClose={close} job={job} />
          ) : null}
          {job.command ? (
            <CommandDialog open={open === 'command'} onClose={close} job={job} command={job.command} />
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
