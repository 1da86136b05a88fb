import { createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  typ: 'access';
  userId: number;
  companyId: number;
  username: string;
  sid: string;
}
export interface CompanyClaims {
  typ: 'company';
  companyId: number;
}

/** Signs and verifies the HS256 JWTs: company tokens (auth-code step) and access tokens. */
export class TokenSigner {
  // A key object made once: given raw bytes, jose would import a new key on every verify.
  private readonly key: KeyObject;
  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async signAccess(c: Omit<AccessClaims, 'typ'>, expiresAtMs: number): Promise<string> {
    return new SignJWT({ typ: 'access', companyId: c.companyId, username: c.username, sid: c.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(c.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAtMs / 1000))
      .sign(this.key);
  }

  async signCompany(companyId: number, expiresAtMs: number): Promise<string> {
    return new SignJWT({ typ: 'company', companyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(`company:${companyId}`)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAtMs / 1000))
      .sign(this.key);
  }

  /** The claims of a valid token, or null when it is malformed, forged or expired. */
  async verify(token: string): Promise<AccessClaims | CompanyClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const companyId = payload.companyId;
      if (typeof companyId !== 'number') return null;
      if (payload.typ === 'company') return { typ: 'company', companyId };
      if (
        payload.typ === 'access' &&
        typeof payload.sid === 'string' &&
        typeof payload.username === 'string' &&
        payload.sub
      ) {
        return {
          typ: 'access',
          companyId,
          userId: Number(payload.sub),
          username: payload.username,
          sid: payload.sid,
        };
      }
      return null;
    } catch {
      return null;
    }
  }
}
