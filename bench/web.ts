/**
 * bench:web: what the web app costs a browser.
 *
 * 1. Bundle: the gzipped JavaScript and CSS a first visit downloads, per route of the spec's route table
 *    (packages/domain/src/routes.ts `paths`): the entry chunk and its static imports, then the route's lazy
 *    chunks (the signed-in shell, the page, and what the page draws at once: DRAWN_AT_ONCE) and their static
 *    imports, and the strings those chunks bring (the build's .vite/string-areas.json: each lazy module's
 *    string areas, fetched with it in the reader's language), read from the Vite manifest of apps/web/dist.
 *    Routes are mapped to their lazy chunks by reading apps/web/src/app/router.tsx (its
 *    `lazy(() => import(...))` declarations and the route objects that render them), so a page shows up
 *    here as soon as it is registered. English reader; a Spanish reader's figure beside it. Goal: every
 *    first visit under 200 kB gzipped.
 * 2. First visits in Chromium against the real server (demo company with every build flag on, built web
 *    app, a fresh browser profile each): every script and stylesheet the browser fetched until the page is
 *    quiet, gzipped here and as sent on the wire, for /login (new visitor, then what its next steps add; a
 *    returning visitor whose company is known) and every other route of the table (the public ones signed
 *    out, the others as the demo admin, at an address the app links to or one built from the demo data).
 *    Each visit is compared file by file with part 1's count for its route (a chunk a page fetches that
 *    part 1 does not count shows there), and its text and title are searched for string keys shown raw.
 * 3. The job chart in Chromium: a chart answer of 100,000 points (SeriesResponse of
 *    packages/contracts/src/measurements.ts) as JSON text, timed in the page from JSON.parse through the
 *    uPlot columns (the shared chart's own builder, apps/web/src/components/charts/chart-data.ts) to uPlot's
 *    first draw; median of several runs. Baselines in the same run: JSON.parse alone of the same text, and
 *    the same pipeline on a 1,000-point chart. Goal: under 100 ms.
 *
 * Settings: BENCH_WEB_BUILD=auto (build when apps/web/dist is older than its sources; `always`, `never`)
 * BENCH_WEB_RUNS=9 (chart runs per payload)  BENCH_WEB_VISITS=1 (0: skip part 2, which starts the server)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { paths, type RouteKey } from '@sitepulse/domain';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { matchPath } from 'react-router';
import { build, parseSync } from 'vite';
import { type AstNode, isNode, walk } from '../apps/web/build/string-areas.ts';
import { startServer } from '../e2e/support/server.ts';
import { type OriginStorage, signInViaApi } from '../e2e/support/session.ts';
import { envInt, goal, kb, ms, percentile, ratio, secs, table } from './lib/report.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(repoRoot, 'apps/web');
const appDist = join(webDir, 'dist');
/** Where the bench builds when apps/web/dist is stale, so a server or e2e run using apps/web/dist is not disturbed. */
const benchDist = join(repoRoot, 'node_modules/.cache/sitepulse-bench-web/dist');
/** The build measured: apps/web/dist when fresh, else the bench's own (set by ensureBuilt). */
let distDir = appDist;
const manifestOf = (dist: string) => join(dist, '.vite/manifest.json');
const routerFile = join(webDir, 'src/app/router.tsx');
const chartDataFile = join(webDir, 'src/components/charts/chart-data.ts');
const CHROMIUM = '/usr/bin/chromium';

const BUNDLE_GOAL = 200 * 1024;
const CHART_GOAL_MS = 100;
const RUNS = envInt('BENCH_WEB_RUNS', 9);
const BUILD = process.env.BENCH_WEB_BUILD ?? 'auto';
const VISITS = process.env.BENCH_WEB_VISITS !== '0';

const launchOptions = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

// ---------------------------------------------------------------------------------------------------------
// 1. Bundle, from the Vite manifest
// ---------------------------------------------------------------------------------------------------------

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The newest modification time (ms) of the files under `path`. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

/**
 * Uses apps/web/dist when its manifest is newer than every source it is built from; otherwise builds the
 * web app with the same config into the bench's own folder.
 */
function ensureBuilt(): void {
  const inputs = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'packages/domain/src',
    'packages/contracts/src',
    'package-lock.json',
  ];
  const sources = Math.max(...inputs.map((p) => newest(join(repoRoot, p))));
  const manifest = manifestOf(appDist);
  const built = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
  const fresh = built > sources;
  if (BUILD === 'never' || (BUILD === 'auto' && fresh)) {
    if (!built) throw new Error(`${manifest} is missing: build the web app (npm run build)`);
    console.log(
      `  apps/web/dist ${fresh ? 'is newer than its sources' : 'is OLDER than its sources'}: used as is`,
    );
    distDir = appDist;
    return;
  }
  const start = performance.now();
  const vite = join(repoRoot, 'node_modules/vite/bin/vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--outDir', benchDist, '--emptyOutDir'], {
    cwd: webDir,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`vite build failed:\n${res.stdout}\n${res.stderr}`);
  if (!existsSync(manifestOf(benchDist)))
    throw new Error('vite build wrote no manifest (build.manifest off?)');
  distDir = benchDist;
  console.log(
    `  apps/web/dist is ${built ? 'older than its sources' : 'missing'}: built the web app into ` +
      `${relative(repoRoot, benchDist)} with vite in ${secs(performance.now() - start)}`,
  );
}

