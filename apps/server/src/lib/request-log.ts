import type { FastifyInstance } from 'fastify';

/**
 * What the log says about requests (Fastify's own per-request lines are off): one line per request at
 * `debug`, and at `info` only the slow ones, so an operator's default log reads start-up, errors, slow
 * requests and ingest summaries rather than every chart a viewer loads. 5xx answers are logged by
 * the error handler. `LOG_LEVEL=debug` brings every request back.
 */
export function registerRequestLog(app: FastifyInstance, opts: { slowRequestMs: number }): void {
  app.addHook('onResponse', async (req, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const line = { req, statusCode: reply.statusCode, responseTimeMs: ms };
    // The events stream stays open for minutes by design: its length is not slowness.
    const streaming = String(reply.raw.getHeader('content-type') ?? '').startsWith('text/event-stream');
    if (ms >= opts.slowRequestMs && !streaming) req.log.info(line, 'slow request');
    else req.log.debug(line, 'request completed');
  });
}
