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
  List,
  ListItem,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { LumitrackId } from '@sitepulse/contracts';
import { LUMITRACK_ANNUAL_LIMIT_CODE, LUMITRACK_IDS_PER_CALL_MAX } from '@sitepulse/domain';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import {
  useAnnualRoom,
  useAssignGpsNode,
  useAssignTenant,
  useCompanyIds,
  useCreateIds,
  useDeleteId,
  useSiteNodes,
} from './api.ts';
import { eligibleGpsNodes, gpsNodeText, lumitrackErrorText, searchIds } from './rules.ts';

/** A small dialog frame: title, content, Cancel and one action. */
function ActionDialog({
  open,
  title,
  children,
  action,
  busy,
  onClose,
  formId,
  onAction,
  destructive,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  action: string;
  busy: boolean;
  onClose: () => void;
  formId?: string;
  onAction?: () => void;
  destructive?: boolean;
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
          {t('lumitrack.cancel')}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          loading={busy}
          type={formId ? 'submit' : 'button'}
          form={formId}
          onClick={onAction}
        >
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const countSchema = (max: number) =>
  z.object({
    count: z
      .string()
      .trim()
      .min(1, 'lumitrack.create.countRequired')
      .regex(/^\d+$/, 'lumitrack.create.countWhole')
      .refine((v) => Number(v) >= 1 && Number(v) <= LUMITRACK_IDS_PER_CALL_MAX, 'lumitrack.create.countRange')
      .refine((v) => Number(v) <= max, 'lumitrack.create.countRoom'),
  });

/**
 * Make IDs in this project: one, or up to 500 at once, within the company's annual limit (the room left this
 * year is shown; past it the server's refusal is said in words and nothing is made).
 */
export function CreateIdsDialog({
  open,
  tenantId,
  projectName,
  onClose,
  onCreated,
}: {
  open: boolean;
  tenantId: number;
  projectName: string;
  onClose: () => void;
  onCreated: (ids: LumitrackId[]) => void;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const formId = useId();
  const room = useAnnualRoom(open);
  const create = useCreateIds(tenantId);
  const remaining = room.data?.remainingThisYear;
  const schema = useMemo(() => countSchema(remaining ?? LUMITRACK_IDS_PER_CALL_MAX), [remaining]);
  const { register, handleSubmit, formState, reset } = useForm<{ count: string }>({
    resolver: zodResolver(schema),
    defaultValues: { count: '1' },
  });
  const params = {
    max: Math.min(LUMITRACK_IDS_PER_CALL_MAX, remaining ?? LUMITRACK_IDS_PER_CALL_MAX),
    remaining,
    perCall: LUMITRACK_IDS_PER_CALL_MAX,
  };
  const close = () => {
    create.reset();
    reset({ count: '1' });
    onClose();
  };
  const onSubmit = handleSubmit(({ count }) => {
    create.mutate(Number(count), {
      onSuccess: (ids) => {
        showAlert({
          severity: 'success',
          message: t('lumitrack.create.done', { count: ids.length, project: projectName }),
        });
        onCreated(ids);
        close();
      },
      onError: () => void room.refetch(),
    });
  });
  const error = create.error;
  const limitHit = error instanceof ApiError && error.code === LUMITRACK_ANNUAL_LIMIT_CODE;

  return (
    <ActionDialog
      open={open}
      title={t('lumitrack.create.title', { project: projectName })}
      action={t('lumitrack.create.submit')}
      busy={create.isPending}
      onClose={close}
      formId={formId}
    >
      <Box component="form" id={formId} noValidate onSubmit={onSubmit}>
        <DialogContentText sx={{ mb: 2 }}>{t('lumitrack.create.intro')}</DialogContentText>
        <TextField
          {...register('count')}
          label={t('lumitrack.create.count')}
          required
          fullWidth
          autoFocus
          error={Boolean(formState.errors.count)}
          helperText={
            formState.errors.count?.message
              ? t(formState.errors.count.message, params)
              : t('lumitrack.create.countHelp', params)
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'id-count', maxLength: 4 } }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="annual-room">
          {room.data
            ? t('lumitrack.create.room', {
                remaining: room.data.remainingThisYear,
                limit: room.data.annualLimit,
                used: room.data.usedThisYear,
              })
            : room.isPending
              ? t('common.loading')
              : null}
        </Typography>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="create-error">
            {limitHit && room.data
              ? t('lumitrack.create.limitReached', {
                  limit: room.data.annualLimit,
                  used: room.data.usedThisYear,
                  remaining: room.data.remainingThisYear,
                })
              : lumitrackErrorText(t, error)}
          </Alert>
        ) : null}
      </Box>
    </ActionDialog>
  );
}

