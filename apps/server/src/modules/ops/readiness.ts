import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/**
 * Readiness (GET /api/ready, docs/deploy.md): whether a load balancer should send this process new work.
 * Not ready while it drains on shutdown (main.ts marks it on SIGTERM/SIGINT) or when the database does not
 * answer a trivial query in time. Liveness (GET /api/health) stays 200 meanwhile: the process is alive,
 * restarting it would not help.
 */
export interface Readiness {
  /** true from the shutdown signal on */
  readonly draining: boolean;
  /** Marks the process as shutting down: readiness answers 503 from now on. */
  drain(): void;
  /** undefined when ready, else why not (one sentence for the 503 answer). */
  check(): Promise<string | undefined>;
}

export function createReadiness(db: Db, opts: { timeoutMs?: number } = {}): Readiness {
  const timeoutMs = opts.timeoutMs ?? 2_000;
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    async check() {
      if (draining) return 'The server is shutting down';
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), timeoutMs);
      });
      try {
        const r = await Promise.race([sql`SELECT 1 AS one`.execute(db.db), late]);
        if (r === 'late') return `The database did not answer within ${timeoutMs} ms`;
        return draining ? 'The server is shutting down' : undefined;
      } catch {
        return 'The database does not answer';
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** readiness of this process (modules/ops/readiness.ts) */
    readiness: Readiness;
  }
}
