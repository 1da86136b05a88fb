import { describe, expect, it } from 'vitest';
import { signIn, type TestContext, useTestApp } from '../../test/test-app.ts';
import { sitesByName } from './people-fixtures.ts';

/** Headers a client chooses: none of them may decide where an e-mailed link points. */
const HOSTILE = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '203.0.113.9',
};

/** The link bases of every message in the outbox (reset and invitation links alike). */
async function linkBases(ctx: TestContext, since: number): Promise<string[]> {
  await ctx.app.services.mail.idle();
  const rows = await ctx.db.db.selectFrom('mail_outbox').select(['id', 'text']).orderBy('id').execute();
  return rows
    .filter((r) => r.id > since)
    .flatMap((r) => [...r.text.matchAll(/(\S+)\/(?:reset_pwd|create_pwd)\?token=/g)].map((m) => m[1]));
}

const lastOutboxId = async (ctx: TestContext) =>
  (await ctx.db.db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;

/** Asks for a reset by username and by e-mail, and invites someone, all with hostile headers. */
async function mailEveryLink(ctx: TestContext, inviteEmail: string) {
  const reset = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/users/cmd/init_reset_pwd',
    headers: HOSTILE,
    payload: { companyId: ctx.companyId, username: 'viewer' },
  });
  expect(reset.statusCode, reset.body).toBe(200);
  const byEmail = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/users/cmd/init_reset_pwd/by_email',
    headers: HOSTILE,
    payload: { companyId: ctx.companyId, email: 'inspector@demo-construction.example' },
  });
  expect(byEmail.statusCode, byEmail.body).toBe(200);
  const admin = await signIn(ctx, 'admin');
  const sites = await sitesByName(ctx.db.db, ctx.companyId);
  const invite = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/users/invite',
    headers: { ...admin.headers, ...HOSTILE },
    payload: {
      companyId: ctx.companyId,
      email: inviteEmail,
      firstName: 'Hostile',
      lastName: 'Host',
      tenantGroupData: [{ tenantGroupId: Object.values(sites)[0], access: 4 }],
    },
  });
  expect(invite.statusCode, invite.body).toBe(200);
}

describe('e-mailed links come from PUBLIC_URL, never from request headers', () => {
  const ctx = useTestApp({ PUBLIC_URL: 'https://sitepulse.example/app/', TRUST_PROXY: 'true' });

  it('reset (by username and by e-mail) and invitation links start with PUBLIC_URL under a forged Host', async () => {
    const since = await lastOutboxId(ctx);
    await mailEveryLink(ctx, 'hostile.invitee@people.example');
    const bases = await linkBases(ctx, since);
    expect(bases).toEqual([
      'https://sitepulse.example/app',
      'https://sitepulse.example/app',
      'https://sitepulse.example/app',
    ]);
  });
});

describe('without PUBLIC_URL, links use http://localhost:PORT', () => {
  const ctx = useTestApp({ PORT: '9123' });

  it('reset and invitation links start with the default, not the Host header', async () => {
    expect(ctx.config.publicUrl).toBe('http://localhost:9123');
    const since = await lastOutboxId(ctx);
    await mailEveryLink(ctx, 'default.invitee@people.example');
    const bases = await linkBases(ctx, since);
    expect(bases).toEqual(['http://localhost:9123', 'http://localhost:9123', 'http://localhost:9123']);
  });
});
