import { beforeAll, describe, expect, it } from 'vitest';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { useSmtpServer } from '../../test/smtp.ts';
import { createTestApp, signIn, useTestApp } from '../../test/test-app.ts';
import { DELIVERED_SECRET } from './service.ts';

describe('mail: SMTP delivery, failures kept, the outbox', () => {
  const smtp = useSmtpServer({ PUBLIC_URL: 'https://sitepulse.example' });
  const ctx = useTestApp(smtp.env);
  let otherCompanyId: number;
  beforeAll(async () => {
    ({ companyId: otherCompanyId } = await seedOtherCompany(ctx.db.db));
  });
  const resetByEmail = (email: string, companyId = ctx.companyId) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/init_reset_pwd/by_email',
      payload: { companyId, email },
    });
  const outboxRow = (to: string) =>
    ctx.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('an e-mail goes through SMTP; once sent, the stored copy no longer holds the link token', async () => {
    expect((await resetByEmail('editor@demo-construction.example')).statusCode).toBe(200);
    await ctx.app.services.mail.idle();
    const [received] = smtp.to('editor@demo-construction.example');
    expect(received.subject).toBe('Reset your Sitepulse password');
    expect(received.text).toContain('Hello Marco,');
    const token = received.text.match(/https:\/\/sitepulse\.example\/reset_pwd\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeDefined();
    expect(received.html).toContain(`https://sitepulse.example/reset_pwd?token=${token}`);

    const row = await outboxRow('editor@demo-construction.example');
    expect(row).toMatchObject({ company_id: ctx.companyId, channel: 'email', error: null });
    expect(row.sent_at).toBeGreaterThanOrEqual(row.created_at);
    expect(row.text).toContain(`/reset_pwd?token=${DELIVERED_SECRET}`);
    expect(`${row.text}${row.html}${row.raw}`).not.toContain(token);
  });

  it('a refused delivery keeps the message, with its error, and the call still answers 200', async () => {
    smtp.refuse.add('viewer@demo-construction.example');
    const res = await resetByEmail('viewer@demo-construction.example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await ctx.app.services.mail.idle();
    expect(smtp.to('viewer@demo-construction.example')).toEqual([]);
    const row = await outboxRow('viewer@demo-construction.example');
    expect(row.sent_at).toBeNull();
    expect(row.error).toMatch(/550/);
    // Undelivered, it keeps the link for an admin to pass on.
    expect(row.text).toMatch(/\/reset_pwd\?token=[A-Za-z0-9_-]{40,}/);
  });

  it("GET /mail/outbox: the company's messages for its admins, newest first", async () => {
    const admin = await signIn(ctx, 'admin');
    const res = await ctx.app.inject({
      url: `/api/mail/outbox?companyId=${ctx.companyId}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((m: { to: string }) => m.to)).toEqual([
      'viewer@demo-construction.example',
      'editor@demo-construction.example',
    ]);
    expect(list[0]).toMatchObject({
      channel: 'email',
      subject: 'Reset your Sitepulse password',
      sentAt: null,
    });
    expect(list[0].error).toMatch(/550/);
    expect(list[1].sentAt).toBeTypeOf('number');
    const limited = await ctx.app.inject({
      url: `/api/mail/outbox?companyId=${ctx.companyId}&limit=1`,
      headers: admin.headers,
    });
    expect(limited.json()).toHaveLength(1);

    const editor = await signIn(ctx, 'editor');
    const refused = await ctx.app.inject({
      url: `/api/mail/outbox?companyId=${ctx.companyId}`,
      headers: editor.headers,
    });
    expect(refused.statusCode).toBe(403);
    const cross = await ctx.app.inject({
      url: `/api/mail/outbox?companyId=${otherCompanyId}`,
      headers: admin.headers,
    });
    expect(cross.statusCode).toBe(403);

    // The other company's admin sees their own messages only.
    await resetByEmail('admin@other-builders.example', otherCompanyId);
    const otherAdmin = await signIn(ctx, OTHER.username, OTHER.password, otherCompanyId);
    const theirs = await ctx.app.inject({
      url: `/api/mail/outbox?companyId=${otherCompanyId}`,
      headers: otherAdmin.headers,
    });
    expect(theirs.json().map((m: { to: string }) => m.to)).toEqual(['admin@other-builders.example']);
  });
});

describe('mail: an unreachable SMTP server', () => {
  it('keeps the message with the connection error; the call that sent it succeeds', async () => {
    // Port 9 (discard) on the loopback: nothing listens, the connection is refused at once.
    const app = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v2/users/cmd/init_reset_pwd/by_email',
        payload: { companyId: app.companyId, email: 'editor@demo-construction.example' },
      });
      expect(res.statusCode).toBe(200);
      await app.app.services.mail.idle();
      const rows = await app.db.db.selectFrom('mail_outbox').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ to_address: 'editor@demo-construction.example', sent_at: null });
      expect(rows[0].error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await app.close();
    }
  });
});
