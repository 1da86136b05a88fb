import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Alarm, AlarmDataInput, JobAlarmData, JobTarget, JobTargetsBody } from '@sitepulse/contracts';
import {
  DEFAULT_HYSTERESIS,
  DEFAULT_MIN_DURATION_MS,
  decimalsFor,
  HYSTERESIS_MAX,
  MIN_DURATION_MAX_MS,
  quantityOfSensorType,
  thresholdBoundsError,
  toMetric,
  UNIT_SPACE,
} from '@sitepulse/domain';
import { useEffect, useState } from 'react';
import { failureText } from '../../api/client.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { type AlarmChanges, type JobRef, useJobAlarms, useSaveAlarms } from './api.ts';
import { differenceToMetric, differenceToUser } from './difference.ts';
import { useJobTargets } from './forecast-api.ts';
import { enteredFigure } from './forecast-text.ts';
import { defaultUnit, TARGET_MAX } from './TargetsDialog.tsx';

/** The thresholds a job holds now, metric (from GET /alarms/by_msj or by_cj, else the job's alarmData). */
export interface CurrentThresholds {
  strength: number | null;
  sensorType: string | null;
  high: number | null;
  low: number | null;
  /** the sensor threshold's hysteresis (unit of its sensor type) and minimum duration in force, null: none set */
  hysteresis: number | null;
  minDurationMs: number | null;
}

export function currentThresholds(
  alarms: readonly Alarm[] | undefined,
  alarmData: Partial<JobAlarmData> | null | undefined,
): CurrentThresholds {
  const sensor = alarms?.find((a) => a.alarmData.alarmType === 'SENSOR_THRESHOLD' && a.active)?.alarmData;
  const strength = alarms?.find((a) => a.alarmData.alarmType === 'MATURITY_STRENGTH_THRESHOLD' && a.active)
    ?.alarmData.singularThreshold;
  return {
    strength: strength ?? alarmData?.singularThreshold ?? null,
    sensorType: sensor?.sensorType ?? alarmData?.sensorType ?? null,
    high: sensor ? sensor.mediumThresholdHBound : (alarmData?.mediumThresholdHBound ?? null),
    low: sensor ? sensor.mediumThresholdLBound : (alarmData?.mediumThresholdLBound ?? null),
    hysteresis: sensor?.hysteresis ?? null,
    minDurationMs: sensor?.minDurationMs ?? null,
  };
}

/** Decimals a hysteresis is shown with (0.5 °C is 0.9 °F; 0.25 °C reads 0.45 °F). */
const DIFFERENCE_DECIMALS = 2;
const MINUTE_MS = 60_000;
const MIN_DURATION_MAX_MIN = MIN_DURATION_MAX_MS / MINUTE_MS;
/** A minimum duration in minutes as the field shows it ('10', '0.5'). */
const minutesText = (ms: number) => String(Number((ms / MINUTE_MS).toFixed(2)));

/**
 * The further targets of a job as they were entered, and the figure its primary target was entered as when
 * that is in `unit` and is the strength threshold `mpa` (so 4000 psi reads back 4000, not a rounded psi of
 * its MPa), else null.
 */
function targetsAsEntered(targets: readonly JobTarget[] | undefined, mpa: number | null, unit: string) {
  const primary = targets?.find((x) => x.primary);
  return {
    further: (targets ?? [])
      .filter((x) => !x.primary)
      .map((x) => ({ kind: x.kind, enteredValue: x.enteredValue, enteredUnit: x.enteredUnit })),
    primaryFigure:
      primary && mpa !== null && primary.enteredUnit === unit && Math.abs(primary.strengthMpa - mpa) < 0.05
        ? enteredFigure(primary.enteredValue)
        : null,
  };
}

type Parsed = { ok: true; value: number | null } | { ok: false };
/** A typed number ('' is none; a comma reads as a decimal point). */
function parseInput(text: string): Parsed {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return { ok: true, value: null };
  const n = Number(clean);
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false };
}

