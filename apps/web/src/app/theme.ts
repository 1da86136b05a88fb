import { createTheme } from '@mui/material/styles';

/** Breakpoints of spec section 9. */
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 768, md: 992, lg: 1280, xl: 1300 } },
  palette: {
    primary: { main: '#1b3a57' },
    secondary: { main: '#f5a623' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});
