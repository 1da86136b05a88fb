import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface RssReport {
  /** highest RSS sampled (every 20 ms) since the last reset, bytes */
  peak: number;
  current: number;
  /** the kernel's peak RSS of the whole process life (getrusage), bytes */
  maxRss: number;
}

export interface BenchServer {
  url: string;
  pid: number;
  /** Peak RSS since the last reset. */
  rss(): Promise<RssReport>;
  /** Starts a new peak-RSS window. */
  resetRss(): Promise<void>;
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./server-child.ts', import.meta.url));

/**
 * Starts a server in a child process (see server-child.ts): `app` is the real application on
 * env.DATABASE_URL, `bare` a bare Fastify route. With BENCH_CPU_PROF=<dir> the child writes a V8
 * CPU profile there when it stops (read it with bench/lib/cpuprofile-top.ts).
 */
export async function startServer(
  kind: 'app' | 'bare',
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const execArgv = ['--import', 'tsx'];
  const profDir = process.env.BENCH_CPU_PROF;
  if (profDir) {
    mkdirSync(profDir, { recursive: true });
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${profDir}`);
  }
  const child: ChildProcess = fork(CHILD, [], {
    execArgv,
    env: { ...process.env, ...env, BENCH_SERVER: kind },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiters = new Map<string, (m: Record<string, unknown>) => void>();
  let exited = false;
  child.on('message', (m: Record<string, unknown>) => {
    const w = waiters.get(String(m.type));
    if (w) {
      waiters.delete(String(m.type));
      w(m);
    }
  });
  const exit = new Promise<void>((resolve) => {
    child.on('exit', (code) => {
      exited = true;
      for (const [type, w] of waiters) {
        waiters.delete(type);
        w({ type: 'error', error: `server process exited (code ${code})` });
      }
      resolve();
    });
  });
  const ask = (type: string, reply: string = type) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      if (exited) return reject(new Error('the server process has exited'));
      waiters.set(reply, (m) => (m.type === 'error' ? reject(new Error(String(m.error))) : resolve(m)));
      if (type !== 'ready') child.send({ type });
    });

  const ready = await ask('ready');
  const url = `http://127.0.0.1:${ready.port}`;
  return {
    url,
    pid: child.pid ?? 0,
    async rss() {
      const m = await ask('rss');
      return { peak: Number(m.peak), current: Number(m.current), maxRss: Number(m.maxRss) };
    },
    async resetRss() {
      await ask('reset');
    },
    async stop() {
      if (exited) return;
      await ask('stop', 'stopped').catch(() => undefined);
      await exit;
    },
  };
}
