import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors.ts';

/** The signed-in user making a request (from a valid access token and a live session). */
export interface Actor {
  userId: number;
  companyId: number;
  username: string;
  accountType: string;
  roles: string[];
  sessionId: string;
  isAdmin: boolean;
}

/**
 * How a route authenticates:
 * - `access` (default): a valid access token of a live session.
 * - `company`: a company token (after the auth-code step) or an access token.
 * - `optional`: no token needed; a valid one is read, an invalid one ignored.
 * - `public`: no token read at all.
 */
export type AuthMode = 'access' | 'company' | 'optional' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** The company of the token presented (company or access token), if any. */
    tokenCompanyId: number | null;
  }
}

export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}
