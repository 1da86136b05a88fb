import { ErrorBody } from '@sitepulse/contracts';
import Type, { type TObject, type TProperties } from 'typebox';

/** `{ 400: ErrorBody, 401: ErrorBody, ... }` for a route's response schema (documents the error shape). */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBody]));
}

/** The usual error responses of a signed-in call. */
export const AUTHED_ERRORS = errorResponses(400, 401, 403, 404);

type Security = { [scheme: string]: string[] }[];
export const BEARER: Security = [{ bearerAuth: [] }];
export const COMPANY_OR_BEARER: Security = [{ companyToken: [] }, { bearerAuth: [] }];

/** The token of an `Authorization: Bearer ...` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return m?.[1];
}

/** `Authorization: Basic base64(user:password)`; the user part ends at the first ':'. */
export function basicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  const m = header?.match(/^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i);
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return undefined;
  return { user: decoded.slice(0, i), password: decoded.slice(i + 1) };
}

/** A querystring schema plus the optional `tenant` parameter nearly every call carries (spec section 7). */
export function withTenant<P extends TProperties>(q: TObject<P>) {
  return Type.Object({ ...q.properties, tenant: Type.Optional(Type.String()) });
}

/**
 * Route option for answers that are long arrays of numbers or long lists (chart series, job lists):
 * JSON.stringify writes them several times faster than the schema's serializer. The service builds
 * exactly the documented shape, the schema still documents it, and the answer keeps its JSON content type.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);
