import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../../config.ts';

/**
 * The deployment files (issue 17, "A deployment someone else can run"; docs/deploy.md). This machine has a
 * docker CLI but no daemon, so the container file is linted, not built; the systemd unit is checked by
 * `systemd-analyze verify` where it exists, and parsed in any case.
 */

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const DEFAULT_PORT = loadConfig({}).port;
/** What `npm run serve` runs: the server's entry, as every deployment should start it. */
const SERVE = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.serve;
/** How long main.ts lets a shutdown drain before it exits 1. */
const DRAIN_MS = Number(
  read('apps/server/src/main.ts')
    .match(/setTimeout\(\(\) => process\.exit\(1\), ([\d_]+)\)/)?.[1]
    .replaceAll('_', ''),
);
/** Every environment variable config.ts reads. */
const CONFIG_VARS = [
  ...new Set([...read('apps/server/src/config.ts').matchAll(/\(env, '([A-Z][A-Z0-9_]*)'/g)].map((m) => m[1])),
].sort();

interface Instruction {
  op: string;
  args: string;
}

/** A Dockerfile's instructions: continuation lines joined, comments and blank lines left out. */
function parseDockerfile(text: string): Instruction[] {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (current === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push(current + line);
    current = '';
  }
  return logical.map((l) => {
    const m = l.match(/^(\S+)\s+(.*)$/);
    return { op: (m?.[1] ?? l).toUpperCase(), args: (m?.[2] ?? '').trim() };
  });
}

/** The words of an instruction: its JSON (exec) form, or split on spaces (shell form). */
function words(args: string): string[] {
  if (args.startsWith('[')) return JSON.parse(args) as string[];
  return args.split(/\s+/).filter(Boolean);
}

/** A systemd unit: section -> key -> values (a key may repeat). */
function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const out: Record<string, Record<string, string[]>> = {};
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const s = line.match(/^\[(.+)\]$/);
    if (s) {
      section = s[1];
      out[section] ??= {};
      continue;
    }
    const kv = line.match(/^([A-Za-z]+)=(.*)$/);
    if (!kv) throw new Error(`not a unit line: ${line}`);
    out[section][kv[1]] ??= [];
    out[section][kv[1]].push(kv[2]);
  }
  return out;
}

/** A systemd time span in ms (30s, 1min 30s, 500ms, or bare seconds). */
function timespanMs(value: string): number {
  let ms = 0;
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)\s*(ms|s|sec|min|m|h)?/g)) {
    const n = Number(m[1]);
    const unit = m[2] ?? 's';
    ms += n * ({ ms: 1, s: 1000, sec: 1000, min: 60_000, m: 60_000, h: 3_600_000 }[unit] ?? 1000);
  }
  return ms;
}

