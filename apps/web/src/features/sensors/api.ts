/**
 * The calls of the job-site sensor screens. Every fetch passes the query's signal, so a cancelled request
 * never shows as an error; every key starts with jobs.site(id) or jobs.channel(id), so live updates
 * (api/live.ts) refresh what is on screen.
 */
import type { GpsJobDetail, SensorLatest, SensorStats, SeriesResponse } from '@sitepulse/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

const key = queryKeys.jobs.sensorPage;

/** A range as the calls take it: from (epoch ms) or the whole job time when undefined. */
type From = number | undefined;
const fromKey = (from: From) => from ?? 'job';

/** GET /data/warehouse/measurement/latest/by_job: each counted sensor's latest reading within the job time. */
export function useLatestByJob(jobId: number, enabled = true) {
  return useQuery({
    queryKey: key(jobId, 'latest'),
    queryFn: ({ signal }) =>
      apiFetch<SensorLatest[]>('/data/warehouse/measurement/latest/by_job', { signal, query: { jobId } }),
    enabled,
  });
}

/** GET /data/warehouse/measurement/average/by_job: count, average, min and max per sensor over the range. */
export function useStatsByJob(jobId: number, from: From, enabled = true) {
  return useQuery({
    queryKey: key(jobId, 'stats', fromKey(from)),
    queryFn: ({ signal }) =>
      apiFetch<SensorStats[]>('/data/warehouse/measurement/average/by_job', {
        signal,
        query: { jobId, from },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST /data/warehouse/measurement/time/by_job: every counted sensor's series over the range. */
export function useSeriesByJob(jobId: number, from: From, enabled = true) {
  return useQuery({
    queryKey: key(jobId, 'series', fromKey(from)),
    queryFn: ({ signal }) =>
      apiFetch<SeriesResponse>('/data/warehouse/measurement/time/by_job', {
        method: 'POST',
        signal,
        body: { jobId, from },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /data/warehouse/analytics/latest/by_job: the latest current, power and voltage of a job. */
export function usePowerLatest(jobId: number, enabled = true) {
  return useQuery({
    queryKey: key(jobId, 'powerLatest'),
    queryFn: ({ signal }) =>
      apiFetch<SensorLatest[]>('/data/warehouse/analytics/latest/by_job', { signal, query: { jobId } }),
    enabled,
  });
}

/** POST /data/warehouse/analytics/time/by_job: current, power and voltage over the range. */
export function usePowerSeries(jobId: number, from: From, enabled = true) {
  return useQuery({
    queryKey: key(jobId, 'powerSeries', fromKey(from)),
    queryFn: ({ signal }) =>
      apiFetch<SeriesResponse>('/data/warehouse/analytics/time/by_job', {
        method: 'POST',
        signal,
        body: { jobId, from },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /location/gps/jobs/details/{id}: a GPS job's track over the range, battery and signal. */
export function useGpsTrack(jobId: number, from: From, enabled = true) {
  return useQuery({
    queryKey: key(jobId, 'track', fromKey(from)),
    queryFn: ({ signal }) =>
      apiFetch<GpsJobDetail>(`/location/gps/jobs/details/${jobId}`, { signal, query: { from } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
