import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/** Deeper JSON than any contract describes: refused before validation walks it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * What a schema cannot say for every field at once: no string (value or key) holds a NUL character
 * (PostgreSQL text can never store one), no number is non-finite (`JSON.parse('1e309')` is Infinity),
 * and nothing is nested deeper than MAX_INPUT_DEPTH. Returns the problem, or undefined.
 * Iterative, so a hostile depth cannot overflow the stack.
 */
export function hostileInputProblem(value: unknown): string | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'must not contain NUL characters';
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'must not contain non-finite numbers';
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      if (depth >= MAX_INPUT_DEPTH) return `must not be nested deeper than ${MAX_INPUT_DEPTH} levels`;
      if (Array.isArray(v)) {
        for (const item of v) stack.push([item, depth + 1]);
      } else {
        for (const [key, item] of Object.entries(v)) {
          if (key.includes('\u0000')) return 'must not contain NUL characters';
          stack.push([item, depth + 1]);
        }
      }
    }
  }
  return undefined;
}

/** A Fastify hook: refuses hostile params, query or body with 400. */
export async function rejectHostileInput(req: FastifyRequest) {
  const parts: [string, unknown][] = [
    ['params', req.params],
    ['querystring', req.query],
  ];
  if (!req.routeOptions.config.checksOwnBody) parts.push(['body', req.body]);
  for (const [part, value] of parts) {
    const problem = hostileInputProblem(value);
    if (problem) throw badRequest(`${part} ${problem}`);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route refuses hostile items of its body itself, one by one (gateway batches: one bad item
     * is rejected with a reason, the rest stored), so the whole-body guard leaves its body alone.
     */
    checksOwnBody?: boolean;
  }
}
