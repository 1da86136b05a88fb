import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  typ: 'access';
  /** expiry, epoch seconds */
  exp: number;
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
  // A WebCrypto key imported once: given raw bytes or a KeyObject, jose imports one on every call.
  private readonly keyPromise: Promise<webcrypto.CryptoKey>;
  constructor(secret: string) {
    this.keyPromise = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async signAccess(c: Omit<AccessClaims, 'typ' | 'exp'>, expiresAtMs: number): Promise<string> {
    return new SignJWT({ typ: 'access', companyId: c.companyId, username: c.username, sid: c.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(c.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAtMs / 1000))
      .sign(await this.keyPromise);
  }

  async signCompany(companyId: number, expiresAtMs: number): Promise<string> {
    return new SignJWT({ typ: 'company', companyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(`company:${companyId}`)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAtMs / 1000))
      .sign(await this.keyPromise);
  }

  /** The claims of a valid token, or null when it is malformed, forged or expired. */
  async verify(token: string): Promise<AccessClaims | CompanyClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.keyPromise, { algorithms: ['HS256'] });
      const companyId = payload.companyId;
      if (typeof companyId !== 'number') return null;
      if (payload.typ === 'company') return { typ: 'company', companyId };
      if (
        payload.typ === 'access' &&
        typeof payload.sid === 'string' &&
        typeof payload.username === 'string' &&
        typeof payload.exp === 'number' &&
        payload.sub
      ) {
        return {
          typ: 'access',
          exp: payload.exp,
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
