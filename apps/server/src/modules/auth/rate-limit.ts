/**
 * Counts failed attempts per key (client IP and call) in a fixed window. Past `max` failures in the
 * window, the key is blocked until the window ends, whatever it sends. In memory: one process.
 */
export class FailureLimiter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(key: string): boolean {
    const e = this.entries.get(key);
    if (!e) return false;
    if (this.now() >= e.resetAt) {
      this.entries.delete(key);
      return false;
    }
    return e.count >= this.max;
  }

  fail(key: string): void {
    const now = this.now();
    const e = this.entries.get(key);
    if (!e || now >= e.resetAt) {
      if (this.entries.size > 50_000) this.prune(now);
      this.entries.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      e.count++;
    }
  }

  private prune(now: number) {
    for (const [k, e] of this.entries) if (now >= e.resetAt) this.entries.delete(k);
  }
}
