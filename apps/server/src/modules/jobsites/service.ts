import type { Tenant, TenantGroup, TenantGroupTimeZoneBody, TenantType } from '@sitepulse/contracts';
import {
  canEditJobSite,
  canUseWebDashboard,
  canWriteCompanyProfiles,
  isReadOnlyAccount,
  isTimeZone,
} from '@sitepulse/domain';
import type { Selectable } from 'kysely';
import type { TenantTable } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import type { AccessMode, SiteAccess } from '../../lib/site-access.ts';
import type { UsersService } from '../users/service.ts';
import type { JobsitesRepo } from './repo.ts';
import { siteTimeZone } from './site-zone.ts';

/** What a job-site call answers an inspector (access 8) on that site: they use the mobile app. */
export const INSPECTOR_REFUSED =
  'Inspectors use the mobile app: the web dashboard is not available for this job site';

/** The caller's access to each granted site (rows of user_tenant_group), as SiteAccess. */
export function siteAccessOf(
  actor: Pick<Actor, 'accountType'>,
  grants: readonly { id: number; access: number }[],
): SiteAccess {
  const granted = new Map(grants.map((g) => [g.id, g.access]));
  const readable = grants.filter((g) => canUseWebDashboard(g.access)).map((g) => g.id);
  const writable = grants
    .filter((g) => canUseWebDashboard(g.access) && canEditJobSite(g.access, actor.accountType))
    .map((g) => g.id);
  const restricted = grants.filter((g) => !canUseWebDashboard(g.access)).map((g) => g.id);
  const refusedWrite = isReadOnlyAccount(actor.accountType)
    ? 'Read-Only accounts cannot change job sites'
    : 'Viewers cannot change this job site';
  async function refuseRestricted(lookup: (siteIds: number[]) => Promise<unknown>): Promise<void> {
    if (restricted.length === 0) return;
    const found = await lookup(restricted);
    if (found !== undefined && found !== null) throw forbidden(INSPECTOR_REFUSED);
  }
  return {
    granted,
    readable,
    writable,
    restricted,
    check(siteId, mode = 'read', label = 'Job site') {
      const access = granted.get(siteId);
      if (access === undefined) throw notFound(`${label} not found`);
      if (!canUseWebDashboard(access)) throw forbidden(INSPECTOR_REFUSED);
      if (mode === 'write' && !writable.includes(siteId)) throw forbidden(refusedWrite);
    },
    async find(lookup, label) {
      const found = readable.length > 0 ? await lookup(readable) : undefined;
      if (found !== undefined && found !== null) return found;
      await refuseRestricted(lookup);
      throw notFound(`${label} not found`);
    },
    refuseRestricted,
  };
}

const toTenant = (t: Selectable<TenantTable>): Tenant => ({
  id: t.id,
  name: t.name,
  type: t.type,
  state: t.state,
  creationDate: t.created_at,
  tenantGroupId: t.tenant_group_id,
  companyId: t.company_id,
});

/**
 * Job sites (tenant groups) and projects (tenants). A user sees only the job sites granted to them
 * (user_tenant_group), whatever their account type. A site where the caller is an inspector (access 8)
 * is still listed, so the web can show Access Restricted, but without its projects and gateways, and
 * every call about its data answers 403 (see SiteAccess).
 */
