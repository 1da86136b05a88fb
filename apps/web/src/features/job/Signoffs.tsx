import AssignmentTurnedInRoundedIcon from '@mui/icons-material/AssignmentTurnedInRounded';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { JobSignoff, MaturityJobDetail } from '@sitepulse/contracts';
import { SIGNOFF_DECISIONS, SIGNOFF_NOTE_MAX, type SignoffDecision } from '@sitepulse/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { type DisplayPreferences, useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Panel } from './parts.tsx';
import { useRecordSignoff, useSignoffs } from './signoffs-api.ts';

/** What the sign-off card needs of the job page's job. */
export type SignoffJob = Pick<MaturityJobDetail, 'id' | 'kind' | 'startDate' | 'latestStrength'>;

/**
 * The "Sign-offs" card of a maturity job: the decisions recorded on the pour (newest first), each with the
 * strength the job showed then, who and when, and its note; a superseded one is struck through and names the
 * one that replaced it. Writers of the site (canEdit) record a new decision in a dialog that shows the
 * strength to be recorded first. Nothing for humidity jobs. The list is the job's decision history: the
 * server never edits nor deletes a sign-off.
 */
export function Signoffs({ job, canEdit }: { job: SignoffJob; canEdit: boolean }) {
  if (job.kind !== 'MATURITY') return null;
  return <SignoffsCard job={job} canEdit={canEdit} />;
}

function SignoffsCard({ job, canEdit }: { job: SignoffJob; canEdit: boolean }) {
  const { t } = useTranslation();
  const query = useSignoffs(job.id);
  const [open, setOpen] = useState(false);
  const started = job.startDate !== null;
  const action =
    canEdit && started ? (
      <Button
        size="small"
        variant="outlined"
        startIcon={<AssignmentTurnedInRoundedIcon />}
        onClick={() => setOpen(true)}
        data-testid="signoff-record"
      >
        {t('signoffs.record')}
      </Button>
    ) : null;
  return (
    <Box sx={{ mt: 2 }}>
      <Panel title={t('signoffs.title')} action={action} testId="signoffs">
        <QueryState
          query={query}
          isEmpty={(d) => d.length === 0}
          empty={
            <Typography variant="body2" color="text.secondary" data-testid="signoffs-empty">
              {canEdit && !started ? t('signoffs.notStarted') : t('signoffs.none')}
            </Typography>
          }
        >
          {(list) => <SignoffList list={list} />}
        </QueryState>
      </Panel>
      {canEdit && started ? (
        <RecordDialog open={open} onClose={() => setOpen(false)} job={job} previous={query.data ?? []} />
      ) : null}
    </Box>
  );
}

/** "Forms stripped · 2026-05-04 02:15 PM": how a sign-off is named in another's line. */
function shortName(s: JobSignoff, t: (key: string) => string, prefs: DisplayPreferences): string {
  return `${t(`signoffs.decision.${s.decision}`)} · ${prefs.time(s.createdAt)}`;
}

