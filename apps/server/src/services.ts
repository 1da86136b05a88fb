import { join } from 'node:path';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { createClusterBus } from './lib/cluster-bus.ts';
import { createFolderFileStore, type FileStore } from './lib/file-store.ts';
import { createStorageLimit } from './lib/storage-limit.ts';
import { createAlarmEventsService } from './modules/alarm-events/service.ts';
import { createAlarmsService } from './modules/alarms/service.ts';
import { createFailureStore } from './modules/auth/rate-limit.ts';
import { createAuthRepo } from './modules/auth/repo.ts';
import { createAuthService, resolveJwtSecret } from './modules/auth/service.ts';
import { createChecklistsService } from './modules/checklists/service.ts';
import { createCompaniesRepo } from './modules/companies/repo.ts';
import { createCompaniesService } from './modules/companies/service.ts';
import { createEventsService } from './modules/events/service.ts';
import { createExportsService } from './modules/exports/service.ts';
import { createForecastService } from './modules/forecast/service.ts';
import { createGpsService } from './modules/gps/service.ts';
import { createIngestService } from './modules/ingest/service.ts';
import { createJobsService } from './modules/jobs/service.ts';
import { createJobsitesRepo } from './modules/jobsites/repo.ts';
import { createJobsitesService } from './modules/jobsites/service.ts';
import { createLumimonService } from './modules/lumimon/service.ts';
import { createLumitrackRepo } from './modules/lumitrack/repo.ts';
import { createLumitrackService } from './modules/lumitrack/service.ts';
import { createMailService } from './modules/mail/service.ts';
import { createMaturityEngine } from './modules/maturity/engine.ts';
import { createMaturityService } from './modules/maturity/service.ts';
import { createMeasurementsService } from './modules/measurements/service.ts';
import { createNodesService } from './modules/nodes/service.ts';
import { createNotificationsRepo } from './modules/notifications/repo.ts';
import { createNotificationsService } from './modules/notifications/service.ts';
import { createPairsService } from './modules/pairs/service.ts';
import { createPortfolioService } from './modules/portfolio/service.ts';
import { createProfilesService } from './modules/profiles/service.ts';
import { createPushRepo } from './modules/push/repo.ts';
import { createPushService, resolveVapidKeys } from './modules/push/service.ts';
import { REPORT_GENERATORS } from './modules/reports/generators/index.ts';
import { createReportsRepo } from './modules/reports/repo.ts';
import { createReportsService, type ReportGenerators } from './modules/reports/service.ts';
import { createResourcesRepo } from './modules/resources/repo.ts';
import { createResourcesService } from './modules/resources/service.ts';
import { createRetentionService } from './modules/retention/service.ts';
import { createSettingsRepo } from './modules/settings/repo.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { createSignoffsService } from './modules/signoffs/service.ts';
import { createTrackingRepo } from './modules/tracking/repo.ts';
import { createTrackingService } from './modules/tracking/service.ts';
import { createUsageRepo } from './modules/usage/repo.ts';
import { createUsageService } from './modules/usage/service.ts';
import { createUsersRepo } from './modules/users/repo.ts';
import { createUsersService } from './modules/users/service.ts';
import type { ServiceDeps } from './service-deps.ts';

/** What tests may put in place of the defaults. */
export interface ServiceOptions {
  /** the report generator of each type (default REPORT_GENERATORS) */
  reportGenerators?: ReportGenerators;
  /** where report files are kept (default the folder REPORTS_DIR) */
  reportFiles?: FileStore;
  /** where the photos of checklists are kept (default the folder checklist-photos in REPORTS_DIR) */
  checklistPhotos?: FileStore;
  /** where QR label files are kept (default the folder lumitrack-labels in REPORTS_DIR) */
  lumitrackLabels?: FileStore;
}