export function createJobsitesService(deps: { repo: JobsitesRepo; users: UsersService }) {
  const { repo, users } = deps;

  async function siteAccess(actor: Actor): Promise<SiteAccess> {
    return siteAccessOf(actor, await repo.listGranted(actor.companyId, actor.userId));
  }

  /** The job sites granted to a user, with the projects and gateways of those the caller may read. */
  async function groupsOf(actor: Actor, userId: number): Promise<TenantGroup[]> {
    // The caller's own list (the usual case) is read once: it is both the answer and their access.
    const own = await repo.listGranted(actor.companyId, actor.userId);
    const groups = userId === actor.userId ? own : await repo.listGranted(actor.companyId, userId);
    const sites = siteAccessOf(actor, own);
    const shown = groups.map((g) => g.id).filter((id) => !sites.restricted.includes(id));
    const [tenants, gateways] = await Promise.all([repo.tenantsOf(shown), repo.gatewaysOf(shown)]);
    return groups.map((g) => ({
      id: g.id,
      name: g.name,
      type: g.type,
      state: g.state,
      companyId: g.company_id,
      creationDate: g.created_at,
      address: g.address,
      latitude: g.latitude,
      longitude: g.longitude,
      tenantMessages: tenants.filter((t) => t.tenant_group_id === g.id).map(toTenant),
      gateways: gateways.filter((w) => w.tenant_group_id === g.id).map((w) => ({ id: w.id, name: w.name })),
      ...siteTimeZone(g),
    }));
  }

  async function visibleGroup(actor: Actor, id: number): Promise<TenantGroup> {
    const g = (await groupsOf(actor, actor.userId)).find((x) => x.id === id);
    if (!g) throw notFound('Job site not found');
    return g;
  }

  return {
    siteAccess,

    /**
     * The job sites whose data the caller may read, with their access code (1 admin, 2 editor,
     * 4 viewer): sites where they are an inspector are left out. Every list of sensor data is
     * limited to these.
     */
    async grants(actor: Actor): Promise<Map<number, number>> {
      const sites = await siteAccess(actor);
      return new Map(sites.readable.map((id) => [id, sites.granted.get(id) as number]));
    },

    /**
     * Throws unless the caller may read (or, with `write`, change) the job site: 404 `${label} not
     * found` for another company's or an ungranted site, 403 for an inspector there, and for a write
     * by a viewer or a Read-Only account (SiteAccess.check).
     */
    async assertGranted(
      actor: Actor,
      tenantGroupId: number,
      mode: AccessMode = 'read',
      label = 'Job site',
    ): Promise<void> {
      (await siteAccess(actor)).check(tenantGroupId, mode, label);
    },

    /**
     * Company-wide things that job-site writers change (concrete profiles): 403 unless the caller is
     * a company admin or may change at least one job site (never a Read-Only account).
     */
    async assertWriterSomewhere(actor: Actor, message: string): Promise<void> {
      const { granted } = await siteAccess(actor);
      if (canWriteCompanyProfiles(actor.accountType, [...granted.values()])) return;
      throw forbidden(message);
    },

    async listGroups(actor: Actor, companyId: number): Promise<TenantGroup[]> {
      assertSameCompany(actor.companyId, companyId);
      return groupsOf(actor, actor.userId);
    },

    /** One granted job site; a site where the caller is an inspector comes without projects and gateways. */
    getGroup: visibleGroup,

    /** The job sites granted to a named user; non-admins may only ask about themselves (403). */
    async listGroupsByUser(actor: Actor, companyId: number, username: string): Promise<TenantGroup[]> {
      const target = await users.resolveTarget(actor, companyId, username);
      return groupsOf(actor, target.id);
    },

    /**
     * Job sites for an application type (spec: "by company, username and application type '1'").
     * Every job site serves the web dashboard (type '1') and the mobile app, so this is the user's
     * granted list whatever the type.
     */
    async groupIdsByApplicationType(
      actor: Actor,
      companyId: number,
      username: string,
      _applicationType: string,
    ): Promise<number[]> {
      const target = await users.resolveTarget(actor, companyId, username);
      return (await repo.listGranted(actor.companyId, target.id)).map((g) => g.id);
    },

    /**
     * The IANA zone of a job site of the caller's company (docs/decisions/site-time.md): set by an admin,
     * else from its coordinates, else UTC. 404 for another company's site.
     */
    async timeZoneOf(actor: Actor, tenantGroupId: number): Promise<string> {
      const site = await repo.findInCompany(actor.companyId, tenantGroupId);
      if (!site) throw notFound('Job site not found');
      return siteTimeZone(site).timeZone;
    },

    /**
     * PUT /tenants/groups/time_zone (ours): a company admin sets a job site's zone, or null to take it from
     * the coordinates again. 403 for anyone else, 404 for another company's site, 400 for a name that is
     * not an IANA zone. Answers the site as its admin now sees it.
     */
    async setTimeZone(actor: Actor, body: TenantGroupTimeZoneBody): Promise<TenantGroup> {
      if (!actor.isAdmin || isReadOnlyAccount(actor.accountType)) {
        throw forbidden("Only company admins can change a job site's time zone");
      }
      const site = await repo.findInCompany(actor.companyId, body.tenantGroupId);
      if (!site) throw notFound('Job site not found');
      if (body.timeZone !== null && !isTimeZone(body.timeZone)) {
        throw badRequest(`'${body.timeZone}' is not a known time zone`);
      }
      await repo.setTimeZone(actor.companyId, site.id, body.timeZone);
      const shown = (await groupsOf(actor, actor.userId)).find((g) => g.id === site.id);
      if (shown) return shown;
      // A company admin not granted this site still gets what they changed.
      return {
        id: site.id,
        name: site.name,
        type: site.type,
        state: site.state,
        companyId: site.company_id,
        creationDate: site.created_at,
        address: site.address,
        latitude: site.latitude,
        longitude: site.longitude,
        tenantMessages: [],
        gateways: [],
        ...siteTimeZone({ ...site, time_zone: body.timeZone }),
      };
    },

    /** Projects of the job sites whose data the caller may read. */
    async listTenants(actor: Actor, companyId: number): Promise<Tenant[]> {
      assertSameCompany(actor.companyId, companyId);
      return (await repo.tenantsOf((await siteAccess(actor)).readable)).map(toTenant);
    },

    /** Projects of one job site: 404 when not granted, 403 for an inspector there. */
    async tenantsByGroup(actor: Actor, tenantGroupId: number, tenantType?: TenantType): Promise<Tenant[]> {
      (await siteAccess(actor)).check(tenantGroupId);
      const tenants = (await repo.tenantsOf([tenantGroupId])).map(toTenant);
      return tenantType ? tenants.filter((t) => t.type === tenantType) : tenants;
    },
  };
}
export type JobsitesService = ReturnType<typeof createJobsitesService>;
