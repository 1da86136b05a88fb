import type { AlertColor } from '@mui/material';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';

// The banner (MUI Snackbar and Alert) is fetched with the first alert, not with the first page.
const AlertSnackbar = lazy(() => import('./AlertSnackbar.tsx'));

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
      {current ? (
        <Suspense fallback={null}>
          <AlertSnackbar alert={current} open={open} onClose={hideAlert} />
        </Suspense>
      ) : null}
    </AlertContext.Provider>
  );
}
