/**
 * The operator's backup and restore commands (docs/deploy.md, "Backups"):
 *
 *   npm run backup  -- <file> [--force]   the database of DATABASE_URL into <file>; safe while the server runs
 *   npm run restore -- <file> [--force]   <file> into the database of DATABASE_URL, which must be empty
 *
 * The database is the server's: DATABASE_URL as config.ts reads it (relative SQLite paths from the repository
 * root, as `npm run serve` has them). A relative <file> is taken from the folder npm was started in.
 * Exit codes: 0 done, 1 refused or failed (one line on stderr saying why), 2 usage.
 */
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../config.ts';
import { backupDatabase, OpsError, restoreDatabase } from './backup.ts';

const USAGE = 'usage: npm run backup -- <file> [--force]  |  npm run restore -- <file> [--force]';

/** Where the command writes: its one line of result or of refusal. */
export interface Output {
  log(line: string): void;
  error(line: string): void;
}

/** Runs one command (`backup <file>` or `restore <file>`, `--force` anywhere); answers the exit code. */
export async function runCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: Output = console,
): Promise<number> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((a) => a !== '--force');
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1 || files[0].startsWith('-')) {
    out.error(USAGE);
    return 2;
  }
  const base = env.INIT_CWD ?? process.cwd();
  const file = isAbsolute(files[0]) ? files[0] : resolve(base, files[0]);
  try {
    const { databaseUrl } = loadConfig(env);
    const r =
      command === 'backup'
        ? await backupDatabase(databaseUrl, file, { force })
        : await restoreDatabase(databaseUrl, file, { force });
    const size = `${(r.bytes / 1024 / 1024).toFixed(1)} MB`;
    const secs = `${(r.ms / 1000).toFixed(1)} s`;
    out.log(
      command === 'backup'
        ? `backup: ${r.dialect} database ${r.database} -> ${r.file} (${size} in ${secs})`
        : `restore: ${r.file} -> ${r.dialect} database ${r.database} (${size} in ${secs}); start the server to migrate it to this version`,
    );
    return 0;
  } catch (e) {
    const message = e instanceof OpsError ? e.message : `${command} failed: ${(e as Error).message}`;
    out.error(message.replace(/\s*\n\s*/g, ' '));
    return e instanceof OpsError ? e.exitCode : 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runCommand(process.argv.slice(2));
}
