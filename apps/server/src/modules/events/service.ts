import type { LiveEventData, LiveEventName } from '@sitepulse/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import type { JobsitesService } from '../jobsites/service.ts';
import { createEventsRepo } from './repo.ts';

/** What ingest reports once a batch is committed and the maturity engine has run on it. */
export interface StoredBatch {
  companyId: number;
  /** nodes with new readings, status or locations, each with the time of its earliest new item */
  nodes: Map<number, number>;
  /** nodes with new readings (their sensor thresholds are evaluated) */
  readingNodeIds: number[];
  /** jobs whose alarm bits the maturity engine changed in this batch (MATURED) */
  alarmJobIds: number[];
}

export type LiveListener = (name: LiveEventName, data: LiveEventData) => void;

export interface EventsOptions {
  /** at most one event of each name per job site per this many ms (bursts are merged) */
  coalesceMs: number;
  /** a comment line is sent on every open stream this often, so proxies keep it open */
  heartbeatMs: number;
}

/** Kinds whose ids go in `maturityJobIds`; every other kind goes in `channelJobIds`. */
const MATURITY_KINDS = new Set(['MATURITY', 'HUMIDITY']);

interface Ids {
  nodeIds: Set<number>;
  maturityJobIds: Set<number>;
  channelJobIds: Set<number>;
}
const emptyIds = (): Ids => ({ nodeIds: new Set(), maturityJobIds: new Set(), channelJobIds: new Set() });

interface Outbox {
  lastSentAt: number;
  pending: Ids | null;
  timer: NodeJS.Timeout | null;
}

/** Something that logs (Fastify's logger once the app is built; the console before). */
export interface EventsLog {
  error(obj: unknown, msg?: string): void;
}

/**
 * Live updates: an in-process emitter of `readings` and `alarms` events per job site, fed by
 * ingest after each committed batch and by alarm changes, read by the SSE route. Events carry ids
 * only (nodes and jobs to re-read), never data, so a subscriber reads through the usual scoped calls.
 * This assumes one server process per database, as the ingest path does.
 */
