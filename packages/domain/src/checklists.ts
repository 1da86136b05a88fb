/**
 * Checklists of Lumitrack projects (spec sections 1, 3, 4, 7; issue 16). The spec names a template's
 * `template` field but not its format; ours is in docs/decisions/checklists.md: an ordered list of
 * items, each with a stable key, a label, a kind and a required flag. These are the pure rules: what a
 * template may hold, and whether a filled checklist answers its template. Both return a clear message
 * naming the item at fault instead of throwing, whatever they are given.
 */

/** What an item asks for: a pass/fail check, a number (with a unit and bounds), a text, or a photo. */
export const CHECKLIST_ITEM_KINDS = ['CHECK', 'NUMBER', 'TEXT', 'PHOTO'] as const;
export type ChecklistItemKind = (typeof CHECKLIST_ITEM_KINDS)[number];

/** Items of one template: at least one, at most 100. */
export const CHECKLIST_ITEMS_MAX = 100;
/** An item's key: a lower-case letter, then lower-case letters, digits and underscores; 40 at most. */
export const CHECKLIST_KEY_PATTERN = '^[a-z][a-z0-9_]{0,39}$';
export const CHECKLIST_KEY_MAX = 40;
export const CHECKLIST_LABEL_MAX = 200;
export const CHECKLIST_UNIT_MAX = 20;
export const CHECKLIST_HINT_MAX = 500;
/** A template's name (unique in its company, case ignored). */
export const CHECKLIST_NAME_MAX = 100;
/** Number bounds and number answers stay within ±1e9. */
export const CHECKLIST_NUMBER_LIMIT = 1e9;
/** A text answer, after trimming. */
export const CHECKLIST_TEXT_ANSWER_MAX = 2000;
/** Projects one template is assigned to. */
export const CHECKLIST_TENANTS_MAX = 200;
/** Templates one company keeps. */
export const CHECKLIST_TEMPLATES_MAX = 500;
/** A photo answer's upload: 5 MiB at most, JPEG, PNG or WebP only. */
export const CHECKLIST_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const CHECKLIST_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ChecklistPhotoType = (typeof CHECKLIST_PHOTO_TYPES)[number];
/** A photo's id, as the upload call answers it (a UUID). */
export const CHECKLIST_PHOTO_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
/** Audit entries one call of audits/users answers at most. */
export const CHECKLIST_AUDITS_MAX = 1000;
/** Usernames one audits/users call may name. */
export const CHECKLIST_AUDIT_USERS_MAX = 100;
/** Fills one Lumitrack ID's list answers at most (newest first). */
export const CHECKLIST_FILLS_MAX = 500;

/**
 * What the audit records of a template, each with the username and the time (spec: "audit entries
 * (operation CREATE, username)"; the others are ours).
 */
export const CHECKLIST_AUDIT_OPERATIONS = [
  'CREATE',
  'RENAME',
  'EDIT_TEMPLATE',
  'ASSIGN_TENANTS',
  'ACTIVATE',
  'DEACTIVATE',
  'FILL',
] as const;
export type ChecklistAuditOperation = (typeof CHECKLIST_AUDIT_OPERATIONS)[number];

/** One item of a template. `unit`, `min` and `max` belong to NUMBER items only. */
export interface ChecklistItemDef {
  key: string;
  label: string;
  kind: ChecklistItemKind;
  required: boolean;
  unit?: string;
  min?: number;
  max?: number;
  /** what the person filling it should look for (acceptance criteria) */
  hint?: string;
}

/** A template's content (the spec's `template` field): its items, in the order they are filled. */
export interface ChecklistTemplateDef {
  items: ChecklistItemDef[];
}

/** An answer's value: CHECK true (pass) or false (fail), NUMBER a number, TEXT a text, PHOTO a photo id. */
export type ChecklistAnswerValue = boolean | number | string;

export interface ChecklistAnswerDef {
  key: string;
  value: ChecklistAnswerValue;
}