function SignoffList({ list }: { list: JobSignoff[] }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const byId = new Map(list.map((s) => [s.id, s]));
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="signoff-list">
      {list.map((s) => {
        const replacement = s.supersededById === null ? undefined : byId.get(s.supersededById);
        const replaced = s.supersedesId === null ? undefined : byId.get(s.supersedesId);
        const superseded = s.supersededById !== null;
        return (
          <Box
            component="li"
            key={s.id}
            data-testid="signoff-item"
            data-signoff-id={s.id}
            data-superseded={superseded ? 'true' : 'false'}
            sx={{
              borderLeft: 4,
              borderColor: superseded ? 'divider' : 'success.main',
              pl: 1.5,
              py: 0.25,
              minWidth: 0,
            }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography
                variant="subtitle2"
                component="p"
                data-testid="signoff-decision-text"
                sx={{
                  fontWeight: 700,
                  textDecoration: superseded ? 'line-through' : 'none',
                  color: superseded ? 'text.secondary' : 'text.primary',
                }}
              >
                {t(`signoffs.decision.${s.decision}`)}
              </Typography>
              <Typography
                variant="subtitle2"
                component="p"
                data-testid="signoff-strength"
                sx={{ color: superseded ? 'text.secondary' : 'text.primary' }}
              >
                {t('signoffs.atStrength', { strength: prefs.withUnit('Strength', s.strengthMpa) })}
              </Typography>
              {superseded ? (
                <Chip size="small" variant="outlined" label={t('signoffs.supersededChip')} />
              ) : null}
            </Stack>
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid="signoff-by"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {t('signoffs.byWhen', { name: s.userName, time: prefs.time(s.createdAt) })}
            </Typography>
            {s.note ? (
              <Typography
                variant="body2"
                data-testid="signoff-note"
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}
              >
                {s.note}
              </Typography>
            ) : null}
            {superseded ? (
              <Typography
                variant="caption"
                color="text.secondary"
                component="p"
                data-testid="signoff-superseded-by"
                sx={{ fontStyle: 'italic' }}
              >
                {t('signoffs.supersededBy', {
                  what: replacement ? shortName(replacement, t, prefs) : `#${s.supersededById}`,
                  name: replacement?.userName ?? '',
                })}
              </Typography>
            ) : null}
            {s.supersedesId !== null ? (
              <Typography
                variant="caption"
                color="text.secondary"
                component="p"
                data-testid="signoff-replaces"
              >
                {t('signoffs.replaces', {
                  what: replaced ? shortName(replaced, t, prefs) : `#${s.supersedesId}`,
                })}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}

/**
 * Records a decision: the decision, a note and, optionally, the earlier decision it replaces. The strength
 * the server will record (the job's latest strength, as the page shows it) is shown before confirming.
 */
function RecordDialog({
  open,
  onClose,
  job,
  previous,
}: {
  open: boolean;
  onClose: () => void;
  job: SignoffJob;
  previous: JobSignoff[];
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const { showAlert } = useAlert();
  const record = useRecordSignoff(job.id);
  const [decision, setDecision] = useState<SignoffDecision | ''>('');
  const [note, setNote] = useState('');
  const [replaces, setReplaces] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const replaceable = previous.filter((s) => s.supersededById === null);

  // Every opening starts from an empty form.
  useEffect(() => {
    if (!open) return;
    setDecision('');
    setNote('');
    setReplaces('');
    setError(null);
  }, [open]);

  const submit = () => {
    if (decision === '') {
      setError(t('signoffs.dialog.chooseDecision'));
      return;
    }
    setError(null);
    record.mutate(
      { decision, note: note.trim(), ...(replaces === '' ? {} : { supersedesId: replaces }) },
      {
        onSuccess: () => {
          showAlert({ severity: 'success', message: t('signoffs.dialog.recorded') });
          onClose();
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : t('signoffs.dialog.failed')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={record.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      data-testid="signoff-dialog"
    >
      <DialogTitle>{t('signoffs.dialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box
            data-testid="signoff-current-strength"
            sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1 }}
          >
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
              {t('signoffs.dialog.currentStrength', {
                strength: prefs.withUnit('Strength', job.latestStrength),
              })}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {job.latestStrength === null
                ? t('signoffs.dialog.noStrength')
                : t('signoffs.dialog.strengthKept')}
            </Typography>
          </Box>
          <TextField
            select
            required
            label={t('signoffs.dialog.decision')}
            value={decision}
            onChange={(e) => setDecision(e.target.value as SignoffDecision)}
            slotProps={{ htmlInput: { 'data-testid': 'signoff-decision' } }}
          >
            {SIGNOFF_DECISIONS.map((d) => (
              <MenuItem key={d} value={d} data-testid={`signoff-decision-${d}`}>
                {t(`signoffs.decision.${d}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('signoffs.dialog.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={3}
            helperText={t('signoffs.dialog.noteCount', { length: note.length, max: SIGNOFF_NOTE_MAX })}
            slotProps={{ htmlInput: { maxLength: SIGNOFF_NOTE_MAX, 'data-testid': 'signoff-note-input' } }}
          />
          {replaceable.length > 0 ? (
            <TextField
              select
              label={t('signoffs.dialog.replaces')}
              value={replaces}
              onChange={(e) => setReplaces(e.target.value === '' ? '' : Number(e.target.value))}
              helperText={t('signoffs.dialog.replacesHelp')}
              slotProps={{
                htmlInput: { 'data-testid': 'signoff-replaces-select' },
                select: {
                  displayEmpty: true,
                  renderValue: (v) => {
                    const s = replaceable.find((x) => x.id === v);
                    return s ? shortName(s, t, prefs) : t('signoffs.dialog.replacesNone');
                  },
                  // On a phone the menu stays within the screen and its lines wrap.
                  MenuProps: { slotProps: { paper: { sx: { maxWidth: 'calc(100vw - 32px)' } } } },
                },
                inputLabel: { shrink: true },
              }}
            >
              <MenuItem value="">{t('signoffs.dialog.replacesNone')}</MenuItem>
              {replaceable.map((s) => (
                <MenuItem
                  key={s.id}
                  value={s.id}
                  data-testid={`signoff-replaces-${s.id}`}
                  sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
                >
                  {`${shortName(s, t, prefs)} · ${s.userName}`}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {t('signoffs.dialog.permanent')}
          </Typography>
          {error ? (
            <Alert severity="error" data-testid="signoff-error">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={record.isPending}>
          {t('signoffs.dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={record.isPending}
          data-testid="signoff-confirm"
        >
          {t('signoffs.dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
