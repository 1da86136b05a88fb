import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import { createAuthRepo } from './modules/auth/repo.ts';
import { createAuthService, resolveJwtSecret } from './modules/auth/service.ts';
import { createCompaniesRepo } from './modules/companies/repo.ts';
import { createCompaniesService } from './modules/companies/service.ts';
import { createJobsitesRepo } from './modules/jobsites/repo.ts';
import { createJobsitesService } from './modules/jobsites/service.ts';
import { createMailService } from './modules/mail/service.ts';
import { createResourcesRepo } from './modules/resources/repo.ts';
import { createResourcesService } from './modules/resources/service.ts';
import { createSettingsRepo } from './modules/settings/repo.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { createUsersRepo } from './modules/users/repo.ts';
import { createUsersService } from './modules/users/service.ts';

/** Wires every module's service to its repo and to the services it uses. */
export async function createServices(config: Config, db: Kysely<Database>) {
  const authRepo = createAuthRepo(db);
  const jwtSecret = await resolveJwtSecret(authRepo, config.jwtSecret);
  const mail = createMailService({ db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const companies = createCompaniesService(createCompaniesRepo(db));
  const users = createUsersService({ repo: createUsersRepo(db), mail });
  const auth = createAuthService({ repo: authRepo, config, jwtSecret, companies, users });
  const jobsites = createJobsitesService({ repo: createJobsitesRepo(db), users });
  const settings = createSettingsService({ repo: createSettingsRepo(db), users });
  const resources = createResourcesService(createResourcesRepo(db));
  return { mail, companies, users, auth, jobsites, settings, resources };
}
export type Services = Awaited<ReturnType<typeof createServices>>;

export interface ModuleOptions {
  services: Services;
  config: Config;
}
