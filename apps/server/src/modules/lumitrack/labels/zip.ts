import type { Readable } from 'node:stream';
import archiver from 'archiver';
import { labelPng } from './png.ts';

/**
 * Several IDs as PNG: a zip of one PNG label per ID, named after the ID. The labels are made one at a time
 * while the zip streams out, so memory stays bounded by one label.
 */
export function labelPngZip(o: {
  lumitrackIds: readonly string[];
  companyName: string;
  signal?: AbortSignal;
}): Readable {
  const zip = archiver('zip', { zlib: { level: 6 } });
  void (async () => {
    try {
      for (const id of o.lumitrackIds) {
        o.signal?.throwIfAborted();
        const png = await labelPng(id, o.companyName);
        // The next label once this one is in the zip (or the zip failed or was closed by its reader).
        await new Promise<void>((resolve, reject) => {
          const done = (err?: unknown) => {
            zip.off('entry', onEntry);
            zip.off('error', done);
            zip.off('close', onClose);
            if (err) reject(err);
            else resolve();
          };
          const onEntry = () => done();
          const onClose = () => done(new Error('the zip was closed'));
          zip.on('entry', onEntry);
          zip.on('error', done);
          zip.on('close', onClose);
          zip.append(png, { name: `${id}.png` });
        });
      }
      await zip.finalize();
    } catch (err) {
      zip.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return zip;
}
