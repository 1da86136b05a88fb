import { DELIVERY_ATTEMPTS_MAX } from '@sitepulse/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createLeasedWorker } from '../../jobs/leased-queue.ts';
import { NOTIFY_ABANDONED } from './delivery-errors.ts';
import type { MessageRow } from './repo.ts';
import type { NotificationsService } from './service.ts';
import { PermanentDeliveryError } from './service.ts';

/** How long a claimed message is a worker's own (a worker that dies loses it after this). */
export const NOTIFY_LEASE_MS = 3 * 60_000;
/** The first retry's delay; each next one doubles, up to NOTIFY_BACKOFF_MAX_MS. */
export const NOTIFY_BACKOFF_MS = 30_000;
export const NOTIFY_BACKOFF_MAX_MS = 30 * 60_000;
export { NOTIFY_ABANDONED };

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

/** The delay before attempt `attempts + 1`: doubling from `base`, capped. */
export function backoffDelay(attempts: number, base = NOTIFY_BACKOFF_MS): number {
  return Math.min(base * 2 ** Math.max(0, Math.min(attempts - 1, 20)), NOTIFY_BACKOFF_MAX_MS);
}

/**
 * The notification worker (docs/decisions/notifications.md): sends the messages of notification_message
 * through the leased queue (jobs/leased-queue.ts: claim with a lease, takeover of a dead worker's message,
 * attempts, stop). A claimed message is sent, then marked SENT, or PENDING again after a backoff, or
 * FAILED with the error once DELIVERY_ATTEMPTS_MAX attempts failed (at once when the failure is
 * permanent). Woken at once by messages queued in this process; polls for retries and digests. A message
 * is short: its lease is not renewed.
 */
export function createNotificationWorker(opts: NotificationWorkerOptions) {
  const { notifications } = opts;
  const { log } = opts;
  const backoffMs = opts.backoffMs ?? NOTIFY_BACKOFF_MS;
  const attemptsMax = opts.attemptsMax ?? DELIVERY_ATTEMPTS_MAX;
  const now = opts.now ?? Date.now;

  return createLeasedWorker<MessageRow>({
    queue: notifications.repo.queue,
    name: 'notification worker',
    async handle(job) {
      await notifications.deliver(job.row);
      return { state: 'SENT', sent_at: now(), error: null };
    },
    failed(job, e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      const final = e instanceof PermanentDeliveryError || job.attempt >= attemptsMax;
      if (!(e instanceof PermanentDeliveryError)) {
        log?.warn({ err: e, messageId: job.row.id, attempt: job.attempt }, 'alarm message not delivered');
      }
      return final
        ? { state: 'FAILED', error }
        : { state: 'PENDING', error, next_attempt_at: now() + backoffDelay(job.attempt, backoffMs) };
    },
    abandonedReason: NOTIFY_ABANDONED,
    pollMs: opts.pollMs,
    leaseMs: opts.leaseMs ?? NOTIFY_LEASE_MS,
    attemptsMax,
    renew: false,
    subscribe: (wake) => notifications.onQueued(wake),
    log,
    now,
  });
}
export type NotificationWorker = ReturnType<typeof createNotificationWorker>;
