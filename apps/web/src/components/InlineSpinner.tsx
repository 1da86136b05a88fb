import { Box, CircularProgress, Typography } from '@mui/material';

/** A small spinner on one line, with an optional message beside it (spec section 2). */
export function InlineSpinner({ message, size = 18 }: { message?: string; size?: number }) {
  return (
    <Box role="status" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
      <CircularProgress size={size} color="inherit" aria-hidden />
      {message ? <Typography variant="body2">{message}</Typography> : null}
    </Box>
  );
}
