import { DELIVERY_ATTEMPTS_MAX } from '@sitepulse/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationsService } from './service.ts';
import { PermanentDeliveryError } from './service.ts';

/** How long a claimed message is a worker's own (a worker that dies loses it after this). */
export const NOTIFY_LEASE_MS = 3 * 60_000;
/** The first retry's delay; each next one doubles, up to NOTIFY_BACKOFF_MAX_MS. */
export const NOTIFY_BACKOFF_MS = 30_000;
export const NOTIFY_BACKOFF_MAX_MS = 30 * 60_000;
/** What a message whose worker kept dying shows. */
export const NOTIFY_ABANDONED = 'The message could not be sent: its worker stopped each time it tried';

export interface NotificationWorkerOptions {
  notifications: NotificationsService;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** how often to look for due messages (retries, digests) when not woken */
  pollMs: number;
  leaseMs?: number;
  backoffMs?: number;
  attemptsMax?: number;
  now?: () => number;
}

const silent = { error() {}, warn() {}, info() {} };

/** The delay before attempt `attempts + 1`: doubling from `base`, capped. */
export function backoffDelay(attempts: number, base = NOTIFY_BACKOFF_MS): number {
  return Math.min(base * 2 ** Math.max(0, Math.min(attempts - 1, 20)), NOTIFY_BACKOFF_MAX_MS);
}

/**
 * The notification worker (docs/decisions/notifications.md): the report worker's leased-claim pattern on
 * notification_message. Claims a due PENDING message with a lease (FOR UPDATE SKIP LOCKED on
 * PostgreSQL), sends it, then marks it SENT, or PENDING again after a backoff, or FAILED with the error
 * once DELIVERY_ATTEMPTS_MAX attempts failed. Every write after the claim checks the attempt still holds.
 * Polls, and is woken at once by messages queued in this process.
 */
export function createNotificationWorker(opts: NotificationWorkerOptions) {
  const { notifications } = opts;
  const { repo } = notifications;
  const log = opts.log ?? silent;
  const leaseMs = opts.leaseMs ?? NOTIFY_LEASE_MS;
  const backoffMs = opts.backoffMs ?? NOTIFY_BACKOFF_MS;
  const attemptsMax = opts.attemptsMax ?? DELIVERY_ATTEMPTS_MAX;
  const now = opts.now ?? Date.now;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | null = null;
  let wakeAgain = false;
  let unsubscribe: (() => void) | undefined;

  /** Claims and sends one message; false when none was due. */
  async function runOnce(): Promise<boolean> {
    const t = now();
    await repo.failAbandoned(t, attemptsMax, NOTIFY_ABANDONED);
    const row = await repo.claim(t, t + leaseMs);
    if (!row) return false;
    const attempt = row.attempts;
    try {
      await notifications.deliver(row);
      await repo.finish(row.id, attempt, { state: 'SENT', sent_at: now(), error: null });
    } catch (e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      const final = e instanceof PermanentDeliveryError || attempt >= attemptsMax;
      if (!(e instanceof PermanentDeliveryError)) {
        log.warn({ err: e, messageId: row.id, attempt }, 'alarm message not delivered');
      }
      await repo.finish(
        row.id,
        attempt,
        final
          ? { state: 'FAILED', error }
          : { state: 'PENDING', error, next_attempt_at: now() + backoffDelay(attempt, backoffMs) },
      );
    }
    return true;
  }

  /** Sends due messages until none is left. */
  function drain(): Promise<void> {
    if (draining) {
      wakeAgain = true;
      return draining;
    }
    draining = (async () => {
      do {
        wakeAgain = false;
        while (!stopped && (await runOnce())) {}
      } while (wakeAgain && !stopped);
    })()
      .catch((err) => log.error({ err }, 'notification worker failed'))
      .finally(() => {
        draining = null;
      });
    return draining;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await drain();
      schedule();
    }, opts.pollMs);
    timer.unref();
  }

  return {
    runOnce,
    drain,
    start() {
      unsubscribe = notifications.onQueued(() => void drain());
      void drain();
      schedule();
    },
    /** Stops after the message being sent (a message is short: no need to hand it back). */
    async stop() {
      stopped = true;
      unsubscribe?.();
      clearTimeout(timer);
      await draining;
    },
  };
}
export type NotificationWorker = ReturnType<typeof createNotificationWorker>;
