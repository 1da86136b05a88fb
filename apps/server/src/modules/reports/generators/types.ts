import type { Writable } from 'node:stream';
import type { ReportAttributes } from '@sitepulse/contracts';
import type { Language, ReportType, UnitSystem } from '@sitepulse/domain';
import type { Actor } from '../../../lib/actor.ts';
import type { Services } from '../../../services.ts';

/**
 * What a generator is given to make one report file. The worker (reports/worker.ts) builds it from a
 * stored request: the owner as the actor (every read goes through the owner's access, so a report never
 * shows what its owner may not see), the resolved range, units, language and zone, and where to write.
 */
export interface ReportContext {
  request: {
    id: number;
    type: ReportType;
    name: string;
    tenantGroupId: number;
    companyId: number;
    msjId: number | null;
    cjId: number | null;
    createdAt: number;
    ownerUsername: string;
  };
  /** the request's attributes with from, to, units, language and timeZone always set */
  attributes: ReportAttributes & {
    from: number;
    to: number;
    units: UnitSystem;
    language: Language;
    timeZone: string;
  };
  /** the job site and its company, as the report's header names them */
  site: { id: number; name: string; companyName: string };
  /** the request's owner, whose access every read goes through */
  actor: Actor;
  services: Services;
  /** the file's bytes: the generator writes them and ends the stream (the worker stores what arrives) */
  out: Writable;
  /** aborted when the report takes longer than REPORT_GENERATION_LIMIT_MS or the server stops */
  signal: AbortSignal;
}

/**
 * Makes one type of report. Throws a ReportError for a reason the user should read on the list (no
 * data in the range, a job without a profile); any other error shows as "The report could not be made".
 */
export type ReportGenerator = (ctx: ReportContext) => Promise<void>;

/** A reason a report could not be made, shown as it is on the report list (status ERROR). */
export class ReportError extends Error {
  override name = 'ReportError';
}
