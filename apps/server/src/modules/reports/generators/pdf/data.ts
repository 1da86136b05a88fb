import type {
  JobForecast,
  JobSignoff,
  MaturityJobDetail,
  MaturityTimeSeries,
  MsjExtremity,
  MsjMeasurementTimeSeries,
} from '@sitepulse/contracts';
import { AOMS_MATURITY_STRENGTH_DISCLAIMER, projectDisplayName } from '@sitepulse/domain';
import { AppError } from '../../../../lib/errors.ts';
import { type ReportContext, ReportError } from '../types.ts';
import type { StoredLogo } from './logo.ts';
import type { PdfText } from './text.ts';

/** The most sensors one by_sids read takes (its contract's limit). */
const SIDS_PER_READ = 200;

/** Everything a job or pour report shows, read through the services the job page uses. */
export interface JobReportData {
  job: MaturityJobDetail;
  projectName: string | null;
  logo: StoredLogo | null;
  /** the period shown: the job's whole time, or the requested range within it */
  from: number;
  to: number;
  /** strength (and maturity) over time: POST /data/analytics/concrete/maturity/time */
  strength: MaturityTimeSeries;
  /** temperature of every sensor of the job (counted or not), avg/min/max per bucket */
  temperature: MsjMeasurementTimeSeries;
  /** the job's lowest and highest reading in the period (GET .../data/maturity/extremities) */
  extremities: MsjExtremity[];
  forecast: JobForecast;
  /** pour reports only */
  signoffs: JobSignoff[] | null;
  disclaimer: string;
  /**
   * false when the company's Concrete module spec has disable_maturity_strength (spec section 3): the report
   * then shows maturity only, with no strength figure, column, target, forecast nor curve.
   */
  strengthShown: boolean;
}

/** A service's "not found" or "no access" as the reason shown on the report list. */
async function orReason<T>(read: Promise<T>, reason: string): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 403))
      throw new ReportError(reason);
    throw err;
  }
}

/**
 * Reads the job through the owner's access. `wholeJob` takes the job's whole time (the job report);
 * otherwise the requested range, kept within the job's time (pour reports).
 */
export async function loadJobReport(
  ctx: ReportContext,
  t: PdfText,
  o: { wholeJob: boolean; signoffs: boolean },
): Promise<JobReportData> {
  const { services, actor, signal } = ctx;
  const msjId = ctx.request.msjId;
  if (msjId === null) throw new ReportError(t.noJob);
  const job = await orReason(services.maturity.details(actor, msjId), t.jobNotFound(msjId));
  if (job.kind !== 'MATURITY') throw new ReportError(t.notMaturity(msjId));
  if (job.startDate === null) throw new ReportError(t.notStarted(job.channelJobName));
  signal.throwIfAborted();

  const jobEnd = job.terminationDate ?? Date.now();
  const from = o.wholeJob ? job.startDate : Math.max(ctx.attributes.from, job.startDate);
  const to = o.wholeJob ? jobEnd : Math.min(ctx.attributes.to, jobEnd);
  if (from > to) throw new ReportError(t.outsideRange(job.channelJobName));

  const sensorIds = job.sensors.map((s) => s.sensorId);
  const temperatureReads: Promise<MsjMeasurementTimeSeries>[] = [];
  for (let i = 0; i < sensorIds.length; i += SIDS_PER_READ) {
    temperatureReads.push(
      services.maturity.measurementTimeBySids(actor, {
        msjId,
        sensorIds: sensorIds.slice(i, i + SIDS_PER_READ),
        from,
        to,
        exact: true,
      }),
    );
  }
  const [
    projects,
    assets,
    strength,
    temperatureParts,
    extremities,
    forecast,
    signoffs,
    disclaimer,
    strengthShown,
  ] = await Promise.all([
    services.jobsites.tenantsByGroup(actor, job.tenantGroupId),
    services.companies.listAssets(actor.companyId, actor.companyId, 'LOGO_IMG'),
    // The whole job reads as the job page's chart does (no range given); a pour report its period.
    services.maturity.maturityTime(actor, o.wholeJob ? { msjId } : { msjId, from, to }),
    Promise.all(temperatureReads),
    services.maturity.extremities(actor, { msjId, from, to }),
    services.forecast.forecast(actor, msjId),
    o.signoffs ? services.signoffs.list(actor, msjId) : Promise.resolve(null),
    services.resources
      .getText(AOMS_MATURITY_STRENGTH_DISCLAIMER, ctx.attributes.language)
      .then((r) => r.text)
      // The web app shows the stored text; without one, the same words kept in text.ts.
      .catch(() => t.disclaimer),
    services.companies.strengthShown(ctx.request.companyId),
  ]);
  signal.throwIfAborted();

  const project = projects.find((p) => p.id === job.tenant);
  const first = temperatureParts[0];
  const temperature: MsjMeasurementTimeSeries = first
    ? { ...first, series: temperatureParts.flatMap((p) => p.series) }
    : { bucket: '5min', bucketMs: 300_000, from, to, start: from, points: 0, series: [] };
  const logo = assets.find((a) => a.binVal);
  return {
    job,
    projectName: project ? projectDisplayName(project) : null,
    logo: logo ? { binVal: logo.binVal, mimeType: logo.mimeType } : null,
    from,
    to,
    strength,
    temperature,
    extremities,
    forecast,
    signoffs,
    disclaimer,
    strengthShown,
  };
}
