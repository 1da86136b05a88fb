/**
 * Material tracking and the tracking manager (spec section 1: both behind a build flag; issue 16). Pure rules:
 * the default stages, the bounds of stage names, notes and lists, the check of a company's stage list, and
 * which move from one stage to another needs a note. The choices are in docs/decisions/material-tracking.md.
 */

/** The stages a company starts with, in order, until a company admin changes them. */
export const DEFAULT_MATERIAL_STAGES = ['Cast', 'Cured', 'In yard', 'Shipped', 'Installed'] as const;
/** The most stages a company defines. */
export const MATERIAL_STAGES_MAX = 12;
/** A stage's name: 1 to 40 characters, one line. */
export const MATERIAL_STAGE_NAME_MAX = 40;
/** A stage event's note: up to 500 characters (lines allowed). */
export const MATERIAL_NOTE_MAX = 500;
/** The most events an element's timeline answers, newest first. */
export const MATERIAL_TIMELINE_MAX = 500;
/** Rows per page of the tracking manager and of the material tracking list: 1 to 500 (default 100). */
export const TRACKING_RPP_MAX = 500;
export const TRACKING_RPP_DEFAULT = 100;

export type MaterialCheck<T> = { ok: true; value: T } | { ok: false; error: string };

// Control characters (C0, DEL, C1) and UTF-16 halves without their other half.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what the pattern refuses
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a note keeps tab, newline and return
const CONTROL_BUT_LINES_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function text(v: unknown, what: string, max: number, multiLine: boolean): MaterialCheck<string> {
  if (typeof v !== 'string') return { ok: false, error: `${what} must be a text` };
  const t = v.trim();
  if ([...t].length > max) return { ok: false, error: `${what} must be at most ${max} characters` };
  if ((multiLine ? CONTROL_BUT_LINES_RE : CONTROL_RE).test(t)) {
    return { ok: false, error: `${what} must not contain control characters` };
  }
  if (LONE_SURROGATE_RE.test(t)) return { ok: false, error: `${what} holds a broken character` };
  return { ok: true, value: t };
}

/** A stage's name: trimmed, 1..MATERIAL_STAGE_NAME_MAX characters, one line. */
export function checkStageName(name: unknown): MaterialCheck<string> {
  const r = text(name, 'A stage name', MATERIAL_STAGE_NAME_MAX, false);
  if (r.ok && r.value === '') return { ok: false, error: 'A stage name must not be blank' };
  return r;
}

/**
 * A stage event's note: trimmed, at most MATERIAL_NOTE_MAX characters, lines allowed; null when absent or
 * blank (a blank note is no note).
 */
export function checkStageNote(note: unknown): MaterialCheck<string | null> {
  if (note === undefined || note === null) return { ok: true, value: null };
  const r = text(note, 'The note', MATERIAL_NOTE_MAX, true);
  if (!r.ok) return r;
  return { ok: true, value: r.value === '' ? null : r.value };
}

/**
 * A company's stage list as an admin sends it, in order: 1 to MATERIAL_STAGES_MAX stages, each name checked,
 * no two names alike (case ignored). Answers the trimmed names in order, or the problem naming the stage.
 */
export function checkStageNames(names: readonly unknown[]): MaterialCheck<string[]> {
  if (names.length === 0) return { ok: false, error: 'Keep at least one stage' };
  if (names.length > MATERIAL_STAGES_MAX) {
    return { ok: false, error: `A company defines at most ${MATERIAL_STAGES_MAX} stages` };
  }
  const out: string[] = [];
  const seen = new Map<string, number>();
  for (const [i, raw] of names.entries()) {
    const r = checkStageName(raw);
    if (!r.ok) return { ok: false, error: `Stage ${i + 1}: ${r.error}` };
    const key = r.value.toLocaleLowerCase('en');
    const before = seen.get(key);
    if (before !== undefined) {
      return { ok: false, error: `Stage ${i + 1}: '${r.value}' is already stage ${before + 1}` };
    }
    seen.set(key, i);
    out.push(r.value);
  }
  return { ok: true, value: out };
}

/** How recording a stage moves an element, by the stages' positions in the company's order. */
export type StageMove = 'FIRST' | 'FORWARD' | 'SAME' | 'BACKWARD';

/**
 * The move from the element's current stage (its position, null when it has none yet) to the stage recorded.
 * Skipping stages forward is a FORWARD move.
 */
export function stageMove(currentPosition: number | null, nextPosition: number): StageMove {
  if (currentPosition === null) return 'FIRST';
  if (nextPosition > currentPosition) return 'FORWARD';
  return nextPosition === currentPosition ? 'SAME' : 'BACKWARD';
}

/** Whether a move needs a note: going back to an earlier stage does (say why: a repair, a return). */
export const stageMoveNeedsNote = (move: StageMove): boolean => move === 'BACKWARD';
