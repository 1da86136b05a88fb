import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A centred card with an icon, a heading and a message: no access, access restricted. */
export function StatusScreen({
  icon,
  title,
  message,
  action,
}: {
  icon: ReactNode;
  title: string;
  message: string;
  action?: ReactNode;
}) {
  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: { xs: 2, sm: 4 }, minHeight: 320 }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, maxWidth: 480, width: '100%', textAlign: 'center', borderRadius: 3 }}
      >
        <Box sx={{ mb: 1.5, display: 'flex', justifyContent: 'center' }}>{icon}</Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: action ? 3 : 0 }}>
          {message}
        </Typography>
        {action}
      </Paper>
    </Box>
  );
}
