import { Alert, Snackbar } from '@mui/material';
import { ALERT_AUTO_HIDE_MS } from '../app/layout/rules.ts';
import { ALERT_COLOURS, type AlertMessage } from './AlertBanner.tsx';

/** The banner itself: top centre, auto-hides after ALERT_AUTO_HIDE_MS, fixed colours. */
export default function AlertSnackbar({
  alert,
  open,
  onClose,
}: {
  alert: (AlertMessage & { key?: number }) | null;
  open: boolean;
  onClose: () => void;
}) {
  const colours = ALERT_COLOURS[alert?.severity ?? 'info'];
  return (
    <Snackbar
      key={alert?.key}
      open={open && !!alert}
      autoHideDuration={ALERT_AUTO_HIDE_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert
        severity={alert?.severity ?? 'info'}
        variant="filled"
        onClose={onClose}
        sx={{
          bgcolor: colours.bg,
          color: colours.fg,
          minWidth: { xs: 'auto', sm: 360 },
          boxShadow: 6,
          alignItems: 'center',
          '& .MuiAlert-icon, & .MuiAlert-action': { color: colours.fg },
        }}
      >
        {alert?.message}
      </Alert>
    </Snackbar>
  );
}
