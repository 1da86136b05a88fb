/** User-facing texts of the error catalogue and fixed screens (sections 2 and 8), in English. */
export const MESSAGES = {
  forgotPasswordFailed: 'Oops, something went wrong. Please try again.',
  loginFailed: 'An error has occurred, please try again later.',
  wrongAuthCode: 'Incorrect code. Code is case-sensitive. Please try again.',
  errorScreenTitle: 'Oops!',
  errorScreenText: 'Something went wrong while loading the page. Please try again',
  tryAgain: 'Try Again',
  goToHomepage: 'Go to homepage',
  accessRestrictedTitle: 'Access Restricted',
  resetCompanyAuthCode: 'Reset Company Auth Code',
  hideArchivedJobSites: 'Hide Archived Job Sites',
  showArchivedJobSites: 'Show Archived Job Sites',
  hideArchivedProjects: 'Hide Archived Projects',
  showArchivedProjects: 'Show Archived Projects',
} as const;

/**
 * Whether a forgot-password answer counts as success (section 4, 7, 8): a 2xx, and also 401,
 * which the spec treats as success (it does not reveal whether the address exists).
 */
export function isForgotPasswordSuccess(httpStatus: number): boolean {
  return (httpStatus >= 200 && httpStatus < 300) || httpStatus === 401;
}