const gzipCache = new Map<string, { raw: number; gz: number }>();
/** Size of a built file, raw and gzipped (zlib default level 6, as a web server sends it). */
function sizeOf(file: string): { raw: number; gz: number } {
  let s = gzipCache.get(file);
  if (!s) {
    const body = readFileSync(join(distDir, file));
    s = { raw: body.length, gz: gzipSync(body).length };
    gzipCache.set(file, s);
  }
  return s;
}

/** These manifest chunks with their static imports (manifest keys). */
function keysOf(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imp of manifest[key].imports ?? []) visit(imp);
  };
  for (const k of keys) visit(k);
  return [...seen];
}

/** The files a browser downloads to run these manifest chunks: each with its static imports and CSS. */
function filesOf(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  for (const k of keys) visit(k);
  return [...files];
}

interface Download {
  files: number;
  js: number;
  css: number;
  raw: number;
}
function download(files: readonly string[]): Download {
  const d: Download = { files: files.length, js: 0, css: 0, raw: 0 };
  for (const f of files) {
    const s = sizeOf(f);
    d.raw += s.raw;
    if (f.endsWith('.css')) d.css += s.gz;
    else d.js += s.gz;
  }
  return d;
}

// Router: which lazy chunks each route renders -------------------------------------------------------------

interface RouterRoute {
  path: string;
  /** manifest keys of the lazy components it renders, outermost first (e.g. the shell, then the page) */
  lazy: string[];
  /** names of those components, for the report */
  names: string[];
  /** renders `pending(...)`: a page a later issue fills in */
  placeholder: boolean;
}

/**
 * Reads router.tsx: every `const X = lazy(() => import('...'))`, and every route object of `routes`
 * with the lazy components its element (and its parents' elements) render.
 */
function routerRoutes(): RouterRoute[] {
  const code = readFileSync(routerFile, 'utf8');
  const { program, errors } = parseSync(routerFile, code, { lang: 'tsx' });
  if (errors.length) throw new Error(`router.tsx does not parse: ${errors[0].message}`);
  const lazyFiles = new Map<string, string>();
  let routesArray: AstNode | undefined;
  walk(program, (n) => {
    if (n.type !== 'VariableDeclarator' || !isNode(n.id) || n.id.type !== 'Identifier') return;
    const name = n.id.name as string;
    const init = n.init;
    if (name === 'routes' && isNode(init) && init.type === 'ArrayExpression') routesArray = init;
    if (!isNode(init) || init.type !== 'CallExpression') return;
    const callee = init.callee;
    if (!isNode(callee) || callee.type !== 'Identifier' || callee.name !== 'lazy') return;
    walk(init, (m) => {
      if (m.type === 'ImportExpression' && isNode(m.source) && typeof m.source.value === 'string') {
        const fromWeb = relative(webDir, join(dirname(routerFile), m.source.value));
        lazyFiles.set(name, fromWeb.split('\\').join('/'));
      }
    });
  });
  if (!routesArray) throw new Error('router.tsx: no `routes` array found');

  const out: RouterRoute[] = [];
  const visitRoutes = (array: AstNode, inherited: { lazy: string[]; names: string[] }) => {
    for (const el of array.elements as unknown[]) {
      if (!isNode(el) || el.type !== 'ObjectExpression') continue;
      const props = new Map<string, unknown>();
      for (const p of el.properties as AstNode[]) {
        const key = p.key as AstNode | undefined;
        if (p.type === 'Property' && key) props.set(String(key.name ?? key.value), p.value);
      }
      const mine = { lazy: [...inherited.lazy], names: [...inherited.names] };
      let placeholder = false;
      walk(props.get('element'), (m) => {
        if (m.type === 'JSXOpeningElement' && isNode(m.name) && m.name.type === 'JSXIdentifier') {
          const file = lazyFiles.get(m.name.name as string);
          if (file && !mine.lazy.includes(file)) {
            mine.lazy.push(file);
            mine.names.push(m.name.name as string);
          }
        }
        if (m.type === 'CallExpression' && isNode(m.callee) && m.callee.name === 'pending')
          placeholder = true;
      });
      const path = props.get('path');
      if (isNode(path) && typeof path.value === 'string')
        out.push({ path: path.value, ...mine, placeholder });
      const children = props.get('children');
      if (isNode(children) && children.type === 'ArrayExpression') visitRoutes(children, mine);
    }
  };
  visitRoutes(routesArray, { lazy: [], names: [] });
  return out;
}

/**
 * Lazy chunks a page loads as soon as it draws, which the router does not show: home draws its map at once
 * (Leaflet, fetched while the job sites load), concrete profiles the strength curve of the profile shown
 * (uPlot), the tracking manager its map (Leaflet). A manifest key, or a pattern for the names (the manifest's `name`) of the dynamic imports of the
 * page's chunks. They count in the first visit of every route that renders the page. Part 2 checks the
 * list: a chunk a first visit fetches that part 1 does not count shows there.
 */
