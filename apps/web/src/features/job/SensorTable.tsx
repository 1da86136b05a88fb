import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import RestoreRoundedIcon from '@mui/icons-material/RestoreRounded';
import {
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { MsjSensorData } from '@sitepulse/contracts';
import { MISSING_VALUE, quantityOfSensorType, sensorDisplayName } from '@sitepulse/domain';
import { useState } from 'react';
import { failureText } from '../../api/client.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { EmptyState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { type JobRef, useBlacklistSensor } from './api.ts';
import { shortSensorName } from './chart-lines.ts';
import type { SensorNext } from './forecast-text.ts';

// Fetched when first opened (docs/decisions/web-bundle.md).
const ConfirmDialog = lazyDialog(() =>
  import('../../components/ConfirmDialog.tsx').then((m) => m.ConfirmDialog),
);

type SensorState = 'counted' | 'blacklisted' | 'decommissioned';

function stateOf(s: MsjSensorData): SensorState {
  if (s.decommissioned) return 'decommissioned';
  if (s.blacklisted) return 'blacklisted';
  return 'counted';
}

function StateChip({ state }: { state: SensorState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={state === 'counted' ? 'outlined' : 'filled'}
      color={state === 'counted' ? 'success' : 'default'}
      label={t(`job.sensors.state.${state}`)}
      data-state={state}
    />
  );
}

/** One cell's text: a metric reading of the sensor's own type in the user's units. */
function useReading() {
  const prefs = useDisplayPreferences();
  return (s: MsjSensorData) => {
    const q = quantityOfSensorType(s.sensorType) ?? s.sensorType;
    return prefs.withUnit(q, s.value);
  };
}

/**
 * The sensors of a maturity or humidity job: display name, latest reading and its time, and for maturity
 * jobs maturity, strength and the outside-calibration flag. Writers can blacklist a sensor (or restore it)
 * after confirming; viewers do not see the action. A table on wide screens, cards on a phone.
 */
export function SensorTable({
  sensors,
  humidity,
  canEdit,
  job,
  nextTarget,
  jobName,
}: {
  sensors: MsjSensorData[];
  humidity: boolean;
  canEdit: boolean;
  job: JobRef;
  /** the job's name: a sensor named after it shows the rest of its name only (the page's title says it) */
  jobName?: string;
  /** each sensor's next strength target and when it is expected (maturity jobs with a forecast) */
  nextTarget?: ReadonlyMap<number, SensorNext>;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const prefs = useDisplayPreferences();
  const reading = useReading();
  const [confirm, setConfirm] = useState<MsjSensorData | null>(null);
  const blacklist = useBlacklistSensor(job);
  const { showAlert } = useAlert();

  if (sensors.length === 0) return <EmptyState message={t('job.sensors.none')} />;

  const name = (s: MsjSensorData) => sensorDisplayName(s);
  const shortName = (s: MsjSensorData) => shortSensorName(name(s), jobName);
  const calibration = (s: MsjSensorData) =>
    s.strength === null
      ? MISSING_VALUE
      : s.outsideCalibration
        ? t('job.sensors.outside')
        : t('job.sensors.inside');
  const action = (s: MsjSensorData) => {
    if (!canEdit || s.decommissioned) return null;
    return (
      <Button
        size="small"
        color={s.blacklisted ? 'primary' : 'warning'}
        startIcon={s.blacklisted ? <RestoreRoundedIcon /> : <BlockRoundedIcon />}
        onClick={() => setConfirm(s)}
        data-testid={`blacklist-${s.sensorId}`}
      >
        {s.blacklisted ? t('job.sensors.restore') : t('job.sensors.blacklist')}
      </Button>
    );
  };

  const submit = () => {
    if (!confirm) return;
    const target = confirm;
    blacklist.mutate(
      { sensorId: target.sensorId, blacklisted: !target.blacklisted },
      {
        onSuccess: () => {
          showAlert({
            severity: 'success',
            message: t(target.blacklisted ? 'job.sensors.restored' : 'job.sensors.blacklisted', {
              name: name(target),
            }),
          });
          setConfirm(null);
        },
        onError: (err) =>
          showAlert({
            severity: 'error',
            message: failureText(err, t('job.actions.failed')),
          }),
      },
    );
  };

  const rows = phone ? (
    <Stack spacing={1.25} data-testid="sensor-cards">
      {sensors.map((s) => (
        <Paper
          key={s.sensorId}
          variant="outlined"
          data-testid="sensor-row"
          data-sensor={s.sensorId}
          sx={{ p: 1.5, borderRadius: 2, opacity: s.counted ? 1 : 0.75 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {shortName(s)}
            </Typography>
            <StateChip state={stateOf(s)} />
          </Box>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              rowGap: 0.75,
              columnGap: 1.5,
            }}
          >
            <Field
              label={humidity ? t('job.sensors.latest') : t('job.sensors.temperature')}
              value={reading(s)}
            />
            <Field label={t('job.sensors.time')} value={prefs.time(s.timestamp)} />
            {humidity ? (
              <Field
                label={t('job.sensors.type')}
                value={t(`job.sensorTypes.${s.sensorType}`, s.sensorType)}
              />
            ) : (
              <>
                <Field label={t('job.sensors.maturity')} value={prefs.withUnit('Maturity', s.maturity)} />
                <Field label={t('job.sensors.strength')} value={prefs.withUnit('Strength', s.strength)} />
                {nextTarget ? (
                  <Field
                    label={t('forecast.sensors.column')}
                    value={nextTarget.get(s.sensorId)?.text ?? MISSING_VALUE}
                    testId="sensor-next-target"
                  />
                ) : null}
                <Field
                  label={t('job.sensors.calibration')}
                  value={calibration(s)}
                  warn={s.outsideCalibration}
                />
              </>
            )}
          </Box>
          {action(s) ? <Box sx={{ mt: 1, textAlign: 'right' }}>{action(s)}</Box> : null}
        </Paper>
      ))}
    </Stack>
  ) : (
    <TableContainer data-testid="sensor-table">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('job.sensors.name')}</TableCell>
            {humidity ? <TableCell>{t('job.sensors.type')}</TableCell> : null}
            <TableCell align="right">
              {humidity ? t('job.sensors.latest') : t('job.sensors.temperature')}
            </TableCell>
            {humidity ? null : (
              <>
                <TableCell align="right">{t('job.sensors.maturity')}</TableCell>
                <TableCell align="right">{t('job.sensors.strength')}</TableCell>
                {nextTarget ? <TableCell>{t('forecast.sensors.column')}</TableCell> : null}
                <TableCell>{t('job.sensors.calibration')}</TableCell>
              </>
            )}
            <TableCell>{t('job.sensors.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sensors.map((s) => (
            <TableRow
              key={s.sensorId}
              data-testid="sensor-row"
              data-sensor={s.sensorId}
              sx={{ '& > td': { opacity: s.counted ? 1 : 0.75 } }}
            >
              <TableCell sx={{ fontWeight: 600 }}>{shortName(s)}</TableCell>
              {humidity ? <TableCell>{t(`job.sensorTypes.${s.sensorType}`, s.sensorType)}</TableCell> : null}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {reading(s)}
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {prefs.time(s.timestamp)}
                </Typography>
              </TableCell>
              {humidity ? null : (
                <>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {prefs.withUnit('Maturity', s.maturity)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {prefs.withUnit('Strength', s.strength)}
                  </TableCell>
                  {nextTarget ? (
                    <TableCell data-testid="sensor-next-target">
                      {nextTarget.get(s.sensorId)?.label ?? MISSING_VALUE}
                      {nextTarget.get(s.sensorId)?.detail ? (
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          sx={{ display: 'block', whiteSpace: 'nowrap' }}
                        >
                          {nextTarget.get(s.sensorId)?.detail}
                        </Typography>
                      ) : null}
                    </TableCell>
                  ) : null}
                  <TableCell sx={{ color: s.outsideCalibration ? 'warning.dark' : undefined }}>
                    {calibration(s)}
                  </TableCell>
                </>
              )}
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
                  <StateChip state={stateOf(s)} />
                  {action(s)}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  return (
    <>
      {rows}
      <ConfirmDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        busy={blacklist.isPending}
        title={
          confirm
            ? t(
                confirm.blacklisted ? 'job.sensors.confirmRestoreTitle' : 'job.sensors.confirmBlacklistTitle',
                {
                  name: name(confirm),
                },
              )
            : null
        }
        text={
          confirm?.blacklisted ? t('job.sensors.confirmRestoreText') : t('job.sensors.confirmBlacklistText')
        }
        cancelLabel={t('job.actions.cancel')}
        confirmLabel={confirm?.blacklisted ? t('job.sensors.restore') : t('job.sensors.blacklist')}
        confirmColor={confirm?.blacklisted ? 'primary' : 'warning'}
        onConfirm={submit}
        confirmTestId="confirm-blacklist"
      />
    </>
  );
}

function Field({
  label,
  value,
  warn,
  testId,
}: {
  label: string;
  value: string;
  warn?: boolean;
  testId?: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, color: warn ? 'warning.dark' : undefined }}>
        {value}
      </Typography>
    </Box>
  );
}
