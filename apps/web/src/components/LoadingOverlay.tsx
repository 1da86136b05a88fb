import { Backdrop, CircularProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { LOADING_FADE_IN_MS, LOADING_FADE_OUT_MS } from '../app/layout/rules.ts';

/**
 * A full-screen loading overlay (spec section 2): it fades in over 100 ms when `open` turns on,
 * and once `open` turns off it stays `hideDelayMs` longer, then fades out over 500 ms.
 */
export function LoadingOverlay({
  open,
  hideDelayMs = 0,
  message,
}: {
  open: boolean;
  hideDelayMs?: number;
  message?: string;
}) {
  const [shown, setShown] = useState(open);
  useEffect(() => {
    if (open) {
      setShown(true);
      return;
    }
    const timer = setTimeout(() => setShown(false), hideDelayMs);
    return () => clearTimeout(timer);
  }, [open, hideDelayMs]);

  return (
    <Backdrop
      open={shown}
      transitionDuration={{ enter: LOADING_FADE_IN_MS, exit: LOADING_FADE_OUT_MS }}
      sx={{
        zIndex: (theme) => theme.zIndex.modal + 1,
        color: '#fff',
        flexDirection: 'column',
        gap: 2,
        bgcolor: 'rgba(15, 30, 45, 0.55)',
      }}
      aria-busy={shown}
      data-testid="loading-overlay"
    >
      <CircularProgress color="inherit" aria-hidden />
      {message ? <Typography>{message}</Typography> : null}
    </Backdrop>
  );
}