/** Wires every module's service to its repo and to the services it uses. */
export async function createServices(config: Config, store: Db, options: ServiceOptions = {}) {
  const db = store.db;
  const authRepo = createAuthRepo(db);
  const jwtSecret = await resolveJwtSecret(authRepo, config.jwtSecret);
  const mail = createMailService({ db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const companies = createCompaniesService(createCompaniesRepo(db));
  const users = createUsersService({
    repo: createUsersRepo(db),
    mail,
    config,
    // A user signed out, deactivated, deleted or given another type: no cached sign-in outlives it.
    onSessionsEnded: (userId) => auth.forgetUser(userId),
    failureStore: (opts) => createFailureStore(store, opts),
  });
  // Several processes on one PostgreSQL (issue 17): what one tells the others (live events, ended sessions).
  const bus = createClusterBus(store, config.databaseUrl);
  const auth = createAuthService({
    repo: authRepo,
    config,
    jwtSecret,
    companies,
    users,
    bus,
    failures: createFailureStore(store, {
      max: config.authRateLimitMax,
      windowMs: config.authRateLimitWindowS * 1000,
      scope: 'auth',
    }),
  });
  const jobsites = createJobsitesService({ repo: createJobsitesRepo(db), users });
  const settings = createSettingsService({ repo: createSettingsRepo(db), users });
  const resources = createResourcesService(createResourcesRepo(db));
  const maturityEngine = createMaturityEngine(store);
  const deps: ServiceDeps = {
    db,
    store,
    config,
    jobsites,
    maturityEngine,
    strengthShown: (companyId) => companies.strengthShown(companyId),
  };
  const events = createEventsService({ db, jobsites, bus });
  // The life of each alarm (issue 15): every raise and clear goes to the notifications.
  const alarmEvents = createAlarmEventsService({
    db,
    jobsites,
    events,
    onAlarmChange: async (id, change) => {
      await notifications.alarmChanged(id, change);
    },
  });
  const ingest = createIngestService({
    ...deps,
    // After each committed batch: its sensor thresholds, then live events of the sites it touched.
    onStored: async (batch) => {
      try {
        const changed = await alarms.evaluateNodes(batch.companyId, batch.readingNodeIds);
        // Raises and clears the alarms of this batch (never throws: failures are logged).
        await alarmEvents.afterBatch(batch);
        await events.publishBatch(batch);
        await events.publishAlarms(batch.companyId, [...batch.alarmJobIds, ...changed]);
      } catch (err) {
        events.log.error({ err }, 'live events of an ingest batch failed');
      }
    },
  });
  const jobs = createJobsService(deps);
  const profiles = createProfilesService(deps);
  const maturity = createMaturityService({ ...deps, profiles });
  const alarms = createAlarmsService({ ...deps, maturity, events, alarmEvents });
  const forecast = createForecastService({ ...deps, alarms });
  const pairs = createPairsService({ db, jobsites, maturity });
  const portfolio = createPortfolioService({ db, jobsites, maturity });
  const signoffs = createSignoffsService({ db, jobsites, maturity, users, events });
  const measurements = createMeasurementsService(deps);
  const gps = createGpsService({ ...deps, measurements });
  const nodes = createNodesService({ ...deps, measurements });
  const exports = createExportsService({ ...deps, measurements });
  const lumimon = createLumimonService({ ...deps, measurements, nodes, gps });
  // Lumitrack IDs and their QR label files (issue 16, docs/decisions/lumitrack.md).
  const lumitrack = createLumitrackService({
    repo: createLumitrackRepo(store),
    jobsites,
    files: options.lumitrackLabels ?? createFolderFileStore(join(config.reportsDir, 'lumitrack-labels')),
    storage: createStorageLimit(db),
  });
  // Checklist templates and filled checklists (issue 16, docs/decisions/checklists.md).
  const checklists = createChecklistsService({
    db,
    jobsites,
    users,
    lumitrack,
    photos: options.checklistPhotos ?? createFolderFileStore(join(config.reportsDir, 'checklist-photos')),
  });
  // Web Push (issue 15): the VAPID pair is made on first start and shared through the database.
  const pushRepo = createPushRepo(db);
  const push = createPushService({ repo: pushRepo, config, vapid: await resolveVapidKeys(pushRepo) });
  // Alarm messages (issue 15): alarmEvents calls alarmChanged on each change; this loads the alarm.
  const notifications = createNotificationsService({
    push,
    repo: createNotificationsRepo(store),
    loadEvent: (id) => alarmEvents.get(id),
    jobsites,
    mail,
    config,
  });
  const reports = createReportsService({
    repo: createReportsRepo(store),
    jobsites,
    config,
    files: options.reportFiles ?? createFolderFileStore(config.reportsDir),
    generators: options.reportGenerators ?? REPORT_GENERATORS,
    storage: createStorageLimit(db),
  });
  // Usage tracking (issue 16): page views and events, counted per page and day.
  const usage = createUsageService({ repo: createUsageRepo(db) });
  // The tracking manager and material tracking (issue 16, docs/decisions/material-tracking.md).
  const tracking = createTrackingService({
    repo: createTrackingRepo(store),
    jobsites,
    lumitrack,
    checklists,
    users,
  });
  return {
    bus,
    mail,
    companies,
    users,
    auth,
    jobsites,
    settings,
    resources,
    maturityEngine,
    events,
    alarms,
    alarmEvents,
    forecast,
    pairs,
    portfolio,
    signoffs,
    checklists,
    ingest,
    jobs,
    profiles,
    maturity,
    measurements,
    gps,
    nodes,
    exports,
    lumimon,
    lumitrack,
    reports,
    notifications,
    push,
    usage,
    tracking,
    // Partitions and retention of raw data (issue 17, docs/decisions/data-retention.md).
    retention: createRetentionService(store),
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;

export interface ModuleOptions {
  services: Services;
  config: Config;
}
