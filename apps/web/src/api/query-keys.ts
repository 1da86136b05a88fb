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
    /** The job-site roles (access codes) a member may be given. */
    accessTypes: () => ['users', 'accessTypes'] as const,
    /** User management: the company's users. */
    list: (companyId: number) => ['users', 'list', companyId] as const,
    /** Job-site members: the users of one site with their role there. */
    members: (companyId: number, tenantGroupId: number) =>
      ['users', 'members', companyId, tenantGroupId] as const,
    /** What was done to the company's users ('' for all of them). */
    audits: (companyId: number, username: string) => ['users', 'audits', companyId, username] as const,
    /** The messages sent to the company's users. */
    outbox: (companyId: number) => ['users', 'outbox', companyId] as const,
  },
  /**
   * Everything about jobs. Live updates (api/live.ts) invalidate by these prefixes, so every query of a job
   * must start with jobs.maturity(id) (maturity and humidity jobs) or jobs.channel(id) (microweather, data,
   * GPS and power jobs), and every site-wide list with jobs.site(tenantGroupId) and one of the list keys
   * below, which say what a live event must name for the list to be read again.
   */
  jobs: {
    all: ['jobs'] as const,
    maturity: (id: number) => ['jobs', 'maturity', id] as const,
    channel: (id: number) => ['jobs', 'channel', id] as const,
    site: (tenantGroupId: number) => ['jobs', 'site', tenantGroupId] as const,
    /** Project job list: the first `rpp` maturity and humidity jobs of a project with a status (or ALL). */
    projectPage: (tenantGroupId: number, tenantId: number, status: string, rpp: number) =>
      ['jobs', 'site', tenantGroupId, 'projectPage', tenantId, status, rpp] as const,
    /** Every project job list page of a site (prefix of projectPage). */
    projectPages: (tenantGroupId: number) => ['jobs', 'site', tenantGroupId, 'projectPage'] as const,
    /** Project job list: the project's microweather, data, GPS and power jobs. */
    projectOther: (tenantGroupId: number, tenantId: number) =>
      ['jobs', 'site', tenantGroupId, 'projectOther', tenantId] as const,
    /** Every project's other-jobs list of a site (prefix of projectOther). */
    projectOthers: (tenantGroupId: number) => ['jobs', 'site', tenantGroupId, 'projectOther'] as const,
    /** Dashboards: every maturity and humidity job of the site. */
    siteMaturity: (tenantGroupId: number) => ['jobs', 'site', tenantGroupId, 'siteMaturity'] as const,
    /**
     * Lists (dashboards, project job list): the forecast summaries of the running maturity jobs of the
     * site (scope 'site', id = tenantGroupId) or of one project (scope 'project', id = tenantId).
     */
    forecastList: (tenantGroupId: number, scope: 'site' | 'project', id: number) =>
      ['jobs', 'site', tenantGroupId, 'forecastList', scope, id] as const,
    /** Every forecast list of a site (prefix of forecastList). */
    forecastLists: (tenantGroupId: number) => ['jobs', 'site', tenantGroupId, 'forecastList'] as const,
    /** Dashboards: the site's started microweather jobs with their latest conditions. */
    siteWeather: (tenantGroupId: number) => ['jobs', 'site', tenantGroupId, 'siteWeather'] as const,
    /** Dashboards: job-group counts by status of one project (info/by_tenant). */
    groupCounts: (tenantGroupId: number, tenantId: number) =>
      ['jobs', 'site', tenantGroupId, 'groupCounts', tenantId] as const,
    /**
     * Job screen (features/job): one call of one job, under jobs.maturity(id) for maturity and humidity
     * jobs ('details', 'maturityTime', 'measurementTime' + sensor type, 'extremities', 'stats', 'alarms')
     * and jobs.channel(id) for microweather jobs ('details', 'time', 'averages', 'extremities', 'alarms').
     */
    jobPage: (family: 'maturity' | 'channel', id: number, call: string, ...params: (string | number)[]) =>
      ['jobs', family, id, 'jobPage', call, ...params] as const,
    /** Job site sensors (features/sensors): the Lumimon overview of a site (its node cards). */
    lumimonOverview: (tenantGroupId: number) => ['jobs', 'site', tenantGroupId, 'lumimonOverview'] as const,
    /**
     * Sensor detail screens (features/sensors): one call of one microweather, data, power or GPS job
     * ('details', 'stats', 'series', 'powerLatest', 'powerSeries', 'track') with its range.
     */
    sensorPage: (id: number, call: string, ...params: (string | number)[]) =>
      ['jobs', 'channel', id, 'sensorPage', call, ...params] as const,
  },
  resources: {
    text: (name: string, language: string) => ['resources', 'text', name, language] as const,
  },
  /**
   * The portfolio (api/portfolio.ts): the state of every job site the user may read and what needs
   * attention. Polled, and read again on every live `alarms` event (api/live.ts).
   */
  portfolio: {
    all: ['portfolio'] as const,
    status: (companyId: number) => ['portfolio', 'status', companyId] as const,
  },
  /**
   * Reports (features/reports): the lists the generation screen chooses from, and the requests and schedules
   * of a site (site(id) prefix) or of the signed-in user. Every report mutation invalidates reports.all.
   */
  reports: {
    all: ['reports'] as const,
    types: (companyId: number) => ['reports', 'types', companyId] as const,
    site: (tenantGroupId: number) => ['reports', 'site', tenantGroupId] as const,
    /** Sensors of the site, or of one job group (cjgId) of it. */
    sensors: (tenantGroupId: number, cjgId: number | null) =>
      ['reports', 'site', tenantGroupId, 'sensors', cjgId ?? 'all'] as const,
    nodes: (tenantGroupId: number) => ['reports', 'site', tenantGroupId, 'nodes'] as const,
    requests: (tenantGroupId: number) => ['reports', 'site', tenantGroupId, 'requests'] as const,
    schedules: (tenantGroupId: number) => ['reports', 'site', tenantGroupId, 'schedules'] as const,
    /** The requests about one maturity job, anyone's (POST .../list/by_msjId/{id}). */
    job: (msjId: number) => ['reports', 'job', msjId] as const,
    /** The signed-in user's requests on every site (POST .../list/by_user). */
    mine: () => ['reports', 'mine'] as const,
    /** The schedules of every site with active ones (GET .../schedules/tenants/with_active_rrs, then each site's). */
    allSchedules: () => ['reports', 'allSchedules'] as const,
  },
  /**
   * Alarm events of a job site (api/alarm-events.ts, issue 15): its active and recently cleared alarms. Read
   * again on every live `alarms` event of the site (api/live.ts); an acknowledgement invalidates alarms.all.
   */
  alarms: {
    all: ['alarms'] as const,
    site: (tenantGroupId: number) => ['alarms', 'site', tenantGroupId] as const,
    events: (tenantGroupId: number, activeOnly: boolean) =>
      ['alarms', 'site', tenantGroupId, 'events', activeOnly] as const,
  },
  /** Alarm e-mails (spec section 7): the signed-in user's per site, and who of a site gets them. */
  notifications: {
    all: ['notifications'] as const,
    mine: () => ['notifications', 'mine'] as const,
    site: (tenantGroupId: number) => ['notifications', 'site', tenantGroupId] as const,
  },
  /** Usage tracking (issue 16): the company's page views per page and day over a range (company admins). */
  usage: {
    all: ['usage'] as const,
    counts: (companyId: number, from: string, to: string) =>
      ['usage', 'counts', companyId, from, to] as const,
  },
  /** Concrete profiles (company-wide) and the maturity function types they may use. */
  profiles: {
    all: ['profiles'] as const,
    byCompany: (companyId: number) => ['profiles', 'byCompany', companyId] as const,
    functionTypes: () => ['profiles', 'functionTypes'] as const,
  },
  /** Web Push (api/push.ts): the server's VAPID public key, and this browser's push state (no server call). */
  push: {
    all: ['push'] as const,
    vapidKey: () => ['push', 'vapidKey'] as const,
    device: () => ['push', 'device'] as const,
  },
  /**
   * Lumitrack IDs (features/lumitrack, issue 16): a project's IDs, the company's, one ID, the label file
   * requests, the user's label format, a site's GPS nodes. Every Lumitrack mutation invalidates lumitrack.all.
   */
  lumitrack: {
    all: ['lumitrack'] as const,
    project: (tenantId: number) => ['lumitrack', 'project', tenantId] as const,
    company: (companyId: number) => ['lumitrack', 'company', companyId] as const,
    id: (lumitrackId: string) => ['lumitrack', 'id', lumitrackId] as const,
    files: () => ['lumitrack', 'files'] as const,
    preference: () => ['lumitrack', 'preference'] as const,
    /** get_active_lumitrackId: the company's year against its annual ID limit. */
    annual: (companyId: number) => ['lumitrack', 'annual', companyId] as const,
    gpsNodes: (tenantGroupId: number) => ['lumitrack', 'gpsNodes', tenantGroupId] as const,
  },
  /**
   * Checklists (api/checklists.ts, features/checklists and features/lumitrack, issue 16): the company's
   * templates (all, or a project's), their audit, and the checklists filled for an ID or in a project. Every
   * checklist mutation invalidates checklists.all.
   */
  checklists: {
    all: ['checklists'] as const,
    templates: (companyId: number, tenantId: number | null) =>
      ['checklists', 'templates', companyId, tenantId ?? 'all'] as const,
    audits: (companyId: number, templateId: number | null) =>
      ['checklists', 'audits', companyId, templateId ?? 'all'] as const,
    fills: (lumitrackId: string) => ['checklists', 'fills', lumitrackId] as const,
    latest: (tenantId: number) => ['checklists', 'latest', tenantId] as const,
  },
  /**
   * The tracking manager and material tracking (features/tracking, issue 16): a page of the manager, the
   * company's stages, a page of elements per stage, an element's timeline. Recording a stage or saving the
   * stages invalidates tracking.all.
   */
  tracking: {
    all: ['tracking'] as const,
    manager: (companyId: number, tenantId: number | null, page: number, rpp: number) =>
      ['tracking', 'manager', companyId, tenantId ?? 'all', page, rpp] as const,
    stages: (companyId: number) => ['tracking', 'stages', companyId] as const,
    elements: (companyId: number, tenantId: number | null, stage: number | 'none' | 'all', page: number) =>
      ['tracking', 'elements', companyId, tenantId ?? 'all', stage, page] as const,
    timeline: (lumitrackId: string) => ['tracking', 'timeline', lumitrackId] as const,
  },
};
