import type {
  AssignAccountTypeBody,
  AssignPhoneBody,
  TenantGroupGrantBody,
  TenantGroupMember,
  TenantGroupRevokeQuery,
  ToggleUserBody,
  UpdateUserDetailsBody,
  UserAuditEntry,
  UserRef,
  UserSummary,
} from '@sitepulse/contracts';
import { INVITATION_STATUS, isAccessRestricted } from '@sitepulse/domain';
import type { Kysely } from 'kysely';
import { isValidPhoneNumber } from 'libphonenumber-js';
import type { Database } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { QueuedMail } from '../mail/service.ts';
import { addedToJobSiteMail, addedToJobSiteSms, mailLanguage } from '../mail/templates.ts';
import {
  type Caller,
  callerOf,
  displayName,
  managedSite,
  type PeopleDeps,
  requireCompanyAdmin,
  type UserRow,
  userByUsername,
} from './access.ts';
import type { AuditRow, UsersQueries } from './repo.ts';
import { summariesOf, summaryOf } from './summary.ts';

/**
 * User management and job-site membership (docs/decisions/people-and-access.md). Every refusal is
 * decided before anything is written; every change and its user_audit row commit together.
 */
export function createManagement({ repo, mail, onSessionsEnded }: PeopleDeps) {
  /** A user a call names that is the caller or, for company admins, anyone of the company. */
  async function selfOrManaged(caller: Caller, username: string, what: string): Promise<UserRow> {
    if (username !== caller.actor.username && !caller.companyAdmin) {
      throw forbidden(`You may only change your own ${what}`);
    }
    return userByUsername(repo, caller.actor.companyId, username);
  }

  /** A company admin's call on another user (never on themself: the company keeps an admin). */
  async function otherUser(actor: Actor, ref: UserRef, what: string, refusal: string): Promise<UserRow> {
    const caller = await callerOf(repo, actor, ref.companyId);
    requireCompanyAdmin(caller, what);
    const user = await userByUsername(repo, actor.companyId, ref.username);
    if (user.id === actor.userId) throw badRequest(refusal);
    return user;
  }

  const audit = (
    actor: Actor,
    target: UserRow,
    row: Omit<AuditRow, 'companyId' | 'actorUserId' | 'targetUserId'>,
  ) => ({
    companyId: actor.companyId,
    actorUserId: actor.userId,
    targetUserId: target.id,
    ...row,
  });

  /** Tells a user they were given a role on a job site (e-mail, or a text message to a phone-only user). */
  async function addedNotice(
    trx: UsersQueries,
    executor: Kysely<Database>,
    actor: Actor,
    user: UserRow,
    sites: { name: string; access: number }[],
    baseUrl: string,
  ): Promise<QueuedMail | undefined> {
    if (sites.length === 0 || (!user.email && !user.phone)) return undefined;
    const [inviter, company, [language]] = await Promise.all([
      trx.findById(actor.userId),
      trx.company(actor.companyId),
      trx.languagesOf([user.id]),
    ]);
    const content = {
      lang: mailLanguage(language?.val),
      name: user.first_name || user.username,
      inviterName: inviter ? displayName(inviter) : actor.username,
      companyName: company?.name ?? '',
      sites,
      dashboardUrl: `${baseUrl}/`,
    };
    const message = user.email
      ? { to: user.email, ...addedToJobSiteMail(content) }
      : { to: user.phone ?? '', channel: 'sms' as const, ...addedToJobSiteSms(content) };
    return mail.enqueue(executor, { ...message, companyId: actor.companyId });
  }

  return {
    addedNotice,

    /** GET /v2/users/list: the company's live users (company admins). */
    async list(actor: Actor, companyId: number): Promise<UserSummary[]> {
      requireCompanyAdmin(await callerOf(repo, actor, companyId), "list the company's users");
      return summariesOf(repo, await repo.listLive(companyId));
    },

    /**
     * GET /v2/users/list/by_tenant_group: a job site's members with their role. Company admins, and
     * members of the site other than its inspectors (403); a site that is not the caller's: 404.
     */
    async listByTenantGroup(
      actor: Actor,
      companyId: number,
      tenantGroupId: number,
    ): Promise<TenantGroupMember[]> {
      const caller = await callerOf(repo, actor, companyId);
      const [site] = await repo.sitesOf(companyId, [tenantGroupId]);
      const access = caller.sites.get(tenantGroupId);
      if (!site || (!caller.companyAdmin && access === undefined)) throw notFound('Job site not found');
      if (!caller.companyAdmin && isAccessRestricted(access)) {
        throw forbidden('Inspectors cannot use the web dashboard for this job site');
      }
      const members = await repo.memberIds(tenantGroupId);
      const accessOf = new Map(members.map((m) => [m.id, m.access]));
      const rows = await repo.liveByIds(companyId, [...accessOf.keys()]);
      return (await summariesOf(repo, rows)).map((u) => ({ ...u, access: accessOf.get(u.id) ?? 0 }));
    },

    /**
     * PUT /v2/users/details: name and e-mail (themself, or a company admin for anyone of the company);
     * `completeSetup` (themself, while invited) makes the invitation ACCEPTED.
     */
    async updateDetails(actor: Actor, body: UpdateUserDetailsBody): Promise<UserSummary> {
      const caller = await callerOf(repo, actor, body.companyId);
      const user = await selfOrManaged(caller, body.username, 'details');
      if (body.completeSetup) {
        if (user.id !== actor.userId) throw forbidden('Only the user themself completes their account setup');
        if (user.invitation_status !== INVITATION_STATUS.welcomeSent) {
          throw conflict('This account is already set up');
        }
      }
      const email = body.email?.trim();
      if (email !== undefined && email.toLowerCase() !== user.email.toLowerCase()) {
        const other = await repo.findByEmail(actor.companyId, email);
        if (other && other.id !== user.id)
          throw conflict('Another user of the company has this e-mail address');
      }
      const changes: { first_name?: string; last_name?: string; email?: string } = {};
      const changed: string[] = [];
      if (body.firstName !== undefined && body.firstName.trim() !== user.first_name) {
        changes.first_name = body.firstName.trim();
        changed.push('first name');
      }
      if (body.lastName !== undefined && body.lastName.trim() !== user.last_name) {
        changes.last_name = body.lastName.trim();
        changed.push('last name');
      }
      if (email !== undefined && email !== user.email) {
        changes.email = email;
        changed.push(`e-mail ${user.email || '(none)'} → ${email}`);
      }
      if (changed.length === 0 && !body.completeSetup) return (await summariesOf(repo, [user]))[0];
      await repo.transaction(async (trx) => {
        const now = Date.now();
        const rows: AuditRow[] = [];
        if (changed.length > 0) {
          await trx.updateUser(user.id, changes);
          rows.push(audit(actor, user, { operation: 'UPDATE_DETAILS', detail: changed.join(', ') }));
        }
        if (body.completeSetup) {
          await trx.updateUser(user.id, { invitation_status: INVITATION_STATUS.accepted });
          rows.push(
            audit(actor, user, {
              operation: 'ACCOUNT_SETUP',
              detail: `${INVITATION_STATUS.welcomeSent} → ${INVITATION_STATUS.accepted}`,
            }),
          );
        }
        await trx.audit(rows, now);
      });
      return summaryOf(repo, user.id);
    },

    /** PUT /v2/users/details/cmd/assign_phone: a valid number no other live user of the company has. */
    async assignPhone(actor: Actor, body: AssignPhoneBody): Promise<UserSummary> {
      const caller = await callerOf(repo, actor, body.companyId);
      const user = await selfOrManaged(caller, body.username, 'phone number');
      const phone = body.phone;
      if (phone !== null) {
        if (!isValidPhoneNumber(phone)) throw badRequest('Invalid phone number');
        const other = await repo.findByPhone(actor.companyId, phone);
        if (other && other.id !== user.id)
          throw conflict('Another user of the company has this phone number');
      }
      if (phone === user.phone) return (await summariesOf(repo, [user]))[0];
      await repo.transaction(async (trx) => {
        await trx.updateUser(user.id, { phone });
        const detail = `${user.phone ?? '(none)'} → ${phone ?? '(none)'}`;
        await trx.audit([audit(actor, user, { operation: 'ASSIGN_PHONE', detail })], Date.now());
      });
      return summaryOf(repo, user.id);
    },

    /** PUT /v2/users/cmd/assign_account_type (company admins; not on themself). */
    async assignAccountType(actor: Actor, body: AssignAccountTypeBody): Promise<UserSummary> {
      const user = await otherUser(
        actor,
        body,
        'change account types',
        'You cannot change your own account type',
      );
      if (user.account_type === body.accountType) return (await summariesOf(repo, [user]))[0];
      await repo.transaction(async (trx) => {
        await trx.updateUser(user.id, { account_type: body.accountType });
        const detail = `${user.account_type} → ${body.accountType}`;
        await trx.audit([audit(actor, user, { operation: 'ASSIGN_ACCOUNT_TYPE', detail })], Date.now());
      });
      onSessionsEnded?.(user.id);
      return summaryOf(repo, user.id);
    },

    /** PUT /v2/users/cmd/toggle (company admins; not on themself): a deactivated user is signed out. */
    async toggle(actor: Actor, body: ToggleUserBody): Promise<UserSummary> {
      const user = await otherUser(
        actor,
        body,
        'activate or deactivate users',
        'You cannot activate or deactivate your own account',
      );
      if (!!user.is_active === body.isActive) return (await summariesOf(repo, [user]))[0];
      await repo.transaction(async (trx) => {
        const now = Date.now();
        await trx.updateUser(user.id, { is_active: body.isActive ? 1 : 0 });
        if (!body.isActive) await trx.revokeSessions(user.id, now);
        await trx.audit([audit(actor, user, { operation: body.isActive ? 'ACTIVATE' : 'DEACTIVATE' })], now);
      });
      onSessionsEnded?.(user.id);
      return summaryOf(repo, user.id);
    },

    /**
     * DELETE /v2/users (company admins; not on themself): the row stays (the audit names it), marked
     * deleted and inactive, signed out, its job-site access removed and its unused links voided.
     */
    async deleteUser(actor: Actor, ref: UserRef): Promise<void> {
      const user = await otherUser(actor, ref, 'delete users', 'You cannot delete your own account');
      await repo.transaction(async (trx) => {
        const now = Date.now();
        const grants = await trx.listGrants(user.id);
        await trx.updateUser(user.id, { deleted_at: now, is_active: 0 });
        await trx.deleteAllGrants(user.id);
        await trx.revokeSessions(user.id, now);
        await trx.voidTokens(user.id, now);
        const detail = grants.length
          ? `removed from job sites ${grants.map((g) => g.tenant_group_id).join(', ')}`
          : '';
        await trx.audit([audit(actor, user, { operation: 'DELETE', detail })], now);
      });
      onSessionsEnded?.(user.id);
    },

    /** POST /v2/users/tenant_groups: gives a user a role on a job site (and tells them). */
    async grant(actor: Actor, body: TenantGroupGrantBody, baseUrl: string): Promise<UserSummary> {
      const caller = await callerOf(repo, actor, body.companyId);
      const site = await managedSite(repo, caller, body.tenantGroupId);
      const user = await userByUsername(repo, actor.companyId, body.username);
      if (await repo.grantOf(user.id, site.id)) {
        throw conflict(`${user.username} is already a member of this job site: change their role instead`);
      }
      const queued = await repo.transaction(async (trx, executor) => {
        await trx.insertGrant(user.id, site.id, body.access);
        await trx.audit(
          [
            audit(actor, user, {
              operation: 'GRANT',
              tenantGroupId: site.id,
              detail: `access ${body.access}`,
            }),
          ],
          Date.now(),
        );
        return addedNotice(trx, executor, actor, user, [{ name: site.name, access: body.access }], baseUrl);
      });
      if (queued) mail.deliver([queued]);
      return summaryOf(repo, user.id);
    },

    /** PUT /v2/users/tenant_groups: changes a member's role on a job site. */
    async changeRole(actor: Actor, body: TenantGroupGrantBody): Promise<UserSummary> {
      const caller = await callerOf(repo, actor, body.companyId);
      const site = await managedSite(repo, caller, body.tenantGroupId);
      const user = await userByUsername(repo, actor.companyId, body.username);
      const current = await repo.grantOf(user.id, site.id);
      if (!current) throw notFound(`${user.username} is not a member of this job site`);
      if (current.access !== body.access) {
        await repo.transaction(async (trx) => {
          await trx.updateGrant(user.id, site.id, body.access);
          const detail = `access ${current.access} → ${body.access}`;
          await trx.audit(
            [audit(actor, user, { operation: 'CHANGE_ROLE', tenantGroupId: site.id, detail })],
            Date.now(),
          );
        });
      }
      return summaryOf(repo, user.id);
    },

    /** DELETE /v2/users/tenant_groups: removes a member from a job site. */
    async revoke(actor: Actor, q: TenantGroupRevokeQuery): Promise<void> {
      const caller = await callerOf(repo, actor, q.companyId);
      const site = await managedSite(repo, caller, q.tenantGroupId);
      const user = await userByUsername(repo, actor.companyId, q.username);
      const current = await repo.grantOf(user.id, site.id);
      if (!current) throw notFound(`${user.username} is not a member of this job site`);
      await repo.transaction(async (trx) => {
        await trx.deleteGrant(user.id, site.id);
        const detail = `access ${current.access}`;
        await trx.audit(
          [audit(actor, user, { operation: 'REVOKE', tenantGroupId: site.id, detail })],
          Date.now(),
        );
      });
    },

    /** GET /v2/users/audits: what was done to the company's users (or one of them, deleted ones too). */
    async audits(
      actor: Actor,
      q: { companyId: number; username?: string; limit?: number },
    ): Promise<UserAuditEntry[]> {
      requireCompanyAdmin(await callerOf(repo, actor, q.companyId), 'read the user audit');
      let targetId: number | undefined;
      if (q.username !== undefined) {
        const target = await repo.findAnyByUsername(actor.companyId, q.username);
        if (!target) throw notFound('User not found');
        targetId = target.id;
      }
      const rows = await repo.listAudits(actor.companyId, targetId, q.limit ?? 100);
      return rows.map((r) => ({
        id: r.id,
        createdAt: r.created_at,
        // The contract's union is built from a mapped list, so its static type is too narrow to name.
        operation: r.operation as UserAuditEntry['operation'],
        actorUsername: r.actor_username,
        targetUsername: r.target_username,
        targetDeleted: r.target_deleted_at !== null,
        tenantGroupId: r.tenant_group_id,
        detail: r.detail,
      }));
    },
  };
}
