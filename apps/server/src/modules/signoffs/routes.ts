import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, JobSignoff, JobSignoffBody, JobSignoffList } from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER, errorResponses } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

const PATH = '/analytics/concrete/maturity/jobs/signoffs/:id';

/** Sign-offs of maturity jobs (issue 13): paths chosen by us, the spec names none. */
export const signoffsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { signoffs } = services;
  const base = { tags: ['maturity and strength'], security: BEARER };
  const read =
    "Readers of the job's site: another company's job or an ungranted site 404, an inspector there 403.";

  app.get(
    PATH,
    {
      schema: {
        ...base,
        summary: 'The sign-offs of a maturity job, newest first',
        description:
          'Path chosen by us. Each decision recorded on the job, with the strength (MPa) and maturity the job showed ' +
          'when it was recorded, who recorded it and when; supersededById names the later sign-off that replaced ' +
          `it. Sign-offs are never edited nor deleted: this list is the job's decision history. ${read}`,
        params: IdParams,
        response: { 200: JobSignoffList, ...AUTHED_ERRORS },
      },
    },
    async (req) => signoffs.list(requireActor(req), req.params.id),
  );

  app.post(
    PATH,
    {
      schema: {
        ...base,
        summary:
          'Record a decision on a maturity job (forms stripped, tendons stressed, opened to traffic, loaded)',
        description:
          'Path chosen by us. Answers 201 with the new sign-off. The server records the job strength and maturity ' +
          'as the job page shows them now (latestStrength, latestMaturityIndex), the signed-in user and the time: ' +
          'the body gives only the decision, a note (at most 2000 characters) and, to replace an earlier decision, ' +
          'supersedesId. That must be a sign-off of the same job (else 400) not already superseded (else 409); the ' +
          'old one stays, marked superseded. Only started maturity jobs (humidity jobs and jobs not started 400). ' +
          "Needs write access (admin or editor) to the job's site: viewers, inspectors and Read-Only accounts 403, " +
          "another company's job or an ungranted site 404. Open job pages of the site get a live `alarms` event " +
          'naming the job. There is no call that edits or deletes a sign-off.',
        params: IdParams,
        body: JobSignoffBody,
        response: { 201: JobSignoff, ...AUTHED_ERRORS, ...errorResponses(409) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await signoffs.record(requireActor(req), req.params.id, req.body)),
  );
};
