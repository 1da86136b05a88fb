import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { randomToken } from '../../lib/crypto.ts';

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
/** A refresh token names its session, so a retired one presented again can end that session. */
export interface RefreshClaims {
  typ: 'refresh';
  sid: string;
}

/** Signs and verifies the HS256 JWTs: company tokens (auth-code step), access and refresh tokens. */
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

  /**
   * A refresh token: signed, so only a token this server issued can end a session when reused; the
   * random `jti` makes every rotation's token distinct (only its hash is stored).
   */
  async signRefresh(sid: string, expiresAtMs: number): Promise<string> {
    return new SignJWT({ typ: 'refresh', sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(randomToken())
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAtMs / 1000))
      .sign(await this.keyPromise);
  }

  /** The claims of a valid refresh token, or null when it is malformed, forged, expired or another kind. */
  async verifyRefresh(token: string): Promise<RefreshClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.keyPromise, { algorithms: ['HS256'] });
      if (payload.typ !== 'refresh' || typeof payload.sid !== 'string' || !payload.jti) return null;
      return { typ: 'refresh', sid: payload.sid };
    } catch {
      return null;
    }
  }

  /** The claims of a valid company or access token, or null when it is malformed, forged, expired or a refresh token. */
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
