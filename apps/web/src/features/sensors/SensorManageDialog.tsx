import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ChannelSensor, LumimonNodeCard } from '@sitepulse/contracts';
import { SENSOR_ALIAS_MAX_LENGTH, sensorAliasProblem, sensorDisplayName } from '@sitepulse/domain';
import { useEffect, useState } from 'react';
import { failureText } from '../../api/client.ts';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { EmptyState, LoadError } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useSensorLabels } from './labels.ts';
import { changeOf, useNodeSensors, useSaveSensorChanges } from './SensorManageDialog.api.ts';

interface Draft {
  alias: string;
  decommissioned: boolean;
  blacklisted: boolean;
}

const draftOf = (s: ChannelSensor): Draft => ({
  alias: s.sensorAlias ?? '',
  decommissioned: s.decommissioned,
  blacklisted: s.blacklisted,
});

/** One sensor: its name and type, the alias field and the two switches. */
function SensorRow({
  sensor,
  draft,
  onChange,
  disabled,
}: {
  sensor: ChannelSensor;
  draft: Draft;
  onChange: (d: Draft) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const labels = useSensorLabels();
  const tooLong = sensorAliasProblem(draft.alias) === 'tooLong';
  const name = sensorDisplayName({ sensorId: sensor.sensorId, sensorAlias: sensor.sensorAlias });
  const goingOut = draft.decommissioned && !sensor.decommissioned;
  return (
    <Paper
      variant="outlined"
      data-testid="manage-sensor"
      data-sensor-id={sensor.id}
      sx={{ p: 1.5, borderRadius: 2 }}
    >
      <Typography variant="subtitle2" sx={{ fontWeight: 700 }} noWrap>
        {name}
        <Typography component="span" variant="caption" color="text.secondary">
          {' '}
          · {labels.sensorType(sensor.sensorType)} · {t('sensorManage.sensorId', { id: sensor.sensorId })}
        </Typography>
      </Typography>
      <TextField
        label={t('sensorManage.alias')}
        value={draft.alias}
        onChange={(e) => onChange({ ...draft, alias: e.target.value })}
        size="small"
        fullWidth
        disabled={disabled}
        error={tooLong}
        helperText={
          tooLong
            ? t('sensorManage.aliasTooLong', { max: SENSOR_ALIAS_MAX_LENGTH })
            : t('sensorManage.aliasHelp')
        }
        sx={{ mt: 1.5 }}
        slotProps={{ htmlInput: { 'data-testid': 'alias-input' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ mt: 0.5 }}>
        <FormControlLabel
          control={
            <Switch
              checked={draft.decommissioned}
              onChange={(e) => onChange({ ...draft, decommissioned: e.target.checked })}
              disabled={disabled}
            />
          }
          label={t('sensorManage.decommissioned')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.blacklisted}
              onChange={(e) => onChange({ ...draft, blacklisted: e.target.checked })}
              disabled={disabled}
            />
          }
          label={t('sensorManage.blacklisted')}
        />
      </Stack>
      {goingOut ? (
        <Typography variant="caption" color="warning.main" component="p">
          {t('sensorManage.decommissionNote')}
        </Typography>
      ) : null}
    </Paper>
  );
}

/**
 * Sets the alias of a node's sensors and decommissions or blacklists them (spec sections 3 and 4; issue 16):
 * every sensor of the node, each with its alias (trimmed, at most SENSOR_ALIAS_MAX_LENGTH characters, empty
 * clears it) and two switches. Save sends only what changed; a refusal is shown and the dialog stays open.
 */
export function SensorManageDialog({
  card,
  open,
  onClose,
}: {
  card: Pick<LumimonNodeCard, 'jobId' | 'nodeId' | 'channelJobName'>;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const sensors = useNodeSensors(card.jobId, card.nodeId, open);
  const save = useSaveSensorChanges();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Each opening starts from what the sensors are now; a list read again meanwhile keeps what was typed.
  useEffect(() => {
    if (!open) return;
    setError(null);
    setDrafts({});
  }, [open]);
  useEffect(() => {
    if (!open || !sensors.data) return;
    const data = sensors.data;
    setDrafts((all) => {
      const missing = data.filter((s) => !all[s.id]);
      return missing.length === 0
        ? all
        : { ...all, ...Object.fromEntries(missing.map((s) => [s.id, draftOf(s)])) };
    });
  }, [open, sensors.data]);

  const list = sensors.data ?? [];
  const changes = list.flatMap((s) => {
    const c = drafts[s.id] ? changeOf(s, drafts[s.id]) : null;
    return c ? [c] : [];
  });
  const invalid = list.some((s) => drafts[s.id] && sensorAliasProblem(drafts[s.id].alias) !== null);

  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      await save(changes);
      onClose();
    } catch (e) {
      setError(failureText(e, t('sensorManage.failed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="sensor-manage-title"
    >
      <DialogTitle id="sensor-manage-title">
        {t('sensorManage.title')}
        <Typography variant="body2" color="text.secondary" component="div" noWrap>
          {card.channelJobName}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('sensorManage.intro')}
        </Typography>
        {sensors.isPending ? <InlineSpinner message={t('common.loading')} /> : null}
        {sensors.isError ? <LoadError error={sensors.error} onRetry={() => sensors.refetch()} /> : null}
        {sensors.data && list.length === 0 ? <EmptyState message={t('sensorManage.none')} /> : null}
        <Stack spacing={1.5}>
          {list.map((s) =>
            drafts[s.id] ? (
              <SensorRow
                key={s.id}
                sensor={s}
                draft={drafts[s.id]}
                onChange={(d) => setDrafts((all) => ({ ...all, [s.id]: d }))}
                disabled={saving}
              />
            ) : null,
          )}
        </Stack>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('sensorManage.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={saving || invalid || changes.length === 0}
        >
          {saving ? t('sensorManage.saving') : t('sensorManage.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export { SensorManageButton } from './SensorManageButton.tsx';
