import { randomBytes, randomUUID } from 'node:crypto';
import type { CompanyCodeResult, LoginTokens } from '@sitepulse/contracts';
import type { Config } from '../../config.ts';
import type { Actor } from '../../lib/actor.ts';
import { type ClusterBus, createLocalBus } from '../../lib/cluster-bus.ts';
import { sha256, verifyPassword } from '../../lib/crypto.ts';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { isAdminAccount } from '../../lib/roles.ts';
import type { CompaniesService } from '../companies/service.ts';
import type { UsersService } from '../users/service.ts';
import { type FailureStore, memoryFailureStore } from './rate-limit.ts';
import type { AuthRepo } from './repo.ts';
import { TokenSigner } from './tokens.ts';

/** The one message of every failed code or sign-in: it never says which part was wrong. */
export const BAD_CREDENTIALS = 'The credentials are not valid';

/** The JWT secret: JWT_SECRET, or one generated on first start and kept in app_secret. */
export async function resolveJwtSecret(repo: AuthRepo, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const existing = await repo.getSecret('jwt_secret');
  return existing ?? repo.putSecretOnce('jwt_secret', randomBytes(48).toString('base64url'));
}

/** How long a checked access token is trusted without reading its session again (AUTH_TOKEN_TRUST_MS's default). */
export const RECENT_TOKEN_MS = 5_000;
const RECENT_TOKENS_MAX = 10_000;
/** The cluster bus topic of ended sessions and users (issue 17). */
export const AUTH_TOPIC = 'auth';

