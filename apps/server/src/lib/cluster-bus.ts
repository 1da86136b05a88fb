/**
 * The cluster bus (issue 17, docs/decisions/several-servers.md): what one server process tells the
 * others that share its database. Live events to deliver to their viewers, data versions to move
 * (their read caches), sessions and users whose trusted tokens to forget.
 *
 * PostgreSQL: LISTEN/NOTIFY on channel `sitepulse_bus`. Messages go out through the pool with
 * `pg_notify`, batched per turn of the event loop and packed into payloads under NOTIFY's 8,000-byte
 * limit (messages carry ids, never data); they come in on one dedicated connection that reconnects
 * with backoff. Every payload names the process that sent it, so a process never handles its own
 * messages a second time (it acted on them locally already). Messages sent while a process was not
 * listening are lost to it: when its connection comes back it tells its `onGap` handlers, which drop
 * what they cached.
 *
 * SQLite (one process): a bus that goes nowhere, so the same callers work unchanged.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../db/index.ts';

export type BusHandler = (message: unknown) => void;

export interface BusLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface ClusterBus {
  /** true when other processes may share the database (PostgreSQL): publishing reaches them */
  readonly shared: boolean;
  /** this process's name in the payloads it sends */
  readonly origin: string;
  /**
   * Sends a message (JSON, under MESSAGE_MAX_BYTES once serialised) on a topic to every other process;
   * never delivered back to this one. Fire and forget: a failure is logged, and the receivers' caches
   * still expire on their own.
   */
  publish(topic: string, message: unknown): void;
  /** Handles the messages of a topic sent by other processes; returns the function that stops. */
  subscribe(topic: string, handler: BusHandler): () => void;
  /** Called when the listening connection is back after a gap (messages of the gap were missed). */
  onGap(handler: () => void): () => void;
  /** Where connection trouble is logged (the app sets its logger). */
  useLogger(log: BusLog): void;
  /** Starts listening (the first attempt is awaited; failures retry in the background). */
  start(): Promise<void>;
  /** Sends what is queued, stops listening, and ends the connection. */
  close(): Promise<void>;
  /** Resolves once everything published so far was handed to the database (tests, shutdown). */
  flush(): Promise<void>;
}

/** PostgreSQL's NOTIFY payload limit is 8,000 bytes: payloads stay below this. */
export const PAYLOAD_MAX_BYTES = 7_900;
/** The largest single message: what callers must keep under (the rest of a payload is its envelope). */
export const MESSAGE_MAX_BYTES = 7_700;
export const BUS_CHANNEL = 'sitepulse_bus';
/** Reconnect waits: from the first, doubling, up to the last (plus up to 20 % jitter). */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

const consoleLog: BusLog = {
  info: (obj, msg) => console.info(msg ?? 'cluster bus', obj),
  warn: (obj, msg) => console.warn(msg ?? 'cluster bus', obj),
  error: (obj, msg) => console.error(msg ?? 'cluster bus', obj),
};

function createHandlers() {
  const topics = new Map<string, Set<BusHandler>>();
  const gaps = new Set<() => void>();
  return {
    subscribe(topic: string, handler: BusHandler) {
      let set = topics.get(topic);
      if (!set) {
        set = new Set();
        topics.set(topic, set);
      }
      set.add(handler);
      return () => void topics.get(topic)?.delete(handler);
    },
    onGap(handler: () => void) {
      gaps.add(handler);
      return () => void gaps.delete(handler);
    },
    deliver(topic: string, message: unknown, log: BusLog) {
      for (const h of topics.get(topic) ?? []) {
        try {
          h(message);
        } catch (err) {
          log.error({ err, topic }, 'a cluster bus handler failed');
        }
      }
    },
    gap(log: BusLog) {
      for (const h of gaps) {
        try {
          h();
        } catch (err) {
          log.error({ err }, 'a cluster bus gap handler failed');
        }
      }
    },
  };
}

/** One process alone (SQLite): publishing goes nowhere, nothing ever arrives. */
export function createLocalBus(): ClusterBus {
  const handlers = createHandlers();
  return {
    shared: false,
    origin: 'local',
    publish() {},
    subscribe: handlers.subscribe,
    onGap: handlers.onGap,
    useLogger() {},
    start: async () => {},
    close: async () => {},
    flush: async () => {},
  };
}

/**
 * Packs [topic, message] entries into as few payloads as fit under PAYLOAD_MAX_BYTES, in order. An
 * entry too large on its own is left out and reported (callers keep messages small).
 */
