import Type from 'typebox';

/** GET /api/config (no sign-in needed): what the web app needs before anyone signs in. */
export const PublicConfig = Type.Object({
  version: Type.String({ description: 'Application version, 6.2.3' }),
  environment: Type.String({ description: 'production' }),
  helpUrl: Type.String(),
  helpCentreUrl: Type.String({
    description: 'the help centre (articles and guides); helpUrl is the help desk',
  }),
  shopUrl: Type.String(),
  supportPhone: Type.String(),
  supportEmail: Type.String(),
  privacyPolicyUrl: Type.String(),
  mapTileUrl: Type.String(),
  mapAttribution: Type.String(),
  features: Type.Object({ materialTracking: Type.Boolean(), trackingManager: Type.Boolean() }),
});
export type PublicConfig = Type.Static<typeof PublicConfig>;
