import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const require = createRequire(import.meta.url);

/**
 * React Router 7 resolves to its development build under every condition (remix-run/react-router#12532,
 * #14102): dev warnings on, about 25% more code. A production build takes its production files instead.
 */
const reactRouterProduction = join(dirname(require.resolve('react-router/package.json')), 'dist/production');

/**
 * The third-party code the entry runs (React, the router, MUI's styling engine and the components the
 * entry draws, i18next, TanStack Query), found by the bundler's `$initial` tag, in one `vendor` chunk: one
 * download that compresses better than the dozen shared chunks the bundler otherwise cuts it into (7 kB
 * gzipped less on /login), and that stays cached across releases that change only the app. Libraries only
 * pages use (Leaflet, uPlot, forms) stay with those pages.
 */
const VENDOR = { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial' as const] };

/**
 * Our own pure packages (packages/domain: rules, no I/O; packages/contracts: schemas): a module of theirs
 * that the app does not use is left out even when it builds tables at load time (2.6 kB gzipped on /login).
 */
const PURE = /\/packages\/(domain|contracts)\/src\//;

// The server serves dist/ in production; in development Vite proxies /api to it.
export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: join(reactRouterProduction, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(reactRouterProduction, 'dom-export.mjs') },
          ]
        : [],
  },
  server: { port: 5173, proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}` } },
  // The manifest maps each source file to its chunk: bench/web.ts reads it to size every route's first visit.
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => (PURE.test(id) ? false : undefined) },
      output: { codeSplitting: { groups: [VENDOR] } },
    },
  },
}));
