import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { mapTileUrl: string; httpsOnly: boolean },
): Promise<void> {
  const tiles = tileSource(opts.mapTileUrl);
  await app.register(fastifyHelmet, {
    global: true,
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
}
