import { describe, expect, it } from 'vitest';
import { contactChanges, contactDefaults, inviteDefaults, phoneFromE164, toInviteBody } from './forms.ts';
import { INVITE_LIST_MAX, lineOfInvitationError, parseInviteLines, sortUsers, userStatus } from './rules.ts';
import { bob, jane, legacy, maria } from './test-fixtures.ts';

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

describe('parseInviteLines', () => {
  it('reads the three forms of a line, splitting the name at its first space', () => {
    const { invitations, errors } = parseInviteLines(
      [
        'ana@demo.example',
        'Jane Doe <jane.doe@demo.example>',
        'Juan Carlos de la Vega, juan@demo.example',
        '"Li Wei" <li.wei@demo.example>',
        'Prince, prince@demo.example',
        '<only@demo.example>',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(invitations).toEqual([
      { line: 1, email: 'ana@demo.example' },
      { line: 2, email: 'jane.doe@demo.example', firstName: 'Jane', lastName: 'Doe' },
      { line: 3, email: 'juan@demo.example', firstName: 'Juan', lastName: 'Carlos de la Vega' },
      { line: 4, email: 'li.wei@demo.example', firstName: 'Li', lastName: 'Wei' },
      { line: 5, email: 'prince@demo.example', firstName: 'Prince' },
      { line: 6, email: 'only@demo.example' },
    ]);
  });

  it('trims, ignores blank lines and keeps the line numbers of the box', () => {
    const { invitations, errors } = parseInviteLines(
      '\n  ana@demo.example  \r\n   \n\t Bo  Berg ,  bo@demo.example \n\n',
    );
    expect(errors).toEqual([]);
    expect(invitations).toEqual([
      { line: 2, email: 'ana@demo.example' },
      { line: 4, email: 'bo@demo.example', firstName: 'Bo', lastName: 'Berg' },
    ]);
    expect(parseInviteLines('  \n\n ')).toEqual({ invitations: [], errors: [] });
  });

  it('reports each line that is not an e-mail address, by its line number', () => {
    const { invitations, errors } = parseInviteLines(
      [
        'ana@demo.example',
        '',
        'john@',
        'Jane Doe <jane.doe@demo>',
        'Bob Smith',
        'Ann Lee, ',
        'two@demo.example three@demo.example',
        'ok@demo.example',
      ].join('\n'),
    );
    expect(errors).toEqual([
      { line: 3, text: 'john@', problem: 'notEmail' },
      { line: 4, text: 'Jane Doe <jane.doe@demo>', problem: 'notEmail' },
      { line: 5, text: 'Bob Smith', problem: 'notEmail' },
      { line: 6, text: 'Ann Lee,', problem: 'notEmail' },
      { line: 7, text: 'two@demo.example three@demo.example', problem: 'notEmail' },
    ]);
    expect(invitations.map((i) => i.line)).toEqual([1, 8]);
  });

  it('reports a repeated address (case ignored) on the later line, naming the first', () => {
    const { invitations, errors } = parseInviteLines(
      ['ana@demo.example', 'Bo Berg <bo@demo.example>', 'Ana Ruiz, ANA@demo.example', 'bo@demo.example'].join(
        '\n',
      ),
    );
    expect(errors).toEqual([
      { line: 3, text: 'Ana Ruiz, ANA@demo.example', problem: 'duplicate', firstLine: 1 },
      { line: 4, text: 'bo@demo.example', problem: 'duplicate', firstLine: 2 },
    ]);
    expect(invitations.map((i) => i.email)).toEqual(['ana@demo.example', 'bo@demo.example']);
  });

  it('refuses a name longer than the contract allows', () => {
    const long = 'x'.repeat(61);
    const { invitations, errors } = parseInviteLines(
      `Ana ${long} <ana@demo.example>\n${'y'.repeat(60)}, y@demo.example`,
    );
    expect(errors).toEqual([{ line: 1, text: `Ana ${long} <ana@demo.example>`, problem: 'nameTooLong' }]);
    expect(invitations).toHaveLength(1);
  });

  it(`allows ${INVITE_LIST_MAX} people and reports the line of the one after`, () => {
    const people = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}@demo.example`);
    expect(INVITE_LIST_MAX).toBe(100);
    const hundred = parseInviteLines(['', ...people(100)].join('\n'));
    expect(hundred.errors).toEqual([]);
    expect(hundred.invitations).toHaveLength(100);
    // Blank lines are not people: the 101st person is on line 103 of the box.
    const more = parseInviteLines(
      ['', ...people(50), '', ...people(52).slice(50), ...people(102).slice(52)].join('\n'),
    );
    expect(more.errors).toEqual([{ line: 103, text: 'p101@demo.example', problem: 'tooMany' }]);
  });
});

describe('lineOfInvitationError', () => {
  const sent = [
    { line: 2, email: 'ana@demo.example' },
    { line: 5, email: 'bo@demo.example' },
  ];
  it("finds the line of the invitation the server's message names", () => {
    expect(lineOfInvitationError('Invitation 2: The list names bo@demo.example twice', sent)).toEqual({
      invitation: 2,
      line: 5,
      email: 'bo@demo.example',
    });
    expect(lineOfInvitationError('Invitation 3: Job site not found', sent)).toBeUndefined();
    expect(lineOfInvitationError('A user with this username was just made: try again', sent)).toBeUndefined();
  });
});
