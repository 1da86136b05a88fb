/**
 * Starts the real Sitepulse server as a child process for the end-to-end suite:
 * a free port, a fresh SQLite database in a temp dir, the demo seed, and the built web app.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const webIndex = join(repoRoot, 'apps/web/dist/index.html');

/** Values the specs assert on; passed to the server so the UI shows exactly these. */
export const testEnv = {
  HELP_URL: 'https://help.sitepulse.test/',
  SHOP_URL: 'https://shop.sitepulse.test/',
  SUPPORT_PHONE: '+1 800 555 0199',
  SUPPORT_EMAIL: 'support@sitepulse.test',
  MAP_TILE_URL: 'https://tiles.sitepulse.test/{z}/{x}/{y}.png',
} as const;

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  dbPath: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra or overriding environment variables, e.g. { AUTH_RATE_LIMIT_MAX: '5' }. */
  env?: Record<string, string>;
  /** How long to wait for GET /api/health (ms). */
  readyTimeoutMs?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();
const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
};
process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  if (!existsSync(webIndex)) {
    throw new Error(
      `e2e: ${webIndex} is missing. Build the web app first with \`npm run build\` ` +
        '(`npm test` builds it before running the end-to-end suite).',
    );
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sitepulse-e2e-'));
  const dbPath = join(dir, 'e2e.db');
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Never inherit a database or secret from the caller's shell.
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  delete env.SMTP_URL;
  delete env.MQTT_URL;
  delete env.TEST_DB;
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${dbPath}`,
    SEED: 'demo',
    AUTH_RATE_LIMIT_MAX: '1000',
    LOG_LEVEL: 'warn',
    ...testEnv,
    ...options.env,
  });

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    detached: true, // its own process group, so stop() ends tsx and anything it spawned
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
    if (child.exitCode === null && child.signalCode === null) await exited;
    clearTimeout(timer);
    running.delete(child);
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`e2e: the server exited before it was ready (code ${child.exitCode}).\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) {
        const body = (await res.json()) as { status?: string };
        if (body.status === 'ok') break;
      }
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`e2e: GET ${url}/api/health did not answer {"status":"ok"} in time.\n${output}`);
    }
    // Poll again soon: the health call itself is what tells readiness, so keep the gap short.
    await new Promise((r) => setTimeout(r, 50));
  }

  return { url, port, dbPath, output: () => output, stop };
}
