import { Alert, type AlertColor, Snackbar } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { ALERT_AUTO_HIDE_MS } from '../app/layout/rules.ts';

/** Alert colours are fixed (spec section 2): the same in every theme. */
export const ALERT_COLOURS: Record<AlertColor, { bg: string; fg: string }> = {
  success: { bg: '#2e7d32', fg: '#ffffff' },
  error: { bg: '#c62828', fg: '#ffffff' },
  warning: { bg: '#ed6c02', fg: '#ffffff' },
  info: { bg: '#0277bd', fg: '#ffffff' },
};

export interface AlertMessage {
  severity: AlertColor;
  message: string;
}

interface AlertContextValue {
  showAlert: (alert: AlertMessage) => void;
  hideAlert: () => void;
}

const AlertContext = createContext<AlertContextValue | null>(null);

/** Lets any screen show an alert: `const { showAlert } = useAlert(); showAlert({ severity: 'success', message })`. */
export function useAlert(): AlertContextValue {
  const ctx = useContext(AlertContext);
  if (!ctx) throw new Error('useAlert needs an <AlertProvider>');
  return ctx;
}

/** Holds the current alert and renders the banner: top centre, hidden after 7 seconds. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(AlertMessage & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);

  const showAlert = useCallback((alert: AlertMessage) => {
    setCurrent({ ...alert, key: Date.now() + Math.random() });
    setOpen(true);
  }, []);
  const hideAlert = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ showAlert, hideAlert }), [showAlert, hideAlert]);

  return (
    <AlertContext.Provider value={value}>
      {children}
      <AlertBanner alert={current} open={open} onClose={hideAlert} />
    </AlertContext.Provider>
  );
}

/** The banner itself: top centre, auto-hides after ALERT_AUTO_HIDE_MS, fixed colours. */
export function AlertBanner({
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
