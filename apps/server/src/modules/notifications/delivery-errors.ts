import type { DeliveryErrorCode } from '@sitepulse/contracts';

/**
 * The errors a message's delivery ends with, and the code the alarms page says them in words with
 * (contracts DELIVERY_ERROR_CODES). The raw text stays in `notification_message.error`.
 */

/** What a text message without a configured gateway is marked with (it stays in the mail outbox). */
export const NO_SMS_GATEWAY = 'No SMS gateway configured (SMS_GATEWAY_URL): kept unsent in the outbox';

/** What a message whose worker kept dying shows. */
export const NOTIFY_ABANDONED = 'The message could not be sent: its worker stopped each time it tried';

/** A PUSH message whose person has no browser left and no e-mail address to fall back on. */
export const NO_PUSH_NO_EMAIL = 'No push subscription and no e-mail address';

/**
 * The code of a message's error: by the fixed texts above, else by the channel that failed (an EMAIL
 * error is the mail server's answer, an SMS error the gateway's, a PUSH error the push service's).
 */
export function deliveryErrorCode(error: string | null, channel: string): DeliveryErrorCode | null {
  if (error === null || error === '') return null;
  if (error === NO_SMS_GATEWAY) return 'NO_SMS_GATEWAY';
  if (error === NOTIFY_ABANDONED) return 'WORKER_STOPPED';
  if (error === NO_PUSH_NO_EMAIL) return 'NO_ADDRESS';
  if (channel === 'EMAIL') return 'MAIL_SERVER';
  if (channel === 'SMS') return 'SMS_GATEWAY';
  if (channel === 'PUSH') return 'PUSH_SERVICE';
  return 'OTHER';
}