/** The outcome of a check: the cleaned value, or a message for the person who sent it. */
export type ChecklistCheck<T> = { ok: true; value: T } | { ok: false; error: string };

const KEY_RE = new RegExp(CHECKLIST_KEY_PATTERN);
const PHOTO_ID_RE = new RegExp(CHECKLIST_PHOTO_ID_PATTERN);
// Control characters (C0, DEL, C1) and UTF-16 halves without their other half.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what the pattern refuses
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: multi-line texts keep tab, newline and return
const CONTROL_BUT_LINES_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A short, printable rendering of a value a message quotes. */
function quote(v: string, max = 40): string {
  const shown = [...v].slice(0, max).join('');
  return JSON.stringify(shown.length < v.length ? `${shown}…` : shown);
}

/**
 * A one-line text (name, label, unit): trimmed, within `max` characters, without control characters
 * or broken characters. Answers the trimmed text or the problem.
 */
function lineText(
  v: unknown,
  what: string,
  max: number,
  opts: { allowEmpty?: boolean; multiLine?: boolean } = {},
): ChecklistCheck<string> {
  if (typeof v !== 'string') return { ok: false, error: `${what} must be a text` };
  const text = v.trim();
  if (!opts.allowEmpty && text === '') return { ok: false, error: `${what} must not be blank` };
  if ([...text].length > max) return { ok: false, error: `${what} must be at most ${max} characters` };
  if ((opts.multiLine ? CONTROL_BUT_LINES_RE : CONTROL_RE).test(text)) {
    return { ok: false, error: `${what} must not contain control characters` };
  }
  if (LONE_SURROGATE_RE.test(text)) return { ok: false, error: `${what} holds a broken character` };
  return { ok: true, value: text };
}

/** A template's name: trimmed, 1..100 characters, one line. */
export function checkChecklistName(name: unknown): ChecklistCheck<string> {
  return lineText(name, 'The name', CHECKLIST_NAME_MAX);
}

/** Whether a text is a photo id the upload call answers (a UUID). */
export function isChecklistPhotoId(v: unknown): v is string {
  return typeof v === 'string' && PHOTO_ID_RE.test(v);
}

/** How a message names an item: its position, and its key once that is known to be a key. */
function itemName(index: number, key: unknown): string {
  return typeof key === 'string' && KEY_RE.test(key) ? `Item ${index + 1} ('${key}')` : `Item ${index + 1}`;
}

function boundOf(v: unknown, what: string): ChecklistCheck<number | undefined> {
  if (v === undefined || v === null) return { ok: true, value: undefined };
  if (typeof v !== 'number' || !Number.isFinite(v)) return { ok: false, error: `${what} must be a number` };
  if (Math.abs(v) > CHECKLIST_NUMBER_LIMIT) {
    return {
      ok: false,
      error: `${what} must be between -${CHECKLIST_NUMBER_LIMIT} and ${CHECKLIST_NUMBER_LIMIT}`,
    };
  }
  return { ok: true, value: v };
}

