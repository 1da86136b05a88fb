import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../services.ts';

export interface ReportSchedulerOptions {
  services: Services;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** how often to look for due schedules (default config.reportPollMs) */
  pollMs?: number;
}

/**
 * Fires due report schedules (docs/decisions/reports.md): every tick, each schedule whose next run has
 * come makes one request (reports.fireDue: compare-and-set on next_run_at, so several servers on one
 * database fire an occurrence once; missed ones are caught up once).
 */
export function createReportScheduler(opts: ReportSchedulerOptions) {
  const { reports } = opts.services;
  const { config } = reports;
  const pollMs = opts.pollMs ?? config.reportPollMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  const tick = (now = Date.now()) => reports.fireDue(now);

  function loop() {
    if (stopped) return;
    timer = setTimeout(async () => {
      running = tick().catch((err) => opts.log?.error({ err }, 'report schedules failed'));
      await running;
      running = null;
      loop();
    }, pollMs);
    timer.unref();
  }

  return {
    tick,
    start() {
      stopped = false;
      loop();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
export type ReportScheduler = ReturnType<typeof createReportScheduler>;
