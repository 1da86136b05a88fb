import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActiveSchedulesQuery,
  AssociateWithMddBody,
  IdParams,
  OkResult,
  ReportCreateQuery,
  ReportFileParams,
  ReportFileQuery,
  ReportListByUserBody,
  ReportNodeList,
  ReportRequest,
  ReportRequestBody,
  ReportRequestList,
  ReportSchedule,
  ReportScheduleBody,
  ReportScheduleList,
  ReportSensorList,
  ReportTypeList,
  ScheduleToggleBody,
  SensorsByCjgQuery,
  SensorsByTenantGroupQuery,
  TenantGroupQuery,
  TenantWithActiveSchedulesList,
  TypesByCompanyQuery,
} from '@sitepulse/contracts';
import { REPORT_RANGE_MAX_MS } from '@sitepulse/domain';
import Type from 'typebox';
import { requireActor } from '../../lib/actor.ts';
import { tokenInQuery as downloadTokenHook, sendDownload } from '../../lib/download-token.ts';
import { AUTHED_ERRORS, BEARER } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

const RR = '/analytics/report/requests';

const WHO =
  'Readers of the job site (admin, editor, viewer, Read-Only accounts) may list, make, schedule and download its ' +
  "reports; an inspector there is refused (403), another company's or an ungranted site reads as 404. Only a " +
  "request's or schedule's owner, or an admin of its site, deletes a request or stops a schedule " +
  '(docs/decisions/reports.md).';

const FileBody = Type.Unsafe<Readable>({
  type: 'string',
  format: 'binary',
  description:
    'application/pdf, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet or text/csv',
});

