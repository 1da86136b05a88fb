import { USAGE_FLUSH_MS } from '@sitepulse/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { flushUsage, recordPageView } from '../api/usage.ts';

/**
 * Records a page view on every navigation of the signed-in shell and sends what was recorded every
 * USAGE_FLUSH_MS, when the page is hidden and when it is left (keepalive), and when the shell closes
 * (sign-out). docs/decisions/usage-tracking.md.
 */
export function useUsageRecorder(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    recordPageView(pathname);
  }, [pathname]);

  useEffect(() => {
    const timer = setInterval(() => void flushUsage(), USAGE_FLUSH_MS);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void flushUsage({ keepalive: true });
    };
    const onLeave = () => void flushUsage({ keepalive: true });
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onLeave);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onLeave);
      void flushUsage();
    };
  }, []);
}
