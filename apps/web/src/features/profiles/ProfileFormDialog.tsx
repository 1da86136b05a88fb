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
  Grid,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ConcreteProfile } from '@sitepulse/contracts';
import { MATURITY_FUNCTIONS } from '@sitepulse/domain';
import { useMemo } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { type MaturityFunctionType, type SaveProfileInput, useSaveProfile } from './api.ts';
import { FitSummary } from './FitSummary.tsx';
import { functionLabel } from './ProfileList.tsx';
import {
  breaksToMetric,
  emptyBreak,
  formDefaults,
  PROFILE_LIMITS,
  type ProfileFormValues,
  previewFit,
  toCreateBody,
  toUpdateBody,
} from './rules.ts';
import { StrengthCurveChart } from './StrengthCurveChart.tsx';
import { breaksProblem, profileFormSchema, validationParams } from './validation.ts';

/** The live preview of the fit the server will make of the typed breaks. */
function FitPreview({ values }: { values: ProfileFormValues }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  // Keyed on the typed text, so the chart is redrawn only when a break or the function changes.
  const key = JSON.stringify([values.breaks, values.maturityFunction, prefs.system]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` holds every input
  const { breaks, fit } = useMemo(
    () => ({
      breaks: breaksToMetric(values.breaks, values.maturityFunction, prefs.system),
      fit: previewFit(values, prefs.system),
    }),
    [key],
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} data-testid="fit-preview">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('profiles.form.preview')}
      </Typography>
      {!fit ? (
        <Typography variant="body2" color="text.secondary">
          {t('profiles.fit.pending')}
        </Typography>
      ) : !(fit.b > 0) ? (
        <Alert severity="error">{t('profiles.fit.notRising')}</Alert>
      ) : (
        <Stack spacing={2}>
          <StrengthCurveChart
            fit={fit}
            breaks={breaks}
            maturityFunction={values.maturityFunction}
            height={220}
          />
          <FitSummary fit={fit} maturityFunction={values.maturityFunction} />
        </Stack>
      )}
    </Paper>
  );
}

/** The message a failed save shows: the server's 400 in its words, 403/404 explained, anything else generic. */
function saveErrorText(t: (key: string, o?: Record<string, unknown>) => string, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400) return t('profiles.form.rejected', { message: error.message });
    if (error.status === 403) return t('profiles.form.forbidden');
    if (error.status === 404) return t('profiles.form.notFound');
  }
  return t('profiles.form.failed');
}

/**
 * Create a profile from lab breaks, or edit one: name, description, maturity function and its constants,
 * and the breaks table (rows added and removed). Values are typed in the user's units and sent metric; the
 * fitted curve and R² are previewed as the breaks are typed, with the fit the server makes.
 */
export function ProfileFormDialog({
  open,
  profile,
  functionTypes,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The profile to edit; null creates a new one. */
  profile: ConcreteProfile | null;
  functionTypes: MaturityFunctionType[] | undefined;
  onClose: () => void;
  onSaved: (profile: ConcreteProfile) => void;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { showAlert } = useAlert();
  const system = prefs.system;
  const initial = useMemo(() => formDefaults(profile, system), [profile, system]);
  const schema = useMemo(() => profileFormSchema(system), [system]);
  const params = useMemo(() => validationParams(system), [system]);
  const save = useSaveProfile();

  const { control, register, handleSubmit, formState } = useForm<ProfileFormValues>({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'breaks' });
  const watched = useWatch({ control }) as ProfileFormValues;
  const values: ProfileFormValues = { ...initial, ...watched, breaks: watched.breaks ?? initial.breaks };
  const fn = values.maturityFunction;
  const nurseSaul = fn === 'NURSE_SAUL';
  const { errors } = formState;
  const message = (m: string | undefined) => (m ? t(m, params) : undefined);
  // The whole-table problem follows the current rows once the form was submitted (not a stale error).
  const breaksError = formState.isSubmitted ? message(breaksProblem(values, system) ?? undefined) : undefined;
  const indexUnit = nurseSaul ? prefs.unit('Maturity') : t('profiles.units.hours');
  const options = functionTypes?.length
    ? functionTypes
    : MATURITY_FUNCTIONS.map((name) => ({ name, label: name, unit: '' }));

  const onSubmit = handleSubmit((v) => {
    save.reset();
    let input: SaveProfileInput;
    if (profile === null) input = { body: toCreateBody(v, system) };
    else {
      const body = toUpdateBody(v, initial, system);
      if (Object.keys(body).length === 0) {
        showAlert({ severity: 'info', message: t('profiles.form.nothingChanged') });
        onClose();
        return;
      }
      input = { id: profile.id, body };
    }
    save.mutate(input, {
      onSuccess: (saved) => {
        showAlert({
          severity: 'success',
          message: t(profile === null ? 'profiles.form.created' : 'profiles.form.saved', {
            name: saved.name,
          }),
        });
        onSaved(saved);
      },
    });
  });

  const close = () => {
    if (save.isPending) return;
    save.reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth="lg"
      aria-labelledby="profile-form-title"
    >
      <DialogTitle id="profile-form-title">
        {profile ? t('profiles.form.editTitle', { name: profile.name }) : t('profiles.form.createTitle')}
      </DialogTitle>
      <DialogContent dividers>
        <Box component="form" id="profile-form" noValidate onSubmit={onSubmit}>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
              <Stack spacing={2}>
                <TextField
                  {...register('name')}
                  label={t('profiles.form.name')}
                  required
                  fullWidth
                  autoFocus={!phone}
                  error={Boolean(errors.name)}
                  helperText={message(errors.name?.message)}
                  slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.nameMax + 20 } }}
                />
                <TextField
                  {...register('description')}
                  label={t('profiles.form.description')}
                  fullWidth
                  multiline
                  minRows={2}
                  error={Boolean(errors.description)}
                  helperText={message(errors.description?.message)}
                />
                <Controller
                  control={control}
                  name="maturityFunction"
                  render={({ field }) => (
                    <TextField
                      select
                      label={t('profiles.form.function')}
                      fullWidth
                      name={field.name}
                      value={field.value}
                      onChange={(e) => field.onChange(e.target.value)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                    >
                      {options.map((o) => (
                        <MenuItem key={o.name} value={o.name}>
                          {functionLabel(t, o.name, o.label)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                {nurseSaul ? (
                  <TextField
                    {...register('datumTemperature')}
                    label={t('profiles.form.datum', { unit: prefs.unit('Temperature') })}
                    fullWidth
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    error={Boolean(errors.datumTemperature)}
                    helperText={message(errors.datumTemperature?.message)}
                  />
                ) : (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <TextField
                      {...register('activationEnergy')}
                      label={t('profiles.form.activationEnergy')}
                      fullWidth
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      error={Boolean(errors.activationEnergy)}
                      helperText={message(errors.activationEnergy?.message)}
                    />
                    <TextField
                      {...register('referenceTemperature')}
                      label={t('profiles.form.referenceTemperature', { unit: prefs.unit('Temperature') })}
                      fullWidth
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      error={Boolean(errors.referenceTemperature)}
                      helperText={message(errors.referenceTemperature?.message)}
                    />
                  </Stack>
                )}

                <Box>
                  <Typography variant="subtitle2" component="h3">
                    {t('profiles.detail.breaks')}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
                    {t('profiles.breaks.hint')}
                  </Typography>
                  <Stack spacing={1.25} role="group" aria-label={t('profiles.detail.breaks')}>
                    {fields.map((field, i) => {
                      const rowErrors = errors.breaks?.[i];
                      return (
                        <Box
                          key={field.id}
                          data-testid="break-row"
                          sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}
                        >
                          <Typography
                            variant="body2"
                            color="text.secondary"
                            sx={{
                              width: 20,
                              pt: 1,
                              flex: 'none',
                              textAlign: 'right',
                              display: { xs: 'none', sm: 'block' },
                            }}
                            aria-hidden
                          >
                            {i + 1}
                          </Typography>
                          <TextField
                            {...register(`breaks.${i}.maturity`)}
                            size="small"
                            label={t(nurseSaul ? 'profiles.breaks.maturity' : 'profiles.breaks.age', {
                              unit: indexUnit,
                            })}
                            slotProps={{
                              htmlInput: {
                                inputMode: 'decimal',
                                'aria-label': `${t('profiles.breaks.row', { n: i + 1 })}: ${t(
                                  nurseSaul ? 'profiles.breaks.maturity' : 'profiles.breaks.age',
                                  { unit: indexUnit },
                                )}`,
                              },
                            }}
                            error={Boolean(rowErrors?.maturity)}
                            helperText={message(rowErrors?.maturity?.message)}
                            sx={{ flex: 1, minWidth: 0 }}
                          />
                          <TextField
                            {...register(`breaks.${i}.strength`)}
                            size="small"
                            label={t('profiles.breaks.strength', { unit: prefs.unit('Strength') })}
                            slotProps={{
                              htmlInput: {
                                inputMode: 'decimal',
                                'aria-label': `${t('profiles.breaks.row', { n: i + 1 })}: ${t(
                                  'profiles.breaks.strength',
                                  { unit: prefs.unit('Strength') },
                                )}`,
                              },
                            }}
                            error={Boolean(rowErrors?.strength)}
                            helperText={message(rowErrors?.strength?.message)}
                            sx={{ flex: 1, minWidth: 0 }}
                          />
                          <IconButton
                            aria-label={t('profiles.breaks.remove', { n: i + 1 })}
                            onClick={() => remove(i)}
                            disabled={fields.length <= 1}
                            size="small"
                            sx={{ mt: 0.5 }}
                          >
                            <DeleteOutlineRoundedIcon fontSize="small" />
                          </IconButton>
                        </Box>
                      );
                    })}
                  </Stack>
                  {breaksError ? (
                    <Typography
                      variant="body2"
                      color="error"
                      role="alert"
                      sx={{ mt: 1 }}
                      data-testid="breaks-error"
                    >
                      {breaksError}
                    </Typography>
                  ) : null}
                  <Button
                    startIcon={<AddRoundedIcon />}
                    onClick={() => append(emptyBreak())}
                    disabled={fields.length >= PROFILE_LIMITS.maxBreaks}
                    sx={{ mt: 1 }}
                  >
                    {t('profiles.breaks.add')}
                  </Button>
                </Box>
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
              {/* The preview stays in view on a wide screen while the breaks are typed. */}
              <Stack spacing={2} sx={{ position: { md: 'sticky' }, top: { md: 0 } }}>
                <FitPreview values={values} />
                {profile ? (
                  <Typography variant="caption" color="text.secondary">
                    {t('profiles.form.recompute')}
                  </Typography>
                ) : null}
              </Stack>
            </Grid>
          </Grid>
          {save.error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="save-error">
              {saveErrorText(t, save.error)}
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={close} disabled={save.isPending}>
          {t('profiles.form.cancel')}
        </Button>
        <Button type="submit" form="profile-form" variant="contained" loading={save.isPending}>
          {profile ? t('profiles.form.save') : t('profiles.form.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
