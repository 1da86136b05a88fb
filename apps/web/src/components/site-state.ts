/**
 * How a job site's portfolio state looks (issue 13), for the home map's pins and legend, the attention
 * list and the drawer's dots: a severity scale, the worst state reddest, each with a glyph so the state
 * reads without colour too. Choices: docs/decisions/portfolio.md.
 */
import type { PortfolioSite } from '@sitepulse/contracts';
import type { SiteState } from '@sitepulse/domain';
import type { TFunction } from '../i18n/index.ts';

export interface SiteStateLook {
  colour: string;
  /** one character drawn on the pin and the dot */
  glyph: string;
}

export const SITE_STATE_LOOK: Readonly<Record<SiteState, SiteStateLook>> = {
  ALARM: { colour: '#d32f2f', glyph: '!' },
  ERROR: { colour: '#e65100', glyph: '×' },
  CURING: { colour: '#1976d2', glyph: '…' },
  AT_TARGET: { colour: '#2e7d32', glyph: '✓' },
  MONITORING: { colour: '#00838f', glyph: '•' },
  IDLE: { colour: '#8a96a3', glyph: '–' },
};

/** Whether a state shows its count (the states that are about jobs needing or reaching something). */
export const showsCount = (state: SiteState): boolean => state !== 'IDLE' && state !== 'MONITORING';

/** 'in alarm' text of a site's worst state with its count: '1 in alarm', '2 pours curing', 'Nothing running'. */
export function siteStateText(t: TFunction, site: Pick<PortfolioSite, 'state' | 'count'>): string {
  return site.state === 'IDLE'
    ? t('shell.siteState.IDLE')
    : t(`shell.siteState.${site.state}`, { count: site.count });
}

/** The accessible label of a site with its state: 'Harbourfront Tower: 1 in alarm'. */
export function siteStateLabel(
  t: TFunction,
  name: string,
  site: Pick<PortfolioSite, 'state' | 'count'>,
): string {
  return t('shell.siteLabel', { name, state: siteStateText(t, site) });
}
