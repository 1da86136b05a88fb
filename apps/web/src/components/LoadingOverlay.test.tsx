import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from './LoadingOverlay.tsx';
import './test-utils.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LoadingOverlay', () => {
  it('stays for the caller-given delay after loading ends, then fades out', () => {
    const { rerender } = render(<LoadingOverlay open hideDelayMs={1000} message="Working" />);
    expect(screen.getByText('Working')).toBeTruthy();
    expect(screen.getByTestId('loading-overlay').style.visibility).not.toBe('hidden');
    rerender(<LoadingOverlay open={false} hideDelayMs={1000} message="Working" />);
    act(() => vi.advanceTimersByTime(900));
    expect(screen.getByTestId('loading-overlay').getAttribute('aria-busy')).toBe('true');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByTestId('loading-overlay').getAttribute('aria-busy')).toBe('false');
    act(() => vi.advanceTimersByTime(600)); // 500 ms fade-out
    expect(screen.getByTestId('loading-overlay').style.visibility).toBe('hidden');
  });
});
