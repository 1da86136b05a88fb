/**
 * The one query-key scheme: [area, call, ...params]. Mutations invalidate by the area prefix.
 * Features add their keys here so every key of the app is visible in one place.
 */
export const queryKeys = {
  config: () => ['config'] as const,
  company: {
    all: ['company'] as const,
    byId: (id: number) => ['company', 'byId', id] as const,
    modules: (companyId: number) => ['company', 'modules', companyId] as const,
    logo: (companyId: number) => ['company', 'logo', companyId] as const,
  },
  tenantGroups: {
    all: ['tenantGroups'] as const,
    byUser: (companyId: number, username: string) => ['tenantGroups', 'byUser', companyId, username] as const,
    byId: (id: number) => ['tenantGroups', 'byId', id] as const,
  },
  users: {
    all: ['users'] as const,
    details: (companyId: number, username: string) => ['users', 'details', companyId, username] as const,
    settingValues: () => ['users', 'settingValues'] as const,
  },
  /**
   * Everything about jobs. Live updates (api/live.ts) invalidate by these prefixes, so every query of a job
   * must start with jobs.maturity(id) (maturity and humidity jobs) or jobs.channel(id) (microweather, data,
   * GPS and power jobs), and every site-wide list with jobs.site(tenantGroupId).
   */
  jobs: {
    all: ['jobs'] as const,
    maturity: (id: number) => ['jobs', 'maturity', id] as const,
    channel: (id: number) => ['jobs', 'channel', id] as const,
    site: (tenantGroupId: number) => ['jobs', 'site', tenantGroupId] as const,
  },
  resources: {
    text: (name: string, language: string) => ['resources', 'text', name, language] as const,
  },
};
