import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import { Box, Button, IconButton, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { hasSeen, markSeen } from '../../api/session.ts';
import { useTranslation } from '../../i18n/index.ts';

/**
 * The user-management intro (spec section 3, 'seen' flags): what the screen is for, shown until the admin
 * dismisses it once (the userManagementIntro flag, kept through a company-reset logout).
 */
export function UserManagementIntro() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !hasSeen('userManagementIntro'));
  if (!open) return null;
  const dismiss = () => {
    markSeen('userManagementIntro');
    setOpen(false);
  };
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('users.intro.title')}
      sx={{
        position: 'relative',
        p: { xs: 2, sm: 2.5 },
        pr: { xs: 5, sm: 6 },
        mb: 2,
        borderRadius: 2,
        borderColor: 'primary.light',
        bgcolor: 'action.hover',
      }}
    >
      <IconButton
        size="small"
        aria-label={t('users.intro.close')}
        onClick={dismiss}
        sx={{ position: 'absolute', top: 8, right: 8 }}
      >
        <CloseRoundedIcon fontSize="small" />
      </IconButton>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <GroupsRoundedIcon color="primary" aria-hidden />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('users.intro.title')}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('users.intro.body')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2', color: 'text.secondary' }}>
        <li>{t('users.intro.accountTypes')}</li>
        <li>{t('users.intro.roles')}</li>
        <li>{t('users.intro.invitations')}</li>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5 }}>
        <Button variant="contained" size="small" onClick={dismiss}>
          {t('users.intro.gotIt')}
        </Button>
      </Box>
    </Paper>
  );
}