describe('deploy/Dockerfile', () => {
  const steps = parseDockerfile(read('deploy/Dockerfile'));
  const of = (op: string) => steps.filter((s) => s.op === op);
  const runStage = steps.slice(steps.map((s) => s.op).lastIndexOf('FROM'));

  it('builds on Node 20 in every stage, with a pinned major version', () => {
    const froms = of('FROM');
    expect(froms.length).toBeGreaterThan(0);
    for (const f of froms) {
      const image = words(f.args).find((w) => !w.startsWith('--')) ?? '';
      expect(image, f.args).toMatch(/^node:20(\.\d+){0,2}(-[a-z0-9.-]+)?$/);
    }
  });

  it('copies only files that exist in the repository', () => {
    const copies = [...of('COPY'), ...of('ADD')].filter((c) => !/--from=/.test(c.args));
    expect(copies.length).toBeGreaterThan(0);
    for (const c of copies) {
      const parts = words(c.args).filter((w) => !w.startsWith('--'));
      const sources = parts.slice(0, -1);
      expect(sources.length, c.args).toBeGreaterThan(0);
      for (const src of sources) {
        expect(src, c.args).not.toMatch(/node_modules|^\.\.|^\//);
        expect(existsSync(join(REPO_ROOT, src)), `${src} (COPY ${c.args})`).toBe(true);
      }
    }
    // The build context leaves out what must come from the image's own install and build.
    const ignore = read('deploy/Dockerfile.dockerignore');
    for (const rule of ['**/node_modules', '**/dist', 'data', '.git'])
      expect(ignore.split('\n')).toContain(rule);
  });

  it('installs with npm ci (the lock file) and builds the web app', () => {
    const runs = of('RUN').map((r) => r.args);
    expect(runs.some((r) => /\bnpm ci\b/.test(r))).toBe(true);
    expect(runs.some((r) => /\bnpm run build\b/.test(r))).toBe(true);
    expect(runs.some((r) => /\bnpm install\b/.test(r))).toBe(false);
  });

  it('runs as a user other than root', () => {
    const users = runStage.filter((s) => s.op === 'USER');
    expect(users.length).toBeGreaterThan(0);
    const user = users.at(-1)?.args.split(':')[0] ?? '';
    expect(user).not.toMatch(/^(root|0)$/);
    // The user is set before the command runs.
    const ops = runStage.map((s) => s.op);
    expect(ops.lastIndexOf('USER')).toBeLessThan(ops.lastIndexOf('CMD'));
  });

  it('checks its health on /api/health, exposes the default port and runs the server', () => {
    const health = runStage.filter((s) => s.op === 'HEALTHCHECK');
    expect(health).toHaveLength(1);
    expect(health[0].args).toMatch(/\bCMD\b/);
    expect(health[0].args).toContain('/api/health');
    expect(of('EXPOSE').map((e) => e.args)).toEqual([String(DEFAULT_PORT)]);
    // The environment it sets is one the server accepts, on the port it exposes.
    const env: Record<string, string> = {};
    for (const e of runStage.filter((s) => s.op === 'ENV'))
      for (const m of e.args.matchAll(/([A-Z_]+)=(\S+)/g)) env[m[1]] = m[2];
    expect(loadConfig(env).port).toBe(DEFAULT_PORT);
    expect(env.DATABASE_URL).toMatch(/^sqlite:\/data\//);
    const cmd = runStage.filter((s) => s.op === 'CMD');
    expect(cmd).toHaveLength(1);
    expect(words(cmd[0].args).join(' ')).toBe(SERVE);
    expect(existsSync(join(REPO_ROOT, 'apps/server/src/main.ts'))).toBe(true);
    expect(runStage.find((s) => s.op === 'STOPSIGNAL')?.args).toBe('SIGTERM');
  });
});

describe('deploy/sitepulse.service', () => {
  const text = read('deploy/sitepulse.service');
  const unit = parseUnit(text);
  const service = unit.Service ?? {};
  const one = (key: string) => {
    expect(service[key], key).toHaveLength(1);
    return service[key][0];
  };

  it('starts the server as npm run serve does, as its own user, in the repository', () => {
    expect(one('ExecStart')).toBe(SERVE.replace(/^node /, '/usr/bin/node '));
    expect(one('WorkingDirectory')).toMatch(/^\//);
    expect(one('User')).not.toMatch(/^(root|0)$/);
    expect(unit.Install?.WantedBy).toEqual(['multi-user.target']);
  });

  it('stops with SIGTERM and waits longer than the server drains; restarts after a crash', () => {
    expect(DRAIN_MS).toBeGreaterThan(0);
    expect(one('KillSignal')).toBe('SIGTERM');
    expect(timespanMs(one('TimeoutStopSec'))).toBeGreaterThan(DRAIN_MS);
    expect(['on-failure', 'always', 'on-abnormal']).toContain(one('Restart'));
  });

  it('names only variables the server reads', () => {
    for (const v of service.Environment ?? []) {
      const name = v.split('=')[0];
      expect(CONFIG_VARS.includes(name) || name === 'NODE_ENV', name).toBe(true);
    }
    expect(
      loadConfig(Object.fromEntries((service.Environment ?? []).map((v) => v.split(/=(.*)/s)))).port,
    ).toBe(DEFAULT_PORT);
  });

  it('passes systemd-analyze verify where systemd is installed', () => {
    const probe = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
    if (probe.error) return; // no systemd here: the parsed checks above are the test
    const r = spawnSync('systemd-analyze', ['verify', join(REPO_ROOT, 'deploy/sitepulse.service')], {
      encoding: 'utf8',
    });
    // A machine whose node is elsewhere than /usr/bin/node says so; nothing else may be said.
    const said = r.stderr
      .split('\n')
      .filter((l) => l.trim() !== '')
      .filter((l) => existsSync('/usr/bin/node') || !l.includes('/usr/bin/node'));
    expect(said).toEqual([]);
    if (existsSync('/usr/bin/node')) expect(r.status).toBe(0);
  });
});

describe('the reverse-proxy examples', () => {
  it('deploy/Caddyfile: TLS site, events unbuffered, readiness checks, /metrics kept private', () => {
    const caddy = read('deploy/Caddyfile');
    expect(caddy).toMatch(/^[a-z0-9.-]+\.[a-z]+ \{$/m);
    expect(caddy).toMatch(new RegExp(`reverse_proxy 127\\.0\\.0\\.1:${DEFAULT_PORT} \\{`));
    expect(caddy).toMatch(/^\s*flush_interval -1$/m);
    expect(caddy).toMatch(/^\s*health_uri \/api\/ready$/m);
    expect(caddy).toMatch(/^\s*respond \/metrics 404$/m);
    // No trusted_proxies directive: Caddy then replaces any X-Forwarded-For a client sent.
    expect(caddy).not.toMatch(/^\s*trusted_proxies\b/m);
    // Balanced braces: a Caddyfile that would not load.
    expect((caddy.match(/\{/g) ?? []).length).toBe((caddy.match(/\}/g) ?? []).length);
  });

  it('deploy/nginx.conf: events unbuffered, client address overwritten, /metrics kept private', () => {
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toMatch(new RegExp(`server 127\\.0\\.0\\.1:${DEFAULT_PORT}\\b`));
    expect(nginx).toMatch(/location = \/api\/events\/stream \{[^}]*proxy_buffering off;/);
    expect(nginx).toMatch(/location = \/metrics \{ return 404; \}/);
    expect(nginx).toMatch(/listen 443 ssl;/);
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for;');
    expect((nginx.match(/\{/g) ?? []).length).toBe((nginx.match(/\}/g) ?? []).length);
    // The events route the examples name is the server's.
    expect(read('apps/server/src/modules/events/routes.ts')).toContain("'/events/stream'");
  });
});

describe('docs/deploy.md', () => {
  const doc = read('docs/deploy.md');

  it('describes every environment variable the server reads', () => {
    expect(CONFIG_VARS.length).toBeGreaterThan(30);
    expect(CONFIG_VARS.filter((v) => !doc.includes(`\`${v}\``))).toEqual([]);
  });

  it('names files that exist, and the example settings are variables the server reads', () => {
    for (const m of doc.matchAll(/`((?:deploy|docs|apps)\/[\w./@-]+)`/g)) {
      expect(existsSync(join(REPO_ROOT, m[1])), m[1]).toBe(true);
    }
    const example = read('deploy/sitepulse.env.example');
    for (const m of example.matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)) expect(CONFIG_VARS, m[1]).toContain(m[1]);
  });
});
