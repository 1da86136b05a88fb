import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import QrCodeScannerRoundedIcon from '@mui/icons-material/QrCodeScannerRounded';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { MaterialStage, MaterialTimeline } from '@sitepulse/contracts';
import { MATERIAL_NOTE_MAX, MISSING_VALUE, paths, stageMoveNeedsNote } from '@sitepulse/domain';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useIdFills, useRecordStage, useTimeline } from './api.ts';
import { QrScanner } from './QrScanner.tsx';
import { idFromScan, moveTo, trackingErrorText } from './rules.ts';

/** Step one: the ID, scanned from its label with the camera or typed. */
function FindElement({ onFound }: { onFound: (lumitrackId: string) => void }) {
  const { t } = useTranslation();
  const [scanning, setScanning] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = idFromScan(typed);
    if (id) onFound(id);
    else setError(true);
  };
  return (
    <Stack spacing={2.5}>
      {scanning ? (
        <QrScanner onId={onFound} />
      ) : (
        <Button
          variant="contained"
          size="large"
          startIcon={<QrCodeScannerRoundedIcon />}
          onClick={() => setScanning(true)}
          sx={{ py: 1.5 }}
        >
          {t('tracking.record.scan')}
        </Button>
      )}
      <Divider>{t('tracking.record.or')}</Divider>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <TextField
          label={t('tracking.record.typeId')}
          placeholder="LT-7K3M-Q9XP"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setError(false);
          }}
          error={error}
          helperText={error ? t('tracking.record.notAnId') : t('tracking.record.typeHint')}
          slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
          fullWidth
          size="small"
        />
        <Button type="submit" variant="outlined" sx={{ flexShrink: 0, mt: 0.25 }}>
          {t('tracking.record.find')}
        </Button>
      </Box>
    </Stack>
  );
}

/** What the element is now: its project and its current stage. */
function ElementFacts({ timeline }: { timeline: MaterialTimeline }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const { element } = timeline;
  return (
    <Box data-testid="record-element" sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: 18 }}>
        {element.lumitrackId}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {element.projectName ?? t('tracking.noProject')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="record-current">
        {element.stage
          ? t('tracking.record.now', { stage: element.stage.name, when: prefs.time(element.stage.since) })
          : t('tracking.record.noStageYet')}
      </Typography>
    </Box>
  );
}

