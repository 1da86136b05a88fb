import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ByApplicationTypeQuery,
  ByTenantGroupQuery,
  ByTenantGroupTypeQuery,
  ByUserQuery,
  CompanyIdQuery,
  IdList,
  IdParams,
  TenantGroup,
  TenantGroupList,
  TenantGroupTimeZoneBody,
  TenantList,
  TenantQuery,
} from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER, withTenant } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

/** Job sites (tenant groups) and projects (tenants), limited to the job sites granted to the caller. */
export const jobsitesRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { jobsites } = services;
  const base = { tags: ['job sites'], security: BEARER };

  app.get(
    '/tenants',
    {
      schema: {
        ...base,
        summary: 'Projects of the job sites the caller may see, newest first',
        querystring: CompanyIdQuery,
        response: { 200: TenantList, ...AUTHED_ERRORS },
      },
    },
    async (req) => jobsites.listTenants(requireActor(req), req.query.companyId),
  );

  app.get(
    '/tenants/groups/by_companyId/list',
    {
      schema: {
        ...base,
        summary: 'Job sites the caller may see, each with its projects (newest first) and gateways',
        querystring: CompanyIdQuery,
        response: { 200: TenantGroupList, ...AUTHED_ERRORS },
      },
    },
    async (req) => jobsites.listGroups(requireActor(req), req.query.companyId),
  );

  app.get(
    '/tenants/groups/:id',
    {
      schema: {
        ...base,
        summary:
          'One job site (404 when the caller was not granted it; an inspector there gets it without projects and gateways)',
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: TenantGroup, ...AUTHED_ERRORS },
      },
    },
    async (req) => jobsites.getGroup(requireActor(req), req.params.id),
  );

  app.get(
    '/tenants/by_tenant_group/list',
    {
      schema: {
        ...base,
        summary: 'Projects of one job site, newest first',
        querystring: ByTenantGroupQuery,
        response: { 200: TenantList, ...AUTHED_ERRORS },
      },
    },
    async (req) => jobsites.tenantsByGroup(requireActor(req), req.query.tenantGroupId),
  );

  app.get(
    '/tenants/by_tenant_group_type/list',
    {
      schema: {
        ...base,
        summary: 'Projects of one job site of one type, newest first',
        querystring: ByTenantGroupTypeQuery,
        response: { 200: TenantList, ...AUTHED_ERRORS },
      },
    },
    async (req) => jobsites.tenantsByGroup(requireActor(req), req.query.tenantGroupId, req.query.tenantType),
  );

  app.get(
    '/tenants/groups/list/by_user',
    {
      schema: {
        ...base,
        summary: 'Job sites granted to a user (non-admins: only themselves, else 403)',
        querystring: ByUserQuery,
        response: { 200: TenantGroupList, ...AUTHED_ERRORS },
      },
    },
    async (req) => jobsites.listGroupsByUser(requireActor(req), req.query.companyId, req.query.username),
  );

  app.put(
    '/tenants/groups/time_zone',
    {
      schema: {
        ...base,
        summary: "Sets a job site's time zone (company admins; null: from its coordinates again)",
        description:
          'Ours, not in the specification (docs/decisions/site-time.md). timeZone is an IANA name ' +
          '(400 otherwise), or null to derive the zone from the latitude and longitude (UTC without them). ' +
          'Company admins only (403); a site of another company answers 404. Answers the job site.',
        body: TenantGroupTimeZoneBody,
        response: { 200: TenantGroup, ...AUTHED_ERRORS },
      },
    },
    async (req) => jobsites.setTimeZone(requireActor(req), req.body),
  );

  app.get(
    '/tenants/groups/ids/by_application_type',
    {
      schema: {
        ...base,
        summary: "Ids of the job sites of a user for an application type ('1': web dashboard)",
        description:
          'The specification names this call ("job sites by company, username and application type") ' +
          'without its path; this is the path we chose. applicationType is 1 (web dashboard) or 2 (mobile app; ' +
          'ours), 400 otherwise. Every job site serves both, so the answer is the granted list of the user ' +
          '(yourself, or anyone of your company for an admin); the web app shows the granted sites in it ' +
          '(docs/decisions/application-type.md).',
        querystring: withTenant(ByApplicationTypeQuery),
        response: { 200: IdList, ...AUTHED_ERRORS },
      },
    },
    async (req) =>
      jobsites.groupIdsByApplicationType(
        requireActor(req),
        req.query.companyId,
        req.query.username,
        req.query.applicationType,
      ),
  );
};
