import type { LiveEventData, LiveEventName } from '@sitepulse/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { type ClusterBus, createLocalBus } from '../../lib/cluster-bus.ts';
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
 * changed. Each process keeps its own (the numbers of two processes are not comparable); with several
 * processes on one PostgreSQL every move is also sent on the cluster bus, so every process's versions
 * move with every write wherever it happened. A site's version is the latest of its own writes, its
 * company's and every company's, so a write that cannot name its sites (no listener to say where a
 * batch went, an HTTP change, a restart) still moves it.
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

/** The cluster bus topic of live events and data versions. */
export const EVENTS_TOPIC = 'events';
/** Ids per bus message, so each stays far below NOTIFY's payload limit (ids and times are short). */
const BUS_NODES_PER_MESSAGE = 200;
const BUS_IDS_PER_MESSAGE = 500;

/** What one process tells the others (issue 17): each is done again there, never sent back. */
type EventsMessage =
  /** a committed batch: company, and each node with the time of its earliest new item */
  | { t: 'b'; c: number; n: [number, number][] }
  /** jobs whose alarm bits changed */
  | { t: 'a'; c: number; j: number[] }
  /** data versions moved: of these sites, of a company, of everything */
  | { t: 's'; s: number[] }
  | { t: 'c'; c: number }
  | { t: 'e' };

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every(isId);

/** A bus message as sent by another process, or null when it is not one (it changes nothing). */
function readMessage(m: unknown): EventsMessage | null {
  if (typeof m !== 'object' || m === null) return null;
  const o = m as Record<string, unknown>;
  switch (o.t) {
    case 'b':
      return isId(o.c) &&
        Array.isArray(o.n) &&
        o.n.every((p) => Array.isArray(p) && p.length === 2 && isId(p[0]) && Number.isFinite(p[1]))
        ? { t: 'b', c: o.c, n: o.n as [number, number][] }
        : null;
    case 'a':
      return isId(o.c) && isIdList(o.j) ? { t: 'a', c: o.c, j: o.j } : null;
    case 's':
      return isIdList(o.s) ? { t: 's', s: o.s } : null;
    case 'c':
      return isId(o.c) ? { t: 'c', c: o.c } : null;
    case 'e':
      return { t: 'e' };
    default:
      return null;
  }
}

