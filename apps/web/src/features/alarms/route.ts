/**
 * The alarms page's address (ours, issue 15; not in the spec's route table), apart from the page so the
 * dashboard and the drawer link to it without loading it.
 */
export const ALARMS_ROUTE = '/alarms/:jobsiteId';
export const alarmsHref = (jobsiteId: number | string) => `/alarms/${encodeURIComponent(String(jobsiteId))}`;