const DRAWN_AT_ONCE: Record<string, (string | RegExp)[]> = {
  'src/features/home/HomePage.tsx': ['src/features/home/SiteMap.tsx'],
  'src/features/profiles/ConcreteProfilesPage.tsx': [/uPlot/],
  'src/features/tracking/TrackingManagerPage.tsx': ['src/features/tracking/TrackingMap.tsx'],
};

/** A state of a route with more chunks: the login screen of a visitor whose company is known. */
const VARIANTS: { key: RouteKey; label: string; extra: string[] }[] = [
  {
    key: 'login',
    label: '/login, company known (user step)',
    extra: ['src/features/auth/UserLoginStep.tsx'],
  },
];

/** A route pattern without a trailing slash or optional markers, to compare the spec's and the router's. */
const norm = (p: string) => {
  const plain = p.replace(/\?/g, '');
  return plain.length > 1 ? plain.replace(/\/$/, '') : plain;
};

/** What a route's first visit downloads, as part 1 counts it (part 2 compares the browser's with it). */
export interface FirstVisit {
  label: string;
  /** the route's pattern in the spec's table */
  path: string;
  files: Set<string>;
  /** gzipped JS + CSS, English reader */
  total: number;
}

/**
 * The strings each lazily imported module brings (build/string-areas.ts writes the map): areas fetched in
 * the reader's language alongside the module, as JSON chunks of the manifest (`src/i18n/<lng>/<area>.json`).
 */
