import { describe, expect, it } from 'vitest';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enShell from './en/shell.json';
import esAuth from './es/auth.json';
import esCommon from './es/common.json';
import esShell from './es/shell.json';

/** Every string shown to a person exists in both languages (Spanish must be complete everywhere). */
function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    keysOf(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe.each([
  ['common', enCommon, esCommon],
  ['auth', enAuth, esAuth],
  ['shell', enShell, esShell],
])('i18n %s', (_name, en, es) => {
  it('has the same keys in English and Spanish', () => {
    expect(keysOf(es).sort()).toEqual(keysOf(en).sort());
  });
  it('has no empty Spanish string', () => {
    const empty = keysOf(es).filter((k) => {
      const v = k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)?.[part], es);
      return typeof v === 'string' && v.trim() === '';
    });
    expect(empty).toEqual([]);
  });
});
