import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { i18nReady } from './i18n/index.ts';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
const container = root;
// A Spanish reader's strings arrive before the first render, so no screen flashes in English.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders client={createQueryClient()}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
