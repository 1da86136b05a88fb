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
  /** at most one event of each name per job site per this many ms (bursts are merged), for one listener */
  coalesceMs: number;
  /** the window widens by this much for each further listener of the site (calls per second stay flat as viewers grow) */
  coalescePerListenerMs: number;
  /** the widest window */
  coalesceMaxMs: number;
  /** one event reaches a site's listeners spread over this much per listener (at most half the window) */
  fanOutPerListenerMs: number;
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
  companyId: number;
  lastSentAt: number;
  pending: Ids | null;
  timer: NodeJS.Timeout | null;
  /** the last event's delivery while it is spread: what sends it to the rest at once, and its next slice's timer */
  fanOut: { finish: () => void; timer: NodeJS.Timeout } | null;
}

/** Fan-out slices are this far apart. */
const FAN_OUT_TICK_MS = 25;

/**
 * How long a site with this many listeners merges events (docs/decisions/alarms-and-live-updates.md,
 * "What a viewer costs"): each event makes every viewer re-read, so the window grows with the viewers
 * and the re-reads per second stay flat; one viewer keeps `coalesceMs`.
 */
export function coalesceWindowMs(o: EventsOptions, listeners: number): number {
  return Math.min(o.coalesceMaxMs, o.coalesceMs + o.coalescePerListenerMs * Math.max(0, listeners - 1));
}

/** Over how long one event reaches a site's listeners, so their re-reads do not all land at once. */
export function fanOutMs(o: EventsOptions, listeners: number): number {
  if (listeners <= 1) return 0;
  return Math.min(coalesceWindowMs(o, listeners) / 2, o.fanOutPerListenerMs * listeners);
}

/** Something that logs (Fastify's logger once the app is built; the console before). */
export interface EventsLog {
  error(obj: unknown, msg?: string): void;
}

/**
 * Data versions: a monotonic counter bumped whenever something a job site's reads show may have
 * changed. Kept in this process only (one server per database, as the live events assume); a site's
 * version is the latest of its own writes, its company's and every company's, so a write that cannot
 * name its sites (no listener to say where a batch went, an HTTP change, a restart) still moves it.
 */
