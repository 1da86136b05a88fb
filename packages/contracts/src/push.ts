import Type from 'typebox';
import { EPOCH_MS_MAX } from './common.ts';

/**
 * Issue 15: Web Push subscriptions (docs/decisions/notifications.md, "Web Push"). The browser's
 * PushSubscription as `subscription.toJSON()` gives it: the push service's endpoint and the two keys
 * its payloads are encrypted for (base64url, RFC 8291).
 */

/** The longest endpoint kept (push services use a few hundred characters). */
export const PUSH_ENDPOINT_MAX = 2048;
/** p256dh: an uncompressed P-256 point, 65 bytes = 87 base64url characters (a little slack for padding). */
export const PUSH_P256DH_MAX = 100;
/** auth: 16 bytes = 22 base64url characters (slack for padding). */
export const PUSH_AUTH_MAX = 32;

/** GET /push/vapid-public-key: the application server key a browser subscribes with (base64url). */
export const VapidPublicKey = Type.Object({ publicKey: Type.String() });
export type VapidPublicKey = Type.Static<typeof VapidPublicKey>;

export const PushSubscriptionBody = Type.Object(
  {
    /** the push service URL: https (see the decision record for tests) */
    endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX }),
    keys: Type.Object(
      {
        // Lengths inside the patterns: a generator of matching strings then always fits the bounds.
        p256dh: Type.String({
          minLength: 86,
          maxLength: PUSH_P256DH_MAX,
          pattern: '^[A-Za-z0-9_-]{86,88}={0,2}$',
        }),
        auth: Type.String({
          minLength: 16,
          maxLength: PUSH_AUTH_MAX,
          pattern: '^[A-Za-z0-9_-]{16,30}={0,2}$',
        }),
      },
      { additionalProperties: false },
    ),
    /** browsers' `expirationTime` is accepted and ignored (the push service says 404/410 when it ends) */
    expirationTime: Type.Optional(
      Type.Union([Type.Number({ minimum: 0, maximum: EPOCH_MS_MAX }), Type.Null()]),
    ),
  },
  { additionalProperties: false },
);
export type PushSubscriptionBody = Type.Static<typeof PushSubscriptionBody>;

export const PushUnsubscribeBody = Type.Object(
  { endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX }) },
  { additionalProperties: false },
);
export type PushUnsubscribeBody = Type.Static<typeof PushUnsubscribeBody>;

/** A subscription as kept: which device, since when, and when the push service last took or refused a message. */
export const PushSubscriptionInfo = Type.Object({
  endpoint: Type.String(),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Integer({ minimum: 0 }),
  lastOkAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  failedAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
export type PushSubscriptionInfo = Type.Static<typeof PushSubscriptionInfo>;

/** DELETE /push/subscriptions: whether a subscription of the caller's was removed. */
export const PushUnsubscribeResult = Type.Object({ removed: Type.Boolean() });
export type PushUnsubscribeResult = Type.Static<typeof PushUnsubscribeResult>;
