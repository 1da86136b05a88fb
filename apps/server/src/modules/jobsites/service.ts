import type { Tenant, TenantGroup, TenantType } from '@sitepulse/contracts';
import { isWriterAccess } from '@sitepulse/domain';
import type { Selectable } from 'kysely';
import type { TenantTable } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import type { UsersService } from '../users/service.ts';
import type { JobsitesRepo } from './repo.ts';

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
 * (user_tenant_group), whatever their account type; access 8 (inspector) still lists the site.
 */
export function createJobsitesService(deps: { repo: JobsitesRepo; users: UsersService }) {
  const { repo, users } = deps;

  async function groupsOf(companyId: number, userId: number): Promise<TenantGroup[]> {
    const groups = await repo.listGranted(companyId, userId);
    const ids = groups.map((g) => g.id);
    const [tenants, gateways] = await Promise.all([repo.tenantsOf(ids), repo.gatewaysOf(ids)]);
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
    }));
  }

  async function visibleGroup(actor: Actor, id: number): Promise<TenantGroup> {
    const g = (await groupsOf(actor.companyId, actor.userId)).find((x) => x.id === id);
    if (!g) throw notFound('Job site not found');
    return g;
  }

  return {
    /**
     * Ids of the job sites the caller was granted, with their access code (1 admin, 2 editor,
     * 4 viewer, 8 inspector). Every read of sensor data is limited to these.
     */
    async grants(actor: Actor): Promise<Map<number, number>> {
      const rows = await repo.listGranted(actor.companyId, actor.userId);
      return new Map(rows.map((g) => [g.id, g.access]));
    },

    /**
     * Throws 404 unless the caller was granted the job site (another company's or an ungranted
     * site reads as missing, so ids do not leak); with `write`, 403 for viewers and inspectors.
     */
    async assertGranted(actor: Actor, tenantGroupId: number, mode: 'read' | 'write' = 'read'): Promise<void> {
      const rows = await repo.listGranted(actor.companyId, actor.userId);
      const g = rows.find((x) => x.id === tenantGroupId);
      if (!g) throw notFound('Job site not found');
      if (mode === 'write' && !isWriterAccess(g.access) && !actor.isAdmin) {
        throw forbidden('Viewers and inspectors cannot change this job site');
      }
    },

    async listGroups(actor: Actor, companyId: number): Promise<TenantGroup[]> {
      assertSameCompany(actor.companyId, companyId);
      return groupsOf(actor.companyId, actor.userId);
    },

    getGroup: visibleGroup,

    /** The job sites granted to a named user; non-admins may only ask about themselves (403). */
    async listGroupsByUser(actor: Actor, companyId: number, username: string): Promise<TenantGroup[]> {
      const target = await users.resolveTarget(actor, companyId, username);
      return groupsOf(actor.companyId, target.id);
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

    async listTenants(actor: Actor, companyId: number): Promise<Tenant[]> {
      assertSameCompany(actor.companyId, companyId);
      const groups = await repo.listGranted(actor.companyId, actor.userId);
      return (await repo.tenantsOf(groups.map((g) => g.id))).map(toTenant);
    },

    async tenantsByGroup(actor: Actor, tenantGroupId: number, tenantType?: TenantType): Promise<Tenant[]> {
      const g = await visibleGroup(actor, tenantGroupId);
      return tenantType ? g.tenantMessages.filter((t) => t.type === tenantType) : g.tenantMessages;
    },
  };
}
export type JobsitesService = ReturnType<typeof createJobsitesService>;
