import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** The night-blue gradient behind the screens outside the signed-in shell. */
export const PUBLIC_BACKGROUND = 'linear-gradient(150deg, #0d2136 0%, #1b3a57 55%, #24507a 100%)';

/**
 * The full-height backdrop of the screens outside the signed-in shell (login, the e-mailed-link pages):
 * their content in a centred column. `background` may layer more over PUBLIC_BACKGROUND.
 */
export function PublicBackdrop({
  background = PUBLIC_BACKGROUND,
  children,
}: {
  background?: string;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: { xs: 1.5, sm: 3 },
        py: { xs: 2, sm: 4 },
        background,
      }}
    >
      {children}
    </Box>
  );
}
