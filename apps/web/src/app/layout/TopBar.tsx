import MenuOpenRoundedIcon from '@mui/icons-material/MenuOpenRounded';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import { AppBar, Box, Divider, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useCompany, useCompanyLogo } from '../../api/queries.ts';
import { readSession } from '../../api/session.ts';
import { useTranslation } from '../../i18n/index.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { AppBreadcrumbs } from './AppBreadcrumbs.tsx';
import { ZoneIndicator } from './ZoneIndicator.tsx';

/** The height of the top bar, shared with the spacers under it. */
export const TOOLBAR_SX = { minHeight: { xs: 56, sm: 60 }, px: { xs: 1, sm: 1.5 } } as const;

/** The Sitepulse mark and word, linking home. */
function Brand({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={t('app.name')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: 'inherit',
        textDecoration: 'none',
        flexShrink: 0,
      }}
    >
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28, borderRadius: 1 }} />
      {compact ? null : (
        <Typography variant="h6" component="span" sx={{ fontWeight: 800, letterSpacing: 0.2, fontSize: 18 }}>
          {t('app.name')}
        </Typography>
      )}
    </Box>
  );
}

/** The company's logo, or its name when there is none (a failed logo load is ignored). */
function CompanyBadge() {
  const { data: logo } = useCompanyLogo();
  const { data: company } = useCompany();
  const name = readSession('companyName') ?? company?.name ?? '';
  if (!logo && !name) return null;
  return (
    <Box
      sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 1, minWidth: 0, maxWidth: 240 }}
    >
      {logo ? (
        <Box
          component="img"
          src={logo}
          alt=""
          sx={{ height: 28, maxWidth: 96, objectFit: 'contain', bgcolor: '#fff', borderRadius: 1, p: 0.25 }}
        />
      ) : null}
      <Typography variant="body2" noWrap sx={{ fontWeight: 600, opacity: 0.9 }}>
        {name}
      </Typography>
    </Box>
  );
}

export function TopBar({
  drawerOpen,
  onToggleDrawer,
  mobile,
}: {
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const toggleLabel = t(drawerOpen ? 'shell.menu.collapseDrawer' : 'shell.menu.expandDrawer');
  return (
    <AppBar
      position="fixed"
      elevation={0}
      sx={{
        zIndex: (theme) => theme.zIndex.drawer + 1,
        bgcolor: 'primary.main',
        borderBottom: '1px solid rgba(255,255,255,0.08)',
      }}
    >
      <Toolbar sx={{ ...TOOLBAR_SX, gap: { xs: 1, sm: 1.5 } }}>
        <Tooltip title={toggleLabel}>
          <IconButton
            color="inherit"
            aria-label={toggleLabel}
            aria-expanded={drawerOpen}
            onClick={onToggleDrawer}
          >
            {drawerOpen && !mobile ? <MenuOpenRoundedIcon /> : <MenuRoundedIcon />}
          </IconButton>
        </Tooltip>
        <Brand compact={mobile} />
        <Divider
          orientation="vertical"
          flexItem
          sx={{ borderColor: 'rgba(255,255,255,0.2)', my: 1.5, display: { xs: 'none', sm: 'block' } }}
        />
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', overflow: 'hidden' }}>
          <AppBreadcrumbs />
        </Box>
        <CompanyBadge />
        <ZoneIndicator />
        <AccountMenu mobile={mobile} />
      </Toolbar>
    </AppBar>
  );
}