interface StringAreas {
  modules: Record<string, string[]>;
}
function stringAreas(): StringAreas {
  const file = join(distDir, '.vite/string-areas.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: the build no longer maps lazy modules to their strings`);
  return JSON.parse(readFileSync(file, 'utf8')) as StringAreas;
}

function bundleReport(): FirstVisit[] {
  console.log('\n1. Bundle: gzipped JS + CSS a first visit downloads (Vite manifest of apps/web/dist)');
  ensureBuilt();
  const manifest = JSON.parse(readFileSync(manifestOf(distDir), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('manifest has no entry chunk');
  const strings = stringAreas();
  const router = routerRoutes();
  /** The manifest keys of the strings these lazy modules bring, in a language (its core too, but English's ships in the entry). */
  const stringKeys = (lazy: string[], lng: 'en' | 'es') => {
    const areas = new Set(lazy.flatMap((k) => strings.modules[k] ?? []));
    if (lng === 'es') for (const a of ['auth', 'common', 'shell']) areas.add(a);
    return [...areas].map((a) => `src/i18n/${lng}/${a}.json`).filter((k) => manifest[k]);
  };
  const withDrawn = (lazy: string[]) => {
    const out = [...lazy];
    for (let i = 0; i < out.length; i++) {
      for (const more of DRAWN_AT_ONCE[out[i]] ?? []) {
        const keys =
          typeof more === 'string'
            ? [more]
            : [
                ...new Set(keysOf(manifest, [out[i]]).flatMap((k) => manifest[k]?.dynamicImports ?? [])),
              ].filter((k) => more.test(manifest[k]?.name ?? k));
        if (typeof more !== 'string' && keys.length === 0)
          throw new Error(`${out[i]} has no dynamic import matching ${more}`);
        for (const k of keys) if (!out.includes(k)) out.push(k);
      }
    }
    return out;
  };

  const rows: (string | number)[][] = [
    [
      'route',
      'lazy chunks',
      'files',
      'JS gz',
      'CSS gz',
      'total gz',
      'vs 200 kB goal',
      'Spanish reader',
      'raw',
      '',
    ],
  ];
  const visits: FirstVisit[] = [];
  const entry = download(filesOf(manifest, [entryKey]));
  rows.push([
    'entry (every route)',
    'index.html',
    entry.files,
    kb(entry.js),
    kb(entry.css),
    kb(entry.js + entry.css),
    ratio(entry.js + entry.css, BUNDLE_GOAL),
    '',
    kb(entry.raw),
    '',
  ]);
  const line = (label: string, path: string, routeLazy: string[], names: string[]) => {
    const lazy = withDrawn(routeLazy);
    const missing = lazy.filter((k) => !manifest[k]);
    if (missing.length) {
      rows.push([label, names.join(' + '), '', '', '', 'not built', '', '', '', missing.join(', ')]);
      return;
    }
    const files = filesOf(manifest, [entryKey, ...lazy, ...stringKeys(lazy, 'en')]);
    const d = download(files);
    const es = download(filesOf(manifest, [entryKey, ...lazy, ...stringKeys(lazy, 'es')]));
    const total = d.js + d.css;
    const areas = new Set(lazy.flatMap((k) => strings.modules[k] ?? []));
    visits.push({ label, path, files: new Set(files), total });
    rows.push([
      label,
      [
        ...lazy.map((k) => (k.startsWith('_') ? (manifest[k].name ?? k) : posix.basename(k, '.tsx'))),
        ...(areas.size ? [`strings (${areas.size} areas)`] : []),
      ].join(' + ') || '(entry only)',
      d.files,
      kb(d.js),
      kb(d.css),
      kb(total),
      ratio(total, BUNDLE_GOAL),
      kb(es.js + es.css),
      kb(d.raw),
      total < BUNDLE_GOAL && es.js + es.css < BUNDLE_GOAL ? '' : 'over',
    ]);
  };
  for (const key of Object.keys(paths) as RouteKey[]) {
    const def = paths[key];
    const r = router.find((x) => norm(x.path) === norm(def.path));
    if (!r) {
      rows.push([def.path, '', '', '', '', 'no route', '', '', '', '']);
      continue;
    }
    if (r.placeholder && r.lazy.length === (r.names.includes('AppLayout') ? 1 : 0)) {
      const what = `${r.names.join(' + ')}${r.names.length ? ' + ' : ''}placeholder`;
      rows.push([def.path, what, '', '', '', 'not built', '', '', '', '']);
      continue;
    }
    line(def.path, def.path, r.lazy, r.names);
    for (const v of VARIANTS.filter((x) => x.key === key))
      line(v.label, def.path, [...r.lazy, ...v.extra], []);
  }
  table(rows);
  console.log(
    '  each route: the entry, the lazy chunks it renders (and those its page draws at once), their static imports, ' +
      "and the strings those chunks bring (English; the Spanish column adds that reader's core strings and " +
      'counts the Spanish areas)',
  );
  const over = visits.filter((v) => v.total >= BUNDLE_GOAL);
  console.log(
    `  goal, every first visit under 200 kB gzipped: ${goal(over.length === 0)} ` +
      `(${visits.length - over.length} of ${visits.length} routes and states under; largest ` +
      `${kb(Math.max(...visits.map((v) => v.total)))})`,
  );
  if (over.length) console.log(`  over 200 kB: ${over.map((v) => `${v.label} ${kb(v.total)}`).join(', ')}`);
  return visits;
}

// ---------------------------------------------------------------------------------------------------------
// 2. First visits in Chromium
// ---------------------------------------------------------------------------------------------------------

interface Fetched {
  url: string;
  gz: number;
  wire: number;
  encoding: string;
}

/**
 * Records every script and stylesheet of the server's origin the page downloads, and tells when the page is
 * quiet: no request in flight (the live-event stream apart, which stays open) for 1.5 s.
 */
function recordAssets(page: Page, origin: string) {
  const pending: Promise<Fetched | null>[] = [];
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const counted = (r: { url(): string; resourceType(): string }) =>
    !r.url().includes('/api/events/stream') && !['eventsource', 'websocket'].includes(r.resourceType());
  page.on('request', (r) => {
    if (!counted(r)) return;
    inFlight.add(r);
    lastChange = Date.now();
  });
  const settled = (r: unknown) => {
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if ((type !== 'script' && type !== 'stylesheet') || !res.url().startsWith(origin)) return;
    pending.push(
      (async () => {
        const body = await res.body();
        const sizes = await res.request().sizes();
        return {
          url: new URL(res.url()).pathname,
          gz: gzipSync(body).length,
          wire: sizes.responseBodySize,
          encoding: res.headers()['content-encoding'] ?? 'none',
        };
      })().catch(() => null),
    );
  });
  return {
    /** Waits until the page is quiet (at most 60 s). */
    async quiet(): Promise<void> {
      const start = Date.now();
      while ((inFlight.size > 0 || Date.now() - lastChange < 1500) && Date.now() - start < 60_000)
        await page.waitForTimeout(100);
    },
    /** Everything fetched so far (waits for the bodies). */
    async take(): Promise<Fetched[]> {
      const all = await Promise.all(pending.splice(0));
      return all.filter((f): f is Fetched => f !== null);
    },
  };
}

async function newContext(browser: Browser, url: string, storage?: OriginStorage): Promise<BrowserContext> {
  const origin = new URL(url).origin;
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    // Every fetch of the page is seen (a service worker would answer some of them itself), and each visit
    // is a first one.
    serviceWorkers: 'block',
    ...(storage ? { storageState: { cookies: [], origins: [storage] } } : {}),
  });
  context.setDefaultTimeout(60_000);
  // Only the server's own origin: map tiles and other outside hosts are not fetched.
  await context.route('**/*', (route) =>
    route.request().url().startsWith(origin) || route.request().url().startsWith('data:')
      ? route.continue()
      : route.abort('blockedbyclient'),
  );
  return context;
}

const sum = (fs: Fetched[], f: (x: Fetched) => number) => fs.reduce((s, x) => s + f(x), 0);
function visitRow(label: string, fs: Fetched[]): (string | number)[] {
  const gz = sum(fs, (f) => f.gz);
  const encodings = [...new Set(fs.map((f) => f.encoding))].join('/');
  return [label, fs.length, kb(gz), ratio(gz, BUNDLE_GOAL), `${kb(sum(fs, (f) => f.wire))} ${encodings}`];
}

