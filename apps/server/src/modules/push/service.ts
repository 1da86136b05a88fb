import { isIP } from 'node:net';
import type { PushSubscriptionBody, PushSubscriptionInfo, VapidPublicKey } from '@sitepulse/contracts';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest } from '../../lib/errors.ts';
import { type PushRepo, type PushSubscriptionRow, VAPID_SECRET_KEY } from './repo.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** How long a push service keeps an alarm for a device that is offline (seconds). */
export const PUSH_TTL_S = 86_400;
/** How long one push service call may take before it counts as failed. */
export const PUSH_TIMEOUT_MS = 15_000;
/** Subscriptions kept per person (browsers and devices); beyond it the oldest go. */
export const PUSH_SUBSCRIPTIONS_PER_USER_MAX = 20;
/** The longest notification body sent (a push payload is at most ~4 kB once encrypted). */
export const PUSH_BODY_MAX = 1000;
const USER_AGENT_MAX = 300;

/**
 * The VAPID key pair every server process signs with: from the database, or made and stored on first
 * start (first writer wins, as the JWT secret: resolveJwtSecret). One JSON row, so two processes
 * starting together cannot keep halves of two different pairs.
 */
export async function resolveVapidKeys(repo: PushRepo): Promise<VapidKeys> {
  const stored = await repo.getSecret(VAPID_SECRET_KEY);
  const parsed = stored === undefined ? undefined : parseKeys(stored);
  if (parsed) return parsed;
  if (stored !== undefined) throw new Error(`app_secret '${VAPID_SECRET_KEY}' is not a VAPID key pair`);
  const kept = await repo.putSecretOnce(VAPID_SECRET_KEY, JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = parseKeys(kept);
  if (!keys) throw new Error(`app_secret '${VAPID_SECRET_KEY}' is not a VAPID key pair`);
  return keys;
}

function parseKeys(text: string): VapidKeys | undefined {
  try {
    const v = JSON.parse(text) as Partial<VapidKeys>;
    return typeof v.publicKey === 'string' && typeof v.privateKey === 'string'
      ? { publicKey: v.publicKey, privateKey: v.privateKey }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The VAPID `sub` claim, from configuration (never a request): PUBLIC_URL when it is an https URL of a
 * real host (push services refuse localhost), else `mailto:` the address of MAIL_FROM.
 */
export function vapidSubject(config: Pick<Config, 'publicUrl' | 'mailFrom'>): string {
  const url = parseUrl(config.publicUrl);
  if (url?.protocol === 'https:' && !isLocalHost(url.hostname)) return url.origin;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  return `mailto:${address}`;
}

/** new URL, or undefined when it is not one (URL.parse is Node 22+). */
function parseUrl(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

function isLocalHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost');
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * A push endpoint as kept, or a 400: an https URL of a named host (no IP address, no localhost, no
 * credentials), because the server POSTs to it. `allowLoopback` (tests only, never configuration) also
 * takes http and https on 127.0.0.1, [::1] and localhost, where the tests' push service listens.
 */
export function checkEndpoint(raw: string, allowLoopback = false): string {
  const url = parseUrl(raw);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw badRequest('endpoint must be an https URL of a push service');
  }
  if (url.username || url.password) throw badRequest('endpoint must not carry credentials');
  if (allowLoopback && LOOPBACK.has(url.hostname)) return url.href;
  if (url.protocol !== 'https:') throw badRequest('endpoint must be an https URL of a push service');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 || isLocalHost(host) || !host.includes('.')) {
    throw badRequest('endpoint must name a push service host (no IP address or local name)');
  }
  return url.href;
}

/** A base64url key of exactly `bytes` bytes (p256dh: an uncompressed P-256 point, 0x04 first). */
function checkKey(name: string, value: string, bytes: number): string {
  const raw = Buffer.from(value, 'base64url');
  if (raw.length !== bytes || (bytes === 65 && raw[0] !== 0x04)) {
    throw badRequest(
      `keys.${name} must be a base64url ${bytes === 65 ? 'P-256 public key' : '16-byte secret'}`,
    );
  }
  return value.replace(/=+$/, '');
}

/** What a push notification carries (the service worker shows title and body and opens url). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

/** The outcome of sending to every subscription of a person. */
export interface PushResult {
  /** subscriptions tried */
  tried: number;
  /** accepted by their push service */
  sent: number;
  /** removed: the push service answered 404 or 410 */
  gone: number;
  /** the other refusals and errors, one line each */
  errors: string[];
}

export interface PushServiceDeps {
  repo: PushRepo;
  config: Pick<Config, 'publicUrl' | 'mailFrom'>;
  vapid: VapidKeys;
  /** tests only: accept loopback endpoints (http too), where a local server plays the push service */
  allowLoopbackEndpoints?: boolean;
  timeoutMs?: number;
  now?: () => number;
}

/**
 * Web Push (issue 15, docs/decisions/notifications.md "Web Push"): the VAPID public key, each person's
 * browser subscriptions, and sending one notification to all of a person's subscriptions. The request is
 * built by `web-push` (RFC 8291 aes128gcm encryption, RFC 8292 VAPID header) and sent with fetch.
 */
export function createPushService(deps: PushServiceDeps) {
  const { repo, vapid } = deps;
  const now = deps.now ?? Date.now;
  const timeoutMs = deps.timeoutMs ?? PUSH_TIMEOUT_MS;
  const vapidDetails = { subject: vapidSubject(deps.config), ...vapid };

  /** Sends to one subscription: 'ok', 'gone' (removed), or the error. */
  async function sendOne(s: PushSubscriptionRow, payload: string): Promise<'ok' | 'gone' | string> {
    let res: Response;
    try {
      const req = webpush.generateRequestDetails(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        payload,
        {
          vapidDetails,
          TTL: PUSH_TTL_S,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      );
      // fetch sets Content-Length from the body itself.
      const { 'Content-Length': _length, ...headers } = req.headers as Record<string, string | number>;
      res = await fetch(req.endpoint, {
        method: req.method,
        headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
        body: new Uint8Array(req.body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (e) {
      await repo.markFailed(s.id, now());
      return `push service not reached: ${e instanceof Error ? e.message : String(e)}`;
    }
    await res.body?.cancel();
    if (res.ok) {
      await repo.markOk(s.id, now());
      return 'ok';
    }
    if (res.status === 404 || res.status === 410) {
      await repo.removeById(s.id);
      return 'gone';
    }
    await repo.markFailed(s.id, now());
    return `push service answered ${res.status}`;
  }

  return {
    repo,

    /** GET /push/vapid-public-key */
    publicKey(): VapidPublicKey {
      return { publicKey: vapid.publicKey };
    },

    /**
     * POST /push/subscriptions: keeps the caller's browser subscription. The same endpoint again updates
     * it (and moves it to the caller: one browser, whoever subscribed last). Beyond
     * PUSH_SUBSCRIPTIONS_PER_USER_MAX the caller's oldest are removed.
     */
    async subscribe(
      actor: Actor,
      body: PushSubscriptionBody,
      userAgent: string | undefined,
    ): Promise<PushSubscriptionInfo> {
      const endpoint = checkEndpoint(body.endpoint, deps.allowLoopbackEndpoints);
      const p256dh = checkKey('p256dh', body.keys.p256dh, 65);
      const auth = checkKey('auth', body.keys.auth, 16);
      await repo.upsert({
        userId: actor.userId,
        endpoint,
        p256dh,
        auth,
        userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
        now: now(),
      });
      const mine = await repo.ofUser(actor.userId);
      for (const old of mine.slice(PUSH_SUBSCRIPTIONS_PER_USER_MAX)) {
        if (old.endpoint !== endpoint) await repo.removeById(old.id);
      }
      const kept = mine.find((s) => s.endpoint === endpoint);
      return {
        endpoint,
        userAgent: kept?.user_agent ?? null,
        createdAt: kept?.created_at ?? now(),
        lastOkAt: kept?.last_ok_at ?? null,
        failedAt: kept?.failed_at ?? null,
      };
    },

    /** DELETE /push/subscriptions: the caller's own subscription of that endpoint only. */
    async unsubscribe(actor: Actor, endpoint: string): Promise<{ removed: boolean }> {
      const url = parseUrl(endpoint);
      return { removed: url ? await repo.remove(actor.userId, url.href) : false };
    },

    /** Which of these people have a browser subscribed. */
    usersWithSubscriptions: (userIds: number[]) => repo.usersWithSubscriptions(userIds),

    /**
     * Sends one notification to every subscription of a person (in parallel). 404/410 removes that
     * subscription; other refusals are answered in `errors` and mark it failed.
     */
    async sendToUser(userId: number, p: PushPayload): Promise<PushResult> {
      const subs = await repo.ofUser(userId);
      const payload = JSON.stringify({ title: p.title, body: p.body.slice(0, PUSH_BODY_MAX), url: p.url });
      const outcomes = await Promise.all(subs.map((s) => sendOne(s, payload)));
      const errors = outcomes.filter((o) => o !== 'ok' && o !== 'gone');
      return {
        tried: subs.length,
        sent: outcomes.filter((o) => o === 'ok').length,
        gone: outcomes.filter((o) => o === 'gone').length,
        errors,
      };
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
