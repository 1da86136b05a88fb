import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './useNow.ts';

const START = Date.UTC(2026, 10, 25, 12, 0);

function Clock({ id, interval }: { id: string; interval: number }) {
  const now = useNow(interval);
  return <span data-testid={id}>{Math.round((now - START) / 1000)}</span>;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useNow', () => {
  it('redraws every interval, and components on the same interval share one timer', async () => {
    const spy = vi.spyOn(globalThis, 'setInterval');
    render(
      <>
        <Clock id="a" interval={60_000} />
        <Clock id="b" interval={60_000} />
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('0');
    expect(spy.mock.calls.filter(([, ms]) => ms === 60_000)).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByTestId('a').textContent).toBe('60');
    expect(screen.getByTestId('b').textContent).toBe('60');
    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    // Between ticks the time stands still (a stable value for React).
    expect(screen.getByTestId('a').textContent).toBe('60');
    spy.mockRestore();
  });

  it('stops its timer when the last reader goes, and a new reader starts from the current time', async () => {
    const { unmount } = render(<Clock id="c" interval={5_000} />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    vi.setSystemTime(START + 3_600_000);
    render(<Clock id="d" interval={5_000} />);
    expect(screen.getByTestId('d').textContent).toBe('3600');
  });
});
