import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/types.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends e-mail. Every message is recorded in mail_outbox. With SMTP_URL it is also delivered
 * over SMTP (sent_at set, or error kept); without, it is rendered by nodemailer's JSON transport
 * and stays in the outbox for an admin to read.
 */
export function createMailService(deps: { db: Kysely<Database>; smtpUrl?: string; from: string }) {
  const { db, smtpUrl, from } = deps;
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });

  return {
    async send(msg: MailMessage): Promise<void> {
      const now = Date.now();
      let raw: string | null = null;
      let sentAt: number | null = null;
      let error: string | null = null;
      try {
        const info = await transport.sendMail({ from, ...msg });
        if (smtpUrl) sentAt = Date.now();
        else raw = typeof info.message === 'string' ? info.message : JSON.stringify(info.message);
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      await db
        .insertInto('mail_outbox')
        .values({
          to_address: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html ?? null,
          raw,
          created_at: now,
          sent_at: sentAt,
          error,
        })
        .execute();
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
