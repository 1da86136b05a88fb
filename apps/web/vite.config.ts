import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { muiWithoutCssVariables } from './build/mui-without-css-variables.ts';
import { pureSchemas } from './build/pure-schemas.ts';
import { stringAreas } from './build/string-areas.ts';

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

/** Our source modules (the app's and our packages'), where string keys and dynamic imports are looked for. */
const APP_SOURCES = /\/(apps\/web\/src|packages\/(domain|contracts)\/src)\/[^?]*\.tsx?$/;

/** Every file under `dir`, as paths relative to it with '/' separators. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'));
}

/**
 * The service worker (src/sw/sw.ts, docs/decisions/web-push-offline.md), built after the app into
 * dist/sw.js: one self-contained script (a worker cannot share the app's chunks), given the app shell to
 * precache (index.html, the entry's chunks and styles from the build manifest, the public files) and a
 * version (a hash of every file of the release), so each release installs a new worker that drops the old
 * files. The pages' own chunks are kept as they are loaded.
 */
function serviceWorker(): Plugin {
  let root = '';
  let outDir = '';
  let written = false;
  return {
    name: 'sitepulse-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      written = true;
    },
    async closeBundle() {
      if (!written) return; // the build failed: its own error says why
      type Chunk = { file: string; css?: string[]; imports?: string[] };
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        Chunk
      >;
      const files = filesUnder(outDir)
        .filter((f) => f !== 'sw.js' && !f.startsWith('.vite/'))
        .sort();
      const shell = new Set(['index.html', ...files.filter((f) => !f.startsWith('assets/'))]);
      const walk = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || shell.has(chunk.file)) return;
        shell.add(chunk.file);
        for (const css of chunk.css ?? []) shell.add(css);
        for (const imported of chunk.imports ?? []) walk(imported);
      };
      walk('index.html');
      const hash = createHash('sha256');
      for (const f of files) hash.update(f).update(readFileSync(join(outDir, f)));
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __SW_VERSION__: JSON.stringify(hash.digest('hex').slice(0, 16)),
          __SW_PRECACHE__: JSON.stringify([...shell].map((f) => `/${f}`)),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          lib: {
            entry: resolve(root, 'src/sw/sw.ts'),
            formats: ['iife'],
            name: 'sitepulseWorker',
            fileName: () => 'sw.js',
          },
        },
      });
    },
  };
}

// The server serves dist/ in production; in development Vite proxies /api to it.
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    muiWithoutCssVariables(),
    pureSchemas(PURE),
    stringAreas({ root: import.meta.dirname, sources: APP_SOURCES }),
    serviceWorker(),
  ],
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
  // The manifest maps each source file to its chunk: bench/web.ts reads it to size every route's first visit,
  // and the service worker's build (above) finds the app shell in it.
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => (PURE.test(id) ? false : undefined) },
      output: {
        codeSplitting: { groups: [VENDOR] },
        // Files named by their hash alone: a route's files name each other in every import and preload list,
        // and names like 'listItemButtonClasses-' cost 4 kB gzipped on a signed-in first visit
        // (docs/decisions/web-bundle.md). The manifest keeps each chunk's name.
        hashCharacters: 'base36',
        entryFileNames: 'assets/[hash].js',
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash].[ext]',
      },
    },
  },
}));
