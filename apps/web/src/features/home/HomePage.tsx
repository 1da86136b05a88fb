import { Box, FormControlLabel, Switch, Typography } from '@mui/material';
import { SITE_STATES, type SiteState } from '@sitepulse/domain';
import { lazy, Suspense, useMemo, useState } from 'react';
import { portfolioBySite, usePortfolio } from '../../api/portfolio.ts';
import { useConfig, useJobSites } from '../../api/queries.ts';
import { isArchived } from '../../app/layout/rules.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { SITE_STATE_LOOK } from '../../components/site-state.ts';
import { useTranslation } from '../../i18n/index.ts';
import { AttentionPanel } from './AttentionPanel.tsx';
import { PIN_COLOURS, sitePoints } from './mapRules.ts';
import { WelcomeCard } from './WelcomeCard.tsx';

/**
 * The map (Leaflet, about 50 kB gzipped with its CSS) is a chunk of its own: it downloads while the job
 * sites load, and the legend, the welcome card and the shell draw without waiting for it
 * (docs/decisions/web-bundle.md).
 */
const SiteMap = lazy(() => import('./SiteMap.tsx').then((m) => ({ default: m.SiteMap })));

function LegendItem({ colour, glyph, label }: { colour: string; glyph?: string; label: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 16,
          height: 16,
          borderRadius: '50%',
          bgcolor: colour,
          color: '#fff',
          fontSize: 10,
          fontWeight: 700,
          lineHeight: '16px',
          textAlign: 'center',
          flexShrink: 0,
        }}
      >
        {glyph}
      </Box>
      <Typography variant="caption">{label}</Typography>
    </Box>
  );
}

/**
 * Home: the map of every job site the user may see (spec section 2), each pin in the colour of its
 * worst state with a count (issue 13), and beside it (below it on a phone) the welcome note, the legend
 * and what needs attention. Nothing lies over the map, so no card hides a pin.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const sites = useJobSites();
  const config = useConfig();
  const portfolio = usePortfolio();
  const [showArchived, setShowArchived] = useState(false);

  const all = sites.data ?? [];
  const archivedCount = all.filter((s) => isArchived(s)).length;
  const points = useMemo(
    () => sitePoints((sites.data ?? []).filter((s) => showArchived || !isArchived(s))),
    [sites.data, showArchived],
  );
  const states = useMemo(() => portfolioBySite(portfolio.data), [portfolio.data]);
  /** The states some pin on the map shows, in their order (the legend lists only those). */
  const shownStates = useMemo(() => {
    const present = new Set(points.map((p) => states.get(p.site.id)?.state).filter(Boolean));
    return SITE_STATES.filter((s: SiteState) => present.has(s));
  }, [points, states]);
  const typeColoured = points.some((p) => !states.has(p.site.id));

  if (sites.isError && !sites.data) return <ErrorScreen onRetry={() => sites.refetch()} />;

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        flex: { xs: '1 0 auto', md: 1 },
        minHeight: { md: 0 },
      }}
    >
      <Box
        data-testid="map-area"
        sx={{
          position: 'relative',
          flex: { md: 1 },
          minWidth: 0,
          height: { xs: 'min(52dvh, 440px)', md: 'auto' },
          minHeight: { xs: 300 },
          isolation: 'isolate',
        }}
      >
        <Suspense fallback={<Box aria-hidden sx={{ position: 'absolute', inset: 0, bgcolor: '#dfe3e8' }} />}>
          <SiteMap
            points={points}
            states={states}
            tileUrl={config.data?.mapTileUrl}
            attribution={config.data?.mapAttribution}
          />
        </Suspense>
      </Box>
      <Box
        component="aside"
        data-testid="home-side"
        sx={{
          width: { md: 320, lg: 360 },
          flexShrink: 0,
          minHeight: { md: 0 },
          overflowY: { md: 'auto' },
          borderLeft: { md: 1 },
          borderTop: { xs: 1, md: 0 },
          borderColor: { xs: 'divider', md: 'divider' },
          bgcolor: 'background.paper',
          p: { xs: 1.5, sm: 2 },
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
        }}
      >
        <WelcomeCard />
        <Box data-testid="map-legend">
          {sites.isPending ? (
            <InlineSpinner message={t('home.loadingSites')} />
          ) : (
            <>
              <Typography variant="caption" component="p" sx={{ fontWeight: 700, mb: 0.5 }}>
                {t('home.legend.sites', { count: points.length })}
                {shownStates.length > 0 ? ` · ${t('portfolio.legendTitle')}` : ''}
              </Typography>
              <Box
                component="ul"
                sx={{
                  listStyle: 'none',
                  m: 0,
                  p: 0,
                  display: 'flex',
                  flexWrap: 'wrap',
                  columnGap: 1.5,
                  rowGap: 0.5,
                }}
              >
                {shownStates.map((s) => (
                  <LegendItem
                    key={s}
                    colour={SITE_STATE_LOOK[s].colour}
                    glyph={SITE_STATE_LOOK[s].glyph}
                    label={t(`portfolio.stateName.${s}`)}
                  />
                ))}
                {typeColoured ? (
                  <>
                    <LegendItem colour={PIN_COLOURS.construction} label={t('shell.siteTypes.construction')} />
                    <LegendItem colour={PIN_COLOURS.precast} label={t('shell.siteTypes.precast')} />
                  </>
                ) : null}
                {showArchived && archivedCount > 0 ? (
                  <LegendItem colour={PIN_COLOURS.archived} label={t('shell.drawer.archived')} />
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
        </Box>
        <AttentionPanel
          status={portfolio.data}
          pending={portfolio.isPending}
          failed={portfolio.isError}
          onRetry={() => portfolio.refetch()}
        />
      </Box>
    </Box>
  );
}
