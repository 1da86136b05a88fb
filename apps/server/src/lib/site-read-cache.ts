/**
 * The read cache of the dashboards' hot calls: many people watching one job site share one
 * computation per change of the site's data, and a refetch of an unchanged answer costs a 304.
 *
 * What it caches: a call of SITE_READS whose answer depends only on one job site's data and on the
 * caller's access there (docs/decisions/alarms-and-live-updates.md, "What a viewer costs"). Every
 * request still authenticates and still checks the caller's access to the site before anything is
 * answered from the cache; a caller who may not read the site (404, 403) always reaches the handler.
 * The key holds everything that decides what a caller sees: company, site, the caller's access code
 * there, their account type, the URL and the body. An entry is used only while the site's data version
 * (events service) is the one it was computed at, and for at most TTL_MS (answers that depend on the
 * clock, such as "started" by date, move on by themselves). Identical misses are computed once
 * (single flight). Answers carry a weak ETag of their bytes and `Cache-Control: private, no-cache`, so
 * a browser revalidates with If-None-Match and an unchanged answer is a 304 without a body.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { canUseWebDashboard } from '@sitepulse/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/types.ts';
import type { DataVersions } from '../modules/events/service.ts';
import type { JobsitesService } from '../modules/jobsites/service.ts';

/** Longest an answer is reused without a new version (clock-dependent fields move on). */
export const TTL_MS = 10_000;
/** Bytes of answers (uncompressed and compressed) kept at most. */
const MAX_BYTES = 64 * 1024 * 1024;
/** Smaller answers are sent uncompressed (as @fastify/compress's threshold). */
const COMPRESS_THRESHOLD = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface CachedRead {
  version: number;
  body: string;
  etag: string;
  /** compressed once per encoding, on first use */
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
}

interface Lookups {
  /** The job site of a project of the company, if there is one. */
  siteOfProject(companyId: number, projectId: number): Promise<number | undefined>;
}

type SiteOf = (req: FastifyRequest, companyId: number, lookups: Lookups) => Promise<number | undefined>;

/** A filter by job site and/or project: the site, when the call reads exactly one site's data. */
async function siteOfFilter(
  companyId: number,
  lookups: Lookups,
  siteId: number | undefined,
  projectId: number | undefined,
): Promise<number | undefined> {
  if (projectId === undefined) return siteId;
  const projectSite = await lookups.siteOfProject(companyId, projectId);
  // A project of another site (or none) is left to the handler: its answer is not only this site's data.
  if (projectSite === undefined || (siteId !== undefined && siteId !== projectSite)) return undefined;
  return projectSite;
}

type Filter = { tenantGroupId?: number; tenant?: number; tenantId?: number };

/** The calls whose answer is one job site's data (read after validation, so values are in bounds). */
const SITE_READS = new Map<string, SiteOf>([
  [
    'GET /api/analytics/lumimon/jobs/overview/by_tenant_group/:id',
    async (req) => (req.params as { id: number }).id,
  ],
  [
    'POST /api/analytics/concrete/maturity/jobs/paged',
    (req, companyId, lookups) => {
      const b = req.body as Filter;
      return siteOfFilter(companyId, lookups, b.tenantGroupId, b.tenant);
    },
  ],
  [
    'POST /api/analytics/microweather/node/jobs/paged',
    (req, companyId, lookups) => {
      const b = req.body as Filter;
      return siteOfFilter(companyId, lookups, b.tenantGroupId, b.tenantId);
    },
  ],
  [
    // The strength forecasts of a project's or a site's running pours (issue 13): every pour card polls it.
    'GET /api/analytics/concrete/maturity/jobs/forecast',
    (req, companyId, lookups) => {
      const q = req.query as Filter;
      return siteOfFilter(companyId, lookups, q.tenantGroupId, q.tenant);
    },
  ],
  [
    'GET /api/analytics/concrete/maturity/jobs/info/by_tenant',
    (req, companyId, lookups) =>
      siteOfFilter(companyId, lookups, undefined, (req.query as { tenant: number }).tenant),
  ],
]);

/**
 * POST calls that change nothing (reads with a body, sign-in steps): every other successful
 * POST/PUT/PATCH/DELETE moves its company's data version. Ingest moves the versions of the sites it
 * touched itself (events service).
 */
const READS_WITH_BODY = new Set([
  '/api/analytics/concrete/maturity/jobs/paged',
  '/api/analytics/concrete/maturity/jobs/sensors',
  '/api/data/analytics/concrete/maturity/time',
  '/api/data/analytics/concrete/maturity/time/by_sids',
  '/api/data/measurement/time',
  '/api/data/measurement/time/by_sids',
  '/api/analytics/microweather/node/jobs/sensors',
  '/api/analytics/microweather/node/jobs/paged',
  '/api/analytics/data/jobs/sensors',
  '/api/data/warehouse/measurement/time/by_job',
  '/api/data/warehouse/measurement/time/by_sid',
  '/api/data/warehouse/analytics/time/by_job',
  '/api/auth/company_code',
  '/api/auth/refresh_token',
  '/api/v2/users/invite/cmd/verify_username',
  '/api/v2/users/invite/cmd/verify_username/list',
]);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const want = opaque(etag);
  return header.split(',').some((t) => t.trim() === '*' || opaque(t) === want);
}

export interface SiteReadCacheOptions {
  db: Kysely<Database>;
  jobsites: Pick<JobsitesService, 'siteAccess'>;
  versions: DataVersions;
}

