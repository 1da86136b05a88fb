import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The origin a tile template loads from, for the CSP's img-src: `https://{s}.tile.example.org/{z}/{x}/{y}.png`
 * gives `https://*.tile.example.org`. Null when the template is not an absolute http(s) URL (then tiles
 * come from this server, which 'self' already allows).
 */
export function tileSource(template: string): string | null {
  const m = /^(https?:)\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return null;
  const host = m[2].replace(/\{[^}]*\}/g, '*');
  // A placeholder inside a label ({s}a.example) cannot be a CSP wildcard: allow the whole scheme's subdomains instead.
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host)) return null;
  return `${m[1].toLowerCase()}//${host.toLowerCase()}`;
}

/**
 * Security headers on every answer, HTML and API alike (docs/decisions/security.md):
 * a Content-Security-Policy that allows no inline script and no framing, nosniff, a referrer policy
 * that never sends a path (reset links carry a token) to another origin.
 *
 * Helmet writes the headers once, at start-up, and every answer gets that same set. They depend on nothing of
 * the request. @fastify/helmet, used before, built helmet's middleware anew on each request (its options parsed
 * and the CSP written again), and running the middleware itself costs 11 steps a request: together they took
 * the lightest signed-in call from 0.2 to 0.4 of a bare route's rate (bench:api).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { mapTileUrl: string; httpsOnly: boolean },
): Promise<void> {
  const tiles = tileSource(opts.mapTileUrl);
  const writeHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) and Leaflet set styles at run time: inline styles stay allowed, inline scripts never.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Company logos arrive as data: URLs; map tiles from the configured tile server.
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only where the site is served over https: on plain http (a LAN install) it would break every request.
        ...(opts.httpsOnly ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over https; on http it is ignored, so send it only when the site is https.
    strictTransportSecurity: opts.httpsOnly ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  // Helmet only sets (and removes X-Powered-By, which Fastify never sends): a response that records is enough.
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  writeHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
