import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The padded frame of an ordinary page: a heading, optional actions, then the content. */
export function PageFrame({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, width: '100%', maxWidth: 1400, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: { xs: 2, sm: 3 }, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
