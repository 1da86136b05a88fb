import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import ajvFormats from 'ajv-formats';
import Fastify, { type FastifyError, LogController } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { alarmEventsRoutes } from './modules/alarm-events/routes.ts';
import { alarmsRoutes } from './modules/alarms/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { checklistsRoutes } from './modules/checklists/routes.ts';
import { companiesRoutes } from './modules/companies/routes.ts';
import { eventsRoutes } from './modules/events/routes.ts';
import { exportsRoutes } from './modules/exports/routes.ts';
import { forecastRoutes } from './modules/forecast/routes.ts';
import { gpsRoutes } from './modules/gps/routes.ts';
import { startMqttIngest } from './modules/ingest/mqtt.ts';
import { ingestRoutes } from './modules/ingest/routes.ts';
import { jobsRoutes } from './modules/jobs/routes.ts';
import { jobsitesRoutes } from './modules/jobsites/routes.ts';
import { lumimonRoutes } from './modules/lumimon/routes.ts';
import { lumitrackRoutes } from './modules/lumitrack/routes.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { maturityRoutes } from './modules/maturity/routes.ts';
import { measurementsRoutes } from './modules/measurements/routes.ts';
import { nodesRoutes } from './modules/nodes/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { countingIngest, createMetrics, registerMetrics } from './modules/ops/metrics.ts';
import { createReadiness } from './modules/ops/readiness.ts';
import { pairsRoutes } from './modules/pairs/routes.ts';
import { portfolioRoutes } from './modules/portfolio/routes.ts';
import { profilesRoutes } from './modules/profiles/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { resourcesRoutes } from './modules/resources/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { signoffsRoutes } from './modules/signoffs/routes.ts';
import { APP_VERSION, systemRoutes } from './modules/system/routes.ts';
import { trackingRoutes } from './modules/tracking/routes.ts';
import { usageRoutes } from './modules/usage/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import './lib/actor.ts';
import { AppError, codeForStatus, databaseRefusal, forbidden, unauthorized } from './lib/errors.ts';
import { bearerToken } from './lib/http.ts';
import { rejectHostileInput } from './lib/input-guard.ts';
import { registerRequestLog } from './lib/request-log.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { registerSiteReadCache } from './lib/site-read-cache.ts';
import { createServices, type ModuleOptions, type ServiceOptions, type Services } from './services.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** false: no log at all (tests). Otherwise pino at LOG_LEVEL, to stdout or to `logStream`. */
  logger?: false;
  /** where the log lines go instead of stdout (tests read them) */
  logStream?: { write(line: string): void };
  /** services put in place of the defaults (tests: their own report generators and file store) */
  services?: ServiceOptions;
}

/** Reads the bearer token of every /api call whose route is not public (see AuthMode). */
const apiPlugin: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services, config }) => {
  const { auth } = services;
  const opts: ModuleOptions = { services, config };

  app.addHook('onRequest', async (req) => {
    if (!req.routeOptions.url) return; // unknown route: the not-found handler answers
    const mode = req.routeOptions.config.auth ?? 'access';
    if (mode === 'public') return;
    const token = bearerToken(req.headers.authorization);
    if (!token) {
      if (mode === 'optional') return;
      throw unauthorized();
    }
    let result: Awaited<ReturnType<typeof auth.authenticate>>;
    try {
      result = await auth.authenticate(token);
    } catch (e) {
      if (mode === 'optional') return;
      throw e;
    }
    if (result.kind === 'company') {
      if (mode === 'access') throw unauthorized('This call needs a signed-in user');
      req.tokenCompanyId = result.companyId;
    } else {
      req.actor = result.actor;
      req.tokenCompanyId = result.actor.companyId;
    }
    const header = req.headers.companyid;
    if (typeof header === 'string' && header !== '' && Number(header) !== req.tokenCompanyId) {
      throw forbidden('The CompanyId header does not match the signed-in company');
    }
  });

  await app.register(systemRoutes, opts);
  await app.register(authRoutes, opts);
  await app.register(companiesRoutes, opts);
  await app.register(resourcesRoutes, opts);
  await app.register(jobsitesRoutes, opts);
  await app.register(usersRoutes, opts);
  await app.register(mailRoutes, opts);
  await app.register(settingsRoutes, opts);
  await app.register(ingestRoutes, opts);
  await app.register(nodesRoutes, opts);
  await app.register(jobsRoutes, opts);
  await app.register(profilesRoutes, opts);
  await app.register(maturityRoutes, opts);
  await app.register(measurementsRoutes, opts);
  await app.register(gpsRoutes, opts);
  await app.register(lumimonRoutes, opts);
  await app.register(lumitrackRoutes, opts);
  await app.register(exportsRoutes, opts);
  await app.register(eventsRoutes, opts);
  await app.register(alarmsRoutes, opts);
  await app.register(alarmEventsRoutes, opts);
  await app.register(forecastRoutes, opts);
  await app.register(pairsRoutes, opts);
  await app.register(portfolioRoutes, opts);
  await app.register(signoffsRoutes, opts);
  await app.register(checklistsRoutes, opts);
  await app.register(reportsRoutes, opts);
  await app.register(notificationsRoutes, opts);
  await app.register(pushRoutes, opts);
  await app.register(usageRoutes, opts);
  await app.register(trackingRoutes, opts);
};

