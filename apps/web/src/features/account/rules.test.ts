import { describe, expect, it } from 'vitest';
import { accountTypeKey, phoneFromE164, roleKey, setupDefaults } from './rules.ts';

const offered = {
  Language: ['en', 'es'],
  SystemOfMeasurement: ['Metric', 'Imperial'],
  DisplayTimeZone: ['UTC', 'America/Toronto'],
};

describe('account rules', () => {
  it('names roles and account types, unknown ones as Unknown type', () => {
    expect([1, 2, 4, 8, 16, null].map(roleKey)).toEqual([
      'account.roles.admin',
      'account.roles.editor',
      'account.roles.viewer',
      'account.roles.inspector',
      'account.roles.unknown',
      'account.roles.unknown',
    ]);
    expect(['ADMIN', 'READONLY_MEMBER', 'AOMS_SALES', 'PILOT', null].map(accountTypeKey)).toEqual([
      'account.accountTypes.ADMIN',
      'account.accountTypes.READONLY_MEMBER',
      'account.accountTypes.AOMS_SALES',
      'account.accountTypes.unknown',
      'account.accountTypes.unknown',
    ]);
  });

  it('shows a stored number in its country, and an empty one in Canada', () => {
    expect(phoneFromE164('+16132360123')).toEqual({ country: 'CA', national: '(613) 236-0123' });
    expect(phoneFromE164('+33612345678')).toEqual({ country: 'FR', national: '06 12 34 56 78' });
    expect(phoneFromE164(null)).toEqual({ country: 'CA', national: '' });
  });

  it('starts account setup from the saved settings the server offers, else sensible defaults', () => {
    const saved = {
      userSettingData: [
        { type: 'Language' as const, val: 'es' },
        { type: 'SystemOfMeasurement' as const, val: 'Imperial' },
        { type: 'DisplayTimeZone' as const, val: 'America/Toronto' },
      ],
    };
    expect(setupDefaults(saved, offered, 'en')).toEqual({
      language: 'es',
      system: 'Imperial',
      timeZone: 'America/Toronto',
    });
    const odd = {
      userSettingData: [
        { type: 'Language' as const, val: 'fr' },
        { type: 'DisplayTimeZone' as const, val: 'Mars/Olympus' },
      ],
    };
    const fallback = setupDefaults(odd, offered, 'es');
    expect(fallback.language).toBe('es');
    expect(fallback.system).toBe('Metric');
    expect(offered.DisplayTimeZone).toContain(fallback.timeZone);
  });
});