export function packPayloads(
  origin: string,
  entries: [string, unknown][],
): { payloads: string[]; tooLarge: string[] } {
  const head = `{"o":${JSON.stringify(origin)},"m":[`;
  const payloads: string[] = [];
  const tooLarge: string[] = [];
  let parts: string[] = [];
  let size = Buffer.byteLength(head) + 2;
  const emit = () => {
    if (parts.length > 0) payloads.push(`${head}${parts.join(',')}]}`);
    parts = [];
    size = Buffer.byteLength(head) + 2;
  };
  for (const entry of entries) {
    const text = JSON.stringify(entry);
    const bytes = Buffer.byteLength(text);
    if (bytes > MESSAGE_MAX_BYTES) {
      tooLarge.push(entry[0]);
      continue;
    }
    if (size + bytes + 1 > PAYLOAD_MAX_BYTES) emit();
    parts.push(text);
    size += bytes + 1;
  }
  emit();
  return { payloads, tooLarge };
}

/** The entries of a payload another process sent, or null when it is ours or not one of ours. */
export function readPayload(origin: string, payload: string): [string, unknown][] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { o, m } = parsed as { o?: unknown; m?: unknown };
  if (typeof o !== 'string' || o === origin || !Array.isArray(m)) return null;
  return m.filter(
    (e): e is [string, unknown] => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string',
  );
}

/**
 * The bus on PostgreSQL: publishes through `pool`, listens on its own connection to `connectionString`.
 */
export function createPgBus(opts: { pool: pg.Pool; connectionString: string; log?: BusLog }): ClusterBus {
  const origin = randomBytes(6).toString('hex');
  const handlers = createHandlers();
  let log = opts.log ?? consoleLog;
  let queue: [string, unknown][] = [];
  let scheduled = false;
  /** sends run one after another, so one process's messages arrive in the order it sent them */
  let sending: Promise<void> = Promise.resolve();
  let client: pg.Client | null = null;
  let connected = false;
  let everConnected = false;
  let closing = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  function send(): void {
    scheduled = false;
    const entries = queue;
    queue = [];
    if (entries.length === 0) return;
    const { payloads, tooLarge } = packPayloads(origin, entries);
    for (const topic of tooLarge) log.error({ topic }, 'a cluster bus message is too large: not sent');
    sending = sending.then(async () => {
      for (const payload of payloads) {
        try {
          await opts.pool.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, payload]);
        } catch (err) {
          log.warn({ err }, 'cluster bus: a message could not be sent');
        }
      }
    });
  }

  function onNotification(msg: pg.Notification): void {
    if (msg.channel !== BUS_CHANNEL || !msg.payload) return;
    const entries = readPayload(origin, msg.payload);
    if (!entries) return;
    for (const [topic, message] of entries) handlers.deliver(topic, message, log);
  }

  function scheduleReconnect(): void {
    if (closing || retryTimer) return;
    const base = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** attempt);
    attempt++;
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        void connect();
      },
      base + Math.random() * base * 0.2,
    );
    retryTimer.unref();
  }

  function dropClient(c: pg.Client, reason: string, err?: unknown): void {
    if (client !== c) return;
    client = null;
    const was = connected;
    connected = false;
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    if (closing) return;
    if (was) log.warn({ err }, `cluster bus: listening connection lost (${reason}); reconnecting`);
    scheduleReconnect();
  }

  async function connect(): Promise<void> {
    if (closing || client) return;
    const c = new pg.Client({ connectionString: opts.connectionString, keepAlive: true });
    client = c;
    c.on('error', (err) => dropClient(c, 'error', err));
    c.on('end', () => dropClient(c, 'ended'));
    c.on('notification', onNotification);
    try {
      await c.connect();
      await c.query(`LISTEN ${BUS_CHANNEL}`);
    } catch (err) {
      if (client === c) {
        if (attempt === 0) log.warn({ err }, 'cluster bus: cannot listen yet; retrying');
        dropClient(c, 'connect failed', err);
      }
      return;
    }
    if (client !== c || closing) return;
    connected = true;
    attempt = 0;
    // Anything sent while we were not listening is lost to us: whoever cached on it drops it.
    if (everConnected) {
      log.info({}, 'cluster bus: listening again');
      handlers.gap(log);
    }
    everConnected = true;
  }

  return {
    shared: true,
    origin,
    publish(topic, message) {
      if (closing) return;
      queue.push([topic, message]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(send);
      }
    },
    subscribe: handlers.subscribe,
    onGap: handlers.onGap,
    useLogger(l) {
      log = l;
    },
    start: () => connect(),
    async flush() {
      if (scheduled) send();
      await sending;
    },
    async close() {
      if (scheduled) send();
      closing = true;
      clearTimeout(retryTimer);
      await sending;
      const c = client;
      client = null;
      connected = false;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}

/** The bus of a database: LISTEN/NOTIFY on PostgreSQL, none on SQLite (one process). */
export function createClusterBus(store: Pick<Db, 'raw'>, databaseUrl: string): ClusterBus {
  return store.raw.dialect === 'postgres'
    ? createPgBus({ pool: store.raw.pool, connectionString: databaseUrl })
    : createLocalBus();
}
