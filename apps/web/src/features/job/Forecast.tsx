import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import HourglassTopRoundedIcon from '@mui/icons-material/HourglassTopRounded';
import RemoveCircleOutlineRoundedIcon from '@mui/icons-material/RemoveCircleOutlineRounded';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { JobForecast, TargetForecast } from '@sitepulse/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { useTranslation } from '../../i18n/index.ts';
import type { JobRef } from './api.ts';
import { isNoForecast, reasonText, recentText, targetLine } from './forecast-text.ts';
import { Panel } from './parts.tsx';

// Fetched when first opened, with its form and validation (docs/decisions/web-bundle.md).
const TargetsDialog = lazyDialog(() => import('./TargetsDialog.tsx').then((m) => m.TargetsDialog));

const ICON = {
  REACHED: { icon: CheckCircleRoundedIcon, colour: '#2e7d32' },
  FORECAST: { icon: HourglassTopRoundedIcon, colour: '#ef6c00' },
  NONE: { icon: RemoveCircleOutlineRoundedIcon, colour: '#757575' },
} as const;

function TargetRow({
  target,
  jobState,
  now,
}: {
  target: TargetForecast;
  jobState: JobForecast['state'];
  now: number;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const look =
    target.state === 'REACHED'
      ? ICON.REACHED
      : target.state === 'FORECAST' && target.expectedAt !== null
        ? ICON.FORECAST
        : ICON.NONE;
  const Icon = look.icon;
  return (
    <Box
      component="li"
      data-testid="forecast-target"
      data-kind={target.kind}
      data-state={target.state}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', listStyle: 'none' }}
    >
      <Icon sx={{ color: look.colour, fontSize: 20, mt: '2px' }} aria-hidden />
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
            {t(`forecast.kind.${target.kind}`)}
          </Typography>
          {target.primary ? (
            <Chip size="small" variant="outlined" label={t('forecast.primary')} sx={{ height: 20 }} />
          ) : null}
        </Stack>
        <Typography variant="body2" data-testid="forecast-target-text" sx={{ overflowWrap: 'anywhere' }}>
          {targetLine(target, t, prefs, now, jobState)}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * "When will it be ready?": each strength target of the job in order (stripping, post-tensioning, opening
 * to traffic, design), its strength as entered, and when it was reached or is expected with the range
 * from the recent low and high temperature; or why there is no forecast. Writers edit the targets.
 */
export function ForecastCard({
  query,
  job,
  canEdit,
  datumC,
}: {
  query: Pick<UseQueryResult<JobForecast>, 'data' | 'isPending' | 'isError'>;
  job: JobRef;
  canEdit: boolean;
  /** the concrete profile's datum temperature (°C), when it has one */
  datumC: number | null;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const [editing, setEditing] = useState(false);
  const forecast = query.data;
  const now = forecast?.computedAt ?? Date.now();

  const action = canEdit ? (
    <Button
      size="small"
      startIcon={<EditRoundedIcon />}
      onClick={() => setEditing(true)}
      data-testid="edit-targets"
    >
      {t('forecast.editTargets')}
    </Button>
  ) : null;

  let body: React.ReactNode;
  if (query.isPending) body = <InlineSpinner message={t('common.loading')} />;
  else if (!forecast)
    body = (
      <Typography variant="body2" color="text.secondary" data-testid="forecast-unavailable">
        {t('forecast.unavailable')}
      </Typography>
    );
  else {
    const noForecast = isNoForecast(forecast.state);
    body = (
      <Stack spacing={1.25}>
        {noForecast ? (
          <Alert
            severity={forecast.state === 'NO_PROFILE' ? 'info' : 'warning'}
            data-testid="forecast-reason"
            sx={{ py: 0 }}
          >
            {reasonText(forecast.state, t, prefs, datumC)}
          </Alert>
        ) : null}
        {forecast.targets.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="forecast-no-targets">
            {t('forecast.noTargets')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }} data-testid="forecast-targets">
            {forecast.targets.map((target) => (
              <TargetRow key={target.kind} target={target} jobState={forecast.state} now={now} />
            ))}
          </Box>
        )}
        {forecast.recent && !noForecast ? (
          <Typography variant="caption" color="text.secondary" data-testid="forecast-recent">
            {recentText(forecast.recent, t, prefs)}
          </Typography>
        ) : null}
      </Stack>
    );
  }

  return (
    <Panel title={t('forecast.title')} action={action} testId="job-forecast">
      {body}
      {canEdit ? <TargetsDialog open={editing} onClose={() => setEditing(false)} job={job} /> : null}
    </Panel>
  );
}
