import type { JobSignoff, JobSignoffBody } from '@sitepulse/contracts';
import { personName, type SignoffDecision } from '@sitepulse/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { EventsService } from '../events/service.ts';
import type { JobsitesService } from '../jobsites/service.ts';
import type { MaturityService } from '../maturity/service.ts';
import type { UsersService } from '../users/service.ts';
import { createSignoffsRepo, type SignoffRow } from './repo.ts';

export interface SignoffsDeps {
  db: Kysely<Database>;
  jobsites: JobsitesService;
  maturity: MaturityService;
  users: UsersService;
  events: EventsService;
}

function toSignoff(r: SignoffRow, supersededById: number | null): JobSignoff {
  return {
    id: r.id,
    jobId: r.job_id,
    decision: r.decision as SignoffDecision,
    strengthMpa: r.strength_mpa === null ? null : Number(r.strength_mpa),
    maturity: r.maturity === null ? null : Number(r.maturity),
    note: r.note,
    userId: r.user_id,
    userName: r.user_name,
    createdAt: Number(r.created_at),
    supersedesId: r.supersedes_id,
    supersededById,
  };
}

/**
 * Sign-offs of maturity jobs (docs/decisions/strength-targets-and-signoffs.md, "Sign-offs"): a writer of
 * the job's site records a decision taken on the pour; the server keeps with it the job's strength and
 * maturity as the job page shows them at that moment, who and when. A sign-off is never edited nor
 * deleted: a later one may supersede it (once), and both stay in the job's history.
 */
export function createSignoffsService(deps: SignoffsDeps) {
  const repo = createSignoffsRepo(deps.db);

  /** Tells the job's site that the job changed, so open job pages re-read (the `alarms` live event). */
  async function publish(companyId: number, jobId: number): Promise<void> {
    try {
      await deps.events.publishAlarms(companyId, [jobId]);
    } catch (err) {
      deps.events.log.error({ err }, 'sign-off live event failed');
    }
  }

  return {
    /**
     * The job's sign-offs, newest first, each with the id of the one that superseded it. The job must be
     * readable (maturity service: 404 for another company's or an ungranted site, 403 for an inspector).
     */
    async list(actor: Actor, jobId: number): Promise<JobSignoff[]> {
      const job = await deps.maturity.byId(actor, jobId);
      const rows = await repo.list(actor.companyId, job.id);
      const replacedBy = new Map<number, number>();
      // Oldest first, so the first sign-off that superseded a row is the one named.
      for (const r of [...rows].reverse()) {
        if (r.supersedes_id !== null && !replacedBy.has(r.supersedes_id))
          replacedBy.set(r.supersedes_id, r.id);
      }
      return rows.map((r) => toSignoff(r, replacedBy.get(r.id) ?? null));
    },

    /**
     * Records a decision on a started maturity job: writers of its site only (403 for viewers, inspectors
     * and Read-Only accounts), humidity jobs and jobs not started yet 400. `supersedesId` must name a
     * sign-off of the same job (400) that no other sign-off superseded yet (409).
     */
    async record(actor: Actor, jobId: number, body: JobSignoffBody): Promise<JobSignoff> {
      const job = await deps.maturity.byId(actor, jobId);
      await deps.jobsites.assertGranted(actor, job.tenantGroupId, 'write', 'Maturity job');
      if (job.kind !== 'MATURITY') {
        throw badRequest(`Job ${job.id} is a humidity job: sign-offs are recorded on maturity jobs`);
      }
      if (job.startDate === null) throw badRequest(`Job ${job.id} has not started: nothing to sign off yet`);
      const user = await deps.users.findById(actor.userId);
      const userName = user
        ? personName({ firstName: user.first_name, lastName: user.last_name, username: user.username })
        : actor.username;
      const note = body.note.trim();

      const row = await repo.transaction(async (trx) => {
        if (body.supersedesId !== undefined) {
          const old = await repo.lockOne(trx, actor.companyId, body.supersedesId);
          if (!old || old.job_id !== job.id) {
            throw badRequest(`Sign-off ${body.supersedesId} is not a sign-off of job ${job.id}`);
          }
          const by = await repo.supersededBy(trx, old.id);
          if (by !== null) throw conflict(`Sign-off ${old.id} was already superseded by sign-off ${by}`);
        }
        return repo.insert(trx, {
          company_id: actor.companyId,
          job_id: job.id,
          decision: body.decision,
          // What the job page shows now as the job's latest strength and maturity.
          strength_mpa: job.latestStrength,
          maturity: job.latestMaturityIndex,
          note,
          user_id: actor.userId,
          user_name: userName,
          supersedes_id: body.supersedesId ?? null,
          created_at: Date.now(),
        });
      });
      await publish(actor.companyId, job.id);
      return toSignoff(row, null);
    },
  };
}
export type SignoffsService = ReturnType<typeof createSignoffsService>;
