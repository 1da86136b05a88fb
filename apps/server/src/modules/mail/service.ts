import type { OutboxMessage } from '@sitepulse/contracts';
import { canManageUsers } from '@sitepulse/domain';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden } from '../../lib/errors.ts';
import { assertSameCompany } from '../../lib/scope.ts';

export type MailChannel = 'email' | 'sms';

export interface MailMessage {
  /** an e-mail address, or a phone number (E.164) for the sms channel */
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** the recipient's company (whose admins see the message in GET /mail/outbox) */
  companyId: number | null;
  /** default email; sms messages are only kept in the outbox (there is no SMS gateway) */
  channel?: MailChannel;
  /**
   * A secret the message carries (the token of a link). Once the e-mail is delivered by SMTP the stored
   * copy drops it, so the database keeps no usable link; undelivered messages keep it for an admin.
   */
  secret?: string;
  /**
   * Files sent with the e-mail (a report). Held in memory until delivered and never written to the
   * outbox: the stored copy names them only (without SMTP_URL the rendered message lists them too).
   */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A message written to the outbox and not yet handed to SMTP. */
export interface QueuedMail {
  id: number;
  message: MailMessage;
}

/** What a delivered message's secret is replaced with in the stored copy. */
export const DELIVERED_SECRET = '[sent]';

/**
 * Messages: every one is written to mail_outbox (with its company and channel). E-mails are then
 * delivered by SMTP when SMTP_URL is set (sent_at set, or error kept: the message is never lost and
 * the call that made it does not fail); without SMTP_URL nodemailer's JSON transport renders them
 * (raw) and they stay in the outbox. Delivery runs after the answer is sent, so a slow or failing
 * mail server neither delays a call nor tells whether an address is known; `idle()` waits for it.
 */
export function createMailService(deps: { db: Kysely<Database>; smtpUrl?: string; from: string }) {
  const { db, smtpUrl, from } = deps;
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      })
    : nodemailer.createTransport({ jsonTransport: true });
  const pending = new Set<Promise<void>>();

  /** Delivers one queued e-mail and records the outcome on its row; answers the error, or null. */
  async function deliverOne({ id, message }: QueuedMail): Promise<string | null> {
    if ((message.channel ?? 'email') !== 'email') return null;
    let update: { raw?: string; sent_at?: number; error?: string; text?: string; html?: string | null };
    try {
      const attachments = message.attachments?.map((a) =>
        smtpUrl
          ? { filename: a.filename, contentType: a.contentType, content: a.content }
          : // The JSON transport's copy is kept in the outbox: name the file, do not store its bytes.
            { filename: a.filename, contentType: a.contentType, content: `[${a.content.length} bytes]` },
      );
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(attachments?.length ? { attachments } : {}),
      });
      if (smtpUrl) {
        update = { sent_at: Date.now() };
        if (message.secret) {
          update.text = message.text.replaceAll(message.secret, DELIVERED_SECRET);
          update.html = message.html?.replaceAll(message.secret, DELIVERED_SECRET) ?? null;
        }
      } else {
        update = { raw: typeof info.message === 'string' ? info.message : JSON.stringify(info.message) };
      }
    } catch (e) {
      update = { error: e instanceof Error ? e.message : String(e) };
    }
    await db.updateTable('mail_outbox').set(update).where('id', '=', id).execute();
    return update.error ?? null;
  }

  /** Writes a message to the outbox through `executor` (the caller's transaction, so it goes with it). */
  async function enqueue(executor: Kysely<Database>, message: MailMessage): Promise<QueuedMail> {
    const { id } = await executor
      .insertInto('mail_outbox')
      .values({
        to_address: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        raw: null,
        created_at: Date.now(),
        sent_at: null,
        error: null,
        company_id: message.companyId,
        channel: message.channel ?? 'email',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, message };
  }

  /** Hands queued e-mails to the transport in the background (call after their transaction commits). */
  function deliver(queued: QueuedMail[]): void {
    for (const q of queued) {
      const p: Promise<void> = deliverOne(q)
        .then(() => {})
        .catch(() => {
          // The database went away (shutdown): the row keeps sent_at null, as an undelivered message.
        })
        .finally(() => pending.delete(p));
      pending.add(p);
    }
  }

  return {
    enqueue,
    deliver,

    /** Writes a message to the outbox and delivers it (outside any transaction). */
    async send(message: MailMessage): Promise<void> {
      deliver([await enqueue(db, message)]);
    },

    /**
     * Writes a message to the outbox and delivers it now, answering the delivery error (null: handed to
     * SMTP, or kept in the outbox without SMTP_URL). For callers that retry on their own (alarm messages).
     */
    async sendNow(message: MailMessage): Promise<string | null> {
      return deliverOne(await enqueue(db, message));
    },

    /** Resolves when every delivery started so far has finished (tests; shutdown). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    /** GET /mail/outbox: the company's messages, newest first (company admins). */
    async listOutbox(actor: Actor, q: { companyId: number; limit?: number }): Promise<OutboxMessage[]> {
      assertSameCompany(actor.companyId, q.companyId);
      if (!canManageUsers(actor.accountType)) throw forbidden('Only company admins may read the outbox');
      const rows = await db
        .selectFrom('mail_outbox')
        .select(['id', 'channel', 'to_address', 'subject', 'text', 'created_at', 'sent_at', 'error'])
        .where('company_id', '=', q.companyId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.limit ?? 50)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.to_address,
        subject: r.subject,
        text: r.text,
        createdAt: r.created_at,
        sentAt: r.sent_at,
        error: r.error,
      }));
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
