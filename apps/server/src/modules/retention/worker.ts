import { HOUR_MS } from '@sitepulse/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RetentionService } from './service.ts';

/** How often each process looks for missing partitions (a catalog read when none is missing). */
export const PARTITION_CHECK_MS = HOUR_MS;
/** How often a retention run is due (run by one process of several). */
export const RETENTION_EVERY_MS = 6 * HOUR_MS;
/** The maintenance_task row of the retention run. */
export const RETENTION_TASK = 'retention';

export interface RetentionWorkerOptions {
  retention: RetentionService;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** default PARTITION_CHECK_MS */
  checkMs?: number;
  /** default RETENTION_EVERY_MS */
  runEveryMs?: number;
}

/**
 * Data that grows for years (docs/decisions/data-retention.md): at start and every `checkMs` each process
 * makes the partitions of `reading` that are missing (PostgreSQL; several at once are safe), and the one
 * process that claims the due retention run (compare-and-set on maintenance_task) runs it. A run cut short
 * (the process stopped or died) is done again by the next one: every step of it can be repeated.
 */
export function createRetentionWorker(opts: RetentionWorkerOptions) {
  const { retention, log } = opts;
  const checkMs = opts.checkMs ?? PARTITION_CHECK_MS;
  const runEveryMs = opts.runEveryMs ?? RETENTION_EVERY_MS;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let abort = new AbortController();

  async function round(): Promise<void> {
    try {
      const { made } = await retention.ensurePartitions(Date.now());
      for (const p of made) log?.info({ partition: p.name, moved: p.moved }, 'reading partition made');
    } catch (err) {
      // Most often the table's lock was not had in time: the next round tries again.
      log?.warn({ err }, 'making reading partitions failed; tried again next round');
    }
    if (abort.signal.aborted) return;
    const now = Date.now();
    let claimed = false;
    try {
      claimed = await retention.claimTask(RETENTION_TASK, now, runEveryMs);
      if (!claimed) return;
      const result = await retention.run(now, abort.signal);
      await retention.finishTask(RETENTION_TASK, Date.now(), null);
      const removed = result.companies.filter((c) => Object.values(c.removed).some((n) => n > 0));
      if (removed.length > 0 || result.droppedPartitions.length > 0) {
        log?.info(
          { companies: removed, droppedPartitions: result.droppedPartitions.map((p) => p.name) },
          'raw data past its retention removed',
        );
      }
    } catch (err) {
      if (abort.signal.aborted) return;
      log?.error({ err }, 'retention run failed');
      if (claimed) await retention.finishTask(RETENTION_TASK, Date.now(), String(err)).catch(() => undefined);
    }
  }

  function kick() {
    if (current) return;
    current = round().finally(() => {
      current = undefined;
    });
  }

  return {
    start() {
      abort = new AbortController();
      kick();
      timer = setInterval(kick, checkMs);
      timer.unref();
    },
    /** Stops the rounds; a run in progress stops after its current batch. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      abort.abort();
      await current;
    },
    /** Runs one round now and waits for it (tests). */
    async runRound() {
      await current;
      kick();
      await current;
    },
  };
}
