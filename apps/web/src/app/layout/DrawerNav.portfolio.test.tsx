import type { PortfolioSite, PortfolioStatus } from '@sitepulse/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveInvalidations } from '../../api/live.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { renderAt, signedInEnglishTests, stubServer } from '../../components/test-utils.tsx';
import { DrawerNav } from './DrawerNav.tsx';

signedInEnglishTests();

const counts = { ALARM: 0, ERROR: 0, CURING: 0, AT_TARGET: 0, MONITORING: 0 };
const site = (siteId: number, siteName: string, over: Partial<PortfolioSite>): PortfolioSite => ({
  siteId,
  siteName,
  state: 'IDLE',
  count: 0,
  counts,
  attention: 0,
  ...over,
});
const status: PortfolioStatus = {
  generatedAt: 0,
  sites: [
    site(1, 'Harbourfront Tower', { state: 'ALARM', count: 1, counts: { ...counts, ALARM: 1, CURING: 2 } }),
    site(2, 'Riverside Medical Centre Expansion', {
      state: 'CURING',
      count: 1,
      counts: { ...counts, CURING: 1 },
    }),
    site(3, 'North Yard Precast Plant', {
      state: 'AT_TARGET',
      count: 4,
      counts: { ...counts, AT_TARGET: 4 },
    }),
  ],
  attention: [],
  attentionTotal: 0,
};

describe('DrawerNav job-site states (issue 13)', () => {
  it("shows each site's worst state as a chip with its count, and says it in the entry's name", async () => {
    stubServer({ extra: { '/portfolio/status': status } });
    renderAt(<DrawerNav collapsed={false} />, '*', '/');
    const ht = await screen.findByRole('link', { name: 'Harbourfront Tower: 1 in alarm' });
    expect(ht.getAttribute('href')).toBe('/construction_dashboard/1');
    const chip = within(ht).getByTestId('site-state');
    expect(chip.getAttribute('data-state')).toBe('ALARM');
    expect(chip.textContent).toBe('!1');
    expect(
      await screen.findByRole('link', { name: 'Riverside Medical Centre Expansion: 1 pour curing' }),
    ).toBeTruthy();
    const plant = screen.getByRole('link', { name: 'North Yard Precast Plant: 4 pours at target' });
    expect(within(plant).getByTestId('site-state').textContent).toBe('✓4');
  });

  it('puts the state on the avatar as a dot when the drawer is collapsed', async () => {
    stubServer({ extra: { '/portfolio/status': status } });
    renderAt(<DrawerNav collapsed />, '*', '/');
    const ht = await screen.findByRole('link', { name: 'Harbourfront Tower: 1 in alarm' });
    expect(within(ht).getByTestId('site-state-dot').getAttribute('data-state')).toBe('ALARM');
  });

  it('shows the plain entries while the states are unknown', async () => {
    stubServer();
    renderAt(<DrawerNav collapsed={false} />, '*', '/');
    const ht = await screen.findByRole('link', { name: 'Harbourfront Tower' });
    expect(within(ht).queryByTestId('site-state')).toBeNull();
  });

  it('reads the states again on a live alarms event, not on every reading', () => {
    const data = { tenantGroupId: 1, nodeIds: [], maturityJobIds: [5], channelJobIds: [], at: 0, version: 1 };
    expect(liveInvalidations({ name: 'alarms', data })).toContainEqual(queryKeys.portfolio.all);
    expect(liveInvalidations({ name: 'readings', data })).not.toContainEqual(queryKeys.portfolio.all);
  });
});