/** A URL with the value of its `token` query parameter replaced. */
export const redactToken = (url: string) => url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

/** Builds the whole application (API, OpenAPI, web app) without listening: tests use app.inject. */
export async function buildApp({ config, db, logger, logStream, services: serviceOptions }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Download links carry the access token in the query: never write it to the log.
      serializers: {
        req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
          method: req.method,
          url: redactToken(req.url),
          host: req.hostname,
          remoteAddress: req.ip,
        }),
      },
    },
    // Per-request lines come from registerRequestLog: at debug, or at info when slow.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 120_000,
    ajv: { plugins: [ajvFormats as never] },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const services = await createServices(config, db, serviceOptions);
  services.events.useLogger(app.log);
  app.decorate('services', services);
  // E-mails are delivered after their call answered: let the last ones finish before the database closes.
  app.addHook('onClose', async () => {
    await services.mail.idle();
  });
  app.addHook('onReady', async () => {
    services.ingest.summary.start(app.log);
  });
  app.addHook('onClose', async () => {
    services.ingest.summary.stop();
  });
  // The cluster bus (issue 17; PostgreSQL only): listening before the first request, closed after the last.
  services.bus.useLogger(app.log);
  app.addHook('onReady', async () => {
    await services.bus.start();
  });
  app.addHook('onClose', async () => {
    await services.bus.close();
  });
  await registerSecurityHeaders(app, {
    mapTileUrl: config.mapTileUrl,
    httpsOnly: (config.publicUrl ?? '').startsWith('https:'),
  });
  registerRequestLog(app, { slowRequestMs: config.slowRequestMs });
  // /metrics (METRICS_TOKEN) and readiness (GET /api/ready): modules/ops, docs/deploy.md.
  const metrics = createMetrics({
    token: config.metricsToken,
    queues: {
      reports: services.reports.repo.queue,
      notifications: services.notifications.repo.queue,
      labels: services.lumitrack.repo.queue,
    },
  });
  app.decorate('metrics', metrics);
  app.decorate('readiness', createReadiness(db));
  registerMetrics(app, metrics, config.metricsToken);
  // NUL characters, non-finite numbers and deep nesting anywhere in a request: 400 before the handler
  // and before any other preHandler reads the request (registered first, it runs first).
  // After validation, because Ajv coerces a query's `Infinity` to a number and skips its bounds.
  app.addHook('preHandler', rejectHostileInput);
  registerSiteReadCache(app, { db: db.db, jobsites: services.jobsites, versions: services.events.versions });
  app.decorateRequest('actor', null);
  app.decorateRequest('tokenCompanyId', null);

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ error: { code: err.code, message: err.message } });
    }
    if ('validation' in err && err.validation) {
      return reply.status(400).send({ error: { code: 'BAD_REQUEST', message: err.message } });
    }
    const refusal = databaseRefusal(err);
    if (refusal) {
      // Validation should have stopped the value: worth a look, but the request was bad, not the server.
      req.log.warn({ err }, 'the database refused a value of the request');
      return reply
        .status(refusal.statusCode)
        .send({ error: { code: refusal.code, message: refusal.message } });
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    const message = status >= 500 ? 'An internal error occurred' : err.message;
    return reply.status(status).send({ error: { code: codeForStatus(status), message } });
  });

  // Charts and lists are JSON of tens to hundreds of kB: compress (gzip or brotli) what the client accepts.
  // Request bodies are decompressed only where gateways may send them compressed (ingest).
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Sitepulse API',
        version: APP_VERSION,
        description:
          'The Sitepulse data server. Every call is under /api. Errors answer `{ "error": { "code", "message" } }`. ' +
          'Signed-in calls carry `Authorization: Bearer <accessToken>`, and the `CompanyId` and `Username` ' +
          'headers; a CompanyId header naming another company answers 403.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token' },
          companyToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Company token of the auth-code step',
          },
          basicAuth: { type: 'http', scheme: 'basic' },
          gatewayKey: { type: 'http', scheme: 'bearer', description: 'A gateway key (POST /api/gateways)' },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(apiPlugin, { prefix: '/api', services, config });

  if (config.mqttUrl) {
    const url = config.mqttUrl;
    let mqttIngest: ReturnType<typeof startMqttIngest> | undefined;
    app.addHook('onReady', async () => {
      mqttIngest = startMqttIngest({
        url,
        ingest: countingIngest(services.ingest, metrics, 'mqtt'),
        log: app.log,
        clientId: config.mqttClientId,
        topicRoot: config.mqttTopicRoot,
        // Several processes on one PostgreSQL (issue 17): each uplink to one of them.
        ...(db.dialect === 'postgres'
          ? { shareGroup: config.mqttShareGroup, sessionExpiryS: config.mqttSessionExpiryS }
          : {}),
      });
      await mqttIngest.ready;
    });
    app.addHook('onClose', async () => {
      await mqttIngest?.stop();
    });
  }

  const spa = existsSync(join(config.webDist, 'index.html'));
  if (spa) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      index: ['index.html'],
      setHeaders(res, path) {
        if (path.endsWith('.html')) res.header('Cache-Control', 'no-cache');
        else if (path.includes('/assets/'))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const isApi = path === '/api' || path.startsWith('/api/');
    if (spa && !isApi && (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/assets/')) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: `No such call: ${req.method} ${path}` } });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** every module's service (main.ts starts the demo feed with them) */
    services: Services;
  }
}
