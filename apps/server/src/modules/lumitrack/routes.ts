import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActiveLumitrackIdQuery,
  ActiveLumitrackIds,
  AssignGpsNodeBody,
  AssignTenantBody,
  CreateStandardIdBody,
  CreateStandardIdListBody,
  CreateStandardIdQuery,
  IdFileDownloadQuery,
  IdFileRequest,
  IdFileRequestBody,
  IdFileRequestList,
  IdFileRequestsByIdBody,
  IdFileRequestsByLumitrackIdBody,
  IdFileRequestsQuery,
  IdParams,
  LabelPreference,
  LumitrackId,
  LumitrackIdBody,
  LumitrackIdList,
  LumitrackIdParams,
  LumitrackNameList,
  OkResult,
  TenantQuery,
} from '@sitepulse/contracts';
import {
  ACTIVE_ID_INTERVAL_MAX_MIN,
  DEFAULT_ACTIVE_ID_INTERVAL_MIN,
  LUMITRACK_ANNUAL_LIMIT_CODE,
  LUMITRACK_FILE_IDS_MAX,
  LUMITRACK_IDS_PER_CALL_MAX,
  LUMITRACK_LIST_MAX,
} from '@sitepulse/domain';
import Type from 'typebox';
import { requireActor } from '../../lib/actor.ts';
import { tokenInQuery as downloadTokenHook, sendDownload } from '../../lib/download-token.ts';
import { BEARER, errorResponses } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

const LT = '/lumitrack/lumitrackid';
const ERRORS = errorResponses(400, 401, 403, 404, 409);

const WHO =
  'An ID in no project is read by any user of the company; an ID in a project by the readers of its job site ' +
  "(another company's ID, or one of a job site not granted, reads as 404; an inspector there 403). Company " +
  'admins, and admins or editors of a job site with a Lumitrack project, make IDs and change or delete those ' +
  'in no project; an ID in a project is changed by those who may change its job site (docs/decisions/lumitrack.md).';
const ID_TEXT = 'IDs are named by their human ID (LT-7K3M-Q9XP; any case, hyphens optional).';
const LIMIT =
  "IDs count against the company tier's lumitrack_id_annual_limit (calendar year, UTC; deleted IDs count): past " +
  `it 409 with code ${LUMITRACK_ANNUAL_LIMIT_CODE} and nothing is made. A company without an active Lumitrack ` +
  'module: 403.';

const FileBody = Type.Unsafe<Readable>({
  type: 'string',
  format: 'binary',
  description: 'application/pdf, image/png or application/zip',
});

