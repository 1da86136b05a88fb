import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import type { AccessMode } from '../../lib/site-access.ts';
import type { SiteChecks } from '../../service-deps.ts';
import type { JobRow, MeasurementsRepo } from './repo.ts';

/**
 * Scoping of the data calls: every job, job group, project, node and sensor is looked up within the
 * caller's company, and its job site must be granted to the caller. Anything else reads as missing
 * (404), so ids of other companies and ungranted sites do not leak; a site where the caller is an
 * inspector answers 403 (jobsites.assertGranted). Nodes not placed on a job site are visible to
 * company admins only.
 */
export function createAccess(repo: MeasurementsRepo, jobsites: SiteChecks) {
  /** assertGranted, with its 404 naming the thing asked for. */
  const grant = (actor: Actor, siteId: number, mode: AccessMode, label: string) =>
    jobsites.assertGranted(actor, siteId, mode, label);

  return {
    /**
     * Ids of the job sites whose data the caller may read (every list is limited to these): the named
     * project's or site's (404 when not granted, 403 for an inspector there), else every readable site.
     */
    async siteIds(actor: Actor, only?: { tenantGroupId?: number; tenantId?: number }): Promise<number[]> {
      if (only?.tenantId !== undefined) {
        const t = await repo.tenantById(actor.companyId, only.tenantId);
        if (!t) throw notFound('Project not found');
        await grant(actor, t.tenant_group_id, 'read', 'Project');
        if (only.tenantGroupId !== undefined && only.tenantGroupId !== t.tenant_group_id) return [];
        return [t.tenant_group_id];
      }
      if (only?.tenantGroupId !== undefined) {
        await jobsites.assertGranted(actor, only.tenantGroupId);
        return [only.tenantGroupId];
      }
      return [...(await jobsites.grants(actor)).keys()];
    },

    /** A job of one of the kinds, on a granted site; 404 (with `label`) otherwise. */
    async job(actor: Actor, id: number, kinds: readonly string[], label: string): Promise<JobRow> {
      const job = await repo.jobById(actor.companyId, id);
      if (!job || !kinds.includes(job.kind)) throw notFound(`${label} not found`);
      await grant(actor, job.tenant_group_id, 'read', label);
      return job;
    },

    /** A job group (channel job group) on a granted site. */
    async group(actor: Actor, id: number) {
      const g = await repo.groupById(actor.companyId, id);
      if (!g) throw notFound('Job group not found');
      await grant(actor, g.tenant_group_id, 'read', 'Job group');
      return g;
    },

    /** A project (tenant) on a granted site. */
    async tenant(actor: Actor, id: number) {
      const t = await repo.tenantById(actor.companyId, id);
      if (!t) throw notFound('Project not found');
      await grant(actor, t.tenant_group_id, 'read', 'Project');
      return t;
    },

    /** A node of the company on a granted site (`write`: the caller may change that site). */
    async node(actor: Actor, id: number, mode: AccessMode = 'read') {
      const n = await repo.nodeById(actor.companyId, id);
      if (!n) throw notFound('Node not found');
      if (n.tenant_group_id === null) {
        if (!actor.isAdmin) throw notFound('Node not found');
        return n;
      }
      await grant(actor, n.tenant_group_id, mode, 'Node');
      return n;
    },

    /** A sensor of the company whose node is on a granted site. */
    async sensor(actor: Actor, id: number, mode: AccessMode = 'read') {
      const s = await repo.sensorById(actor.companyId, id);
      if (!s) throw notFound('Sensor not found');
      if (s.tenant_group_id === null) {
        if (!actor.isAdmin) throw notFound('Sensor not found');
        return s;
      }
      await grant(actor, s.tenant_group_id, mode, 'Sensor');
      return s;
    },
  };
}
export type Access = ReturnType<typeof createAccess>;
