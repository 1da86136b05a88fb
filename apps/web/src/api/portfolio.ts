/**
 * The portfolio (issue 13): the worst state of every job site the user may read, and what needs
 * attention across them (GET /portfolio/status). Shared by the home map and the drawer, so it lives
 * here rather than in a feature. Read again every minute, and at once on a live `alarms` event of a
 * site a screen follows (api/live.ts): the home page follows no site stream (one per site would
 * exhaust the browser's connections), so the poll is what keeps the map current there.
 */
import type { PortfolioSite, PortfolioStatus } from '@sitepulse/contracts';
import { MINUTE_MS } from '@sitepulse/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { currentIdentity } from './queries.ts';
import { queryKeys } from './query-keys.ts';

export const PORTFOLIO_PATH = '/portfolio/status';
/** How often the portfolio is read again while shown. */
export const PORTFOLIO_POLL_MS = MINUTE_MS;

/** GET /portfolio/status for the signed-in user. */
export function usePortfolio() {
  const { companyId, username } = currentIdentity();
  return useQuery({
    queryKey: queryKeys.portfolio.status(companyId ?? 0),
    queryFn: ({ signal }) => apiFetch<PortfolioStatus>(PORTFOLIO_PATH, { signal }),
    enabled: companyId !== null && !!username,
    refetchInterval: PORTFOLIO_POLL_MS,
  });
}

/** Each readable site's portfolio entry by site id (empty while loading or when the call failed). */
export function portfolioBySite(status: PortfolioStatus | undefined): Map<number, PortfolioSite> {
  return new Map((status?.sites ?? []).map((s) => [s.siteId, s]));
}
