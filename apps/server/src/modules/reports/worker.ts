import { randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import {
  canUseWebDashboard,
  personName,
  REPORT_ATTACHMENT_MAX_BYTES,
  REPORT_ATTEMPTS_MAX,
  REPORT_GENERATION_LIMIT_MS,
  REPORT_LEASE_MS,
  REPORT_TYPE_RULES,
  type ReportType,
  reportFileName,
} from '@sitepulse/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createLeasedWorker, JobTimeLimitError, type LeasedJob } from '../../jobs/leased-queue.ts';
import type { Actor } from '../../lib/actor.ts';
import { isAdminAccount } from '../../lib/roles.ts';
import type { Services } from '../../services.ts';
import { mailLanguage, reportReadyMail } from '../mail/templates.ts';
import { type ReportContext, ReportError } from './generators/types.ts';
import type { RequestRow } from './repo.ts';
import { REPORT_CONTENT_TYPES, type ResolvedAttributes } from './service.ts';

/** What a request that failed for a reason other than a ReportError shows. */
export const REPORT_FAILED = 'The report could not be made';
/** What a request whose worker kept dying shows (REPORT_ATTEMPTS_MAX claims that never finished). */
export const REPORT_ABANDONED = 'The report could not be made: its worker stopped each time it tried';

export interface ReportWorkerOptions {
  services: Services;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** how often to look for work when not woken (default config.reportPollMs) */
  pollMs?: number;
  leaseMs?: number;
  generationLimitMs?: number;
  attemptsMax?: number;
  attachmentMaxBytes?: number;
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks);
}

/**
 * The report worker (docs/decisions/reports.md): makes the files of report requests, one at a time (report
 * files are large, memory is bounded), through the leased queue (jobs/leased-queue.ts: claim, lease renewal,
 * takeover of a dead worker's request, attempts, time limit, stop): the owner's access is checked again,
 * the generator writes the file under a temp name that is then renamed, the request ends DONE (and its
 * recipients are e-mailed) or ERROR with a reason. Woken at once by a request made in this process; polls
 * for the others. On stop, the request being made goes back to NEW.
 */