/**
 * Edits a job's alarm thresholds in the user's units (the server keeps metric units, so each value goes
 * back through domain toMetric): for maturity jobs the strength target and high/low temperature bounds; for
 * humidity and microweather jobs high/low bounds on one of their sensor types (SENSOR_THRESHOLD). A sensor
 * threshold also takes its hysteresis (a difference in the user's unit: 1 °F is 5/9 °C, no offset) and its
 * minimum duration (minutes), each shown as in force (the domain defaults when none is set), empty for the
 * default, within the domain limits. The strength target is saved as typed in the user's unit (PUT
 * .../targets/{id}: primaryUnit psi for an Imperial reader), so it reads back in that unit everywhere;
 * clearing it is POST /alarms with singularThreshold null. Only what changed is sent. Writers only.
 */
export function ThresholdDialog({
  open,
  onClose,
  job,
  kind,
  sensorTypes,
  alarmData,
}: {
  open: boolean;
  onClose: () => void;
  job: JobRef;
  kind: 'maturity' | 'humidity' | 'microweather';
  sensorTypes: string[];
  alarmData: Partial<JobAlarmData> | null | undefined;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const { showAlert } = useAlert();
  const alarms = useJobAlarms(job, open);
  const targets = useJobTargets(job.id, open && kind === 'maturity');
  const save = useSaveAlarms(job);
  const types = kind === 'maturity' ? ['Temperature'] : sensorTypes;
  const current = currentThresholds(alarms.data, alarmData);
  const strengthUnit = defaultUnit(prefs.system);
  const entered = targetsAsEntered(targets.data, current.strength, strengthUnit);

  const shown = (quantity: string, metric: number | null) => {
    if (metric === null) return '';
    const v = prefs.convert(quantity, metric) as number;
    const d = decimalsFor(quantity, prefs.system);
    return String(Number(v.toFixed(d)));
  };
  const shownStrength = () => entered.primaryFigure ?? shown('Strength', current.strength);
  /** A difference (hysteresis) of a quantity in the user's unit. */
  const shownDifference = (quantity: string, metric: number) =>
    String(Number(differenceToUser(quantity, metric, prefs.system).toFixed(DIFFERENCE_DECIMALS)));
  /** The hysteresis and minimum duration a sensor type's fields start with: the job's when it is its type. */
  const settingsOf = (type: string) => {
    const q = quantityOfSensorType(type) ?? type;
    const own = current.sensorType === type;
    return {
      hysteresis: shownDifference(q, (own ? current.hysteresis : null) ?? DEFAULT_HYSTERESIS),
      minDuration: minutesText((own ? current.minDurationMs : null) ?? DEFAULT_MIN_DURATION_MS),
    };
  };

  const [sensorType, setSensorType] = useState(types[0] ?? 'Temperature');
  const [strength, setStrength] = useState('');
  const [high, setHigh] = useState('');
  const [low, setLow] = useState('');
  const [hysteresis, setHysteresis] = useState('');
  const [minDuration, setMinDuration] = useState('');
  const [error, setError] = useState<string | null>(null);
  const loading = alarms.isPending || (kind === 'maturity' && targets.isPending);
  const loaded = !loading;

  // Each opening (and the answer of the alarms call) fills the fields with the job's thresholds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refilled on opening and when the alarms arrive, not on every render
  useEffect(() => {
    if (!open || !loaded) return;
    const type =
      current.sensorType && types.includes(current.sensorType)
        ? current.sensorType
        : (types[0] ?? 'Temperature');
    const q = quantityOfSensorType(type) ?? type;
    setSensorType(type);
    setStrength(shownStrength());
    setHigh(shown(q, current.sensorType === null || current.sensorType === type ? current.high : null));
    setLow(shown(q, current.sensorType === null || current.sensorType === type ? current.low : null));
    const settings = settingsOf(type);
    setHysteresis(settings.hysteresis);
    setMinDuration(settings.minDuration);
    setError(null);
  }, [open, loaded, prefs.system]);

  const quantity = quantityOfSensorType(sensorType) ?? sensorType;
  const unit = prefs.unit(quantity);
  const withUnit = (text: string) => (unit ? `${text}${UNIT_SPACE}${unit}` : text);
  const hysteresisDefault = withUnit(shownDifference(quantity, DEFAULT_HYSTERESIS));
  const hysteresisMax = withUnit(shownDifference(quantity, HYSTERESIS_MAX));
  // Without a bound there is no alarm for these to shape.
  const noBounds = high.trim() === '' && low.trim() === '';

  const submit = () => {
    setError(null);
    const s = parseInput(strength);
    const h = parseInput(high);
    const l = parseInput(low);
    const hy = parseInput(hysteresis);
    const md = parseInput(minDuration);
    if (!s.ok || !h.ok || !l.ok || !hy.ok || !md.ok) {
      setError(t('job.thresholds.notNumber'));
      return;
    }
    // The limits in the user's unit; the metric values sent stay within the domain's (rounding of °F).
    const hysteresisLimit = differenceToUser(quantity, HYSTERESIS_MAX, prefs.system);
    if (hy.value !== null && (hy.value < 0 || hy.value > hysteresisLimit + 1e-9)) {
      setError(t('job.thresholds.hysteresisRange', { max: hysteresisMax }));
      return;
    }
    if (md.value !== null && (md.value < 0 || md.value > MIN_DURATION_MAX_MIN)) {
      setError(t('job.thresholds.minDurationRange', { max: MIN_DURATION_MAX_MIN }));
      return;
    }
    const changes: AlarmChanges = { alarms: [] };
    const ref = job.family === 'maturity' ? { msjId: job.id } : { cjId: job.id };
    if (kind === 'maturity' && strength !== shownStrength()) {
      if (s.value === null) {
        changes.alarms.push({ alarmType: 'MATURITY_STRENGTH_THRESHOLD', ...ref, singularThreshold: null });
      } else if (s.value <= 0 || s.value > TARGET_MAX[strengthUnit]) {
        setError(t('job.thresholds.strengthRange', { max: `${TARGET_MAX[strengthUnit]} ${strengthUnit}` }));
        return;
      } else if (targets.isSuccess) {
        // As typed, in the reader's unit: it reads back "4000 psi", and the MATURED alarm follows it.
        const body: JobTargetsBody = {
          targets: entered.further,
          primaryUnit: strengthUnit,
          primaryValue: s.value,
        };
        changes.targets = body;
      } else {
        const mpa = toMetric('Strength', s.value, prefs.system);
        changes.alarms.push({ alarmType: 'MATURITY_STRENGTH_THRESHOLD', ...ref, singularThreshold: mpa });
      }
    }
    const sameType = current.sensorType === null || current.sensorType === sensorType;
    const boundsChanged =
      !sameType || high !== shown(quantity, current.high) || low !== shown(quantity, current.low);
    const settings = settingsOf(sensorType);
    const settingsChanged = hysteresis !== settings.hysteresis || minDuration !== settings.minDuration;
    const anyBound = h.value !== null || l.value !== null;
    if (boundsChanged || (settingsChanged && anyBound)) {
      const hb = h.value === null ? null : toMetric(quantity, h.value, prefs.system);
      const lb = l.value === null ? null : toMetric(quantity, l.value, prefs.system);
      if (thresholdBoundsError({ high: hb, low: lb })) {
        setError(t('job.thresholds.order'));
        return;
      }
      const alarm: AlarmDataInput = {
        alarmType: 'SENSOR_THRESHOLD',
        ...ref,
        sensorType,
        mediumThresholdHBound: hb,
        mediumThresholdLBound: lb,
      };
      // Each POST replaces the threshold whole: its hysteresis and minimum duration go with its bounds
      // (left out, the server takes the defaults).
      if (anyBound && hy.value !== null) {
        const metric = differenceToMetric(quantity, hy.value, prefs.system);
        alarm.hysteresis = Math.min(HYSTERESIS_MAX, Math.max(0, Number(metric.toFixed(6))));
      }
      if (anyBound && md.value !== null)
        alarm.minDurationMs = Math.min(MIN_DURATION_MAX_MS, Math.round(md.value * MINUTE_MS));
      changes.alarms.push(alarm);
    }
    if (!changes.targets && changes.alarms.length === 0) {
      onClose();
      return;
    }
    save.mutate(changes, {
      onSuccess: () => {
        showAlert({ severity: 'success', message: t('job.thresholds.saved') });
        onClose();
      },
      onError: (err) => setError(failureText(err, t('job.actions.failed'))),
    });
  };

  const adornment = (u: string) =>
    u ? { input: { endAdornment: <InputAdornment position="end">{u}</InputAdornment> } } : {};

  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      data-testid="threshold-dialog"
    >
      <DialogTitle>{t('job.thresholds.title')}</DialogTitle>
      <DialogContent>
        {loading ? (
          <InlineSpinner message={t('common.loading')} />
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {kind === 'maturity' ? (
              <>
                <Typography variant="subtitle2">{t('job.thresholds.strengthTitle')}</Typography>
                <TextField
                  label={t('job.thresholds.strength')}
                  value={strength}
                  onChange={(e) => setStrength(e.target.value)}
                  helperText={t('job.thresholds.strengthHelp')}
                  slotProps={{
                    ...adornment(prefs.unit('Strength')),
                    htmlInput: { inputMode: 'decimal', 'data-testid': 'threshold-strength' },
                  }}
                />
              </>
            ) : null}
            <Typography variant="subtitle2">{t('job.thresholds.boundsTitle')}</Typography>
            {types.length > 1 ? (
              <TextField
                select
                label={t('job.thresholds.sensorType')}
                value={sensorType}
                onChange={(e) => {
                  const type = e.target.value;
                  const q = quantityOfSensorType(type) ?? type;
                  setSensorType(type);
                  setHigh(current.sensorType === type ? shown(q, current.high) : '');
                  setLow(current.sensorType === type ? shown(q, current.low) : '');
                  const settings = settingsOf(type);
                  setHysteresis(settings.hysteresis);
                  setMinDuration(settings.minDuration);
                }}
                slotProps={{ htmlInput: { 'data-testid': 'threshold-type' } }}
              >
                {types.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`job.sensorTypes.${type}`, type)}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('job.thresholds.high', { type: t(`job.sensorTypes.${sensorType}`, sensorType) })}
                value={high}
                onChange={(e) => setHigh(e.target.value)}
                fullWidth
                slotProps={{
                  ...adornment(unit),
                  htmlInput: { inputMode: 'decimal', 'data-testid': 'threshold-high' },
                }}
              />
              <TextField
                label={t('job.thresholds.low', { type: t(`job.sensorTypes.${sensorType}`, sensorType) })}
                value={low}
                onChange={(e) => setLow(e.target.value)}
                fullWidth
                slotProps={{
                  ...adornment(unit),
                  htmlInput: { inputMode: 'decimal', 'data-testid': 'threshold-low' },
                }}
              />
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {t('job.thresholds.boundsHelp')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('job.thresholds.hysteresis')}
                value={hysteresis}
                onChange={(e) => setHysteresis(e.target.value)}
                fullWidth
                disabled={noBounds}
                helperText={t('job.thresholds.hysteresisHelp', { value: hysteresisDefault })}
                slotProps={{
                  ...adornment(unit),
                  htmlInput: { inputMode: 'decimal', 'data-testid': 'threshold-hysteresis' },
                }}
              />
              <TextField
                label={t('job.thresholds.minDuration')}
                value={minDuration}
                onChange={(e) => setMinDuration(e.target.value)}
                fullWidth
                disabled={noBounds}
                helperText={t('job.thresholds.minDurationHelp', {
                  minutes: DEFAULT_MIN_DURATION_MS / MINUTE_MS,
                })}
                slotProps={{
                  ...adornment(t('job.thresholds.minutes')),
                  htmlInput: { inputMode: 'decimal', 'data-testid': 'threshold-min-duration' },
                }}
              />
            </Stack>
            {error ? (
              <Alert severity="error" data-testid="threshold-error">
                {error}
              </Alert>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('job.actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={save.isPending || loading}
          data-testid="threshold-save"
        >
          {t('job.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
