import { describe, expect, it } from 'vitest';
import {
  accountTypeLabel,
  canEditJobSite,
  canManageMembers,
  canManageUsers,
  canUseWebDashboard,
  canWriteCompanyProfiles,
  hasReadOnlyRole,
  INVITATION_STATUS,
  isAccessRestricted,
  isAdminAccount,
  isOperatorAccount,
  isReadOnlyAccount,
  isRestrictedMember,
  isWriterAccess,
  MEMBER_ACCESS_CODES,
  MEMBER_ROLES,
  memberRoleLabel,
  RESTRICTED_MEMBER_CODES,
  ROLES,
  showTrackingManager,
  USERNAME_PATTERN,
} from './roles.ts';

describe('memberRoleLabel (section 6)', () => {
  it.each([
    [1, 'admin'],
    [2, 'editor'],
    [4, 'viewer'],
    [8, 'inspector'],
    ['8', 'inspector'],
    [0, 'Unknown type'],
    [3, 'Unknown type'],
    [16, 'Unknown type'],
    [1.5, 'Unknown type'],
    ['', 'Unknown type'],
    [null, 'Unknown type'],
    [undefined, 'Unknown type'],
  ])('%j → %s', (c, label) => {
    expect(memberRoleLabel(c)).toBe(label);
  });

  it('has the role codes and the restricted set {4, 8}', () => {
    expect(MEMBER_ROLES).toEqual({ ADMIN: 1, MEMBER: 2, READONLY_MEMBER: 4, INSPECTOR: 8 });
    expect([...RESTRICTED_MEMBER_CODES].sort()).toEqual([4, 8]);
  });
});

describe('access codes (section 2, 6)', () => {
  it.each([
    [1, false, false, true],
    [2, false, false, true],
    [4, true, false, true],
    [8, true, true, false],
    ['8', true, true, false],
    [null, false, false, true],
  ])('code %j: restricted set %s, access restricted %s, can use web %s', (c, inSet, restricted, canUse) => {
    expect(isRestrictedMember(c)).toBe(inSet);
    expect(isAccessRestricted(c)).toBe(restricted);
    expect(canUseWebDashboard(c)).toBe(canUse);
  });
});

describe('accountTypeLabel (section 6)', () => {
  it.each([
    ['ADMIN', 'admin'],
    ['USER', 'user'],
    ['READONLY_MEMBER', 'Read-Only'],
    ['AOMS_MASTER', 'aoms master'],
    ['AOMS_READER', 'aoms read only'],
    ['AOMS_SUPPORT', 'aoms support'],
    ['AOMS_SALES', 'aoms sales'],
    ['READONLY_USER', 'Unknown type'],
    ['admin', 'Unknown type'],
    ['hasOwnProperty', 'Unknown type'],
    [null, 'Unknown type'],
    [undefined, 'Unknown type'],
  ])('%j → %s', (type, label) => {
    expect(accountTypeLabel(type)).toBe(label);
  });
});

describe('isAdminAccount / isOperatorAccount (section 6)', () => {
  it.each([
    ['ADMIN', true, false],
    ['USER', false, false],
    ['READONLY_MEMBER', false, false],
    ['AOMS_MASTER', true, true],
    ['AOMS_READER', true, true],
    ['AOMS_SUPPORT', true, true],
    ['AOMS_SALES', true, true],
    ['AOMS_ADMIN_READONLY', true, true],
    ['SOMETHING_AOMS', true, true],
    ['aoms_master', false, false],
    ['READONLY_USER', false, false],
    [null, false, false],
    [undefined, false, false],
  ])('%j: admin %s, operator %s', (type, admin, operator) => {
    expect(isAdminAccount(type)).toBe(admin);
    expect(isOperatorAccount(type)).toBe(operator);
  });
});