export function createReportWorker(opts: ReportWorkerOptions) {
  const { services } = opts;
  const { reports } = services;
  const { config } = reports;
  const { repo, files } = reports;
  const { log } = opts;
  const attachmentMax = opts.attachmentMaxBytes ?? REPORT_ATTACHMENT_MAX_BYTES;

  async function ownerActor(row: RequestRow): Promise<Actor | string> {
    const user = await services.users.findById(row.owner_user_id);
    if (!user || user.deleted_at !== null || !user.is_active || user.company_id !== row.company_id) {
      return 'The owner of this report no longer has an active account';
    }
    let extra: string[] = [];
    try {
      extra = JSON.parse(user.roles);
    } catch {}
    const actor: Actor = {
      userId: user.id,
      companyId: user.company_id,
      username: user.username,
      accountType: user.account_type,
      roles: [user.account_type, ...extra],
      sessionId: `report-${row.id}`,
      isAdmin: isAdminAccount(user.account_type),
    };
    try {
      await services.jobsites.assertGranted(actor, row.tenant_group_id);
    } catch {
      return 'The owner of this report no longer has access to its job site';
    }
    return actor;
  }

  /** Makes the file of a claimed request; answers its stored name and size, or throws. */
  async function generate(row: RequestRow, actor: Actor, signal: AbortSignal) {
    const type = row.type as ReportType;
    const generator = reports.generators[type];
    if (!generator) throw new ReportError(`Report type ${type} is not made by this server`);
    const site = await repo.site(row.company_id, row.tenant_group_id);
    if (!site) throw new ReportError('The job site of this report no longer exists');
    const attributes = JSON.parse(row.attributes) as ResolvedAttributes;
    const out = new PassThrough();
    const temp = `tmp-${row.id}-${row.attempts}-${randomBytes(4).toString('hex')}.part`;
    const ctx: ReportContext = {
      request: {
        id: row.id,
        type,
        name: row.name,
        tenantGroupId: row.tenant_group_id,
        companyId: row.company_id,
        msjId: row.msj_id,
        cjId: row.cj_id,
        createdAt: Number(row.created_at),
        ownerUsername: row.owner_username,
      },
      attributes,
      site: { id: site.id, name: site.name, companyName: site.companyName },
      actor,
      services,
      out,
      signal,
    };
    const stored = files.put(temp, out);
    // If the generator fails, `stored` fails with it (the stream is destroyed): read both.
    stored.catch(() => {});
    const aborted = new Promise<never>((_, reject) => {
      const fail = () => reject(signal.reason);
      if (signal.aborted) fail();
      else signal.addEventListener('abort', fail, { once: true });
    });
    aborted.catch(() => {});
    try {
      await Promise.race([generator(ctx), aborted]);
      if (!out.writableEnded) out.end();
      await Promise.race([stored, aborted]);
    } catch (e) {
      // Destroyed without an error: the store's pipeline ends (and fails) with it, nothing is left unhandled.
      out.destroy();
      await stored.catch(() => {});
      await files.remove(temp).catch(() => {});
      throw e;
    }
    const name = reportFileName(row.id, type, Number(row.created_at));
    await files.rename(temp, name);
    return { name, size: (await files.size(name)) ?? 0 };
  }

  /** E-mails the report to each recipient who may still see its site, in their language. */
  async function deliver(row: RequestRow, fileName: string, size: number): Promise<void> {
    const methods = JSON.parse(row.delivery_methods) as string[];
    const ids = JSON.parse(row.recipient_ids) as number[];
    if (!methods.includes('email') || ids.length === 0) return;
    const site = await repo.site(row.company_id, row.tenant_group_id);
    const people = await repo.people(row.company_id, row.tenant_group_id, ids);
    const owner = (await repo.people(row.company_id, row.tenant_group_id, [row.owner_user_id]))[0];
    const ownerName = owner
      ? personName({ firstName: owner.first_name, lastName: owner.last_name, username: owner.username })
      : row.owner_username;
    const attach = size <= attachmentMax;
    let content: Buffer | undefined;
    if (attach) {
      const stream = await files.open(fileName);
      content = stream ? await toBuffer(stream) : undefined;
    }
    const format = REPORT_TYPE_RULES[row.type as ReportType]?.format ?? 'pdf';
    for (const p of people) {
      if (
        p.deleted_at !== null ||
        !p.is_active ||
        !p.email ||
        p.access === null ||
        !canUseWebDashboard(p.access)
      ) {
        continue;
      }
      const mail = reportReadyMail({
        lang: mailLanguage(p.language),
        name: p.first_name || p.username,
        reportName: row.name,
        siteName: site?.name ?? '',
        ownerName,
        scheduled: !!row.auto,
        fileName,
        fileSize: size,
        attached: content !== undefined,
        link: `${config.publicUrl}/report-list/${row.tenant_group_id}`,
      });
      await services.mail.send({
        to: p.email,
        ...mail,
        companyId: row.company_id,
        ...(content
          ? { attachments: [{ filename: fileName, contentType: REPORT_CONTENT_TYPES[format], content }] }
          : {}),
      });
    }
  }

  /** Makes one claimed request: DONE with its file, then e-mailed; throws for ERROR. */
  async function make(job: LeasedJob<RequestRow>): Promise<undefined> {
    const { row } = job;
    const actor = await ownerActor(row);
    if (typeof actor === 'string') throw new ReportError(actor);
    const { name, size } = await generate(row, actor, job.signal);
    const done = await job.finish({
      status: 'DONE',
      error: null,
      file_name: name,
      file_size: size,
      finished_at: Date.now(),
    });
    if (!done) {
      // Deleted meanwhile (or taken over): a deleted request's file goes with it.
      if (!(await repo.findRequest(row.company_id, row.id))) await files.remove(name);
      return undefined;
    }
    try {
      await deliver(row, name, size);
    } catch (err) {
      log?.error({ err, reportId: row.id }, 'report e-mail failed');
    }
    return undefined;
  }

  return createLeasedWorker<RequestRow>({
    queue: repo.queue,
    name: 'report worker',
    handle: make,
    failed(job, e) {
      const ended = (error: string) => ({ status: 'ERROR', error, finished_at: Date.now() });
      if (e instanceof ReportError) return ended(e.message);
      if (e instanceof JobTimeLimitError) {
        return ended(`The report took longer than ${Math.round(e.limitMs / 60_000) || 1} min to make`);
      }
      log?.error({ err: e, reportId: job.row.id }, 'report generation failed');
      return ended(REPORT_FAILED);
    },
    abandonedReason: REPORT_ABANDONED,
    pollMs: opts.pollMs ?? config.reportPollMs,
    leaseMs: opts.leaseMs ?? REPORT_LEASE_MS,
    attemptsMax: opts.attemptsMax ?? REPORT_ATTEMPTS_MAX,
    timeLimitMs: opts.generationLimitMs ?? REPORT_GENERATION_LIMIT_MS,
    subscribe: (wake) => reports.onCreated(wake),
    log,
  });
}
export type ReportWorker = ReturnType<typeof createReportWorker>;