export function createAuthService(deps: {
  repo: AuthRepo;
  config: Config;
  jwtSecret: string;
  companies: CompaniesService;
  users: UsersService;
  /**
   * Where failed attempts are counted (default: in this process). With several processes on one
   * PostgreSQL, the database (rate-limit.ts createFailureStore), so a limit reached on one counts on all.
   */
  failures?: FailureStore;
  /** Tells the other processes of ended sessions and users, so none trusts their tokens on (issue 17). */
  bus?: ClusterBus;
}) {
  const { repo, config, companies, users } = deps;
  const signer = new TokenSigner(deps.jwtSecret);
  const failures =
    deps.failures ?? memoryFailureStore(config.authRateLimitMax, config.authRateLimitWindowS * 1000);
  const bus = deps.bus ?? createLocalBus();
  const trustMs = config.tokenTrustMs;

  /** Runs a credential check under the per-client failure limit: 429 when blocked, counts 401s. */
  async function limited<T>(key: string, fn: () => Promise<T>): Promise<T> {
    if (await failures.isBlocked(key)) throw tooManyRequests();
    try {
      return await fn();
    } catch (e) {
      if (e instanceof AppError && e.statusCode === 401) await failures.fail(key);
      throw e;
    }
  }

  /** When a session created at `createdAt` ends, whatever its refreshes (SESSION_MAX_AGE_S). */
  const sessionEnd = (createdAt: number) => createdAt + config.sessionMaxAgeS * 1000;
  // JWT expiry has second precision: store and report the instant the token carries.
  const toJwtInstant = (ms: number) => Math.floor(ms / 1000) * 1000;

  /** A new refresh token of a session and its expiry: the refresh TTL, never past the session's end. */
  async function newRefreshToken(sid: string, createdAt: number, now: number) {
    const expiresAt = toJwtInstant(Math.min(now + config.refreshTokenTtlS * 1000, sessionEnd(createdAt)));
    return { token: await signer.signRefresh(sid, expiresAt), expiresAt };
  }

  async function issueTokens(
    user: { id: number; company_id: number; username: string },
    session: { id: string; created_at: number },
    refresh: { token: string; expiresAt: number },
    now: number,
  ): Promise<LoginTokens> {
    const accessExp = toJwtInstant(
      Math.min(now + config.accessTokenTtlS * 1000, sessionEnd(session.created_at)),
    );
    const accessToken = await signer.signAccess(
      { userId: user.id, companyId: user.company_id, username: user.username, sid: session.id },
      accessExp,
    );
    return {
      accessToken,
      accessTokenExpiration: accessExp,
      refreshToken: refresh.token,
      refreshTokenExpiration: refresh.expiresAt,
    };
  }

  /**
   * Access tokens checked in the last few seconds, with their actor: a dashboard makes several
   * calls at once and every one would otherwise verify the token and read the session again.
   * Logout, refresh-token reuse and the end of a user's sessions clear it at once, in this process and,
   * through the cluster bus, in every other process on the same PostgreSQL (as soon as the NOTIFY
   * arrives); anything else that ends a session, or a bus that is down, is seen within trustMs
   * (AUTH_TOKEN_TRUST_MS).
   */
  const recent = new Map<string, { actor: Actor; until: number }>();
  /** moves on whenever something is forgotten: a check that read its session before is not cached */
  let generation = 0;
  const forgetSession = (sid: string) => {
    generation++;
    for (const [token, entry] of recent) if (entry.actor.sessionId === sid) recent.delete(token);
  };
  const forgetUserTokens = (userId: number) => {
    generation++;
    for (const [token, entry] of recent) if (entry.actor.userId === userId) recent.delete(token);
  };
  const forgetAll = () => {
    generation++;
    recent.clear();
  };
  bus.subscribe(AUTH_TOPIC, (m) => {
    const { s, u } = (typeof m === 'object' && m !== null ? m : {}) as { s?: unknown; u?: unknown };
    if (typeof s === 'string') forgetSession(s);
    if (Number.isSafeInteger(u)) forgetUserTokens(u as number);
  });
  // Ends announced while this process was not listening were missed: trust nothing cached.
  bus.onGap(forgetAll);

  /** Ends a session (refresh-token reuse): its refresh token and every access token it issued. */
  async function revokeFamily(sid: string, now: number) {
    await repo.revokeSession(sid, now);
    forgetSession(sid);
    bus.publish(AUTH_TOPIC, { s: sid });
  }

  return {
    signer,

    async companyCode(authCode: string, clientKey: string): Promise<CompanyCodeResult> {
      return limited(`code:${clientKey}`, async () => {
        const company = await companies.findByAuthCode(authCode);
        if (!company) throw unauthorized(BAD_CREDENTIALS);
        const token = await signer.signCompany(company.id, Date.now() + config.companyTokenTtlS * 1000);
        return { token, companyId: company.id };
      });
    },

    async login(
      companyId: number,
      userRef: string,
      password: string,
      clientKey: string,
    ): Promise<LoginTokens> {
      return limited(`login:${clientKey}`, async () => {
        const user = userRef ? await users.findByLoginRef(companyId, userRef) : undefined;
        // Always verify (against a dummy hash when there is no user) so timing does not tell.
        const ok = await verifyPassword(password, user?.password_hash ?? null);
        // Deleted users are not found; deactivated ones and invited ones without a password fail here.
        if (!user || !ok || !user.is_active || user.deleted_at !== null) throw unauthorized(BAD_CREDENTIALS);
        const session = { id: randomUUID(), created_at: Date.now() };
        const refresh = await newRefreshToken(session.id, session.created_at, session.created_at);
        await repo.createSession({
          id: session.id,
          userId: user.id,
          refreshHash: sha256(refresh.token),
          expiresAt: refresh.expiresAt,
          now: session.created_at,
        });
        return issueTokens(user, session, refresh, session.created_at);
      });
    },

    /**
     * Rotates the refresh token: the old one is retired. Presenting a retired token of this server
     * again (a replay, or the loser of two concurrent refreshes) revokes the whole session, as OWASP
     * advises: we cannot tell the thief from the owner, so both must sign in again. No session
     * outlives SESSION_MAX_AGE_S from sign-in.
     */
    async refresh(refreshToken: string): Promise<LoginTokens> {
      const invalid = () => unauthorized('The refresh token is not valid');
      // Signature and expiry first: a forged or foreign token can never revoke anything.
      const claims = await signer.verifyRefresh(refreshToken);
      if (!claims) throw invalid();
      const s = await repo.findSession(claims.sid);
      const now = Date.now();
      if (!s || s.revoked_at !== null) throw invalid();
      const oldHash = sha256(refreshToken);
      if (s.refresh_token_hash !== oldHash) {
        await revokeFamily(s.id, now);
        throw invalid();
      }
      if (s.expires_at <= now || sessionEnd(s.created_at) <= now) throw invalid();
      const user = await users.findById(s.user_id);
      if (!user?.is_active || user.deleted_at !== null) throw invalid();
      const next = await newRefreshToken(s.id, s.created_at, now);
      if (!(await repo.rotateRefresh(s.id, oldHash, sha256(next.token), next.expiresAt))) {
        // Another refresh with this same token won in between: that is reuse too.
        await revokeFamily(s.id, now);
        throw invalid();
      }
      return issueTokens(user, s, next, now);
    },

    /**
     * Drops a user's recently checked tokens, here and on every other process: their next call reads
     * the session and account again.
     */
    forgetUser(userId: number): void {
      forgetUserTokens(userId);
      bus.publish(AUTH_TOPIC, { u: userId });
    },

    async logout(actor: Actor): Promise<void> {
      await repo.revokeSession(actor.sessionId, Date.now());
      forgetAll();
      bus.publish(AUTH_TOPIC, { s: actor.sessionId });
    },

    /**
     * Reads a bearer token. Access tokens must belong to a live session of an active user:
     * a revoked session answers 401 SESSION_REVOKED.
     */
    async authenticate(
      token: string,
    ): Promise<{ kind: 'company'; companyId: number } | { kind: 'access'; actor: Actor }> {
      const now = Date.now();
      const known = recent.get(token);
      if (known && known.until > now) return { kind: 'access', actor: known.actor };
      const checkedAt = generation;
      const claims = await signer.verify(token);
      if (!claims) throw unauthorized('The access token is not valid or has expired');
      if (claims.typ === 'company') return { kind: 'company', companyId: claims.companyId };
      const session = await repo.findSessionWithUser(claims.sid);
      if (!session || session.user_id !== claims.userId) throw unauthorized('The session is not valid');
      if (session.revoked_at !== null) throw unauthorized('The session has ended', 'SESSION_REVOKED');
      if (!session.is_active || session.deleted_at !== null || session.company_id !== claims.companyId) {
        throw unauthorized('The session has ended', 'SESSION_REVOKED');
      }
      const user = { ...session, id: session.user_id };
      let extra: string[] = [];
      try {
        extra = JSON.parse(user.roles);
      } catch {}
      const actor: Actor = {
        userId: user.id,
        companyId: user.company_id,
        username: user.username,
        accountType: user.account_type,
        roles: [user.account_type, ...extra],
        sessionId: session.id,
        isAdmin: isAdminAccount(user.account_type),
      };
      // A session or user forgotten while this check read the database: the answer stands, uncached.
      if (checkedAt !== generation) return { kind: 'access', actor };
      if (recent.size >= RECENT_TOKENS_MAX) recent.clear();
      recent.set(token, { actor, until: Math.min(now + trustMs, claims.exp * 1000) });
      return { kind: 'access', actor };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
