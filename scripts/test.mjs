// `npm test`: lint, typecheck, every Vitest suite (domain, server on SQLite and PostgreSQL, web),
// then the web build and the end-to-end suite in a real Chromium. Ends with one plain summary line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const run = (cmd, args) => {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  return r.status ?? 1;
};

mkdirSync('.tmp', { recursive: true });
let failedSteps = 0;
if (run('npx', ['biome', 'check', '.']) !== 0) failedSteps++;
if (run('npm', ['run', 'typecheck']) !== 0) failedSteps++;
if (run('npm', ['run', 'build']) !== 0) failedSteps++;
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.tmp/vitest.json',
]);
if (vitestStatus !== 0) failedSteps++;

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests;
  skipped = report.numPendingTests + report.numTodoTests;
} catch {
  failed++;
}
if (failedSteps > 0 && failed === 0) failed = failedSteps;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
