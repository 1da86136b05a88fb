import EditRoundedIcon from '@mui/icons-material/EditRounded';
import {
  Box,
  Button,
  Divider,
  Grid,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ConcreteProfile } from '@sitepulse/contracts';
import { useMemo } from 'react';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useTranslation } from '../../i18n/index.ts';
import { FitSummary } from './FitSummary.tsx';
import { functionLabel } from './ProfileList.tsx';
import { indexText } from './rules.ts';
import { StrengthCurveChart } from './StrengthCurveChart.tsx';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** One profile: its curve drawn over the lab breaks, the fit, the constants and the breaks themselves. */
export function ProfileDetail({
  profile,
  canWrite,
  onEdit,
}: {
  profile: ConcreteProfile;
  canWrite: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const fn = profile.maturityFunction;
  const nurseSaul = fn === 'NURSE_SAUL';
  const indexUnit = nurseSaul ? prefs.unit('Maturity') : t('profiles.units.hours');
  const { a, b, minMaturity, maxMaturity } = profile;
  const curve = useMemo(
    () => (minMaturity !== null && maxMaturity !== null ? { a, b, minMaturity, maxMaturity } : null),
    [a, b, minMaturity, maxMaturity],
  );
  // Replicate cylinders can share a maturity and strength: the key counts the repeats.
  const seen = new Map<string, number>();
  const sortedBreaks = [...profile.breaks]
    .sort((x, y) => x.maturity - y.maturity)
    .map((br) => {
      const base = `${br.maturity}:${br.strength}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      return { ...br, key: `${base}:${n}` };
    });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('profiles.detail.label')}
      data-testid="profile-detail"
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {profile.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {functionLabel(t, fn)}
          </Typography>
        </Box>
        {canWrite ? (
          <Button variant="outlined" startIcon={<EditRoundedIcon />} onClick={onEdit}>
            {t('profiles.edit')}
          </Button>
        ) : null}
      </Box>
      {profile.description ? (
        <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {profile.description}
        </Typography>
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }} sx={{ minWidth: 0 }}>
          {curve ? <StrengthCurveChart fit={curve} breaks={profile.breaks} maturityFunction={fn} /> : null}
        </Grid>
        <Grid size={{ xs: 12, md: 5 }} sx={{ minWidth: 0 }}>
          <Stack spacing={2}>
            <FitSummary fit={profile} maturityFunction={fn} />
            <Divider />
            <Box>
              {nurseSaul ? (
                <Fact
                  label={t('profiles.detail.datum')}
                  value={prefs.withUnit('Temperature', profile.datumTemperature)}
                />
              ) : (
                <>
                  <Fact
                    label={t('profiles.detail.activationEnergy')}
                    value={`${Math.round(profile.activationEnergy)} ${t('profiles.units.activation')}`}
                  />
                  <Fact
                    label={t('profiles.detail.referenceTemperature')}
                    value={prefs.withUnit('Temperature', profile.referenceTemperature)}
                  />
                </>
              )}
              <Fact label={t('profiles.detail.jobs')} value={String(profile.jobCount)} />
              <Fact label={t('profiles.detail.created')} value={prefs.time(profile.creationDate)} />
              <Fact label={t('profiles.detail.modified')} value={prefs.time(profile.lastModified)} />
            </Box>
          </Stack>
        </Grid>
        <Grid size={12}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('profiles.detail.breaks')}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('profiles.detail.breaks')} data-testid="profile-breaks">
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell align="right">
                    {t(nurseSaul ? 'profiles.breaks.maturity' : 'profiles.breaks.age', { unit: indexUnit })}
                  </TableCell>
                  <TableCell align="right">
                    {t('profiles.breaks.strength', { unit: prefs.unit('Strength') })}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {sortedBreaks.map((b, i) => (
                  <TableRow key={b.key}>
                    <TableCell>{i + 1}</TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {indexText(b.maturity, fn, prefs.system)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {prefs.value('Strength', b.strength)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Grid>
      </Grid>
    </Paper>
  );
}