describe('showTrackingManager (section 2, 6)', () => {
  it.each([
    [true, ['USER'], true],
    [true, [], true],
    [true, null, true],
    [true, ['USER', 'READONLY_USER'], false],
    [true, ['AOMS_ADMIN_READONLY'], false],
    [false, ['ADMIN'], false],
    [undefined, ['ADMIN'], false],
  ])('lumitrack module %j, roles %j → %s', (hasLumitrackModule, roles, shown) => {
    expect(showTrackingManager({ hasLumitrackModule, roles })).toBe(shown);
  });

  it.each([
    ['USER', true],
    ['ADMIN', true],
    ['READONLY_MEMBER', false],
    [null, true],
  ])('account type %j → %s', (accountType, shown) => {
    expect(showTrackingManager({ hasLumitrackModule: true, roles: [], accountType })).toBe(shown);
  });

  it('hasReadOnlyRole and the full roles list', () => {
    expect(hasReadOnlyRole(['READONLY_USER'])).toBe(true);
    expect(hasReadOnlyRole(['READONLY_MEMBER'])).toBe(false);
    expect(ROLES).toEqual([
      'ADMIN',
      'USER',
      'READONLY_MEMBER',
      'AOMS_MASTER',
      'AOMS_READER',
      'AOMS_SUPPORT',
      'AOMS_SALES',
      'READONLY_USER',
      'AOMS_ADMIN_READONLY',
    ]);
  });
});

describe('isWriterAccess and canEditJobSite', () => {
  it('counts access 1 and 2 as writers', () => {
    expect([1, 2, '2', 4, 8, null, ''].map(isWriterAccess)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
  it('lets job-site admins and editors change jobs, not viewers or inspectors', () => {
    expect(canEditJobSite(1, 'USER')).toBe(true);
    expect(canEditJobSite(2, 'USER')).toBe(true);
    expect(canEditJobSite('2', 'USER')).toBe(true);
    expect(canEditJobSite(4, 'USER')).toBe(false);
    expect(canEditJobSite(8, 'USER')).toBe(false);
    expect(canEditJobSite(undefined, 'USER')).toBe(false);
    expect(canEditJobSite('', 'READONLY_MEMBER')).toBe(false);
  });
  it('lets company admins change any job they can see', () => {
    expect(canEditJobSite(4, 'ADMIN')).toBe(true);
    expect(canEditJobSite(undefined, 'AOMS_MASTER')).toBe(true);
  });
});

describe('people and access rules', () => {
  it('a Read-Only account never edits a job site, even with editor or admin access', () => {
    expect(canEditJobSite(2, 'READONLY_MEMBER')).toBe(false);
    expect(canEditJobSite(1, 'READONLY_MEMBER')).toBe(false);
    expect(isReadOnlyAccount('READONLY_MEMBER')).toBe(true);
    expect(isReadOnlyAccount('USER')).toBe(false);
  });
  it('concrete profiles: company admins and anyone who may change a site, never Read-Only', () => {
    expect(canWriteCompanyProfiles('ADMIN', [])).toBe(true);
    expect(canWriteCompanyProfiles('USER', [4, 2])).toBe(true);
    expect(canWriteCompanyProfiles('USER', [4, 8])).toBe(false);
    expect(canWriteCompanyProfiles('READONLY_MEMBER', [1, 2])).toBe(false);
  });
  it('only admins (ADMIN or AOMS) manage users', () => {
    expect(['ADMIN', 'AOMS_SUPPORT', 'USER', 'READONLY_MEMBER', null].map(canManageUsers)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
  it('company admins and site admins manage members; editors, viewers, inspectors and Read-Only do not', () => {
    expect(canManageMembers(undefined, 'ADMIN')).toBe(true);
    expect(canManageMembers(1, 'USER')).toBe(true);
    expect(canManageMembers('1', 'USER')).toBe(true);
    expect(canManageMembers(1, 'READONLY_MEMBER')).toBe(false);
    expect(canManageMembers(2, 'USER')).toBe(false);
    expect(canManageMembers(4, 'USER')).toBe(false);
    expect(canManageMembers(8, 'USER')).toBe(false);
  });
  it('usernames: letter or digit first, at most 45, no plus sign', () => {
    const re = new RegExp(USERNAME_PATTERN);
    expect(['dana', 'd.whitfield', 'm_ruiz-2', 'a@b.example', 'x'.repeat(45)].every((u) => re.test(u))).toBe(
      true,
    );
    expect(['', '+14165550000', '.dot', 'has space', 'x'.repeat(46), 'é'].some((u) => re.test(u))).toBe(
      false,
    );
  });
  it('member access codes and invitation states', () => {
    expect(MEMBER_ACCESS_CODES).toEqual([1, 2, 4, 8]);
    expect(INVITATION_STATUS.welcomeSent).toBe('INVITATION_WELCOME_EMAIL_SENT');
  });
});
