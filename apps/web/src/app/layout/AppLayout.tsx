import { Box, Drawer, Toolbar, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { OfflineBanner } from '../../components/OfflineBanner.tsx';
import { useUsageRecorder } from '../usage-recorder.ts';
import { useUserLanguage } from './DisplayToggles.tsx';
import { DrawerNav } from './DrawerNav.tsx';
import { DRAWER_WIDTH_CLOSED, DRAWER_WIDTH_OPEN } from './rules.ts';
import { SettingsWarning } from './SettingsWarning.tsx';
import { TimeZoneOffer } from './TimeZoneOffer.tsx';
import { TOOLBAR_SX, TopBar } from './TopBar.tsx';

const SecureYourAccountPrompt = lazy(() => import('../../features/account/SecureYourAccountPrompt.tsx'));

/**
 * The application shell (spec section 2): the top bar with breadcrumb and account menu, the
 * collapsible drawer (permanent 328/52 px on wider screens, a temporary overlay that starts
 * collapsed on extra-small screens), and the page.
 */
export function AppLayout() {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  useUserLanguage();
  // Page views and events of the signed-in user (issue 16, docs/decisions/usage-tracking.md).
  useUsageRecorder();

  // Extra-small screens: the drawer collapses itself, on arrival and after every navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each route change on purpose
  useEffect(() => {
    setMobileOpen(false);
  }, [mobile, pathname]);

  const open = mobile ? mobileOpen : desktopOpen;
  const width = desktopOpen ? DRAWER_WIDTH_OPEN : DRAWER_WIDTH_CLOSED;

  return (
    <Box sx={{ display: 'flex', height: '100dvh', bgcolor: 'background.default' }}>
      <TopBar
        mobile={mobile}
        drawerOpen={open}
        onToggleDrawer={() => (mobile ? setMobileOpen((v) => !v) : setDesktopOpen((v) => !v))}
      />
      {mobile ? (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          slotProps={{
            paper: {
              sx: { width: Math.min(DRAWER_WIDTH_OPEN, 320), maxWidth: '85vw', display: 'flex' },
            },
          }}
        >
          <Toolbar sx={TOOLBAR_SX} />
          <DrawerNav collapsed={false} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          open={desktopOpen}
          sx={{ width, flexShrink: 0, transition: theme.transitions.create('width') }}
          slotProps={{
            paper: {
              sx: {
                width,
                overflowX: 'hidden',
                display: 'flex',
                borderRight: `1px solid ${theme.palette.divider}`,
                transition: theme.transitions.create('width', {
                  duration: theme.transitions.duration.shorter,
                }),
              },
            },
          }}
        >
          <Toolbar sx={TOOLBAR_SX} />
          <DrawerNav collapsed={!desktopOpen} />
        </Drawer>
      )}
      <Box
        component="main"
        sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', height: '100dvh' }}
      >
        <Toolbar sx={TOOLBAR_SX} />
        <OfflineBanner />
        <SettingsWarning />
        <TimeZoneOffer />
        <Suspense fallback={null}>
          <SecureYourAccountPrompt />
        </Suspense>
        <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', display: 'flex', flexDirection: 'column' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