interface Pending {
  key: string;
  flightKey: string;
  version: number;
  settle: (read: CachedRead | null) => void;
}

/** Adds the cache's hooks to the app (call before the routes are registered). */
export function registerSiteReadCache(app: FastifyInstance, opts: SiteReadCacheOptions) {
  const { versions } = opts;
  const cache = new LRUCache<string, CachedRead>({
    maxSize: MAX_BYTES,
    // The body, and room for its compressed copies (made later, each smaller than the body): the
    // size is fixed when an entry is stored, so it counts them up front.
    sizeCalculation: (r) => 2 * r.body.length,
    ttl: TTL_MS,
  });
  const inFlight = new Map<string, Promise<CachedRead | null>>();
  const pending = new WeakMap<FastifyRequest, Pending>();
  const lookups: Lookups = {
    async siteOfProject(companyId, projectId) {
      const row = await opts.db
        .selectFrom('tenant')
        .select('tenant_group_id')
        .where('id', '=', projectId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return row?.tenant_group_id ?? undefined;
    },
  };
  const stats = { hits: 0, shared: 0, misses: 0, notModified: 0 };

  function settle(req: FastifyRequest, read: CachedRead | null): void {
    const p = pending.get(req);
    if (!p) return;
    pending.delete(req);
    inFlight.delete(p.flightKey);
    p.settle(read);
  }

  function encoded(read: CachedRead, encoding: 'br' | 'gzip'): Promise<Buffer> {
    let out = read.encoded.get(encoding);
    if (!out) {
      out =
        encoding === 'br'
          ? brotli(read.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipAsync(read.body);
      read.encoded.set(encoding, out);
      void out.catch(() => read.encoded.delete(encoding));
    }
    return out;
  }

  /** Headers of a cached answer, and its payload: nothing for a 304, else the bytes the client accepts. */
  async function answer(req: FastifyRequest, reply: FastifyReply, read: CachedRead) {
    reply.header('etag', read.etag);
    reply.header('cache-control', 'private, no-cache');
    reply.header('vary', 'accept-encoding');
    if (etagMatches(req.headers['if-none-match'], read.etag)) {
      stats.notModified++;
      reply.code(304);
      return '';
    }
    reply.type('application/json; charset=utf-8');
    const accept = req.headers['accept-encoding'];
    const encoding =
      read.body.length >= COMPRESS_THRESHOLD && typeof accept === 'string'
        ? negotiate(accept, ['br', 'gzip', 'identity'])
        : null;
    if (encoding === 'br' || encoding === 'gzip') {
      reply.header('content-encoding', encoding);
      return encoded(read, encoding);
    }
    return read.body;
  }

  app.addHook('preHandler', async (req, reply) => {
    const siteOf = SITE_READS.get(`${req.method} ${req.routeOptions.url}`);
    const actor = req.actor;
    if (!siteOf || !actor) return;
    const siteId = await siteOf(req, actor.companyId, lookups);
    if (siteId === undefined) return;
    // Access first, on every request: a caller who may not read the site gets the handler's 404 or 403.
    const access = (await opts.jobsites.siteAccess(actor)).granted.get(siteId);
    if (access === undefined || !canUseWebDashboard(access)) return;
    const key = JSON.stringify([
      actor.companyId,
      siteId,
      access,
      actor.accountType,
      req.method,
      req.url,
      req.method === 'GET' ? null : req.body,
    ]);
    const version = versions.of(actor.companyId, siteId);
    let read = cache.get(key);
    if (read?.version !== version) {
      const flightKey = `${version}|${key}`;
      const flight = inFlight.get(flightKey);
      if (!flight) {
        stats.misses++;
        let resolve: (r: CachedRead | null) => void = () => {};
        inFlight.set(flightKey, new Promise((r) => (resolve = r)));
        pending.set(req, { key, flightKey, version, settle: resolve });
        return; // the handler computes it; onSend keeps it
      }
      read = (await flight) ?? undefined;
      if (!read) return; // the first one failed: this one asks for itself
      stats.shared++;
    } else stats.hits++;
    return reply.send(await answer(req, reply, read));
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const p = pending.get(req);
    if (p) {
      if (reply.statusCode !== 200 || typeof payload !== 'string') {
        settle(req, null);
        return payload;
      }
      const read: CachedRead = {
        version: p.version,
        body: payload,
        etag: `W/"${createHash('sha1').update(payload).digest('base64url')}"`,
        encoded: new Map(),
      };
      cache.set(p.key, read);
      settle(req, read);
      return answer(req, reply, read);
    }
    const route = req.routeOptions.url;
    const failed = reply.statusCode >= 400 && reply.statusCode < 500; // a refusal changes nothing
    if (route && !SAFE_METHODS.has(req.method) && !failed && !READS_WITH_BODY.has(route)) {
      if (!route.startsWith('/api/ingest/')) {
        const companyId = req.actor?.companyId ?? req.tokenCompanyId;
        if (companyId === null) versions.everythingWritten();
        else versions.companyWritten(companyId);
      }
    }
    return payload;
  });

  // A request that ends without answering (client gone) must not leave others waiting on it.
  app.addHook('onResponse', async (req) => settle(req, null));
  app.addHook('onRequestAbort', async (req) => settle(req, null));

  return { stats, clear: () => cache.clear() };
}
