import { INVITATION_STATUS } from './roles.ts';

/** Text folded for a search: accents and case ignored ('María' finds 'maria'). */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

interface PersonNames {
  firstName?: string | null;
  lastName?: string | null;
  username: string;
}

/** How a person is named on screens and in messages: first and last name, or the username without a name. */
export function personName(p: PersonNames): string {
  return `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || p.username;
}

/** Whether a person was invited and has not set up their account yet (section 2: sent to account setup). */
export function isInvitationPending(p: { invitationStatus?: string | null }): boolean {
  return p.invitationStatus === INVITATION_STATUS.welcomeSent;
}

/**
 * Whether a person matches a search box (user management, job-site members): every word of the query is
 * found in the name, username or e-mail (accents and case ignored), or a query made only of a phone's
 * characters, with at least 3 digits, is found in the phone number ('613 555' finds +16135550100; 'a1'
 * does not match every number with a 1).
 */
export function matchesPersonSearch(
  p: PersonNames & { email?: string | null; phone?: string | null },
  query: string,
): boolean {
  const q = foldText(query.trim());
  if (!q) return true;
  const text = foldText([p.firstName, p.lastName, p.username, p.email].join(' '));
  if (q.split(/\s+/).every((word) => text.includes(word))) return true;
  const digits = q.replace(/\D/g, '');
  return (
    digits.length >= 3 && /^[\d\s()+.-]+$/.test(q) && (p.phone ?? '').replace(/\D/g, '').includes(digits)
  );
}
