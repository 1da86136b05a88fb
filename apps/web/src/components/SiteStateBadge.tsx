import { Box } from '@mui/material';
import type { PortfolioSite } from '@sitepulse/contracts';
import type { ReactNode } from 'react';
import { SITE_STATE_LOOK, showsCount } from './site-state.ts';

type StateOfSite = Pick<PortfolioSite, 'state' | 'count'>;

/**
 * A job site's worst state as a small chip: its glyph, and its count when it has one (the drawer's
 * entries). Decorative: the entry's label says the state in words.
 */
export function SiteStateBadge({ site }: { site: StateOfSite }) {
  const look = SITE_STATE_LOOK[site.state];
  const count = showsCount(site.state) && site.count > 0 ? site.count : null;
  return (
    <Box
      component="span"
      aria-hidden
      data-testid="site-state"
      data-state={site.state}
      data-count={site.count}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.4,
        flexShrink: 0,
        minWidth: 20,
        height: 20,
        px: count === null ? 0 : 0.75,
        ml: 0.75,
        borderRadius: 10,
        bgcolor: look.colour,
        color: '#fff',
        fontSize: 11,
        fontWeight: 700,
        lineHeight: 1,
      }}
    >
      <span>{look.glyph}</span>
      {count === null ? null : <span>{count}</span>}
    </Box>
  );
}

/** An icon with the site's state as a dot on its corner (the collapsed drawer, where no chip fits). */
export function WithStateDot({ site, children }: { site: StateOfSite | undefined; children: ReactNode }) {
  if (!site) return <>{children}</>;
  return (
    <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
      {children}
      <Box
        component="span"
        aria-hidden
        data-testid="site-state-dot"
        data-state={site.state}
        sx={{
          position: 'absolute',
          top: -3,
          right: -3,
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: SITE_STATE_LOOK[site.state].colour,
          border: '2px solid #fff',
        }}
      />
    </Box>
  );
}
