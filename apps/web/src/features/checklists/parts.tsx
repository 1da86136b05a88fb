import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ChecklistTemplate } from '@sitepulse/contracts';
import { isArchived } from '@sitepulse/domain';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useJobSites } from '../../api/queries.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useAssignProjects, useRenameTemplate } from './api.ts';
import { checklistErrorText, validationParams } from './rules.ts';
import { nameSchema } from './schemas.ts';

function FormDialog({
  open,
  title,
  busy,
  action,
  formId,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  action: string;
  formId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('checklists.cancel')}
        </Button>
        <Button variant="contained" type="submit" form={formId} loading={busy}>
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const renameSchema = z.object({ name: nameSchema });

/** Rename a template: 1 to 100 characters, unique in the company (the server's 409 is said on the field). */
export function RenameDialog({
  template,
  onClose,
}: {
  template: ChecklistTemplate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const formId = useId();
  const rename = useRenameTemplate();
  const { register, handleSubmit, formState, setError } = useForm<{ name: string }>({
    resolver: zodResolver(renameSchema),
    values: { name: template?.name ?? '' },
  });
  const error = formState.errors.name;
  const onSubmit = handleSubmit(({ name }) => {
    if (!template) return;
    rename.mutate(
      { id: template.id, name: name.trim() },
      {
        onSuccess: (saved) => {
          showAlert({ severity: 'success', message: t('checklists.rename.done', { name: saved.name }) });
          onClose();
        },
        onError: (e) => setError('name', { type: 'server', message: checklistErrorText(t, e) }),
      },
    );
  });
  return (
    <FormDialog
      open={template !== null}
      title={t('checklists.rename.title', { name: template?.name ?? '' })}
      busy={rename.isPending}
      action={t('checklists.rename.submit')}
      formId={formId}
      onClose={onClose}
    >
      <Box component="form" id={formId} noValidate onSubmit={onSubmit} sx={{ pt: 1 }}>
        <TextField
          {...register('name')}
          label={t('checklists.editor.name')}
          required
          fullWidth
          autoFocus
          error={Boolean(error)}
          helperText={
            error?.type === 'server'
              ? error.message
              : error?.message
                ? t(error.message, validationParams)
                : undefined
          }
          slotProps={{
            htmlInput: { maxLength: validationParams.nameMax + 20, 'data-testid': 'rename-name' },
          }}
        />
      </Box>
    </FormDialog>
  );
}

/**
 * The Lumitrack projects a template is assigned to, all at once: the projects of every job site the admin
 * sees, by site; an archived project can stay assigned but not be added. Projects the admin does not see stay.
 */
export function ProjectsDialog({
  template,
  onClose,
}: {
  template: ChecklistTemplate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const formId = useId();
  const sites = useJobSites();
  const assign = useAssignProjects();
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const current = useMemo(() => new Set(template?.tenants ?? []), [template]);
  const value = chosen ?? current;
  const groups = (sites.data ?? [])
    .map((s) => ({ site: s, projects: s.tenantMessages.filter((p) => p.type === 'Lumitrack') }))
    .filter((g) => g.projects.length > 0);
  const seen = new Set(groups.flatMap((g) => g.projects.map((p) => p.id)));
  const close = () => {
    setChosen(null);
    assign.reset();
    onClose();
  };
  const toggle = (id: number) => {
    const next = new Set(value);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!template) return;
    // Projects the admin cannot see keep their assignment.
    const kept = template.tenants.filter((id) => !seen.has(id));
    assign.mutate(
      { id: template.id, tenants: [...new Set([...kept, ...value])] },
      {
        onSuccess: (saved) => {
          showAlert({
            severity: 'success',
            message: t('checklists.projects.done', { name: saved.name, count: saved.tenants.length }),
          });
          close();
        },
      },
    );
  };
  return (
    <FormDialog
      open={template !== null}
      title={t('checklists.projects.title', { name: template?.name ?? '' })}
      busy={assign.isPending}
      action={t('checklists.projects.submit')}
      formId={formId}
      onClose={close}
    >
      <Box component="form" id={formId} noValidate onSubmit={onSubmit}>
        <DialogContentText sx={{ mb: 1 }}>{t('checklists.projects.intro')}</DialogContentText>
        {groups.length === 0 ? (
          <Typography color="text.secondary">{t('checklists.projects.none')}</Typography>
        ) : (
          groups.map(({ site, projects }) => (
            <Box key={site.id} sx={{ mb: 1.5 }}>
              <Typography variant="subtitle2" sx={{ mt: 1 }}>
                {site.name}
              </Typography>
              <FormGroup>
                {projects.map((p) => {
                  const archived = isArchived(p) || isArchived(site);
                  return (
                    <FormControlLabel
                      key={p.id}
                      control={
                        <Checkbox
                          checked={value.has(p.id)}
                          onChange={() => toggle(p.id)}
                          disabled={archived && !value.has(p.id)}
                        />
                      }
                      label={archived ? t('checklists.projects.archived', { name: p.name }) : p.name}
                    />
                  );
                })}
              </FormGroup>
            </Box>
          ))
        )}
        {assign.error ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {checklistErrorText(t, assign.error)}
          </Alert>
        ) : null}
      </Box>
    </FormDialog>
  );
}
