import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PersonOutlineRoundedIcon from '@mui/icons-material/PersonOutlineRounded';
import { Box, Divider, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { logout } from '../../api/auth.ts';
import { useUserDetails } from '../../api/queries.ts';
import { readSession } from '../../api/session.ts';
import { useTranslation } from '../../i18n/index.ts';
import { DisplayToggles } from './DisplayToggles.tsx';
import { isAdminAccount } from './rules.ts';

/** The account menu's list (AccountMenu fetches it when first wanted). */
export default function AccountMenuList({
  anchor,
  onClose,
  mobile,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUserDetails();
  const username = user?.username ?? readSession('username') ?? '';
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const admin = isAdminAccount(user?.accountType);
  const close = onClose;
  const go = (path: string) => {
    close();
    navigate(path);
  };

  return (
    <Menu
      id="account-menu"
      anchorEl={anchor}
      open={!!anchor}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { mt: 1, minWidth: 230, borderRadius: 2 } } }}
    >
      <Box sx={{ px: 2, pt: 1, pb: 1.25 }} aria-hidden>
        <Typography variant="subtitle2" noWrap sx={{ fontWeight: 700 }}>
          {fullName || username}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {user?.email || username}
        </Typography>
      </Box>
      <Divider />
      <DisplayToggles />
      <Divider sx={{ mb: 0.5 }} />
      <MenuItem onClick={() => go('/my-profile')}>
        <ListItemIcon>
          <PersonOutlineRoundedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('shell.menu.myProfile')}</ListItemText>
      </MenuItem>
      {admin && !mobile ? (
        <MenuItem onClick={() => go('/user-management')}>
          <ListItemIcon>
            <ManageAccountsOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.menu.userManagement')}</ListItemText>
        </MenuItem>
      ) : null}
      {/* Ours (issue 16): the company's usage, for admins like user management. */}
      {admin && !mobile ? (
        <MenuItem onClick={() => go('/usage')}>
          <ListItemIcon>
            <InsightsOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('usage.menu')}</ListItemText>
        </MenuItem>
      ) : null}
      <MenuItem
        onClick={() => {
          close();
          void logout();
        }}
      >
        <ListItemIcon>
          <LogoutRoundedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('shell.menu.logout')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