/** Top-level string keys (`job`, `titles`, ...): text on a screen that starts with one and a dot is a key shown raw. */
function stringKeyPattern(): RegExp {
  const dir = join(webDir, 'src/i18n/en');
  const keys = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => Object.keys(JSON.parse(readFileSync(join(dir, f), 'utf8')) as object));
  return new RegExp(`\\b(?:${keys.join('|')})\\.[A-Za-z][\\w-]*(?:\\.[\\w-]+)*`, 'g');
}

async function visitsReport(browser: Browser, counted: FirstVisit[]): Promise<void> {
  console.log(
    '\n2. First visits in Chromium (real server, demo company, fresh browser profile each, English)',
  );
  const start = performance.now();
  // The screens behind build flags (material tracking, the tracking manager) are switched on, so they are
  // visited too.
  const server = await startServer({
    env: { WEB_DIST: distDir, FEATURE_TRACKING_MANAGER: 'true', FEATURE_MATERIAL_TRACKING: 'true' },
  });
  console.log(`  server ready in ${secs(performance.now() - start)}`);
  const origin = new URL(server.url).origin;
  const rawKey = stringKeyPattern();
  const rows: (string | number)[][] = [
    ['visit', 'address', 'files', 'JS + CSS gz', 'vs 200 kB goal', 'on the wire', 'part 1', 'same files'],
  ];
  const notes: string[] = [];
  const shownKeys: string[] = [];
  const byLabel = new Map(counted.map((v) => [v.label, v]));
  let over = 0;
  let visited = 0;
  /** One row: what the browser fetched, against what part 1 counts for that route. */
  const row = (label: string, address: string, fs: Fetched[], expected?: FirstVisit) => {
    const [, files, gz, vs, wire] = visitRow(label, fs);
    const got = new Set(fs.map((f) => f.url.replace(/^\//, '')));
    let same = '';
    if (expected) {
      const extra = [...got].filter((f) => !expected.files.has(f));
      const missing = [...expected.files].filter((f) => !got.has(f));
      same = extra.length || missing.length ? 'NO' : 'yes';
      if (extra.length) notes.push(`${label}: fetched, not counted by part 1: ${extra.join(', ')}`);
      if (missing.length) notes.push(`${label}: counted by part 1, not fetched: ${missing.join(', ')}`);
    }
    const total = sum(fs, (f) => f.gz);
    visited++;
    if (total >= BUNDLE_GOAL) over++;
    rows.push([label, address, files, gz, vs, wire, expected ? kb(expected.total) : '', same]);
  };
  const subRow = (label: string, fs: Fetched[]) => {
    const [, files, gz, vs, wire] = visitRow(label, fs);
    return [label, '', files, gz, vs, wire, '', ''];
  };
  /** Raw keys in the page's text and title. */
  const checkKeys = async (page: Page, label: string) => {
    const text = await page.evaluate(() => `${document.title}\n${document.body.innerText}`);
    const found = [...new Set(text.match(rawKey) ?? [])];
    if (found.length) shownKeys.push(`${label}: ${found.join(', ')}`);
  };
  const firstVisit = async (
    label: string,
    address: string,
    storage: OriginStorage | undefined,
    expected: FirstVisit | undefined,
  ): Promise<string[]> => {
    const context = await newContext(browser, server.url, storage);
    try {
      const page = await context.newPage();
      const assets = recordAssets(page, origin);
      await page.goto(address);
      await assets.quiet();
      const shown = new URL(page.url()).pathname;
      const moved = norm(decodeURIComponent(shown)) !== norm(decodeURIComponent(address.split('?')[0]));
      row(label, moved ? `${address} -> ${shown}` : address, await assets.take(), expected);
      if (moved) notes.push(`${label}: the app went on to ${shown} (part 1 counts the route's own page)`);
      await checkKeys(page, label);
      return await page.$$eval('a[href^="/"]', (as) => as.map((a) => a.getAttribute('href') ?? ''));
    } finally {
      await context.close();
    }
  };
  try {
    // A new visitor: the company-code step, then what the next steps add.
    let context = await newContext(browser, server.url);
    const page = await context.newPage();
    const assets = recordAssets(page, origin);
    await page.goto('/login');
    await page.locator('input[autocomplete="one-time-code"]').waitFor();
    await page.getByRole('button', { name: /^agree$/i }).waitFor();
    await assets.quiet();
    row('/login, new visitor (code step)', '/login', await assets.take(), byLabel.get('/login'));
    await page.getByRole('button', { name: /^agree$/i }).click();
    await page.locator('input[autocomplete="one-time-code"]').click();
    await page.keyboard.type('DEMO1');
    await page.getByRole('textbox', { name: /username or email/i }).waitFor();
    await assets.quiet();
    rows.push(subRow('  then the code accepted: user step adds', await assets.take()));
    await page.getByRole('tab', { name: /phone/i }).click();
    await page.getByRole('textbox', { name: /phone number/i }).waitFor();
    await assets.quiet();
    rows.push(subRow('  then the phone tab adds', await assets.take()));
    await context.close();

    // A returning visitor whose company is known: the user step.
    const signedIn = await signInViaApi(server.url, { username: 'admin' });
    const value = (name: string) => signedIn.localStorage.find((e) => e.name === `sitepulse.${name}`)?.value;
    const companyKeys = [
      'loginToken',
      'companyId',
      'authCode',
      'baseUrl',
      'companyName',
      'seenPrivacyPolicy',
    ];
    const companyOnly: OriginStorage = {
      origin: signedIn.origin,
      localStorage: signedIn.localStorage.filter((e) =>
        companyKeys.includes(e.name.replace(/^sitepulse\./, '')),
      ),
    };
    const userStep = VARIANTS.find((v) => v.key === 'login')?.label ?? '';
    context = await newContext(browser, server.url, companyOnly);
    const known = await context.newPage();
    const knownAssets = recordAssets(known, origin);
    await known.goto('/login');
    await known.getByRole('textbox', { name: /username or email/i }).waitFor();
    await knownAssets.quiet();
    row(userStep, '/login', await knownAssets.take(), byLabel.get(userStep));
    await context.close();

    // Every other route of the table: the public ones signed out, the others signed in as the demo
    // company's admin; an address for a route with parameters is one the app links to from a screen
    // visited before (breadth first from home and the routes without parameters).
    const patterns = (Object.keys(paths) as RouteKey[]).filter((k) => k !== 'login').map((k) => paths[k]);
    const found = new Map<string, string>();
    const companyId = value('companyId') ?? '1';
    found.set(
      paths.accountSetup.path,
      paths.accountSetup.href(companyId, 'inspector', 'inspector@demo-construction.example'),
    );
    found.set(paths.editUser.path, paths.editUser.href(value('userId') ?? '1'));
    for (const p of patterns) if (!p.path.includes(':')) found.set(p.path, p.path);
    const patternOf = (href: string) =>
      patterns.find((p) => matchPath({ path: norm(p.path), end: true }, norm(href.split(/[?#]/)[0])));
    const done = new Set<string>();
    const queue = [...patterns.filter((p) => found.has(p.path))];
    while (queue.length) {
      const def = queue.shift() as (typeof patterns)[number];
      if (done.has(def.path)) continue;
      done.add(def.path);
      const address = found.get(def.path) as string;
      const links = await firstVisit(
        def.path,
        address,
        def.auth ? signedIn : undefined,
        counted.find((v) => v.label === def.path),
      );
      for (const href of links) {
        const p = patternOf(href);
        if (p && !found.has(p.path)) {
          found.set(p.path, href);
          queue.push(p);
        }
      }
    }
    const unvisited = patterns.filter((p) => !done.has(p.path)).map((p) => p.path);
    table(rows);
    console.log(
      '  gz: each file gzipped here (level 6); on the wire: as the server sent it (it prefers brotli); part 1: ' +
        'the same route counted from the manifest; same files: whether the browser fetched exactly those files',
    );
    for (const n of notes) console.log(`  ${n}`);
    if (unvisited.length) console.log(`  no address found in the demo data for: ${unvisited.join(', ')}`);
    console.log(
      `  goal, every first visit under 200 kB gzipped in the browser: ${goal(over === 0)} ` +
        `(${visited - over} of ${visited} visits under)`,
    );
    console.log(
      `  string keys shown raw: ${shownKeys.length ? shownKeys.join('; ') : 'none'} (text and title of every visit)`,
    );
    if (notes.length || shownKeys.length) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------
// 3. The job chart in Chromium
// ---------------------------------------------------------------------------------------------------------

/** A deterministic chart answer (SeriesResponse): `sensors` series of `points` buckets, avg/min/max. */
function chartAnswer(sensors: number, points: number): string {
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const bucketMs = 5 * 60_000;
  const start = Date.UTC(2026, 0, 5) - (Date.UTC(2026, 0, 5) % bucketMs);
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const series = Array.from({ length: sensors }, (_, s) => {
    const avg: (number | null)[] = [];
    const min: (number | null)[] = [];
    const max: (number | null)[] = [];
    let gap = 0;
    for (let i = 0; i < points; i++) {
      if (gap > 0 || rand() < 0.0005) {
        gap = gap > 0 ? gap - 1 : 12; // a gateway outage: an hour without readings
        avg.push(null);
        min.push(null);
        max.push(null);
        continue;
      }
      const v = 18 + s * 0.4 + 9 * Math.sin((i / 288) * 2 * Math.PI) + 2 * Math.exp(-i / 2000) + rand();
      avg.push(round(v));
      min.push(round(v - rand()));
      max.push(round(v + rand()));
    }
    return {
      sensorId: 1000 + s,
      sensorType: 'temperature',
      sensorAlias: `T${s + 1}`,
      nodeId: 500 + Math.floor(s / 4),
      channelId: (s % 4) + 1,
      avg,
      min,
      max,
    };
  });
  return JSON.stringify({
    from: start,
    to: start + points * bucketMs,
    bucket: '5min',
    bucketMs,
    start,
    points,
    series,
  });
}

/**
 * The page's script: uPlot and the shared chart's column builder, bundled by Vite, with `measure`, which
 * times JSON.parse + columns + uPlot's first draw the way TimeChart draws (one line per sensor's average,
 * time axis in a named zone, live legend).
 */
function chartEntry(useShared: boolean): string {
  const builder = useShared
    ? `import { buildChartColumns } from ${JSON.stringify(chartDataFile)};`
    : `function buildChartColumns(grid, lines, convert) {
  const n = Math.max(0, grid.points);
  const xs = new Array(n);
  for (let i = 0; i < n; i++) xs[i] = (grid.start + i * grid.bucketMs) / 1000;
  const columns = [xs];
  for (const line of lines) {
    const ys = new Array(n);
    for (let i = 0; i < n; i++) {
      const v = line.values[i];
      ys[i] = v === null || v === undefined || !Number.isFinite(v) ? null : convert(v);
    }
    columns.push(ys);
  }
  return columns;
}`;
  return `import 'uplot/dist/uPlot.min.css';
import uPlot from 'uplot';
${builder}

const COLOURS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
const texts = new Map();
async function text(name) {
  if (!texts.has(name)) texts.set(name, await (await fetch('/payload/' + name + '.json')).text());
  return texts.get(name);
}

function draw(body, el) {
  const lines = body.series.map((s, i) => ({
    key: String(s.sensorId),
    label: s.sensorAlias ?? String(s.sensorId),
    values: s.avg,
    color: COLOURS[i % COLOURS.length],
  }));
  const t1 = performance.now();
  const data = buildChartColumns({ start: body.start, bucketMs: body.bucketMs, points: body.points }, lines, (v) => v);
  const t2 = performance.now();
  return new Promise((resolve) => {
    const opts = {
      width: el.clientWidth,
      height: 280,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'America/Toronto'),
      cursor: { drag: { x: true, y: false } },
      legend: { live: true },
      scales: { x: { time: true } },
      axes: [{ stroke: '#5f6b76' }, { stroke: '#5f6b76', size: 56 }],
      series: [{}, ...lines.map((l) => ({ label: l.label + ' (°C)', stroke: l.color, width: 2, spanGaps: false, points: { show: false } }))],
      hooks: { draw: [(u) => resolve({ u, t1, t2, t3: performance.now() })] },
    };
    new uPlot(opts, data, el);
  });
}

window.measure = async (name, runs) => {
  const payload = await text(name);
  const el = document.getElementById('chart');
  const out = { total: [], parse: [], columns: [], draw: [], parseOnly: [], drawn: null };
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const body = JSON.parse(payload);
    const { u, t1, t2, t3 } = await draw(body, el);
    out.total.push(t3 - t0);
    out.parse.push(t1 - t0);
    out.columns.push(t2 - t1);
    out.draw.push(t3 - t2);
    // What was drawn, for the bench to check against the answer: grid length, lines, x step (s), a value.
    const xs = u.data[0];
    out.drawn = {
      points: xs.length,
      lines: u.series.length - 1,
      stepS: xs[1] - xs[0],
      firstX: xs[0],
      lastY: u.data[u.data.length - 1][xs.length - 1] ?? null,
      canvas: u.ctx.canvas.width > 0,
    };
    u.destroy();
    await new Promise((r) => setTimeout(r, 20));
  }
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    JSON.parse(payload);
    out.parseOnly.push(performance.now() - t0);
  }
  return out;
};
window.benchReady = true;
`;
}

async function chartReport(browser: Browser): Promise<void> {
  console.log('\n3. The job chart in Chromium: JSON.parse + uPlot columns + first draw');
  const useShared =
    existsSync(chartDataFile) &&
    /export function buildChartColumns\b/.test(readFileSync(chartDataFile, 'utf8'));
  console.log(
    useShared
      ? '  columns built by the shared chart builder (apps/web/src/components/charts/chart-data.ts buildChartColumns)'
      : '  the shared chart builder was not found: uPlot measured with the bench own column builder',
  );
  const work = join(repoRoot, 'node_modules/.cache/sitepulse-bench-web');
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'chart-entry.js'), chartEntry(useShared));
  await build({
    configFile: false,
    root: work,
    logLevel: 'warn',
    build: {
      outDir: join(work, 'out'),
      emptyOutDir: true,
      cssCodeSplit: false,
      lib: {
        entry: join(work, 'chart-entry.js'),
        formats: ['es'],
        fileName: () => 'chart.js',
        cssFileName: 'chart',
      },
    },
  });
  const outFiles = readdirSync(join(work, 'out'));
  const cssFile = outFiles.find((f) => f.endsWith('.css'));

  const payloads = {
    '20x5000': chartAnswer(20, 5_000),
    '1x100000': chartAnswer(1, 100_000),
    '20x50': chartAnswer(20, 50),
  } as const;
  const html = `<!doctype html><html><head><meta charset="utf-8">${
    cssFile ? `<link rel="stylesheet" href="/${cssFile}">` : ''
  }</head><body style="margin:0"><div id="chart" style="width:1200px"></div><script type="module" src="/chart.js"></script></body></html>`;
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    const payload = /^\/payload\/(.+)\.json$/.exec(url)?.[1] as keyof typeof payloads | undefined;
    if (url === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    else if (payload && payloads[payload])
      res.writeHead(200, { 'content-type': 'application/json' }).end(payloads[payload]);
    else if (outFiles.includes(url.slice(1))) {
      const type = url.endsWith('.css') ? 'text/css' : 'text/javascript';
      res.writeHead(200, { 'content-type': type }).end(readFileSync(join(work, 'out', url.slice(1))));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  type Drawn = {
    points: number;
    lines: number;
    stepS: number;
    firstX: number;
    lastY: number | null;
    canvas: boolean;
  };
  type Times = Record<'total' | 'parse' | 'columns' | 'draw' | 'parseOnly', number[]> & { drawn: Drawn };
  /** Each chart in a fresh page, as a first visit draws it: its first run is cold (no JIT warm-up yet). */
  const measure = async (name: keyof typeof payloads): Promise<Times> => {
    const page = await context.newPage();
    try {
      await page.goto(url);
      await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
      const t = await page.evaluate(
        ([n, r]) => (window as unknown as { measure(n: string, r: number): Promise<Times> }).measure(n, r),
        [name, RUNS] as [string, number],
      );
      // A fast wrong chart must not pass: the drawn grid is the answer's.
      const answer = JSON.parse(payloads[name]) as {
        start: number;
        bucketMs: number;
        points: number;
        series: { avg: (number | null)[] }[];
      };
      const lastAvg = answer.series[answer.series.length - 1].avg;
      const expected: Drawn = {
        points: answer.points,
        lines: answer.series.length,
        stepS: answer.bucketMs / 1000,
        firstX: answer.start / 1000,
        lastY: lastAvg[lastAvg.length - 1],
        canvas: true,
      };
      if (JSON.stringify(t.drawn) !== JSON.stringify(expected)) {
        throw new Error(
          `chart ${name} drew ${JSON.stringify(t.drawn)}, expected ${JSON.stringify(expected)}`,
        );
      }
      return t;
    } finally {
      await page.close();
    }
  };
  try {
    const small = await measure('20x50');
    const smallP50 = percentile(small.total, 50);
    const rows: (string | number)[][] = [
      [
        'chart answer',
        'JSON',
        'first run',
        'median',
        'parse',
        'columns',
        'draw',
        'vs 100 ms goal',
        'vs JSON.parse alone',
        'vs 1,000 points',
      ],
    ];
    const results: [string, number, number][] = [];
    for (const [name, label] of [
      ['20x5000', '20 sensors x 5,000 points'],
      ['1x100000', '1 sensor x 100,000 points'],
      ['20x50', '20 sensors x 50 points (baseline)'],
    ] as const) {
      const t = name === '20x50' ? small : await measure(name);
      const p50 = percentile(t.total, 50);
      const parseOnly = percentile(t.parseOnly, 50);
      if (name !== '20x50') results.push([label, p50, t.total[0]]);
      rows.push([
        label,
        kb(payloads[name].length),
        ms(t.total[0]),
        ms(p50),
        ms(percentile(t.parse, 50)),
        ms(percentile(t.columns, 50)),
        ms(percentile(t.draw, 50)),
        ratio(p50, CHART_GOAL_MS),
        `${ratio(p50, parseOnly)} (${ms(parseOnly)})`,
        ratio(p50, smallP50),
      ]);
    }
    table(rows);
    console.log(
      `  ${RUNS} runs each in a fresh page (the first run is cold, as on a first visit), 1200 x 280 px canvas, ` +
        'Chromium without GPU; parse/columns/draw: medians of each phase; each drawn grid checked against its answer',
    );
    for (const [label, p50, cold] of results)
      console.log(
        `  goal ${label}: drawn under 100 ms including decoding ${goal(p50 < CHART_GOAL_MS)} ` +
          `(median ${ms(p50)}; cold first draw ${ms(cold)}, ${goal(cold < CHART_GOAL_MS)})`,
      );
  } finally {
    await context.close();
    server.close();
  }
}

// ---------------------------------------------------------------------------------------------------------

console.log(
  `bench:web  ${availableParallelism()} CPUs, Node ${process.version}, load average ${loadavg()[0].toFixed(1)}`,
);
const firstVisits = bundleReport();
if (!existsSync(CHROMIUM)) {
  console.log(`\n${CHROMIUM} not found: the browser measurements (2, 3) are skipped`);
} else {
  const browser = await chromium.launch(launchOptions);
  try {
    const attempt = async (what: string, run: () => Promise<void>) => {
      try {
        await run();
      } catch (err) {
        console.log(`  ${what}: FAILED, not measured: ${(err as Error).message}`);
        process.exitCode = 1;
      }
    };
    if (VISITS) await attempt('first visits', () => visitsReport(browser, firstVisits));
    else console.log('\n2. First visits: skipped (BENCH_WEB_VISITS=0)');
    await attempt('chart', () => chartReport(browser));
  } finally {
    await browser.close();
  }
}
console.log(`\n  load average at the end ${loadavg()[0].toFixed(1)}`);
