/**
 * Route guards of spec section 2: sign-in, account setup, admin, build flags, and job-site access.
 */
import type { PublicConfig } from '@sitepulse/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useConfig, useJobSites, useUserDetails } from '../api/queries.ts';
import { readSession, sessionSnapshot, writeSession } from '../api/session.ts';
import { AccessRestricted } from '../components/AccessRestricted.tsx';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { NoAccess } from '../components/NoAccess.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import {
  INSPECTOR_ACCESS,
  INVITATION_WELCOME_EMAIL_SENT,
  isAdminAccount,
  isSignedIn,
} from './layout/rules.ts';

/** A job address (/job/...) is remembered on its first visit, for the redirect after sign-in. */
function rememberLandingUrl(pathname: string, search: string): void {
  if (pathname.startsWith('/job/') && !readSession('landingUrl')) {
    writeSession({ landingUrl: pathname + search });
  }
}

/**
 * Signed-in routes. A signed-out visitor goes to /login with `state.from`, so login can send them
 * back; a user whose invitation is still at INVITATION_WELCOME_EMAIL_SENT goes to account setup.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  rememberLandingUrl(location.pathname, location.search);
  const signedIn = isSignedIn(sessionSnapshot(), Date.now());
  if (!signedIn) return <Navigate to="/login" replace state={{ from: location }} />;
  return <InvitationCheck>{children}</InvitationCheck>;
}

function InvitationCheck({ children }: { children: ReactNode }) {
  const { data: user } = useUserDetails();
  if (user?.userInvitationData?.status === INVITATION_WELCOME_EMAIL_SENT) {
    const path = [user.companyId, user.username, user.email]
      .map((p) => encodeURIComponent(String(p)))
      .join('/');
    return <Navigate to={`/account-setup/${path}`} replace />;
  }
  return children;
}

/** /login and friends: a signed-in user goes home. */
export function PublicOnly({ children }: { children: ReactNode }) {
  if (isSignedIn(sessionSnapshot(), Date.now())) return <Navigate to="/" replace />;
  return children;
}

/** Admin-only routes: ADMIN or any AOMS account type (spec section 6); others see the no-access page. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data: user, isPending, isError, refetch } = useUserDetails();
  if (isError && !user) return <ErrorScreen onRetry={() => refetch()} />;
  if (isPending) return <PageSpinner />;
  return isAdminAccount(user?.accountType) ? children : <NoAccess />;
}

/** Routes behind a build flag (spec section 1): off means the no-access page. */
export function RequireFeature({
  feature,
  children,
}: {
  feature: keyof PublicConfig['features'];
  children: ReactNode;
}) {
  const { data: config, isPending, isError, refetch } = useConfig();
  if (isError && !config) return <ErrorScreen onRetry={() => refetch()} />;
  if (isPending) return <PageSpinner />;
  return config?.features?.[feature] ? children : <NoAccess />;
}

/**
 * Job-site routes: the :jobsiteId must be in the user's list (else /no-access), and a user with
 * inspector access (8) on that site sees the Access Restricted page (spec section 2).
 */
export function RequireJobSite({ children }: { children: ReactNode }) {
  const { jobsiteId } = useParams();
  const sites = useJobSites();
  const user = useUserDetails();

  if ((sites.isError && !sites.data) || (user.isError && !user.data)) {
    return (
      <ErrorScreen
        onRetry={() => Promise.all([sites.isError && sites.refetch(), user.isError && user.refetch()])}
      />
    );
  }
  if (sites.isPending || user.isPending) return <PageSpinner />;

  const id = Number(jobsiteId);
  const site = Number.isFinite(id) ? sites.data.find((s) => s.id === id) : undefined;
  if (!site) return <Navigate to="/no-access" replace />;

  const access = user.data.userTenantGroupData?.find((g) => g.tenantGroupId === site.id)?.access;
  if (access === INSPECTOR_ACCESS) return <AccessRestricted />;
  return children;
}
