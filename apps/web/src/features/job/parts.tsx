import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled panel of the job screen (a chart, a table, a list of values). */
export function Panel({
  title,
  action,
  children,
  testId,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2, minWidth: 0, height: '100%' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** One latest value: a small label above a large value, with an optional caption under it. */
export function ValueTile({
  label,
  value,
  caption,
  testId,
}: {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  testId?: string;
}) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3 }}>
        {label}
      </Typography>
      <Typography
        variant="subtitle1"
        component="p"
        data-testid={testId ? `${testId}-value` : undefined}
        sx={{ fontWeight: 700, lineHeight: 1.3, fontSize: { xs: '1rem', sm: '1.1rem' } }}
      >
        {value}
      </Typography>
      {caption ? (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {caption}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Tiles in a grid: as many columns of at least 140 px as the panel holds (two on a phone). */
export function TileGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(150px, 1fr))' },
        gap: 2,
      }}
    >
      {children}
    </Box>
  );
}
