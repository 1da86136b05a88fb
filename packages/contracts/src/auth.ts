import Type from 'typebox';
import { EpochMs, Id } from './common.ts';

/** POST /api/auth/company_code */
export const CompanyCodeBody = Type.Object({ authCode: Type.String({ minLength: 1, maxLength: 32 }) });
export type CompanyCodeBody = Type.Static<typeof CompanyCodeBody>;
export const CompanyCodeResult = Type.Object({
  token: Type.String({ description: 'Company (login) token; authorises the pre-login calls' }),
  companyId: Id,
});
export type CompanyCodeResult = Type.Static<typeof CompanyCodeResult>;

/** GET /api/servers/alfred?companyId= */
export const ServerInfoQuery = Type.Object({ companyId: Id });
export const ServerInfo = Type.Object({
  host: Type.String(),
  port: Type.Integer(),
  companyId: Id,
});
export type ServerInfo = Type.Static<typeof ServerInfo>;
export const ServerInfoList = Type.Array(ServerInfo);

/** GET /api/login (Basic auth, CompanyId header) and POST /api/auth/refresh_token */
export const LoginTokens = Type.Object({
  accessToken: Type.String(),
  accessTokenExpiration: EpochMs,
  refreshToken: Type.String(),
  refreshTokenExpiration: EpochMs,
});
export type LoginTokens = Type.Static<typeof LoginTokens>;

export const RefreshTokenBody = Type.Object({ refreshToken: Type.String({ minLength: 1 }) });
export type RefreshTokenBody = Type.Static<typeof RefreshTokenBody>;

/** POST /api/v2/users/cmd/init_reset_pwd/by_email */
export const InitResetPwdByEmailBody = Type.Object({
  companyId: Id,
  email: Type.String({ minLength: 3, maxLength: 254 }),
});
export type InitResetPwdByEmailBody = Type.Static<typeof InitResetPwdByEmailBody>;
