import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  DIFFERENTIAL_LIMIT_MAX_C,
  DIFFERENTIAL_LIMIT_MIN_C,
  JOB_SENSOR_PAIRS_MAX,
  type JobDifferentialLimit,
  type JobSensorPair,
  type JobSensorPairsBody,
} from '@sitepulse/contracts';
import { UNIT_SPACE, unitLabel } from '@sitepulse/domain';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { differenceToMetric, differenceToUser } from './difference.ts';
import { useSavePairs } from './pairs-api.ts';
import { limitFigure, type PairsJob, TEMPERATURE_DIFFERENCE, useSensorNames } from './SensorPairs.tsx';

export { limitFigure };

const TEMPERATURE = 'Temperature';

/** The same two sensors whichever way round. */
const samePair = (a: JobSensorPair, b: JobSensorPair) =>
  (a.sid1 === b.sid1 && a.sid2 === b.sid2) || (a.sid1 === b.sid2 && a.sid2 === b.sid1);

/** Why a new pair cannot be added to the list (an i18n key), or null when it can. */
export function pairProblem(pairs: readonly JobSensorPair[], next: JobSensorPair): string | null {
  if (next.sid1 === next.sid2) return 'pairs.dialog.sameSensor';
  if (pairs.some((p) => samePair(p, next))) return 'pairs.dialog.duplicate';
  if (pairs.length >= JOB_SENSOR_PAIRS_MAX) return 'pairs.dialog.max';
  return null;
}

/**
 * The differential limit typed in the dialog, in the user's unit, as the PUT body's `differentialLimitC`:
 * null for an empty field (the default), or why it cannot be saved (an i18n key).
 */
export function limitInput(
  text: string,
  system: string,
): { ok: true; limitC: number | null } | { ok: false; problem: string } {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return { ok: true, limitC: null };
  const n = Number(clean);
  const min = differenceToUser(TEMPERATURE_DIFFERENCE, DIFFERENTIAL_LIMIT_MIN_C, system);
  const max = differenceToUser(TEMPERATURE_DIFFERENCE, DIFFERENTIAL_LIMIT_MAX_C, system);
  if (!Number.isFinite(n) || n < min - 1e-9 || n > max + 1e-9)
    return { ok: false, problem: 'pairs.dialog.limitRange' };
  const c = Number(differenceToMetric(TEMPERATURE_DIFFERENCE, n, system).toFixed(6));
  return { ok: true, limitC: Math.min(DIFFERENTIAL_LIMIT_MAX_C, Math.max(DIFFERENTIAL_LIMIT_MIN_C, c)) };
}

