import { describe, expect, it } from 'vitest';
import {
  checkStageName,
  checkStageNames,
  checkStageNote,
  DEFAULT_MATERIAL_STAGES,
  MATERIAL_STAGES_MAX,
  stageMove,
  stageMoveNeedsNote,
} from './material-tracking.ts';

describe('material tracking stages', () => {
  it('starts with Cast, Cured, In yard, Shipped, Installed, which pass their own check', () => {
    expect(DEFAULT_MATERIAL_STAGES).toEqual(['Cast', 'Cured', 'In yard', 'Shipped', 'Installed']);
    expect(checkStageNames([...DEFAULT_MATERIAL_STAGES])).toEqual({
      ok: true,
      value: [...DEFAULT_MATERIAL_STAGES],
    });
  });

  it('trims names and refuses blank, long, multi-line or repeated ones, naming the stage', () => {
    expect(checkStageName('  Stripped ')).toEqual({ ok: true, value: 'Stripped' });
    expect(checkStageName('   ')).toEqual({ ok: false, error: 'A stage name must not be blank' });
    expect(checkStageName('x'.repeat(41))).toMatchObject({ ok: false });
    expect(checkStageName('a\nb')).toMatchObject({ ok: false });
    expect(checkStageName('\ud800')).toMatchObject({ ok: false });
    expect(checkStageName(3)).toMatchObject({ ok: false });
    expect(checkStageNames(['Cast', 'cast'])).toEqual({
      ok: false,
      error: "Stage 2: 'cast' is already stage 1",
    });
    expect(checkStageNames(['Cast', ''])).toEqual({
      ok: false,
      error: 'Stage 2: A stage name must not be blank',
    });
  });

  it(`keeps 1 to ${MATERIAL_STAGES_MAX} stages`, () => {
    expect(checkStageNames([])).toMatchObject({ ok: false });
    const twelve = Array.from({ length: MATERIAL_STAGES_MAX }, (_, i) => `S${i}`);
    expect(checkStageNames(twelve)).toMatchObject({ ok: true });
    expect(checkStageNames([...twelve, 'one more'])).toEqual({
      ok: false,
      error: 'A company defines at most 12 stages',
    });
  });

  it('takes a note of up to 500 characters with lines; a blank note is none', () => {
    expect(checkStageNote(undefined)).toEqual({ ok: true, value: null });
    expect(checkStageNote('  ')).toEqual({ ok: true, value: null });
    expect(checkStageNote(' chipped corner\nrepaired ')).toEqual({
      ok: true,
      value: 'chipped corner\nrepaired',
    });
    expect(checkStageNote('x'.repeat(501))).toMatchObject({ ok: false });
    expect(checkStageNote('bad\u0000')).toMatchObject({ ok: false });
  });

  it('needs a note to go back to an earlier stage only', () => {
    expect(stageMove(null, 1)).toBe('FIRST');
    expect(stageMove(1, 3)).toBe('FORWARD');
    expect(stageMove(3, 3)).toBe('SAME');
    expect(stageMove(4, 2)).toBe('BACKWARD');
    expect(['FIRST', 'FORWARD', 'SAME', 'BACKWARD'].map((m) => stageMoveNeedsNote(m as never))).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });
});
