import type { ChangeTempPwdResult, InitChangePwdBody } from '@sitepulse/contracts';
import { RESET_LINK_TTL_MS } from '@sitepulse/domain';
import type { PasswordTokenPurpose } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors.ts';
import { memoryFailureStore } from '../auth/rate-limit.ts';
import type { QueuedMail } from '../mail/service.ts';
import { mailLanguage, passwordChangedMail, passwordResetMail, passwordResetSms } from '../mail/templates.ts';
import { findByLoginRef, type PeopleDeps, type UserRow } from './access.ts';
import { assertStrongPassword } from './password-rule.ts';
import type { AuditRow } from './repo.ts';

const INVALID_RESET_LINK = 'This password reset link is invalid or has expired';
const INVALID_CREATE_LINK = 'This create-password link is invalid, was already used or has expired';
const TOO_MANY_RESETS = 'Too many password reset requests. Please try again later.';

/** Reset mails per account (whatever reference names it) and per reference, in RESET_ACCOUNT_WINDOW_MS. */
export const RESET_MAILS_PER_ACCOUNT = 3;
export const RESET_ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

const ownerOf = (user: UserRow) => ({
  username: user.username,
  email: user.email,
  firstName: user.first_name,
  lastName: user.last_name,
});

/**
 * Passwords (docs/decisions/people-and-access.md "Passwords"): reset links by e-mail (or text message
 * for a phone-only user), the first password of an invitation, and the change from my profile. Links
 * are 32 random bytes kept as their SHA-256, single use, with an expiry; a new link voids the earlier
 * unused ones of its purpose.
 */