/** Step two: the stage, a note (needed to go back), and optionally the checklist that backs it. */
function ChooseStage({
  timeline,
  stages,
  onDone,
}: {
  timeline: MaterialTimeline;
  stages: readonly MaterialStage[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const { showAlert } = useAlert();
  const labelId = useId();
  const { element } = timeline;
  const fills = useIdFills(element.lumitrackId);
  const record = useRecordStage();
  const next = stages.find((s) => element.stage === null || s.position > element.stage.position);
  // The next stage is chosen first; at the last stage, the same one.
  const first = next ?? stages.find((s) => s.id === element.stage?.stageId) ?? stages[0];
  const [stageId, setStageId] = useState<number | null>(first?.id ?? null);
  const [note, setNote] = useState('');
  const [fillId, setFillId] = useState<number | ''>('');
  const [failure, setFailure] = useState<string | null>(null);
  const [noteMissing, setNoteMissing] = useState(false);
  const stage = stages.find((s) => s.id === stageId) ?? null;
  const move = stage ? moveTo(element.stage, stage) : null;
  const needsNote = move !== null && stageMoveNeedsNote(move);

  // The stage's own checklist, when one was filled for this ID, backs it by default.
  const stageFills = useMemo(
    () =>
      (fills.data ?? []).filter(
        (f) => stage?.checklistTemplateId && f.templateId === stage.checklistTemplateId,
      ),
    [fills.data, stage],
  );
  useEffect(() => setFillId(stageFills[0]?.id ?? ''), [stageFills]);

  if (element.state !== 'Active') return <Alert severity="warning">{t('tracking.record.deleted')}</Alert>;

  const submit = async () => {
    if (!stage) return;
    if (needsNote && note.trim() === '') {
      setNoteMissing(true);
      return;
    }
    setFailure(null);
    try {
      await record.mutateAsync({
        lumitrackId: element.lumitrackId,
        stageId: stage.id,
        note: note.trim() === '' ? undefined : note,
        checklistFillId: fillId === '' ? undefined : fillId,
      });
    } catch (e) {
      setFailure(trackingErrorText(t, e));
      return;
    }
    showAlert({
      severity: 'success',
      message: t('tracking.record.saved', { stage: stage.name, id: element.lumitrackId }),
    });
    onDone();
  };

  const fillHref =
    element.tenant !== null && element.tenantGroupId !== null
      ? paths.lumitrackId.href(element.tenantGroupId, element.tenant, element.lumitrackId)
      : null;

  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id={labelId}>{t('tracking.record.stage')}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={stageId ?? ''}
          onChange={(e) => {
            setStageId(Number(e.target.value));
            setNoteMissing(false);
          }}
        >
          {stages.map((s) => (
            <FormControlLabel
              key={s.id}
              value={s.id}
              control={<Radio />}
              label={
                <Box
                  component="span"
                  sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <span>{`${s.position}. ${s.name}`}</span>
                  {element.stage?.stageId === s.id ? (
                    <Chip size="small" label={t('tracking.record.current')} variant="outlined" />
                  ) : null}
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      {needsNote ? (
        <Alert severity="info" data-testid="needs-note">
          {t('tracking.record.backNeedsNote', { from: element.stage?.name ?? '', to: stage?.name ?? '' })}
        </Alert>
      ) : null}
      <TextField
        label={needsNote ? t('tracking.record.noteRequired') : t('tracking.record.note')}
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          setNoteMissing(false);
        }}
        error={noteMissing}
        helperText={noteMissing ? t('tracking.record.noteMissing') : `${note.length} / ${MATERIAL_NOTE_MAX}`}
        slotProps={{ htmlInput: { maxLength: MATERIAL_NOTE_MAX } }}
        multiline
        minRows={2}
        required={needsNote}
      />
      {stage?.checklistTemplateId ? (
        <Typography variant="body2" data-testid="stage-checklist">
          {t('tracking.record.stageChecklist', { template: stage.checklistTemplateName ?? MISSING_VALUE })}{' '}
          {fillHref ? (
            <Link component={RouterLink} to={fillHref}>
              {t('tracking.record.fillOnIdPage')}
            </Link>
          ) : null}
        </Typography>
      ) : null}
      <TextField
        select
        label={t('tracking.record.backedBy')}
        value={fillId}
        onChange={(e) => setFillId(e.target.value === '' ? '' : Number(e.target.value))}
        size="small"
        disabled={!fills.data?.length}
        helperText={fills.data?.length ? undefined : t('tracking.record.noFills')}
      >
        <MenuItem value="">{t('tracking.record.noChecklist')}</MenuItem>
        {(fills.data ?? []).map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {t('tracking.record.fillOption', {
              template: f.templateName,
              who: f.userName,
              when: prefs.time(f.creationDate),
            })}
          </MenuItem>
        ))}
      </TextField>
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Button variant="contained" size="large" onClick={submit} disabled={!stage || record.isPending}>
        {record.isPending ? <InlineSpinner /> : t('tracking.record.submit')}
      </Button>
    </Stack>
  );
}

/**
 * "Record a stage" (issue 16): scan an element's QR label with the phone's camera, or type its ID; then choose
 * the stage (the next one is chosen first), add a note (needed to go back), and pick the checklist that backs
 * it, or follow the link to fill the stage's checklist on the ID's page. Full screen on a phone.
 */
export function RecordStageDialog({
  open,
  stages,
  initialId = null,
  onClose,
}: {
  open: boolean;
  stages: readonly MaterialStage[];
  /** an element chosen on the page (its row), instead of a scan */
  initialId?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [lumitrackId, setLumitrackId] = useState<string | null>(initialId);
  useEffect(() => {
    if (open) setLumitrackId(initialId);
  }, [open, initialId]);
  const timeline = useTimeline(open ? lumitrackId : null);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('tracking.record.title')}</DialogTitle>
      <DialogContent dividers>
        {lumitrackId === null ? (
          <FindElement onFound={setLumitrackId} />
        ) : (
          <Stack spacing={2}>
            {timeline.isPending ? <InlineSpinner /> : null}
            {timeline.isError ? (
              <Alert severity="error" role="alert">
                {trackingErrorText(t, timeline.error)}
              </Alert>
            ) : null}
            {timeline.data ? (
              <>
                <ElementFacts timeline={timeline.data} />
                <ChooseStage key={lumitrackId} timeline={timeline.data} stages={stages} onDone={onClose} />
              </>
            ) : null}
            <Button
              startIcon={<ArrowBackRoundedIcon />}
              onClick={() => setLumitrackId(null)}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('tracking.record.another')}
            </Button>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('tracking.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
