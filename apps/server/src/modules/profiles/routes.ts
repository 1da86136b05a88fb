import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConcreteProfile,
  ConcreteProfileList,
  ConprofilesByCompanyQuery,
  CreateConcreteProfileBody,
  IdParams,
  TenantQuery,
  UpdateConcreteProfileBody,
} from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

/** Concrete profiles: lab breaks, the fitted strength curve and its calibrated range. */
export const profilesRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { profiles } = services;
  const base = { tags: ['concrete profiles'], security: BEARER };
  const writers =
    'Company admins, and users who are admin or editor (access 1 or 2) of at least one job site, may write; others 403.';

  app.get(
    '/concrete/conprofiles/by_company',
    {
      schema: {
        ...base,
        summary: "The company's concrete profiles, by name",
        description: 'Every user of the company reads them; another companyId answers 403.',
        querystring: ConprofilesByCompanyQuery,
        response: { 200: ConcreteProfileList, ...AUTHED_ERRORS },
      },
    },
    async (req) => profiles.listByCompany(requireActor(req), req.query.companyId),
  );

  app.get(
    '/concrete/conprofiles/:id',
    {
      schema: {
        ...base,
        summary: 'One concrete profile (404 for another company)',
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: ConcreteProfile, ...AUTHED_ERRORS },
      },
    },
    async (req) => profiles.get(requireActor(req), req.params.id),
  );

  app.post(
    '/concrete/conprofiles',
    {
      schema: {
        ...base,
        summary: 'Create a concrete profile from lab breaks; the server fits S = a + b·log10(M)',
        description:
          "Answers the fit (a, b, r2) and the calibrated range (minMaturity, maxMaturity: the breaks' lowest and " +
          'highest maturity). Fewer than two breaks at different maturities, or strength not rising with maturity, ' +
          `answers 400. Defaults: NURSE_SAUL, datum -10 °C, activation energy 40000 J/mol, reference 20 °C. ${writers}`,
        body: CreateConcreteProfileBody,
        response: { 200: ConcreteProfile, ...AUTHED_ERRORS },
      },
    },
    async (req) => profiles.create(requireActor(req), req.body),
  );

  app.put(
    '/concrete/conprofiles/:id',
    {
      schema: {
        ...base,
        summary: 'Edit a concrete profile; new breaks are refitted and the jobs using it recomputed',
        description:
          'Only the fields given change. A change of the function, its constants or the breaks recomputes the ' +
          `maturity and strength of every started job that uses the profile. ${writers}`,
        params: IdParams,
        body: UpdateConcreteProfileBody,
        response: { 200: ConcreteProfile, ...AUTHED_ERRORS },
      },
    },
    async (req) => profiles.update(requireActor(req), req.params.id, req.body),
  );
};