function checkItem(raw: unknown, index: number, seen: Set<string>): ChecklistCheck<ChecklistItemDef> {
  if (!isPlainObject(raw)) return { ok: false, error: `Item ${index + 1} must be an object` };
  const name = itemName(index, raw.key);
  const fail = (error: string): ChecklistCheck<ChecklistItemDef> => ({
    ok: false,
    error: `${name}: ${error}`,
  });

  const { key } = raw;
  if (typeof key !== 'string' || !KEY_RE.test(key)) {
    const shown = typeof key === 'string' ? `${quote(key)} ` : '';
    return fail(
      `the key ${shown}must be 1 to ${CHECKLIST_KEY_MAX} characters: a lower-case letter, then lower-case letters, digits or _`,
    );
  }
  if (seen.has(key)) return fail(`the key '${key}' is used by an earlier item: keys must be unique`);

  const kind = raw.kind;
  if (typeof kind !== 'string' || !(CHECKLIST_ITEM_KINDS as readonly string[]).includes(kind)) {
    return fail(`the kind must be one of ${CHECKLIST_ITEM_KINDS.join(', ')}`);
  }
  const label = lineText(raw.label, 'the label', CHECKLIST_LABEL_MAX);
  if (!label.ok) return fail(label.error);
  if (raw.required !== undefined && typeof raw.required !== 'boolean') {
    return fail('required must be true or false');
  }
  const item: ChecklistItemDef = {
    key,
    label: label.value,
    kind: kind as ChecklistItemKind,
    required: raw.required === true,
  };

  if (raw.hint !== undefined && raw.hint !== null) {
    const hint = lineText(raw.hint, 'the hint', CHECKLIST_HINT_MAX, { allowEmpty: true, multiLine: true });
    if (!hint.ok) return fail(hint.error);
    if (hint.value !== '') item.hint = hint.value;
  }

  const numberOnly = (['unit', 'min', 'max'] as const).filter((f) => raw[f] !== undefined && raw[f] !== null);
  if (item.kind !== 'NUMBER') {
    if (numberOnly.length > 0) return fail(`${numberOnly.join(', ')} belong to NUMBER items only`);
    return { ok: true, value: item };
  }
  if (raw.unit !== undefined && raw.unit !== null) {
    const unit = lineText(raw.unit, 'the unit', CHECKLIST_UNIT_MAX, { allowEmpty: true });
    if (!unit.ok) return fail(unit.error);
    if (unit.value !== '') item.unit = unit.value;
  }
  const min = boundOf(raw.min, 'min');
  if (!min.ok) return fail(min.error);
  const max = boundOf(raw.max, 'max');
  if (!max.ok) return fail(max.error);
  if (min.value !== undefined && max.value !== undefined && min.value > max.value) {
    return fail(`min (${min.value}) must not be greater than max (${max.value})`);
  }
  if (min.value !== undefined) item.min = min.value;
  if (max.value !== undefined) item.max = max.value;
  return { ok: true, value: item };
}

/**
 * Checks a template's content (the spec's `template`) and answers it cleaned: texts trimmed, empty
 * optional texts and unknown fields left out, `required` false when not given. Never throws: anything
 * else than a valid template answers a message naming the item at fault.
 */
export function checkChecklistTemplate(input: unknown): ChecklistCheck<ChecklistTemplateDef> {
  if (!isPlainObject(input))
    return { ok: false, error: 'The template must be an object with a list of items' };
  const { items } = input;
  if (!Array.isArray(items)) return { ok: false, error: 'The template must have a list of items' };
  if (items.length === 0) return { ok: false, error: 'The template must have at least one item' };
  if (items.length > CHECKLIST_ITEMS_MAX) {
    return {
      ok: false,
      error: `The template must have at most ${CHECKLIST_ITEMS_MAX} items (it has ${items.length})`,
    };
  }
  const seen = new Set<string>();
  const out: ChecklistItemDef[] = [];
  for (const [i, raw] of items.entries()) {
    const item = checkItem(raw, i, seen);
    if (!item.ok) return item;
    seen.add(item.value.key);
    out.push(item.value);
  }
  return { ok: true, value: { items: out } };
}

/** The range a NUMBER item takes, in words ("between 0 and 250 mm", "at least 0 MPa"). */
export function checklistRangeText(item: Pick<ChecklistItemDef, 'min' | 'max' | 'unit'>): string {
  const unit = item.unit ? ` ${item.unit}` : '';
  if (item.min !== undefined && item.max !== undefined) return `between ${item.min} and ${item.max}${unit}`;
  if (item.min !== undefined) return `at least ${item.min}${unit}`;
  if (item.max !== undefined) return `at most ${item.max}${unit}`;
  return `a number${unit ? ` in${unit}` : ''}`;
}

