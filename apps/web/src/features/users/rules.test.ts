import { describe, expect, it } from 'vitest';
import { contactChanges, contactDefaults, inviteDefaults, phoneFromE164, toInviteBody } from './forms.ts';
import { matchesSearch, sortUsers, userStatus } from './rules.ts';
import { bob, jane, legacy, maria } from './test-fixtures.ts';

describe('matchesSearch', () => {
  it('needs every word, ignores accents and case, and reads digits only against the phone', () => {
    expect(matchesSearch(maria, 'MARIA lóp')).toBe(true);
    expect(matchesSearch(maria, 'maria smith')).toBe(false);
    expect(matchesSearch(maria, '+1 (613) 555-0123')).toBe(true);
    expect(matchesSearch(jane, '0123')).toBe(false);
    // Two digits are not a phone search; letters and digits together are not either.
    expect(matchesSearch(jane, '61')).toBe(false);
    expect(matchesSearch(jane, 'a613')).toBe(false);
    expect(matchesSearch(jane, '   ')).toBe(true);
  });
});

describe('sortUsers', () => {
  it('does not change the list it is given', () => {
    const list = [maria, jane];
    sortUsers(list, 'name', 'asc');
    expect(list).toEqual([maria, jane]);
  });

  it("reads each user's status: inactive first, then pending, else active", () => {
    expect([jane, maria, bob, { ...maria, isActive: false }].map(userStatus)).toEqual([
      'active',
      'pending',
      'inactive',
      'inactive',
    ]);
  });

  it('puts known account types first and unknown ones last', () => {
    expect(sortUsers([legacy, maria, bob, jane], 'accountType', 'asc').map((u) => u.username)).toEqual([
      'bsmith',
      'jdoe',
      'mlopez',
      'legacy.ops',
    ]);
  });
});

describe('the forms', () => {
  it('shows a stored number in its country, and an empty one in Canada', () => {
    expect(phoneFromE164('+16135550101')).toEqual({ country: 'CA', national: '(613) 555-0101' });
    expect(phoneFromE164('+34612345678')).toMatchObject({ country: 'ES' });
    expect(phoneFromE164(null)).toEqual({ country: 'CA', national: '' });
  });

  it('sends an invitation trimmed, without the empty optional fields', () => {
    const body = toInviteBody({
      ...inviteDefaults('fr'),
      firstName: '  Li ',
      lastName: 'Wu ',
      username: '  ',
      email: ' li.wu@demo.example ',
      sites: [{ tenantGroupId: 3, access: 1 }],
    });
    expect(body).toEqual({
      firstName: 'Li',
      lastName: 'Wu',
      email: 'li.wu@demo.example',
      accountType: 'USER',
      language: 'en',
      tenantGroupData: [{ tenantGroupId: 3, access: 1 }],
    });
  });

  it('finds what the edit form changed', () => {
    const same = contactDefaults(jane);
    expect(contactChanges(jane, same)).toEqual({ details: null, phone: null });
    expect(contactChanges(jane, { ...same, lastName: ' Roe ' })).toEqual({
      details: { lastName: 'Roe' },
      phone: null,
    });
    expect(contactChanges(jane, { ...same, phone: { country: 'CA', national: '' } })).toEqual({
      details: null,
      phone: { phone: null },
    });
    // A phone-only user keeps no e-mail: '' is not a change.
    expect(contactChanges(maria, contactDefaults(maria))).toEqual({ details: null, phone: null });
  });
});