/** Lumitrack IDs and their QR label files (spec section 7, issue 16). */
export const lumitrackRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { lumitrack, auth } = services;
  const base = { tags: ['lumitrack'], security: BEARER };
  const tokenInQuery = downloadTokenHook(auth);

  app.post(
    `${LT}/type/standard`,
    {
      schema: {
        ...base,
        summary: 'Make one standard Lumitrack ID (201)',
        description:
          'A new Active ID in no project (ours: in the Lumitrack project tenantId, when given, by the rules of ' +
          'cmd/assign_tenant), with a human ID unique in the company. createLumitrackIdFileRequests=true ' +
          'also asks for its label files: one request per format (PNG, PDF_A4, PDF_LETTER), isUserDefined false, ' +
          `made by the label worker. companyId must be the caller's (403 otherwise). ${LIMIT} ${WHO}`,
        querystring: CreateStandardIdQuery,
        body: CreateStandardIdBody,
        response: { 201: LumitrackId, ...ERRORS },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          await lumitrack.createStandard(
            requireActor(req),
            req.body.companyId,
            req.query.createLumitrackIdFileRequests ?? false,
            req.body.tenantId,
          ),
        ),
  );

  app.post(
    `${LT}/type/standard/list`,
    {
      schema: {
        ...base,
        summary: `Make numLumitrackIds (1 to ${LUMITRACK_IDS_PER_CALL_MAX}) standard Lumitrack IDs at once (201)`,
        description:
          'All of them or none, answered in the order made; ours: tenantId makes them in that Lumitrack project (the ' +
          'rules of cmd/assign_tenant). createLumitrackIdFileRequests=true also asks for one ' +
          `label file per format holding all of them. ${LIMIT} ${WHO}`,
        querystring: CreateStandardIdQuery,
        body: CreateStandardIdListBody,
        response: { 201: LumitrackIdList, ...ERRORS },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          await lumitrack.createStandardList(
            requireActor(req),
            req.body.companyId,
            req.body.numLumitrackIds,
            req.query.createLumitrackIdFileRequests ?? false,
            req.body.tenantId,
          ),
        ),
  );

  app.delete(
    LT,
    {
      schema: {
        ...base,
        summary: 'Delete a Lumitrack ID: it becomes Inactive',
        description:
          'The ID is hidden from the lists from then on (still read by by_lumitrack_id, with state Inactive), lets ' +
          `its GPS node go, and is never made again. Deleting it twice: 409. ${ID_TEXT} ${WHO}`,
        body: LumitrackIdBody,
        response: { 200: OkResult, ...ERRORS },
      },
    },
    async (req) => {
      await lumitrack.remove(requireActor(req), req.body.lumitrackId);
      return { ok: true };
    },
  );

  for (const [path, summary, list] of [
    ['types', 'The Lumitrack ID types (STANDARD)', () => lumitrack.types()],
    ['states/types', 'The states of an ID (Active, Inactive)', () => lumitrack.stateTypes()],
    [
      'associations/types',
      'What an ID may be tied to (LUMITRACK_JOB: a Lumitrack project)',
      () => lumitrack.associationTypes(),
    ],
  ] as const) {
    app.get(
      `${LT}/${path}`,
      {
        schema: {
          ...base,
          summary,
          querystring: TenantQuery,
          response: { 200: LumitrackNameList, ...ERRORS },
        },
      },
      async (req) => {
        requireActor(req);
        return list();
      },
    );
  }

  app.get(
    `${LT}/by_lumitrack_id/:id`,
    {
      schema: {
        ...base,
        summary: 'One Lumitrack ID (what scanning its label asks for)',
        description: `Active or Inactive, with its project and GPS node. ${ID_TEXT} ${WHO}`,
        params: LumitrackIdParams,
        querystring: TenantQuery,
        response: { 200: LumitrackId, ...ERRORS },
      },
    },
    async (req) => lumitrack.get(requireActor(req), req.params.id),
  );

  const listDescription = `Active IDs only (inactive ones are hidden), newest first, at most ${LUMITRACK_LIST_MAX}.`;

  app.get(
    `${LT}/by_tenant/list/:id`,
    {
      schema: {
        ...base,
        summary: "A project's Lumitrack IDs",
        description: `The id is the project (tenant). ${listDescription} ${WHO}`,
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: LumitrackIdList, ...ERRORS },
      },
    },
    async (req) => lumitrack.listByTenant(requireActor(req), req.params.id),
  );

  app.get(
    `${LT}/by_tenant_group/list/:id`,
    {
      schema: {
        ...base,
        summary: "The Lumitrack IDs of a job site's projects",
        description: `The id is the job site (tenant group). ${listDescription} ${WHO}`,
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: LumitrackIdList, ...ERRORS },
      },
    },
    async (req) => lumitrack.listBySite(requireActor(req), req.params.id),
  );

  app.get(
    `${LT}/by_companyId/list/:id`,
    {
      schema: {
        ...base,
        summary: "The company's Lumitrack IDs the caller may read",
        description:
          "Those in no project and those of the caller's readable job sites. Another company's id: 403. " +
          `${listDescription} ${WHO}`,
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: LumitrackIdList, ...ERRORS },
      },
    },
    async (req) => lumitrack.listByCompany(requireActor(req), req.params.id),
  );

  app.put(
    `${LT}/cmd/assign_tenant`,
    {
      schema: {
        ...base,
        summary: 'Put a Lumitrack ID in a Lumitrack project (tenant: null takes it out)',
        description:
          'The project must be a Lumitrack project of the company (another type 400; archived 409; not found or ' +
          `not granted 404) on a job site the caller may change. Answers the ID. ${ID_TEXT} ${WHO}`,
        body: AssignTenantBody,
        response: { 200: LumitrackId, ...ERRORS },
      },
    },
    async (req) => lumitrack.assignTenant(requireActor(req), req.body),
  );

  app.put(
    `${LT}/cmd/assign_gps_node`,
    {
      schema: {
        ...base,
        summary: 'Give a Lumitrack ID a GPS node to track it (nodeId: null takes it away)',
        description:
          'Only a node of type GPS with no cable and no project (spec section 4): another type 400; a node with a ' +
          'cable or in a project 409; a node already tracking another ID 409; a node of another company or of a ' +
          `job site the caller cannot read 404. Answers the ID. ${ID_TEXT} ${WHO}`,
        body: AssignGpsNodeBody,
        response: { 200: LumitrackId, ...ERRORS },
      },
    },
    async (req) => lumitrack.assignGpsNode(requireActor(req), req.body),
  );

  app.get(
    `${LT}/cmd/get_active_lumitrackId`,
    {
      schema: {
        ...base,
        summary:
          'How many Active IDs were made in the last intervalInMin minutes, and the year against the limit',
        description:
          `intervalInMin 1 to ${ACTIVE_ID_INTERVAL_MAX_MIN}, default ${DEFAULT_ACTIVE_ID_INTERVAL_MIN} (one year). Also ` +
          "the company tier's annual limit, the IDs made this calendar year (UTC, deleted ones included) and how " +
          "many more may be made. Another company's id: 403.",
        querystring: ActiveLumitrackIdQuery,
        response: { 200: ActiveLumitrackIds, ...ERRORS },
      },
    },
    async (req) => lumitrack.active(requireActor(req), req.query),
  );

  // ---------------------------------------------------------------- ID file requests

  const FILES = `${LT}/files/requests`;
  const READS =
    'A request is read by whoever may read every ID in it. A request goes NEW, RUNNING, then DONE (download it ' +
    'from downloadPath) or ERROR with a reason; poll it.';

  app.post(
    FILES,
    {
      schema: {
        ...base,
        summary: 'Ask for the QR labels of some IDs: stored NEW and answered at once (201)',
        description:
          `1 to ${LUMITRACK_FILE_IDS_MAX} IDs, labelled in the order given (an ID named twice is printed twice); each ` +
          'must be Active (409) and readable by the caller (404/403). payload.fileFormat PNG, PDF_A4 or PDF_LETTER ' +
          "defaults to the caller's preferred format; PNG of one ID is a PNG file, of several a ZIP of PNGs; a PDF " +
          'format is one PDF of label sheets. payload.fileType may be left out; given, it must be that file (400). ' +
          "payload.companyName (printed on each label) defaults to the company's name. type defaults to QR_CODE, " +
          `status must be NEW if given, isUserDefined defaults to true. ${ID_TEXT} ${READS}`,
        body: IdFileRequestBody,
        response: { 201: IdFileRequest, ...ERRORS },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await lumitrack.createFileRequest(requireActor(req), req.body)),
  );

  app.get(
    FILES,
    {
      schema: {
        ...base,
        summary: "The company's ID file requests the caller may read, newest first",
        description: `At most 500; isUserDefined filters. ${READS}`,
        querystring: IdFileRequestsQuery,
        response: { 200: IdFileRequestList, ...ERRORS },
      },
    },
    async (req) => lumitrack.listFileRequests(requireActor(req), req.query.isUserDefined),
  );

  app.get(
    `${FILES}/by_id/:id`,
    {
      schema: {
        ...base,
        summary: 'One ID file request',
        description: READS,
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: IdFileRequest, ...ERRORS },
      },
    },
    async (req) => lumitrack.fileRequest(requireActor(req), req.params.id),
  );

  app.post(
    `${FILES}/by_id`,
    {
      schema: {
        ...base,
        summary: 'Several ID file requests at once (a screen polling its files)',
        description: `Those of the ids the caller may read, newest first; others are left out. ${READS}`,
        body: IdFileRequestsByIdBody,
        response: { 200: IdFileRequestList, ...ERRORS },
      },
    },
    async (req) => lumitrack.fileRequestsByIds(requireActor(req), req.body.ids),
  );

  app.get(
    `${FILES}/by_lumitrack_id/:id`,
    {
      schema: {
        ...base,
        summary: 'The file requests holding one ID, newest first',
        description:
          'isUserDefined=false: the files made when the ID was made (one per format); true: those users asked for. ' +
          `At most 500. ${ID_TEXT} ${READS}`,
        params: LumitrackIdParams,
        querystring: IdFileRequestsQuery,
        response: { 200: IdFileRequestList, ...ERRORS },
      },
    },
    async (req) => lumitrack.fileRequestsOfId(requireActor(req), req.params.id, req.query.isUserDefined),
  );

  app.post(
    `${FILES}/by_lumitrack_id`,
    {
      schema: {
        ...base,
        summary: 'The file requests holding any of several IDs, newest first',
        description: `IDs not found (or not readable) are left out; at most 500 requests. ${ID_TEXT} ${READS}`,
        body: IdFileRequestsByLumitrackIdBody,
        response: { 200: IdFileRequestList, ...ERRORS },
      },
    },
    async (req) =>
      lumitrack.fileRequestsOfIds(requireActor(req), req.body.lumitrackIds, req.body.isUserDefined),
  );

  app.get(
    `${FILES}/by_id/:id/file`,
    {
      config: { auth: 'optional' },
      exposeHeadRoute: false,
      onRequest: tokenInQuery,
      schema: {
        ...base,
        summary: 'Download the label file of a DONE request (a plain link: the token may be in `token`)',
        description:
          'A missing, invalid or expired token 401; a request the caller may not read 404 (403 for an inspector of ' +
          "an ID's site); not DONE 409; its file gone 404. Sent as an attachment named after the ID (one ID) or the " +
          'request, with the content type of its file (PDF, PNG or ZIP). Print at 100 % (actual size).',
        params: IdParams,
        querystring: IdFileDownloadQuery,
        response: { 200: FileBody, ...ERRORS },
      },
    },
    async (req, reply) => {
      return sendDownload(reply, await lumitrack.openFile(requireActor(req), req.params.id));
    },
  );

  app.get(
    `${LT}/files/preference`,
    {
      schema: {
        ...base,
        summary: "The caller's preferred QR label format (default PDF_LETTER)",
        description: 'Kept per user; POST .../files/requests uses it when payload.fileFormat is left out.',
        querystring: TenantQuery,
        response: { 200: LabelPreference, ...ERRORS },
      },
    },
    async (req) => lumitrack.preference(requireActor(req)),
  );

  app.put(
    `${LT}/files/preference`,
    {
      schema: {
        ...base,
        summary: "Keep the caller's preferred QR label format (PNG, PDF_A4 or PDF_LETTER)",
        description: 'Each user their own, Read-Only accounts too. Answers the format kept.',
        body: LabelPreference,
        response: { 200: LabelPreference, ...ERRORS },
      },
    },
    async (req) => lumitrack.setPreference(requireActor(req), req.body),
  );
};
