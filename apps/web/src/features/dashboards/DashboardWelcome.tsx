import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import SpaceDashboardRoundedIcon from '@mui/icons-material/SpaceDashboardRounded';
import { Box, Button, IconButton, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { hasSeen, markSeen } from '../../api/session.ts';
import { useTranslation } from '../../i18n/index.ts';

/**
 * The dashboard welcome note (spec section 2 "Other visible pieces"): shown once, on whichever dashboard
 * the user opens first; closing it sets the dashboardWelcome 'seen' flag, which survives logout.
 */
export function DashboardWelcome() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !hasSeen('dashboardWelcome'));
  if (!open) return null;
  const close = () => {
    markSeen('dashboardWelcome');
    setOpen(false);
  };
  return (
    <Paper
      role="region"
      aria-label={t('dashboards.welcome.title')}
      elevation={0}
      sx={{
        position: 'relative',
        p: { xs: 2, sm: 2.5 },
        mb: 3,
        borderRadius: 3,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      <IconButton
        size="small"
        aria-label={t('dashboards.welcome.close')}
        onClick={close}
        sx={{ position: 'absolute', top: 8, right: 8, color: 'inherit' }}
      >
        <CloseRoundedIcon fontSize="small" />
      </IconButton>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, pr: 4 }}>
        <SpaceDashboardRoundedIcon sx={{ color: 'secondary.main' }} aria-hidden />
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
          {t('dashboards.welcome.title')}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ mb: 2, opacity: 0.9, maxWidth: 720 }}>
        {t('dashboards.welcome.body')}
      </Typography>
      <Button variant="contained" color="secondary" onClick={close}>
        {t('dashboards.welcome.ok')}
      </Button>
    </Paper>
  );
}
