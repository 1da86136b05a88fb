import { Alert, Box, Stack, Typography } from '@mui/material';
import type { MaturityFunction } from '@sitepulse/domain';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useTranslation } from '../../i18n/index.ts';
import { equationText, indexText, isPoorFit, POOR_FIT_R2, r2Text } from './rules.ts';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The fit of a profile in the user's units: the equation S = a + b·log10(M), R², the calibrated range,
 * and a warning when R² is below POOR_FIT_R2.
 */
export function FitSummary({
  fit,
  maturityFunction,
}: {
  fit: { a: number; b: number; r2: number | null; minMaturity: number | null; maxMaturity: number | null };
  maturityFunction: MaturityFunction;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const xUnit = maturityFunction === 'NURSE_SAUL' ? prefs.unit('Maturity') : t('profiles.units.hours');
  const yUnit = prefs.unit('Strength');
  const poor = isPoorFit(fit.r2);
  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {t('profiles.detail.equation')}
        </Typography>
        <Typography
          variant="body1"
          data-testid="fit-equation"
          sx={{
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            fontWeight: 600,
            overflowWrap: 'anywhere',
          }}
        >
          {equationText(fit, maturityFunction, prefs.system)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('profiles.detail.equationUnits', { xUnit, yUnit })}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))', gap: 1.5 }}>
        <Figure label={t('profiles.detail.r2')} value={r2Text(fit.r2)} testId="fit-r2" />
        <Figure
          label={t('profiles.detail.range')}
          value={t('profiles.range', {
            from: indexText(fit.minMaturity, maturityFunction, prefs.system),
            to: indexText(fit.maxMaturity, maturityFunction, prefs.system),
            unit: xUnit,
          })}
          testId="fit-range"
        />
      </Box>
      {poor ? (
        <Alert severity="warning" data-testid="poor-fit">
          {t('profiles.fit.poor', { r2: r2Text(fit.r2), threshold: POOR_FIT_R2 })}
        </Alert>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {t('profiles.detail.rangeHint')}
        </Typography>
      )}
    </Stack>
  );
}