export function createEventsService(
  deps: { db: Kysely<Database>; jobsites: JobsitesService },
  opts: Partial<EventsOptions> = {},
) {
  const repo = createEventsRepo(deps.db);
  const options: EventsOptions = { coalesceMs: 1000, heartbeatMs: 25_000, ...opts };
  const listeners = new Map<number, Set<LiveListener>>();
  const outboxes = new Map<string, Outbox>();
  const closers = new Set<() => void>();
  let listenerCount = 0;
  let log: EventsLog = { error: (obj, msg) => console.error(msg ?? 'live events', obj) };

  function flush(siteId: number, name: LiveEventName, box: Outbox): void {
    box.timer = null;
    const ids = box.pending;
    box.pending = null;
    if (!ids) return;
    box.lastSentAt = Date.now();
    const data: LiveEventData = {
      tenantGroupId: siteId,
      nodeIds: [...ids.nodeIds].sort((a, b) => a - b),
      maturityJobIds: [...ids.maturityJobIds].sort((a, b) => a - b),
      channelJobIds: [...ids.channelJobIds].sort((a, b) => a - b),
      at: box.lastSentAt,
    };
    for (const l of listeners.get(siteId) ?? []) {
      try {
        l(name, data);
      } catch (err) {
        log.error({ err }, 'a live-event listener failed');
      }
    }
  }

  /** Queues ids for a site's next event of this name: at once, or when the coalescing window ends. */
  function queue(siteId: number, name: LiveEventName, ids: Ids): void {
    if (!listeners.has(siteId)) return;
    const key = `${siteId}:${name}`;
    let box = outboxes.get(key);
    if (!box) {
      box = { lastSentAt: 0, pending: null, timer: null };
      outboxes.set(key, box);
    }
    box.pending ??= emptyIds();
    const p = box.pending;
    for (const k of ['nodeIds', 'maturityJobIds', 'channelJobIds'] as const)
      for (const id of ids[k]) p[k].add(id);
    if (box.timer) return;
    const wait = box.lastSentAt + options.coalesceMs - Date.now();
    if (wait <= 0) flush(siteId, name, box);
    else {
      const b = box;
      box.timer = setTimeout(() => flush(siteId, name, b), wait);
    }
  }

  const idsOf = (site: Map<number, Ids>, siteId: number) => {
    let ids = site.get(siteId);
    if (!ids) {
      ids = emptyIds();
      site.set(siteId, ids);
    }
    return ids;
  };

  return {
    options,

    /** Where listener failures and publishing errors are logged (the app sets its logger). */
    useLogger(l: EventsLog): void {
      log = l;
    },
    get log(): EventsLog {
      return log;
    },

    /** 404 unless the caller was granted the job site (another company's site reads as missing); 403 for an inspector there. */
    async assertCanSubscribe(actor: Actor, tenantGroupId: number): Promise<void> {
      await deps.jobsites.assertGranted(actor, tenantGroupId, 'read');
    },

    /** Listens to one job site's events; returns the function that stops listening. */
    subscribe(tenantGroupId: number, listener: LiveListener): () => void {
      let set = listeners.get(tenantGroupId);
      if (!set) {
        set = new Set();
        listeners.set(tenantGroupId, set);
      }
      set.add(listener);
      listenerCount++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        listenerCount--;
        const s = listeners.get(tenantGroupId);
        s?.delete(listener);
        if (s && s.size === 0) {
          listeners.delete(tenantGroupId);
          for (const name of ['readings', 'alarms'] as const) {
            const key = `${tenantGroupId}:${name}`;
            const box = outboxes.get(key);
            if (box?.timer) clearTimeout(box.timer);
            outboxes.delete(key);
          }
        }
      };
    },

    /** Listeners now (all sites, or one). */
    listenerCount(tenantGroupId?: number): number {
      return tenantGroupId === undefined ? listenerCount : (listeners.get(tenantGroupId)?.size ?? 0);
    },

    /**
     * A `readings` event for every job site a committed batch touched: its nodes, and the started
     * jobs of those nodes whose time holds the batch's data. Reads nothing while nobody listens.
     */
    async publishBatch(batch: StoredBatch): Promise<void> {
      if (listenerCount === 0 || batch.nodes.size === 0) return;
      const nodeIds = [...batch.nodes.keys()];
      const [nodes, jobs] = await Promise.all([
        repo.nodeSites(batch.companyId, nodeIds),
        repo.jobsOfNodes(batch.companyId, nodeIds),
      ]);
      const bySite = new Map<number, Ids>();
      for (const n of nodes) {
        if (n.tenant_group_id !== null && listeners.has(n.tenant_group_id))
          idsOf(bySite, n.tenant_group_id).nodeIds.add(n.id);
      }
      for (const j of jobs) {
        if (!listeners.has(j.tenant_group_id)) continue;
        const earliest = batch.nodes.get(j.node_id) ?? 0;
        if (j.termination_date !== null && Number(j.termination_date) < earliest) continue;
        const ids = idsOf(bySite, j.tenant_group_id);
        ids.nodeIds.add(j.node_id);
        (MATURITY_KINDS.has(j.kind) ? ids.maturityJobIds : ids.channelJobIds).add(j.id);
      }
      for (const [siteId, ids] of bySite) queue(siteId, 'readings', ids);
    },

    /** An `alarms` event for the job sites of jobs whose alarm bits changed. */
    async publishAlarms(companyId: number, jobIds: readonly number[]): Promise<void> {
      if (listenerCount === 0 || jobIds.length === 0) return;
      const bySite = new Map<number, Ids>();
      for (const j of await repo.jobsByIds(companyId, [...new Set(jobIds)])) {
        if (!listeners.has(j.tenant_group_id)) continue;
        const ids = idsOf(bySite, j.tenant_group_id);
        ids.nodeIds.add(j.node_id);
        (MATURITY_KINDS.has(j.kind) ? ids.maturityJobIds : ids.channelJobIds).add(j.id);
      }
      for (const [siteId, ids] of bySite) queue(siteId, 'alarms', ids);
    },

    /** Registers what ends an open stream when the server closes; returns the unregister function. */
    onClose(end: () => void): () => void {
      closers.add(end);
      return () => closers.delete(end);
    },

    /** Ends every open stream and drops queued events (server shutdown). */
    close(): void {
      for (const end of [...closers]) end();
      closers.clear();
      for (const box of outboxes.values()) if (box.timer) clearTimeout(box.timer);
      outboxes.clear();
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
