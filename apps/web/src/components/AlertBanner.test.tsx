import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_COLOURS, AlertProvider, useAlert } from './AlertBanner.tsx';
import './test-utils.tsx';

/** Clicks 'show' and waits for the banner's chunk (fetched with the first alert). */
async function show() {
  fireEvent.click(screen.getByRole('button', { name: 'show' }));
  await act(async () => {
    await import('./AlertSnackbar.tsx');
  });
}

function Trigger({ severity = 'success' as const }: { severity?: 'success' | 'error' | 'warning' | 'info' }) {
  const { showAlert } = useAlert();
  return (
    <button type="button" onClick={() => showAlert({ severity, message: 'Saved it' })}>
      show
    </button>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AlertBanner', () => {
  it('shows the alert at the top centre and hides it after 7 seconds', async () => {
    render(
      <AlertProvider>
        <Trigger />
      </AlertProvider>,
    );
    await show();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Saved it');
    const snackbar = alert.closest('.MuiSnackbar-root');
    expect(snackbar?.className).toMatch(/anchorOriginTopCenter/);

    act(() => vi.advanceTimersByTime(6900));
    expect(screen.queryByText('Saved it')).not.toBeNull();

    act(() => vi.advanceTimersByTime(200));
    act(() => vi.advanceTimersByTime(1000)); // the exit transition
    expect(screen.queryByText('Saved it')).toBeNull();
  });

  it('uses the fixed colour of its severity', async () => {
    render(
      <AlertProvider>
        <Trigger severity="error" />
      </AlertProvider>,
    );
    await show();
    const alert = screen.getByRole('alert');
    expect(getComputedStyle(alert).backgroundColor).toBe('rgb(198, 40, 40)');
    expect(ALERT_COLOURS.error.bg).toBe('#c62828');
  });
});
