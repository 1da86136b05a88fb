/**
 * What the several-servers test (cluster.postgres.test.ts) and bench/cluster.ts need: real server processes
 * started from the real entry (apps/server/src/main.ts, as `npm run serve` and the e2e suite start it),
 * a fetch client that spreads calls over them, an SSE reader, and a gateway on MQTT 5.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import mqtt from 'mqtt';
import { REPO_ROOT } from '../config.ts';

/** A free TCP port on loopback. */
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

export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  /** the MQTT client id it was given (its persistent session at the broker) */
  mqttClientId: string | undefined;
  /** everything it printed */
  output(): string;
  /** resolves when it has exited: its exit code, or the signal that ended it */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  signal(sig: NodeJS.Signals): void;
  /** SIGTERM, and SIGKILL if it is still there after a while (clean-up only) */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts `node --import tsx apps/server/src/main.ts` with this environment (on top of a clean one:
 * nothing of the caller's DATABASE_URL, secrets or broker is inherited) and waits until GET
 * /api/health answers. Throws with the process's output if it exits first.
 */
export async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['DATABASE_URL', 'JWT_SECRET', 'SMTP_URL', 'MQTT_URL', 'TEST_DB', 'MQTT_CLIENT_ID'])
    delete base[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...base,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED: 'none',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent-web-dist',
      ...env,
    },
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
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error(`server ${name} exited before it was ready:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    name,
    url,
    pid: child.pid ?? 0,
    mqttClientId: env.MQTT_CLIENT_ID,
    output: () => output,
    exited,
    signal: (sig) => {
      if (!gone) child.kill(sig);
    },
    async stop() {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type SseFrame = { event: string; data: string };

/** An SSE stream read over fetch: its events in order, and a way to wait for one. */
export async function openEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`event stream answered ${res.status}: ${await res.text()}`);
  const frames: SseFrame[] = [];
  const waiters: (() => void)[] = [];
  let connected = false;
  let ended = false;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buf = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(': connected')) connected = true;
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (data.length > 0) frames.push({ event, data: data.join('\n') });
          i = buf.indexOf('\n\n');
        }
        for (const w of waiters.splice(0)) w();
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      for (const w of waiters.splice(0)) w();
    }
  })();
  const wait = () => new Promise<void>((r) => waiters.push(r));
  return {
    frames,
    /** Resolves once the server said the subscription is in place. */
    async connected(): Promise<void> {
      while (!connected) {
        if (ended) throw new Error('stream ended');
        await wait();
      }
    },
    /** The first event (from the start) that matches; waits for it without a limit of its own. */
    async find(pick: (f: SseFrame) => boolean): Promise<SseFrame> {
      let seen = 0;
      for (;;) {
        for (; seen < frames.length; seen++) if (pick(frames[seen])) return frames[seen];
        if (ended) throw new Error('stream ended');
        await wait();
      }
    },
    close: () => controller.abort(),
  };
}

export interface Answer {
  server: string;
  status: number;
  body: unknown;
}

/**
 * Sends a call to the servers in turn until one answers it with a status the caller accepts; a
 * server that cannot be reached (killed, stopped) is skipped from then on. Answers which server did.
 */
export function createRoundRobin(servers: ServerProcess[]) {
  const down = new Set<string>();
  let next = 0;
  let retried = 0;
  const pick = (): ServerProcess => {
    for (let k = 0; k < servers.length; k++) {
      const s = servers[next++ % servers.length];
      if (!down.has(s.name)) return s;
    }
    throw new Error('every server is down');
  };
  return {
    down,
    pick,
    /** calls that failed on one server (cut, refused, 5xx) and were sent to another */
    get retried() {
      return retried;
    },
    async call(
      path: string,
      init: RequestInit,
      done: (status: number) => boolean = (s) => s < 500,
    ): Promise<Answer> {
      for (;;) {
        const s = pick();
        let res: Response;
        try {
          res = await fetch(`${s.url}${path}`, init);
        } catch (err) {
          // Refused: gone for good. Reset mid-call: the call's fate is unknown; another server gets it.
          const code = (err as { cause?: { code?: string } }).cause?.code;
          if (code === 'ECONNREFUSED') down.add(s.name);
          retried++;
          continue;
        }
        const text = await res.text();
        const body = text ? JSON.parse(text) : null;
        if (done(res.status)) return { server: s.name, status: res.status, body };
        retried++;
      }
    },
  };
}

/**
 * A gateway on MQTT 5: publishes uplinks (QoS 1) with correlation data, and takes the server's answer
 * on the ack topic by that correlation data, so answers from several servers in any order are matched.
 * An uplink not answered within resendMs is published again (a resend is a duplicate to the server).
 */
export async function createMqttGateway(opts: {
  url: string;
  root: string;
  gatewayId: number;
  resendMs: number;
}) {
  const client = await mqtt.connectAsync(opts.url, {
    clientId: `${opts.root}-gateway-${opts.gatewayId}`,
    protocolVersion: 5,
    clean: true,
    reconnectPeriod: 500,
  });
  const ack = `${opts.root}/gateways/${opts.gatewayId}/ack`;
  const up = `${opts.root}/gateways/${opts.gatewayId}/up`;
  const pending = new Map<
    string,
    { payload: string; resolve: (body: unknown) => void; timer: NodeJS.Timeout }
  >();
  let resends = 0;
  client.on('message', (_topic, payload, packet) => {
    const id = packet.properties?.correlationData?.toString();
    const p = id === undefined ? undefined : pending.get(id);
    if (!p) return;
    pending.delete(id as string);
    clearTimeout(p.timer);
    p.resolve(JSON.parse(payload.toString()));
  });
  await client.subscribeAsync(ack, { qos: 1 });
  const publish = (id: string, payload: string) =>
    client.publish(up, payload, { qos: 1, properties: { correlationData: Buffer.from(id) } });
  return {
    get resends() {
      return resends;
    },
    /** Publishes an uplink and resolves with the server's answer to it. */
    send(id: string, payload: string): Promise<unknown> {
      return new Promise((resolve) => {
        const again = () => {
          const p = pending.get(id);
          if (!p) return;
          resends++;
          publish(id, payload);
          p.timer = setTimeout(again, opts.resendMs);
        };
        pending.set(id, { payload, resolve, timer: setTimeout(again, opts.resendMs) });
        publish(id, payload);
      });
    },
    async close() {
      for (const p of pending.values()) clearTimeout(p.timer);
      await client.endAsync();
    },
  };
}

/** Removes the persistent session a server process left at the broker (connect clean, leave). */
export async function forgetMqttSession(url: string, clientId: string): Promise<void> {
  try {
    const c = await mqtt.connectAsync(url, {
      clientId,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 2000,
    });
    await c.endAsync();
  } catch {
    // it expires on its own (MQTT_SESSION_EXPIRY_S)
  }
}
