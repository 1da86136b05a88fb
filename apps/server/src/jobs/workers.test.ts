import { describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { useTestApp } from '../test/test-app.ts';
import { startWorkers } from './workers.ts';

const ctx = useTestApp();

/** Waits until `done` holds (each worker drains at once when started: no poll is waited for). */
async function until(done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((r) => setTimeout(r, 10));
}

describe('the workers of one server', () => {
  it('start together: a waiting report, alarm message and label file are each taken once; stop ends them', async () => {
    const db = ctx.db.db;
    const now = Date.now();
    const admin = await db
      .selectFrom('app_user')
      .select(['id', 'company_id'])
      .where('company_id', '=', ctx.companyId)
      .where('username', '=', DEMO.users.admin)
      .executeTakeFirstOrThrow();
    const site = await db
      .selectFrom('tenant_group')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .executeTakeFirstOrThrow();
    // A report whose owner is gone: the report worker ends it ERROR with the reason.
    const report = await db
      .insertInto('report_request')
      .values({
        name: 'orphan',
        tenant_group_id: site.id,
        company_id: ctx.companyId,
        owner_company_id: ctx.companyId,
        owner_user_id: 987_654,
        owner_username: 'gone',
        type: 'RAW_DATA_CSV',
        status: 'NEW',
        error: null,
        created_at: now,
        started_at: null,
        finished_at: null,
        lease_until: null,
        cj_id: null,
        channel_job_name: null,
        channel_job_type: null,
        msj_id: null,
        mdd_id: null,
        delivery_methods: '[]',
        recipient_ids: '[]',
        schedule_id: null,
        attributes: '{}',
        file_name: null,
        file_size: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // An alarm e-mail due now: the notification worker sends it (to the outbox: no SMTP server).
    const message = await db
      .insertInto('notification_message')
      .values({
        company_id: ctx.companyId,
        user_id: admin.id,
        tenant_group_id: site.id,
        alarm_event_id: null,
        channel: 'EMAIL',
        requested_channel: null,
        link: null,
        change: 'RAISED',
        next_attempt_at: now,
        lease_until: null,
        created_at: now,
        sent_at: null,
        error: null,
        to_address: 'workers-test@people.example',
        subject: 'Workers test alarm',
        body: 'A test alarm',
        html: null,
        digest_hour: null,
        dedupe_key: `workers-test-${now}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A label file request of no IDs: the label worker takes it (and ends it, DONE or ERROR).
    const labels = await db
      .insertInto('lumitrack_file_request')
      .values({
        company_id: ctx.companyId,
        owner_user_id: admin.id,
        owner_username: DEMO.users.admin,
        type: 'QR_CODE',
        is_user_defined: 0,
        company_name: 'Demo',
        file_type: 'PNG',
        file_format: 'PNG',
        id_count: 0,
        created_at: now,
        started_at: null,
        finished_at: null,
        lease_until: null,
        error: null,
        file_name: null,
        file_size: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const reportRow = () =>
      db.selectFrom('report_request').selectAll().where('id', '=', report.id).executeTakeFirstOrThrow();
    const messageRow = () =>
      db
        .selectFrom('notification_message')
        .selectAll()
        .where('id', '=', message.id)
        .executeTakeFirstOrThrow();
    const labelRow = () =>
      db
        .selectFrom('lumitrack_file_request')
        .selectAll()
        .where('id', '=', labels.id)
        .executeTakeFirstOrThrow();

    // An hour's poll: only starting them makes them look at once.
    const workers = startWorkers(ctx.app.services, { reportPollMs: 3_600_000 });
    try {
      await until(async () => (await reportRow()).status === 'ERROR');
      await until(async () => (await messageRow()).state === 'SENT');
      await until(async () => ['DONE', 'ERROR'].includes((await labelRow()).status));
    } finally {
      await workers.stop();
    }
    expect(await reportRow()).toMatchObject({
      status: 'ERROR',
      error: 'The owner of this report no longer has an active account',
      attempts: 1,
      lease_until: null,
    });
    expect(await messageRow()).toMatchObject({ state: 'SENT', attempts: 1, lease_until: null, error: null });
    expect(await labelRow()).toMatchObject({ attempts: 1, lease_until: null });
    const outbox = await db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', 'workers-test@people.example')
      .execute();
    expect(outbox.map((m) => m.subject)).toEqual(['Workers test alarm']);
  });
});
