import type {
  Invitation,
  InviteResult,
  ReinviteBody,
  UserSummary,
  VerifyUsernameResult,
} from '@sitepulse/contracts';
import {
  INVITATION_LINK_TTL_MS,
  INVITATION_STATUS,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
} from '@sitepulse/domain';
import type { Kysely } from 'kysely';
import { isValidPhoneNumber } from 'libphonenumber-js';
import type { Database } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation } from '../../lib/errors.ts';
import type { QueuedMail } from '../mail/service.ts';
import {
  invitationMail,
  invitationSms,
  type MailLanguage,
  type MailSite,
  mailLanguage,
} from '../mail/templates.ts';
import {
  type Caller,
  callerOf,
  displayName,
  managedSite,
  managesAnySite,
  managesSite,
  type PeopleDeps,
  requireCompanyAdmin,
  type UserRow,
  userByUsername,
} from './access.ts';
import type { createManagement } from './management.ts';
import type { AuditRow } from './repo.ts';
import { summariesOf } from './summary.ts';

const USERNAME_RE = new RegExp(USERNAME_PATTERN);
const LINK_VALID_DAYS = Math.round(INVITATION_LINK_TTL_MS / (24 * 3600 * 1000));

/** One checked invitation, ready to be written. */
type InvitationPlan =
  | { kind: 'existing'; user: UserRow; sites: MailSite[]; siteIds: number[]; access: number[] }
  | {
      kind: 'new';
      username: string;
      invitation: Invitation;
      sites: MailSite[];
      siteIds: number[];
      access: number[];
    };

