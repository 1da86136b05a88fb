import {
  Box,
  Card,
  CardActionArea,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ConcreteProfile } from '@sitepulse/contracts';
import { DATE_FORMAT, type DisplayPreferences, useDisplayPreferences } from '../../app/preferences.ts';
import type { TFunction } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/index.ts';
import { indexText, isPoorFit, r2Text } from './rules.ts';

/** A maturity function's name in the user's language (the server's label for a name we do not know). */
export function functionLabel(t: TFunction, name: string, serverLabel?: string): string {
  return t(`profiles.functions.${name}`, { defaultValue: serverLabel ?? name });
}

/** The constants of a profile's function as one line: the datum, or the activation energy and reference. */
export function constantsText(t: TFunction, prefs: DisplayPreferences, p: ConcreteProfile): string {
  return p.maturityFunction === 'NURSE_SAUL'
    ? t('profiles.constants.datum', { value: prefs.withUnit('Temperature', p.datumTemperature) })
    : t('profiles.constants.equivalentAge', {
        energy: Math.round(p.activationEnergy),
        reference: prefs.withUnit('Temperature', p.referenceTemperature),
      });
}

export function rangeText(t: TFunction, prefs: DisplayPreferences, p: ConcreteProfile): string {
  const unit = p.maturityFunction === 'NURSE_SAUL' ? prefs.unit('Maturity') : t('profiles.units.hours');
  return t('profiles.range', {
    from: indexText(p.minMaturity, p.maturityFunction, prefs.system),
    to: indexText(p.maxMaturity, p.maturityFunction, prefs.system),
    unit,
  });
}

function R2Chip({ r2 }: { r2: number | null }) {
  const poor = isPoorFit(r2);
  return (
    <Chip
      size="small"
      label={r2Text(r2)}
      color={poor ? 'warning' : 'default'}
      variant={poor ? 'filled' : 'outlined'}
      sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
    />
  );
}

/**
 * The company's profiles: a table at tablet width and up, cards on a phone. Choosing one shows its curve
 * (the selected row is marked).
 */
export function ProfileList({
  profiles,
  selectedId,
  onSelect,
}: {
  profiles: ConcreteProfile[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  if (phone) {
    return (
      <Stack spacing={1.25} data-testid="profile-cards">
        {profiles.map((p) => {
          const selected = p.id === selectedId;
          return (
            <Card
              key={p.id}
              variant="outlined"
              sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
            >
              <CardActionArea
                onClick={() => onSelect(p.id)}
                aria-current={selected ? 'true' : undefined}
                sx={{ p: 1.5 }}
              >
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                  <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {p.name}
                  </Typography>
                  <Box sx={{ textAlign: 'right' }}>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('profiles.columns.r2')}
                    </Typography>
                    <R2Chip r2={p.r2} />
                  </Box>
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {functionLabel(t, p.maturityFunction)}
                </Typography>
                <Typography variant="body2">{constantsText(t, prefs, p)}</Typography>
                <Typography variant="body2">
                  {t('profiles.columns.range')}: {rangeText(t, prefs, p)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('profiles.jobCount', { count: p.jobCount })} · {prefs.time(p.lastModified)}
                </Typography>
              </CardActionArea>
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small" aria-label={t('titles.concreteProfiles')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('profiles.columns.name')}</TableCell>
            <TableCell>{t('profiles.columns.function')}</TableCell>
            <TableCell>{t('profiles.columns.constants')}</TableCell>
            <TableCell align="center">{t('profiles.columns.r2')}</TableCell>
            <TableCell>{t('profiles.columns.range')}</TableCell>
            <TableCell align="right">{t('profiles.columns.jobs')}</TableCell>
            <TableCell sx={{ display: { sm: 'none', xl: 'table-cell' } }}>
              {t('profiles.columns.modified')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {profiles.map((p) => {
            const selected = p.id === selectedId;
            return (
              <TableRow
                key={p.id}
                hover
                selected={selected}
                onClick={() => onSelect(p.id)}
                sx={{ cursor: 'pointer' }}
                data-testid="profile-row"
              >
                <TableCell sx={{ minWidth: 180, maxWidth: 320 }}>
                  <Link
                    component="button"
                    type="button"
                    underline="hover"
                    onClick={(e) => {
                      e.stopPropagation();
                      onSelect(p.id);
                    }}
                    aria-current={selected ? 'true' : undefined}
                    sx={{ fontWeight: 600, textAlign: 'left', overflowWrap: 'anywhere' }}
                  >
                    {p.name}
                  </Link>
                </TableCell>
                <TableCell>
                  <Tooltip title={functionLabel(t, p.maturityFunction)}>
                    <span>
                      {t(`profiles.functionsShort.${p.maturityFunction}`, {
                        defaultValue: p.maturityFunction,
                      })}
                    </span>
                  </Tooltip>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{constantsText(t, prefs, p)}</TableCell>
                <TableCell align="center">
                  <R2Chip r2={p.r2} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{rangeText(t, prefs, p)}</TableCell>
                <TableCell align="right">{p.jobCount}</TableCell>
                <TableCell sx={{ display: { sm: 'none', xl: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {prefs.time(p.lastModified, DATE_FORMAT)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
