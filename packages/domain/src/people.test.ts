import { describe, expect, it } from 'vitest';
import { foldText, isInvitationPending, matchesPersonSearch, personName } from './people.ts';

const jane = {
  username: 'jdoe',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@demo.example',
  phone: '+16135550101',
};
const maria = { username: 'mlopez', firstName: 'María', lastName: 'López', email: '', phone: '+16135550123' };
const bea = {
  username: 'bea',
  firstName: 'Beátriz',
  lastName: 'Núñez',
  email: 'bea@demo.example',
  phone: '+16135550101',
};

describe('people', () => {
  it('folds accents and case', () => {
    expect(foldText('Núñez MARÍA')).toBe('nunez maria');
  });

  it('names a person by first and last name, or by username without a name', () => {
    expect(personName(bea)).toBe('Beátriz Núñez');
    expect(personName({ username: 'zed' })).toBe('zed');
    expect(personName({ username: 'zed', firstName: ' ', lastName: null })).toBe('zed');
  });

  it('reads a pending invitation', () => {
    expect(isInvitationPending({ invitationStatus: 'INVITATION_WELCOME_EMAIL_SENT' })).toBe(true);
    expect(isInvitationPending({ invitationStatus: 'ACCEPTED' })).toBe(false);
  });

  it('search: every word in name, username or e-mail, accents and case ignored', () => {
    expect(matchesPersonSearch(maria, 'MARIA lóp')).toBe(true);
    expect(matchesPersonSearch(maria, 'maria smith')).toBe(false);
    expect(matchesPersonSearch(bea, 'beatriz nunez')).toBe(true);
    expect(matchesPersonSearch(bea, 'bea@demo')).toBe(true);
    expect(matchesPersonSearch(bea, 'beatriz smith')).toBe(false);
    expect(matchesPersonSearch(jane, '   ')).toBe(true);
  });

  it('search: a phone with or without spacing; digits only against the phone, three at least', () => {
    expect(matchesPersonSearch(maria, '+1 (613) 555-0123')).toBe(true);
    expect(matchesPersonSearch(bea, '(613) 555-0101')).toBe(true);
    expect(matchesPersonSearch(bea, '6135550101')).toBe(true);
    expect(matchesPersonSearch(jane, '0123')).toBe(false);
    // Two digits are not a phone search; letters and digits together are not either.
    expect(matchesPersonSearch(jane, '61')).toBe(false);
    expect(matchesPersonSearch(jane, 'a613')).toBe(false);
  });
});
