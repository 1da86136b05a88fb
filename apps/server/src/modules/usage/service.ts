import type { UsageBatchBody, UsageCounts, UsageCountsQuery } from '@sitepulse/contracts';
import {
  canManageUsers,
  daysBetween,
  isUsageEvent,
  USAGE_ITEMS_PER_MINUTE_MAX,
  USAGE_RAW_RETENTION_DAYS,
  usageRangeProblem,
  usageRoutePattern,
  utcDay,
} from '@sitepulse/domain';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, forbidden, tooManyRequests } from '../../lib/errors.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import type { UsageRepo, UsageRow } from './repo.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How often a process removes expired single rows (on the way of a recording call). */
export const USAGE_PURGE_EVERY_MS = 3_600_000;

/**
 * Usage tracking (spec section 1; docs/decisions/usage-tracking.md). Keeps page views and named events of
 * the signed-in user: the user id comes from the session, the page as its route pattern, nothing else.
 * Company admins read the counts per page and per day.
 */
export function createUsageService(deps: { repo: UsageRepo; now?: () => number }) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  let lastPurge = 0;

  async function purge(at = now()): Promise<number> {
    lastPurge = at;
    return repo.purgeBefore(at - USAGE_RAW_RETENTION_DAYS * DAY_MS);
  }

  return {
    /**
     * Keeps a batch of page views and events of the signed-in user. 400 (nothing kept) for an event
     * without a name from the list or a page view with one; 429 (nothing kept) past
     * USAGE_ITEMS_PER_MINUTE_MAX items a minute.
     */
    async record(actor: Actor, body: UsageBatchBody): Promise<{ accepted: number }> {
      const at = now();
      const day = utcDay(at);
      const rows: UsageRow[] = body.items.map((item, i) => {
        if (item.kind === 'event' && !isUsageEvent(item.name)) {
          throw badRequest(`items/${i}: an event needs a name from the list`);
        }
        if (item.kind === 'page' && item.name !== undefined) {
          throw badRequest(`items/${i}: a page view has no name`);
        }
        return {
          companyId: actor.companyId,
          userId: actor.userId,
          kind: item.kind,
          path: usageRoutePattern(item.path),
          name: item.kind === 'event' ? (item.name as string) : '',
          at,
          day,
        };
      });
      const recent = await repo.countSince(actor.userId, at - MINUTE_MS);
      if (recent + rows.length > USAGE_ITEMS_PER_MINUTE_MAX) {
        throw tooManyRequests('Too many page views and events in a minute; nothing was kept');
      }
      await repo.record(rows);
      if (at - lastPurge >= USAGE_PURGE_EVERY_MS) await purge(at);
      return { accepted: rows.length };
    },

    /**
     * Counts per page and per day of the caller's company (company admins only: 403 otherwise, and for
     * another company). 400 for a range that ends first or spans more than USAGE_RANGE_MAX_DAYS days.
     */
    async counts(actor: Actor, q: UsageCountsQuery): Promise<UsageCounts> {
      if (!canManageUsers(actor.accountType)) throw forbidden('Only company admins can read usage');
      assertSameCompany(actor.companyId, q.companyId);
      const problem = usageRangeProblem(q.from, q.to);
      if (problem) throw badRequest(problem);
      const rows = await repo.daily(actor.companyId, q.from, q.to);
      const byDay = new Map<string, number>();
      const byPage = new Map<string, number>();
      const byEvent = new Map<string, number>();
      const daily: UsageCounts['daily'] = [];
      let totalViews = 0;
      for (const r of rows) {
        const n = Number(r.count);
        if (r.kind === 'page') {
          totalViews += n;
          byDay.set(r.day, (byDay.get(r.day) ?? 0) + n);
          byPage.set(r.path, (byPage.get(r.path) ?? 0) + n);
          daily.push({ day: r.day, path: r.path, views: n });
        } else {
          byEvent.set(r.name, (byEvent.get(r.name) ?? 0) + n);
        }
      }
      const mostFirst = <K extends string>(m: Map<string, number>, key: K, value: 'views' | 'count') =>
        [...m.entries()]
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .map(([k, v]) => ({ [key]: k, [value]: v }));
      return {
        from: q.from,
        to: q.to,
        totalViews,
        days: daysBetween(q.from, q.to).map((d) => ({ day: d, views: byDay.get(d) ?? 0 })),
        pages: mostFirst(byPage, 'path', 'views') as UsageCounts['pages'],
        daily,
        events: mostFirst(byEvent, 'name', 'count') as UsageCounts['events'],
      };
    },

    /** Removes single page views and events older than USAGE_RAW_RETENTION_DAYS days (counts stay). */
    purge,
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
