import { describe, expect, it } from 'vitest';
import { isForgotPasswordSuccess, MESSAGES } from './messages.ts';

describe('messages (section 2, 8)', () => {
  it.each([
    ['forgotPasswordFailed', 'Oops, something went wrong. Please try again.'],
    ['loginFailed', 'An error has occurred, please try again later.'],
    ['wrongAuthCode', 'Incorrect code. Code is case-sensitive. Please try again.'],
    ['errorScreenTitle', 'Oops!'],
    ['errorScreenText', 'Something went wrong while loading the page. Please try again'],
    ['tryAgain', 'Try Again'],
    ['goToHomepage', 'Go to homepage'],
    ['accessRestrictedTitle', 'Access Restricted'],
    ['resetCompanyAuthCode', 'Reset Company Auth Code'],
    ['hideArchivedJobSites', 'Hide Archived Job Sites'],
    ['showArchivedProjects', 'Show Archived Projects'],
  ] as [keyof typeof MESSAGES, string][])('%s', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });
});

describe('isForgotPasswordSuccess (section 8)', () => {
  it.each([
    [200, true],
    [204, true],
    [401, true],
    [400, false],
    [403, false],
    [500, false],
    [199, false],
    [300, false],
  ])('%d → %s', (status, ok) => {
    expect(isForgotPasswordSuccess(status)).toBe(ok);
  });
});
