import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { createLumitrackLabelWorker } from '../modules/lumitrack/worker.ts';
import { createNotificationWorker } from '../modules/notifications/worker.ts';
import { createReportScheduler } from '../modules/reports/scheduler.ts';
import { createReportWorker } from '../modules/reports/worker.ts';
import { createRetentionWorker } from '../modules/retention/worker.ts';
import type { Services } from '../services.ts';

/** The background workers of one server, started together. */
export interface Workers {
  /** Stops them: no schedule fires any more, and each job being made goes back to its queue. */
  stop(): Promise<void>;
}

/**
 * The one place that starts the workers (ARCHITECTURE, "background jobs"): the report schedules (croner,
 * compare-and-set on next_run_at) and the workers of the leased queues of jobs/leased-queue.ts: report
 * files, alarm messages, Lumitrack label files; and the retention worker (partitions ahead, raw data past
 * each company's retention: modules/retention/worker.ts). Each queue worker is woken at once by work made in this process and
 * polls every `config.reportPollMs` for work made by other servers, retries and digests.
 */
export function startWorkers(
  services: Services,
  config: Pick<Config, 'reportPollMs'>,
  log?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
): Workers {
  const pollMs = config.reportPollMs;
  const scheduler = createReportScheduler({ services, log, pollMs });
  const workers = [
    createReportWorker({ services, log, pollMs }),
    createNotificationWorker({ notifications: services.notifications, log, pollMs }),
    createLumitrackLabelWorker({ lumitrack: services.lumitrack, log, pollMs }),
    // Partitions of `reading` made ahead, and raw data past each company's retention removed (issue 17).
    createRetentionWorker({ retention: services.retention, log }),
  ];
  for (const w of workers) w.start();
  scheduler.start();
  return {
    async stop() {
      await scheduler.stop();
      await Promise.all(workers.map((w) => w.stop()));
    },
  };
}
