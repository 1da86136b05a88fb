import { POST_LOGIN_REDIRECT_MS } from '@sitepulse/domain';
import { readSession } from '../../api/session.ts';

/**
 * A saved job address (session value landingUrl, saved on the first visit to the job route) is opened
 * 3 seconds after sign-in (spec section 2). The timer outlives the login page, which unmounts at once.
 */
export function scheduleLandingRedirect(navigate: (url: string) => void): () => void {
  const landingUrl = readSession('landingUrl');
  if (!landingUrl?.startsWith('/')) return () => {};
  const timer = setTimeout(() => navigate(landingUrl), POST_LOGIN_REDIRECT_MS);
  return () => clearTimeout(timer);
}
