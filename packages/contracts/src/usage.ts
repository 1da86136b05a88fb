import { USAGE_BATCH_MAX, USAGE_EVENTS, USAGE_PATH_MAX } from '@sitepulse/domain';
import Type from 'typebox';
import { Id } from './common.ts';

/**
 * Usage tracking (spec section 1; issue 16, docs/decisions/usage-tracking.md): the web app sends page
 * views and named events in batches; company admins read counts per page and per day. Paths chosen by us.
 */

export const UsageEventName = Type.Enum(USAGE_EVENTS);

/** A page path as the browser has it: the server keeps only its route pattern (no ids, query or hash). */
const UsagePath = Type.String({
  minLength: 1,
  maxLength: USAGE_PATH_MAX,
  pattern: '^/',
  description: `a page path starting with '/', at most ${USAGE_PATH_MAX} characters; kept as its route pattern`,
});

/** One page view, or one event (its name from the fixed list; the page it happened on, if given). */
export const UsageItem = Type.Object(
  {
    kind: Type.Union([Type.Literal('page'), Type.Literal('event')]),
    path: UsagePath,
    name: Type.Optional(UsageEventName),
  },
  { additionalProperties: false },
);
export type UsageItem = Type.Static<typeof UsageItem>;

/** POST /api/usage/events */
export const UsageBatchBody = Type.Object(
  { items: Type.Array(UsageItem, { minItems: 1, maxItems: USAGE_BATCH_MAX }) },
  { additionalProperties: false },
);
export type UsageBatchBody = Type.Static<typeof UsageBatchBody>;

export const UsageBatchResult = Type.Object({ accepted: Type.Integer({ minimum: 0 }) });
export type UsageBatchResult = Type.Static<typeof UsageBatchResult>;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a UTC day, YYYY-MM-DD' });

/** GET /api/usage/counts */
export const UsageCountsQuery = Type.Object({
  companyId: Id,
  from: Day,
  to: Day,
  tenant: Type.Optional(Type.String()),
});
export type UsageCountsQuery = Type.Static<typeof UsageCountsQuery>;

const Count = Type.Integer({ minimum: 0 });

export const UsageCounts = Type.Object({
  from: Type.String(),
  to: Type.String(),
  /** page views in the range */
  totalViews: Count,
  /** every day of the range with its page views (0 when none) */
  days: Type.Array(Type.Object({ day: Type.String(), views: Count })),
  /** each page (route pattern) with its views in the range, most viewed first */
  pages: Type.Array(Type.Object({ path: Type.String(), views: Count })),
  /** views of each page on each day that had some */
  daily: Type.Array(Type.Object({ day: Type.String(), path: Type.String(), views: Count })),
  /** each event with how often it happened in the range, most frequent first */
  events: Type.Array(Type.Object({ name: Type.String(), count: Count })),
});
export type UsageCounts = Type.Static<typeof UsageCounts>;
