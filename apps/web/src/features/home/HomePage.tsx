import { Box, FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig, useJobSites } from '../../api/queries.ts';
import { isArchived } from '../../app/layout/rules.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { PIN_COLOURS, sitePoints } from './mapRules.ts';
import { WelcomeCard } from './WelcomeCard.tsx';

/**
 * The map (Leaflet, about 50 kB gzipped with its CSS) is a chunk of its own: it downloads while the job
 * sites load, and the legend, the welcome card and the shell draw without waiting for it
 * (docs/decisions/web-bundle.md).
 */
const SiteMap = lazy(() => import('./SiteMap.tsx').then((m) => ({ default: m.SiteMap })));

function LegendDot({ colour }: { colour: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: colour,
        display: 'inline-block',
        flexShrink: 0,
      }}
    />
  );
}

/** Home: the map of every job site the user may see (spec section 2), filling the page. */
export default function HomePage() {
  const { t } = useTranslation();
  const sites = useJobSites();
  const config = useConfig();
  const [showArchived, setShowArchived] = useState(false);

  const all = sites.data ?? [];
  const archivedCount = all.filter((s) => isArchived(s)).length;
  const points = useMemo(
    () => sitePoints((sites.data ?? []).filter((s) => showArchived || !isArchived(s))),
    [sites.data, showArchived],
  );

  if (sites.isError && !sites.data) return <ErrorScreen onRetry={() => sites.refetch()} />;

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, isolation: 'isolate' }}>
      <Suspense fallback={<Box aria-hidden sx={{ position: 'absolute', inset: 0, bgcolor: '#dfe3e8' }} />}>
        <SiteMap
          points={points}
          tileUrl={config.data?.mapTileUrl}
          attribution={config.data?.mapAttribution}
        />
      </Suspense>
      <Paper
        elevation={3}
        sx={{
          position: 'absolute',
          zIndex: 1000,
          top: { xs: 8, sm: 12 },
          right: { xs: 8, sm: 12 },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          maxWidth: { xs: 210, sm: 260 },
        }}
      >
        {sites.isPending ? (
          <InlineSpinner message={t('home.loadingSites')} />
        ) : (
          <>
            <Typography variant="caption" sx={{ fontWeight: 700, display: 'block', mb: 0.5 }}>
              {t('home.legend.sites', { count: points.length })}
            </Typography>
            <Box sx={{ display: 'grid', gap: 0.25 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <LegendDot colour={PIN_COLOURS.construction} />
                <Typography variant="caption">{t('shell.siteTypes.construction')}</Typography>
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <LegendDot colour={PIN_COLOURS.precast} />
                <Typography variant="caption">{t('shell.siteTypes.precast')}</Typography>
              </Box>
              {showArchived && archivedCount > 0 ? (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <LegendDot colour={PIN_COLOURS.archived} />
                  <Typography variant="caption">{t('shell.drawer.archived')}</Typography>
                </Box>
              ) : null}
            </Box>
            {archivedCount > 0 ? (
              <FormControlLabel
                sx={{ mt: 0.5, ml: -0.5, mr: 0 }}
                control={
                  <Switch size="small" checked={showArchived} onChange={(_e, v) => setShowArchived(v)} />
                }
                label={<Typography variant="caption">{t('home.legend.showArchived')}</Typography>}
              />
            ) : null}
          </>
        )}
      </Paper>
      <WelcomeCard />
    </Box>
  );
}
