import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { AlertProvider } from '../components/AlertBanner.tsx';
import { theme } from './theme.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again; network trouble and 5xx get a few tries.
        retry: (count, error) =>
          count < 3 && !(error instanceof ApiError && error.status !== undefined && error.status < 500),
        refetchOnWindowFocus: false,
        // Ask even while the browser says it is offline: the service worker answers from the values it
        // saved (docs/decisions/web-push-offline.md); only retries wait for the network.
        networkMode: 'offlineFirst',
      },
    },
  });
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AlertProvider>{children}</AlertProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
