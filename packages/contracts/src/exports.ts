import Type from 'typebox';
import { id } from './common.ts';

/**
 * Query of the file download links (spec section 7). They are plain links, so the access token
 * may come in `token`. Rows are raw readings, one per sensor and time, sorted by sensor then time.
 */
export const ExportFileQuery = Type.Object({
  token: Type.Optional(Type.String({ description: 'access token (instead of the Authorization header)' })),
  jobId: Type.Optional(id({ description: 'the job whose sensors to export' })),
  sensorIds: Type.Optional(
    Type.String({
      pattern: '^[0-9]+(,[0-9]+){0,199}$',
      description: 'comma-separated sensor ids (instead of, or within, the job)',
    }),
  ),
  customFilename: Type.Optional(Type.String({ maxLength: 200 })),
  from: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 8640000000000000,
      description: 'epoch ms (default: the job start, else all)',
    }),
  ),
  to: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 8640000000000000,
      description: 'epoch ms, inclusive (default: the job end, else now)',
    }),
  ),
  format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { default: 'csv' }),
  timezone: Type.String({ default: 'UTC', maxLength: 64, description: 'IANA zone the times are written in' }),
  sortdir: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' }),
  system: Type.Union([Type.Literal('Metric'), Type.Literal('Imperial')], { default: 'Metric' }),
  tenant: Type.Optional(Type.String()),
});
export type ExportFileQuery = Type.Static<typeof ExportFileQuery>;
