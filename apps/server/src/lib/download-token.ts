import { DOWNLOAD_TOKEN_PARAM } from '@sitepulse/domain';
import type { FastifyRequest } from 'fastify';
import type { AuthService } from '../modules/auth/service.ts';
import { unauthorized } from './errors.ts';

/**
 * The onRequest hook of download links (exports, report files): a browser following a link sends no
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
