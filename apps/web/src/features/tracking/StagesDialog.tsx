import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
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
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { MaterialStage } from '@sitepulse/contracts';
import { checkStageNames, MATERIAL_STAGE_NAME_MAX, MATERIAL_STAGES_MAX } from '@sitepulse/domain';
import { useEffect, useId, useState } from 'react';
import { useChecklistTemplates } from '../../api/checklists.ts';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import type { TFunction } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useSaveStages } from './api.ts';
import { trackingErrorText } from './rules.ts';

interface Row {
  /** a stage of the company, or undefined for a new one */
  id?: number;
  key: string;
  name: string;
  checklistTemplateId: number | null;
  eventCount: number;
}

let nextKey = 0;

/** What keeps the list from being saved, in the reader's language: a stage with no name, or one named twice. */
function stagesProblem(t: TFunction, names: readonly string[]): string | null {
  const seen = new Map<string, number>();
  for (const [i, raw] of names.entries()) {
    const name = raw.trim();
    if (!name) return t('tracking.stages.blank', { n: i + 1 });
    const key = name.toLocaleLowerCase('en');
    const first = seen.get(key);
    if (first !== undefined) return t('tracking.stages.duplicate', { n: i + 1, name, first: first + 1 });
    seen.set(key, i);
  }
  return null;
}
const rowOf = (s: MaterialStage): Row => ({
  id: s.id,
  key: `s${s.id}`,
  name: s.name,
  checklistTemplateId: s.checklistTemplateId,
  eventCount: s.eventCount,
});

/**
 * Company admins: the stages, renamed, moved, added (up to 12) or removed (only those no event was recorded at),
 * each optionally with the checklist filled there; saved all at once.
 */
export function StagesDialog({
  open,
  stages,
  onClose,
}: {
  open: boolean;
  stages: readonly MaterialStage[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const templates = useChecklistTemplates(null, open);
  const save = useSaveStages();
  const [rows, setRows] = useState<Row[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setRows(stages.map(rowOf));
      setFailure(null);
    }
  }, [open, stages]);

  const checked = checkStageNames(rows.map((r) => r.name));
  const set = (i: number, change: Partial<Row>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    setRows(next);
  };

  const submit = async () => {
    if (!checked.ok) return;
    setFailure(null);
    try {
      await save.mutateAsync(
        rows.map((r, i) => ({
          id: r.id,
          name: checked.value[i],
          checklistTemplateId: r.checklistTemplateId,
        })),
      );
    } catch (e) {
      setFailure(trackingErrorText(t, e));
      return;
    }
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('tracking.stages.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('tracking.stages.help', { max: MATERIAL_STAGES_MAX })}
        </Typography>
        <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((r, i) => (
            <Box
              component="li"
              key={r.key}
              data-testid="stage-row"
              sx={{
                display: 'flex',
                gap: 1,
                alignItems: 'flex-start',
                flexWrap: { xs: 'wrap', sm: 'nowrap' },
              }}
            >
              <Typography sx={{ width: 24, pt: 1, fontWeight: 700 }}>{i + 1}</Typography>
              <TextField
                label={t('tracking.stages.name')}
                value={r.name}
                onChange={(e) => set(i, { name: e.target.value })}
                size="small"
                slotProps={{ htmlInput: { maxLength: MATERIAL_STAGE_NAME_MAX } }}
                sx={{ flex: '1 1 160px' }}
              />
              <TextField
                select
                label={t('tracking.stages.checklist')}
                value={r.checklistTemplateId ?? ''}
                onChange={(e) =>
                  set(i, { checklistTemplateId: e.target.value === '' ? null : Number(e.target.value) })
                }
                size="small"
                sx={{ flex: '1 1 160px' }}
              >
                <MenuItem value="">{t('tracking.stages.noChecklist')}</MenuItem>
                {(templates.data ?? [])
                  .filter((tp) => tp.isActive || tp.id === r.checklistTemplateId)
                  .map((tp) => (
                    <MenuItem key={tp.id} value={tp.id}>
                      {tp.name}
                    </MenuItem>
                  ))}
              </TextField>
              <Box sx={{ display: 'flex', flexShrink: 0 }}>
                <IconButton
                  aria-label={t('tracking.stages.up', { name: r.name })}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUpwardRoundedIcon />
                </IconButton>
                <IconButton
                  aria-label={t('tracking.stages.down', { name: r.name })}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDownwardRoundedIcon />
                </IconButton>
                <Tooltip title={r.eventCount > 0 ? t('tracking.stages.inUse', { count: r.eventCount }) : ''}>
                  <span>
                    <IconButton
                      aria-label={t('tracking.stages.remove', { name: r.name })}
                      disabled={r.eventCount > 0 || rows.length === 1}
                      onClick={() => setRows(rows.filter((_, j) => j !== i))}
                    >
                      <DeleteOutlineRoundedIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
            </Box>
          ))}
        </Stack>
        <Button
          startIcon={<AddRoundedIcon />}
          disabled={rows.length >= MATERIAL_STAGES_MAX}
          onClick={() =>
            setRows([...rows, { key: `n${++nextKey}`, name: '', checklistTemplateId: null, eventCount: 0 }])
          }
          sx={{ mt: 2 }}
        >
          {t('tracking.stages.add')}
        </Button>
        {!checked.ok && rows.length > 0 ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="stages-problem">
            {stagesProblem(
              t,
              rows.map((r) => r.name),
            ) ?? checked.error}
          </Alert>
        ) : null}
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('tracking.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!checked.ok || save.isPending}>
          {save.isPending ? <InlineSpinner /> : t('tracking.stages.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
