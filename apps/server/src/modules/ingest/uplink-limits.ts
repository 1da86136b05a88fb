import { MAX_INPUT_DEPTH } from '../../lib/input-guard.ts';

/**
 * Limits an uplink (an HTTP ingest body or an MQTT message) must keep before it is parsed, and the
 * text of rejections made storable. Both paths use the same numbers, so a gateway gets the same
 * answer whichever way it sends.
 */

/** Bytes one uplink may have: ten thousand items of about a hundred bytes each, with room to spare. */
export const INGEST_MAX_BYTES = 16 * 1024 * 1024;

/**
 * How deep arrays and objects may nest: the limit of every request (lib/input-guard.ts). Our format
 * needs 3 (body, list, item); the rest is room. An uplink deeper than this is refused before parsing:
 * what walks it afterwards (JSON.stringify, String, a schema) recurses, and enough levels overflow the stack.
 */
export const INGEST_MAX_DEPTH = MAX_INPUT_DEPTH;

/** Characters of a rejected item or message kept for the admin. */
export const STORED_TEXT_MAX_CHARS = 2000;
/** Characters of a value quoted in a rejection reason. */
const QUOTED_MAX_CHARS = 60;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests arrays and objects deeper than maxDepth: one pass that counts `[` and `{`
 * outside strings, without recursion, so it is safe on any input. It does not check the syntax;
 * JSON.parse does that afterwards.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/**
 * Whether a parsed JSON value nests arrays and objects deeper than maxDepth (the value itself, when a
 * container, is level 1, as in jsonNestsDeeperThan). Iterative, so safe on any depth; JSON.parse is
 * iterative too (V8), so a body may be parsed first and checked here before anything else walks it,
 * which costs a few times less than scanning its text.
 */
export function valueNestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const v = values.pop();
    const depth = depths.pop() as number;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > maxDepth) return true;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item = v[i];
        if (typeof item === 'object' && item !== null) {
          values.push(item);
          depths.push(depth + 1);
        }
      }
    } else {
      // for-in over a parsed object: its own keys only (JSON.parse makes plain objects), no array made.
      for (const key in v) {
        const item = (v as Record<string, unknown>)[key];
        if (typeof item === 'object' && item !== null) {
          values.push(item);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

/** Text a database column can hold: cut to max characters, without NUL (PostgreSQL text cannot hold it). */
export function storableText(text: string, max = STORED_TEXT_MAX_CHARS): string {
  // Cut first so a huge text is not scanned whole; NUL is removed after, so the result stays within max.
  return text.slice(0, max).replaceAll('\u0000', '');
}

/** An item as JSON text for the rejected list, bounded; never throws (a cycle or depth cannot stop a batch). */
export function storableItem(item: unknown): string {
  let text: string;
  try {
    // JSON.stringify escapes NUL as \u0000, so only the cut matters here.
    text = JSON.stringify(item) ?? String(item);
  } catch {
    text = '(not representable as JSON)';
  }
  return storableText(text);
}

/** A value as a reason may quote it: short, on one line, without control characters. */
export function quoted(value: unknown): string {
  if (typeof value === 'string') {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    const clean = value.slice(0, QUOTED_MAX_CHARS + 1).replace(/[\u0000-\u001f\u007f]/g, '');
    return clean.length > QUOTED_MAX_CHARS ? `${clean.slice(0, QUOTED_MAX_CHARS)}…` : clean;
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}
