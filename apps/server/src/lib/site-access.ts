/** Reading a job site's data, or changing it. */
export type AccessMode = 'read' | 'write';

/**
 * What the caller may do on each job site: the one place the role rules of
 * docs/decisions/people-and-access.md are applied to job-site calls.
 */
export interface SiteAccess {
  /** Every job site granted to the caller, with their access code (1 admin, 2 editor, 4 viewer, 8 inspector). */
  granted: ReadonlyMap<number, number>;
  /** Granted sites whose data the web dashboard shows the caller: all but those where they are an inspector. */
  readable: number[];
  /** Readable sites the caller may change (domain canEditJobSite: never a Read-Only account). */
  writable: number[];
  /** Granted sites where the caller is an inspector: every job-site call about them answers 403. */
  restricted: number[];
  /**
   * Throws unless the caller may read (or change) the site: 404 `${label} not found` when it was not
   * granted (another company's or an ungranted site reads as missing, so ids do not leak), 403 on a
   * site where the caller is an inspector, and with `write` 403 unless the site is writable.
   */
  check(siteId: number, mode?: AccessMode, label?: string): void;
  /**
   * Looks a thing up within the readable sites (`lookup` gets the site ids to search). When it is not
   * there but lies on a site where the caller is an inspector, 403; otherwise 404 `${label} not found`.
   */
  find<T>(lookup: (siteIds: number[]) => Promise<T | null | undefined>, label: string): Promise<T>;
  /**
   * For a thing not found within the readable sites: 403 when `lookup` finds it on a site where the
   * caller is an inspector; otherwise returns, and the caller answers 404.
   */
  refuseRestricted(lookup: (siteIds: number[]) => Promise<unknown>): Promise<void>;
}
