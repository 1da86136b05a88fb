import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChecklistAssignNameBody,
  ChecklistAssignTemplateBody,
  ChecklistAssignTenantsBody,
  ChecklistAuditList,
  ChecklistAuditsBody,
  ChecklistFill,
  ChecklistFillBody,
  ChecklistFillList,
  ChecklistFillsByLumitrackParams,
  ChecklistLatestFillList,
  ChecklistPhoto,
  ChecklistPhotoParams,
  ChecklistPhotoQuery,
  ChecklistTemplate,
  ChecklistTemplateCreateBody,
  ChecklistTemplateList,
  ChecklistTemplatesQuery,
  ChecklistToggleBody,
  IdParams,
} from '@sitepulse/contracts';
import {
  CHECKLIST_AUDITS_MAX,
  CHECKLIST_FILLS_MAX,
  CHECKLIST_PHOTO_MAX_BYTES,
  CHECKLIST_PHOTO_TYPES,
} from '@sitepulse/domain';
import Type from 'typebox';
import { requireActor } from '../../lib/actor.ts';
import { tokenInQuery as downloadTokenHook } from '../../lib/download-token.ts';
import { AUTHED_ERRORS, BEARER, errorResponses } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';
import { PENDING_PHOTOS_MAX } from './service.ts';

const T = '/checklist/templates';
const ADMINS =
  'Company admins only (ADMIN or AOMS accounts without a read-only role): others 403. Every change is recorded ' +
  "in the template's audit with the username and the time; a change that changes nothing records nothing.";
const CHANGED = "Answers the template as it is after. Unknown template (or another company's) 404.";
const FORMAT =
  'The template format is ours (docs/decisions/checklists.md): 1 to 100 items, each with a stable key ' +
  '(a-z, 0-9, _; unique), a label (at most 200 characters), a kind (CHECK, NUMBER, TEXT, PHOTO), required, and ' +
  'for NUMBER items a unit and min/max bounds (within ±1e9, min ≤ max). A template that breaks a rule 400 with ' +
  'a message naming the item, and nothing changes.';

const PhotoFile = Type.Unsafe<Readable>({
  type: 'string',
  format: 'binary',
  description: CHECKLIST_PHOTO_TYPES.join(', '),
});

/**
 * Checklists (spec section 7, issue 16): the seven template calls of the spec, and ours for filled
 * checklists and their photos (docs/decisions/checklists.md).
 */
