import { zodResolver } from '@hookform/resolvers/zod';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  InputAdornment,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ChecklistItem, ChecklistTemplate, LumitrackId } from '@sitepulse/contracts';
import {
  CHECKLIST_NUMBER_LIMIT,
  CHECKLIST_PHOTO_MAX_BYTES,
  CHECKLIST_PHOTO_TYPES,
  CHECKLIST_TEXT_ANSWER_MAX,
} from '@sitepulse/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useChecklistTemplates } from '../../api/checklists.ts';
import { ApiError } from '../../api/client.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import type { TFunction } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/index.ts';
import { uploadPhoto, useFillChecklist } from './api.ts';
import { type AnswerInput, answersOf, itemOfRefusal, lumitrackErrorText } from './rules.ts';

type FormValues = { answers: Record<string, AnswerInput> };
const NO_ITEMS: ChecklistItem[] = [];

const key = (name: string) => `lumitrack.fill.errors.${name}`;
const parseNumber = (text: string) => Number(text.trim().replace(',', '.'));

/** The range a NUMBER item takes, in the reader's language ('between 0 and 250 mm'). */
export function rangeText(t: TFunction, item: Pick<ChecklistItem, 'min' | 'max' | 'unit'>): string {
  const unit = item.unit ? ` ${item.unit}` : '';
  if (item.min !== undefined && item.max !== undefined)
    return t('lumitrack.fill.range.between', { min: item.min, max: item.max, unit });
  if (item.min !== undefined) return t('lumitrack.fill.range.atLeast', { min: item.min, unit });
  if (item.max !== undefined) return t('lumitrack.fill.range.atMost', { max: item.max, unit });
  return t('lumitrack.fill.range.any', { unit });
}

/** The form's rules for one item, the server's own (domain checkChecklistAnswers) checked before sending. */
function itemSchema(item: ChecklistItem) {
  const text = z.string();
  switch (item.kind) {
    case 'CHECK':
      return text.refine((v) => !item.required || v === 'pass' || v === 'fail', key('required'));
    case 'NUMBER':
      return text.superRefine((v, ctx) => {
        if (v.trim() === '') {
          if (item.required) ctx.addIssue({ code: 'custom', message: key('required') });
          return;
        }
        const n = parseNumber(v);
        if (!Number.isFinite(n)) return ctx.addIssue({ code: 'custom', message: key('notNumber') });
        const low = item.min ?? -CHECKLIST_NUMBER_LIMIT;
        const high = item.max ?? CHECKLIST_NUMBER_LIMIT;
        if (n < low || n > high) ctx.addIssue({ code: 'custom', message: key('outOfRange') });
      });
    case 'TEXT':
      return text.superRefine((v, ctx) => {
        if (item.required && v.trim() === '') ctx.addIssue({ code: 'custom', message: key('required') });
        if ([...v.trim()].length > CHECKLIST_TEXT_ANSWER_MAX)
          ctx.addIssue({ code: 'custom', message: key('tooLong') });
      });
    case 'PHOTO':
      return z.any().superRefine((v, ctx) => {
        if (!(v instanceof File)) {
          if (item.required) ctx.addIssue({ code: 'custom', message: key('photoRequired') });
          return;
        }
        if (!(CHECKLIST_PHOTO_TYPES as readonly string[]).includes(v.type))
          ctx.addIssue({ code: 'custom', message: key('photoType') });
        else if (v.size > CHECKLIST_PHOTO_MAX_BYTES)
          ctx.addIssue({ code: 'custom', message: key('photoSize') });
      });
  }
}

const formSchema = (items: readonly ChecklistItem[]) =>
  z.object({ answers: z.object(Object.fromEntries(items.map((i) => [i.key, itemSchema(i)]))) });

const emptyAnswers = (items: readonly ChecklistItem[]): Record<string, AnswerInput> =>
  Object.fromEntries(items.map((i) => [i.key, i.kind === 'PHOTO' ? null : '']));

/** A photo chosen for an item: its name and, where the browser can, a preview. */
function PhotoPreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      {url ? (
        <Box
          component="img"
          src={url}
          alt=""
          sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }}
        />
      ) : null}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {file.name}
      </Typography>
    </Box>
  );
}