function createDataVersions() {
  let clock = 0;
  let all = 0;
  const bySite = new Map<number, number>();
  const byCompany = new Map<number, number>();
  return {
    /** The version of a site's data: it changes after every write that may have touched it. */
    of(companyId: number, siteId: number): number {
      return Math.max(all, byCompany.get(companyId) ?? 0, bySite.get(siteId) ?? 0);
    },
    sitesWritten(siteIds: Iterable<number>): void {
      const v = ++clock;
      for (const id of siteIds) bySite.set(id, v);
    },
    companyWritten(companyId: number): void {
      byCompany.set(companyId, ++clock);
    },
    everythingWritten(): void {
      all = ++clock;
    },
  };
}
export type DataVersions = ReturnType<typeof createDataVersions>;

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
  const options: EventsOptions = {
    coalesceMs: 1000,
    coalescePerListenerMs: 15,
    coalesceMaxMs: 5000,
    fanOutPerListenerMs: 10,
    heartbeatMs: 25_000,
    ...opts,
  };
  const listeners = new Map<number, Set<LiveListener>>();
  const outboxes = new Map<string, Outbox>();
  const closers = new Set<() => void>();
  const versions = createDataVersions();
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
      version: versions.of(box.companyId, siteId),
    };
    finishFanOut(box);
    const all = [...(listeners.get(siteId) ?? [])];
    const deliver = (l: LiveListener) => {
      // One that left since the event was made gets nothing.
      if (!listeners.get(siteId)?.has(l)) return;
      try {
        l(name, data);
      } catch (err) {
        log.error({ err }, 'a live-event listener failed');
      }
    };
    // Spread over fanOutMs in slices FAN_OUT_TICK_MS apart, the first at once; listener i of n goes in
    // slice floor(i * slices / n), in the order they subscribed, so each keeps its place (and its interval).
    const slices = Math.max(1, Math.floor(fanOutMs(options, all.length) / FAN_OUT_TICK_MS));
    const sliceStart = (k: number) => Math.ceil((k * all.length) / slices);
    let sent = 0;
    const upTo = (end: number) => {
      for (; sent < end; sent++) deliver(all[sent]);
    };
    const next = (k: number) => {
      upTo(sliceStart(k + 1));
      if (outboxes.get(`${siteId}:${name}`) !== box) return; // dropped meanwhile (last listener left, close)
      box.fanOut =
        sent >= all.length
          ? null
          : { finish: () => upTo(all.length), timer: setTimeout(() => next(k + 1), FAN_OUT_TICK_MS) };
    };
    next(0);
  }

  /** Delivers the rest of a site's last event at once (before the next one is sent). */
  function finishFanOut(box: Outbox): void {
    const f = box.fanOut;
    if (!f) return;
    box.fanOut = null;
    clearTimeout(f.timer);
    f.finish();
  }

  /** Stops a site's timers: nothing queued is sent, nothing half-sent goes on. */
  function dropOutbox(key: string): void {
    const box = outboxes.get(key);
    if (!box) return;
    if (box.timer) clearTimeout(box.timer);
    if (box.fanOut) clearTimeout(box.fanOut.timer);
    outboxes.delete(key);
  }

  /** Queues ids for a site's next event of this name: at once, or when the coalescing window ends. */
  function queue(companyId: number, siteId: number, name: LiveEventName, ids: Ids): void {
    if (!listeners.has(siteId)) return;
    const key = `${siteId}:${name}`;
    let box = outboxes.get(key);
    if (!box) {
      box = { companyId, lastSentAt: 0, pending: null, timer: null, fanOut: null };
      outboxes.set(key, box);
    }
    box.pending ??= emptyIds();
    const p = box.pending;
    for (const k of ['nodeIds', 'maturityJobIds', 'channelJobIds'] as const)
      for (const id of ids[k]) p[k].add(id);
    if (box.timer) return;
    // The first event after a quiet window goes at once; later ones wait for the window to end.
    const wait = box.lastSentAt + coalesceWindowMs(options, listeners.get(siteId)?.size ?? 0) - Date.now();
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

    /** The data version of each job site (what the read cache keys on, and events carry). */
    versions,

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
          for (const name of ['readings', 'alarms'] as const) dropOutbox(`${tenantGroupId}:${name}`);
        }
      };
    },

    /** Listeners now (all sites, or one). */
    listenerCount(tenantGroupId?: number): number {
      return tenantGroupId === undefined ? listenerCount : (listeners.get(tenantGroupId)?.size ?? 0);
    },

    /**
     * A `readings` event for every job site a committed batch touched: its nodes, and the started
     * jobs of those nodes whose time holds the batch's data. Each touched site's data version moves
     * on; while nobody listens anywhere nothing is read, and the whole company's version moves instead.
     */
    async publishBatch(batch: StoredBatch): Promise<void> {
      if (batch.nodes.size === 0) return;
      if (listenerCount === 0) {
        versions.companyWritten(batch.companyId);
        return;
      }
      const nodeIds = [...batch.nodes.keys()];
      const [nodes, jobs] = await Promise.all([
        repo.nodeSites(batch.companyId, nodeIds),
        repo.jobsOfNodes(batch.companyId, nodeIds),
      ]).catch((err) => {
        // The batch is stored whatever happened here: no cached read may outlive it.
        versions.companyWritten(batch.companyId);
        throw err;
      });
      const bySite = new Map<number, Ids>();
      for (const n of nodes) {
        if (n.tenant_group_id !== null) idsOf(bySite, n.tenant_group_id).nodeIds.add(n.id);
      }
      for (const j of jobs) {
        const earliest = batch.nodes.get(j.node_id) ?? 0;
        if (j.termination_date !== null && Number(j.termination_date) < earliest) continue;
        const ids = idsOf(bySite, j.tenant_group_id);
        ids.nodeIds.add(j.node_id);
        (MATURITY_KINDS.has(j.kind) ? ids.maturityJobIds : ids.channelJobIds).add(j.id);
      }
      versions.sitesWritten(bySite.keys());
      for (const [siteId, ids] of bySite) queue(batch.companyId, siteId, 'readings', ids);
    },

    /** An `alarms` event for the job sites of jobs whose alarm bits changed. */
    async publishAlarms(companyId: number, jobIds: readonly number[]): Promise<void> {
      if (jobIds.length === 0) return;
      if (listenerCount === 0) {
        versions.companyWritten(companyId);
        return;
      }
      const bySite = new Map<number, Ids>();
      const rows = await repo.jobsByIds(companyId, [...new Set(jobIds)]).catch((err) => {
        versions.companyWritten(companyId);
        throw err;
      });
      for (const j of rows) {
        const ids = idsOf(bySite, j.tenant_group_id);
        ids.nodeIds.add(j.node_id);
        (MATURITY_KINDS.has(j.kind) ? ids.maturityJobIds : ids.channelJobIds).add(j.id);
      }
      versions.sitesWritten(bySite.keys());
      for (const [siteId, ids] of bySite) queue(companyId, siteId, 'alarms', ids);
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
      for (const key of [...outboxes.keys()]) dropOutbox(key);
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