/**
 * Add IDs already made (in no project yet) to this project: a searchable list of the company's loose IDs,
 * each put in with cmd/assign_tenant; a refused one is named with the server's words.
 */
export function AddIdsDialog({
  open,
  tenantId,
  projectName,
  onClose,
}: {
  open: boolean;
  tenantId: number;
  projectName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const company = useCompanyIds(open);
  const assign = useAssignTenant();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const loose = useMemo(() => (company.data ?? []).filter((i) => i.tenant === null), [company.data]);
  const shown = searchIds(loose, search);
  const close = () => {
    setChosen(new Set());
    setSearch('');
    setFailures([]);
    onClose();
  };
  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = async () => {
    setBusy(true);
    setFailures([]);
    const failed: string[] = [];
    let added = 0;
    for (const lumitrackId of chosen) {
      try {
        await assign.mutateAsync({ lumitrackId, tenant: tenantId });
        added++;
      } catch (e) {
        failed.push(`${lumitrackId}: ${lumitrackErrorText(t, e)}`);
      }
    }
    setBusy(false);
    if (added > 0) {
      showAlert({
        severity: 'success',
        message: t('lumitrack.add.done', { count: added, project: projectName }),
      });
    }
    if (failed.length === 0) close();
    else {
      setFailures(failed);
      setChosen(new Set());
    }
  };

  return (
    <ActionDialog
      open={open}
      title={t('lumitrack.add.title', { project: projectName })}
      action={t('lumitrack.add.submit', { count: chosen.size })}
      busy={busy}
      onClose={close}
      onAction={() => {
        if (chosen.size > 0) void submit();
      }}
    >
      <DialogContentText sx={{ mb: 2 }}>{t('lumitrack.add.intro')}</DialogContentText>
      {failures.length > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="add-errors">
          {failures.map((f) => (
            <div key={f}>{f}</div>
          ))}
        </Alert>
      ) : null}
      {company.isPending ? (
        <InlineSpinner message={t('common.loading')} />
      ) : company.isError ? (
        <Alert severity="error">{lumitrackErrorText(t, company.error)}</Alert>
      ) : loose.length === 0 ? (
        <Typography color="text.secondary">{t('lumitrack.add.none')}</Typography>
      ) : (
        <>
          <TextField
            size="small"
            fullWidth
            label={t('lumitrack.search.label')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 20 } }}
          />
          <List dense sx={{ maxHeight: 320, overflowY: 'auto' }}>
            {shown.map((i) => (
              <ListItem key={i.lumitrackId} disablePadding>
                <FormControlLabel
                  control={
                    <Checkbox checked={chosen.has(i.lumitrackId)} onChange={() => toggle(i.lumitrackId)} />
                  }
                  label={<Box sx={{ fontFamily: 'monospace' }}>{i.lumitrackId}</Box>}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </ActionDialog>
  );
}

/**
 * Give an ID a GPS node to track it: one of the site's GPS nodes with no cable and no project (section 4), not
 * tracking another ID of the project; or none. The server's refusal is said in its words.
 */
export function GpsNodeDialog({
  lumitrackId,
  jobsiteId,
  projectIds,
  onClose,
}: {
  lumitrackId: LumitrackId | null;
  jobsiteId: number;
  /** the project's IDs: the nodes they hold are not offered */
  projectIds: readonly LumitrackId[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const open = lumitrackId !== null;
  const nodes = useSiteNodes(jobsiteId, open);
  const assign = useAssignGpsNode();
  const own = lumitrackId?.gpsNodeId ?? null;
  const [choice, setChoice] = useState<string | null>(null);
  const value = choice ?? (own === null ? '' : String(own));
  const tracked = useMemo(
    () => new Set(projectIds.flatMap((i) => (i.gpsNodeId === null ? [] : [i.gpsNodeId]))),
    [projectIds],
  );
  const eligible = eligibleGpsNodes(nodes.data ?? [], tracked, own);
  const close = () => {
    setChoice(null);
    assign.reset();
    onClose();
  };
  const submit = () => {
    if (!lumitrackId) return;
    const nodeId = value === '' ? null : Number(value);
    assign.mutate(
      { lumitrackId: lumitrackId.lumitrackId, nodeId },
      {
        onSuccess: (saved) => {
          showAlert({
            severity: 'success',
            message: saved.gpsNode
              ? t('lumitrack.gps.done', { id: saved.lumitrackId, node: gpsNodeText(saved.gpsNode) })
              : t('lumitrack.gps.removed', { id: saved.lumitrackId }),
          });
          close();
        },
      },
    );
  };
  return (
    <ActionDialog
      open={open}
      title={t('lumitrack.gps.title', { id: lumitrackId?.lumitrackId ?? '' })}
      action={t('lumitrack.gps.submit')}
      busy={assign.isPending}
      onClose={close}
      onAction={submit}
    >
      <DialogContentText sx={{ mb: 2 }}>{t('lumitrack.gps.intro')}</DialogContentText>
      {nodes.isPending ? (
        <InlineSpinner message={t('common.loading')} />
      ) : (
        <TextField
          select
          fullWidth
          label={t('lumitrack.gps.node')}
          value={value}
          onChange={(e) => setChoice(e.target.value)}
          helperText={eligible.length === 0 ? t('lumitrack.gps.noneEligible') : undefined}
          slotProps={{ select: { inputProps: { 'data-testid': 'gps-node-select' } } }}
        >
          <MenuItem value="">{t('lumitrack.gps.none')}</MenuItem>
          {eligible.map((n) => (
            <MenuItem key={n.id} value={String(n.id)}>
              {t('lumitrack.gps.option', { id: gpsNodeText(n), name: n.name })}
            </MenuItem>
          ))}
        </TextField>
      )}
      {nodes.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {lumitrackErrorText(t, nodes.error)}
        </Alert>
      ) : null}
      {assign.error ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="gps-error">
          {lumitrackErrorText(t, assign.error)}
        </Alert>
      ) : null}
    </ActionDialog>
  );
}

/** Delete an ID after a confirmation: it becomes Inactive and leaves the lists (its label no longer counts). */
export function DeleteIdDialog({
  lumitrackId,
  onClose,
  onDeleted,
}: {
  lumitrackId: string | null;
  onClose: () => void;
  onDeleted?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const remove = useDeleteId();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ActionDialog
      open={lumitrackId !== null}
      title={t('lumitrack.delete.title', { id: lumitrackId ?? '' })}
      action={t('lumitrack.delete.submit')}
      busy={remove.isPending}
      destructive
      onClose={close}
      onAction={() =>
        lumitrackId &&
        remove.mutate(lumitrackId, {
          onSuccess: () => {
            showAlert({ severity: 'success', message: t('lumitrack.delete.done', { id: lumitrackId }) });
            onDeleted?.(lumitrackId);
            close();
          },
        })
      }
    >
      <DialogContentText>{t('lumitrack.delete.text')}</DialogContentText>
      {remove.error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {lumitrackErrorText(t, remove.error)}
        </Alert>
      ) : null}
    </ActionDialog>
  );
}