function checkValue(
  item: ChecklistItemDef,
  value: unknown,
): ChecklistCheck<ChecklistAnswerValue | undefined> {
  const fail = (error: string): ChecklistCheck<ChecklistAnswerValue | undefined> => ({ ok: false, error });
  switch (item.kind) {
    case 'CHECK':
      return typeof value === 'boolean' ? { ok: true, value } : fail('expects true (pass) or false (fail)');
    case 'NUMBER': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail('expects a number');
      const low = item.min ?? -CHECKLIST_NUMBER_LIMIT;
      const high = item.max ?? CHECKLIST_NUMBER_LIMIT;
      if (value < low || value > high) {
        const range =
          item.min === undefined && item.max === undefined
            ? `between -${CHECKLIST_NUMBER_LIMIT} and ${CHECKLIST_NUMBER_LIMIT}`
            : checklistRangeText(item);
        return fail(`${value} is out of bounds: it must be ${range}`);
      }
      return { ok: true, value };
    }
    case 'TEXT': {
      if (typeof value !== 'string') return fail('expects a text');
      const text = lineText(value, 'the text', CHECKLIST_TEXT_ANSWER_MAX, {
        allowEmpty: true,
        multiLine: true,
      });
      if (!text.ok) return fail(text.error);
      return { ok: true, value: text.value === '' ? undefined : text.value };
    }
    case 'PHOTO':
      return isChecklistPhotoId(value)
        ? { ok: true, value }
        : fail('expects the id of an uploaded photo (POST /api/checklist/photos)');
  }
}

/**
 * Checks the answers of a filled checklist against the template it fills, and answers them in the
 * template's order, only the items answered (an empty text counts as unanswered). Refused, with the
 * item named: an answer to no item of the template, an item answered twice, a value of the wrong kind,
 * a number out of the item's bounds, a required item left unanswered. Never throws.
 */
export function checkChecklistAnswers(
  template: ChecklistTemplateDef,
  answers: unknown,
): ChecklistCheck<ChecklistAnswerDef[]> {
  if (!Array.isArray(answers)) return { ok: false, error: 'The answers must be a list' };
  const byKey = new Map(template.items.map((item) => [item.key, item]));
  const given = new Map<string, ChecklistAnswerValue>();
  const answered = new Set<string>();
  for (const [i, raw] of answers.entries()) {
    if (!isPlainObject(raw) || typeof raw.key !== 'string') {
      return { ok: false, error: `Answer ${i + 1} must be an object with the key of an item` };
    }
    const item = byKey.get(raw.key);
    if (!item) return { ok: false, error: `Answer ${i + 1}: this checklist has no item ${quote(raw.key)}` };
    const name = `Item '${item.key}' (${item.label})`;
    if (answered.has(item.key)) return { ok: false, error: `${name} is answered twice` };
    answered.add(item.key);
    if (raw.value === undefined || raw.value === null) continue;
    const value = checkValue(item, raw.value);
    if (!value.ok) return { ok: false, error: `${name} ${value.error}` };
    if (value.value !== undefined) given.set(item.key, value.value);
  }
  const out: ChecklistAnswerDef[] = [];
  for (const item of template.items) {
    const value = given.get(item.key);
    if (value === undefined) {
      if (item.required) return { ok: false, error: `Item '${item.key}' (${item.label}) is required` };
      continue;
    }
    out.push({ key: item.key, value });
  }
  return { ok: true, value: out };
}

/** Whether two templates' contents are the same (an edit that changes nothing is no edit). */
export function sameChecklistTemplate(a: ChecklistTemplateDef, b: ChecklistTemplateDef): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The image type of a photo's bytes, read from its signature (JPEG, PNG or WebP), or null: the type a
 * client declares is not trusted.
 */
export function checklistPhotoTypeOf(bytes: Uint8Array): ChecklistPhotoType | null {
  const at = (i: number, ...sig: number[]) => sig.every((b, j) => bytes[i + j] === b);
  if (bytes.length >= 4 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  // RIFF....WEBP
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50))
    return 'image/webp';
  return null;
}
