import { Box, Toolbar, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { shouldOfferTimeZone, TIME_ZONE_OFFERED_SETTING, USER_SETTING_TYPES } from '@sitepulse/domain';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useUserDetails } from '../../api/queries.ts';
import { hasSeen } from '../../api/session.ts';
import { OfflineBanner } from '../../components/OfflineBanner.tsx';
import { browserTimeZone } from '../preferences.ts';
import { useUsageRecorder } from '../usage-recorder.ts';
import { DockedDrawer } from './DockedDrawer.tsx';
import { DrawerNav } from './DrawerNav.tsx';
import { DRAWER_WIDTH_CLOSED, DRAWER_WIDTH_OPEN } from './rules.ts';
import { SettingsWarning } from './SettingsWarning.tsx';
import { TOOLBAR_SX, TopBar } from './TopBar.tsx';
import { useUserLanguage } from './user-language.ts';

const SecureYourAccountPrompt = lazy(() => import('../../features/account/SecureYourAccountPrompt.tsx'));
const TimeZoneOfferBanner = lazy(() =>
  import('./TimeZoneOffer.tsx').then((m) => ({ default: m.TimeZoneOffer })),
);

/** The first-sign-in time zone offer, fetched only when it may show (it checks the same itself). */
function TimeZoneOffer() {
  const { data: user } = useUserDetails();
  const setting = (type: string) => user?.userSettingData?.find((s) => s.type === type)?.val;
  const offer =
    user &&
    shouldOfferTimeZone({
      setting: setting(USER_SETTING_TYPES.displayTimeZone),
      offered: setting(TIME_ZONE_OFFERED_SETTING),
      browserZone: browserTimeZone(),
    });
  return offer ? (
    <Suspense fallback={null}>
      <TimeZoneOfferBanner />
    </Suspense>
  ) : null;
}

const Drawer = lazy(() => import('@mui/material/Drawer'));

/** Runs `onMount` once, after what is drawn before it. */
function AfterMount({ onMount }: { onMount: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(onMount, []);
  return null;
}

/**
 * The phone's temporary drawer (MUI's Drawer, with its Modal and Slide), fetched when first opened: closed,
 * it draws nothing. It is mounted closed first and then opened, so it slides in as it always did.
 */
function MobileDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const [wanted, setWanted] = useState(open);
  const [mounted, setMounted] = useState(false);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Drawer
        variant="temporary"
        open={open && mounted}
        onClose={onClose}
        slotProps={{
          paper: {
            sx: { width: Math.min(DRAWER_WIDTH_OPEN, 320), maxWidth: '85vw', display: 'flex' },
          },
        }}
      >
        {children}
      </Drawer>
      <AfterMount onMount={() => setMounted(true)} />
    </Suspense>
  );
}

/**
 * The secure-your-account prompt, fetched only when it may show (a user with no phone who has not answered
 * it, away from my profile); the prompt checks the same itself (docs/decisions/web-bundle.md).
 */
function SecureYourAccount() {
  const { data: user } = useUserDetails();
  const { pathname } = useLocation();
  if (!user || user.phone || pathname === '/my-profile' || hasSeen('secureYourAccount')) return null;
  return (
    <Suspense fallback={null}>
      <SecureYourAccountPrompt />
    </Suspense>
  );
}

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
        <MobileDrawer open={mobileOpen} onClose={() => setMobileOpen(false)}>
          <Toolbar sx={TOOLBAR_SX} />
          <DrawerNav collapsed={false} onNavigate={() => setMobileOpen(false)} />
        </MobileDrawer>
      ) : (
        <DockedDrawer
          sx={{ width, flexShrink: 0, transition: theme.transitions.create('width') }}
          paperSx={{
            width,
            overflowX: 'hidden',
            display: 'flex',
            borderRight: `1px solid ${theme.palette.divider}`,
            transition: theme.transitions.create('width', {
              duration: theme.transitions.duration.shorter,
            }),
          }}
        >
          <Toolbar sx={TOOLBAR_SX} />
          <DrawerNav collapsed={!desktopOpen} />
        </DockedDrawer>
      )}
      <Box
        component="main"
        sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', height: '100dvh' }}
      >
        <Toolbar sx={TOOLBAR_SX} />
        <OfflineBanner />
        <SettingsWarning />
        <TimeZoneOffer />
        <SecureYourAccount />
        <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', display: 'flex', flexDirection: 'column' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
