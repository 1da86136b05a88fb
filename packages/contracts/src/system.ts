import Type from 'typebox';

/** GET /api/health */
export const HealthResult = Type.Object({ status: Type.Literal('ok') });
export type HealthResult = Type.Static<typeof HealthResult>;
