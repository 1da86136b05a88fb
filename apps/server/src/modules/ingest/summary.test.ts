import { describe, expect, it } from 'vitest';
import { createIngestSummary } from './summary.ts';

describe('ingest summary', () => {
  it('adds up the batches of a period in one info line, and says nothing for an idle period', () => {
    const lines: { obj: unknown; msg?: string }[] = [];
    const summary = createIngestSummary({ periodMs: 3_600_000 });
    summary.start({ info: (obj, msg) => lines.push({ obj, msg }) });
    summary.record({ accepted: 10, duplicates: 2, rejected: [{}] });
    summary.record({ accepted: 5, duplicates: 0, rejected: [] });
    summary.recordRejectedMessage();
    expect(summary.flush()).toEqual({
      batches: 2,
      accepted: 15,
      duplicates: 2,
      rejected: 1,
      rejectedMessages: 1,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0].msg).toBe('ingest summary');
    expect(lines[0].obj).toMatchObject({ ingest: { batches: 2, accepted: 15 } });
    expect(summary.flush()).toBeNull();
    summary.stop();
    expect(lines).toHaveLength(1);
  });
});