export function createPasswords({ repo, mail, config, onSessionsEnded, failureStore }: PeopleDeps) {
  const authWindowMs = config.authRateLimitWindowS * 1000;
  /**
   * Reset requests, each counted (a request mails and voids the last link whether it is right or not):
   * per client address as sign-in failures are; per reference as typed (company + username, e-mail or
   * phone), known or not, so a 429 does not tell whether an account exists; per account, whatever
   * reference names it, where the limit sends nothing but still answers 200 (a 429 would tell that two
   * references are one account).
   */
  // Counted where every server process sees the same counts (issue 17): the database on PostgreSQL.
  const counts = failureStore ?? ((o) => memoryFailureStore(o.max, o.windowMs));
  const authLimit = { max: config.authRateLimitMax, windowMs: authWindowMs };
  const accountLimit = { max: RESET_MAILS_PER_ACCOUNT, windowMs: RESET_ACCOUNT_WINDOW_MS };
  const resetsByAddress = counts({ ...authLimit, scope: 'reset-address' });
  const resetsByReference = counts({ ...accountLimit, scope: 'reset-reference' });
  const resetsByAccount = counts({ ...accountLimit, scope: 'reset-account' });
  /** Wrong current passwords on a password change, per user and per client address, like failed sign-ins. */
  const wrongCurrentPasswords = counts({ ...authLimit, scope: 'password-change' });

  /** Counts a reset request; 429 past the limit of its address or reference (nothing sent, nothing voided). */
  async function countResetRequest(companyId: number, ref: string, clientKey: string): Promise<void> {
    const byAddress = `addr:${clientKey}`;
    const byReference = `ref:${companyId}:${ref.toLowerCase()}`;
    if ((await resetsByAddress.isBlocked(byAddress)) || (await resetsByReference.isBlocked(byReference))) {
      throw tooManyRequests(TOO_MANY_RESETS);
    }
    await resetsByAddress.fail(byAddress);
    await resetsByReference.fail(byReference);
  }

  async function languageOf(userId: number) {
    const [setting] = await repo.languagesOf([userId]);
    return mailLanguage(setting?.val);
  }

  /** Sends a reset link to a live, active user (nothing for anyone else: the caller answers the same). */
  async function startReset(user: UserRow | undefined, baseUrl: string): Promise<void> {
    if (!user?.is_active || user.deleted_at !== null) return;
    if (!user.email && !user.phone) return;
    const byAccount = `user:${user.id}`;
    if (await resetsByAccount.isBlocked(byAccount)) return;
    await resetsByAccount.fail(byAccount);
    const token = randomToken();
    const link = `${baseUrl}/reset_pwd?token=${encodeURIComponent(token)}`;
    const lang = await languageOf(user.id);
    const content = { lang, name: user.first_name || user.username, username: user.username, link };
    const queued = await repo.transaction(async (trx, executor) => {
      const now = Date.now();
      await trx.voidTokens(user.id, now, 'RESET');
      await trx.insertToken(user.id, 'RESET', sha256(token), now + RESET_LINK_TTL_MS, now);
      const message = user.email
        ? { to: user.email, ...passwordResetMail(content) }
        : { to: user.phone ?? '', channel: 'sms' as const, ...passwordResetSms(content) };
      return mail.enqueue(executor, { ...message, companyId: user.company_id, secret: token });
    });
    mail.deliver([queued]);
  }

  /** The unused, unexpired link of this purpose with its live user, or 400. */
  async function validLink(token: string, purpose: PasswordTokenPurpose, message: string) {
    const link = await repo.findToken(sha256(token));
    const now = Date.now();
    if (!link || link.purpose !== purpose || link.used_at !== null || link.expires_at <= now) {
      throw badRequest(message);
    }
    const user = await repo.findById(link.user_id);
    if (!user || user.deleted_at !== null || !user.is_active) throw badRequest(message);
    return { link, user };
  }

  /**
   * Sets the password of a link's user: the link is used up (once, even when two calls race), every
   * session of the user ends, and the change is audited as `audit` says. Returns the user.
   */
  async function setPasswordByLink(
    token: string,
    password: string,
    purpose: PasswordTokenPurpose,
    invalidMessage: string,
    audit: Pick<AuditRow, 'operation' | 'detail'>,
  ): Promise<UserRow> {
    const { link, user } = await validLink(token, purpose, invalidMessage);
    assertStrongPassword(password, ownerOf(user));
    const passwordHash = await hashPassword(password);
    await repo.transaction(async (trx) => {
      const now = Date.now();
      if (!(await trx.useToken(link.id, now))) throw badRequest(invalidMessage);
      await trx.updateUser(user.id, { password_hash: passwordHash });
      await trx.revokeSessions(user.id, now);
      await trx.audit(
        [{ companyId: user.company_id, actorUserId: null, targetUserId: user.id, ...audit }],
        now,
      );
    });
    onSessionsEnded?.(user.id);
    return user;
  }

  return {
    /** POST /v2/users/cmd/init_reset_pwd/by_email: same answer whether or not the address is known. */
    async initResetPasswordByEmail(
      companyId: number,
      email: string,
      baseUrl: string,
      clientKey: string,
    ): Promise<void> {
      await countResetRequest(companyId, email.trim(), clientKey);
      await startReset(await repo.findByEmail(companyId, email.trim()), baseUrl);
    },

    /** POST /v2/users/cmd/init_reset_pwd: by username or +phone (or e-mail); same answer always. */
    async initResetPassword(
      companyId: number,
      ref: string,
      baseUrl: string,
      clientKey: string,
    ): Promise<void> {
      await countResetRequest(companyId, ref.trim(), clientKey);
      await startReset(await findByLoginRef(repo, companyId, ref.trim()), baseUrl);
    },

    /** POST /v2/users/cmd/reset_pwd_confirm: a RESET link only; works once; signs out every session. */
    async confirmResetPassword(token: string, password: string): Promise<void> {
      await setPasswordByLink(token, password, 'RESET', INVALID_RESET_LINK, {
        operation: 'PASSWORD_RESET',
        detail: 'by the e-mailed reset link',
      });
    },

    /**
     * POST /v2/users/cmd/change_temp_pwd: the first password, with an INVITE link (works once). The
     * invitation stays INVITATION_WELCOME_EMAIL_SENT until the account setup is saved.
     */
    async createPassword(token: string, password: string): Promise<ChangeTempPwdResult> {
      const user = await setPasswordByLink(token, password, 'INVITE', INVALID_CREATE_LINK, {
        operation: 'PASSWORD_CHANGE',
        detail: 'first password, by the invitation link',
      });
      return { companyId: user.company_id, username: user.username, email: user.email };
    },

    /**
     * POST /v2/users/cmd/init_change_pwd: the signed-in user's new password, given the current one.
     * Signs out their other sessions (the calling one stays) and tells them by e-mail. Wrong current
     * passwords count per user and per client address; past AUTH_RATE_LIMIT_MAX: 429 before any check.
     */
    async changePassword(actor: Actor, body: InitChangePwdBody, clientKey: string): Promise<void> {
      const byUser = `user:${actor.userId}`;
      const byAddress = `addr:${clientKey}`;
      if (
        (await wrongCurrentPasswords.isBlocked(byUser)) ||
        (await wrongCurrentPasswords.isBlocked(byAddress))
      ) {
        throw tooManyRequests();
      }
      const user = await repo.findById(actor.userId);
      if (!user || user.deleted_at !== null) throw notFound('User not found');
      if (!(await verifyPassword(body.currentPassword, user.password_hash))) {
        await wrongCurrentPasswords.fail(byUser);
        await wrongCurrentPasswords.fail(byAddress);
        throw badRequest('The current password is not correct');
      }
      assertStrongPassword(body.newPassword, ownerOf(user));
      const passwordHash = await hashPassword(body.newPassword);
      const lang = await languageOf(user.id);
      const queued: QueuedMail[] = [];
      await repo.transaction(async (trx, executor) => {
        const now = Date.now();
        await trx.updateUser(user.id, { password_hash: passwordHash });
        await trx.revokeSessions(user.id, now, actor.sessionId);
        await trx.audit(
          [
            {
              companyId: user.company_id,
              actorUserId: actor.userId,
              targetUserId: user.id,
              operation: 'PASSWORD_CHANGE',
              detail: 'from my profile; other sessions signed out',
            },
          ],
          now,
        );
        if (user.email) {
          const content = passwordChangedMail({
            lang,
            name: user.first_name || user.username,
            username: user.username,
          });
          queued.push(
            await mail.enqueue(executor, { to: user.email, ...content, companyId: user.company_id }),
          );
        }
      });
      onSessionsEnded?.(user.id);
      mail.deliver(queued);
    },
  };
}
