import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MaterialElementsPage,
  MaterialElementsQuery,
  MaterialEvent,
  MaterialEventBody,
  MaterialStageList,
  MaterialStagesBody,
  MaterialStagesQuery,
  MaterialTimeline,
  MaterialTimelineParams,
  TenantQuery,
  TrackingManagerPage,
  TrackingManagerQuery,
} from '@sitepulse/contracts';
import { MATERIAL_STAGES_MAX, MATERIAL_TIMELINE_MAX, TRACKING_RPP_MAX } from '@sitepulse/domain';
import { requireActor } from '../../lib/actor.ts';
import { BEARER, errorResponses } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

const ERRORS = errorResponses(400, 401, 403, 404, 409);

const WHO =
  "Elements are the company's active Lumitrack IDs the caller reads: those in no project, and those of the job " +
  "sites the caller reads (another company's ID, or one of a site not granted, reads as 404; an inspector " +
  "there 403). companyId must be the caller's (403 otherwise). docs/decisions/material-tracking.md.";

/**
 * The tracking manager and material tracking (spec section 1: the two flag-gated screens; issue 16). Paths
 * chosen by us. The build flags gate the screens (their routes show the no-access page when off); these
 * calls are served either way, under the access rules of the Lumitrack IDs.
 */
export const trackingRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { tracking } = services;
  const base = { tags: ['tracking'], security: BEARER };

  app.get(
    '/tracking/manager',
    {
      schema: {
        ...base,
        summary:
          'The tracking manager: IDs with their location, state, latest checklist and stage (one page)',
        description:
          'Newest first, rpp 1 to ' +
          `${TRACKING_RPP_MAX} (default 100). Each ID with its project, state, GPS node and the node's last ` +
          'fix (location null: no node, or no fix yet), its latest checklist filled on a site the caller reads, ' +
          `and its current material-tracking stage. tenantId: one Lumitrack project (unknown or not granted 404). ${WHO}`,
        querystring: TrackingManagerQuery,
        response: { 200: TrackingManagerPage, ...ERRORS },
      },
    },
    async (req) => tracking.manager(requireActor(req), req.query),
  );

  app.get(
    '/tracking/material/stages',
    {
      schema: {
        ...base,
        summary: "The company's material-tracking stages, in order",
        description:
          'Until a company admin changes them: Cast, Cured, In yard, Shipped, Installed (written on first use). ' +
          "Any user of the company reads them; another company's companyId 403.",
        querystring: MaterialStagesQuery,
        response: { 200: MaterialStageList, ...ERRORS },
      },
    },
    async (req) => tracking.stages(requireActor(req), req.query.companyId),
  );

  app.put(
    '/tracking/material/stages',
    {
      schema: {
        ...base,
        summary: `Company admins: the stages, all at once (1 to ${MATERIAL_STAGES_MAX}, in order)`,
        description:
          'An existing stage is named by its id (renamed, moved, given a checklist template), a new one has ' +
          'none; a stage left out is removed, unless stage events were recorded at it (409). Names are trimmed, ' +
          '1 to 40 characters, no two alike (case ignored): 400 naming the stage. An unknown stage or checklist ' +
          'template 404. Not a company admin, or read-only: 403. All or nothing.',
        body: MaterialStagesBody,
        response: { 200: MaterialStageList, ...ERRORS },
      },
    },
    async (req) => tracking.saveStages(requireActor(req), req.body),
  );

  app.get(
    '/tracking/material/elements',
    {
      schema: {
        ...base,
        summary: 'Material tracking: elements per stage (counts) and one page of elements',
        description:
          "`stages` counts the elements now at each stage (an element's stage is its latest stage event), " +
          '`notStarted` those with none yet, both within tenantId when given; `items` is one page of the ' +
          'elements matching every filter (stageId, or notStarted, not both: 400), newest first. ' +
          WHO,
        querystring: MaterialElementsQuery,
        response: { 200: MaterialElementsPage, ...ERRORS },
      },
    },
    async (req) => tracking.elements(requireActor(req), req.query),
  );

  app.get(
    '/tracking/material/events/by_lumitrack_id/:id',
    {
      schema: {
        ...base,
        summary: "An element's timeline: its current stage and its stage events, newest first",
        description: `At most ${MATERIAL_TIMELINE_MAX} events. Active or deleted IDs. ${WHO}`,
        params: MaterialTimelineParams,
        querystring: TenantQuery,
        response: { 200: MaterialTimeline, ...ERRORS },
      },
    },
    async (req) => tracking.timeline(requireActor(req), req.params.id),
  );

  app.post(
    '/tracking/material/events',
    {
      schema: {
        ...base,
        summary: 'Records a stage of an element (201): what a scan of its label does',
        description:
          'The stage must be one of the company (400). Going back to an earlier stage needs a note (400 ' +
          'without one); the same stage again or any later one does not. checklistFillId: a checklist filled ' +
          'for this same ID that backs the stage (another ID 400; one the caller cannot read 404). A deleted ID ' +
          '400. Recorded by those who may change the element: writers of its job site, or for an element in ' +
          'no project company admins and admins or editors of a site with a Lumitrack project (403). Every ' +
          `refusal stores nothing. ${WHO}`,
        body: MaterialEventBody,
        response: { 201: MaterialEvent, ...ERRORS },
      },
    },
    async (req, reply) => reply.status(201).send(await tracking.record(requireActor(req), req.body)),
  );
};
