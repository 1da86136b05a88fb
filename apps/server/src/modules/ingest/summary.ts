/** Something that logs at info (Fastify's logger). */
export interface SummaryLog {
  info(obj: unknown, msg?: string): void;
}

export interface IngestTotals {
  batches: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  /** whole uplinks refused (MQTT: too large, too deep, not JSON) */
  rejectedMessages: number;
}

const zero = (): IngestTotals => ({
  batches: 0,
  accepted: 0,
  duplicates: 0,
  rejected: 0,
  rejectedMessages: 0,
});

/**
 * The ingest summary an operator reads instead of one log line per gateway request: what was stored,
 * resent and rejected over each period, one `info` line per period with traffic, none when idle.
 */
export function createIngestSummary(opts: { periodMs: number }) {
  let totals = zero();
  let since = Date.now();
  let timer: NodeJS.Timeout | null = null;
  let log: SummaryLog | null = null;

  function flush(): IngestTotals | null {
    const t = totals;
    const from = since;
    totals = zero();
    since = Date.now();
    if (t.batches === 0 && t.rejectedMessages === 0) return null;
    log?.info({ ingest: t, periodS: Math.round((since - from) / 1000) }, 'ingest summary');
    return t;
  }

  return {
    /** One stored batch's answer. */
    record(result: { accepted: number; duplicates: number; rejected: readonly unknown[] }): void {
      totals.batches++;
      totals.accepted += result.accepted;
      totals.duplicates += result.duplicates;
      totals.rejected += result.rejected.length;
    },
    recordRejectedMessage(): void {
      totals.rejectedMessages++;
    },
    /** Logs every period to `l` until stop(). */
    start(l: SummaryLog): void {
      log = l;
      if (timer) return;
      timer = setInterval(flush, opts.periodMs);
      timer.unref();
    },
    /** Writes what is left and stops. */
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
      flush();
    },
    /** Ends the period now (tests). */
    flush,
  };
}
export type IngestSummary = ReturnType<typeof createIngestSummary>;
