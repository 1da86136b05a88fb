import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.ts';
import { BatteryIndicator } from './BatteryIndicator.tsx';
import { Disclaimer } from './Disclaimer.tsx';
import { SignalIndicator } from './SignalIndicator.tsx';
import { StatusChip } from './StatusChip.tsx';
import { renderAt, signInSession, stubServer } from './test-utils.tsx';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('StatusChip', () => {
  it.each([
    ['STARTED', 'green', 'Started'],
    ['PENDING START', 'yellow', 'Pending Start'],
    ['STOPPED', 'gray', 'Stopped'],
    ['ERROR', 'red', 'Error'],
    ['MAINTENANCE', 'blue', 'Updating'],
    ['NEW', 'black', 'New'],
  ])('shows %s in %s with the tooltip %s', async (label, colour, tooltip) => {
    render(<StatusChip label={label} />);
    const chip = screen.getByText(label).closest('[data-status]') as HTMLElement;
    expect(chip.getAttribute('data-colour')).toBe(colour);
    fireEvent.mouseOver(chip);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', tooltip);
  });

  it('shows an unknown status as white UNKNOWN, and the labels in Spanish', async () => {
    render(<StatusChip label="PAUSED" />);
    expect(screen.getByText('UNKNOWN').closest('[data-status]')?.getAttribute('data-colour')).toBe('white');
    cleanup();
    await i18n.changeLanguage('es');
    render(<StatusChip label="STARTED" />);
    expect(screen.getByText('INICIADO')).toBeTruthy();
  });
});

describe('BatteryIndicator', () => {
  it('follows the 90/50/10 thresholds, or 66/33/10 for battery level type 2', () => {
    const { container, rerender } = render(<BatteryIndicator percent={91} />);
    const state = () => container.querySelector('[data-battery]')?.getAttribute('data-battery');
    expect(state()).toBe('GOOD');
    rerender(<BatteryIndicator percent={70} />);
    expect(state()).toBe('MODERATE');
    rerender(<BatteryIndicator percent={70} levelType={2} />);
    expect(state()).toBe('GOOD');
    rerender(<BatteryIndicator percent={9} showText />);
    expect(state()).toBe('EMPTY');
    expect(screen.getByText('9%')).toBeTruthy();
  });

  it('is hidden for a terminated job or without a value', () => {
    const { container, rerender } = render(<BatteryIndicator percent={80} terminated />);
    expect(container.querySelector('[data-battery]')).toBeNull();
    rerender(<BatteryIndicator percent={null} />);
    expect(container.querySelector('[data-battery]')).toBeNull();
  });
});

describe('SignalIndicator', () => {
  it('shows bars for a fresh signal and "No recent signal" after 2 hours', () => {
    const now = Date.now();
    const { rerender } = render(<SignalIndicator latestSignal={{ signal: -78, timestamp: now - 60_000 }} />);
    expect(screen.getByRole('img', { name: 'Signal -78 dBm' }).getAttribute('data-signal-bars')).toBe('3');
    rerender(<SignalIndicator latestSignal={{ signal: -78, timestamp: now - 3 * 3_600_000 }} />);
    expect(screen.getByRole('img', { name: 'No recent signal' }).getAttribute('data-signal-bars')).toBe('0');
  });

  it('shows nothing for a terminated job', () => {
    const { container } = render(
      <SignalIndicator latestSignal={{ signal: -60, timestamp: Date.now() }} terminated />,
    );
    expect(container.querySelector('[data-signal-bars]')).toBeNull();
  });
});

describe('Disclaimer', () => {
  const text = { name: 'AOMS_MATURITY_STRENGTH_DISCLAIMER', language: 'en', text: 'Estimates only.' };
  beforeEach(() => {
    localStorage.clear();
    signInSession();
  });

  it('shows the text resource on a job list of a running site', async () => {
    const fetchMock = stubServer({ extra: { '/resources/text/AOMS_MATURITY_STRENGTH_DISCLAIMER': text } });
    renderAt(
      <Disclaimer jobSite={{ state: 'ACTIVE' }} />,
      '/construction_job_list/:a/:b',
      '/construction_job_list/1/2',
    );
    expect((await screen.findByTestId('maturity-disclaimer')).textContent).toContain('Estimates only.');
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('language=en');
  });

  it('is not shown when the job site is terminated, nor on a screen the spec does not list', async () => {
    const fetchMock = stubServer({ extra: { '/resources/text/AOMS_MATURITY_STRENGTH_DISCLAIMER': text } });
    renderAt(<Disclaimer jobSite={{ state: 'TERMINATED' }} />, '/job/:t/:a/:b/:c', '/job/Maturity/1/2/3');
    renderAt(
      <Disclaimer jobSite={{ state: 'ACTIVE' }} />,
      '/job-site-sensors/:a/:b',
      '/job-site-sensors/1/2',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('maturity-disclaimer')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/resources/text/'))).toBe(false);
  });

  it('ignores a failed load silently', async () => {
    const fetchMock = stubServer();
    renderAt(
      <Disclaimer jobSite={{ state: 'ACTIVE' }} />,
      '/construction_dashboard/:a',
      '/construction_dashboard/1',
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/resources/text/'))).toBe(true),
    );
    expect(screen.queryByTestId('maturity-disclaimer')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