const chunks = <T>(list: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/**
 * Live updates: an emitter of `readings` and `alarms` events per job site, fed by ingest after each
 * committed batch and by alarm changes, read by the SSE route. Events carry ids only (nodes and jobs
 * to re-read), never data, so a subscriber reads through the usual scoped calls. With several
 * processes on one PostgreSQL (issue 17), each batch and alarm change is also sent on the cluster bus
 * (company and ids), and every other process does the same work for its own viewers: a viewer on any
 * process sees a batch stored by any other, and no process delivers its own events twice.
 */
export function createEventsService(
  deps: { db: Kysely<Database>; jobsites: JobsitesService; bus?: ClusterBus },
  opts: Partial<EventsOptions> = {},
) {
  const bus = deps.bus ?? createLocalBus();
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
  const send = (m: EventsMessage) => bus.publish(EVENTS_TOPIC, m);
  /** this process's versions, moved without telling anybody (what the bus messages of others do) */
  const local = createDataVersions();
  /** the versions others use: each move is also sent to the other processes */
  const versions: DataVersions = {
    of: local.of,
    sitesWritten(siteIds) {
      const ids = [...siteIds];
      local.sitesWritten(ids);
      if (bus.shared) for (const s of chunks(ids, BUS_IDS_PER_MESSAGE)) send({ t: 's', s });
    },
    companyWritten(companyId) {
      local.companyWritten(companyId);
      send({ t: 'c', c: companyId });
    },
    everythingWritten() {
      local.everythingWritten();
      send({ t: 'e' });
    },
  };
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

  /** publishBatch's work in this process (for a batch stored here or by another process). */
  async function applyBatch(companyId: number, touched: ReadonlyMap<number, number>): Promise<void> {
    if (listenerCount === 0) {
      local.companyWritten(companyId);
      return;
    }
    const nodeIds = [...touched.keys()];
    const [nodes, jobs] = await Promise.all([
      repo.nodeSites(companyId, nodeIds),
      repo.jobsOfNodes(companyId, nodeIds),
    ]).catch((err) => {
      // The batch is stored whatever happened here: no cached read may outlive it.
      local.companyWritten(companyId);
      throw err;
    });
    const bySite = new Map<number, Ids>();
    for (const n of nodes) {
      if (n.tenant_group_id !== null) idsOf(bySite, n.tenant_group_id).nodeIds.add(n.id);
    }
    for (const j of jobs) {
      const earliest = touched.get(j.node_id) ?? 0;
      if (j.termination_date !== null && Number(j.termination_date) < earliest) continue;
      const ids = idsOf(bySite, j.tenant_group_id);
      ids.nodeIds.add(j.node_id);
      (MATURITY_KINDS.has(j.kind) ? ids.maturityJobIds : ids.channelJobIds).add(j.id);
    }
    local.sitesWritten(bySite.keys());
    for (const [siteId, ids] of bySite) queue(companyId, siteId, 'readings', ids);
  }

  /** publishAlarms's work in this process. */
  async function applyAlarms(companyId: number, jobIds: number[]): Promise<void> {
    if (listenerCount === 0) {
      local.companyWritten(companyId);
      return;
    }
    const bySite = new Map<number, Ids>();
    const rows = await repo.jobsByIds(companyId, jobIds).catch((err) => {
      local.companyWritten(companyId);
      throw err;
    });
    for (const j of rows) {
      const ids = idsOf(bySite, j.tenant_group_id);
      ids.nodeIds.add(j.node_id);
      (MATURITY_KINDS.has(j.kind) ? ids.maturityJobIds : ids.channelJobIds).add(j.id);
    }
    local.sitesWritten(bySite.keys());
    for (const [siteId, ids] of bySite) queue(companyId, siteId, 'alarms', ids);
  }

  /** What another process sent: done here as if it happened here, and not sent on. */
  const fromBus = (raw: unknown) => {
    const m = readMessage(raw);
    if (!m) return;
    const failed = (err: unknown) => log.error({ err }, 'live events from another server failed');
    if (m.t === 'b') applyBatch(m.c, new Map(m.n)).catch(failed);
    else if (m.t === 'a') applyAlarms(m.c, m.j).catch(failed);
    else if (m.t === 's') local.sitesWritten(m.s);
    else if (m.t === 'c') local.companyWritten(m.c);
    else local.everythingWritten();
  };
  const unsubscribeBus = bus.subscribe(EVENTS_TOPIC, fromBus);
  // Messages missed while this process was not listening: no cached read may outlive them.
  const unsubscribeGap = bus.onGap(() => local.everythingWritten());

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
     * on; while nobody listens nothing is read, and the whole company's version moves instead. The
     * other processes sharing the database are told, and do the same for their own viewers.
     */
    async publishBatch(batch: StoredBatch): Promise<void> {
      if (batch.nodes.size === 0) return;
      if (bus.shared) {
        for (const n of chunks([...batch.nodes], BUS_NODES_PER_MESSAGE))
          send({ t: 'b', c: batch.companyId, n });
      }
      await applyBatch(batch.companyId, batch.nodes);
    },

    /** An `alarms` event for the job sites of jobs whose alarm bits changed (on every process). */
    async publishAlarms(companyId: number, jobIds: readonly number[]): Promise<void> {
      if (jobIds.length === 0) return;
      const unique = [...new Set(jobIds)];
      if (bus.shared) for (const j of chunks(unique, BUS_IDS_PER_MESSAGE)) send({ t: 'a', c: companyId, j });
      await applyAlarms(companyId, unique);
    },

    /** Registers what ends an open stream when the server closes; returns the unregister function. */
    onClose(end: () => void): () => void {
      closers.add(end);
      return () => closers.delete(end);
    },

    /** Ends every open stream and drops queued events (server shutdown). */
    close(): void {
      unsubscribeBus();
      unsubscribeGap();
      for (const end of [...closers]) end();
      closers.clear();
      for (const key of [...outboxes.keys()]) dropOutbox(key);
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