export const checklistsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { checklists, auth } = services;
  const base = { tags: ['checklists'], security: BEARER };
  const tokenInQuery = downloadTokenHook(auth);

  // Photos arrive as their bytes (this plugin's routes only); a body past the limit 413 before it is read whole.
  app.addContentTypeParser(
    [...CHECKLIST_PHOTO_TYPES],
    { parseAs: 'buffer', bodyLimit: CHECKLIST_PHOTO_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.get(
    `${T}/by_company/:id`,
    {
      schema: {
        ...base,
        summary: "The company's checklist templates, by name",
        description:
          'id is the company id (another company 403). A company admin gets every template, active or not, with ' +
          'all its projects; anyone else the active templates assigned to a project of a job site they may read, ' +
          'with those projects only. tenantId: only the templates of that project.',
        params: IdParams,
        querystring: ChecklistTemplatesQuery,
        response: { 200: ChecklistTemplateList, ...AUTHED_ERRORS },
      },
    },
    async (req) => checklists.listByCompany(requireActor(req), req.params.id, req.query),
  );

  app.post(
    T,
    {
      schema: {
        ...base,
        summary: 'Create a checklist template',
        description:
          `Answers the new template (version 1), recorded as CREATE. ${FORMAT} The name is unique in the company ` +
          "(case ignored; 409). tenants: Lumitrack projects of the company (another company's or unknown 404, " +
          `another type or archived 400). At most 500 templates a company. ${ADMINS}`,
        body: ChecklistTemplateCreateBody,
        response: { 200: ChecklistTemplate, ...AUTHED_ERRORS, ...errorResponses(409) },
      },
    },
    async (req) => checklists.create(requireActor(req), req.body),
  );

  app.post(
    `${T}/cmd/assign_tenants`,
    {
      schema: {
        ...base,
        summary: 'Assign a checklist template to Lumitrack projects (all of them at once)',
        description:
          'The list replaces the projects it had; an empty list unassigns it. Each must be a Lumitrack project of ' +
          "the company (another company's or unknown 404, another type 400, archived 400 unless it was already " +
          `assigned); one refused project changes nothing. Recorded as ASSIGN_TENANTS. ${CHANGED} ${ADMINS}`,
        body: ChecklistAssignTenantsBody,
        response: { 200: ChecklistTemplate, ...AUTHED_ERRORS },
      },
    },
    async (req) => checklists.assignTenants(requireActor(req), req.body),
  );

  app.post(
    `${T}/audits/users`,
    {
      schema: {
        ...base,
        summary: 'Who did what to the checklist templates: the audit entries, newest first',
        description:
          'Body (ours): templateId for one template (unknown 404), usernames for what those users did; empty: ' +
          `every entry of the company. Operations CREATE, RENAME, EDIT_TEMPLATE, ASSIGN_TENANTS, ACTIVATE, DEACTIVATE ` +
          `and FILL, each with the username and the time. At most ${CHECKLIST_AUDITS_MAX}. Company admins only ` +
          '(read-only admins too); others 403.',
        body: ChecklistAuditsBody,
        response: { 200: ChecklistAuditList, ...AUTHED_ERRORS },
      },
    },
    async (req) => checklists.audits(requireActor(req), req.body),
  );

  app.put(
    `${T}/cmd/toggle`,
    {
      schema: {
        ...base,
        summary: 'Activate or deactivate a checklist template',
        description:
          'A deactivated template (isActive false) takes no new checklists and is not listed to non-admins; the ' +
          `checklists filled with it stay. Recorded as ACTIVATE or DEACTIVATE. ${CHANGED} ${ADMINS}`,
        body: ChecklistToggleBody,
        response: { 200: ChecklistTemplate, ...AUTHED_ERRORS },
      },
    },
    async (req) => checklists.toggle(requireActor(req), req.body),
  );

  app.put(
    `${T}/cmd/assign_name`,
    {
      schema: {
        ...base,
        summary: 'Rename a checklist template',
        description: `Trimmed, 1 to 100 characters, unique in the company (case ignored; 409). Recorded as RENAME. ${CHANGED} ${ADMINS}`,
        body: ChecklistAssignNameBody,
        response: { 200: ChecklistTemplate, ...AUTHED_ERRORS, ...errorResponses(409) },
      },
    },
    async (req) => checklists.assignName(requireActor(req), req.body),
  );

  app.put(
    `${T}/cmd/assign_template`,
    {
      schema: {
        ...base,
        summary: "Edit a checklist template's items",
        description:
          `${FORMAT} The version moves on by one; checklists filled before keep the template they filled. ` +
          `Recorded as EDIT_TEMPLATE. ${CHANGED} ${ADMINS}`,
        body: ChecklistAssignTemplateBody,
        response: { 200: ChecklistTemplate, ...AUTHED_ERRORS },
      },
    },
    async (req) => checklists.assignTemplate(requireActor(req), req.body),
  );

  app.post(
    '/checklist/fills',
    {
      schema: {
        ...base,
        summary: 'Fill a checklist for a Lumitrack ID',
        description:
          'Path chosen by us (the spec names none). Answers 201 with the filled checklist, kept with the template ' +
          "as it is now (its version), the signed-in user and the time, and recorded in the template's audit as " +
          'FILL. It is never changed. The template must be active and assigned to the project (else 400); writers ' +
          "of the project's job site only (viewers, inspectors and Read-Only accounts 403; another company's or " +
          'an ungranted project 404). Each answer names an item by its key; the server checks them against the ' +
          'template: an unknown item, an item answered twice, a value of the wrong kind, a number out of bounds or ' +
          'a required item left out 400 with a message naming the item, and nothing is stored. A PHOTO answer is ' +
          'the photoId of one of your photos sent with POST /checklist/photos and not used yet.',
        body: ChecklistFillBody,
        response: { 201: ChecklistFill, ...AUTHED_ERRORS, ...errorResponses(409) },
      },
    },
    async (req, reply) => reply.status(201).send(await checklists.fill(requireActor(req), req.body)),
  );

  app.get(
    '/checklist/fills/by_lumitrack_id/:lumitrackId',
    {
      schema: {
        ...base,
        summary: 'The checklists filled for a Lumitrack ID, newest first',
        description: `Path chosen by us. Those of the job sites the caller may read; at most ${CHECKLIST_FILLS_MAX}.`,
        params: ChecklistFillsByLumitrackParams,
        response: { 200: ChecklistFillList, ...AUTHED_ERRORS },
      },
    },
    async (req) => checklists.fillsByLumitrackId(requireActor(req), req.params.lumitrackId),
  );

  app.get(
    '/checklist/fills/latest/by_tenant/:id',
    {
      schema: {
        ...base,
        summary: "The latest checklist filled for each Lumitrack ID of a project (a project's list of IDs)",
        description:
          'Path chosen by us. id is the project (tenant); one entry per Lumitrack ID filled in it: the latest ' +
          'checklist (its template name when filled, who, when), newest first. Readers of the job site: an ' +
          "unknown, another company's or an ungranted project 404, an inspector there 403.",
        params: IdParams,
        response: { 200: ChecklistLatestFillList, ...AUTHED_ERRORS },
      },
    },
    async (req) => checklists.latestFillsByTenant(requireActor(req), req.params.id),
  );

  app.get(
    '/checklist/fills/:id',
    {
      schema: {
        ...base,
        summary: 'One filled checklist',
        description:
          "Path chosen by us. Readers of its job site: another company's or an ungranted site's 404, an inspector " +
          'there 403.',
        params: IdParams,
        response: { 200: ChecklistFill, ...AUTHED_ERRORS },
      },
    },
    async (req) => checklists.fillById(requireActor(req), req.params.id),
  );

  app.post(
    '/checklist/photos',
    {
      bodyLimit: CHECKLIST_PHOTO_MAX_BYTES,
      schema: {
        ...base,
        summary: 'Send a photo for a PHOTO item of a checklist (the image itself is the body)',
        description:
          `Path chosen by us. The body is the image, Content-Type ${CHECKLIST_PHOTO_TYPES.join(', ')} (another ` +
          `type 415), at most ${CHECKLIST_PHOTO_MAX_BYTES} bytes (413); its bytes must be an image of that type ` +
          '(400). Answers 201 with its photoId, which a PHOTO answer of POST /checklist/fills names. It waits for ' +
          `a checklist 24 hours, then is removed; at most ${PENDING_PHOTOS_MAX} wait at once (409). Users who may ` +
          'change a job site only (403).',
        response: {
          201: ChecklistPhoto,
          ...AUTHED_ERRORS,
          ...errorResponses(409, 413, 415),
        },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await checklists.uploadPhoto(requireActor(req), req.headers['content-type'], req.body)),
  );

  app.get(
    '/checklist/photos/:photoId',
    {
      config: { auth: 'optional' },
      exposeHeadRoute: false,
      onRequest: tokenInQuery,
      schema: {
        ...base,
        summary:
          'A photo of a checklist (a plain link: the access token may be in the `token` query parameter)',
        description:
          "Path chosen by us. A filled checklist's photo, for readers of its job site (an inspector there 403); a " +
          'photo not in a checklist yet, for the user who sent it only. Otherwise 404.',
        params: ChecklistPhotoParams,
        querystring: ChecklistPhotoQuery,
        response: { 200: PhotoFile, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      const photo = await checklists.openPhoto(requireActor(req), req.params.photoId);
      reply.header('content-type', photo.mimeType);
      reply.header('content-disposition', 'inline');
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('content-length', String(photo.size));
      return reply.send(photo.body);
    },
  );
};
