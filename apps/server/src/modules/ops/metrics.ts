import { createHash, timingSafeEqual } from 'node:crypto';
import type { IngestResult } from '@sitepulse/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueDepth } from '../../jobs/leased-queue.ts';
import { APP_VERSION } from '../system/routes.ts';

/**
 * Prometheus metrics (issue 17, docs/decisions/metrics.md). One registry per app for what the app counts,
 * and one per process for the process itself (CPU, memory, event-loop lag, GC: prom-client's defaults),
 * made once however many apps a process builds (tests build many).
 *
 * GET /metrics answers only when METRICS_TOKEN is set, to `Authorization: Bearer <METRICS_TOKEN>`
 * (compared in constant time); otherwise it answers 404 like any unknown path.
 */

export type IngestTransport = 'http' | 'mqtt';

/** A leased job queue whose depth is read from the database at each scrape. */
export interface DepthSource {
  depth(now: number): Promise<QueueDepth>;
}

export interface MetricsOptions {
  /** METRICS_TOKEN: undefined keeps metrics off (no hooks, no process metrics, /metrics is 404) */
  token: string | undefined;
  /** the leased queues by name (reports, notifications, labels) */
  queues: Record<string, DepthSource>;
  /** how long a scrape waits for the queue depths before it answers without them (ms) */
  depthTimeoutMs?: number;
}

export interface Metrics {
  readonly enabled: boolean;
  /** Counts one stored batch (its accepted, duplicate and rejected items) and answers it unchanged. */
  countIngest<R extends IngestResult>(transport: IngestTransport, result: R): R;
  /** Counts one answered request (the onResponse hook of registerMetrics). */
  observeHttp(req: FastifyRequest, reply: FastifyReply): void;
  /** The text exposition of every metric (process and app). */
  scrape(): Promise<string>;
  readonly contentType: string;
}

/** Methods Fastify routes; anything else is counted as OTHER, so a label never takes a client's word. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Request durations, seconds: from a cached read (ms) to a large export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

/** The status class label of a status code: 2xx, 3xx, 4xx or 5xx (1xx never reaches onResponse). */
const statusClass = (status: number) => `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx`;

