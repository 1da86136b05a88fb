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
import type { Alarm, AlarmDataInput, JobAlarmData } from '@sitepulse/contracts';
import { decimalsFor, quantityOfSensorType, thresholdBoundsError, toMetric } from '@sitepulse/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { type JobRef, useJobAlarms, useSaveAlarms } from './api.ts';

/** The thresholds a job holds now, metric (from GET /alarms/by_msj or by_cj, else the job's alarmData). */
export interface CurrentThresholds {
  strength: number | null;
  sensorType: string | null;
  high: number | null;
  low: number | null;
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
 * Edits a job's alarm thresholds in the user's units (POST /alarms; the server keeps metric units, so each
 * value goes back through domain toMetric): for maturity jobs the strength target (MATURITY_STRENGTH_THRESHOLD
 * singularThreshold, MPa) and high/low temperature bounds; for humidity and microweather jobs high/low bounds
 * on one of their sensor types (SENSOR_THRESHOLD). Only what changed is sent. Writers only.
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
  const save = useSaveAlarms(job);
  const types = kind === 'maturity' ? ['Temperature'] : sensorTypes;
  const current = currentThresholds(alarms.data, alarmData);

  const shown = (quantity: string, metric: number | null) => {
    if (metric === null) return '';
    const v = prefs.convert(quantity, metric) as number;
    const d = decimalsFor(quantity, prefs.system);
    return String(Number(v.toFixed(d)));
  };

  const [sensorType, setSensorType] = useState(types[0] ?? 'Temperature');
  const [strength, setStrength] = useState('');
  const [high, setHigh] = useState('');
  const [low, setLow] = useState('');
  const [error, setError] = useState<string | null>(null);
  const loaded = !alarms.isPending;

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
    setStrength(shown('Strength', current.strength));
    setHigh(shown(q, current.sensorType === null || current.sensorType === type ? current.high : null));
    setLow(shown(q, current.sensorType === null || current.sensorType === type ? current.low : null));
    setError(null);
  }, [open, loaded, prefs.system]);

  const quantity = quantityOfSensorType(sensorType) ?? sensorType;
  const unit = prefs.unit(quantity);

  const submit = () => {
    setError(null);
    const s = parseInput(strength);
    const h = parseInput(high);
    const l = parseInput(low);
    if (!s.ok || !h.ok || !l.ok) {
      setError(t('job.thresholds.notNumber'));
      return;
    }
    const changes: AlarmDataInput[] = [];
    const ref = job.family === 'maturity' ? { msjId: job.id } : { cjId: job.id };
    if (kind === 'maturity' && strength !== shown('Strength', current.strength)) {
      const mpa = s.value === null ? null : toMetric('Strength', s.value, prefs.system);
      if (mpa !== null && mpa < 0) {
        setError(t('job.thresholds.negative'));
        return;
      }
      changes.push({ alarmType: 'MATURITY_STRENGTH_THRESHOLD', ...ref, singularThreshold: mpa });
    }
    const sameType = current.sensorType === null || current.sensorType === sensorType;
    const boundsChanged =
      !sameType || high !== shown(quantity, current.high) || low !== shown(quantity, current.low);
    if (boundsChanged) {
      const hb = h.value === null ? null : toMetric(quantity, h.value, prefs.system);
      const lb = l.value === null ? null : toMetric(quantity, l.value, prefs.system);
      if (thresholdBoundsError({ high: hb, low: lb })) {
        setError(t('job.thresholds.order'));
        return;
      }
      changes.push({
        alarmType: 'SENSOR_THRESHOLD',
        ...ref,
        sensorType,
        mediumThresholdHBound: hb,
        mediumThresholdLBound: lb,
      });
    }
    if (changes.length === 0) {
      onClose();
      return;
    }
    save.mutate(changes, {
      onSuccess: () => {
        showAlert({ severity: 'success', message: t('job.thresholds.saved') });
        onClose();
      },
      onError: (err) => setError(err instanceof ApiError ? err.message : t('job.actions.failed')),
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
        {alarms.isPending ? (
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
          disabled={save.isPending || alarms.isPending}
          data-testid="threshold-save"
        >
          {t('job.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
