import { canManageMembers, canManageUsers, personName } from '@sitepulse/domain';
import type { Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import type { AppUserTable } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import type { FailureStore } from '../auth/rate-limit.ts';
import type { MailService } from '../mail/service.ts';
import type { UsersQueries, UsersRepo } from './repo.ts';

/**
 * Who may do what to people (docs/decisions/people-and-access.md): company admins (canManageUsers)
 * everything in their company; job-site admins (canManageMembers on a site) that site's members.
 * The caller's grants are read here, from user_tenant_group, for every call.
 */

export type UserRow = Selectable<AppUserTable>;

/** The caller of a people call, with what they may manage. */
export interface Caller {
  actor: Actor;
  /** ADMIN or an AOMS type: every user and job site of the company */
  companyAdmin: boolean;
  /** the caller's job sites and their access code there */
  sites: Map<number, number>;
}

/** The caller of a call naming `companyId`: another company answers 403. */
export async function callerOf(repo: UsersQueries, actor: Actor, companyId: number): Promise<Caller> {
  assertSameCompany(actor.companyId, companyId);
  const grants = await repo.listGrants(actor.userId);
  return {
    actor,
    companyAdmin: canManageUsers(actor.accountType),
    sites: new Map(grants.map((g) => [g.tenant_group_id, g.access])),
  };
}

export function requireCompanyAdmin(caller: Caller, what = 'do this'): void {
  if (!caller.companyAdmin) throw forbidden(`Only company admins may ${what}`);
}

/** Whether the caller manages the members of this job site (company admin, or its admin). */
export function managesSite(caller: Caller, tenantGroupId: number): boolean {
  return (
    caller.companyAdmin || canManageMembers(caller.sites.get(tenantGroupId) ?? null, caller.actor.accountType)
  );
}

/** Whether the caller manages the members of any job site. */
export function managesAnySite(caller: Caller): boolean {
  return caller.companyAdmin || [...caller.sites.keys()].some((id) => managesSite(caller, id));
}

/**
 * The job site a membership call names, checked: not the company's, or (for others than company admins)
 * not one of the caller's sites: 404 (ids do not leak); one of theirs they do not administer: 403.
 */
export async function managedSite(
  repo: UsersQueries,
  caller: Caller,
  tenantGroupId: number,
): Promise<{ id: number; name: string }> {
  const [site] = await repo.sitesOf(caller.actor.companyId, [tenantGroupId]);
  if (!site || (!caller.companyAdmin && !caller.sites.has(tenantGroupId))) {
    throw notFound('Job site not found');
  }
  if (!managesSite(caller, tenantGroupId)) {
    throw forbidden("Only the company's admins and this job site's admins may manage its members");
  }
  return site;
}

/** A live user of the company by username: 404 otherwise (deleted users included). */
export async function userByUsername(
  repo: UsersQueries,
  companyId: number,
  username: string,
): Promise<UserRow> {
  const user = await repo.findByUsername(companyId, username);
  if (!user) throw notFound('User not found');
  return user;
}

/** How a user is named in messages and audits: the domain's personName of the stored row. */
export function displayName(u: Pick<UserRow, 'first_name' | 'last_name' | 'username'>): string {
  return personName({ firstName: u.first_name, lastName: u.last_name, username: u.username });
}

/**
 * A live user named the way people sign in: '+' and digits is a phone number (E.164), a value with '@'
 * may be an e-mail address, anything else a username. The username wins when several match.
 */
export async function findByLoginRef(
  repo: UsersQueries,
  companyId: number,
  ref: string,
): Promise<UserRow | undefined> {
  if (/^\+\d{6,15}$/.test(ref)) return repo.findByPhone(companyId, ref);
  const byUsername = await repo.findByUsername(companyId, ref);
  if (byUsername) return byUsername;
  if (ref.includes('@')) return repo.findByEmail(companyId, ref);
  return undefined;
}

/** What every part of the users service is built from. */
export interface PeopleDeps {
  repo: UsersRepo;
  mail: MailService;
  /** AUTH_RATE_LIMIT_MAX / AUTH_RATE_LIMIT_WINDOW_S: the failure limits of sign-in, also on passwords */
  config: Pick<Config, 'authRateLimitMax' | 'authRateLimitWindowS'>;
  /** Called after a user's sessions ended or their account changed, so no cached sign-in outlives it. */
  onSessionsEnded?: (userId: number) => void;
  /**
   * Where the password calls' failure counts are kept (default: this process). With several processes
   * on one PostgreSQL, the database (auth/rate-limit.ts createFailureStore), as for sign-in failures.
   */
  failureStore?: (opts: { max: number; windowMs: number; scope: string }) => FailureStore;
}
