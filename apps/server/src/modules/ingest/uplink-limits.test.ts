import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, valueNestsDeeperThan } from './uplink-limits.ts';

describe('valueNestsDeeperThan', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('counts levels as the text scan does, on parsed JSON of any depth, without recursion', () => {
    const texts = [
      '1',
      '"[[[["',
      '{"readings":[{"nodeId":1,"value":2}]}',
      '{"a":{"b":{"c":[]}},"d":[[[]]]}',
      nested(31),
      nested(32),
      nested(33),
      `{"readings":[{"value":${nested(30)}}]}`,
      nested(200_000),
    ];
    for (const text of texts) {
      for (const max of [0, 1, 3, 32]) {
        expect(valueNestsDeeperThan(JSON.parse(text), max), `${text.slice(0, 40)} > ${max}`).toBe(
          jsonNestsDeeperThan(text, max),
        );
      }
    }
  });
});
