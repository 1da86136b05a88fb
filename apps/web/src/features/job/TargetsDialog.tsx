import { zodResolver } from '@hookform/resolvers/zod';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { JobTarget } from '@sitepulse/contracts';
import {
  DEFAULT_TARGET_KIND,
  JOB_TARGET_KINDS,
  type JobTargetKind,
  TARGET_UNITS,
  type TargetUnit,
  type UnitSystem,
} from '@sitepulse/domain';
import { useEffect, useMemo } from 'react';
import { type Control, Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import type { JobRef } from './api.ts';
import { type SaveTargetsBody, useJobTargets, useSaveTargets } from './forecast-api.ts';
import { enteredFigure } from './forecast-text.ts';

/** Largest target accepted, per unit (an ultra-high-performance mix stays below it; more is a typo). */
export const TARGET_MAX: Record<TargetUnit, number> = { MPa: 250, psi: 36_000 };

/** The unit a new target is typed in: the user's system's. */
export const defaultUnit = (system: UnitSystem): TargetUnit => (system === 'Imperial' ? 'psi' : 'MPa');

const kindSchema = z.enum(JOB_TARGET_KINDS);
const unitSchema = z.enum(TARGET_UNITS);
const row = z.object({ kind: kindSchema, unit: unitSchema, value: z.string() });

/** The form: the spec's target (kind, figure, unit) and the further targets, figures as typed. */
export const targetsFormSchema = z
  .object({
    primaryKind: kindSchema,
    primaryUnit: unitSchema,
    primaryValue: z.string(),
    targets: z.array(row).max(JOB_TARGET_KINDS.length),
  })
  .superRefine((v, ctx) => {
    const check = (text: string, unit: TargetUnit, path: (string | number)[], required: boolean) => {
      const clean = text.trim().replace(',', '.');
      if (clean === '') {
        if (required) ctx.addIssue({ code: 'custom', path, message: 'forecast.dialog.required' });
        return;
      }
      const n = Number(clean);
      if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', path, message: 'forecast.dialog.notNumber' });
      else if (n <= 0 || n > TARGET_MAX[unit])
        ctx.addIssue({ code: 'custom', path, message: 'forecast.dialog.outOfRange' });
    };
    check(v.primaryValue, v.primaryUnit, ['primaryValue'], false);
    const seen = new Set<JobTargetKind>([v.primaryKind]);
    v.targets.forEach((r, i) => {
      check(r.value, r.unit, ['targets', i, 'value'], true);
      if (seen.has(r.kind))
        ctx.addIssue({ code: 'custom', path: ['targets', i, 'kind'], message: 'forecast.dialog.duplicate' });
      seen.add(r.kind);
    });
  });
export type TargetsForm = z.infer<typeof targetsFormSchema>;

const figure = (text: string) => Number(text.trim().replace(',', '.'));

/** The form's values from the job's targets (the spec's first), new figures in the user's unit. */
export function targetsFormValues(targets: readonly JobTarget[], system: UnitSystem): TargetsForm {
  const primary = targets.find((x) => x.primary);
  const kinds = (x: JobTarget) => JOB_TARGET_KINDS.indexOf(x.kind);
  return {
    primaryKind: primary?.kind ?? DEFAULT_TARGET_KIND,
    primaryUnit: primary?.enteredUnit ?? defaultUnit(system),
    primaryValue: primary ? enteredFigure(primary.enteredValue) : '',
    targets: targets
      .filter((x) => !x.primary)
      .sort((a, b) => kinds(a) - kinds(b))
      .map((x) => ({ kind: x.kind, unit: x.enteredUnit, value: enteredFigure(x.enteredValue) })),
  };
}

/** The PUT body of a valid form: further targets in kind order, the figure of the first as typed. */
export function targetsBody(v: TargetsForm): SaveTargetsBody {
  const order = (k: JobTargetKind) => JOB_TARGET_KINDS.indexOf(k);
  const body: SaveTargetsBody = {
    targets: [...v.targets]
      .sort((a, b) => order(a.kind) - order(b.kind))
      .map((r) => ({ kind: r.kind, enteredValue: figure(r.value), enteredUnit: r.unit })),
    primaryKind: v.primaryKind,
    primaryUnit: v.primaryUnit,
  };
  if (v.primaryValue.trim() !== '') body.primaryValue = figure(v.primaryValue);
  return body;
}

function KindSelect({
  control,
  name,
  label,
  testId,
  error,
}: {
  control: Control<TargetsForm>;
  name: 'primaryKind' | `targets.${number}.kind`;
  label: string;
  testId: string;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={label}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(error)}
          helperText={error}
          sx={{ flex: { xs: '1 1 100%', sm: '2 1 0' }, minWidth: 0 }}
          slotProps={{ htmlInput: { 'data-testid': testId } }}
        >
          {JOB_TARGET_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`forecast.kind.${k}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function UnitSelect({
  control,
  name,
  testId,
}: {
  control: Control<TargetsForm>;
  name: 'primaryUnit' | `targets.${number}.unit`;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={t('forecast.dialog.unit')}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          sx={{ width: 96, flexShrink: 0 }}
          slotProps={{ htmlInput: { 'data-testid': testId } }}
        >
          {TARGET_UNITS.map((u) => (
            <MenuItem key={u} value={u}>
              {u}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/**
 * Edits a maturity job's strength targets (PUT .../maturity/jobs/targets/{id}): the kind, figure and unit
 * of the spec's target, and the further targets (one per kind), each kept in the unit it is typed in
 * (MPa or psi; new ones in the user's system). Writers only; the job's figures refresh after saving.
 */
export function TargetsDialog({ open, onClose, job }: { open: boolean; onClose: () => void; job: JobRef }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { showAlert } = useAlert();
  const targets = useJobTargets(job.id, open);
  const save = useSaveTargets(job);
  const initial = useMemo(
    () => targetsFormValues(targets.data ?? [], prefs.system),
    [targets.data, prefs.system],
  );
  const { control, register, handleSubmit, reset, formState } = useForm<TargetsForm>({
    resolver: zodResolver(targetsFormSchema),
    defaultValues: initial,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'targets' });
  const watched = useWatch({ control });
  const loaded = targets.isSuccess;

  // Each opening (and the answer of the targets call) fills the form with the job's targets.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refilled on opening and when the targets arrive
  useEffect(() => {
    if (open && loaded) {
      save.reset();
      reset(initial);
    }
  }, [open, loaded, initial]);

  const used = new Set([watched.primaryKind, ...(watched.targets ?? []).map((r) => r?.kind)]);
  const free = JOB_TARGET_KINDS.filter((k) => !used.has(k));
  const message = (m: string | undefined, unit?: TargetUnit) =>
    m ? t(m, { max: unit ? TARGET_MAX[unit] : '', unit: unit ?? '' }) : undefined;
  const { errors } = formState;

  const onSubmit = handleSubmit((v) => {
    save.mutate(targetsBody(v), {
      onSuccess: () => {
        showAlert({ severity: 'success', message: t('forecast.dialog.saved') });
        onClose();
      },
    });
  });

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
      aria-labelledby="targets-title"
      data-testid="targets-dialog"
    >
      <DialogTitle id="targets-title">{t('forecast.dialog.title')}</DialogTitle>
      <DialogContent dividers>
        {targets.isPending ? (
          <InlineSpinner message={t('common.loading')} />
        ) : targets.isError ? (
          <Alert severity="error">{t('forecast.dialog.loadFailed')}</Alert>
        ) : (
          <Box component="form" id="targets-form" noValidate onSubmit={onSubmit}>
            <Stack spacing={2}>
              <Typography variant="subtitle2" component="h3">
                {t('forecast.dialog.primaryTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: '4px !important' }}>
                {t('forecast.dialog.primaryHelp')}
              </Typography>
              <Stack direction="row" useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}>
                <KindSelect
                  control={control}
                  name="primaryKind"
                  label={t('forecast.dialog.kind')}
                  testId="primary-kind"
                />
                <TextField
                  {...register('primaryValue')}
                  label={t('forecast.dialog.strength')}
                  error={Boolean(errors.primaryValue)}
                  helperText={message(errors.primaryValue?.message, watched.primaryUnit)}
                  sx={{ flex: 1, minWidth: 0 }}
                  slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'primary-value' } }}
                />
                <UnitSelect control={control} name="primaryUnit" testId="primary-unit" />
              </Stack>
              <Typography variant="subtitle2" component="h3">
                {t('forecast.dialog.furtherTitle')}
              </Typography>
              {fields.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('forecast.dialog.noFurther')}
                </Typography>
              ) : null}
              {fields.map((f, i) => {
                const e = errors.targets?.[i];
                const unit = watched.targets?.[i]?.unit;
                return (
                  <Stack
                    key={f.id}
                    direction="row"
                    useFlexGap
                    sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}
                    data-testid="target-row"
                  >
                    <KindSelect
                      control={control}
                      name={`targets.${i}.kind`}
                      label={t('forecast.dialog.kind')}
                      testId={`target-kind-${i}`}
                      error={message(e?.kind?.message)}
                    />
                    <TextField
                      {...register(`targets.${i}.value`)}
                      label={t('forecast.dialog.strength')}
                      required
                      error={Boolean(e?.value)}
                      helperText={message(e?.value?.message, unit)}
                      sx={{ flex: 1, minWidth: 0 }}
                      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `target-value-${i}` } }}
                    />
                    <UnitSelect control={control} name={`targets.${i}.unit`} testId={`target-unit-${i}`} />
                    <IconButton
                      aria-label={t('forecast.dialog.remove')}
                      onClick={() => remove(i)}
                      sx={{ mt: 1 }}
                      data-testid={`target-remove-${i}`}
                    >
                      <DeleteOutlineRoundedIcon />
                    </IconButton>
                  </Stack>
                );
              })}
              <Box>
                <Button
                  startIcon={<AddRoundedIcon />}
                  disabled={free.length === 0}
                  onClick={() => append({ kind: free[0], unit: defaultUnit(prefs.system), value: '' })}
                  data-testid="target-add"
                >
                  {t('forecast.dialog.add')}
                </Button>
              </Box>
              {save.isError ? (
                <Alert severity="error" data-testid="targets-error">
                  {save.error instanceof ApiError && save.error.status === 400
                    ? t('forecast.dialog.rejected', { message: save.error.message })
                    : t('forecast.dialog.failed')}
                </Alert>
              ) : null}
            </Stack>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={save.isPending}>
          {t('job.actions.cancel')}
        </Button>
        <Button
          type="submit"
          form="targets-form"
          variant="contained"
          disabled={save.isPending || !loaded}
          data-testid="targets-save"
        >
          {t('job.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
