import type { Tenant, TenantGroup, TenantType } from '@sitepulse/contracts';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { SensorStore } from './db/sensor-store/index.ts';
import type { Database } from './db/types.ts';
import type { Actor } from './lib/actor.ts';
import type { AccessMode, SiteAccess } from './lib/site-access.ts';
import type { StrengthShown } from './lib/strength-switch.ts';

// What the sensor-data services are built from, in a file that imports no module (issue 17): the
// modules depend on these shapes, and services.ts, which imports every module, fills them in.

/** The job-site checks and reads the sensor-data services use (the jobsites module gives them). */
export interface SiteChecks {
  /** What the caller may do on each job site. */
  siteAccess(actor: Actor): Promise<SiteAccess>;
  /** The caller's job sites and their access codes. */
  grants(actor: Actor): Promise<Map<number, number>>;
  /** Throws unless the caller may read (or with `write`, change) the site (SiteAccess.check). */
  assertGranted(actor: Actor, tenantGroupId: number, mode?: AccessMode, label?: string): Promise<void>;
  /** Throws 403 with `message` unless the caller may change at least one job site. */
  assertWriterSomewhere(actor: Actor, message: string): Promise<void>;
  listGroups(actor: Actor, companyId: number): Promise<TenantGroup[]>;
  getGroup(actor: Actor, id: number): Promise<TenantGroup>;
  tenantsByGroup(actor: Actor, tenantGroupId: number, tenantType?: TenantType): Promise<Tenant[]>;
  /** The site's IANA time zone. */
  timeZoneOf(actor: Actor, tenantGroupId: number): Promise<string>;
}

/** What the sensor-data services need of the maturity engine (modules/maturity/engine.ts). */
export interface MaturityRecompute {
  /** Where readings, rollups and maturity states are written (the ingest hot path). */
  sensorStore: SensorStore;
  /** Recomputes a job's maturity from its readings (after a change of its window, profile or sensors). */
  recomputeJob(jobId: number): Promise<void>;
}

/** What the sensor-data services are built from: the database, config, access checks and the engine. */
export interface ServiceDeps {
  db: Kysely<Database>;
  /** the database handle with its dialect and raw driver (for the ingest hot path) */
  store: Db;
  config: Config;
  jobsites: SiteChecks;
  maturityEngine: MaturityRecompute;
  /** Whether a company shows strength (its Concrete module spec's disable_maturity_strength; issue 16). */
  strengthShown?: StrengthShown;
}
