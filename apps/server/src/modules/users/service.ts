import type { UserDetail, UserSettingType } from '@sitepulse/contracts';
import type { Selectable } from 'kysely';
import type { AppUserTable } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { hashPassword, randomToken, sha256 } from '../../lib/crypto.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import type { MailService } from '../mail/service.ts';
import type { UsersRepo } from './repo.ts';

export type UserRow = Selectable<AppUserTable>;

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export function createUsersService(deps: { repo: UsersRepo; mail: MailService }) {
  const { repo, mail } = deps;

  /**
   * A user named the way people sign in: '+' and digits is a phone number (E.164), a value with '@'
   * may be an e-mail address, anything else a username. The username wins when several match.
   */
  async function findByLoginRef(companyId: number, ref: string): Promise<UserRow | undefined> {
    if (/^\+\d{6,15}$/.test(ref)) return repo.findByPhone(companyId, ref);
    const byUsername = await repo.findByUsername(companyId, ref);
    if (byUsername) return byUsername;
    if (ref.includes('@')) return repo.findByEmail(companyId, ref);
    return undefined;
  }

  /** The user a call names (default: the caller). Non-admins may only name themselves. */
  async function resolveTarget(actor: Actor, companyId: number | undefined, ref: string | undefined) {
    assertSameCompany(actor.companyId, companyId);
    if (ref === undefined || ref === '' || ref === actor.username) {
      const self = await repo.findById(actor.userId);
      if (!self) throw notFound('User not found');
      return self;
    }
    const user = await findByLoginRef(actor.companyId, ref);
    if (user && user.id === actor.userId) return user;
    if (!actor.isAdmin) throw forbidden('You may only see your own account');
    if (!user) throw notFound('User not found');
    return user;
  }

  return {
    findByLoginRef,
    resolveTarget,

    findById(id: number) {
      return repo.findById(id);
    },

    async grants(userId: number) {
      return repo.listGrants(userId);
    },

    async getDetail(actor: Actor, q: { username?: string; companyId?: number }): Promise<UserDetail> {
      const u = await resolveTarget(actor, q.companyId, q.username);
      const [settings, grants] = await Promise.all([repo.listSettings(u.id), repo.listGrants(u.id)]);
      const extra = parseRoles(u.roles);
      return {
        id: u.id,
        username: u.username,
        companyId: u.company_id,
        homeCompanyId: u.company_id,
        email: u.email,
        phone: u.phone,
        firstName: u.first_name,
        lastName: u.last_name,
        accountType: u.account_type,
        isActive: !!u.is_active,
        roles: [u.account_type, ...extra.filter((r) => r !== u.account_type)],
        userSettingData: settings.map((s) => ({ type: s.type as UserSettingType, val: s.val })),
        userTenantGroupData: grants.map((g) => ({ tenantGroupId: g.tenant_group_id, access: g.access })),
        userInvitationData: { status: u.invitation_status },
      };
    },

    /**
     * Starts a password reset. Answers the same whether or not the address is known (no account
     * enumeration); when it is, e-mails a single-use link valid for one hour.
     */
    async initResetPasswordByEmail(companyId: number, email: string, baseUrl: string): Promise<void> {
      const user = await repo.findByEmail(companyId, email.trim());
      if (!user?.is_active) return;
      const token = randomToken();
      const now = Date.now();
      await repo.insertPasswordReset(user.id, sha256(token), now + RESET_TOKEN_TTL_MS, now);
      const link = `${baseUrl}/reset_pwd?token=${encodeURIComponent(token)}`;
      const name = user.first_name || user.username;
      await mail.send({
        to: user.email,
        subject: 'Reset your Sitepulse password',
        text:
          `Hello ${name},\n\nSomeone asked to reset the password of your Sitepulse account (${user.username}).\n` +
          `Open this link within one hour to choose a new password:\n\n${link}\n\n` +
          'If you did not ask for this, ignore this e-mail: your password stays the same.\n',
        html:
          `<p>Hello ${escapeHtml(name)},</p><p>Someone asked to reset the password of your Sitepulse account ` +
          `(${escapeHtml(user.username)}).</p><p><a href="${escapeHtml(link)}">Choose a new password</a> ` +
          '(the link works once, within one hour).</p><p>If you did not ask for this, ignore this e-mail.</p>',
      });
    },

    /** Completes a reset: the token works once, within its hour; signs out every session. */
    async confirmResetPassword(token: string, password: string): Promise<void> {
      const reset = await repo.findPasswordReset(sha256(token));
      const now = Date.now();
      if (!reset || reset.used_at !== null || reset.expires_at <= now) {
        throw badRequest('This password reset link is invalid or has expired');
      }
      const ok = await repo.consumePasswordReset(reset.id, reset.user_id, await hashPassword(password), now);
      if (!ok) throw badRequest('This password reset link is invalid or has expired');
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

function parseRoles(json: string): string[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
