import Type from 'typebox';

/** The one error shape of every failed call: HTTP 4xx/5xx with this body. */
export const ErrorBody = Type.Object({
  error: Type.Object({
    code: Type.String({ description: 'Stable machine code, e.g. BAD_REQUEST, UNAUTHORIZED, NOT_FOUND' }),
    message: Type.String({ description: 'Human readable message' }),
  }),
});
export type ErrorBody = Type.Static<typeof ErrorBody>;

/** Epoch milliseconds, UTC. Every time on the wire is one of these. */
export const EpochMs = Type.Integer({ description: 'UTC epoch milliseconds' });

export const Id = Type.Integer({ minimum: 1 });

/** The `tenant` query parameter nearly every call carries (spec section 7); accepted and ignored where unused. */
export const TenantQuery = Type.Object({ tenant: Type.Optional(Type.String()) });

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type IdParams = Type.Static<typeof IdParams>;

export const OkResult = Type.Object({ ok: Type.Boolean() });
export type OkResult = Type.Static<typeof OkResult>;
