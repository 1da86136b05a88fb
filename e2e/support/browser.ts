/**
 * Chromium (Debian's /usr/bin/chromium driven by playwright-core) for the end-to-end suite:
 * one browser per spec file, a fresh context per test, external network blocked. Tests of the login
 * screen sign in through the UI (signIn); tests that only need a session start signed in through the
 * API (E2E.signedInPage, session.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { repoRoot, type StartOptions, startServer, type TestServer } from './server.ts';
import { signInViaApi } from './session.ts';
import { ui } from './ui.ts';

export const screenshotDir = join(repoRoot, 'screenshots');

export const launchOptions = {
  executablePath: '/usr/bin/chromium',
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

/** Playwright's own wait for every locator action and check (ms). */
export const actionTimeoutMs = 30_000;

export interface Viewport {
  width: number;
  height: number;
}
export const desktop: Viewport = { width: 1280, height: 800 };
export const phone: Viewport = { width: 390, height: 844 };

export interface Credentials {
  code?: string;
  username: string;
  password?: string;
}

export interface PageOptions {
  viewport?: Viewport;
}

export interface E2E {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A page in a fresh browser context (empty local storage), on the server's origin. */
  newPage(options?: PageOptions): Promise<Page>;
  /**
   * A page in a fresh browser context that starts signed in as `credentials`, signed in through the
   * API (signInViaApi in session.ts) rather than the login screen, already opened at `path` (default
   * '/'). For tests that need a session but are not about signing in.
   */
  signedInPage(credentials: Credentials, options?: PageOptions & { path?: string }): Promise<Page>;
}

/** Registers the hooks of one spec file: server and browser for the file, a context per test. */
export function useE2E(options: StartOptions = {}): E2E {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let pages: Page[] = [];
  const pageErrors: string[] = [];
  /** What the Content-Security-Policy refused on any page of a test: the test fails (security.md). */
  const cspViolations: string[] = [];

  beforeAll(async () => {
    // Both at once; whichever started is kept for afterAll to stop if the other failed.
    const [startedServer, launchedBrowser] = await Promise.allSettled([
      startServer(options),
      chromium.launch(launchOptions),
    ]);
    if (startedServer.status === 'fulfilled') server = startedServer.value;
    if (launchedBrowser.status === 'fulfilled') browser = launchedBrowser.value;
    if (startedServer.status === 'rejected') throw startedServer.reason;
    if (launchedBrowser.status === 'rejected') throw launchedBrowser.reason;
  });

  beforeEach(() => {
    pageErrors.length = 0;
    cspViolations.length = 0;
  });

  afterEach(async (ctx) => {
    // A failed test leaves a screenshot of every page it opened, before the contexts close.
    if (ctx.task.result?.state === 'fail' || (ctx.task.result?.errors?.length ?? 0) > 0) {
      const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
      for (const [i, page] of pages.entries()) {
        if (!page.isClosed()) await screenshot(page, `failed-${name}-${i}`).catch(() => {});
      }
      if (pageErrors.length)
        console.error(`e2e page errors in "${ctx.task.name}":\n${pageErrors.join('\n')}`);
    }
    for (const c of contexts) await c.close().catch(() => {});
    contexts = [];
    pages = [];
    if (cspViolations.length)
      throw new Error(`the Content-Security-Policy refused:\n${cspViolations.join('\n')}`);
  });

  afterAll(async () => {
    await browser?.close().catch(() => {});
    await server?.stop();
  });

  /** A page in a fresh context, optionally starting with the given storage state. */
  async function openPage(
    { viewport = desktop }: PageOptions = {},
    storageState?: BrowserContextOptions['storageState'],
  ): Promise<Page> {
    if (!server || !browser) throw new Error('e2e: newPage() called outside a test');
    const origin = new URL(server.url).origin;
    const context = await browser.newContext({
      baseURL: server.url,
      viewport,
      locale: 'en-US',
      ...(storageState ? { storageState } : {}),
    });
    context.setDefaultTimeout(actionTimeoutMs);
    context.setDefaultNavigationTimeout(30_000);
    // Only the server's own origin is reachable: map tiles and other outside hosts are aborted.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      let requestOrigin = '';
      try {
        requestOrigin = new URL(url).origin;
      } catch {
        /* unparsable: abort */
      }
      return requestOrigin === origin ? route.continue() : route.abort('blockedbyclient');
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(String(err)));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text()))
        cspViolations.push(msg.text());
    });
    pages.push(page);
    return page;
  }

  return {
    get server() {
      if (!server) throw new Error('e2e: server not started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('e2e: browser not started');
      return browser;
    },
    newPage: (pageOptions) => openPage(pageOptions),
    async signedInPage(credentials, { path = '/', ...pageOptions } = {}) {
      if (!server) throw new Error('e2e: signedInPage() called outside a test');
      const storage = await signInViaApi(server.url, credentials);
      const page = await openPage(pageOptions, { cookies: [], origins: [storage] });
      await page.goto(path);
      return page;
    },
  };
}

/**
 * Writes screenshots/<name>.png (the folder is gitignored). Transitions are run to their end first, so a menu or
 * dialog just opened is shown as a person sees it a moment later, not half faded in.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: false, animations: 'disabled' });
  return path;
}

/**
 * Accepts the privacy-policy overlay if it shows. It appears on a fresh browser before anything
 * else can be used; once agreed, it stays away.
 */
export async function acceptPrivacyIfShown(page: Page): Promise<void> {
  const agree = ui.privacyAgree(page);
  await agree.or(ui.codeInput(page)).or(ui.usernameInput(page)).first().waitFor();
  // The overlay mounts in the same render as the login form, from the saved 'seen' flag.
  if (await agree.isVisible()) {
    await agree.click();
    await agree.waitFor({ state: 'hidden' });
  }
}

/** Types a company code into the 5-character entry (it submits itself at the fifth character). */
export async function enterCompanyCode(page: Page, code: string): Promise<void> {
  const input = ui.codeInput(page);
  await input.waitFor();
  await input.click();
  // One key event per character, as typed; no pause between keys (the entry is one controlled input).
  await page.keyboard.type(code);
}

/**
 * Walks the real login UI from wherever the page is: opens /login if needed, accepts the privacy
 * overlay, enters the company code (default DEMO1), then username and password (default demo1234).
 * Does not wait for the landing page; callers assert where they land.
 */
export async function signIn(page: Page, { code = 'DEMO1', username, password = 'demo1234' }: Credentials) {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await acceptPrivacyIfShown(page);
  const usernameInput = ui.usernameInput(page);
  if (!(await usernameInput.isVisible())) {
    await enterCompanyCode(page, code);
    await usernameInput.waitFor();
  }
  await usernameInput.fill(username);
  await ui.passwordInput(page).fill(password);
  await ui.loginButton(page).click();
}

/** Signs in and waits until the app has left /login. */
export async function signInAndWait(page: Page, credentials: Credentials) {
  await signIn(page, credentials);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
