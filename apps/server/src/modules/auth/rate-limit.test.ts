import { describe, expect, it } from 'vitest';
import { FailureLimiter } from './rate-limit.ts';

describe('FailureLimiter', () => {
  it('blocks past max failures until the window ends, per key', () => {
    let now = 1000;
    const l = new FailureLimiter(3, 100, () => now);
    for (let i = 0; i < 3; i++) {
      expect(l.isBlocked('a')).toBe(false);
      l.fail('a');
    }
    expect(l.isBlocked('a')).toBe(true);
    expect(l.isBlocked('b')).toBe(false);
    now += 100;
    expect(l.isBlocked('a')).toBe(false);
  });
});
