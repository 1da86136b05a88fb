import { describe, expect, it } from 'vitest';
import { type InviteFormValues, inviteSchema, toInviteBody } from './invite.ts';
import { canManageSite, roleKey, sortMembers } from './rules.ts';
import { member } from './test-fixtures.tsx';

const user = (access: number | undefined, accountType: string) => ({
  accountType,
  userTenantGroupData: access === undefined ? [] : [{ tenantGroupId: 1, access }],
});

describe('canManageSite', () => {
  it.each([
    [1, 'USER', true],
    [2, 'USER', false],
    [4, 'USER', false],
    [1, 'READONLY_MEMBER', false],
    [undefined, 'ADMIN', true],
    [4, 'AOMS_SUPPORT', true],
  ])('access %s, account %s: %s', (access, type, expected) => {
    expect(canManageSite(user(access, type), 1)).toBe(expected);
  });
  it('reads the access on this site only', () => {
    expect(canManageSite(user(1, 'USER'), 2)).toBe(false);
    expect(canManageSite(undefined, 1)).toBe(false);
  });
});

describe('roleKey', () => {
  it.each([
    [1, 'members.roles.admin'],
    [2, 'members.roles.editor'],
    [4, 'members.roles.viewer'],
    [8, 'members.roles.inspector'],
    [16, 'members.roles.unknown'],
    [null, 'members.roles.unknown'],
  ])('%s → %s', (code, key) => expect(roleKey(code)).toBe(key));
});

describe('sorting', () => {
  const bea = member({
    id: 1,
    username: 'bea',
    firstName: 'Beátriz',
    lastName: 'Núñez',
    phone: '+16135550101',
  });
  const anon = member({ id: 2, username: 'zed' });
  it('sorts by name as shown', () => {
    expect(sortMembers([anon, bea], 'en').map((m) => m.username)).toEqual(['bea', 'zed']);
  });
});

describe('the invite form', () => {
  const values = (over: Partial<InviteFormValues> = {}): InviteFormValues => ({
    method: 'email',
    email: 'a@b.example',
    phone: { country: 'CA', national: '' },
    firstName: '',
    lastName: '',
    access: '4',
    language: 'en',
    ...over,
  });
  const issues = (v: InviteFormValues) => {
    const r = inviteSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('checks only the contact of the chosen method', () => {
    expect(issues(values())).toEqual([]);
    expect(issues(values({ email: 'nope' }))).toEqual(['email: members.validation.invalidEmail']);
    expect(issues(values({ method: 'phone', email: 'nope' }))).toEqual([
      'phone: members.validation.required',
    ]);
    expect(issues(values({ method: 'phone', phone: { country: 'CA', national: '613 555 0199' } }))).toEqual(
      [],
    );
    expect(issues(values({ method: 'phone', phone: { country: 'CA', national: '12' } }))).toEqual([
      'phone: members.validation.invalidPhone',
    ]);
    expect(issues(values({ access: '3' }))).toEqual(['access: members.validation.required']);
  });

  it('posts the contact of the chosen method only, names when given, and this site with the role', () => {
    expect(
      toInviteBody(
        values({
          method: 'phone',
          email: 'ignored@b.example',
          phone: { country: 'US', national: '(212) 555-0123' },
          firstName: ' Ana ',
          access: '8',
          language: 'es',
        }),
        5,
      ),
    ).toEqual({
      phone: '+12125550123',
      firstName: 'Ana',
      language: 'es',
      tenantGroupData: [{ tenantGroupId: 5, access: 8 }],
    });
  });
});
