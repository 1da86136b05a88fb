/**
 * Summarises a V8 CPU profile (BENCH_CPU_PROF=<dir> writes one per server process):
 * `node --import tsx bench/lib/cpuprofile-top.ts <file.cpuprofile> [rows]`. Prints the functions
 * with the most self time, and the project functions with the most total (inclusive) time.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpuprofile-top.ts <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/(node_modules\/)/, '$1')
    .replace(/^.*\/(apps|packages|bench)\//, '$1/');
  return `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim();
};

const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  all += dt;
  const node = byId.get(id);
  if (!node) return;
  self.set(label(node), (self.get(label(node)) ?? 0) + dt);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur) as ProfileNode);
    if (seen.has(l)) continue;
    seen.add(l);
    total.set(l, (total.get(l) ?? 0) + dt);
  }
});

const print = (title: string, m: Map<string, number>, filter: (l: string) => boolean = () => true) => {
  console.log(`\n${title} (of ${(all / 1000).toFixed(0)} ms sampled)`);
  for (const [l, t] of [...m]
    .filter(([l]) => filter(l))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)) {
    console.log(
      `  ${(t / 1000).toFixed(0).padStart(7)} ms  ${((100 * t) / all).toFixed(1).padStart(5)}%  ${l}`,
    );
  }
};
print('self time', self);
print('total time, project code', total, (l) => /(apps|packages)\//.test(l));
