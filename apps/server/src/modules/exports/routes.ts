import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ExportFileQuery } from '@sitepulse/contracts';
import { DOWNLOAD_PATHS } from '@sitepulse/domain';
import Type from 'typebox';
import { requireActor } from '../../lib/actor.ts';
import { tokenInQuery as downloadTokenHook } from '../../lib/download-token.ts';
import { AUTHED_ERRORS, BEARER } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';
import { MEASUREMENT_FILES, type MeasurementFile } from './service.ts';

const FILE_DOC =
  'A plain download link: the access token may come in the `token` query parameter instead of the ' +
  'Authorization header (a missing, invalid or expired token answers 401). `format` csv (UTF-8 with BOM) ' +
  'or xlsx; times are written twice: in `timezone` as `YYYY-MM-DD hh:mm:ss A`, and as ISO 8601 UTC. ' +
  'Rows are raw readings sorted by sensor id, then by time (`sortdir`); values in `system` units. ' +
  'The file streams for any range. `customFilename` is sanitised and given the right extension.';

/** The 200 body: the file itself (documented as binary; a stream is sent as it is, never serialised). */
const FileBody = Type.Unsafe<Readable>({
  type: 'string',
  format: 'binary',
  description:
    'text/csv or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, as an attachment',
});

/** File download links: CSV and Excel exports that stream (spec section 7). */
export const exportsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { auth, exports: files } = services;
  const base = { tags: ['files'], security: BEARER };

  const tokenInQuery = downloadTokenHook(auth);

  for (const file of Object.keys(MEASUREMENT_FILES) as MeasurementFile[]) {
    const path = `/data/measurement/${file}/file`;
    app.get(
      path,
      {
        config: { auth: 'optional' },
        exposeHeadRoute: false,
        onRequest: tokenInQuery,
        schema: {
          ...base,
          summary: `${MEASUREMENT_FILES[file]} readings of a job (jobId) or of sensors (sensorIds), as CSV or Excel`,
          description: `${FILE_DOC} With jobId the range is kept within the job's time and its blacklisted or decommissioned sensors are left out unless named in sensorIds.`,
          querystring: ExportFileQuery,
          response: { 200: FileBody, ...AUTHED_ERRORS },
        },
      },
      async (req, reply) => {
        const plan = await files.planMeasurement(requireActor(req), file, req.query);
        const { headers, body } = files.open(plan, req.query.format);
        return reply.headers(headers).send(body);
      },
    );
  }

  app.get(
    DOWNLOAD_PATHS.maturity,
    {
      config: { auth: 'optional' },
      exposeHeadRoute: false,
      onRequest: tokenInQuery,
      schema: {
        ...base,
        summary: "Maturity and strength over time of a maturity job's temperature sensors, as CSV or Excel",
        description: `${FILE_DOC} One row per reading from the job's start: temperature, maturity (Nurse-Saul, datum of the job's profile), equivalent age and strength by the job's profile (empty without a profile), each as the domain functions compute them over the readings up to that row.`,
        querystring: ExportFileQuery,
        response: { 200: FileBody, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      const plan = await files.planMaturity(requireActor(req), req.query);
      const { headers, body } = files.open(plan, req.query.format);
      return reply.headers(headers).send(body);
    },
  );
};
