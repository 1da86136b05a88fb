/** Small helpers to read settings and print figures. */

/** A positive integer from the environment, or the default. */
export function envInt(name: string, def: number): number {
  const v = process.env[name];
  if (v === undefined || v === '') return def;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got '${v}'`);
  return n;
}

/** The p-th percentile (0..100) of the values, by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export const int = (n: number) => Math.round(n).toLocaleString('en-US');
export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
export const secs = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;
export const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');

/** "met" or "NOT met", for a goal line. */
export const goal = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** Prints rows as aligned columns (first row: headers). */
export function table(rows: (string | number)[][]): void {
  const cells = rows.map((r) => r.map(String));
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  for (const [n, r] of cells.entries()) {
    console.log(`  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('   ')}`);
    if (n === 0) console.log(`  ${widths.map((w) => '-'.repeat(w)).join('   ')}`);
  }
}

/** Process CPU time (user + system) in ms since `since`, for telling a saturated client. */
export function cpuMs(since?: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
}
