import { Avatar, IconButton } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useUserDetails } from '../../api/queries.ts';
import { readSession } from '../../api/session.ts';
import { useTranslation } from '../../i18n/index.ts';
import { initials } from './SiteAvatar.tsx';

// The menu is fetched when first wanted (the pointer or focus on the avatar, or a click), not with the
// shell: Menu, its list and the display toggles are 10 kB gzipped (docs/decisions/web-bundle.md).
const loadMenu = () => import('./AccountMenuList.tsx');
const AccountMenuList = lazy(loadMenu);

/**
 * The avatar button and its menu (spec section 2): My Profile, User Management (admins only) and
 * Logout. The phone menu has only My Profile and Logout.
 */
export function AccountMenu({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened the menu stays mounted, so it closes with its transition.
  const [opened, setOpened] = useState(false);
  const { data: user } = useUserDetails();
  const username = user?.username ?? readSession('username') ?? '';
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const close = () => setAnchor(null);
  const prefetch = () => void loadMenu().catch(() => undefined);

  return (
    <>
      <IconButton
        aria-label={t('shell.menu.account')}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? 'account-menu' : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
        sx={{ p: 0.5 }}
      >
        <Avatar
          sx={{
            width: 34,
            height: 34,
            fontSize: 14,
            fontWeight: 700,
            bgcolor: 'secondary.main',
            color: 'primary.dark',
          }}
        >
          {initials(fullName || username || '?')}
        </Avatar>
      </IconButton>
      {opened ? (
        <Suspense fallback={null}>
          <AccountMenuList anchor={anchor} onClose={close} mobile={mobile} />
        </Suspense>
      ) : null}
    </>
  );
}