/**
 * Fill a checklist for a Lumitrack ID: an active template of the project, then each item answered by its kind
 * (pass or fail; a number in its unit within its bounds; a text; a photo, taken with the camera on a phone).
 * Photos are sent first (POST /checklist/photos), then the answers; a refusal of the server is shown next to
 * the item it names. The checklist is kept with who filled it and when.
 */
export function FillChecklistDialog({
  lumitrack,
  tenantId,
  onClose,
}: {
  /** the ID to fill a checklist for; null: closed */
  lumitrack: LumitrackId | null;
  tenantId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { showAlert } = useAlert();
  const titleId = useId();
  const open = lumitrack !== null;
  const templates = useChecklistTemplates(tenantId, open);
  const active = useMemo(
    () => (templates.data ?? []).filter((tp) => tp.isActive && tp.tenants.includes(tenantId)),
    [templates.data, tenantId],
  );
  const [templateId, setTemplateId] = useState<number | null>(null);
  const template: ChecklistTemplate | undefined =
    active.find((tp) => tp.id === templateId) ?? (active.length === 1 ? active[0] : undefined);
  const items = template?.template.items ?? NO_ITEMS;
  const schema = useMemo(() => formSchema(items), [items]);
  const fill = useFillChecklist();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, formState } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { answers: emptyAnswers(items) },
  });

  // A new template: a fresh form of its items.
  useEffect(() => {
    reset({ answers: emptyAnswers(items) });
    setFailure(null);
  }, [items, reset]);

  const close = () => {
    if (sending) return;
    setTemplateId(null);
    setFailure(null);
    fill.reset();
    onClose();
  };

  const serverError = (itemKey: string, message: string) =>
    setError(`answers.${itemKey}`, { type: 'server', message });

  const onSubmit = handleSubmit(async (values) => {
    if (!template || !lumitrack) return;
    setFailure(null);
    setSending(true);
    try {
      const photoIds: Record<string, string> = {};
      for (const item of items) {
        const file = values.answers[item.key];
        if (item.kind !== 'PHOTO' || !(file instanceof File)) continue;
        try {
          photoIds[item.key] = (await uploadPhoto(file)).photoId;
        } catch (e) {
          serverError(item.key, lumitrackErrorText(t, e));
          return;
        }
      }
      try {
        await fill.mutateAsync({
          templateId: template.id,
          tenantId,
          lumitrackId: lumitrack.lumitrackId,
          answers: answersOf(items, values.answers, photoIds),
        });
      } catch (e) {
        const named = e instanceof ApiError && e.status === 400 ? itemOfRefusal(e.message, items) : null;
        if (named) serverError(named, e instanceof ApiError ? e.message : '');
        else setFailure(lumitrackErrorText(t, e));
        return;
      }
      showAlert({
        severity: 'success',
        message: t('lumitrack.fill.saved', { template: template.name, id: lumitrack.lumitrackId }),
      });
      setTemplateId(null);
      onClose();
    } finally {
      setSending(false);
    }
  });

  const errorText = (item: ChecklistItem, error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    if (error.type === 'server') return error.message;
    return t(error.message, { range: rangeText(t, item), max: CHECKLIST_TEXT_ANSWER_MAX, mb: 5 });
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {t('lumitrack.fill.title', { id: lumitrack?.lumitrackId ?? '' })}
      </DialogTitle>
      <DialogContent dividers>
        {templates.isPending ? (
          <InlineSpinner message={t('common.loading')} />
        ) : templates.isError ? (
          <Alert severity="error">{lumitrackErrorText(t, templates.error)}</Alert>
        ) : active.length === 0 ? (
          <Alert severity="info" data-testid="no-templates">
            {t('lumitrack.fill.noTemplates')}
          </Alert>
        ) : (
          <Box component="form" id={`${titleId}-form`} noValidate onSubmit={onSubmit}>
            <TextField
              select
              fullWidth
              label={t('lumitrack.fill.template')}
              value={template ? String(template.id) : ''}
              onChange={(e) => setTemplateId(Number(e.target.value))}
              sx={{ mb: 2 }}
              slotProps={{ select: { inputProps: { 'data-testid': 'template-select' } } }}
            >
              {active.map((tp) => (
                <MenuItem key={tp.id} value={String(tp.id)}>
                  {tp.name}
                </MenuItem>
              ))}
            </TextField>
            {failure ? (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="fill-error">
                {failure}
              </Alert>
            ) : null}
            <Stack spacing={1.5}>
              {items.map((item, index) => {
                const error = formState.errors.answers?.[item.key] as FieldError | undefined;
                const message = errorText(item, error);
                const labelId = `${titleId}-item-${item.key}`;
                return (
                  <Paper
                    key={`${template?.id}-${item.key}`}
                    variant="outlined"
                    data-testid={`item-${item.key}`}
                    sx={{ p: 1.5, borderRadius: 2, borderColor: message ? 'error.main' : undefined }}
                  >
                    <FormControl fullWidth error={Boolean(message)} required={item.required}>
                      <FormLabel id={labelId} sx={{ fontWeight: 600, color: 'text.primary' }}>
                        {index + 1}. {item.label}
                      </FormLabel>
                      {item.hint ? (
                        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                          {item.hint}
                        </Typography>
                      ) : null}
                      <Controller
                        control={control}
                        name={`answers.${item.key}`}
                        render={({ field }) => {
                          if (item.kind === 'CHECK')
                            return (
                              <RadioGroup
                                row
                                aria-labelledby={labelId}
                                name={field.name}
                                value={field.value ?? ''}
                                onChange={(e) => field.onChange(e.target.value)}
                              >
                                <FormControlLabel
                                  value="pass"
                                  control={<Radio />}
                                  label={t('lumitrack.fill.pass')}
                                />
                                <FormControlLabel
                                  value="fail"
                                  control={<Radio />}
                                  label={t('lumitrack.fill.fail')}
                                />
                              </RadioGroup>
                            );
                          if (item.kind === 'PHOTO') {
                            const file = field.value instanceof File ? field.value : null;
                            return (
                              <Stack spacing={1} sx={{ mt: 1 }}>
                                <Button
                                  component="label"
                                  variant="outlined"
                                  startIcon={<PhotoCameraOutlinedIcon />}
                                  sx={{ alignSelf: 'flex-start' }}
                                >
                                  {file ? t('lumitrack.fill.photoChange') : t('lumitrack.fill.photoTake')}
                                  <input
                                    hidden
                                    type="file"
                                    accept={CHECKLIST_PHOTO_TYPES.join(',')}
                                    capture="environment"
                                    aria-labelledby={labelId}
                                    data-testid={`photo-${item.key}`}
                                    onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
                                  />
                                </Button>
                                {file ? <PhotoPreview file={file} /> : null}
                              </Stack>
                            );
                          }
                          return (
                            <TextField
                              fullWidth
                              size="small"
                              sx={{ mt: 1 }}
                              name={field.name}
                              value={field.value ?? ''}
                              onChange={(e) => field.onChange(e.target.value)}
                              onBlur={field.onBlur}
                              inputRef={field.ref}
                              multiline={item.kind === 'TEXT'}
                              minRows={item.kind === 'TEXT' ? 2 : undefined}
                              error={Boolean(message)}
                              slotProps={{
                                htmlInput: {
                                  'aria-labelledby': labelId,
                                  inputMode: item.kind === 'NUMBER' ? 'decimal' : undefined,
                                  maxLength: item.kind === 'TEXT' ? CHECKLIST_TEXT_ANSWER_MAX + 50 : 40,
                                },
                                input: item.unit
                                  ? {
                                      endAdornment: (
                                        <InputAdornment position="end">{item.unit}</InputAdornment>
                                      ),
                                    }
                                  : undefined,
                              }}
                            />
                          );
                        }}
                      />
                      {item.kind === 'NUMBER' && !message ? (
                        <FormHelperText>{rangeText(t, item)}</FormHelperText>
                      ) : null}
                      {message ? <FormHelperText data-testid="item-error">{message}</FormHelperText> : null}
                    </FormControl>
                  </Paper>
                );
              })}
            </Stack>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={sending}>
          {t('lumitrack.cancel')}
        </Button>
        <Button
          variant="contained"
          type="submit"
          form={`${titleId}-form`}
          loading={sending}
          disabled={!template}
        >
          {t('lumitrack.fill.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