let processRegistry: Registry | undefined;
/** The process's own metrics, made on first use and kept for the life of the process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The metrics of one app. Counting is always possible; exposing needs a token (see MetricsOptions). */
export function createMetrics(opts: MetricsOptions): Metrics {
  const enabled = opts.token !== undefined;
  const registry = new Registry();
  const depthTimeoutMs = opts.depthTimeoutMs ?? 2_000;

  const requests = new Counter({
    name: 'sitepulse_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern (never the raw URL) and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'sitepulse_http_request_duration_seconds',
    help: 'Time from request to answer, by method, route pattern and status class (event streams left out)',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const batches = new Counter({
    name: 'sitepulse_ingest_batches_total',
    help: 'Gateway batches stored (HTTP POST /api/ingest/readings, MQTT uplinks)',
    labelNames: ['transport'] as const,
    registers: [registry],
  });
  const items = new Counter({
    name: 'sitepulse_ingest_items_total',
    help: 'Items of stored gateway batches: accepted (stored now), duplicate (already stored), rejected',
    labelNames: ['transport', 'outcome'] as const,
    registers: [registry],
  });
  for (const transport of ['http', 'mqtt'] as const) {
    batches.inc({ transport }, 0);
    for (const outcome of ['accepted', 'duplicate', 'rejected']) items.inc({ transport, outcome }, 0);
  }

  /**
   * The queue depths of one scrape, read once for the two gauges that show them (prom-client collects
   * every metric at once); undefined when the database did not answer in time.
   */
  let reading: Promise<Map<string, QueueDepth> | undefined> | undefined;
  const readDepths = () => {
    reading ??= (async () => {
      const now = Date.now();
      const entries = Object.entries(opts.queues);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), depthTimeoutMs);
      });
      try {
        const depths = await Promise.race([Promise.all(entries.map(([, q]) => q.depth(now))), late]);
        return depths && new Map(entries.map(([name], i) => [name, depths[i]]));
      } catch {
        return undefined;
      } finally {
        clearTimeout(timer);
      }
    })().finally(() => {
      reading = undefined;
    });
    return reading;
  };

  new Gauge({
    name: 'sitepulse_job_queue_depth',
    help: 'Jobs of the leased queues, read from the database at scrape time: ready (claimable now), running (leased), scheduled (due later)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const depths = await readDepths();
      // The database did not answer: the depths are left out of this scrape rather than shown stale.
      this.reset();
      for (const [queue, depth] of depths ?? [])
        for (const state of ['ready', 'running', 'scheduled'] as const)
          this.set({ queue, state }, depth[state]);
    },
  });
  new Gauge({
    name: 'sitepulse_database_up',
    help: '1 when this scrape read the queue depths from the database in time, else 0',
    registers: [registry],
    async collect() {
      this.set((await readDepths()) ? 1 : 0);
    },
  });
  const info = new Gauge({
    name: 'sitepulse_build_info',
    help: 'Always 1; the version label names the running server',
    labelNames: ['version'] as const,
    registers: [registry],
  });
  info.set({ version: APP_VERSION }, 1);

  return {
    enabled,
    contentType: registry.contentType,
    countIngest(transport, result) {
      batches.inc({ transport });
      if (result.accepted > 0) items.inc({ transport, outcome: 'accepted' }, result.accepted);
      if (result.duplicates > 0) items.inc({ transport, outcome: 'duplicate' }, result.duplicates);
      if (result.rejected.length > 0) items.inc({ transport, outcome: 'rejected' }, result.rejected.length);
      return result;
    },
    observeHttp(req, reply) {
      const labels = {
        method: METHODS.has(req.method) ? req.method : 'OTHER',
        // The route pattern (/api/nodes/:id), bounded by the routes there are; unknown paths share one label.
        route: req.routeOptions.url ?? 'unmatched',
        status_class: statusClass(reply.statusCode),
      };
      requests.inc(labels);
      // An event stream stays open for minutes by design: its length says nothing of the server's speed.
      const streaming = String(reply.raw.getHeader('content-type') ?? '').startsWith('text/event-stream');
      if (!streaming) duration.observe(labels, reply.elapsedTime / 1000);
    },
    async scrape() {
      return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    },
  };
}

/**
 * The ingest service as one transport sees it: every batch it stores is counted. MQTT ingest gets this
 * (app.ts); the HTTP route counts its answer itself (modules/ingest/routes.ts).
 */
export function countingIngest<S extends { ingest(...args: never[]): Promise<IngestResult> }>(
  service: S,
  metrics: Metrics,
  transport: IngestTransport,
): S {
  const ingest = (async (...args: Parameters<S['ingest']>) =>
    metrics.countIngest(transport, await service.ingest(...args))) as S['ingest'];
  return { ...service, ingest };
}

/** SHA-256 of both sides, so the comparison takes the same time whatever the length of the guess. */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const m = header?.match(/^Bearer +(\S+) *$/i);
  const given = createHash('sha256')
    .update(m?.[1] ?? '')
    .digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected) && m != null;
}

/**
 * Registers the request hook and GET /metrics on the root app. Call before the API plugin is registered,
 * so the hook sees every route.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  if (metrics.enabled) {
    processMetrics();
    app.addHook('onResponse', async (req, reply) => {
      metrics.observeHttp(req, reply);
    });
  }
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (token === undefined) {
      // Off: the same answer as any unknown path.
      return reply
        .status(404)
        .send({ error: { code: 'NOT_FOUND', message: `No such call: ${req.method} /metrics` } });
    }
    if (!tokenMatches(req.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'UNAUTHORIZED', message: 'Authentication required' } });
    }
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this app (modules/ops/metrics.ts) */
    metrics: Metrics;
  }
}
