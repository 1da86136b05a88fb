import type { Readable } from 'node:stream';
import { DOWNLOAD_TOKEN_PARAM } from '@sitepulse/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService } from '../modules/auth/service.ts';
import { unauthorized } from './errors.ts';

/**
 * The onRequest hook of download links (exports, report and label files): a browser following a link sends no
 * Authorization header, so the access token may come in the `token` query parameter. Such routes use
 * auth `optional`: the app's hook reads a header and ignores a missing or bad one; this reads the query.
 */
export function tokenInQuery(auth: Pick<AuthService, 'authenticate'>) {
  return async (req: FastifyRequest) => {
    if (req.actor) return;
    const token = (req.query as Record<string, unknown> | undefined)?.[DOWNLOAD_TOKEN_PARAM];
    if (typeof token !== 'string' || token === '') throw unauthorized();
    const result = await auth.authenticate(token);
    if (result.kind !== 'access') throw unauthorized('This call needs a signed-in user');
    req.actor = result.actor;
    req.tokenCompanyId = result.actor.companyId;
  };
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A stored file on its way to a download link. */
export interface DownloadFile {
  body: Readable;
  contentType: string;
  fileName: string;
  size: number | null;
}

/** Sends a stored file to a download link: an attachment under its name, never cached by the browser. */
export function sendDownload(reply: FastifyReply, file: DownloadFile): FastifyReply {
  reply.header('content-type', file.contentType);
  reply.header('content-disposition', contentDisposition(file.fileName));
  reply.header('cache-control', 'private, no-store');
  if (file.size !== null) reply.header('content-length', String(file.size));
  return reply.send(file.body);
}
