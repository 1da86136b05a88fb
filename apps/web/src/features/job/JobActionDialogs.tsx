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
import type { ConcreteProfile } from '@sitepulse/contracts';
import { MISSING_VALUE } from '@sitepulse/domain';
import { useEffect, useState } from 'react';
import { failureText } from '../../api/client.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useAssignProfile, useConcreteProfiles, useJobCommand } from './api.ts';
import type { ActionJob } from './JobActions.tsx';

// The job's profile and start/stop dialogs, fetched when first opened (JobActions).

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
export function ProfileDialog({
  open,
  onClose,
  job,
}: {
  open: boolean;
  onClose: () => void;
  job: ActionJob;
}) {
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
      onError: (err) => setError(failureText(err, t('job.actions.failed'))),
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
export function CommandDialog({
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
      setError(failureText(err, t('job.actions.failed')));
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