/** The invitation flow (docs/decisions/people-and-access.md "Invitations and first sign-in"). */
export function createInvitations(
  { repo, mail }: PeopleDeps,
  management: Pick<ReturnType<typeof createManagement>, 'addedNotice'>,
) {
  /**
   * Checks one invitation without writing anything: who may send it, its job sites, its e-mail or phone,
   * its username. `reserved` holds the usernames, e-mails and phones of the earlier invitations of a list.
   */
  async function plan(caller: Caller, inv: Invitation, reserved: Set<string>): Promise<InvitationPlan> {
    const companyId = caller.actor.companyId;
    if (!caller.companyAdmin) {
      if (!managesAnySite(caller))
        throw forbidden("Only the company's admins and job-site admins may invite");
      if (inv.accountType !== undefined && inv.accountType !== 'USER') {
        throw forbidden(`Only company admins may give the account type ${inv.accountType}`);
      }
      if (inv.tenantGroupData.length === 0) {
        throw forbidden('Job-site admins invite to their own job sites: name at least one');
      }
    }
    const siteIds = inv.tenantGroupData.map((g) => g.tenantGroupId);
    if (new Set(siteIds).size !== siteIds.length) throw badRequest('A job site is named more than once');
    const siteNames = new Map<number, string>();
    for (const id of siteIds) siteNames.set(id, (await managedSite(repo, caller, id)).name);
    const access = inv.tenantGroupData.map((g) => g.access);
    const sites = inv.tenantGroupData.map((g) => ({
      name: siteNames.get(g.tenantGroupId) ?? '',
      access: g.access,
    }));

    const email = inv.email?.trim();
    const phone = inv.phone;
    if (!email && !phone) throw badRequest('An invitation needs an e-mail address or a phone number');
    if (phone && !isValidPhoneNumber(phone)) throw badRequest('Invalid phone number');
    for (const key of [email && `email:${email.toLowerCase()}`, phone && `phone:${phone}`]) {
      if (!key) continue;
      if (reserved.has(key)) throw badRequest(`The list names ${key.slice(key.indexOf(':') + 1)} twice`);
      reserved.add(key);
    }

    const byEmail = email ? await repo.findByEmail(companyId, email) : undefined;
    const byPhone = phone ? await repo.findByPhone(companyId, phone) : undefined;
    if (byEmail && byPhone && byEmail.id !== byPhone.id) {
      throw conflict('The e-mail address and the phone number belong to two different users');
    }
    const existing = byEmail ?? byPhone;
    if (existing) return { kind: 'existing', user: existing, sites, siteIds, access };

    let username: string;
    if (inv.username !== undefined) {
      const key = `username:${inv.username.toLowerCase()}`;
      if (reserved.has(key)) throw badRequest(`The list names the username ${inv.username} twice`);
      if ((await repo.takenUsernames(companyId, [inv.username])).size > 0) {
        throw conflict(`The username ${inv.username} is taken`);
      }
      username = inv.username;
    } else {
      username = await freeUsername(companyId, baseUsername(email, phone), reserved);
    }
    reserved.add(`username:${username.toLowerCase()}`);
    return { kind: 'new', username, invitation: { ...inv, email }, sites, siteIds, access };
  }

  /** The first free username `base`, `base2`, `base3`, … (deleted users' names stay taken). */
  async function freeUsername(companyId: number, base: string, reserved: Set<string>): Promise<string> {
    for (let from = 1; ; from += 20) {
      const candidates = Array.from({ length: 20 }, (_, i) => {
        const n = from + i;
        const suffix = n === 1 ? '' : String(n);
        return base.slice(0, USERNAME_MAX_LENGTH - suffix.length) + suffix;
      });
      const taken = await repo.takenUsernames(companyId, candidates);
      const free = candidates.find(
        (c) => !taken.has(c.toLowerCase()) && !reserved.has(`username:${c.toLowerCase()}`),
      );
      if (free) return free;
    }
  }

  /** The invitation message: an e-mail in the invitee's language, or a text message kept in the outbox. */
  async function enqueueInvitation(
    executor: Kysely<Database>,
    companyId: number,
    to: { email: string; phone: string | null; name: string; lang: MailLanguage },
    content: { inviterName: string; companyName: string; sites: MailSite[]; token: string; baseUrl: string },
  ): Promise<QueuedMail> {
    const link = `${content.baseUrl}/create_pwd?token=${encodeURIComponent(content.token)}`;
    const common = { ...content, lang: to.lang, link, validDays: LINK_VALID_DAYS };
    const message = to.email
      ? { to: to.email, ...invitationMail({ ...common, name: to.name }) }
      : { to: to.phone ?? '', channel: 'sms' as const, ...invitationSms(common) };
    return mail.enqueue(executor, { ...message, companyId, secret: content.token });
  }

  /** Writes checked invitations in one transaction; the messages are delivered once it commits. */
  async function write(actor: Actor, plans: InvitationPlan[], baseUrl: string): Promise<InviteResult[]> {
    const [inviter, company] = await Promise.all([
      repo.findById(actor.userId),
      repo.company(actor.companyId),
    ]);
    const inviterName = inviter ? displayName(inviter) : actor.username;
    const companyName = company?.name ?? '';
    const queued: QueuedMail[] = [];
    let done: { userId: number; existing: boolean }[];
    try {
      done = await repo.transaction(async (trx, executor) => {
        const now = Date.now();
        const out: { userId: number; existing: boolean }[] = [];
        for (const p of plans) {
          const audits: AuditRow[] = [];
          const entry = (userId: number, row: Pick<AuditRow, 'operation' | 'tenantGroupId' | 'detail'>) =>
            audits.push({
              companyId: actor.companyId,
              actorUserId: actor.userId,
              targetUserId: userId,
              ...row,
            });
          if (p.kind === 'existing') {
            const given: MailSite[] = [];
            for (const [i, siteId] of p.siteIds.entries()) {
              const current = await trx.grantOf(p.user.id, siteId);
              if (current?.access === p.access[i]) continue;
              if (current) {
                await trx.updateGrant(p.user.id, siteId, p.access[i]);
                entry(p.user.id, {
                  operation: 'CHANGE_ROLE',
                  tenantGroupId: siteId,
                  detail: `access ${current.access} → ${p.access[i]} (invitation)`,
                });
              } else {
                await trx.insertGrant(p.user.id, siteId, p.access[i]);
                entry(p.user.id, {
                  operation: 'GRANT',
                  tenantGroupId: siteId,
                  detail: `access ${p.access[i]} (invitation)`,
                });
              }
              given.push(p.sites[i]);
            }
            await trx.audit(audits, now);
            const notice = await management.addedNotice(trx, executor, actor, p.user, given, baseUrl);
            if (notice) queued.push(notice);
            out.push({ userId: p.user.id, existing: true });
            continue;
          }
          const inv = p.invitation;
          const accountType = inv.accountType ?? 'USER';
          const lang = inv.language ?? 'en';
          const { id } = await trx.insertUser({
            company_id: actor.companyId,
            username: p.username,
            email: inv.email ?? '',
            phone: inv.phone ?? null,
            first_name: inv.firstName?.trim() ?? '',
            last_name: inv.lastName?.trim() ?? '',
            account_type: accountType,
            roles: '[]',
            password_hash: null,
            is_active: 1,
            invitation_status: INVITATION_STATUS.welcomeSent,
            created_at: now,
            invited_at: now,
            invited_by: actor.userId,
          });
          await trx.upsertSetting(id, 'Language', lang);
          for (const [i, siteId] of p.siteIds.entries()) await trx.insertGrant(id, siteId, p.access[i]);
          const token = randomToken();
          await trx.insertToken(id, 'INVITE', sha256(token), now + INVITATION_LINK_TTL_MS, now);
          const by = inv.email ? `e-mail ${inv.email}` : `phone ${inv.phone}`;
          entry(id, { operation: 'INVITE', detail: `${accountType}, by ${by}` });
          for (const [i, siteId] of p.siteIds.entries()) {
            entry(id, { operation: 'GRANT', tenantGroupId: siteId, detail: `access ${p.access[i]}` });
          }
          await trx.audit(audits, now);
          queued.push(
            await enqueueInvitation(
              executor,
              actor.companyId,
              {
                email: inv.email ?? '',
                phone: inv.phone ?? null,
                name: inv.firstName?.trim() || p.username,
                lang,
              },
              { inviterName, companyName, sites: p.sites, token, baseUrl },
            ),
          );
          out.push({ userId: id, existing: false });
        }
        return out;
      });
    } catch (e) {
      // Another call took the username or e-mail in the meantime: nothing was written.
      if (isUniqueViolation(e)) throw conflict('A user with this username was just made: try again');
      throw e;
    }
    mail.deliver(queued);
    const rows = await repo.liveByIds(
      actor.companyId,
      done.map((d) => d.userId),
    );
    const summaries = new Map((await summariesOf(repo, rows)).map((s) => [s.id, s]));
    return done.map((d) => ({ user: summaries.get(d.userId) as UserSummary, existing: d.existing }));
  }

  /** Prefixes an error with the invitation it is about (invite/list). */
  async function numbered<T>(index: number, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof AppError)
        throw new AppError(e.statusCode, e.code, `Invitation ${index + 1}: ${e.message}`);
      throw e;
    }
  }

  return {
    /** POST /v2/users/invite: company admins, or job-site admins to their own sites as USER. */
    async invite(
      actor: Actor,
      body: Invitation & { companyId: number },
      baseUrl: string,
    ): Promise<InviteResult> {
      const caller = await callerOf(repo, actor, body.companyId);
      const { companyId: _, ...invitation } = body;
      const p = await plan(caller, invitation, new Set());
      const [result] = await write(actor, [p], baseUrl);
      return result;
    },

    /** POST /v2/users/invite/list (company admins): every invitation is checked first; all or none. */
    async inviteList(
      actor: Actor,
      body: { companyId: number; invitations: Invitation[] },
      baseUrl: string,
    ): Promise<InviteResult[]> {
      const caller = await callerOf(repo, actor, body.companyId);
      requireCompanyAdmin(caller, 'invite a list of users');
      const reserved = new Set<string>();
      const plans: InvitationPlan[] = [];
      for (const [i, inv] of body.invitations.entries())
        plans.push(await numbered(i, () => plan(caller, inv, reserved)));
      return write(actor, plans, baseUrl);
    },

    /**
     * POST /v2/users/reinvite: a new create-password link (the earlier ones stop working) for a user
     * who has not accepted. Company admins, or admins of a job site the user is a member of.
     */
    async reinvite(actor: Actor, body: ReinviteBody, baseUrl: string): Promise<void> {
      const caller = await callerOf(repo, actor, body.companyId);
      if (!managesAnySite(caller))
        throw forbidden("Only the company's admins and job-site admins may re-invite");
      const user = await userByUsername(repo, actor.companyId, body.username);
      const grants = await repo.listGrants(user.id);
      if (!caller.companyAdmin && !grants.some((g) => managesSite(caller, g.tenant_group_id))) {
        throw forbidden('You may only re-invite members of the job sites you administer');
      }
      if (user.invitation_status === INVITATION_STATUS.accepted) {
        throw conflict(`${user.username} has already accepted the invitation`);
      }
      if (!user.is_active) throw conflict(`${user.username} is deactivated: activate them first`);
      if (!user.email && !user.phone)
        throw conflict(`${user.username} has no e-mail address or phone number`);
      const [inviter, company, [language], sites] = await Promise.all([
        repo.findById(actor.userId),
        repo.company(actor.companyId),
        repo.languagesOf([user.id]),
        repo.sitesOf(
          actor.companyId,
          grants.map((g) => g.tenant_group_id),
        ),
      ]);
      const siteName = new Map(sites.map((s) => [s.id, s.name]));
      const token = randomToken();
      const queued = await repo.transaction(async (trx, executor) => {
        const now = Date.now();
        await trx.voidTokens(user.id, now, 'INVITE');
        await trx.insertToken(user.id, 'INVITE', sha256(token), now + INVITATION_LINK_TTL_MS, now);
        await trx.updateUser(user.id, { invited_at: now, invited_by: actor.userId });
        await trx.audit(
          [
            {
              companyId: actor.companyId,
              actorUserId: actor.userId,
              targetUserId: user.id,
              operation: 'REINVITE',
              detail: user.email ? `by e-mail ${user.email}` : `by phone ${user.phone}`,
            },
          ],
          now,
        );
        return enqueueInvitation(
          executor,
          actor.companyId,
          {
            email: user.email,
            phone: user.phone,
            name: user.first_name || user.username,
            lang: mailLanguage(language?.val),
          },
          {
            inviterName: inviter ? displayName(inviter) : actor.username,
            companyName: company?.name ?? '',
            sites: grants.map((g) => ({ name: siteName.get(g.tenant_group_id) ?? '', access: g.access })),
            token,
            baseUrl,
          },
        );
      });
      mail.deliver([queued]);
    },

    /** POST /v2/users/invite/cmd/verify_username(/list) (company admins): TAKEN, INVALID or available. */
    async verifyUsernames(
      actor: Actor,
      companyId: number,
      usernames: string[],
    ): Promise<VerifyUsernameResult[]> {
      requireCompanyAdmin(await callerOf(repo, actor, companyId), 'verify usernames');
      const valid = usernames.filter((u) => USERNAME_RE.test(u));
      const taken = await repo.takenUsernames(companyId, valid);
      return usernames.map((username): VerifyUsernameResult => {
        if (!USERNAME_RE.test(username)) return { username, available: false, reason: 'INVALID' };
        if (taken.has(username.toLowerCase())) return { username, available: false, reason: 'TAKEN' };
        return { username, available: true };
      });
    },
  };
}

/** A username from the e-mail's local part, else `user` and the phone's last digits (pattern-safe). */
export function baseUsername(email: string | undefined, phone: string | undefined): string {
  if (email) {
    const local = email
      .slice(0, email.lastIndexOf('@'))
      .replace(/[^A-Za-z0-9._@-]/g, '')
      .replace(/^[^A-Za-z0-9]+/, '')
      .slice(0, USERNAME_MAX_LENGTH - 3);
    if (local) return local;
  }
  return phone ? `user${phone.slice(-4)}` : 'user';
}
