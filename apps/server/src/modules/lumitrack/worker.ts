import type { FastifyBaseLogger } from 'fastify';
import { createLeasedWorker, JobTimeLimitError } from '../../jobs/leased-queue.ts';
import type { FileRequestRow } from './repo.ts';
import { LABEL_ABANDONED, type LumitrackService } from './service.ts';

/** How long a claimed request is a worker's own (renewed every third of it while the file is made). */
export const LABEL_LEASE_MS = 60_000;
/** Claims of one request before it is given up on (its worker died each time). */
export const LABEL_ATTEMPTS_MAX = 3;
/** The longest a label file may take to make (500 PNG labels take well under a minute). */
export const LABEL_TIME_LIMIT_MS = 5 * 60_000;

export interface LabelWorkerOptions {
  lumitrack: LumitrackService;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** how often to look for requests when not woken (config.reportPollMs) */
  pollMs: number;
  leaseMs?: number;
  attemptsMax?: number;
  timeLimitMs?: number;
}

/**
 * The label worker (docs/decisions/lumitrack-labels.md): makes the files of ID file requests, one at a
 * time, through the leased queue (apps/server/src/jobs/leased-queue.ts): NEW, RUNNING, then DONE with the
 * file or ERROR with a reason. Woken at once by a request made in this process; polls for the others.
 * On stop, the request being made goes back to NEW.
 */
export function createLumitrackLabelWorker(opts: LabelWorkerOptions) {
  const { lumitrack } = opts;
  const log = opts.log;
  return createLeasedWorker<FileRequestRow>({
    queue: lumitrack.repo.queue,
    name: 'label worker',
    handle: (job) => lumitrack.makeFile(job),
    failed(job, error) {
      if (!(error instanceof JobTimeLimitError)) {
        log?.error({ err: error, fileRequestId: job.row.id }, 'label file failed');
      }
      return lumitrack.fileFailed(error);
    },
    abandonedReason: LABEL_ABANDONED,
    pollMs: opts.pollMs,
    leaseMs: opts.leaseMs ?? LABEL_LEASE_MS,
    attemptsMax: opts.attemptsMax ?? LABEL_ATTEMPTS_MAX,
    timeLimitMs: opts.timeLimitMs ?? LABEL_TIME_LIMIT_MS,
    subscribe: (wake) => lumitrack.onCreated(wake),
    log,
  });
}
export type LumitrackLabelWorker = ReturnType<typeof createLumitrackLabelWorker>;
