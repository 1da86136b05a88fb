import { Box, Typography } from '@mui/material';

/** The title and subtitle at the top of each login step. */
export function StepHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Typography
        variant="h5"
        component="h1"
        sx={{ fontWeight: 600, fontSize: { xs: '1.3rem', sm: '1.45rem' } }}
      >
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {subtitle}
      </Typography>
    </Box>
  );
}
