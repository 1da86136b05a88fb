/**
 * The part of `http_ece` (RFC 8188 encrypted content-encoding; the library web-push encrypts with) that
 * the delivery test's push service uses to read a Web Push body the way a browser does (RFC 8291).
 */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version?: 'aes128gcm' | 'aesgcm';
    /** the receiver's key pair (the browser's subscription key) */
    privateKey?: ECDH;
    /** the subscription's 16-byte auth secret (a base64url string or the bytes) */
    authSecret?: string | Buffer;
  }

  const ece: {
    decrypt(buffer: Buffer, params: DecryptParams): Buffer;
  };
  export default ece;
}