/** Reports (spec section 7, issue 14): report requests, their schedules, and the files. */
export const reportsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { reports, auth } = services;
  const base = { tags: ['reports'], security: BEARER };

  const tokenInQuery = downloadTokenHook(auth);

  app.post(
    `${RR}/list/by_user`,
    {
      schema: {
        ...base,
        summary: "The caller's report requests, newest first",
        description: `Optionally of one job site (tenantGroupId) or one status; at most 500. ${WHO}`,
        body: ReportListByUserBody,
        response: { 200: ReportRequestList, ...AUTHED_ERRORS },
      },
    },
    async (req) => reports.listByUser(requireActor(req), req.body),
  );

  app.post(
    `${RR}/msj/by_job`,
    {
      schema: {
        ...base,
        summary: 'Ask for a report: stored NEW and answered at once (201); a worker makes its file',
        description:
          'The query `tenant` is the job site (tenant group) id. The list shows the request NEW, RUNNING, then DONE ' +
          '(download its fileName with GET /analytics/report/s3/file/{name}) or ERROR with a reason. The body names ' +
          'what the type needs: msjId for the job types, attributes.cjgId for the job group type, sensorIds, nodeIds ' +
          'or pairs for the others; each must be of that job site (400 otherwise). The range (from < to, at most ' +
          `${Math.round(REPORT_RANGE_MAX_MS / 86_400_000)} days) defaults to the job's whole run for job types, else the last ` +
          "24 h. Units, language and time zone default to the owner's settings. Recipients (e-mail delivery) must be " +
          `people who may see the site; with e-mail delivery and none named, the owner. ${WHO}`,
        querystring: ReportCreateQuery,
        body: ReportRequestBody,
        response: { 201: ReportRequest, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await reports.create(requireActor(req), req.query.tenant, req.body)),
  );

  app.post(
    `${RR}/cmd/associate_with_mdd`,
    {
      schema: {
        ...base,
        summary: 'Associate a report request with a data download (mddId)',
        description: `Records mddId on the request; answers it. The owner or a site admin. ${WHO}`,
        body: AssociateWithMddBody,
        response: { 200: ReportRequest, ...AUTHED_ERRORS },
      },
    },
    async (req) => reports.associateWithMdd(requireActor(req), req.body),
  );

  app.post(
    `${RR}/list/by_msjId/:id`,
    {
      schema: {
        ...base,
        summary: 'The report requests about one maturity job, newest first',
        description: `Anyone's requests of the job. ${WHO}`,
        params: IdParams,
        response: { 200: ReportRequestList, ...AUTHED_ERRORS },
      },
    },
    async (req) => reports.listByMsj(requireActor(req), req.params.id),
  );

  app.delete(
    `${RR}/by_rrId/:id`,
    {
      schema: {
        ...base,
        summary: 'Delete a report request and its file',
        description: `The owner or an admin of its job site; others 403. Answers { ok: true }. ${WHO}`,
        params: IdParams,
        response: { 200: OkResult, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      await reports.remove(requireActor(req), req.params.id);
      return { ok: true };
    },
  );

  app.get(
    `${RR}/types/by_company_id`,
    {
      schema: {
        ...base,
        summary: 'The report types the company may ask for, with their format and what each is about',
        description:
          'Types this server makes a file for: JOB (msjId), JOB_GROUP (cjgId), SENSORS (sensorIds, nodeIds or ' +
          'pairs); differential types compare pairs; downsampled (_DW) types hold one row per sensor per hour ' +
          '(average, min, max). Another company 403.',
        querystring: TypesByCompanyQuery,
        response: { 200: ReportTypeList, ...AUTHED_ERRORS },
      },
    },
    async (req) => reports.types(requireActor(req), req.query.companyId),
  );

  app.get(
    '/analytics/report/s3/file/:name',
    {
      config: { auth: 'optional' },
      exposeHeadRoute: false,
      onRequest: tokenInQuery,
      schema: {
        ...base,
        summary:
          'Download a report file (a plain link: the access token may be in the `token` query parameter)',
        description:
          "The name is the request's fileName. A missing, invalid or expired token 401; a name no DONE request of the " +
          "caller's company has, or whose file is gone, 404; only readers of the report's job site (an inspector " +
          'there 403). Sent as an attachment with the content type of its format.',
        params: ReportFileParams,
        querystring: ReportFileQuery,
        response: { 200: FileBody, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      return sendDownload(reply, await reports.openFile(requireActor(req), req.params.name));
    },
  );

  app.get(
    '/analytics/report/msj/sensors/by_cjg',
    {
      schema: {
        ...base,
        summary: "The sensors of a job group's jobs, for the report form",
        description: `blacklistSensorsOnly: only the blacklisted ones. Each with the maturity job it is on. ${WHO}`,
        querystring: SensorsByCjgQuery,
        response: { 200: ReportSensorList, ...AUTHED_ERRORS },
      },
    },
    async (req) =>
      reports.sensorsByJobGroup(requireActor(req), req.query.cjgId, req.query.blacklistSensorsOnly ?? false),
  );

  app.get(
    '/analytics/report/msj/sensors/by_tenant_group',
    {
      schema: {
        ...base,
        summary: "The sensors of a job site's nodes, for the report form",
        description: `blacklistSensorsOnly: only the blacklisted ones. Each with the maturity job it is on, if any. ${WHO}`,
        querystring: SensorsByTenantGroupQuery,
        response: { 200: ReportSensorList, ...AUTHED_ERRORS },
      },
    },
    async (req) =>
      reports.sensorsBySite(
        requireActor(req),
        req.query.tenantGroupId,
        req.query.blacklistSensorsOnly ?? false,
      ),
  );

  app.get(
    '/analytics/report/nodes/by_tenant_group',
    {
      schema: {
        ...base,
        summary: 'The nodes of a job site, with their sensor counts, for the report form',
        description: WHO,
        querystring: TenantGroupQuery,
        response: { 200: ReportNodeList, ...AUTHED_ERRORS },
      },
    },
    async (req) => reports.nodesBySite(requireActor(req), req.query.tenantGroupId),
  );

  app.post(
    `${RR}/schedules`,
    {
      schema: {
        ...base,
        summary:
          'Schedule a report: daily, weekly on chosen days, or monthly on a day, at a time in a time zone',
        description:
          'The request is checked as POST .../msj/by_job checks it (its from and to are ignored: each run covers ' +
          'the day, week or month before it). weekDays 0 (Sunday) .. 6 are needed for WEEKLY; monthDay 1..28 ' +
          '(default 1) for MONTHLY; timeZone an IANA zone (400 otherwise). Answers 201 with nextRunAt. A run fires ' +
          `once per occurrence even with several servers; occurrences missed while stopped are caught up once. ${WHO}`,
        body: ReportScheduleBody,
        response: { 201: ReportSchedule, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => reply.status(201).send(await reports.createSchedule(requireActor(req), req.body)),
  );

  app.get(
    `${RR}/schedules/tenants/with_active_rrs`,
    {
      schema: {
        ...base,
        summary: "The caller's job sites that have active report schedules, with how many",
        description: `tenantGroupId limits it to one site; tenantType (Concrete) is accepted. ${WHO}`,
        querystring: ActiveSchedulesQuery,
        response: { 200: TenantWithActiveSchedulesList, ...AUTHED_ERRORS },
      },
    },
    async (req) => reports.sitesWithActiveSchedules(requireActor(req), req.query.tenantGroupId),
  );

  app.get(
    `${RR}/schedules/by_tenant_group/with_latest_rr`,
    {
      schema: {
        ...base,
        summary: "A job site's report schedules, each with the latest report it made and its next run",
        description: WHO,
        querystring: TenantGroupQuery,
        response: { 200: ReportScheduleList, ...AUTHED_ERRORS },
      },
    },
    async (req) => reports.schedulesWithLatest(requireActor(req), req.query.tenantGroupId),
  );

  app.get(
    `${RR}/by_tenant_group`,
    {
      schema: {
        ...base,
        summary: "A job site's report requests (anyone's), newest first",
        description: `At most 500. ${WHO}`,
        querystring: TenantGroupQuery,
        response: { 200: ReportRequestList, ...AUTHED_ERRORS },
      },
    },
    async (req) => reports.listBySite(requireActor(req), req.query.tenantGroupId),
  );

  app.put(
    `${RR}/schedules/cmd/toggle/by_id`,
    {
      schema: {
        ...base,
        summary: 'Stop (isActive false) or restart a report schedule',
        description: `Stopped, it has no next run; restarted, its next run is computed from now. The owner or an admin of its site. ${WHO}`,
        body: ScheduleToggleBody,
        response: { 200: ReportSchedule, ...AUTHED_ERRORS },
      },
    },
    async (req) => reports.toggleSchedule(requireActor(req), req.body),
  );
};
