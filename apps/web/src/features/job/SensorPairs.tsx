import CompareArrowsRoundedIcon from '@mui/icons-material/CompareArrowsRounded';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { MaturityJobDetail } from '@sitepulse/contracts';
import { sensorDisplayName, UNIT_SPACE, unitLabel } from '@sitepulse/domain';
import { useMemo, useState } from 'react';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { shortSensorName } from './chart-lines.ts';
import { differenceToUser } from './difference.ts';
import { useJobDifferentialLimit, useJobPairs } from './pairs-api.ts';
import { Panel } from './parts.tsx';

// The dialog that changes the pairs is fetched when first opened (docs/decisions/web-bundle.md).
const PairsDialog = lazyDialog(() => import('./PairsDialog.tsx').then((m) => m.PairsDialog));

/** What the sensor-pairs card needs of the job page's job. */
export type PairsJob = Pick<MaturityJobDetail, 'id' | 'kind' | 'channelJobName' | 'sensors'>;

export const TEMPERATURE_DIFFERENCE = 'Temperature';

/**
 * A differential limit (°C, a difference) as the user reads it: °F by the factor only, one decimal at most
 * (19.4 °C is 34.9 °F; a limit typed as 35 °F reads back 35).
 */
export function limitFigure(limitC: number, system: string): string {
  return String(Number(differenceToUser(TEMPERATURE_DIFFERENCE, limitC, system).toFixed(1)));
}

/** Each sensor's short name (its display name without the job's name in front), by sensor id. */
export function useSensorNames(job: PairsJob): (id: number) => string {
  return useMemo(() => {
    const names = new Map(
      job.sensors.map((s) => [s.sensorId, shortSensorName(sensorDisplayName(s), job.channelJobName)]),
    );
    return (id: number) => names.get(id) ?? sensorDisplayName({ sensorId: id });
  }, [job.sensors, job.channelJobName]);
}

/**
 * The "Sensor pairs" card of a maturity job: the pairs of its temperature sensors that its differential
 * reports compare when a report names none (else each sensor is paired with the coolest). Everyone who
 * reads the job sees them; writers of the site (canEdit) change them in a dialog. Nothing for humidity jobs.
 */
export function SensorPairs({ job, canEdit }: { job: PairsJob; canEdit: boolean }) {
  if (job.kind !== 'MATURITY') return null;
  return <SensorPairsCard job={job} canEdit={canEdit} />;
}

function SensorPairsCard({ job, canEdit }: { job: PairsJob; canEdit: boolean }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const query = useJobPairs(job.id);
  const limit = useJobDifferentialLimit(job.id);
  const nameOf = useSensorNames(job);
  const [open, setOpen] = useState(false);
  const unit = unitLabel(TEMPERATURE_DIFFERENCE, prefs.system);
  const action = canEdit ? (
    <Button
      size="small"
      variant="outlined"
      startIcon={<CompareArrowsRoundedIcon />}
      onClick={() => setOpen(true)}
      disabled={!query.isSuccess || limit.isPending}
      data-testid="pairs-edit"
    >
      {t('pairs.edit')}
    </Button>
  ) : null;
  return (
    <Box sx={{ mt: 2 }}>
      <Panel title={t('pairs.title')} action={action} testId="sensor-pairs">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('pairs.help')}
        </Typography>
        {limit.data ? (
          <Typography variant="body2" sx={{ mb: 1, fontWeight: 600 }} data-testid="pairs-limit">
            {t(limit.data.differentialLimitC === null ? 'pairs.limitDefault' : 'pairs.limit', {
              value: `${limitFigure(limit.data.limitC, prefs.system)}${UNIT_SPACE}${unit}`,
            })}
          </Typography>
        ) : null}
        {query.isPending ? (
          <InlineSpinner message={t('common.loading')} />
        ) : query.isError ? (
          <Typography variant="body2" color="error" data-testid="pairs-load-failed">
            {t('pairs.loadFailed')}
          </Typography>
        ) : query.data.length === 0 ? (
          <Typography variant="body2" data-testid="pairs-empty">
            {t('pairs.none')}
          </Typography>
        ) : (
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            {query.data.map((p) => (
              <Chip
                key={`${p.sid1}-${p.sid2}`}
                size="small"
                variant="outlined"
                label={t('pairs.pair', { first: nameOf(p.sid1), second: nameOf(p.sid2) })}
                data-testid="pair-chip"
              />
            ))}
          </Stack>
        )}
      </Panel>
      {canEdit && query.isSuccess ? (
        <PairsDialog
          open={open}
          onClose={() => setOpen(false)}
          job={job}
          pairs={query.data}
          limit={limit.data}
        />
      ) : null}
    </Box>
  );
}
