import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Company,
  CompanyAsset,
  CompanyAssetsQuery,
  CompanyModule,
  CompanyModuleByTypeQuery,
  CompanyModulesQuery,
  IdParams,
  TenantQuery,
} from '@sitepulse/contracts';
import Type from 'typebox';
import { requireActor } from '../../lib/actor.ts';
import { unauthorized } from '../../lib/errors.ts';
import { AUTHED_ERRORS, BEARER, COMPANY_OR_BEARER, withTenant } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

/** The company, its modules and its assets (logo). */
export const companiesRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { companies } = services;

  app.get(
    '/companies/:id',
    {
      schema: {
        tags: ['companies'],
        summary: "The caller's company (any other id: 404)",
        params: IdParams,
        querystring: TenantQuery,
        security: BEARER,
        response: { 200: Company, ...AUTHED_ERRORS },
      },
    },
    async (req) => companies.getCompany(requireActor(req), req.params.id),
  );

  app.get(
    '/companies/modules/by_companyId',
    {
      schema: {
        tags: ['companies'],
        summary: 'Modules of the company (Concrete, Lumimon, Lumitrack), optionally only active ones',
        querystring: withTenant(CompanyModulesQuery),
        security: BEARER,
        response: { 200: Type.Array(CompanyModule), ...AUTHED_ERRORS },
      },
    },
    async (req) => companies.listModules(requireActor(req), req.query.companyId, req.query.isActive),
  );

  app.get(
    '/companies/modules/by_companyId/by_module_type',
    {
      schema: {
        tags: ['companies'],
        summary: 'One module of the company by type (404 if the company lacks it)',
        querystring: withTenant(CompanyModuleByTypeQuery),
        security: BEARER,
        response: { 200: CompanyModule, ...AUTHED_ERRORS },
      },
    },
    async (req) => companies.getModuleByType(requireActor(req), req.query.companyId, req.query.moduleType),
  );

  app.get(
    '/companies/assets/by_companyId',
    {
      config: { auth: 'company' },
      schema: {
        tags: ['companies'],
        summary: 'Company assets (the logo, base64); a company token or an access token of that company',
        querystring: withTenant(CompanyAssetsQuery),
        security: COMPANY_OR_BEARER,
        response: { 200: Type.Array(CompanyAsset), ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      if (req.tokenCompanyId === null) throw unauthorized();
      return companies.listAssets(req.tokenCompanyId, req.query.companyId, req.query.type);
    },
  );
};
