import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import ScienceRoundedIcon from '@mui/icons-material/ScienceRounded';
import StopRoundedIcon from '@mui/icons-material/StopRounded';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { ConcreteProfile, JobAlarmData } from '@sitepulse/contracts';
import { MISSING_VALUE } from '@sitepulse/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { type JobRef, useAssignProfile, useConcreteProfiles, useJobCommand } from './api.ts';
import { DownloadDialog } from './DownloadDialog.tsx';
import { ThresholdDialog } from './ThresholdDialog.tsx';

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

/** The chosen profile's fit: function, R² and calibrated range, so the choice is an informed one. */
function ProfileSummary({ profile }: { profile: ConcreteProfile | undefined }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  if (!profile) return null;
  const equivalentAge = profile.maturityFunction === 'EQUIVALENT_AGE';
  const range = (v: number | null) =>
    equivalentAge ? (v === null ? MISSING_VALUE : `${v.toFixed(1)} h`) : prefs.withUnit('Maturity', v);
  return (
    <Box data-testid="profile-summary" sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}>
      <Typography variant="body2">
        {t(`job.profile.functions.${profile.maturityFunction}`)} · R²{' '}
        {profile.r2 === null ? MISSING_VALUE : profile.r2.toFixed(3)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('job.profile.range', {
          from: range(profile.minMaturity),
          to: range(profile.maxMaturity),
          count: profile.breaks.length,
        })}
      </Typography>
    </Box>
  );
}

function ProfileSelect({
  profiles,
  value,
  onChange,
}: {
  profiles: ConcreteProfile[];
  value: number | '';
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={t('job.profile.label')}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': 'profile-select' } }}
    >
      {profiles.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Chooses the concrete profile of a maturity job: its strength is recomputed with the new curve. */
function ProfileDialog({ open, onClose, job }: { open: boolean; onClose: () => void; job: ActionJob }) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const profiles = useConcreteProfiles(open);
  const assign = useAssignProfile(job.ref);
  const [choice, setChoice] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setChoice(job.concreteProfileId ?? '');
      setError(null);
    }
  }, [open, job.concreteProfileId]);

  const submit = () => {
    if (choice === '' || choice === job.concreteProfileId) {
      onClose();
      return;
    }
    assign.mutate(choice, {
      onSuccess: () => {
        showAlert({ severity: 'success', message: t('job.profile.saved') });
        onClose();
      },
      onError: (err) => setError(err instanceof ApiError ? err.message : t('job.actions.failed')),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={assign.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      data-testid="profile-dialog"
    >
      <DialogTitle>{t('job.profile.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('job.profile.intro')}</DialogContentText>
          {profiles.isPending ? (
            <InlineSpinner message={t('common.loading')} />
          ) : profiles.isError ? (
            <Alert severity="error">{t('widgets.state.loadFailed')}</Alert>
          ) : profiles.data.length === 0 ? (
            <Alert severity="info">{t('job.profile.none')}</Alert>
          ) : (
            <>
              <ProfileSelect profiles={profiles.data} value={choice} onChange={setChoice} />
              <ProfileSummary profile={profiles.data.find((p) => p.id === choice)} />
            </>
          )}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={assign.isPending}>
          {t('job.actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={assign.isPending || choice === ''}
          data-testid="profile-save"
        >
          {t('job.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Confirms starting or stopping the job. Starting a new maturity job also offers its concrete profile
 * (set first, then the job starts), so the strength is estimated from the first reading.
 */
function CommandDialog({
  open,
  onClose,
  job,
  command,
}: {
  open: boolean;
  onClose: () => void;
  job: ActionJob;
  command: 'start' | 'stop';
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const run = useJobCommand(job.ref);
  const assign = useAssignProfile(job.ref);
  const withProfile = command === 'start' && job.kind === 'maturity';
  const profiles = useConcreteProfiles(open && withProfile);
  const [choice, setChoice] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const busy = run.isPending || assign.isPending;
  useEffect(() => {
    if (open) {
      setChoice(job.concreteProfileId ?? '');
      setError(null);
    }
  }, [open, job.concreteProfileId]);

  const submit = async () => {
    setError(null);
    try {
      if (withProfile && choice !== '' && choice !== job.concreteProfileId) await assign.mutateAsync(choice);
      await run.mutateAsync(command);
      showAlert({ severity: 'success', message: t(`job.command.${command}Done`, { name: job.name }) });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('job.actions.failed'));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      data-testid="command-dialog"
    >
      <DialogTitle>{t(`job.command.${command}Title`, { name: job.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t(`job.command.${command}Text`)}</DialogContentText>
          {withProfile && profiles.data && profiles.data.length > 0 ? (
            <>
              <ProfileSelect profiles={profiles.data} value={choice} onChange={setChoice} />
              <ProfileSummary profile={profiles.data.find((p) => p.id === choice)} />
            </>
          ) : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('job.actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color={command === 'stop' ? 'error' : 'success'}
          onClick={() => void submit()}
          disabled={busy}
          data-testid="command-confirm"
        >
          {t(`job.actions.${command}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
