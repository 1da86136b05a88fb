import { ATTENTION_KINDS, SITE_STATES } from '@sitepulse/domain';
import Type from 'typebox';
import { EpochMs, id } from './common.ts';

/**
 * Issue 13, the portfolio: GET /api/portfolio/status (ours; the spec names no such call). The state of
 * every job site the caller may read, and what needs attention across them. Rules: domain portfolio.ts;
 * choices: docs/decisions/portfolio.md.
 */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
const count = () => Type.Integer({ minimum: 0 });

/** The most job sites one answer lists (a company's sites the caller may read). */
export const PORTFOLIO_SITES_MAX = 2000;
/** The most attention items one answer carries (the worst first); `attentionTotal` counts them all. */
export const PORTFOLIO_ATTENTION_MAX = 200;

export const PortfolioSiteState = Type.Enum(SITE_STATES);
export const PortfolioAttentionKind = Type.Enum(ATTENTION_KINDS);

/** One job site: its worst state and how many of its running jobs are in each state. */
export const PortfolioSite = Type.Object({
  siteId: id(),
  siteName: Type.String(),
  state: PortfolioSiteState,
  /** jobs in the worst state (0 when IDLE) */
  count: count(),
  counts: Type.Object({
    ALARM: count(),
    ERROR: count(),
    CURING: count(),
    AT_TARGET: count(),
    MONITORING: count(),
  }),
  /** attention items of this site (all of them, also those past the list's cap) */
  attention: count(),
});
export type PortfolioSite = Type.Static<typeof PortfolioSite>;

/** One thing that needs a look: a job in alarm or error, a silent node, a low battery. */
export const PortfolioAttentionItem = Type.Object({
  kind: PortfolioAttentionKind,
  siteId: id(),
  siteName: Type.String(),
  jobId: id(),
  jobName: Type.String(),
  /** the job type name: 'Maturity', 'Gas', 'GPS', ... */
  jobTypeName: Type.String(),
  nodeId: Type.Integer({ minimum: 0 }),
  nodeName: Type.String(),
  /**
   * ALARM: the time of the latest reading past the threshold; ERROR: the node's last message; SILENT:
   * the node's last message (or the job's start when it never sent one); BATTERY: the battery report.
   * Null when unknown.
   */
  since: Nullable(EpochMs),
  /** ALARM: the sensor type of the threshold and the reading past it (metric); BATTERY: the percent */
  sensorType: Nullable(Type.String()),
  value: Nullable(Type.Number()),
  /** ALARM: the threshold's bounds (metric) */
  high: Nullable(Type.Number()),
  low: Nullable(Type.Number()),
  /** BATTERY: LOW or EMPTY (section 4 battery rule) */
  battery: Nullable(Type.Union([Type.Literal('LOW'), Type.Literal('EMPTY')])),
  /** the web route of the screen that shows it (domain jobDetailHref, as the lists link jobs) */
  href: Type.String(),
});
export type PortfolioAttentionItem = Type.Static<typeof PortfolioAttentionItem>;

/** GET /api/portfolio/status. */
export const PortfolioStatus = Type.Object({
  generatedAt: EpochMs,
  sites: Type.Array(PortfolioSite, { maxItems: PORTFOLIO_SITES_MAX }),
  /** worst first (domain compareAttention), at most PORTFOLIO_ATTENTION_MAX */
  attention: Type.Array(PortfolioAttentionItem, { maxItems: PORTFOLIO_ATTENTION_MAX }),
  attentionTotal: count(),
});
export type PortfolioStatus = Type.Static<typeof PortfolioStatus>;
