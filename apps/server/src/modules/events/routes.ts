import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EventsStreamQuery } from '@sitepulse/contracts';
import { decodeJwt } from 'jose';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER, bearerToken } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

/** Longest a timer may wait (setTimeout's limit). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** When the access token that opened a stream expires (epoch ms), if it says. */
function tokenExpiry(authorization: string | undefined): number | null {
  const token = bearerToken(authorization);
  if (!token) return null;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** GET /api/events/stream: server-sent events of one job site. */
export const eventsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { events } = services;

  app.addHook('preClose', async () => {
    events.close();
  });

  app.get(
    '/events/stream',
    {
      schema: {
        tags: ['live updates'],
        security: BEARER,
        summary: 'Live updates of a job site (text/event-stream)',
        description:
          'Server-sent events for a job site granted to the caller (404 otherwise; 403 for an inspector there). `event: readings` after new ' +
          'readings, battery, signal or positions of the site are stored (maturity and alarms already updated); ' +
          '`event: alarms` when an alarm bit of a job changes. `data:` is JSON ' +
          '`{tenantGroupId, nodeIds, maturityJobIds, channelJobIds, at, version}`: the ids to re-read and the ' +
          "site's data version after it, never the data. " +
          'At most one event of each name per site per second for one viewer (a burst is merged); with more viewers of the ' +
          'site the window widens (15 ms per viewer, at most 5 s) and each event reaches the viewers spread over up to half ' +
          'of it, so their re-reads do not all land at once. The first event after a quiet window is sent at once. A comment line every 25 s ' +
          'keeps the stream open. The stream ends when the access token that opened it expires: reconnect with a ' +
          'fresh token (401 means refresh first). Authenticate with the bearer header, as every call.',
        querystring: EventsStreamQuery,
        response: AUTHED_ERRORS,
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      const siteId = req.query.tenantGroupId;
      await events.assertCanSubscribe(actor, siteId);

      reply.hijack();
      const res = reply.raw;
      // The headers hooks set (the security headers: lib/security-headers.ts) go with the stream too.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) res.setHeader(name, value);
      }
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      const write = (text: string) => {
        if (!res.writableEnded && !res.destroyed) res.write(text);
      };

      let closed = false;
      const unsubscribe = events.subscribe(siteId, (name, data) => {
        write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      });
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), events.options.heartbeatMs);
      const expiry = tokenExpiry(req.headers.authorization);
      const expiryTimer =
        expiry === null
          ? null
          : setTimeout(() => end(), Math.min(MAX_TIMER_MS, Math.max(0, expiry - Date.now())));
      const unregister = events.onClose(() => end());

      function cleanup() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        if (expiryTimer) clearTimeout(expiryTimer);
        unsubscribe();
        unregister();
      }
      function end() {
        cleanup();
        if (!res.writableEnded) res.end();
      }
      res.on('close', cleanup);
      req.raw.on('close', cleanup);
      // The subscription exists from here on: tell the client it may rely on it.
      write(': connected\n\n');
    },
  );
};
