import { zodResolver } from '@hookform/resolvers/zod';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ChecklistTemplate } from '@sitepulse/contracts';
import { CHECKLIST_ITEM_KINDS, CHECKLIST_ITEMS_MAX } from '@sitepulse/domain';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useCreateTemplate, useEditTemplate } from './api.ts';
import {
  checklistErrorText,
  formToTemplate,
  itemIndexOfRefusal,
  itemsToForm,
  newItem,
  type TemplateForm,
  validationParams,
} from './rules.ts';
import { templateFormSchema } from './schemas.ts';

/**
 * Create a template (its name and items) or edit the items of one: each item a label, a kind (a check, a
 * number with its unit and bounds, a text, a photo), required or not and a hint, in the order they are
 * filled (moved up and down). The server's refusal of an item is shown on that item.
 */
export function TemplateEditorDialog({
  open,
  template,
  onClose,
}: {
  open: boolean;
  /** null: a new template */
  template: ChecklistTemplate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { showAlert } = useAlert();
  const titleId = useId();
  const creating = template === null;
  const create = useCreateTemplate();
  const edit = useEditTemplate();
  const busy = create.isPending || edit.isPending;
  const [refusal, setRefusal] = useState<{ index: number | null; message: string } | null>(null);
  const { control, register, handleSubmit, formState, setError } = useForm<TemplateForm>({
    resolver: zodResolver(templateFormSchema(creating)),
    defaultValues: {
      name: template?.name ?? '',
      items: template ? itemsToForm(template.template.items) : [newItem()],
    },
  });
  const { fields, append, remove, swap } = useFieldArray({ control, name: 'items' });
  const kinds = useWatch({ control, name: 'items' })?.map((i) => i.kind) ?? [];
  const { errors } = formState;
  const message = (m: string | undefined) => (m ? t(m, validationParams) : undefined);

  const close = () => {
    if (busy) return;
    setRefusal(null);
    onClose();
  };
  const move = (from: number, to: number) => {
    setRefusal(null);
    swap(from, to);
  };

  const onSubmit = handleSubmit((values) => {
    setRefusal(null);
    const content = formToTemplate(values.items);
    const failed = (error: unknown) => {
      if (error instanceof ApiError && error.status === 409 && creating) {
        setError('name', { type: 'server', message: error.message });
        return;
      }
      const index =
        error instanceof ApiError && error.status === 400
          ? itemIndexOfRefusal(error.message, values.items.length)
          : null;
      setRefusal({ index, message: checklistErrorText(t, error) });
    };
    if (creating) {
      create.mutate(
        { name: values.name.trim(), template: content, isActive: true },
        {
          onSuccess: (made) => {
            showAlert({ severity: 'success', message: t('checklists.editor.created', { name: made.name }) });
            onClose();
          },
          onError: failed,
        },
      );
    } else {
      edit.mutate(
        { id: template.id, template: content },
        {
          onSuccess: (saved) => {
            showAlert({
              severity: 'success',
              message: t('checklists.editor.saved', { name: saved.name, version: saved.version }),
            });
            onClose();
          },
          onError: failed,
        },
      );
    }
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {creating
          ? t('checklists.editor.createTitle')
          : t('checklists.editor.editTitle', { name: template.name })}
      </DialogTitle>
      <DialogContent dividers>
        <Box component="form" id={`${titleId}-form`} noValidate onSubmit={onSubmit}>
          {creating ? (
            <TextField
              {...register('name')}
              label={t('checklists.editor.name')}
              required
              fullWidth
              autoFocus={!phone}
              sx={{ mb: 2 }}
              error={Boolean(errors.name)}
              helperText={
                errors.name?.type === 'server' ? errors.name.message : message(errors.name?.message)
              }
              slotProps={{
                htmlInput: { maxLength: validationParams.nameMax + 20, 'data-testid': 'template-name' },
              }}
            />
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('checklists.editor.versionNote', { version: template.version })}
            </Typography>
          )}
          {refusal && refusal.index === null ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="editor-error">
              {refusal.message}
            </Alert>
          ) : null}
          {errors.items?.root?.message || errors.items?.message ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {message(errors.items?.root?.message ?? errors.items?.message)}
            </Alert>
          ) : null}
          <Stack spacing={1.5}>
            {fields.map((field, index) => {
              const itemErrors = errors.items?.[index];
              const number = kinds[index] === 'NUMBER';
              const refused = refusal?.index === index ? refusal.message : null;
              return (
                <Paper
                  key={field.id}
                  variant="outlined"
                  data-testid="template-item"
                  sx={{ p: 1.5, borderRadius: 2, borderColor: refused ? 'error.main' : undefined }}
                >
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
                    <Typography variant="subtitle2" sx={{ flex: 1 }}>
                      {t('checklists.editor.item', { n: index + 1 })}
                    </Typography>
                    <Tooltip title={t('checklists.editor.up')}>
                      <span>
                        <IconButton
                          size="small"
                          aria-label={t('checklists.editor.upNamed', { n: index + 1 })}
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        >
                          <ArrowUpwardRoundedIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={t('checklists.editor.down')}>
                      <span>
                        <IconButton
                          size="small"
                          aria-label={t('checklists.editor.downNamed', { n: index + 1 })}
                          disabled={index === fields.length - 1}
                          onClick={() => move(index, index + 1)}
                        >
                          <ArrowDownwardRoundedIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={t('checklists.editor.remove')}>
                      <span>
                        <IconButton
                          size="small"
                          aria-label={t('checklists.editor.removeNamed', { n: index + 1 })}
                          disabled={fields.length === 1}
                          onClick={() => {
                            setRefusal(null);
                            remove(index);
                          }}
                        >
                          <DeleteOutlineRoundedIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </Box>
                  {refused ? (
                    <Alert severity="error" sx={{ mb: 1.5 }} data-testid="item-refusal">
                      {refused}
                    </Alert>
                  ) : null}
                  <Box
                    sx={{
                      display: 'grid',
                      gap: 1.5,
                      gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr)' },
                      alignItems: 'start',
                    }}
                  >
                    <TextField
                      {...register(`items.${index}.label`)}
                      label={t('checklists.editor.label')}
                      required
                      size="small"
                      fullWidth
                      error={Boolean(itemErrors?.label)}
                      helperText={message(itemErrors?.label?.message)}
                      slotProps={{ htmlInput: { maxLength: validationParams.labelMax + 20 } }}
                    />
                    <Controller
                      control={control}
                      name={`items.${index}.kind`}
                      render={({ field: f }) => (
                        <TextField
                          select
                          size="small"
                          fullWidth
                          label={t('checklists.editor.kind')}
                          name={f.name}
                          value={f.value}
                          onChange={(e) => f.onChange(e.target.value)}
                          inputRef={f.ref}
                        >
                          {CHECKLIST_ITEM_KINDS.map((k) => (
                            <MenuItem key={k} value={k}>
                              {t(`checklists.kinds.${k}`)}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    />
                  </Box>
                  {number ? (
                    <Box
                      sx={{
                        display: 'grid',
                        gap: 1.5,
                        mt: 1.5,
                        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 1fr))' },
                      }}
                    >
                      <TextField
                        {...register(`items.${index}.unit`)}
                        label={t('checklists.editor.unit')}
                        size="small"
                        error={Boolean(itemErrors?.unit)}
                        helperText={message(itemErrors?.unit?.message)}
                        slotProps={{ htmlInput: { maxLength: validationParams.unitMax + 5 } }}
                      />
                      <TextField
                        {...register(`items.${index}.min`)}
                        label={t('checklists.editor.min')}
                        size="small"
                        error={Boolean(itemErrors?.min)}
                        helperText={message(itemErrors?.min?.message)}
                        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
                      />
                      <TextField
                        {...register(`items.${index}.max`)}
                        label={t('checklists.editor.max')}
                        size="small"
                        error={Boolean(itemErrors?.max)}
                        helperText={message(itemErrors?.max?.message)}
                        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
                      />
                    </Box>
                  ) : null}
                  <TextField
                    {...register(`items.${index}.hint`)}
                    label={t('checklists.editor.hint')}
                    size="small"
                    fullWidth
                    multiline
                    sx={{ mt: 1.5 }}
                    error={Boolean(itemErrors?.hint)}
                    helperText={message(itemErrors?.hint?.message)}
                    slotProps={{ htmlInput: { maxLength: validationParams.hintMax + 20 } }}
                  />
                  <Controller
                    control={control}
                    name={`items.${index}.required`}
                    render={({ field: f }) => (
                      <FormControlLabel
                        sx={{ mt: 0.5 }}
                        control={
                          <Checkbox checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />
                        }
                        label={t('checklists.editor.required')}
                      />
                    )}
                  />
                </Paper>
              );
            })}
          </Stack>
          <Button
            startIcon={<AddRoundedIcon />}
            sx={{ mt: 1.5 }}
            disabled={fields.length >= CHECKLIST_ITEMS_MAX}
            onClick={() => append(newItem())}
          >
            {t('checklists.editor.addItem')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t('checklists.cancel')}
        </Button>
        <Button variant="contained" type="submit" form={`${titleId}-form`} loading={busy}>
          {creating ? t('checklists.editor.create') : t('checklists.editor.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
