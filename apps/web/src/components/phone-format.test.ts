import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-format.ts';

describe('formatPhone (one format for every list)', () => {
  it.each([
    ['+16135550142', '(613) 555-0142'],
    ['+14162345678', '(416) 234-5678'],
    ['+12125550100', '(212) 555-0100'],
    ['+442079460958', '+44 20 7946 0958'],
    ['+34912345678', '+34 912 34 56 78'],
    [' +16135550142 ', '(613) 555-0142'],
  ])('%j → %j', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it('shows what is not a phone number as it is, and nothing as empty', () => {
    expect(formatPhone('call the site office')).toBe('call the site office');
    expect(formatPhone('+1 23')).toBe('+1 23');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
    expect(formatPhone('  ')).toBe('');
  });
});
