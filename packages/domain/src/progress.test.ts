import { describe, expect, it } from 'vitest';
import { progressPercent } from './progress.ts';

describe('progressPercent (section 5)', () => {
  it.each([
    ['current, no target', 12, null, 100],
    ['current, undefined target', 12, undefined, 100],
    ['current 0, no target', 0, undefined, 100],
    ['current, target 0', 5, 0, 100],
    ['neither', null, null, 0],
    ['neither (undefined)', undefined, undefined, 0],
    ['NaN current, no target', Number.NaN, null, 0],
    ['target, no current', null, 30, 0],
    ['half', 15, 30, 50],
    ['rounds down', 1, 3, 33],
    ['rounds up', 2, 3, 67],
    ['rounds .5 up', 1, 8, 13],
    ['full', 30, 30, 100],
    ['over target', 45, 30, 150],
    ['zero current', 0, 30, 0],
  ])('%s: (%j, %j) → %d', (_name, current, target, expected) => {
    expect(progressPercent(current, target)).toBe(expected);
  });
});
