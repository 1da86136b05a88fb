import { useEffect, useSyncExternalStore } from 'react';

/**
 * The name of the job the current screen shows, for the breadcrumb's last crumb (spec section 2: job site ›
 * project › job). The job screens know the name once their data arrives; the breadcrumb, in the top bar,
 * does not, so they hand it over here. Cleared when the screen goes away.
 */
let current: { id: string; name: string } | null = null;
const listeners = new Set<() => void>();

function set(next: typeof current) {
  current = next;
  for (const l of listeners) l();
}

export function useJobNameForBreadcrumb(
  id: string | number | undefined,
  name: string | null | undefined,
): void {
  useEffect(() => {
    if (id === undefined || !name) return;
    const entry = { id: String(id), name };
    set(entry);
    return () => {
      if (current === entry) set(null);
    };
  }, [id, name]);
}

/** The job name handed over for this job id, or null. */
export function useBreadcrumbJobName(id: string | undefined): string | null {
  const entry = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
  return entry && id !== undefined && entry.id === id ? entry.name : null;
}
