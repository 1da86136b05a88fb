import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where generated files (reports) are kept, so they outlive the process that made them. One interface:
 * a folder by default (REPORTS_DIR); an S3-compatible bucket is the obvious second adapter
 * (docs/decisions/reports.md).
 */
export interface FileStore {
  /** Stores the stream's bytes under `name` (replacing a file of that name); answers the size in bytes. */
  put(name: string, body: Readable): Promise<number>;
  /** The stored bytes, or null when there is no such file. */
  open(name: string): Promise<Readable | null>;
  /** The size of a stored file, or null when there is none. */
  size(name: string): Promise<number | null>;
  /** Renames a stored file (a temp name to its final name): the final name appears whole or not at all. */
  rename(from: string, to: string): Promise<void>;
  /** Removes a file; a missing one is not an error. */
  remove(name: string): Promise<void>;
}

/** File names a store accepts: a letter or digit first, then letters, digits, dot, dash, underscore. */
export const STORED_FILE_NAME = /^[a-z0-9][a-z0-9._-]{0,199}$/i;

/** Throws unless `name` is a plain file name (no folder, no `..`, no separator). */
export function assertStoredFileName(name: string): void {
  if (!STORED_FILE_NAME.test(name) || name.includes('..')) {
    throw new Error(`'${name}' is not a valid stored file name`);
  }
}

/** A FileStore in a folder of the local disk (created when the first file is written). */
export function createFolderFileStore(folder: string): FileStore {
  const root = resolve(folder);
  const pathOf = (name: string) => {
    assertStoredFileName(name);
    const path = join(root, name);
    // The pattern already keeps names inside the folder; this check keeps it so if the pattern changes.
    if (!path.startsWith(root + sep)) throw new Error(`'${name}' is outside the store`);
    return path;
  };
  return {
    async put(name, body) {
      const path = pathOf(name);
      await mkdir(root, { recursive: true });
      await pipeline(body, createWriteStream(path));
      return (await stat(path)).size;
    },
    async open(name) {
      const path = pathOf(name);
      try {
        const s = await stat(path);
        if (!s.isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    async size(name) {
      try {
        const s = await stat(pathOf(name));
        return s.isFile() ? s.size : null;
      } catch {
        return null;
      }
    },
    async rename(from, to) {
      await rename(pathOf(from), pathOf(to));
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
    },
  };
}
