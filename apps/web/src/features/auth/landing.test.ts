import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../api/session.ts';
import { scheduleLandingRedirect } from './landing.ts';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('redirect to the saved job address after sign-in', () => {
  it('fires 3 seconds (3000 ms) after sign-in, not before', () => {
    writeSession({ landingUrl: '/job/Concrete/1/2/3/' });
    const navigate = vi.fn();
    scheduleLandingRedirect(navigate);
    vi.advanceTimersByTime(2999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/job/Concrete/1/2/3/');
  });

  it('does nothing without a saved address, or with one that leaves the app', () => {
    const navigate = vi.fn();
    scheduleLandingRedirect(navigate);
    writeSession({ landingUrl: 'https://evil.example/' });
    scheduleLandingRedirect(navigate);
    vi.advanceTimersByTime(10_000);
    expect(navigate).not.toHaveBeenCalled();
  });
});