function SensorSelect({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: number | '';
  onChange: (id: number) => void;
  options: { id: number; name: string }[];
  testId: string;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ flex: { xs: '1 1 100%', sm: '1 1 0' }, minWidth: 0 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Edits a maturity job's sensor pairs (PUT .../maturity/jobs/pairs/{id}, all at once): two of the job's
 * temperature sensors per pair, by their short names; a pair of one sensor with itself, or two sensors
 * already paired (either way round), is refused before anything is sent. With them, the job's differential
 * limit (issue 15) in the user's unit as a difference (°F by 9/5, no offset), empty for the default, within
 * DIFFERENTIAL_LIMIT_MIN_C..DIFFERENTIAL_LIMIT_MAX_C; sent only when changed (and not at all when `limit`
 * could not be read). Writers only.
 */
export function PairsDialog({
  open,
  onClose,
  job,
  pairs,
  limit,
}: {
  open: boolean;
  onClose: () => void;
  job: PairsJob;
  pairs: readonly JobSensorPair[];
  limit?: JobDifferentialLimit;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const unit = unitLabel(TEMPERATURE_DIFFERENCE, prefs.system);
  const shownLimit =
    limit?.differentialLimitC == null ? '' : limitFigure(limit.differentialLimitC, prefs.system);
  const [limitText, setLimitText] = useState('');
  const [limitProblem, setLimitProblem] = useState<string | null>(null);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { showAlert } = useAlert();
  const save = useSavePairs(job.id);
  const nameOf = useSensorNames(job);
  const options = useMemo(
    () =>
      job.sensors
        .filter((s) => s.sensorType === TEMPERATURE)
        .map((s) => ({ id: s.sensorId, name: nameOf(s.sensorId) })),
    [job.sensors, nameOf],
  );
  const [list, setList] = useState<JobSensorPair[]>([]);
  const [first, setFirst] = useState<number | ''>('');
  const [second, setSecond] = useState<number | ''>('');
  const [problem, setProblem] = useState<string | null>(null);

  // Each opening starts from the job's stored pairs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refilled on opening only
  useEffect(() => {
    if (!open) return;
    save.reset();
    setList([...pairs]);
    setFirst('');
    setSecond('');
    setProblem(null);
    setLimitText(shownLimit);
    setLimitProblem(null);
  }, [open]);

  const add = () => {
    if (first === '' || second === '') return;
    const next = { sid1: first, sid2: second };
    const why = pairProblem(list, next);
    setProblem(why);
    if (why) return;
    setList([...list, next]);
    setFirst('');
    setSecond('');
  };

  const submit = () => {
    const body: JobSensorPairsBody = { pairs: list };
    if (limit && limitText !== shownLimit) {
      const typed = limitInput(limitText, prefs.system);
      if (!typed.ok) {
        setLimitProblem(typed.problem);
        return;
      }
      body.differentialLimitC = typed.limitC;
    }
    setLimitProblem(null);
    save.mutate(body, {
      onSuccess: () => {
        showAlert({ severity: 'success', message: t('pairs.dialog.saved') });
        onClose();
      },
    });
  };
  const close = () => {
    if (!save.isPending) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="pairs-title"
      data-testid="pairs-dialog"
    >
      <DialogTitle id="pairs-title">{t('pairs.dialog.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <DialogContentText>{t('pairs.dialog.intro')}</DialogContentText>
          {list.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="pairs-dialog-empty">
              {t('pairs.dialog.none')}
            </Typography>
          ) : (
            <List dense disablePadding>
              {list.map((p, i) => (
                <ListItem
                  key={`${p.sid1}-${p.sid2}`}
                  disableGutters
                  data-testid="pair-row"
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={t('pairs.dialog.remove')}
                      onClick={() => setList(list.filter((_, j) => j !== i))}
                      data-testid={`pair-remove-${i}`}
                    >
                      <DeleteOutlineRoundedIcon />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={t('pairs.pair', { first: nameOf(p.sid1), second: nameOf(p.sid2) })}
                  />
                </ListItem>
              ))}
            </List>
          )}
          {options.length < 2 ? (
            <Alert severity="info">{t('pairs.dialog.tooFewSensors')}</Alert>
          ) : (
            <Stack direction="row" useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}>
              <SensorSelect
                label={t('pairs.dialog.first')}
                value={first}
                onChange={(id) => {
                  setFirst(id);
                  setProblem(null);
                }}
                options={options}
                testId="pair-first"
              />
              <SensorSelect
                label={t('pairs.dialog.second')}
                value={second}
                onChange={(id) => {
                  setSecond(id);
                  setProblem(null);
                }}
                options={options}
                testId="pair-second"
              />
              <Button
                startIcon={<AddRoundedIcon />}
                onClick={add}
                disabled={first === '' || second === ''}
                sx={{ mt: 1 }}
                data-testid="pair-add"
              >
                {t('pairs.dialog.add')}
              </Button>
            </Stack>
          )}
          {limit ? (
            <TextField
              label={t('pairs.dialog.limit')}
              value={limitText}
              onChange={(e) => {
                setLimitText(e.target.value);
                setLimitProblem(null);
              }}
              error={limitProblem !== null}
              helperText={
                limitProblem
                  ? t(limitProblem, {
                      min: `${limitFigure(DIFFERENTIAL_LIMIT_MIN_C, prefs.system)}${UNIT_SPACE}${unit}`,
                      max: `${limitFigure(DIFFERENTIAL_LIMIT_MAX_C, prefs.system)}${UNIT_SPACE}${unit}`,
                    })
                  : t('pairs.dialog.limitHelp', {
                      value: `${limitFigure(limit.defaultLimitC, prefs.system)}${UNIT_SPACE}${unit}`,
                    })
              }
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
                htmlInput: { inputMode: 'decimal', 'data-testid': 'pairs-limit-input' },
              }}
            />
          ) : null}
          {problem ? (
            <Alert severity="warning" data-testid="pair-problem">
              {t(problem, { max: JOB_SENSOR_PAIRS_MAX })}
            </Alert>
          ) : null}
          {save.isError ? (
            <Alert severity="error" data-testid="pairs-error">
              {save.error instanceof ApiError && save.error.status === 400
                ? t('pairs.dialog.rejected', { message: save.error.message })
                : t('pairs.dialog.failed')}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={save.isPending}>
          {t('job.actions.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="pairs-save">
          {t('job.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
